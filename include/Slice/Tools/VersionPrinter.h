//===- VersionPrinter.h - slice's tools name their version -----*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--version` of slice's tools names slice's version before LLVM's.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_TOOLS_VERSIONPRINTER_H
#define SLICE_TOOLS_VERSIONPRINTER_H

#include "Slice/Version.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace slice {

/// Adds slice's version to what `--version` prints (after LLVM's).
inline void addSliceVersionPrinter() {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "slice version " << SLICE_VERSION << "\n";
  });
}

} // namespace slice
} // namespace mlir

#endif // SLICE_TOOLS_VERSIONPRINTER_H
