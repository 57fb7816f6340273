//===- CopyLowering.h - Memref copies as vectorized run loops ---*- C++ -*-===//
//
// The copy that materializes a slice (`linalg.copy` out of a view, or the
// `memref.copy` bufferization inserts for a view returned across a function
// boundary) lowered to loops that move whole runs, instead of upstream's
// generic runtime `memrefCopy`, which moves one element per call.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_TRANSFORMS_COPYLOWERING_H
#define SLICE_TRANSFORMS_COPYLOWERING_H

#include "mlir/IR/PatternMatch.h"

#include <cstdint>

namespace mlir {
namespace slice {

/// Tuning of the copy loops; the `--slice-lower-copies` options.
struct CopyLoweringOptions {
  /// Bytes moved by one vector access (a power of two, at least 16). The
  /// LLVM backend splits wider vectors into the target's registers.
  int64_t vectorBytes = 64;
  /// Vector accesses per iteration of the main loop of a run.
  int64_t unroll = 4;
  /// Copies of at least this many bytes store with non-temporal hints,
  /// aligned: the destination then bypasses the cache instead of being
  /// read for ownership first. Negative: never.
  int64_t nontemporalBytes = 32 << 20;
  /// Copies of at least this many bytes run their outermost loop as an
  /// `scf.parallel` (a single run is cut into 1 MiB chunks), for a pipeline
  /// that lowers it to threads. Negative: never.
  int64_t parallelBytes = -1;
};

/// Lowers the copy `op` from `source` to `target` (memrefs of one shape and
/// element type) into loops, and erases it. Dimensions of size 1 are
/// dropped, dimensions contiguous in both memrefs are merged, and the
/// innermost one is moved as a run: `memcpy` or vector loads and stores
/// when the source stride is 1, vector loads reversed by a shuffle when it
/// is -1, scalar loads packed into vectors otherwise, scalar loads and
/// stores when the target is not contiguous or the element type has no
/// vector form (i1). Strides known only at run time get a run-time choice
/// between these loops.
/// Fails, leaving the IR unchanged, for unranked or non-strided memrefs.
LogicalResult lowerCopyToRunLoops(RewriterBase &rewriter, Operation *op,
                                  Value source, Value target,
                                  const CopyLoweringOptions &options);

/// Adds patterns that lower `memref.copy` and buffer-semantics
/// `linalg.copy` in place with `lowerCopyToRunLoops`, without non-temporal
/// stores into a buffer `memref.alloc` made just before. A copy between
/// two contiguous memrefs that upstream already lowers to one `memcpy`
/// stays (a `linalg.copy` becomes that `memref.copy`); one known to be
/// empty is erased. `--slice-lower-copies` does the same, but puts the
/// loops in one function per pair of types (unless `outline=false`).
void populateSliceCopyLoweringPatterns(RewritePatternSet &patterns,
                                       const CopyLoweringOptions &options);

/// Shape of the GPU copy kernels; the `--slice-copies-to-gpu` options.
struct GPUCopyOptions {
  /// Threads per block.
  int64_t blockSize = 256;
  /// Bytes one thread moves with one vector access (4, 8 or 16).
  int64_t vectorBytes = 16;
};

/// Replaces the copy `op` from `source` to `target` (strided memrefs of one
/// shape and element type, both in device memory) by GPU-mapped parallel
/// loops (a block nest of `scf.parallel` with `#gpu.loop_dim_map`), for
/// `--convert-parallel-loops-to-gpu`. Consecutive threads move consecutive
/// chunks of the target: aligned vectors when the alignment, checked on the
/// host when not known, allows, single elements otherwise.
/// Fails, leaving the IR unchanged, for unranked or non-strided memrefs.
LogicalResult lowerCopyToGPULoops(RewriterBase &rewriter, Operation *op,
                                  Value source, Value target,
                                  const GPUCopyOptions &options);

/// Adds patterns that apply `lowerCopyToGPULoops` to `memref.copy` and
/// buffer-semantics `linalg.copy` (what `--slice-copies-to-gpu` runs).
void populateSliceCopyToGPUPatterns(RewritePatternSet &patterns,
                                    const GPUCopyOptions &options);

} // namespace slice
} // namespace mlir

#endif // SLICE_TRANSFORMS_COPYLOWERING_H
