//===- Axes.cpp - The axes encoding of a slice ----------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Paddle's and ONNX's axes encoding, translated to TensorFlow's spec.
//
//===----------------------------------------------------------------------===//

#include "Slice/Semantics/Axes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::slice;
using llvm::SmallVector;

//===----------------------------------------------------------------------===//
// Axes encoding
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t>>
mlir::slice::mapAxesToDims(llvm::ArrayRef<int64_t> axes, unsigned rank,
                           std::string &error) {
  llvm::raw_string_ostream os(error);
  SmallVector<int64_t> entryOfDim(rank, -1);
  int64_t signedRank = rank;
  for (auto [entry, axis] : llvm::enumerate(axes)) {
    if (axis < -signedRank || axis >= signedRank) {
      os << "axis " << axis << " of entry " << entry << " is out of range [-"
         << rank << ", " << rank << ") for an input of rank " << rank;
      return std::nullopt;
    }
    int64_t dim = axis < 0 ? axis + signedRank : axis;
    if (entryOfDim[dim] >= 0) {
      os << "axis " << axis << " of entry " << entry << " names dimension "
         << dim << ", which entry " << entryOfDim[dim]
         << " already slices (axis " << axes[entryOfDim[dim]] << ")";
      return std::nullopt;
    }
    entryOfDim[dim] = entry;
  }
  return entryOfDim;
}

std::optional<SparseSliceSpec> mlir::slice::buildAxesSpec(
    llvm::ArrayRef<int64_t> axes, llvm::ArrayRef<MaybeInt> starts,
    llvm::ArrayRef<MaybeInt> ends, llvm::ArrayRef<MaybeInt> strides,
    unsigned rank, std::string &error,
    llvm::SmallVectorImpl<int64_t> *sourceEntries) {
  llvm::raw_string_ostream os(error);
  size_t numEntries = axes.size();
  if (starts.size() != numEntries || ends.size() != numEntries ||
      strides.size() != numEntries) {
    os << "axes, starts, ends and strides must have the same length, but have "
       << axes.size() << ", " << starts.size() << ", " << ends.size() << " and "
       << strides.size() << " entries";
    return std::nullopt;
  }
  std::optional<SmallVector<int64_t>> entryOfDim =
      mapAxesToDims(axes, rank, error);
  if (!entryOfDim)
    return std::nullopt;
  for (auto [entry, stride] : llvm::enumerate(strides)) {
    if (stride && *stride == 0) {
      os << "stride of entry " << entry << " (axis " << axes[entry] << ") is 0";
      return std::nullopt;
    }
  }

  // One entry per dimension up to the last named one; the implicit
  // trailing ellipsis covers the rest.
  SparseSliceSpec spec;
  int64_t lastNamed = -1;
  for (auto [dim, entry] : llvm::enumerate(*entryOfDim))
    if (entry >= 0)
      lastNamed = dim;
  for (int64_t dim = 0; dim <= lastNamed; ++dim) {
    int64_t entry = (*entryOfDim)[dim];
    if (sourceEntries)
      sourceEntries->push_back(entry);
    if (entry < 0) {
      spec.masks.begin |= uint64_t(1) << dim;
      spec.masks.end |= uint64_t(1) << dim;
      spec.begin.push_back(0);
      spec.end.push_back(0);
      spec.strides.push_back(1);
      continue;
    }
    spec.begin.push_back(starts[entry]);
    spec.end.push_back(ends[entry]);
    spec.strides.push_back(strides[entry]);
  }
  return spec;
}
