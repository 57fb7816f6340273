//===- StridedMemRef.cpp - Strided memrefs and copies ---------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "StridedMemRef.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Semantics/Semantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;

namespace mlir {
namespace slice {
namespace detail {

bool isMemcpyLayout(MemRefType type) {
  return type.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(type);
}

OpFoldResult isMultipleOf(OpBuilder &b, Location loc, OpFoldResult value,
                          int64_t multiple) {
  if (std::optional<int64_t> known = getConstantIntValue(value))
    return b.getBoolAttr((*known & (multiple - 1)) == 0);
  Value low = arith::AndIOp::create(
      b, loc, getValueOrCreateConstantIndexOp(b, loc, value),
      arith::ConstantIndexOp::create(b, loc, multiple - 1));
  return ArithIndexBuilder(b, loc).equal(low, b.getIndexAttr(0));
}
int64_t vectorElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (!type.isIntOrFloat())
    return 0;
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits < 8 || !llvm::isPowerOf2_32(bits))
    return 0;
  return bits / 8;
}

Value getRootBuffer(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    // memref.transpose is a view that does not say so in MLIR 22.
    if (auto transpose = dyn_cast<memref::TransposeOp>(def)) {
      value = transpose.getIn();
      continue;
    }
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      break;
    value = view.getViewSource();
  }
  return value;
}

FailureOr<StridedMetadata> getStridedMetadata(OpBuilder &b, Location loc,
                                              Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return failure();
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  StridedMetadata result;
  result.base = metadata.getBaseBuffer();
  result.offset = ShapedType::isDynamic(offset)
                      ? OpFoldResult(metadata.getOffset())
                      : OpFoldResult(b.getIndexAttr(offset));
  for (int64_t dim = 0, rank = type.getRank(); dim < rank; ++dim) {
    int64_t size = type.getDimSize(dim);
    result.sizes.push_back(ShapedType::isDynamic(size)
                               ? OpFoldResult(metadata.getSizes()[dim])
                               : OpFoldResult(b.getIndexAttr(size)));
    result.strides.push_back(ShapedType::isDynamic(strides[dim])
                                 ? OpFoldResult(metadata.getStrides()[dim])
                                 : OpFoldResult(b.getIndexAttr(strides[dim])));
  }
  return result;
}

/// A 1-D identity view of `metadata`'s base buffer long enough for every
/// element the strided memref reaches.
Value flatView(OpBuilder &b, Location loc, const StridedMetadata &metadata) {
  auto baseType = cast<MemRefType>(metadata.base.getType());
  // The last element reached is offset + sum(max(0, (size - 1) * stride)).
  Value last = getValueOrCreateConstantIndexOp(b, loc, metadata.offset);
  for (auto [size, stride] : llvm::zip(metadata.sizes, metadata.strides)) {
    Value sizeValue = getValueOrCreateConstantIndexOp(b, loc, size);
    Value reach = b.createOrFold<arith::MulIOp>(
        loc,
        b.createOrFold<arith::SubIOp>(
            loc, sizeValue, arith::ConstantIndexOp::create(b, loc, 1)),
        getValueOrCreateConstantIndexOp(b, loc, stride));
    last = b.createOrFold<arith::AddIOp>(
        loc, last,
        b.createOrFold<arith::MaxSIOp>(
            loc, reach, arith::ConstantIndexOp::create(b, loc, 0)));
  }
  Value length = b.createOrFold<arith::AddIOp>(
      loc, last, arith::ConstantIndexOp::create(b, loc, 1));
  auto flatType =
      MemRefType::get({ShapedType::kDynamic}, baseType.getElementType(),
                      AffineMap(), baseType.getMemorySpace());
  return memref::ReinterpretCastOp::create(
      b, loc, flatType, metadata.base, b.getIndexAttr(0),
      ArrayRef<OpFoldResult>{getAsOpFoldResult(length)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
}

/// Drops dimensions of size 1 and merges each dimension into the next
/// inner one when both memrefs are contiguous across them (known
/// statically). Returns std::nullopt when a dimension is known to be empty.
std::optional<SmallVector<CopyDim>> flattenDims(OpBuilder &b, Location loc,
                                                const StridedMetadata &source,
                                                const StridedMetadata &target) {
  SmallVector<CopyDim> dims;
  for (auto [size, sourceStride, targetStride] :
       llvm::zip(source.sizes, source.strides, target.strides)) {
    std::optional<int64_t> known = getConstantIntValue(size);
    if (known == 0)
      return std::nullopt;
    if (known == 1)
      continue;
    dims.push_back({size, sourceStride, targetStride});
  }
  SmallVector<CopyDim> merged;
  for (CopyDim dim : llvm::reverse(dims)) {
    if (!merged.empty()) {
      CopyDim &inner = merged.back();
      auto contiguousWith = [&](OpFoldResult outerStride,
                                OpFoldResult innerStride) {
        std::optional<int64_t> outer = getConstantIntValue(outerStride);
        std::optional<int64_t> span = getConstantIntValue(
            ArithIndexBuilder(b, loc).mul(innerStride, inner.size));
        return outer && span && *outer == *span;
      };
      if (contiguousWith(dim.sourceStride, inner.sourceStride) &&
          contiguousWith(dim.targetStride, inner.targetStride)) {
        inner.size = ArithIndexBuilder(b, loc).mul(dim.size, inner.size);
        continue;
      }
    }
    merged.push_back(dim);
  }
  std::reverse(merged.begin(), merged.end());
  return merged;
}

/// Whether `memref` is a buffer `memref.alloc` has just made (seen through
/// casts), whose pages the copy into it will be the first to touch.
bool isFreshAllocation(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (isa<memref::AllocOp, gpu::AllocOp>(def))
      return true;
    if (!isa<memref::CastOp, memref::ReinterpretCastOp>(def))
      return false;
    memref = def->getOperand(0);
  }
  return false;
}

bool isBeyondAnyBuffer(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  // Lower bounds of the element count (the static sizes' product,
  // checkedProduct) and of the last element reached (offset +
  // sum(max(0, (size - 1) * stride))): the unknown terms are at least 1
  // and 0 in any memref that holds an element.
  SmallVector<int64_t> staticSizes;
  llvm::copy_if(type.getShape(), std::back_inserter(staticSizes),
                [](int64_t size) { return !ShapedType::isDynamic(size); });
  if (!checkedProduct(staticSizes))
    return true;
  int64_t last = ShapedType::isDynamic(offset) ? 0 : offset;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
    if (ShapedType::isDynamic(size))
      continue;
    int64_t reach;
    if (!ShapedType::isDynamic(stride) && stride > 0 &&
        (llvm::MulOverflow(size - 1, stride, reach) ||
         llvm::AddOverflow(last, reach, last)))
      return true;
  }
  // The flat view of the base buffer holds last + 1 elements.
  return last == std::numeric_limits<int64_t>::max();
}

CopyAction classifyCopy(Value source, Value target) {
  auto sourceType = dyn_cast<MemRefType>(source.getType());
  auto targetType = dyn_cast<MemRefType>(target.getType());
  if (!sourceType || !targetType || !sourceType.isStrided() ||
      !targetType.isStrided())
    return CopyAction::Leave;
  if (llvm::is_contained(sourceType.getShape(), 0) ||
      llvm::is_contained(targetType.getShape(), 0) ||
      isBeyondAnyBuffer(sourceType) || isBeyondAnyBuffer(targetType))
    return CopyAction::Erase;
  if (isMemcpyLayout(sourceType) && isMemcpyLayout(targetType))
    return CopyAction::Memcpy;
  return CopyAction::Lower;
}

std::optional<LogicalResult> settleCopy(RewriterBase &rewriter, Operation *op,
                                        Value source, Value target,
                                        CopyAction &action) {
  action = classifyCopy(source, target);
  if (action == CopyAction::Leave)
    return rewriter.notifyMatchFailure(op, "unranked or non-strided memref");
  if (action != CopyAction::Erase)
    return std::nullopt;
  rewriter.eraseOp(op);
  return success();
}

void emitIf(OpBuilder &b, Location loc, OpFoldResult cond,
            llvm::function_ref<void(OpBuilder &, Location)> thenFn,
            llvm::function_ref<void(OpBuilder &, Location)> elseFn) {
  if (std::optional<bool> known = getConstantBool(cond)) {
    if (*known)
      thenFn(b, loc);
    else
      elseFn(b, loc);
    return;
  }
  scf::IfOp::create(
      b, loc, cast<Value>(cond),
      [&](OpBuilder &nested, Location nestedLoc) {
        thenFn(nested, nestedLoc);
        scf::YieldOp::create(nested, nestedLoc);
      },
      [&](OpBuilder &nested, Location nestedLoc) {
        elseFn(nested, nestedLoc);
        scf::YieldOp::create(nested, nestedLoc);
      });
}

FailureOr<FlatCopy> flattenCopy(OpBuilder &b, Location loc, Value source,
                                Value target) {
  FailureOr<StridedMetadata> sourceMeta = getStridedMetadata(b, loc, source);
  FailureOr<StridedMetadata> targetMeta = getStridedMetadata(b, loc, target);
  if (failed(sourceMeta) || failed(targetMeta))
    return failure();
  // The shapes are equal; take the static sizes either one knows.
  for (auto [sourceSize, targetSize] :
       llvm::zip(sourceMeta->sizes, targetMeta->sizes))
    if (!getConstantIntValue(sourceSize))
      sourceSize = targetSize;
  FlatCopy copy;
  std::optional<SmallVector<CopyDim>> dims =
      flattenDims(b, loc, *sourceMeta, *targetMeta);
  copy.empty = !dims || isBeyondAnyBuffer(cast<MemRefType>(source.getType())) ||
               isBeyondAnyBuffer(cast<MemRefType>(target.getType()));
  if (dims)
    copy.dims = std::move(*dims);
  copy.source = std::move(*sourceMeta);
  copy.target = std::move(*targetMeta);
  return copy;
}

FailureOr<FlatCopy> flattenCopyAt(RewriterBase &rewriter, Operation *op,
                                  Value source, Value target) {
  rewriter.setInsertionPoint(op);
  FailureOr<FlatCopy> copy =
      flattenCopy(rewriter, op->getLoc(), source, target);
  if (failed(copy))
    return rewriter.notifyMatchFailure(op, "non-strided layout");
  if (copy->empty)
    rewriter.eraseOp(op);
  return copy;
}

std::optional<BufferCopy> getBufferCopy(Operation *op) {
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return BufferCopy{copy.getSource(), copy.getTarget()};
  if (auto copy = dyn_cast<linalg::CopyOp>(op);
      copy && copy.hasPureBufferSemantics())
    return BufferCopy{copy.getDpsInputs().front(), copy.getDpsInits().front()};
  // The element-wise copies --slice-protect-view-reads makes of linalg.copy.
  if (auto generic = dyn_cast<linalg::GenericOp>(op);
      generic && generic.hasPureBufferSemantics() &&
      linalg::isaCopyOpInterface(generic)) {
    Value source = generic.getDpsInputs().front();
    Value target = generic.getDpsInits().front();
    auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
    if (yield.getValues().front() == generic.getBody()->getArgument(0) &&
        getElementTypeOrSelf(source) == getElementTypeOrSelf(target))
      return BufferCopy{source, target};
  }
  return std::nullopt;
}

} // namespace detail
} // namespace slice
} // namespace mlir
