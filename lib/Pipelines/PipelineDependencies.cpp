//===- PipelineDependencies.cpp - What the slice pipelines need -----------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The dialects, external models and LLVM IR translations that
// `--slice-to-llvm` and `--slice-to-nvvm` use, registered by one call
// (`registerPipelineDependencies`), and the check that the pipelines run
// first, so that an embedder who forgot it gets a diagnostic naming what is
// missing instead of "op was not bufferized" with no location.
//
//===----------------------------------------------------------------------===//

#include "PipelineStages.h"
#include "Slice/Compat/MemRefToLLVM.h"
#include "Slice/IR/SliceDialect.h"
#include "Slice/IR/SliceOps.h"
#include "Slice/InitSlice.h"
#include "Slice/Pipelines/Pipelines.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/TensorInferTypeOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/LLVMTranslationInterface.h"
#include "mlir/Transforms/InliningUtils.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICECHECKPIPELINEDEPENDENCIES
#include "Slice/Pipelines/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

void mlir::slice::registerPipelineDependencies(DialectRegistry &registry) {
  // The input (func.func on tensors with the usual upstream ops) and every
  // dialect the pipelines produce on the way down.
  registry.insert<affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  func::FuncDialect, gpu::GPUDialect, index::IndexDialect,
                  linalg::LinalgDialect, LLVM::LLVMDialect, math::MathDialect,
                  memref::MemRefDialect, NVVM::NVVMDialect, omp::OpenMPDialect,
                  scf::SCFDialect, slice::SliceDialect, tensor::TensorDialect,
                  ub::UBDialect, vector::VectorDialect>();
  slice::registerSliceDialect(registry);
  // spmd=true: the shard and MPI dialects (Spmd.cpp).
  slice::detail::registerSpmdDependencies(registry);

  // --inline: calls to func.func.
  func::registerInlinerExtension(registry);

  // One-shot bufferization of the input ops, function boundaries included.
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  cf::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerSubsetOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerInferTypeOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  vector::registerSubsetOpInterfaceExternalModels(registry);

  // Ownership-based deallocation (--slice-to-llvm's `deallocate`).
  arith::registerBufferDeallocationOpInterfaceExternalModels(registry);
  arith::registerBufferViewFlowOpInterfaceExternalModels(registry);
  cf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  memref::registerAllocationOpInterfaceExternalModels(registry);
  memref::registerBufferViewFlowOpInterfaceExternalModels(registry);
  scf::registerBufferDeallocationOpInterfaceExternalModels(registry);

  // The GPU pipeline's conversions to LLVM and NVVM (gpu-to-llvm and
  // convert-gpu-to-nvvm collect patterns from these interfaces), and the
  // NVVM target that serializes kernels.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  // (registerSliceDialect above adds the slice dialect's: memref accesses
  // without nuw on negative strides, Slice/Compat/MemRefToLLVM.h.)
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);

  // The output to LLVM IR: kernels (gpu-module-to-binary) and host code
  // (mlir-translate, ExecutionEngine), threads included.
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  // #gpu.select_object, the gpu.binary handler that embeds the kernels in
  // the host module and lowers gpu.launch_func to runtime calls.
  gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
}

/// Whether the registered op `name` has the interface `Interface` (its
/// dialect is loaded: the check pass depends on it).
template <typename Interface>
static bool opHas(MLIRContext *context, StringRef name) {
  std::optional<RegisteredOperationName> op =
      RegisteredOperationName::lookup(name, context);
  return op && op->hasInterface<Interface>();
}

/// Whether the loaded dialect `namespace_` has the dialect interface
/// `Interface`. A promise still unresolved means it has not (asking for the
/// interface then would be a fatal error in builds with assertions).
template <typename Interface>
static bool dialectHas(MLIRContext *context, StringRef namespace_) {
  Dialect *dialect = context->getLoadedDialect(namespace_);
  if (!dialect || dialect->hasPromisedInterface(dialect->getTypeID(),
                                                Interface::getInterfaceID()))
    return false;
  return dialect->getRegisteredInterface(Interface::getInterfaceID());
}

namespace {
/// Something a pipeline needs from the context that loading its dialects
/// does not bring: an external model or a dialect interface, which only
/// the registry that created the context can provide.
struct Requirement {
  bool (*present)(MLIRContext *);
  /// What is missing, as a phrase.
  const char *what;
  /// The upstream (or slice) call that registers it.
  const char *registeredBy;
  /// Only --slice-to-nvvm needs it.
  bool gpuOnly;
};
} // namespace

using bufferization::AllocationOpInterface;
using bufferization::BufferDeallocationOpInterface;
using bufferization::BufferizableOpInterface;

// Each entry tests one op or dialect that the registration it names
// covers; a captureless lambda per entry keeps the table flat.
static const Requirement kRequirements[] = {
    {[](MLIRContext *c) {
       return dialectHas<DialectInlinerInterface>(c, "func");
     },
     "the inliner interface of the func dialect",
     "func::registerInlinerExtension", false},
    {[](MLIRContext *c) {
       return opHas<BufferizableOpInterface>(c, "slice.strided");
     },
     "the bufferization model of slice.strided", "slice::registerSliceDialect",
     false},
    {[](MLIRContext *c) {
       return opHas<BufferizableOpInterface>(c, "arith.constant");
     },
     "the bufferization model of arith ops",
     "arith::registerBufferizableOpInterfaceExternalModels", false},
    {[](MLIRContext *c) {
       return opHas<BufferizableOpInterface>(c, "func.func");
     },
     "the bufferization model of func ops (function boundaries)",
     "bufferization::func_ext::registerBufferizableOpInterfaceExternalModels",
     false},
    {[](MLIRContext *c) { return opHas<BufferizableOpInterface>(c, "cf.br"); },
     "the bufferization model of cf ops",
     "cf::registerBufferizableOpInterfaceExternalModels", false},
    {[](MLIRContext *c) {
       return opHas<BufferizableOpInterface>(c, "linalg.generic");
     },
     "the bufferization model of linalg ops",
     "linalg::registerBufferizableOpInterfaceExternalModels", false},
    {[](MLIRContext *c) {
       return opHas<BufferizableOpInterface>(c, "scf.for");
     },
     "the bufferization model of scf ops",
     "scf::registerBufferizableOpInterfaceExternalModels", false},
    {[](MLIRContext *c) {
       return opHas<BufferizableOpInterface>(c, "tensor.extract_slice");
     },
     "the bufferization model of tensor ops",
     "tensor::registerBufferizableOpInterfaceExternalModels", false},
    {[](MLIRContext *c) {
       return opHas<BufferDeallocationOpInterface>(c, "arith.select");
     },
     "the deallocation model of arith.select",
     "arith::registerBufferDeallocationOpInterfaceExternalModels", false},
    {[](MLIRContext *c) {
       return opHas<BufferDeallocationOpInterface>(c, "cf.cond_br");
     },
     "the deallocation model of cf ops",
     "cf::registerBufferDeallocationOpInterfaceExternalModels", false},
    {[](MLIRContext *c) {
       return opHas<BufferDeallocationOpInterface>(c, "scf.forall.in_parallel");
     },
     "the deallocation model of scf ops",
     "scf::registerBufferDeallocationOpInterfaceExternalModels", false},
    {[](MLIRContext *c) {
       return opHas<AllocationOpInterface>(c, "memref.alloc");
     },
     "the allocation model of memref.alloc",
     "memref::registerAllocationOpInterfaceExternalModels", false},
    // The GPU pipeline.
    {[](MLIRContext *c) {
       return dialectHas<ConvertToLLVMPatternInterface>(c, "arith") &&
              dialectHas<ConvertToLLVMPatternInterface>(c, "cf") &&
              dialectHas<ConvertToLLVMPatternInterface>(c, "func") &&
              dialectHas<ConvertToLLVMPatternInterface>(c, "index") &&
              dialectHas<ConvertToLLVMPatternInterface>(c, "math") &&
              dialectHas<ConvertToLLVMPatternInterface>(c, "memref") &&
              dialectHas<ConvertToLLVMPatternInterface>(c, "ub") &&
              dialectHas<ConvertToLLVMPatternInterface>(c, "vector");
     },
     "the conversions to LLVM of arith, cf, func, index, math, memref, ub "
     "and vector (ConvertToLLVMPatternInterface)",
     "arith::registerConvertArithToLLVMInterface and the like", true},
    {[](MLIRContext *c) {
       return dialectHas<ConvertToLLVMPatternInterface>(c, "slice");
     },
     "the memref accesses of the kernels without nuw on negative strides "
     "(the slice dialect's ConvertToLLVMPatternInterface)",
     "slice::registerSliceDialect", true},
    {[](MLIRContext *c) {
       // The attribute's own interface map: isa<> would be a fatal error
       // on the unresolved promise in builds with assertions.
       return NVVM::NVVMTargetAttr::get(c).getAbstractAttribute().hasInterface(
           gpu::TargetAttrInterface::getInterfaceID());
     },
     "the NVVM target (#nvvm.target serializes kernels)",
     "NVVM::registerNVVMTargetInterfaceExternalModels", true},
    {[](MLIRContext *c) {
       return dialectHas<LLVMTranslationDialectInterface>(c, "builtin") &&
              dialectHas<LLVMTranslationDialectInterface>(c, "llvm") &&
              dialectHas<LLVMTranslationDialectInterface>(c, "nvvm") &&
              dialectHas<LLVMTranslationDialectInterface>(c, "gpu");
     },
     "the translations to LLVM IR of builtin, llvm, nvvm and gpu (kernels "
     "are serialized through LLVM IR)",
     "registerBuiltinDialectTranslation, registerLLVMDialectTranslation, "
     "registerNVVMDialectTranslation, registerGPUDialectTranslation",
     true},
    {[](MLIRContext *c) {
       // As for #nvvm.target: the attribute's own interface map.
       return AbstractAttribute::lookup(TypeID::get<gpu::SelectObjectAttr>(), c)
           .hasInterface(
               gpu::OffloadingLLVMTranslationAttrInterface::getInterfaceID());
     },
     "the translation of gpu.binary and gpu.launch_func to LLVM IR "
     "(#gpu.select_object)",
     "gpu::registerOffloadingLLVMTranslationInterfaceExternalModels", true},
};

namespace {
struct SliceCheckPipelineDependenciesPass
    : mlir::slice::impl::SliceCheckPipelineDependenciesBase<
          SliceCheckPipelineDependenciesPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    // Loaded before the pass runs, so that their ops and interfaces can be
    // looked up; a dialect's external models come with it only from the
    // registry that created the context.
    registry
        .insert<arith::ArithDialect, bufferization::BufferizationDialect,
                cf::ControlFlowDialect, func::FuncDialect,
                linalg::LinalgDialect, memref::MemRefDialect, scf::SCFDialect,
                slice::SliceDialect, tensor::TensorDialect>();
    if (gpu)
      registry.insert<gpu::GPUDialect, index::IndexDialect, LLVM::LLVMDialect,
                      math::MathDialect, NVVM::NVVMDialect, ub::UBDialect,
                      vector::VectorDialect>();
  }

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    std::optional<InFlightDiagnostic> diag;
    for (const Requirement &requirement : kRequirements) {
      if ((requirement.gpuOnly && !gpu) || requirement.present(context))
        continue;
      if (!diag)
        diag.emplace(mlir::emitError(getOperation().getLoc())
                     << pipeline
                     << ": the context lacks what the pipeline needs; create "
                        "it from a registry passed to "
                        "mlir::slice::registerPipelineDependencies (C: "
                        "mlirSliceRegisterPipelineDependencies)");
      diag->attachNote() << "missing " << requirement.what << " ("
                         << requirement.registeredBy << ")";
    }
    if (diag)
      return signalPassFailure();
    // It only reads the context: nothing to invalidate or verify again.
    markAllAnalysesPreserved();
  }
};
} // namespace
