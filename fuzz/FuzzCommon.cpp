//===- FuzzCommon.cpp - What both slice fuzz targets share ----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "Slice/IR/SliceOps.h"
#include "Slice/InitSlice.h"
#include "Slice/Pipelines/Pipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;

namespace slice_fuzz {

/// What the pipelines need, and nothing more: the fuzzers check that too.
static const DialectRegistry &registry() {
  static const DialectRegistry *registry = [] {
    auto *result = new DialectRegistry;
    slice::registerPipelineDependencies(*result);
    return result;
  }();
  return *registry;
}

std::unique_ptr<MLIRContext> makeContext(bool onlySliceDialects) {
  DialectRegistry sliceOnly;
  sliceOnly
      .insert<func::FuncDialect, arith::ArithDialect, tensor::TensorDialect>();
  slice::registerSliceDialect(sliceOnly);
  auto context =
      std::make_unique<MLIRContext>(onlySliceDialects ? sliceOnly : registry(),
                                    MLIRContext::Threading::DISABLED);
  context->loadDialect<slice::SliceDialect, func::FuncDialect,
                       arith::ArithDialect>();
  return context;
}

DiagnosticCollector::DiagnosticCollector(MLIRContext &context)
    : context(context) {
  id = context.getDiagEngine().registerHandler([this](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error) {
      llvm::raw_string_ostream os(text);
      os << diag.getLocation() << ": " << diag << "\n";
    }
    return success();
  });
}

DiagnosticCollector::~DiagnosticCollector() {
  context.getDiagEngine().eraseHandler(id);
}

void fail(const llvm::Twine &what, const DiagnosticCollector &diagnostics,
          Operation *module) {
  llvm::errs() << "slice-fuzz: check failed: " << what << "\n";
  if (!diagnostics.empty())
    llvm::errs() << "diagnostics:\n" << diagnostics.errors();
  if (module)
    llvm::errs() << "module:\n" << *module << "\n";
  llvm::errs().flush();
  std::abort();
}

static std::string print(Operation *op, bool generic) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  op->print(os, flags);
  return text;
}

/// Printing, parsing back and printing again gives the same text, in the
/// custom and in the generic form.
static void checkRoundTrip(ModuleOp module, DiagnosticCollector &diags) {
  std::string custom = print(module, /*generic=*/false);
  for (bool generic : {false, true}) {
    std::string text = generic ? print(module, true) : custom;
    OwningOpRef<ModuleOp> reparsed =
        parseSourceString<ModuleOp>(text, module.getContext());
    if (!reparsed)
      fail(llvm::Twine("the printed ") + (generic ? "generic" : "custom") +
               " form does not parse back:\n" + text,
           diags);
    std::string again = print(*reparsed, /*generic=*/false);
    if (again != custom)
      fail("printing the parsed " +
               llvm::Twine(generic ? "generic" : "custom") +
               " form changes it:\n" + custom + "\nbecame\n" + again,
           diags);
  }
}

/// Adds the namespaces of the dialect attributes in `attr` (nested
/// dictionaries and arrays included) to `namespaces`.
static void collectAttributeDialects(Attribute attr,
                                     llvm::StringSet<> &namespaces) {
  if (auto dict = dyn_cast<DictionaryAttr>(attr)) {
    for (NamedAttribute named : dict) {
      StringRef ns = named.getName().strref().split('.').first;
      if (ns != named.getName().strref())
        namespaces.insert(ns);
      collectAttributeDialects(named.getValue(), namespaces);
    }
  } else if (auto array = dyn_cast<ArrayAttr>(attr)) {
    for (Attribute element : array)
      collectAttributeDialects(element, namespaces);
  }
}

/// Whether `module` still verifies once the dialects its attributes name
/// (`bufferization.writable` on an argument, say) are loaded from the full
/// registry. Parsed with slice's dialects only, a dialect attribute of an
/// unloaded dialect is not checked; once that dialect is loaded it may be
/// rejected (an unknown `bufferization.*` name), which makes the module
/// invalid for the pipelines: not a slice bug, and the input is skipped.
static bool verifiesWithAttributeDialects(ModuleOp module) {
  llvm::StringSet<> namespaces;
  module.walk([&](Operation *op) {
    collectAttributeDialects(op->getAttrDictionary(), namespaces);
  });
  MLIRContext *context = module.getContext();
  for (const auto &ns : namespaces)
    context->getOrLoadDialect(ns.getKey());
  ScopedDiagnosticHandler silence(context,
                                  [](Diagnostic &) { return success(); });
  return succeeded(verify(module));
}

void checkAcceptedModule(ModuleOp module, DiagnosticCollector &diags,
                         Lowering lowering) {
  checkRoundTrip(module, diags);
  module.getContext()->appendDialectRegistry(registry());
  if (!verifiesWithAttributeDialects(module))
    return;

  // canonicalize and normalize: the pass manager verifies after each pass.
  {
    OwningOpRef<ModuleOp> copy = module.clone();
    PassManager pm(module.getContext());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(slice::createSliceNormalize());
    pm.addPass(createCanonicalizerPass());
    if (failed(pm.run(*copy)))
      fail("canonicalize / slice-normalize failed on a verified module", diags,
           module);
    checkRoundTrip(*copy, diags);
  }

  // Both pipelines lower every verified module to the LLVM dialect (and,
  // for the GPU, kernels serialized into gpu.binary ops).
  if (!onlySliceFunctions(module))
    return;
  OwningOpRef<ModuleOp> copy = module.clone();
  PassManager pm(module.getContext());
  slice::SliceLowering slices =
      lowering.copies ? slice::SliceLowering::Copy : slice::SliceLowering::View;
  std::string name = lowering.gpu ? "--slice-to-nvvm" : "--slice-to-llvm";
  if (lowering.gpu) {
    slice::SliceToNVVMOptions options;
    options.slices = slices;
    options.format = "isa";
    slice::buildSliceToNVVMPipeline(pm, options);
  } else {
    slice::SliceToLLVMOptions options;
    options.slices = slices;
    slice::buildSliceToLLVMPipeline(pm, options);
  }
  if (failed(pm.run(*copy)))
    fail(name + " failed on a verified module", diags, module);
  // The GPU pipeline leaves its kernels as gpu.binary and their launches
  // as gpu.launch_func on LLVM values, which the LLVM IR translation turns
  // into runtime calls.
  copy->walk([&](Operation *op) {
    if (op != copy->getOperation() &&
        !isa<LLVM::LLVMDialect>(op->getDialect()) &&
        !isa<gpu::BinaryOp, gpu::LaunchFuncOp>(op))
      fail(name + " left " + op->getName().getStringRef() + " behind", diags,
           *copy);
  });
  // And the result translates to LLVM IR (what mlir-translate and the
  // ExecutionEngine do next).
  llvm::LLVMContext llvmContext;
  if (!translateModuleToLLVMIR(*copy, llvmContext))
    fail(name + "'s output does not translate to LLVM IR", diags, *copy);
}

static bool isLowerableType(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return type.isIntOrIndexOrFloat();
  return !tensor.getEncoding() && tensor.getElementType().isIntOrIndexOrFloat();
}

bool onlySliceFunctions(ModuleOp module) {
  bool only = true;
  module.walk([&](Operation *op) {
    if (op == module.getOperation())
      return WalkResult::advance();
    auto constant = dyn_cast<arith::ConstantOp>(op);
    if (!isa<slice::StridedOp, slice::StridedAxesOp, slice::StridedUpdateOp,
             slice::StridedAxesUpdateOp, func::FuncOp, func::ReturnOp,
             func::CallOp, arith::ConstantOp>(op) ||
        (constant && !isa<IntegerAttr, FloatAttr>(constant.getValue()))) {
      only = false;
      return WalkResult::interrupt();
    }
    for (Type type : op->getResultTypes())
      if (!isLowerableType(type))
        only = false;
    for (Type type : op->getOperandTypes())
      if (!isLowerableType(type))
        only = false;
    if (auto function = dyn_cast<func::FuncOp>(op))
      for (Type type : llvm::concat<const Type>(function.getArgumentTypes(),
                                                function.getResultTypes()))
        if (!isLowerableType(type))
          only = false;
    return only ? WalkResult::advance() : WalkResult::interrupt();
  });
  return only;
}

} // namespace slice_fuzz
