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

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MPIToLLVM/MPIToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEFINALIZEBODIESTOLLVM
#define GEN_PASS_DEF_SLICEFINALIZETOLLVM
#include "Slice/Codegen/Passes.h.inc"
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
  // What --convert-complex-to-standard leaves: create, re, im, constants.
  populateComplexToLLVMConversionPatterns(converter, patterns);
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
/// `memref.alloc` as `malloc`, over-allocated by the alignment and aligned
/// by a GEP on malloc's pointer, ahead of upstream's lowering (which the
/// other memory spaces and layouts keep). Not `aligned_alloc`: glibc's
/// memalign frees the slack before and after the aligned chunk as small
/// chunks that its caches keep, and those pin the heap, so that a program
/// calling a function in a loop (temporaries, then a result the caller
/// frees) met a fresh, unfaulted result buffer at every call: 6x NumPy's
/// time on the random-program bench. A GEP, unlike upstream's
/// ptrtoint/inttoptr alignment, keeps the pointer based on malloc's
/// noalias result, so LLVM's loop vectorizer still tells a fresh buffer
/// from the others a loop reads.
struct MallocAllocLowering : ConvertOpToLLVMPattern<memref::AllocOp> {
  MallocAllocLowering(const LLVMTypeConverter &converter,
                      SymbolTableCollection *symbolTables)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2),
        symbolTables(symbolTables) {}

  LogicalResult
  matchAndRewrite(memref::AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    if (!isConvertibleAndHasIdentityMaps(type) || type.getMemorySpace())
      return rewriter.notifyMatchFailure(op, "upstream's lowering applies");
    Location loc = op.getLoc();
    Type indexType = getIndexType();
    auto module = op->getParentOfType<ModuleOp>();
    FailureOr<LLVM::LLVMFuncOp> malloc =
        LLVM::lookupOrCreateMallocFn(rewriter, module, indexType, symbolTables);
    if (failed(malloc))
      return failure();

    SmallVector<Value> sizes, strides;
    Value bytes;
    getMemRefDescriptorSizes(loc, type, adaptor.getOperands(), rewriter, sizes,
                             strides, bytes);
    // malloc's own alignment (16 on the 64-bit targets of glibc and
    // musl) needs no slack.
    constexpr int64_t kMallocAlignment = 16;
    int64_t alignment = op.getAlignment().value_or(kMallocAlignment);
    if (alignment > kMallocAlignment)
      bytes = LLVM::AddOp::create(
          rewriter, loc, bytes,
          createIndexAttrConstant(rewriter, loc, indexType, alignment - 1));
    Value allocated =
        LLVM::CallOp::create(rewriter, loc, *malloc, ValueRange{bytes})
            .getResult();
    Value aligned = allocated;
    if (alignment > kMallocAlignment) {
      // aligned = allocated + (-allocated mod alignment), as a GEP.
      Value address =
          LLVM::PtrToIntOp::create(rewriter, loc, indexType, allocated);
      Value zero = createIndexAttrConstant(rewriter, loc, indexType, 0);
      Value mask =
          createIndexAttrConstant(rewriter, loc, indexType, alignment - 1);
      Value padding = LLVM::AndOp::create(
          rewriter, loc, LLVM::SubOp::create(rewriter, loc, zero, address),
          mask);
      aligned = LLVM::GEPOp::create(
          rewriter, loc, allocated.getType(), rewriter.getI8Type(), allocated,
          ValueRange{padding}, LLVM::GEPNoWrapFlags::inbounds);
    }
    Value descriptor = createMemRefDescriptor(loc, type, allocated, aligned,
                                              sizes, strides, rewriter);
    rewriter.replaceOp(op, descriptor);
    return success();
  }

  SymbolTableCollection *symbolTables;
};

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
    target.addIllegalDialect<arith::ArithDialect, complex::ComplexDialect,
                             index::IndexDialect, math::MathDialect,
                             memref::MemRefDialect, ub::UBDialect,
                             vector::VectorDialect>();
    target
        .addLegalOp<memref::AllocOp, memref::DeallocOp, memref::CopyOp,
                    memref::ReallocOp, memref::GetGlobalOp, vector::PrintOp>();
    if (failed(applyPartialConversion(func, target, std::move(patterns))))
      return signalPassFailure();

    // The conversion repeats itself: each view's descriptor is taken apart
    // field by field and each constant made again where it is used
    // (expand-strided-metadata's pattern), and a third of the fields are
    // never read. Common ones merged and dead ones dropped here, on this
    // function's thread, the module's half converts, and the printer or
    // the translation to LLVM IR reads, about 40% fewer ops.
    IRRewriter rewriter(context);
    DominanceInfo dominance(func);
    eliminateCommonSubExpressions(rewriter, dominance, func);
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
    LLVMTypeConverter converter(context, options, &dataLayout);

    SymbolTableCollection symbolTables;
    RewritePatternSet patterns(context);
    patterns.add<MallocAllocLowering>(converter, &symbolTables);
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
