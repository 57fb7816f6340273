//===- FuzzCommon.h - What both slice fuzz targets share --------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The context the targets work in, the diagnostics they collect, and the
// checks every accepted module must pass (docs/reliability.md):
//   - a round trip through the printer and the parser gives the same text;
//   - canonicalize and --slice-normalize keep it valid;
//   - --slice-to-llvm, or --slice-to-nvvm (format=isa) as the input picks,
//     lowers it to the LLVM dialect without a diagnostic.
// A failed check prints what failed and aborts, which libFuzzer reports as a
// crash with the input that caused it.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_FUZZ_FUZZCOMMON_H
#define SLICE_FUZZ_FUZZCOMMON_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <memory>
#include <string>

namespace slice_fuzz {

/// A fresh context with threading off (one input, one thread, nothing left
/// behind for the next input) and the slice, func and arith dialects loaded.
/// With `onlySliceDialects`, only those and tensor are registered, so that
/// parsing text reaches no other dialect's parser; otherwise every dialect,
/// extension and translation the slice pipelines use is registered.
/// checkAcceptedModule registers the rest before running the pipelines.
std::unique_ptr<mlir::MLIRContext> makeContext(bool onlySliceDialects = false);

/// Collects the error diagnostics of a context while it lives (the fuzz
/// targets print nothing unless a check fails).
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(mlir::MLIRContext &context);
  ~DiagnosticCollector();
  /// The error messages so far, one per line.
  const std::string &errors() const { return text; }
  bool empty() const { return text.empty(); }
  void clear() { text.clear(); }

private:
  mlir::MLIRContext &context;
  mlir::DiagnosticEngine::HandlerID id;
  std::string text;
};

/// Reports a failed check: prints `what`, the diagnostics and the module,
/// then aborts.
[[noreturn]] void fail(const llvm::Twine &what,
                       const DiagnosticCollector &diagnostics,
                       mlir::Operation *module = nullptr);

/// The checks every module the verifier accepts must pass (see above).
/// Which pipeline lowers the module, and how slices hold their elements.
struct Lowering {
  /// slices=copy rather than slices=view.
  bool copies = false;
  /// --slice-to-nvvm (format=isa: PTX text, no GPU or ptxas needed) rather
  /// than --slice-to-llvm.
  bool gpu = false;
};

/// Fails (aborts) on any violation.
void checkAcceptedModule(mlir::ModuleOp module, DiagnosticCollector &diags,
                         Lowering lowering);

/// Whether every op of `module` is one that --slice-to-llvm must handle:
/// slice ops, func.func / func.return / func.call, arith.constant, and tensor
/// types of int, float or index elements without an encoding.
bool onlySliceFunctions(mlir::ModuleOp module);

} // namespace slice_fuzz

#endif // SLICE_FUZZ_FUZZCOMMON_H
