//===- CopyUtils.h - What the copy lowerings share --------------*- C++ -*-===//
//
// Internal to SliceTransforms: the analysis of a copy between two strided
// memrefs that the CPU run loops (LowerCopies.cpp) and the GPU kernels
// (CopiesToGPU.cpp) both start from. A copy is flattened into 1-D views of
// its two base buffers and a list of dimensions whose every access is
// `offset + sum(index * stride)`.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_TRANSFORMS_COPYUTILS_H
#define SLICE_LIB_TRANSFORMS_COPYUTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

#include <optional>

namespace mlir {
namespace slice {
namespace detail {

/// One dimension of a flattened copy.
struct CopyDim {
  OpFoldResult size, sourceStride, targetStride;
};

/// A memref's offset, sizes and strides, static where its type says so.
struct StridedMetadata {
  Value base;
  OpFoldResult offset;
  SmallVector<OpFoldResult> sizes, strides;
};

Value indexValue(OpBuilder &b, Location loc, OpFoldResult value);
Value indexConstant(OpBuilder &b, Location loc, int64_t value);
/// `lhs * rhs`, folded when both are known and the product fits in int64.
OpFoldResult mulIndex(OpBuilder &b, Location loc, OpFoldResult lhs,
                      OpFoldResult rhs);

/// Returns whether `value` (an index) equals `constant`, folded when known.
OpFoldResult equalsIndex(OpBuilder &b, Location loc, OpFoldResult value,
                         int64_t constant);

/// Emits `thenFn` when `cond` holds and `elseFn` otherwise: straight-line
/// code when `cond` is known, an `scf.if` when not.
void emitIf(OpBuilder &b, Location loc, OpFoldResult cond,
            llvm::function_ref<void(OpBuilder &, Location)> thenFn,
            llvm::function_ref<void(OpBuilder &, Location)> elseFn);

/// Whether upstream lowers a copy between memrefs of this type to `memcpy`.
bool isMemcpyLayout(MemRefType type);

/// Bytes of one element, or 0 when vectors of it would not match the
/// memory layout of a memref of it (i1 and other sub-byte types).
int64_t vectorElementBytes(Type type);

/// The strided metadata of `memref` (extract_strided_metadata).
FailureOr<StridedMetadata> getStridedMetadata(OpBuilder &b, Location loc,
                                              Value memref);

/// A 1-D identity view of `metadata`'s base buffer long enough for every
/// element the strided memref reaches.
Value flatView(OpBuilder &b, Location loc, const StridedMetadata &metadata);

/// Drops dimensions of size 1 and merges each dimension into the next
/// inner one when both memrefs are contiguous across them (known
/// statically). Returns std::nullopt when a dimension is known to be empty.
std::optional<SmallVector<CopyDim>> flattenDims(OpBuilder &b, Location loc,
                                                const StridedMetadata &source,
                                                const StridedMetadata &target);

/// A copy between two strided memrefs, flattened: their metadata (the
/// static sizes either one knows filled in on both) and `flattenDims`.
struct FlatCopy {
  StridedMetadata source, target;
  SmallVector<CopyDim> dims;
  /// A dimension is known to be empty: nothing to copy.
  bool empty = false;
};

/// Flattens the copy from `source` to `target` (memrefs of one shape);
/// fails for layouts that are not strided.
FailureOr<FlatCopy> flattenCopy(OpBuilder &b, Location loc, Value source,
                                Value target);

/// Whether `memref` is a buffer `memref.alloc` (or `gpu.alloc`) has just made (seen through
/// casts), whose pages the copy into it will be the first to touch.
bool isFreshAllocation(Value memref);

/// What becomes of a copy.
enum class CopyAction {
  /// Unranked or not strided: left alone.
  Leave,
  /// Known to be empty: erased.
  Erase,
  /// Between contiguous memrefs: a memref.copy, which upstream lowers to one
  /// memcpy.
  Memcpy,
  /// Run loops.
  Lower
};

CopyAction classifyCopy(Value source, Value target);

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_TRANSFORMS_COPYUTILS_H
