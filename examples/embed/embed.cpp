//===- embed.cpp - slice inside another compiler --------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What a compiler that embeds slice does, start to end, with the C++ API:
//   1. a context from a registry holding exactly what the slice pipelines
//      need (registerPipelineDependencies);
//   2. a module with one function holding slice.strided, built from a
//      Python-style description of the slice (parsePythonSlice and the op's
//      inferring builder);
//   3. canonicalize and the CPU pipeline in a PassManager of its own
//      (buildSliceToLLVMPipeline);
//   4. either JIT-compiled with mlir::ExecutionEngine and called on an iota
//      input, every element checked against the semantics library's answer
//      (the flat input index of each selected element), or, with
//      --emit-llvm, translated to LLVM IR for an ahead-of-time build.
// With --gpu, step 3 runs the GPU pipeline (buildSliceToNVVMPipeline,
// kernels as PTX) and step 4 calls the JIT-compiled host code with device
// buffers this program allocates through the slice CUDA runtime, whose
// functions it hands to the JIT: the input is copied to the device, the
// result's elements are read back from it, and the device input must be
// left intact. --view asks for slices as views instead of dense copies.
// With --stablehlo, step 2 instead parses what JAX exports for
// x[::-1, 1:5:2] on 6x8 (stablehlo.slice + stablehlo.reverse, generic form,
// the context allowing unregistered dialects) and converts it with the
// front door's patterns (populateStablehloToSlicePatterns) in a greedy
// driver of its own, next to where its own patterns would go.
//
// Usage: slice-embed [--gpu] [--view] [--stablehlo] [--emit-llvm FILE]
//                    [SLICE [D0xD1x...]]
//        default SLICE "1:5:2, ::-1, newaxis" on 6x8.
// The function is `@slice` (`_mlir_ciface_slice` from C,
// docs/calling-convention.md). Exit status 0 when all is right.
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/FrameworksToSlice/FrameworksToSlice.h"
#include "Slice/IR/SliceOps.h"
#include "Slice/InitSlice.h"
#include "Slice/Semantics/Semantics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#ifdef SLICE_EMBED_JIT
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/TargetSelect.h"
#endif
#ifdef SLICE_EMBED_GPU
#include "SliceCudaRuntime.h"
#endif

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace mlir;

// A memref descriptor of any rank up to 8, as the C interface passes it.
struct Descriptor {
  float *allocated, *aligned;
  int64_t offset;
  int64_t sizesAndStrides[16];
};

/// JAX's x[::-1, 1:5:2] on 6x8 as it exports it: a positive-stride slice,
/// then a reversal.
static const char *kJaxModule = R"mlir(
func.func @slice(%x: tensor<6x8xf32>) -> tensor<6x2xf32>
    attributes {llvm.emit_c_interface} {
  %0 = "stablehlo.slice"(%x) <{limit_indices = array<i64: 6, 5>,
      start_indices = array<i64: 0, 1>, strides = array<i64: 1, 2>}>
      : (tensor<6x8xf32>) -> tensor<6x2xf32>
  %1 = "stablehlo.reverse"(%0) <{dimensions = array<i64: 0>}>
      : (tensor<6x2xf32>) -> tensor<6x2xf32>
  return %1 : tensor<6x2xf32>
}
)mlir";

/// Writes the LLVM IR of the lowered `module` to `path`.
static int emitLLVM(ModuleOp module, StringRef path) {
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule) {
    llvm::errs() << "cannot translate the module to LLVM IR\n";
    return 1;
  }
  std::error_code error;
  llvm::raw_fd_ostream out(path, error, llvm::sys::fs::OF_Text);
  if (error) {
    llvm::errs() << "cannot write " << path << ": " << error.message() << "\n";
    return 1;
  }
  llvmModule->print(out, nullptr);
  llvm::outs() << "wrote " << path << "\n";
  return 0;
}

#ifdef SLICE_EMBED_JIT
/// Where the function's buffers live: the host's memory, or a GPU's, which
/// the program reaches only through copies.
struct Memory {
  bool device = false;

  /// A buffer holding `values`.
  float *place(const std::vector<float> &values) const {
    size_t bytes = values.size() * sizeof(float);
    if (!device) {
      auto *buffer = static_cast<float *>(malloc(bytes));
      memcpy(buffer, values.data(), bytes);
      return buffer;
    }
#ifdef SLICE_EMBED_GPU
    auto *buffer = static_cast<float *>(mgpuMemAlloc(bytes, nullptr, false));
    sliceCudaCopy(buffer, values.data(), bytes);
    return buffer;
#else
    return nullptr;
#endif
  }
  /// Element `at` of `buffer`.
  float read(const float *buffer, int64_t at) const {
    if (!device)
      return buffer[at];
    float value = 0;
#ifdef SLICE_EMBED_GPU
    sliceCudaCopy(&value, buffer + at, sizeof(float));
#endif
    return value;
  }
  void release(float *buffer) const {
    if (!device) {
      free(buffer);
      return;
    }
#ifdef SLICE_EMBED_GPU
    mgpuMemFree(buffer, nullptr);
#endif
  }
};

#ifdef SLICE_EMBED_GPU
/// Hands the slice CUDA runtime, linked into this program, to the JIT: the
/// host code of --slice-to-nvvm calls these (upstream's gpu-to-llvm names).
static void registerCudaRuntime(ExecutionEngine &engine) {
  engine.registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    auto add = [&](const char *name, auto *function) {
      symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(function),
                                 llvm::JITSymbolFlags::Exported};
    };
    add("mgpuModuleLoad", &mgpuModuleLoad);
    add("mgpuModuleLoadJIT", &mgpuModuleLoadJIT);
    add("mgpuModuleUnload", &mgpuModuleUnload);
    add("mgpuModuleGetFunction", &mgpuModuleGetFunction);
    add("mgpuLaunchKernel", &mgpuLaunchKernel);
    add("mgpuStreamCreate", &mgpuStreamCreate);
    add("mgpuStreamDestroy", &mgpuStreamDestroy);
    add("mgpuStreamSynchronize", &mgpuStreamSynchronize);
    add("mgpuStreamWaitEvent", &mgpuStreamWaitEvent);
    add("mgpuEventCreate", &mgpuEventCreate);
    add("mgpuEventDestroy", &mgpuEventDestroy);
    add("mgpuEventSynchronize", &mgpuEventSynchronize);
    add("mgpuEventRecord", &mgpuEventRecord);
    add("mgpuMemAlloc", &mgpuMemAlloc);
    add("mgpuMemFree", &mgpuMemFree);
    add("mgpuMemcpy", &mgpuMemcpy);
    add("mgpuMemset32", &mgpuMemset32);
    add("mgpuMemset16", &mgpuMemset16);
    add("mgpuMemHostRegister", &mgpuMemHostRegister);
    add("mgpuMemHostUnregister", &mgpuMemHostUnregister);
    add("mgpuMemHostRegisterMemRef", &mgpuMemHostRegisterMemRef);
    add("mgpuMemHostUnregisterMemRef", &mgpuMemHostUnregisterMemRef);
    add("mgpuSetDefaultDevice", &mgpuSetDefaultDevice);
    return symbols;
  });
}
#endif

/// JIT-compiles `module`, calls @slice on an iota of `shape` held in
/// `memory` and checks the result against the semantics library.
static int runAndCheck(ModuleOp module, const slice::SparseSliceSpec &spec,
                       ArrayRef<int64_t> shape, size_t rank,
                       StringRef description, const Memory &memory) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto engine = ExecutionEngine::create(module);
  if (!engine) {
    llvm::errs() << "JIT: " << llvm::toString(engine.takeError()) << "\n";
    return 1;
  }
#ifdef SLICE_EMBED_GPU
  if (memory.device)
    registerCudaRuntime(**engine);
#endif
  // Runs the global constructors: the GPU code's load its kernels.
  (*engine)->initialize();
  auto entry = (*engine)->lookup("_mlir_ciface_slice");
  if (!entry) {
    llvm::errs() << "JIT: " << llvm::toString(entry.takeError()) << "\n";
    return 1;
  }
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  std::vector<float> iota(count);
  for (int64_t i = 0; i < count; ++i)
    iota[i] = float(i);
  float *input = memory.place(iota);
  Descriptor in{input, input, 0, {}}, out{};
  int64_t stride = 1;
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    in.sizesAndStrides[d] = shape[d];
    in.sizesAndStrides[shape.size() + d] = stride;
    stride *= shape[d];
  }
  reinterpret_cast<void (*)(Descriptor *, Descriptor *)>(*entry)(&out, &in);

  std::string error;
  std::optional<slice::ResolvedSlice> resolved = slice::resolveStridedSlice(
      spec, SmallVector<slice::MaybeInt>(shape.begin(), shape.end()), error);
  std::vector<int64_t> expected;
  slice::forEachSelectedIndex(*resolved, shape,
                              [&](int64_t i) { expected.push_back(i); });
  // The result's shape from its descriptor (its type may be dynamic).
  ArrayRef<int64_t> outShape(out.sizesAndStrides, rank);
  SmallVector<int64_t> index(rank, 0);
  size_t mismatches = 0;
  llvm::outs() << description << ":";
  for (size_t k = 0; k < expected.size(); ++k) {
    int64_t at = out.offset;
    for (size_t d = 0; d < rank; ++d)
      at += index[d] * out.sizesAndStrides[rank + d];
    float value = memory.read(out.aligned, at);
    llvm::outs() << " " << int64_t(value);
    if (value != float(expected[k]))
      ++mismatches;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < outShape[d])
        break;
      index[d] = 0;
    }
  }
  bool intact = true;
  for (int64_t i = 0; i < count; ++i)
    intact &= memory.read(input, i) == float(i);
  bool view = out.allocated == input;
  llvm::outs() << "\n"
               << (mismatches || !intact ? "MISMATCH: " : "ok: ")
               << expected.size() << " elements, " << mismatches
               << " differ from the semantics library, input "
               << (intact ? "intact" : "WRITTEN") << ", result "
               << (view ? "a view of the input" : "a fresh buffer") << "\n";
  // The calling convention: a result is a view of the argument (the same
  // allocated pointer) or a fresh buffer the caller frees.
  if (!view)
    memory.release(out.allocated);
  memory.release(input);
  return mismatches || !intact ? 1 : 0;
}
#endif

/// Steps 3 and 4: canonicalize and the CPU or GPU pipeline, then emit LLVM
/// IR or JIT, call and check.
static int lowerAndRun(ModuleOp module, MLIRContext &context,
                       const slice::SparseSliceSpec &spec,
                       ArrayRef<int64_t> shape, size_t rank, bool gpu,
                       bool view, const std::string &llvmPath,
                       const std::string &description) {
  // 3. Canonicalize, then the CPU or the GPU pipeline (dense results,
  // slices=copy, unless --view).
  PassManager pm(&context);
  pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
  slice::SliceLowering slices =
      view ? slice::SliceLowering::View : slice::SliceLowering::Copy;
  if (gpu) {
    // Kernels as PTX text: no CUDA toolkit needed to build them, the
    // driver compiles them when the module loads.
    slice::SliceToNVVMOptions options;
    options.slices = slices;
    options.format = "isa";
    slice::buildSliceToNVVMPipeline(pm, options);
  } else {
    slice::SliceToLLVMOptions options;
    options.slices = slices;
    slice::buildSliceToLLVMPipeline(pm, options);
  }
  if (failed(pm.run(module))) {
    llvm::errs() << "the pipeline failed\n";
    return 1;
  }

  // 4. Ahead of time, or JIT, call and check.
  if (!llvmPath.empty())
    return emitLLVM(module, llvmPath);
#ifdef SLICE_EMBED_JIT
  Memory memory;
  memory.device = gpu;
  return runAndCheck(module, spec, shape, rank, description, memory);
#else
  llvm::errs() << "this build has no JIT (mlir::ExecutionEngine): use "
                  "--emit-llvm\n";
  return 1;
#endif
}

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string llvmPath;
  bool gpu = false, view = false, stablehlo = false;
  while (!args.empty() && StringRef(args[0]).starts_with("--")) {
    if (args[0] == "--gpu") {
      gpu = true;
    } else if (args[0] == "--view") {
      view = true;
    } else if (args[0] == "--stablehlo") {
      stablehlo = true;
    } else if (args[0] == "--emit-llvm" && args.size() >= 2) {
      llvmPath = args[1];
      args.erase(args.begin());
    } else {
      llvm::errs() << "unknown option " << args[0] << "\n";
      return 2;
    }
    args.erase(args.begin());
  }
#ifndef SLICE_EMBED_GPU
  if (gpu && llvmPath.empty()) {
    llvm::errs() << "this build has no slice CUDA runtime to run GPU code "
                    "with: use --emit-llvm\n";
    return 1;
  }
#endif
  std::string text = stablehlo         ? "::-1, 1:5:2"
                     : args.size() > 0 ? args[0]
                                       : "1:5:2, ::-1, newaxis";
  std::string shapeText = !stablehlo && args.size() > 1 ? args[1] : "6x8";
  SmallVector<int64_t> shape;
  for (StringRef dim : llvm::split(shapeText, 'x'))
    shape.push_back(std::stoll(dim.str()));

  // 1. The context: exactly what the pipelines need.
  DialectRegistry registry;
  slice::registerPipelineDependencies(registry);
  MLIRContext context(registry);
  context.loadDialect<slice::SliceDialect, func::FuncDialect>();

  // 2. The module: func @slice(%x: tensor<6x8xf32>) -> tensor<...>.
  std::string error;
  std::optional<slice::SparseSliceSpec> spec =
      slice::parsePythonSlice(text, error);
  if (!spec) {
    llvm::errs() << "bad slice '" << text << "': " << error << "\n";
    return 1;
  }
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
  if (stablehlo) {
    // The framework's ops are not registered here: the front door matches
    // them by name.
    context.allowUnregisteredDialects();
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kJaxModule, &context);
    if (!module)
      return 1;
    RewritePatternSet patterns(&context);
    slice::populateStablehloToSlicePatterns(patterns);
    // (An embedder adds its own patterns for the same ops here.)
    if (failed(applyPatternsGreedily(*module, std::move(patterns))))
      return 1;
    llvm::outs() << "converted:\n" << *module << "\n";
    return lowerAndRun(*module, context, *spec, shape, 2, gpu, view, llvmPath,
                       "JAX x[" + text + "] of a " + shapeText +
                           (gpu ? " iota in device memory" : " iota"));
  }
  // Owned: the module is erased when `module` goes out of scope.
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  auto inputType = RankedTensorType::get(shape, builder.getF32Type());
  std::optional<RankedTensorType> resultType =
      slice::StridedOp::inferResultType(inputType, *spec, error);
  if (!resultType) {
    llvm::errs() << "x[" << text << "] is invalid for " << inputType << ": "
                 << error << "\n";
    return 1;
  }
  auto function =
      func::FuncOp::create(builder, loc, "slice",
                           builder.getFunctionType({inputType}, {*resultType}));
  function->setAttr("llvm.emit_c_interface", builder.getUnitAttr());
  builder.setInsertionPointToStart(function.addEntryBlock());
  auto entries = [&](ArrayRef<slice::MaybeInt> values) {
    SmallVector<OpFoldResult> result;
    for (slice::MaybeInt value : values)
      result.push_back(builder.getI64IntegerAttr(*value));
    return result;
  };
  auto op = slice::StridedOp::create(builder, loc, function.getArgument(0),
                                     entries(spec->begin), entries(spec->end),
                                     entries(spec->strides), spec->masks);
  // The op's own type: it is the spec's unless an entry cannot be static.
  function.setType(
      builder.getFunctionType({inputType}, {op.getResult().getType()}));
  func::ReturnOp::create(builder, loc, op.getResult());
  llvm::outs() << "built:\n" << *module << "\n";
  if (failed(module->verify()))
    return 1;

  return lowerAndRun(*module, context, *spec, shape, resultType->getRank(), gpu,
                     view, llvmPath,
                     "x[" + text + "] of a " + shapeText +
                         (gpu ? " iota in device memory" : " iota"));
}
