//===- DimArithmetic.cpp - One dimension of a slice -----------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The known-or-unknown int64 domain of the per-dimension formulas.
//
//===----------------------------------------------------------------------===//

#include "Slice/Semantics/DimArithmetic.h"

using namespace mlir::slice;
using llvm::SmallVector;

//===----------------------------------------------------------------------===//
// KnownIntArith
//===----------------------------------------------------------------------===//

static int64_t wrapAdd(int64_t lhs, int64_t rhs) {
  return static_cast<int64_t>(static_cast<uint64_t>(lhs) +
                              static_cast<uint64_t>(rhs));
}

static int64_t wrapSub(int64_t lhs, int64_t rhs) {
  return static_cast<int64_t>(static_cast<uint64_t>(lhs) -
                              static_cast<uint64_t>(rhs));
}

MaybeInt KnownIntArith::add(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return wrapAdd(*lhs, *rhs);
}

MaybeInt KnownIntArith::sub(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return wrapSub(*lhs, *rhs);
}

MaybeInt KnownIntArith::mul(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return static_cast<int64_t>(static_cast<uint64_t>(*lhs) *
                              static_cast<uint64_t>(*rhs));
}

MaybeInt KnownIntArith::divTrunc(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs || *rhs == 0)
    return std::nullopt;
  if (*lhs == std::numeric_limits<int64_t>::min() && *rhs == -1)
    return std::nullopt;
  return *lhs / *rhs;
}

MaybeInt KnownIntArith::min(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return std::min(*lhs, *rhs);
}

MaybeInt KnownIntArith::max(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return std::max(*lhs, *rhs);
}

std::optional<bool> KnownIntArith::lessThan(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return *lhs < *rhs;
}

std::optional<bool> KnownIntArith::equal(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return *lhs == *rhs;
}

MaybeInt KnownIntArith::select(std::optional<bool> cond, MaybeInt ifTrue,
                               MaybeInt ifFalse) const {
  if (cond)
    return *cond ? ifTrue : ifFalse;
  if (ifTrue && ifFalse && *ifTrue == *ifFalse)
    return ifTrue;
  return std::nullopt;
}

std::optional<bool> KnownIntArith::logicalAnd(std::optional<bool> lhs,
                                              std::optional<bool> rhs) const {
  if ((lhs && !*lhs) || (rhs && !*rhs))
    return false;
  if (lhs && rhs)
    return true;
  return std::nullopt;
}

std::optional<bool> KnownIntArith::logicalOr(std::optional<bool> lhs,
                                             std::optional<bool> rhs) const {
  if ((lhs && *lhs) || (rhs && *rhs))
    return true;
  if (lhs && rhs)
    return false;
  return std::nullopt;
}

std::optional<bool> KnownIntArith::logicalNot(std::optional<bool> value) const {
  if (!value)
    return std::nullopt;
  return !*value;
}
