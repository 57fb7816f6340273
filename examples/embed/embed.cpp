//===- embed.cpp - slice inside another compiler --------------------------===//
//
// What a compiler that embeds slice does, start to end, with the C++ API:
//   1. builds a module with one function holding slice.strided, created from
//      a Python-style description of the slice (parsePythonSlice and the
//      op's inferring builder);
//   2. runs canonicalize and the CPU pipeline programmatically
//      (buildSliceToLLVMPipeline);
//   3. JIT-compiles it with mlir::ExecutionEngine, calls it on an iota
//      input and checks every element against the semantics library's
//      answer (the flat input index of each selected element).
//
// Usage: slice-embed [SLICE [D0xD1x...]]   default "1:5:2, ::-1, newaxis" on 6x8
// Exit status 0 when the result is right.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceOps.h"
#include "Slice/InitSlice.h"
#include "Slice/Utils/StridedSliceSemantics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>
#include <vector>

using namespace mlir;

// A memref descriptor of any rank up to 8, as the C interface passes it.
struct Descriptor {
  float *allocated, *aligned;
  int64_t offset;
  int64_t sizesAndStrides[16];
};

int main(int argc, char **argv) {
  std::string text = argc > 1 ? argv[1] : "1:5:2, ::-1, newaxis";
  std::string shapeText = argc > 2 ? argv[2] : "6x8";
  SmallVector<int64_t> shape;
  for (StringRef dim : llvm::split(shapeText, 'x'))
    shape.push_back(std::stoll(dim.str()));

  // 1. The module: func @slice(%x: tensor<6x8xf32>) -> tensor<...>.
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  slice::registerSliceDialect(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::string error;
  std::optional<slice::SparseSliceSpec> spec =
      slice::parsePythonSlice(text, error);
  if (!spec) {
    llvm::errs() << "bad slice '" << text << "': " << error << "\n";
    return 1;
  }
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
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
  auto function = func::FuncOp::create(
      builder, loc, "slice",
      builder.getFunctionType({inputType}, {*resultType}));
  function->setAttr("llvm.emit_c_interface", builder.getUnitAttr());
  builder.setInsertionPointToStart(function.addEntryBlock());
  auto entries = [&](ArrayRef<slice::MaybeInt> values) {
    SmallVector<OpFoldResult> result;
    for (slice::MaybeInt value : values)
      result.push_back(builder.getI64IntegerAttr(*value));
    return result;
  };
  auto op = slice::StridedOp::create(
      builder, loc, function.getArgument(0), entries(spec->begin),
      entries(spec->end), entries(spec->strides), spec->masks);
  // The op's own type: an INT64_MIN entry is an SSA constant there (the
  // static value marks dynamic entries), so its result may be less static
  // than the spec's.
  function.setType(
      builder.getFunctionType({inputType}, {op.getResult().getType()}));
  func::ReturnOp::create(builder, loc, op.getResult());
  llvm::outs() << "built:\n" << *module << "\n";
  if (failed(module->verify()))
    return 1;

  // 2. Canonicalize, then the CPU pipeline (dense results: slices=copy).
  PassManager pm(&context);
  pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
  slice::SliceToLLVMOptions options;
  options.slices = slice::SliceLowering::Copy;
  slice::buildSliceToLLVMPipeline(pm, options);
  if (failed(pm.run(*module))) {
    llvm::errs() << "the pipeline failed\n";
    return 1;
  }

  // 3. JIT, call, check.
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto engine = ExecutionEngine::create(*module);
  if (!engine) {
    llvm::errs() << "JIT: " << llvm::toString(engine.takeError()) << "\n";
    return 1;
  }
  auto entry = (*engine)->lookup("_mlir_ciface_slice");
  if (!entry) {
    llvm::errs() << "JIT: " << llvm::toString(entry.takeError()) << "\n";
    return 1;
  }
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  std::vector<float> input(count);
  for (int64_t i = 0; i < count; ++i)
    input[i] = float(i);
  Descriptor in{input.data(), input.data(), 0, {}}, out{};
  int64_t stride = 1;
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    in.sizesAndStrides[d] = shape[d];
    in.sizesAndStrides[shape.size() + d] = stride;
    stride *= shape[d];
  }
  reinterpret_cast<void (*)(Descriptor *, Descriptor *)>(*entry)(&out, &in);

  std::optional<slice::ResolvedSlice> resolved = slice::resolveStridedSlice(
      *spec, SmallVector<slice::MaybeInt>(shape.begin(), shape.end()), error);
  std::vector<int64_t> expected;
  slice::forEachSelectedIndex(*resolved, shape,
                              [&](int64_t i) { expected.push_back(i); });
  // The result's shape from its descriptor (its type may be dynamic).
  size_t rank = resultType->getRank();
  ArrayRef<int64_t> outShape(out.sizesAndStrides, rank);
  SmallVector<int64_t> index(rank, 0);
  size_t mismatches = 0;
  llvm::outs() << "x[" << text << "] of a " << shapeText << " iota:";
  for (size_t k = 0; k < expected.size(); ++k) {
    int64_t at = out.offset;
    for (size_t d = 0; d < rank; ++d)
      at += index[d] * out.sizesAndStrides[rank + d];
    float value = out.aligned[at];
    llvm::outs() << " " << int64_t(value);
    if (value != float(expected[k]))
      ++mismatches;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < outShape[d])
        break;
      index[d] = 0;
    }
  }
  llvm::outs() << "\n"
               << (mismatches ? "MISMATCH: " : "ok: ") << expected.size()
               << " elements, " << mismatches
               << " differ from the semantics library\n";
  if (out.allocated != input.data())
    free(out.allocated);
  return mismatches ? 1 : 0;
}
