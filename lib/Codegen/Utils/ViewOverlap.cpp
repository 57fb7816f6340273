//===- ViewOverlap.cpp - Which elements two memrefs share -----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ViewOverlap.h"
#include "StridedMemRef.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;

namespace mlir {
namespace slice {
namespace detail {

static Value skipCasts(Value value) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  return value;
}

/// Through casts and reshapes, which keep the elements they view.
static Value skipReshapes(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto cast = dyn_cast<memref::CastOp>(def))
      value = cast.getSource();
    else if (auto collapse = dyn_cast<memref::CollapseShapeOp>(def))
      value = collapse.getSrc();
    else if (auto expand = dyn_cast<memref::ExpandShapeOp>(def))
      value = expand.getSrc();
    else
      break;
  }
  return value;
}

static bool isAllocation(Value root) {
  return root.getDefiningOp<memref::AllocOp>() ||
         root.getDefiningOp<memref::AllocaOp>() ||
         root.getDefiningOp<gpu::AllocOp>();
}

static bool isEntryArgument(Value root) {
  auto argument = dyn_cast<BlockArgument>(root);
  return argument && argument.getOwner()->isEntryBlock() &&
         isa<FunctionOpInterface>(argument.getOwner()->getParentOp());
}

/// Whether the allocation `alloc` is apart from the different root
/// `other`: another allocation, an entry argument or a global, or any value
/// defined before `alloc` runs (a loop's iteration argument included: the
/// buffer it holds is live, and a new allocation is none of those).
static bool isApartFromAllocation(Value alloc, Value other) {
  if (isAllocation(other) || isEntryArgument(other) ||
      other.getDefiningOp<memref::GetGlobalOp>())
    return true;
  return DominanceInfo().properlyDominates(other, alloc.getDefiningOp());
}

/// Whether two different roots (getRootBuffer) hold no element in common.
/// An op's result or a block's argument may carry any buffer, so only
/// allocations, and globals of different names, are told apart.
static bool areApartRoots(Value a, Value b) {
  if (isAllocation(a))
    return isApartFromAllocation(a, b);
  if (isAllocation(b))
    return isApartFromAllocation(b, a);
  auto globalA = a.getDefiningOp<memref::GetGlobalOp>();
  auto globalB = b.getDefiningOp<memref::GetGlobalOp>();
  return globalA && globalB && globalA.getName() != globalB.getName();
}

using Variable = ValueBoundsConstraintSet::Variable;

/// The variable `base + scale * (size - 1)` (the index of the last of `size`
/// elements from `base` in steps of `scale`), or `base` when `scale` is 0.
static Variable indexAt(MLIRContext *context, OpFoldResult base,
                        OpFoldResult size, int64_t scale) {
  SmallVector<Value> operands;
  auto term = [&](OpFoldResult value) -> AffineExpr {
    if (std::optional<int64_t> constant = getConstantIntValue(value))
      return getAffineConstantExpr(*constant, context);
    operands.push_back(cast<Value>(value));
    return getAffineDimExpr(operands.size() - 1, context);
  };
  AffineExpr expr = term(base);
  if (scale != 0)
    expr = expr + (term(size) - 1) * scale;
  return Variable(AffineMap::get(operands.size(), 0, expr), operands);
}

/// Whether the index sets `offset + k * stride` (0 <= k < size) of two
/// subviews in one dimension of their source are apart.
static bool areApartInDim(MLIRContext *context, OpFoldResult offsetA,
                          OpFoldResult sizeA, OpFoldResult strideA,
                          OpFoldResult offsetB, OpFoldResult sizeB,
                          OpFoldResult strideB) {
  if (isConstantIntValue(sizeA, 0) || isConstantIntValue(sizeB, 0))
    return true;
  std::optional<int64_t> stepA = getConstantIntValue(strideA);
  std::optional<int64_t> stepB = getConstantIntValue(strideB);
  if (!stepA || !stepB)
    return false;
  // Lattices: the same step, offsets a constant apart that it does not
  // divide.
  if (*stepA == *stepB && *stepA != 0 && std::abs(*stepA) > 1) {
    std::optional<int64_t> delta;
    std::optional<int64_t> constA = getConstantIntValue(offsetA);
    std::optional<int64_t> constB = getConstantIntValue(offsetB);
    if (constA && constB) {
      delta = *constA - *constB;
    } else if (!constA && !constB) {
      FailureOr<int64_t> computed =
          ValueBoundsConstraintSet::computeConstantDelta(cast<Value>(offsetA),
                                                         cast<Value>(offsetB));
      if (succeeded(computed))
        delta = *computed;
    }
    if (delta && *delta % *stepA != 0)
      return true;
  }
  // Ranges: the lowest and highest index of each.
  auto bounds = [&](OpFoldResult offset, OpFoldResult size, int64_t step) {
    Variable first = indexAt(context, offset, size, 0);
    Variable last = indexAt(context, offset, size, step);
    return step >= 0 ? std::make_pair(first, last)
                     : std::make_pair(last, first);
  };
  auto [lowA, highA] = bounds(offsetA, sizeA, *stepA);
  auto [lowB, highB] = bounds(offsetB, sizeB, *stepB);
  using Cmp = ValueBoundsConstraintSet::ComparisonOperator;
  return ValueBoundsConstraintSet::compare(highA, Cmp::LT, lowB) ||
         ValueBoundsConstraintSet::compare(highB, Cmp::LT, lowA);
}

ViewOverlap compareViews(Value a, Value b) {
  a = skipCasts(a);
  b = skipCasts(b);
  if (a == b)
    return ViewOverlap::Same;
  Value rootA = getRootBuffer(a), rootB = getRootBuffer(b);
  if (rootA != rootB)
    return areApartRoots(rootA, rootB) ? ViewOverlap::Disjoint
                                       : ViewOverlap::May;
  // Reshapes keep the elements a subview holds: apart or not is decided on
  // the subviews (the same only without them).
  auto viewA = skipReshapes(a).getDefiningOp<memref::SubViewOp>();
  auto viewB = skipReshapes(b).getDefiningOp<memref::SubViewOp>();
  if (!viewA || !viewB ||
      skipCasts(viewA.getSource()) != skipCasts(viewB.getSource()))
    return ViewOverlap::May;
  SmallVector<OpFoldResult> offsetsA = viewA.getMixedOffsets();
  SmallVector<OpFoldResult> sizesA = viewA.getMixedSizes();
  SmallVector<OpFoldResult> stridesA = viewA.getMixedStrides();
  SmallVector<OpFoldResult> offsetsB = viewB.getMixedOffsets();
  SmallVector<OpFoldResult> sizesB = viewB.getMixedSizes();
  SmallVector<OpFoldResult> stridesB = viewB.getMixedStrides();
  auto equal = [](ArrayRef<OpFoldResult> x, ArrayRef<OpFoldResult> y) {
    return llvm::all_of_zip(x, y, [](OpFoldResult p, OpFoldResult q) {
      return isEqualConstantIntOrValue(p, q);
    });
  };
  if (viewA.getResult() == a && viewB.getResult() == b &&
      viewA.getType() == viewB.getType() && equal(offsetsA, offsetsB) &&
      equal(sizesA, sizesB) && equal(stridesA, stridesB))
    return ViewOverlap::Same;
  MLIRContext *context = a.getContext();
  for (unsigned dim = 0, rank = offsetsA.size(); dim < rank; ++dim)
    if (areApartInDim(context, offsetsA[dim], sizesA[dim], stridesA[dim],
                      offsetsB[dim], sizesB[dim], stridesB[dim]))
      return ViewOverlap::Disjoint;
  return ViewOverlap::May;
}

bool readsApartFromWrites(linalg::LinalgOp op, bool inPlace) {
  for (OpOperand &init : op.getDpsInitsMutable()) {
    for (OpOperand &other : op.getDpsInitsMutable())
      if (&other != &init &&
          getRootBuffer(other.get()) == getRootBuffer(init.get()) &&
          compareViews(other.get(), init.get()) != ViewOverlap::Disjoint)
        return false;
    AffineMap initMap = op.getMatchingIndexingMap(&init);
    for (OpOperand *input : op.getDpsInputOperands()) {
      if (!isa<BaseMemRefType>(input->get().getType()) ||
          getRootBuffer(input->get()) != getRootBuffer(init.get()))
        continue;
      switch (compareViews(input->get(), init.get())) {
      case ViewOverlap::Disjoint:
        continue;
      case ViewOverlap::Same:
        if (inPlace && op.getMatchingIndexingMap(input) == initMap)
          continue;
        return false;
      case ViewOverlap::May:
        return false;
      }
    }
  }
  return true;
}

bool mayWriteInto(Operation *op, Value view,
                  llvm::function_ref<bool(Operation *, Value)> allowed) {
  WalkResult result = op->walk([&](Operation *nested) {
    if (isa<cf::AssertOp>(nested))
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!effects)
      return nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (!isa<MemoryEffects::Write, MemoryEffects::Free>(instance.getEffect()))
        continue;
      Value written = instance.getValue();
      if (!written || !isa<BaseMemRefType>(written.getType()))
        return WalkResult::interrupt();
      if (compareViews(written, view) == ViewOverlap::Disjoint)
        continue;
      if (allowed && allowed(nested, written))
        continue;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

} // namespace detail
} // namespace slice
} // namespace mlir
