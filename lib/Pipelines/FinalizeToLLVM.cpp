//===- FinalizeToLLVM.cpp - The CPU pipeline's last conversion ------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-finalize-bodies-to-llvm`, then `--slice-finalize-to-llvm`: every
// dialect left at the end of `--slice-to-llvm` converted to LLVM, the ops
// local to a function on several functions at once, then the rest in one
// conversion with a symbol table so that call lowering is linear in the
// number of calls (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"
#include "Slice/Compat/MemRefToLLVM.h"
#include "Slice/Pipelines/Pipelines.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MPIToLLVM/MPIToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEFINALIZEBODIESTOLLVM
#define GEN_PASS_DEF_SLICEFINALIZETOLLVM
#include "Slice/Pipelines/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

/// The patterns of the dialects whose ops may sit in a function body, both
/// halves' share: the bodies' half passes no symbol table and keeps the ops
/// that need one legal (SliceFinalizeBodiesToLLVMPass).
static void populateBodyPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 SymbolTableCollection *symbolTables) {
  arith::populateArithToLLVMConversionPatterns(converter, patterns);
  index::populateIndexToLLVMConversionPatterns(converter, patterns);
  populateMathToLLVMConversionPatterns(converter, patterns);
  populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                 symbolTables);
  // Ahead of upstream's load and store: no nuw on negative strides.
  slice::populateMemRefAccessToLLVMPatterns(converter, patterns);
  ub::populateUBToLLVMConversionPatterns(converter, patterns);
  populateVectorToLLVMConversionPatterns(converter, patterns);
}

namespace {
struct SliceFinalizeBodiesToLLVMPass
    : mlir::slice::impl::SliceFinalizeBodiesToLLVMBase<
          SliceFinalizeBodiesToLLVMPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    // Per function (and so per thread): the analysis and the converter's
    // caches are not shared between threads.
    const auto &dataLayout = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(context, dataLayout.getAtOrAbove(func));
    LLVMTypeConverter converter(context, options, &dataLayout);

    // No symbol table: the ops that would look a callee up or declare one
    // (allocations, copies through the runtime, prints) stay legal here,
    // and so does `memref.get_global`, whose `llvm.mlir.addressof` would
    // name a `memref.global` until the module's conversion.
    RewritePatternSet patterns(context);
    populateBodyPatterns(converter, patterns, /*symbolTables=*/nullptr);

    ConversionTarget target(*context);
    target.addLegalDialect<LLVM::LLVMDialect>();
    target.addIllegalDialect<arith::ArithDialect, index::IndexDialect,
                             math::MathDialect, memref::MemRefDialect,
                             ub::UBDialect, vector::VectorDialect>();
    target
        .addLegalOp<memref::AllocOp, memref::DeallocOp, memref::CopyOp,
                    memref::ReallocOp, memref::GetGlobalOp, vector::PrintOp>();
    if (failed(applyPartialConversion(func, target, std::move(patterns))))
      signalPassFailure();
  }
};

struct SliceFinalizeToLLVMPass
    : mlir::slice::impl::SliceFinalizeToLLVMBase<SliceFinalizeToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    // The asserts first, as --slice-assert-to-stderr lowers them: a step
    // of this pass rather than a pass before it, so that the module is
    // verified once, not once more between the two.
    if (failed(slice::lowerAssertsToStderr(module)))
      return signalPassFailure();
    const auto &dataLayout = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(context, dataLayout.getAtOrAbove(module));
    // aligned_alloc's pointer is aligned already: malloc's would be aligned
    // by ptrtoint / inttoptr arithmetic, past which LLVM's loop vectorizer
    // cannot tell the buffer from the others a loop reads, and leaves the
    // loops that write fresh buffers scalar.
    options.allocLowering = LowerToLLVMOptions::AllocLowering::AlignedAlloc;
    LLVMTypeConverter converter(context, options, &dataLayout);

    SymbolTableCollection symbolTables;
    RewritePatternSet patterns(context);
    populateBodyPatterns(converter, patterns, &symbolTables);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns, &symbolTables);
    populateOpenMPToLLVMConversionPatterns(converter, patterns);
    mpi::populateMPIToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(*context);
    configureOpenMPToLLVMConversionLegality(target, converter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // The casts between the two halves, folded away here as
    // --reconcile-unrealized-casts would, without one more pass (and one
    // more verification of the whole module). Casts still in use between
    // unrelated types stay, for a later conversion (the GPU route's) or
    // the translation to report.
    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk(
        [&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    reconcileUnrealizedCasts(casts);

    // Pointers --slice-parallel-elementwise found apart from the others.
    for (auto function : module.getOps<LLVM::LLVMFuncOp>()) {
      auto positions = function->getAttrOfType<DenseI64ArrayAttr>(
          slice::kNoAliasPointerArgs);
      if (!positions)
        continue;
      for (int64_t position : positions.asArrayRef())
        if (position < function.getNumArguments() &&
            isa<LLVM::LLVMPointerType>(
                function.getArgument(position).getType()))
          function.setArgAttr(position, LLVM::LLVMDialect::getNoAliasAttrName(),
                              UnitAttr::get(context));
      function->removeAttr(slice::kNoAliasPointerArgs);
    }
  }
};
} // namespace
