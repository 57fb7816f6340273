//===- BatchUpdateLoops.cpp - Loops of disjoint updates as one update -----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-batch-update-loops` (Passes.td): an `scf.for` whose steps write
// the consecutive windows of one tensor, each computed element-wise from
// the matching windows of tensors defined outside the loop, is one
// `slice.strided_update` of the whole range, computed from one slice of
// each source: one copy (one launch on the GPU) instead of one per step.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceOps.h"
#include "Slice/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEBATCHUPDATELOOPS
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

namespace {

/// `constant + coefficient * iv`.
struct Affine {
  int64_t constant = 0;
  int64_t coefficient = 0;
};

/// `value` as an affine function of the loop's induction variable, for
/// index arithmetic of constants and the induction variable (std::nullopt
/// for anything else, an overflow included).
std::optional<Affine> affineOf(Value value, Value iv, unsigned depth = 0) {
  if (value == iv)
    return Affine{0, 1};
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return Affine{*constant, 0};
  Operation *def = value.getDefiningOp();
  if (!def || depth > 16 ||
      !isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def))
    return std::nullopt;
  std::optional<Affine> a = affineOf(def->getOperand(0), iv, depth + 1);
  std::optional<Affine> b = affineOf(def->getOperand(1), iv, depth + 1);
  if (!a || !b)
    return std::nullopt;
  Affine result;
  bool overflow = false;
  if (isa<arith::AddIOp>(def)) {
    overflow |=
        __builtin_add_overflow(a->constant, b->constant, &result.constant);
    overflow |= __builtin_add_overflow(a->coefficient, b->coefficient,
                                       &result.coefficient);
  } else if (isa<arith::SubIOp>(def)) {
    overflow |=
        __builtin_sub_overflow(a->constant, b->constant, &result.constant);
    overflow |= __builtin_sub_overflow(a->coefficient, b->coefficient,
                                       &result.coefficient);
  } else {
    if (a->coefficient && b->coefficient)
      return std::nullopt;
    const Affine &scaled = a->coefficient ? *a : *b;
    int64_t factor = a->coefficient ? b->constant : a->constant;
    overflow |=
        __builtin_mul_overflow(scaled.constant, factor, &result.constant);
    overflow |=
        __builtin_mul_overflow(scaled.coefficient, factor, &result.coefficient);
  }
  if (overflow)
    return std::nullopt;
  return result;
}

/// The loop's steps: its bounds and step as constants.
struct Trips {
  int64_t lower;
  int64_t step;
  int64_t count;
};

/// Where a spec's window moves with the loop: entry `dim`, `size` elements
/// from `first` at the first step, `size` further at each step.
struct Batch {
  unsigned dim;
  int64_t first;
  int64_t size;
};

/// An entry of the spec as a constant when it is one or does not change
/// with the loop (std::nullopt when it does); values from outside the loop
/// stay values.
std::optional<OpFoldResult> invariant(OpFoldResult entry, scf::ForOp loop,
                                      Builder &builder) {
  auto value = dyn_cast<Value>(entry);
  if (!value || loop.isDefinedOutsideOfLoop(value))
    return entry;
  std::optional<Affine> affine = affineOf(value, loop.getInductionVar());
  if (!affine || affine->coefficient)
    return std::nullopt;
  return OpFoldResult(builder.getIndexAttr(affine->constant));
}

/// The entry of `op`'s spec that moves with the loop, when the spec is
/// plain (one entry per dimension of the indexed tensor; no ellipsis, new
/// or shrunk axis; not offset mode), every other entry is loop-invariant,
/// and the moving one reads `size` elements with stride 1, moves `size`
/// elements at each step, and stays inside the indexed tensor at every
/// step (so no step clamps or wraps).
std::optional<Batch> batchOf(SliceSpecOpInterface op, scf::ForOp loop,
                             const Trips &trips, Builder &builder) {
  RankedTensorType indexed = op.getIndexedType();
  SliceMasks masks = op.getMasks();
  if (op.getOffset() || masks.ellipsis || masks.newAxis || masks.shrinkAxis ||
      op.getNumEntries() != indexed.getRank())
    return std::nullopt;
  SmallVector<OpFoldResult> begin = op.getMixedBegin(), end = op.getMixedEnd(),
                            strides = op.getMixedStrides();
  Value iv = loop.getInductionVar();
  std::optional<Batch> batch;
  for (unsigned d = 0; d < op.getNumEntries(); ++d) {
    auto beginValue = dyn_cast<Value>(begin[d]);
    std::optional<Affine> moving =
        beginValue && !loop.isDefinedOutsideOfLoop(beginValue)
            ? affineOf(beginValue, iv)
            : std::nullopt;
    if (!moving || !moving->coefficient) {
      if (!invariant(begin[d], loop, builder) ||
          !invariant(end[d], loop, builder) ||
          !invariant(strides[d], loop, builder))
        return std::nullopt;
      continue;
    }
    auto endValue = dyn_cast<Value>(end[d]);
    std::optional<Affine> endAffine =
        endValue ? affineOf(endValue, iv) : std::nullopt;
    if (batch || isMaskBitSet(masks.begin, d) || isMaskBitSet(masks.end, d) ||
        !endAffine || endAffine->coefficient != moving->coefficient ||
        getConstantIntValue(strides[d]) != 1 || indexed.isDynamicDim(d))
      return std::nullopt;
    int64_t size = endAffine->constant - moving->constant, first, move, last;
    if (size <= 0 ||
        __builtin_mul_overflow(moving->coefficient, trips.step, &move) ||
        move != size ||
        __builtin_mul_overflow(moving->coefficient, trips.lower, &first) ||
        __builtin_add_overflow(first, moving->constant, &first) || first < 0 ||
        __builtin_mul_overflow(size, trips.count, &last) ||
        __builtin_add_overflow(first, last, &last) ||
        last > indexed.getDimSize(d))
      return std::nullopt;
    batch = Batch{d, first, size};
  }
  return batch;
}

/// The spec of `op` over all the loop's steps: the moving entry widened to
/// the whole range, the others as constants or values from outside.
void widenedSpec(SliceSpecOpInterface op, scf::ForOp loop, const Batch &batch,
                 int64_t count, Builder &builder,
                 SmallVectorImpl<OpFoldResult> &begin,
                 SmallVectorImpl<OpFoldResult> &end,
                 SmallVectorImpl<OpFoldResult> &strides) {
  SmallVector<OpFoldResult> oldBegin = op.getMixedBegin(),
                            oldEnd = op.getMixedEnd(),
                            oldStrides = op.getMixedStrides();
  for (unsigned d = 0; d < op.getNumEntries(); ++d) {
    if (d == batch.dim) {
      begin.push_back(builder.getIndexAttr(batch.first));
      end.push_back(builder.getIndexAttr(batch.first + batch.size * count));
      strides.push_back(builder.getIndexAttr(1));
      continue;
    }
    begin.push_back(*invariant(oldBegin[d], loop, builder));
    end.push_back(*invariant(oldEnd[d], loop, builder));
    strides.push_back(*invariant(oldStrides[d], loop, builder));
  }
}

/// A tensor constant every element of which is the same.
bool isSplatConstant(Value value) {
  DenseElementsAttr attr;
  return matchPattern(value, m_Constant(&attr)) && attr.isSplat();
}

/// An element-wise op on tensors without side effects.
bool isElementwiseOnTensors(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && isMemoryEffectFree(op) &&
         op->getNumResults() == 1 &&
         isa<RankedTensorType>(op->getResult(0).getType()) &&
         llvm::all_of(op->getOperandTypes(),
                      [](Type type) { return isa<RankedTensorType>(type); });
}

struct BatchUpdateLoops
    : slice::impl::SliceBatchUpdateLoopsBase<BatchUpdateLoops> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    if (loops.empty())
      return markAllAnalysesPreserved();
    for (scf::ForOp loop : loops)
      batch(loop);
  }

  /// Rewrites `loop` when it is a loop of disjoint updates; leaves it
  /// otherwise.
  void batch(scf::ForOp loop) {
    std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()),
                           upper = getConstantIntValue(loop.getUpperBound()),
                           step = getConstantIntValue(loop.getStep());
    if (!lower || !upper || !step || *step <= 0 || *upper <= *lower ||
        loop.getNumRegionIterArgs() != 1 || loop.getUnsignedCmp())
      return;
    Trips trips{*lower, *step, (*upper - *lower + *step - 1) / *step};
    Block *body = loop.getBody();
    Value acc = loop.getRegionIterArgs()[0];
    auto update = loop.getYieldedValues()[0].getDefiningOp<StridedUpdateOp>();
    if (!update || update->getBlock() != body || update.getDest() != acc ||
        !acc.hasOneUse() || !update->hasOneUse())
      return;
    Builder builder(loop.getContext());
    std::optional<Batch> target =
        batchOf(cast<SliceSpecOpInterface>(update.getOperation()), loop, trips,
                builder);
    if (!target)
      return;

    // Every op of the body: index arithmetic, slices of tensors from
    // outside that move with the loop as the update does, casts,
    // element-wise ops of those (and of splat constants), the update.
    DenseSet<Value> batched;
    DenseMap<Operation *, Batch> reads;
    for (Operation &op : body->without_terminator()) {
      if (&op == update.getOperation())
        continue;
      if (auto slice = dyn_cast<StridedOp>(op)) {
        std::optional<Batch> read =
            batchOf(cast<SliceSpecOpInterface>(op), loop, trips, builder);
        // Static but for the moving entry: so is the widened slice.
        RankedTensorType type = slice.getResultType();
        if (!loop.isDefinedOutsideOfLoop(slice.getSource()) || !read ||
            read->dim != target->dim || read->size != target->size ||
            llvm::any_of(llvm::seq<unsigned>(0, type.getRank()),
                         [&](unsigned d) {
                           return d != read->dim && type.isDynamicDim(d);
                         }))
          return;
        batched.insert(slice.getResult());
        reads[slice] = *read;
        continue;
      }
      if (auto castOp = dyn_cast<tensor::CastOp>(op)) {
        if (!batched.contains(castOp.getSource()))
          return;
        batched.insert(castOp.getResult());
        continue;
      }
      if (isElementwiseOnTensors(&op)) {
        bool anyBatched = false;
        for (Value operand : op.getOperands()) {
          if (batched.contains(operand))
            anyBatched = true;
          else if (!isSplatConstant(operand))
            return;
        }
        if (!anyBatched)
          return;
        batched.insert(op.getResult(0));
        continue;
      }
      if ((isPure(&op) &&
           llvm::all_of(op.getResultTypes(),
                        [](Type type) { return type.isIntOrIndex(); })) ||
          (op.getNumResults() == 1 && isSplatConstant(op.getResult(0))))
        continue; // index arithmetic for the specs; splat operands
      return;
    }
    if (!batched.contains(update.getValue()))
      return;
    // A value of the body used by anything but the batched ops would lose
    // its definition.
    for (Operation &op : body->without_terminator())
      for (Value result : op.getResults())
        if (&op != update.getOperation() && !batched.contains(result) &&
            isa<RankedTensorType>(result.getType()))
          for (Operation *user : result.getUsers())
            if (!isElementwiseOnTensors(user))
              return;

    // The whole range at once, before the loop.
    OpBuilder b(loop);
    IRMapping mapping;
    for (Operation &op : body->without_terminator()) {
      if (auto slice = dyn_cast<StridedOp>(op)) {
        SmallVector<OpFoldResult> begin, end, strides;
        widenedSpec(cast<SliceSpecOpInterface>(op), loop, reads.lookup(slice),
                    trips.count, b, begin, end, strides);
        mapping.map(slice.getResult(),
                    StridedOp::create(b, slice.getLoc(), slice.getSource(),
                                      begin, end, strides, slice.getMasks())
                        .getResult());
      } else if (auto castOp = dyn_cast<tensor::CastOp>(op)) {
        mapping.map(castOp.getResult(), mapping.lookup(castOp.getSource()));
      } else if (batched.contains(op.getNumResults() ? op.getResult(0)
                                                     : Value())) {
        // Element-wise: the batched operands' shape; splats resized.
        ArrayRef<int64_t> shape;
        for (Value operand : op.getOperands())
          if (batched.contains(operand))
            shape = cast<RankedTensorType>(mapping.lookup(operand).getType())
                        .getShape();
        for (Value operand : op.getOperands()) {
          if (batched.contains(operand))
            continue;
          auto type = cast<RankedTensorType>(operand.getType());
          DenseElementsAttr attr;
          matchPattern(operand, m_Constant(&attr));
          auto resized = RankedTensorType::get(shape, type.getElementType());
          mapping.map(operand,
                      arith::ConstantOp::create(b, operand.getLoc(),
                                                attr.resizeSplat(resized)));
        }
        Operation *clone = b.clone(op, mapping);
        Type element =
            cast<RankedTensorType>(op.getResult(0).getType()).getElementType();
        clone->getResult(0).setType(RankedTensorType::get(shape, element));
        mapping.map(op.getResult(0), clone->getResult(0));
      }
    }
    SmallVector<OpFoldResult> begin, end, strides;
    widenedSpec(cast<SliceSpecOpInterface>(update.getOperation()), loop,
                *target, trips.count, b, begin, end, strides);
    Value value = mapping.lookup(update.getValue());
    auto written = StridedUpdateOp::create(b, update.getLoc(), value,
                                           loop.getInitArgs()[0], begin, end,
                                           strides, update.getMasks());
    loop.getResult(0).replaceAllUsesWith(written.getResult());
    loop.erase();
  }
};

} // namespace
