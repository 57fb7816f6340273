//===- ProtectViewReads.h - Subset insertions read through views -*- C++
//-*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A patch for MLIR 22's one-shot-bufferize, which lets a subset insertion
// overwrite what a view of its own buffer still reads
// (lib/Compat/ProtectViewReads.cpp, docs/reliability.md). The pass is
// --slice-protect-view-reads (Slice/Transforms/Passes.h).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_COMPAT_PROTECTVIEWREADS_H
#define SLICE_COMPAT_PROTECTVIEWREADS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {

/// Adds the pattern of --slice-protect-view-reads: a subset insertion
/// (linalg.copy, tensor.insert_slice, ...) whose source reads, through a
/// view, a value one-shot-bufferize may take for the subset it writes gets
/// a source the analysis checks soundly (an element-wise linalg.generic
/// copy). Apply before one-shot-bufferize.
void populateSliceProtectViewReadsPatterns(RewritePatternSet &patterns);

} // namespace slice
} // namespace mlir

#endif // SLICE_COMPAT_PROTECTVIEWREADS_H
