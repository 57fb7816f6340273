//===- ChangeListener.h - Whether a rewrite changed the IR ------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A rewriter listener that records whether anything changed, for passes
// that mark every analysis preserved when they changed nothing: the pass
// manager then skips verifying the IR after them (with --verify-each, the
// default, a verification of the whole function after every pass was a
// quarter of --slice-to-llvm's time on many small functions).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_UTILS_CHANGELISTENER_H
#define SLICE_UTILS_CHANGELISTENER_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {

/// Records whether a rewriter (or a pattern driver) it listens to inserted,
/// modified, replaced or erased an op, or moved or erased a block.
struct ChangeListener : RewriterBase::Listener {
  bool changed = false;

  void notifyOperationInserted(Operation *, OpBuilder::InsertPoint) override {
    changed = true;
  }
  void notifyBlockInserted(Block *, Region *, Region::iterator) override {
    changed = true;
  }
  void notifyOperationModified(Operation *) override { changed = true; }
  void notifyOperationReplaced(Operation *, ValueRange) override {
    changed = true;
  }
  void notifyOperationErased(Operation *) override { changed = true; }
  void notifyBlockErased(Block *) override { changed = true; }
};

} // namespace slice
} // namespace mlir

#endif // SLICE_UTILS_CHANGELISTENER_H
