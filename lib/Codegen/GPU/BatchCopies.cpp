//===- BatchCopies.cpp - Runs of alike copies as one copy -----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-batch-copies` (Passes.td): consecutive memref.copy ops of one
// shape and layout, between the same two buffers at offsets that step by
// a constant (the parts of a concat of alike views), as one copy with one
// more dimension: one launch instead of one per part.
//
//===----------------------------------------------------------------------===//

#include "BufferRoots.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEBATCHCOPIES
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {

/// One side of a copy: the buffer it is a view of (a memref of the
/// identity layout), and the view's static offset and strides in it.
struct Side {
  Value root;
  int64_t offset;
  SmallVector<int64_t> strides;

  bool alike(const Side &other) const {
    return root == other.root && strides == other.strides;
  }
};

std::optional<Side> sideOf(Value view) {
  auto type = dyn_cast<MemRefType>(view.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  Side side;
  if (failed(type.getStridesAndOffset(side.strides, side.offset)) ||
      ShapedType::isDynamic(side.offset) ||
      llvm::any_of(side.strides, ShapedType::isDynamic))
    return std::nullopt;
  // Views keep the aligned pointer of what they view: the offset counts
  // from the root's.
  Value root = slice::detail::rootOf(view);
  auto rootType = dyn_cast<MemRefType>(root.getType());
  if (!rootType || !rootType.getLayout().isIdentity())
    return std::nullopt;
  side.root = root;
  return side;
}

/// A copy as its two sides and shape.
struct Part {
  memref::CopyOp copy;
  MemRefType type; // the source's
  Side source, target;
};

std::optional<Part> partOf(memref::CopyOp copy) {
  std::optional<Side> source = sideOf(copy.getSource()),
                      target = sideOf(copy.getTarget());
  if (!source || !target || source->root == target->root)
    return std::nullopt;
  return Part{copy, cast<MemRefType>(copy.getSource().getType()), *source,
              *target};
}

/// Whether no two elements of the strided layout (`sizes`, `strides`)
/// share an address: each dimension's stride, in increasing magnitude,
/// passes the span of the smaller ones.
bool isInjective(ArrayRef<int64_t> sizes, ArrayRef<int64_t> strides) {
  SmallVector<std::pair<int64_t, int64_t>> dims; // |stride|, size
  for (auto [size, stride] : llvm::zip_equal(sizes, strides))
    if (size > 1)
      dims.push_back({stride < 0 ? -stride : stride, size});
  llvm::sort(dims);
  int64_t span = 0;
  for (auto [stride, size] : dims) {
    if (stride <= span)
      return false;
    span += stride * (size - 1);
  }
  return true;
}

struct BatchCopies : slice::impl::SliceBatchCopiesBase<BatchCopies> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      batchBlock(*block);
  }

  void batchBlock(Block &block) {
    SmallVector<Part> run;
    SmallVector<Operation *> ops;
    for (Operation &op : block)
      ops.push_back(&op);
    for (Operation *op : ops) {
      auto copy = dyn_cast<memref::CopyOp>(op);
      std::optional<Part> part = copy ? partOf(copy) : std::nullopt;
      if (part && extends(run, *part)) {
        run.push_back(*part);
        continue;
      }
      if (!part && isMemoryEffectFree(op))
        continue; // the views of the next parts
      flush(run);
      run.clear();
      if (part)
        run.push_back(*part);
    }
    flush(run);
  }

  /// Whether `part` continues `run`: the same buffers, shape and strides,
  /// its offsets one more step of the run's.
  static bool extends(ArrayRef<Part> run, const Part &part) {
    if (run.empty())
      return false;
    const Part &first = run.front(), &last = run.back();
    if (!first.source.alike(part.source) || !first.target.alike(part.target) ||
        first.type.getShape() != part.type.getShape() ||
        first.type.getElementType() != part.type.getElementType())
      return false;
    int64_t sourceStep = part.source.offset - last.source.offset,
            targetStep = part.target.offset - last.target.offset;
    if (run.size() == 1)
      return targetStep != 0;
    return sourceStep ==
               last.source.offset - run[run.size() - 2].source.offset &&
           targetStep == last.target.offset - run[run.size() - 2].target.offset;
  }

  /// Replaces a run of two parts or more by one copy, when the target is
  /// a buffer of this function's (the source cannot alias it) and no two
  /// parts write one element.
  static void flush(ArrayRef<Part> run) {
    if (run.size() < 2 || !slice::detail::isAllocation(run.front().target.root))
      return;
    ArrayRef<int64_t> shape = run.front().type.getShape();
    SmallVector<int64_t> sizes = {static_cast<int64_t>(run.size())};
    sizes.append(shape.begin(), shape.end());
    auto stepped = [&](const Side &first, const Side &second) {
      SmallVector<int64_t> strides = {second.offset - first.offset};
      strides.append(first.strides);
      return strides;
    };
    SmallVector<int64_t> sourceStrides = stepped(run[0].source, run[1].source),
                         targetStrides = stepped(run[0].target, run[1].target);
    if (!isInjective(sizes, targetStrides))
      return;
    memref::CopyOp last = run.back().copy;
    OpBuilder builder(last);
    auto view = [&](const Side &side, ArrayRef<int64_t> strides) {
      auto rootType = cast<MemRefType>(side.root.getType());
      auto type = MemRefType::get(
          sizes, rootType.getElementType(),
          StridedLayoutAttr::get(builder.getContext(), side.offset, strides),
          rootType.getMemorySpace());
      return memref::ReinterpretCastOp::create(
          builder, last.getLoc(), type, side.root, side.offset, sizes, strides);
    };
    Value source = view(run[0].source, sourceStrides);
    Value target = view(run[0].target, targetStrides);
    memref::CopyOp::create(builder, last.getLoc(), source, target);
    for (Part part : run)
      part.copy.erase();
  }
};

} // namespace
