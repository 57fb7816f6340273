//===- LowerCopies.cpp - --slice-lower-copies -----------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-lower-copies`: the copies that materialize slices, lowered to
// loops that move whole runs (CopyLowering.h, CopyNest.cpp), in place or
// in one outlined function per pair of memref types. Upstream lowers a
// copy out of a non-contiguous view to the runtime's `memrefCopy`, one
// element per `memcpy` call (docs/lowering.md).
//
//===----------------------------------------------------------------------===//

#include "../Utils/StridedMemRef.h"
#include "Slice/Codegen/CopyLowering.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICELOWERCOPIES
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

//===----------------------------------------------------------------------===//
// Patterns and pass
//===----------------------------------------------------------------------===//

/// The options for a copy into `target`: no non-temporal stores into a
/// buffer allocated just before, whose pages the copy itself faults in
/// (streaming into freshly zeroed pages is slower, docs/lowering.md).
static CopyLoweringOptions optionsForTarget(Value target,
                                            CopyLoweringOptions options) {
  if (isFreshAllocation(target))
    options.nontemporalBytes = kNontemporalNever;
  return options;
}

/// Rewrites a copy by `classifyCopy`, lowering it with `lower`.
static LogicalResult
rewriteCopy(RewriterBase &rewriter, Operation *op, Value source, Value target,
            llvm::function_ref<LogicalResult(RewriterBase &)> lower) {
  CopyAction action;
  if (std::optional<LogicalResult> settled =
          settleCopy(rewriter, op, source, target, action))
    return *settled;
  if (action == CopyAction::Lower)
    return lower(rewriter);
  if (isa<memref::CopyOp>(op))
    return rewriter.notifyMatchFailure(op, "already a memcpy");
  rewriter.setInsertionPoint(op);
  rewriter.replaceOpWithNewOp<memref::CopyOp>(op, source, target);
  return success();
}

/// Lowers the copy `op` in place (memref.copy, and linalg.copy on buffers,
/// which linalg-to-loops would turn into scalar loops): `classifyCopy`,
/// then the run loops.
static LogicalResult lowerCopyInPlace(RewriterBase &rewriter, Operation *op,
                                      Value source, Value target,
                                      const CopyLoweringOptions &options) {
  return rewriteCopy(rewriter, op, source, target, [&](RewriterBase &r) {
    return lowerCopyToRunLoops(r, op, source, target,
                               optionsForTarget(target, options));
  });
}

namespace {
struct SliceLowerCopiesPass
    : mlir::slice::impl::SliceLowerCopiesBase<SliceLowerCopiesPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    // The copy functions are cleaned up with the canonicalization patterns
    // of the dialects the lowering emits.
    // (Folders run whatever the patterns.)
    RewritePatternSet patterns(context);
    SmallVector<Dialect *> dialects;
    for (StringRef name : {arith::ArithDialect::getDialectNamespace(),
                           LLVM::LLVMDialect::getDialectNamespace(),
                           memref::MemRefDialect::getDialectNamespace(),
                           scf::SCFDialect::getDialectNamespace(),
                           vector::VectorDialect::getDialectNamespace()}) {
      // Loaded: they are the pass's dependent dialects.
      Dialect *dialect = context->getLoadedDialect(name);
      if (!dialect)
        continue;
      dialect->getCanonicalizationPatterns(patterns);
      dialects.push_back(dialect);
    }
    for (RegisteredOperationName op : context->getRegisteredOperations())
      if (llvm::is_contained(dialects, &op.getDialect()))
        op.getCanonicalizationPatterns(patterns, context);
    canonicalization = FrozenRewritePatternSet(std::move(patterns));
    return success();
  }

  void runOnOperation() override {
    CopyLoweringOptions options;
    options.vectorBytes = vectorBytes;
    options.unroll = unroll;
    options.nontemporalBytes = nontemporalBytes;
    options.parallelBytes = parallelBytes;
    ModuleOp module = getOperation();
    std::string reason;
    if (failed(checkCopyLoweringOptions(options, reason))) {
      module.emitError() << "slice-lower-copies: " << reason;
      return signalPassFailure();
    }

    if (!outline) {
      RewritePatternSet patterns(&getContext());
      populateSliceCopyLoweringPatterns(patterns, options);
      walkAndApplyPatterns(module, std::move(patterns));
      return;
    }

    SmallVector<std::pair<Operation *, BufferCopy>> copies;
    module.walk([&](Operation *op) {
      if (std::optional<BufferCopy> copy = getBufferCopy(op))
        copies.push_back({op, *copy});
    });
    // A module without copies is left as it was: nothing to verify again.
    if (copies.empty())
      return markAllAnalysesPreserved();

    // Each pair of memref types gets one copy function, called by every
    // copy between them: a module with many dynamic copies compiles one
    // set of run loops, not one per copy. Copies into a buffer allocated
    // just before get their own (optionsForTarget).
    SymbolTable symbols(module);
    DenseMap<std::tuple<Type, Type, unsigned>, func::FuncOp> copyFunctions;
    DenseMap<std::tuple<Type, Type, unsigned>, unsigned> offsetVariants;
    IRRewriter rewriter(&getContext());
    for (const auto &[copyOp, copy] : copies) {
      Operation *op = copyOp;
      Value source = copy.source, target = copy.target;
      (void)rewriteCopy(rewriter, op, source, target, [&](RewriterBase &r) {
        bool fresh = isFreshAllocation(target);
        auto sourceType = cast<MemRefType>(source.getType());
        auto targetType = cast<MemRefType>(target.getType());
        // A static offset only folds into the run loops' index arithmetic:
        // past kMaxOffsetVariants functions that differ in nothing else,
        // the copies share one that takes the offsets at run time, so
        // that the views of one buffer at a thousand offsets (a chain of
        // updates) compile one function, not a thousand.
        std::tuple<Type, Type, unsigned> shared{withDynamicOffset(sourceType),
                                                withDynamicOffset(targetType),
                                                unsigned(fresh)};
        if (!copyFunctions.count({sourceType, targetType, unsigned(fresh)}) &&
            offsetVariants[shared]++ >= kMaxOffsetVariants) {
          sourceType = cast<MemRefType>(std::get<0>(shared));
          targetType = cast<MemRefType>(std::get<1>(shared));
        }
        func::FuncOp &callee =
            copyFunctions[{sourceType, targetType, unsigned(fresh)}];
        if (!callee) {
          callee = buildCopyFunction(r, op->getLoc(), sourceType, targetType,
                                     optionsForTarget(target, options));
          symbols.insert(callee);
        }
        r.setInsertionPoint(op);
        auto cast = [&](Value value, MemRefType type) -> Value {
          if (value.getType() == type)
            return value;
          return memref::CastOp::create(r, op->getLoc(), type, value);
        };
        r.replaceOpWithNewOp<func::CallOp>(
            op, callee,
            ValueRange{cast(source, sourceType), cast(target, targetType)});
        return success();
      });
    }
  }

  /// The most copy functions that differ in static offsets only.
  static constexpr unsigned kMaxOffsetVariants = 2;

  /// `type` with its offset dynamic, when it has a strided layout.
  static MemRefType withDynamicOffset(Type type) {
    auto memrefType = cast<MemRefType>(type);
    auto layout = dyn_cast<StridedLayoutAttr>(memrefType.getLayout());
    if (!layout || ShapedType::isDynamic(layout.getOffset()))
      return memrefType;
    return MemRefType::get(memrefType.getShape(), memrefType.getElementType(),
                           StridedLayoutAttr::get(type.getContext(),
                                                  ShapedType::kDynamic,
                                                  layout.getStrides()),
                           memrefType.getMemorySpace());
  }

  /// Builds `func.func private @__slice_copy(%source, %target)` holding the
  /// run loops of a copy between the two types, at the end of the module.
  func::FuncOp buildCopyFunction(RewriterBase &rewriter, Location loc,
                                 MemRefType sourceType, MemRefType targetType,
                                 const CopyLoweringOptions &options) {
    ModuleOp module = getOperation();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToEnd(module.getBody());
    auto function = func::FuncOp::create(
        rewriter, loc, "__slice_copy",
        rewriter.getFunctionType({sourceType, targetType}, {}));
    function.setPrivate();
    // Internal linkage: modules compiled apart link without clashes.
    function->setAttr(
        "llvm.linkage",
        LLVM::LinkageAttr::get(&getContext(), LLVM::Linkage::Internal));
    Block *entry = function.addEntryBlock();
    rewriter.setInsertionPointToStart(entry);
    auto copy = memref::CopyOp::create(rewriter, loc, entry->getArgument(0),
                                       entry->getArgument(1));
    func::ReturnOp::create(rewriter, loc);
    // The types are ranked and strided, which is all the lowering needs.
    (void)lowerCopyToRunLoops(rewriter, copy, copy.getSource(),
                              copy.getTarget(), options);
    // The lowering materializes every constant it might need and folds
    // little: clean the function up now, since later passes of the
    // pipeline do not canonicalize.
    (void)applyPatternsGreedily(function, canonicalization);
    return function;
  }

  /// The canonicalization patterns of the emitted dialects (initialize).
  FrozenRewritePatternSet canonicalization;
};
} // namespace

void mlir::slice::populateSliceCopyLoweringPatterns(
    RewritePatternSet &patterns, const CopyLoweringOptions &options) {
  addBufferCopyPatterns(patterns, options, lowerCopyInPlace);
}
