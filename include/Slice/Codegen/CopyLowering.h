//===- CopyLowering.h - Memref copies as vectorized run loops ---*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The copy that materializes a slice (`linalg.copy` out of a view, or the
// `memref.copy` bufferization inserts for a view returned across a function
// boundary) lowered to loops that move whole runs, instead of upstream's
// generic runtime `memrefCopy`, which moves one element per call.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CODEGEN_COPYLOWERING_H
#define SLICE_CODEGEN_COPYLOWERING_H

#include "Slice/Codegen/Passes.h"

#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir {
namespace slice {

/// Tuning of the copy loops: the `--slice-lower-copies` options, whose
/// defaults and meaning Passes.td declares (`outline` matters to the pass
/// only). `checkCopyLoweringOptions` says whether they are valid.
using CopyLoweringOptions = SliceLowerCopiesOptions;

/// `nontemporalBytes` values that are not a size: never store
/// non-temporally, or take the threshold of the machine the program runs
/// on (the default), read at run time.
constexpr int64_t kNontemporalNever = -1;
constexpr int64_t kNontemporalFromMachine = -2;

/// Checks `options` (a power-of-two `vectorBytes` of at least 16, `unroll`
/// at least 1, `nontemporalBytes` a size or one of the two markers); on
/// failure, `reason` says what is wrong.
LogicalResult checkCopyLoweringOptions(const CopyLoweringOptions &options,
                                       std::string &reason);

/// Lowers the copy `op` from `source` to `target` (memrefs of one shape and
/// element type) into loops, and erases it. Dimensions of size 1 are
/// dropped, dimensions contiguous in both memrefs are merged, and the
/// innermost one is moved as a run: `memcpy` or vector loads and stores
/// when the source stride is 1, vector loads reversed by a shuffle when it
/// is -1, scalar loads packed into vectors otherwise. A reversed target is
/// walked from its other end (contiguous, with the source stride negated);
/// a target stride up to 4 gets vector loads stored lane by lane from a
/// source of stride 1 or -1, scalar loads and stores otherwise, as does an
/// element type with no vector form (i1). Strides known only at run time
/// get a run-time choice between these loops.
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

/// Shape of the GPU copy kernels: the `--slice-copies-to-gpu` options
/// (Passes.td).
using GPUCopyOptions = SliceCopiesToGPUOptions;

/// Checks `options` (`blockSize` 1 to 1024, `vectorBytes` 4, 8 or 16); on
/// failure, `reason` says what is wrong.
LogicalResult checkGPUCopyOptions(const GPUCopyOptions &options,
                                  std::string &reason);

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

#endif // SLICE_CODEGEN_COPYLOWERING_H
