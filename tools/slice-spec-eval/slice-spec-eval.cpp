//===- slice-spec-eval.cpp - Evaluate slice specs with the library -------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Reads one slice spec per line from stdin and prints what the semantics
// library makes of it, for test/Semantics/numpy_differential.py to compare
// with NumPy. A line is one of
//
//   shape D... begin B... end E... strides S... masks BM EM ELL NEW SHRINK
//       [offset]
//   axes-spec shape D... axes A... starts B... ends E... strides S...
//   compose shape D... <spec> then <spec>
//   update shape D... value V... <spec>
//
// where <spec> is `begin ... end ... strides ... masks ... [offset]`. An
// axes line is converted to a TF spec by the library first; a compose line
// resolves the second spec on the first one's result, composes the two
// with `composeSlices` and reports the composed spec on the input (or
// `NOCOMPOSE` when the library cannot compose them). An update line writes
// a value of shape V (its elements -1, -2, ... in row-major order) into the
// spec's slice of np.arange(D) by the library's broadcasting rule
// (matchUpdateValue, forEachUpdatedIndex) and reports the updated array.
//
// and the answer is `OK <rank> <dims...> <count> <hash>` (the result shape,
// the number of selected elements and an order-sensitive hash of their flat
// indices in the input; for an update, the dest's shape, element count and
// the hash of its elements) or `ERR <message>`.
//
// With --unknown-variants=N, each accepted or rejected spec is also resolved
// N more times with random begin/end/stride values and dimension sizes made
// unknown; every value the library still claims to know must equal the fully
// known answer, and a spec valid when known must not be rejected when less is
// known. A violation prints `UNSOUND <details>` instead.
//
//===----------------------------------------------------------------------===//

#include "Slice/Semantics/Semantics.h"

#include <cstdint>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace mlir::slice;

namespace {
/// One line of input: a TF spec (`compose` lines have a second one, after
/// `then`) or an axes-encoded spec (`axes` lines).
struct Input {
  std::vector<MaybeInt> shape;
  SparseSliceSpec spec;
  std::optional<SparseSliceSpec> second;
  bool isAxes = false;
  /// The value's shape, on update lines.
  std::optional<std::vector<int64_t>> valueShape;
  std::vector<int64_t> axes;
  llvm::SmallVector<MaybeInt> starts, ends, axesStrides;
};
} // namespace

static llvm::SmallVector<MaybeInt> toMaybe(const std::vector<int64_t> &values) {
  llvm::SmallVector<MaybeInt> result;
  for (int64_t value : values)
    result.push_back(value);
  return result;
}

/// Fills `spec` from the word lists; false when the masks are malformed.
static bool makeSpec(std::map<std::string, std::vector<int64_t>> &lists,
                     bool offset, SparseSliceSpec &spec) {
  std::vector<int64_t> &masks = lists["masks"];
  if (masks.size() != 5)
    return false;
  spec.begin = toMaybe(lists["begin"]);
  spec.end = toMaybe(lists["end"]);
  spec.strides = toMaybe(lists["strides"]);
  spec.masks.begin = masks[0];
  spec.masks.end = masks[1];
  spec.masks.ellipsis = masks[2];
  spec.masks.newAxis = masks[3];
  spec.masks.shrinkAxis = masks[4];
  spec.offset = offset;
  return true;
}

static bool parseLine(const std::string &line, Input &input) {
  std::istringstream in(line);
  std::string word;
  std::map<std::string, std::vector<int64_t>> lists;
  std::vector<int64_t> *target = nullptr;
  bool compose = false, offset = false, inSecond = false;
  SparseSliceSpec first;
  while (in >> word) {
    if (word == "compose") {
      compose = true;
    } else if (word == "axes-spec") {
      input.isAxes = true;
    } else if (word == "update") {
      input.valueShape.emplace();
    } else if (word == "offset") {
      offset = true;
    } else if (word == "then") {
      if (!compose || inSecond || !makeSpec(lists, offset, first))
        return false;
      std::vector<int64_t> shape = lists["shape"];
      lists.clear();
      lists["shape"] = shape;
      offset = false;
      inSecond = true;
    } else if (word == "shape" || word == "begin" || word == "end" ||
               word == "strides" || word == "masks" || word == "axes" ||
               word == "starts" || word == "ends" || word == "value") {
      target = &lists[word];
    } else if (target) {
      target->push_back(std::stoll(word));
    } else {
      return false;
    }
  }
  const std::vector<int64_t> &shape = lists["shape"];
  input.shape.assign(shape.begin(), shape.end());
  if (input.valueShape)
    *input.valueShape = lists["value"];
  if (input.isAxes) {
    input.axes = lists["axes"];
    input.starts = toMaybe(lists["starts"]);
    input.ends = toMaybe(lists["ends"]);
    input.axesStrides = toMaybe(lists["strides"]);
    return true;
  }
  if (!compose)
    return makeSpec(lists, offset, input.spec);
  if (!inSecond)
    return false;
  input.spec = first;
  input.second.emplace();
  return makeSpec(lists, offset, *input.second);
}

/// Counts the flat input indices the slice selects and hashes them in
/// result order.
static void selectedIndices(const ResolvedSlice &slice,
                            const std::vector<MaybeInt> &shape, uint64_t &count,
                            uint64_t &hash) {
  std::vector<int64_t> knownShape;
  for (MaybeInt dim : shape)
    knownShape.push_back(*dim);
  count = 0;
  hash = 0;
  forEachSelectedIndex(slice, knownShape, [&](int64_t flat) {
    ++count;
    hash += (static_cast<uint64_t>(flat) + 1) * (count * 0x9E3779B97F4A7C15ull);
  });
}

/// Writes the value of an update line into np.arange(shape) and hashes
/// the result as `selectedIndices` hashes indices; false, with `error` set,
/// when the value does not fit the slice.
static bool updatedElements(const ResolvedSlice &slice, const Input &input,
                            uint64_t &count, uint64_t &hash,
                            std::string &error) {
  std::vector<int64_t> shape;
  for (MaybeInt dim : input.shape)
    shape.push_back(*dim);
  const std::vector<int64_t> &valueShape = *input.valueShape;
  std::optional<llvm::SmallVector<UpdateDimMatch>> matches =
      matchUpdateValue(toMaybe(valueShape), slice.resultShape, error);
  if (!matches)
    return false;
  int64_t elements = 1;
  for (int64_t dim : shape)
    elements *= dim;
  std::vector<int64_t> dest(elements);
  for (int64_t i = 0; i < elements; ++i)
    dest[i] = i;
  forEachUpdatedIndex(slice, shape, valueShape, *matches,
                      [&](int64_t destIndex, int64_t valueIndex) {
                        dest[destIndex] = -1 - valueIndex;
                      });
  count = 0;
  hash = 0;
  for (int64_t element : dest) {
    ++count;
    hash +=
        (static_cast<uint64_t>(element) + 1) * (count * 0x9E3779B97F4A7C15ull);
  }
  return true;
}

static bool sameWhereKnown(MaybeInt partial, MaybeInt full) {
  return !partial || (full && *partial == *full);
}

/// Checks one partially unknown variant against the fully known answer.
static std::string checkVariant(const Input &input,
                                const std::optional<ResolvedSlice> &full,
                                std::mt19937_64 &rng) {
  Input variant = input;
  std::bernoulli_distribution drop(0.35);
  for (auto *list :
       {&variant.spec.begin, &variant.spec.end, &variant.spec.strides})
    for (MaybeInt &value : *list)
      if (drop(rng))
        value = std::nullopt;
  for (MaybeInt &dim : variant.shape)
    if (drop(rng))
      dim = std::nullopt;
  std::string error;
  std::optional<ResolvedSlice> partial =
      resolveStridedSlice(variant.spec, variant.shape, error);
  if (!partial)
    return full ? "a variant with unknowns is rejected (" + error +
                      ") but the known spec is valid"
                : "";
  if (!full)
    return "";
  if (partial->resultShape.size() != full->resultShape.size())
    return "result rank differs";
  for (size_t i = 0; i < partial->resultShape.size(); ++i)
    if (!sameWhereKnown(partial->resultShape[i], full->resultShape[i]))
      return "result dim " + std::to_string(i) + " differs";
  for (size_t d = 0; d < partial->dims.size(); ++d) {
    const ResolvedDim &p = partial->dims[d], &f = full->dims[d];
    if (!sameWhereKnown(p.start, f.start) || !sameWhereKnown(p.end, f.end) ||
        !sameWhereKnown(p.stride, f.stride) || !sameWhereKnown(p.size, f.size))
      return "input dim " + std::to_string(d) + " range differs";
    if (p.inBounds != true && p.inBounds)
      return "input dim " + std::to_string(d) + " is known out of bounds";
    if (p.full && !(f.start == 0 && f.stride == 1 && f.size == input.shape[d]))
      return "input dim " + std::to_string(d) + " claims to be full";
  }
  return "";
}

int main(int argc, char **argv) {
  int variants = 0;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--unknown-variants=", 0) == 0)
      variants = std::stoi(arg.substr(19));
  }
  std::mt19937_64 rng(12345);
  std::string line;
  while (std::getline(std::cin, line)) {
    Input input;
    if (!parseLine(line, input)) {
      std::cout << "BADLINE\n";
      continue;
    }
    std::string error;
    if (input.isAxes) {
      std::optional<SparseSliceSpec> spec =
          buildAxesSpec(input.axes, input.starts, input.ends, input.axesStrides,
                        input.shape.size(), error);
      if (!spec) {
        std::cout << "ERR " << error << "\n";
        continue;
      }
      input.spec = *spec;
    }
    std::optional<ResolvedSlice> resolved =
        resolveStridedSlice(input.spec, input.shape, error);
    std::string unsound;
    for (int v = 0; v < variants && unsound.empty(); ++v)
      unsound = checkVariant(input, resolved, rng);
    if (!unsound.empty()) {
      std::cout << "UNSOUND " << unsound << "\n";
      continue;
    }
    if (!resolved) {
      std::cout << "ERR " << error << "\n";
      continue;
    }
    if (input.second) {
      // Apply the second spec to the first one's result, compose both and
      // report what the composed spec selects on the original input.
      std::optional<ResolvedSlice> outer =
          resolveStridedSlice(*input.second, resolved->resultShape, error);
      if (!outer) {
        std::cout << "ERR " << error << "\n";
        continue;
      }
      std::string reason;
      std::optional<SparseSliceSpec> composed =
          composeSlices(*resolved, *outer, &reason);
      if (!composed) {
        std::cout << "NOCOMPOSE " << reason << "\n";
        continue;
      }
      resolved = resolveStridedSlice(*composed, input.shape, error);
      if (!resolved) {
        std::cout << "UNSOUND the composed spec is invalid: " << error << "\n";
        continue;
      }
    }
    uint64_t count = 0, hash = 0;
    llvm::ArrayRef<MaybeInt> shape = resolved->resultShape;
    if (input.valueShape) {
      if (!updatedElements(*resolved, input, count, hash, error)) {
        std::cout << "ERR " << error << "\n";
        continue;
      }
      shape = input.shape;
    } else {
      selectedIndices(*resolved, input.shape, count, hash);
    }
    std::cout << "OK " << shape.size();
    for (MaybeInt dim : shape)
      std::cout << ' ' << *dim;
    std::cout << ' ' << count << ' ' << hash << "\n";
  }
  return 0;
}
