//===- Semantics.h - The rules of a strided slice ---------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The single source of truth for what a TensorFlow / NumPy strided slice
// means. Everything else in the project (the verifier, type inference,
// folders, the mask expansion and the lowerings) asks this library; nothing
// re-derives the rules. It depends on LLVM's ADT only and knows nothing of
// the ops: its folder's include path has no MLIR (lib/Semantics).
//
// The library works in two steps:
//
//  1. `buildDenseSpec` (Spec.h) resolves the sparse spec (begin/end/strides
//     plus the five masks, as tf.strided_slice takes them) against the input
//     rank: ellipsis expansion, new axes, shrink entries, the implicit
//     trailing ellipsis. It needs no values, only which entries are which.
//  2. `resolveDimRange` (DimArithmetic.h) turns one dense dimension into its
//     effective start, end, stride and size: negative indices wrap once,
//     out-of-range values clamp like Python slices for either stride sign,
//     masks give the fullest range for the stride's sign.
//
// `resolveStridedSlice` (Spec.h) combines both with validation. The other
// topics: the axes encoding (Axes.h), a slice of a slice (Compose.h),
// writing into a slice (Update.h), Python notation (PythonNotation.h) and
// the part of a range in a shard's window (ShardWindow.h).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_SEMANTICS_SEMANTICS_H
#define SLICE_SEMANTICS_SEMANTICS_H

#include "Slice/Semantics/Axes.h"
#include "Slice/Semantics/Compose.h"
#include "Slice/Semantics/DimArithmetic.h"
#include "Slice/Semantics/PythonNotation.h"
#include "Slice/Semantics/ShardWindow.h"
#include "Slice/Semantics/Spec.h"
#include "Slice/Semantics/Update.h"

#endif // SLICE_SEMANTICS_SEMANTICS_H
