//===- PythonNotation.cpp - Slices in Python notation ---------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The parser of Python / NumPy slice notation.
//
//===----------------------------------------------------------------------===//

#include "Slice/Semantics/PythonNotation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

using namespace mlir::slice;
using llvm::SmallVector;

//===----------------------------------------------------------------------===//
// Python notation
//===----------------------------------------------------------------------===//

std::optional<SparseSliceSpec>
mlir::slice::parsePythonSlice(llvm::StringRef text, std::string &error) {
  SparseSliceSpec spec;
  if (text.trim().empty())
    return spec;
  llvm::SmallVector<llvm::StringRef> entries;
  text.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  if (entries.size() > kMaxSpecEntries) {
    error = "a slice has at most " + std::to_string(kMaxSpecEntries) +
            " entries, got " + std::to_string(entries.size());
    return std::nullopt;
  }
  auto fail = [&](size_t index, llvm::StringRef entry, llvm::StringRef why) {
    error = ("entry " + llvm::Twine(index) + " '" + entry.trim() + "': " + why)
                .str();
    return std::nullopt;
  };
  auto parseInt = [](llvm::StringRef part, int64_t &value) {
    part = part.trim();
    bool negative = part.consume_front("-");
    if (!negative)
      part.consume_front("+");
    uint64_t magnitude;
    if (part.empty() || part.getAsInteger(10, magnitude))
      return false;
    if (negative ? magnitude > uint64_t(1) << 63
                 : magnitude > uint64_t(INT64_MAX))
      return false;
    value = negative ? int64_t(0 - magnitude) : int64_t(magnitude);
    return true;
  };
  for (auto [index, entry] : llvm::enumerate(entries)) {
    llvm::StringRef trimmed = entry.trim();
    uint64_t bit = uint64_t(1) << index;
    int64_t begin = 0, end = 0, stride = 1;
    if (trimmed == "...") {
      if (spec.masks.ellipsis)
        return fail(index, entry, "a second ellipsis");
      spec.masks.ellipsis |= bit;
    } else if (trimmed == "newaxis" || trimmed == "None") {
      spec.masks.newAxis |= bit;
    } else if (!trimmed.contains(':')) {
      if (!parseInt(trimmed, begin))
        return fail(index, entry,
                    "not an int64 index, a range, '...' or "
                    "'newaxis'");
      end = shrinkIndexEnd(begin);
      spec.masks.shrinkAxis |= bit;
    } else {
      llvm::SmallVector<llvm::StringRef> parts;
      trimmed.split(parts, ':');
      if (parts.size() > 3)
        return fail(index, entry, "more than two ':'");
      if (parts[0].trim().empty())
        spec.masks.begin |= bit;
      else if (!parseInt(parts[0], begin))
        return fail(index, entry, "the begin is not an int64");
      if (parts[1].trim().empty())
        spec.masks.end |= bit;
      else if (!parseInt(parts[1], end))
        return fail(index, entry, "the end is not an int64");
      if (parts.size() == 3 && !parts[2].trim().empty() &&
          !parseInt(parts[2], stride))
        return fail(index, entry, "the stride is not an int64");
    }
    spec.begin.push_back(begin);
    spec.end.push_back(end);
    spec.strides.push_back(stride);
  }
  return spec;
}
