//===- Update.cpp - Writing into a slice ----------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// NumPy's assignment broadcasting and the elements an update writes.
//
//===----------------------------------------------------------------------===//

#include "Slice/Semantics/Update.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::slice;
using llvm::SmallVector;

std::optional<llvm::SmallVector<UpdateDimMatch>>
mlir::slice::matchUpdateValue(llvm::ArrayRef<MaybeInt> value,
                              llvm::ArrayRef<MaybeInt> slice,
                              std::string &error) {
  llvm::raw_string_ostream os(error);
  size_t leading =
      value.size() > slice.size() ? value.size() - slice.size() : 0;
  llvm::SmallVector<UpdateDimMatch> matches;
  for (auto [index, size] : llvm::enumerate(value)) {
    if (index < leading) {
      // NumPy drops leading value dimensions of size 1 (`a[:] = [[1, 2]]`
      // on a 2-element a).
      if (size && *size != 1) {
        os << "value dimension " << index << " has size " << *size
           << " and lines up with no slice dimension (the value has rank "
           << value.size() << ", the slice " << slice.size()
           << "): it must have size 1";
        return std::nullopt;
      }
      matches.push_back(size ? UpdateDimMatch::Dropped
                             : UpdateDimMatch::CheckedAtRunTime);
      continue;
    }
    size_t sliceDim = index - value.size() + slice.size();
    MaybeInt target = slice[sliceDim];
    if (size && target && *size == *target) {
      matches.push_back(UpdateDimMatch::Equal);
    } else if (size == 1) {
      matches.push_back(UpdateDimMatch::Stretched);
    } else if (size && target) {
      os << "value dimension " << index << " has size " << *size
         << " but slice dimension " << sliceDim << " has size " << *target
         << " (the value broadcasts only from size 1)";
      return std::nullopt;
    } else {
      matches.push_back(UpdateDimMatch::CheckedAtRunTime);
    }
  }
  return matches;
}

bool mlir::slice::forEachUpdatedIndex(
    const ResolvedSlice &slice, llvm::ArrayRef<int64_t> destShape,
    llvm::ArrayRef<int64_t> valueShape, llvm::ArrayRef<UpdateDimMatch> matches,
    llvm::function_ref<void(int64_t, int64_t)> fn) {
  if (matches.size() != valueShape.size() ||
      !llvm::all_of(slice.resultShape,
                    [](MaybeInt size) { return size.has_value(); }))
    return false;
  SmallVector<int64_t> sliceShape;
  for (MaybeInt size : slice.resultShape)
    sliceShape.push_back(*size);
  // The value's row-major strides over the slice's dimensions, 0 where a
  // value dimension is stretched or missing.
  SmallVector<int64_t> valueStrides(sliceShape.size(), 0);
  int64_t stride = 1;
  for (size_t index = valueShape.size(); index-- > 0;) {
    int64_t sliceDim = int64_t(index) - int64_t(valueShape.size()) +
                       int64_t(sliceShape.size());
    if (sliceDim >= 0 && matches[index] != UpdateDimMatch::Stretched)
      valueStrides[sliceDim] = stride;
    stride *= valueShape[index];
  }
  SmallVector<int64_t> position(sliceShape.size(), 0);
  return forEachSelectedIndex(slice, destShape, [&](int64_t flat) {
    int64_t valueIndex = 0;
    for (auto [at, valueStride] : llvm::zip_equal(position, valueStrides))
      valueIndex += at * valueStride;
    fn(flat, valueIndex);
    // The slice's odometer, in the order the indices come.
    for (size_t d = position.size(); d-- > 0;) {
      if (++position[d] < sliceShape[d])
        break;
      position[d] = 0;
    }
  });
}
