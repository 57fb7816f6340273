//===- CopyRuns.h - The loops of one run of a copy --------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceCodegen: the loops that move one run (the innermost
// dimension of a flattened copy) for the CPU copy lowering. The copy nest
// (CopyNest.cpp) emits the loops around the runs and asks `emitRun` for
// their body; `emitRun` chooses each run's path from the strides once, for
// the whole nest. The paths into a contiguous target are strategy classes
// (CopyRuns.cpp): a new one is a class and a line in the choice.
// docs/lowering.md says how each path and threshold was measured.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_CODEGEN_CPU_COPYRUNS_H
#define SLICE_LIB_CODEGEN_CPU_COPYRUNS_H

#include "mlir/IR/Builders.h"

namespace mlir {
namespace slice {
namespace detail {

/// What the loops of one run (the innermost dimension) need.
struct RunContext {
  /// 1-D identity views of the two base buffers.
  Value source, target;
  /// Bytes of one element; 0 when the element type has no vector form.
  int64_t elementBytes;
  /// Elements per vector access, and vector accesses per unrolled iteration.
  int64_t lanes, unroll;
  OpFoldResult size, sourceStride, targetStride;
  /// The width of `index`, when it is the width of a pointer (the data
  /// layout says both); 0 otherwise, and then no run goes to `memcpy`.
  unsigned pointerIndexBits = 0;
  /// The run is the whole copy (or a thread's chunk of it): contiguous in
  /// both memrefs, it goes to `memcpy` even with non-temporal stores, since
  /// the C library picks its own strategy for one block.
  bool wholeCopy = false;
  /// The run is copied by one of several threads (a chunk of an
  /// scf.parallel): gathers then stream their stores.
  bool parallel = false;
  /// The bytes the copy touches are at least three quarters of the
  /// machine's last-level cache (MachineThresholds), so its source comes
  /// from memory: gathers then load scalars. False for a copy whose runs
  /// never load whole vectors (`mayLoadWide`).
  OpFoldResult pastCache;
};

/// Emits the loops of one run that starts at these elements of the source
/// and the target.
using RunBodyFn = llvm::function_ref<void(
    OpBuilder &, Location, Value /*sourceStart*/, Value /*targetStart*/)>;

/// Emits the loops around the runs of a copy (those of its outer
/// dimensions, or none for a single run) and, at their innermost point,
/// the body of each run. The path of a run depends only on the strides,
/// the sizes and the non-temporal decision, so it is chosen once, outside
/// the nest, and each choice gets a nest of its own (loop unswitching,
/// which llc does not do): chosen inside, every choice's addresses would
/// be live, and spilled, across the whole nest.
using RunNestFn = llvm::function_ref<void(OpBuilder &, Location, RunBodyFn)>;

/// When one run is split across threads, each thread copies a chunk at a
/// time: a 64th of the run, kept between these many bytes. A 64th gives
/// every thread of a machine of up to 64 cores a share of a run just above
/// parallel-bytes (a 146 KiB gather is ten chunks); the bounds keep the
/// chunks long enough for the loop's setup not to show, and short enough
/// for the threads to finish together on long runs.
constexpr int64_t kParallelChunkPieces = 64;
constexpr int64_t kMinParallelChunkBytes = 16 << 10;
constexpr int64_t kMaxParallelChunkBytes = 1 << 20;

/// The largest source stride whose gathers load whole vectors and shuffle;
/// beyond it, a vector's elements lie in more cache lines than the
/// shuffles are worth.
constexpr int64_t kMaxWideStride = 8;

/// Whether a run of source stride `stride` may load whole vectors and
/// shuffle: a stride known to be beyond 2 .. kMaxWideStride never does.
bool mayLoadWide(OpFoldResult stride);

/// Lanes `positions[m]` of the `count` contiguous vectors of `type` from
/// element `first` of the 1-D `flat`, as one vector: the vectors loaded and
/// put together by two-vector shuffles, each adding the lanes of the next
/// vector to those gathered so far (every k-th lane for a stride-k copy
/// run, backwards for a reversed element-wise operand).
Value loadLanePositions(OpBuilder &b, Location loc, Value flat, VectorType type,
                        Value first, int64_t count,
                        ArrayRef<int64_t> positions);

/// `base + index * scale` on index values, folded where known.
Value addScaled(OpBuilder &b, Location loc, Value base, Value index,
                OpFoldResult scale);

/// Emits `for (iv = lb; iv < ub; iv += step) body(iv)`.
void emitFor(OpBuilder &b, Location loc, Value lb, Value ub, Value step,
             llvm::function_ref<void(OpBuilder &, Location, Value)> body);

/// Copies the runs of `nest`, choosing their path from the strides (at run
/// time for strides known only then) and `nontemporal`, once for all of
/// them.
void emitRun(OpBuilder &b, Location loc, const RunContext &ctx, RunNestFn nest,
             OpFoldResult nontemporal);

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CODEGEN_CPU_COPYRUNS_H
