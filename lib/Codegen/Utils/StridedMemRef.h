//===- StridedMemRef.h - Strided memrefs and copies -------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceCodegen: the analysis of a copy between two strided
// memrefs that the CPU run loops (CPU/CopyNest.cpp) and the GPU kernels
// (GPU/CopiesToGPU.cpp) both start from. A copy is flattened into 1-D views
// of its two base buffers and a list of dimensions whose every access is
// `offset + sum(index * stride)`.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_CODEGEN_UTILS_STRIDEDMEMREF_H
#define SLICE_LIB_CODEGEN_UTILS_STRIDEDMEMREF_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"

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

/// Emits `thenFn` when `cond` holds and `elseFn` otherwise: straight-line
/// code when `cond` is known, an `scf.if` when not.
void emitIf(OpBuilder &b, Location loc, OpFoldResult cond,
            llvm::function_ref<void(OpBuilder &, Location)> thenFn,
            llvm::function_ref<void(OpBuilder &, Location)> elseFn);

/// Whether upstream lowers a copy between memrefs of this type to `memcpy`.
bool isMemcpyLayout(MemRefType type);

/// Whether `value` is a multiple of `multiple` (a power of two): folded
/// when known, an `arith` test otherwise.
OpFoldResult isMultipleOf(OpBuilder &b, Location loc, OpFoldResult value,
                          int64_t multiple);

/// Bytes of one element, or 0 when vectors of it would not match the
/// memory layout of a memref of it (i1 and other sub-byte types).
int64_t vectorElementBytes(Type type);

/// The buffer `value` views: through subviews, casts, reshapes and
/// transposes to the value that none of those made.
Value getRootBuffer(Value value);

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
  /// Nothing to copy: a dimension is known to be empty, or a memref is
  /// `isBeyondAnyBuffer`.
  bool empty = false;
};

/// Flattens the copy from `source` to `target` (memrefs of one shape);
/// fails for layouts that are not strided.
FailureOr<FlatCopy> flattenCopy(OpBuilder &b, Location loc, Value source,
                                Value target);

/// Flattens the copy `op` (from `source` to `target`) at `op`, leaving the
/// insertion point there; erases `op` where nothing is copied (the result
/// is then `empty`). A match failure for layouts that are not strided.
FailureOr<FlatCopy> flattenCopyAt(RewriterBase &rewriter, Operation *op,
                                  Value source, Value target);

/// Whether `memref` is a buffer `memref.alloc` (or `gpu.alloc`) has just made
/// (seen through casts), whose pages the copy into it will be the first to
/// touch.
bool isFreshAllocation(Value memref);

/// Whether no buffer holds a memref of `type` with an element in it: its
/// static sizes multiply past INT64_MAX, or its static offset, sizes and
/// strides reach element INT64_MAX or beyond. A copy of one never runs
/// (only code a failed run-time check guards can hold one, such as an
/// offset-mode window whose extent is a constant INT64_MIN), and its
/// element counts would wrap into invalid static sizes.
bool isBeyondAnyBuffer(MemRefType type);

/// What becomes of a copy.
enum class CopyAction {
  /// Unranked or not strided: left alone.
  Leave,
  /// Known to be empty, or of a memref `isBeyondAnyBuffer`: erased.
  Erase,
  /// Between contiguous memrefs: a memref.copy, which upstream lowers to one
  /// memcpy.
  Memcpy,
  /// Run loops.
  Lower
};

CopyAction classifyCopy(Value source, Value target);

/// Does what `classifyCopy` settles without loops: refuses a copy it leaves
/// (a match failure) and erases one it erases, and returns the pattern's
/// result. Returns std::nullopt otherwise, with `action` the copy's
/// (Memcpy or Lower) for the caller to lower.
std::optional<LogicalResult> settleCopy(RewriterBase &rewriter, Operation *op,
                                        Value source, Value target,
                                        CopyAction &action);

/// The two memrefs of a copy between buffers.
struct BufferCopy {
  Value source, target;
};

/// The source and target of `op` when it is a `memref.copy`, or a
/// `linalg.copy` or an element-wise `linalg.generic` copy (identity maps,
/// yielding its input) with pure buffer semantics; std::nullopt otherwise.
std::optional<BufferCopy> getBufferCopy(Operation *op);

/// A pattern that rewrites a copy between buffers (`CopyOp` is
/// memref::CopyOp, linalg::CopyOp or linalg::GenericOp) with `lower(rewriter,
/// op, source, target, options)`.
template <typename CopyOp, typename OptionsT>
struct BufferCopyPattern : OpRewritePattern<CopyOp> {
  using LowerFn = LogicalResult (*)(RewriterBase &, Operation *, Value, Value,
                                    const OptionsT &);

  BufferCopyPattern(MLIRContext *context, const OptionsT &options,
                    LowerFn lower)
      : OpRewritePattern<CopyOp>(context), options(options), lower(lower) {}

  LogicalResult matchAndRewrite(CopyOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<BufferCopy> copy = getBufferCopy(op);
    if (!copy)
      return rewriter.notifyMatchFailure(op, "not a copy between buffers");
    return lower(rewriter, op, copy->source, copy->target, options);
  }

  OptionsT options;
  LowerFn lower;
};

/// Adds the BufferCopyPattern of each copy op (memref.copy, linalg.copy and
/// element-wise linalg.generic copies) with `lower` and `options`.
template <typename OptionsT>
void addBufferCopyPatterns(
    RewritePatternSet &patterns, const OptionsT &options,
    typename BufferCopyPattern<memref::CopyOp, OptionsT>::LowerFn lower) {
  patterns.add<BufferCopyPattern<memref::CopyOp, OptionsT>,
               BufferCopyPattern<linalg::CopyOp, OptionsT>,
               BufferCopyPattern<linalg::GenericOp, OptionsT>>(
      patterns.getContext(), options, lower);
}

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CODEGEN_UTILS_STRIDEDMEMREF_H
