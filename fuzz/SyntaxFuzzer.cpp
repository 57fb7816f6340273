//===- SyntaxFuzzer.cpp - Fuzzing the slice custom syntax -----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// libFuzzer target: the input bytes are an MLIR module, as slice-opt would
// read it, in a context with the dialects a slice module uses (builtin,
// func, arith, tensor, slice). The seed corpus (fuzz/corpus/syntax) holds
// modules with every form of the custom syntax, and fuzz/syntax.dict its
// tokens, so most mutations land inside `slice.strided ...[...]` and
// `slice.strided_axes`.
//
//   - Text that does not parse must give an error diagnostic (the parser's,
//     at the token), never a crash.
//   - Text that parses (and so verifies) must pass FuzzCommon's checks: the
//     print/parse round trip, canonicalize and --slice-normalize, and, when
//     it holds only slice functions, --slice-to-llvm or --slice-to-nvvm
//     (the first byte picks) to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringRef.h"

#include <string>

using namespace mlir;

/// Whether `text` holds a dense array of `index` elements (`array<index,
/// 1>`), on which MLIR 22's own parser dereferences null (mlir-opt crashes
/// the same way; docs/reliability.md, upstream findings). Not slice's code:
/// such inputs are skipped so that a run goes on.
static bool hasIndexDenseArray(llvm::StringRef text) {
  for (size_t at = text.find("array<"); at != llvm::StringRef::npos;
       at = text.find("array<", at + 1))
    if (text.drop_front(at + 6).ltrim().starts_with("index"))
      return true;
  return false;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  // The first byte picks the lowering (bit 0: slices=copy, bit 1: the GPU
  // pipeline); the rest is the module.
  if (size == 0)
    return 0;
  slice_fuzz::Lowering lowering;
  lowering.copies = bytes[0] & 1;
  lowering.gpu = bytes[0] & 2;
  std::string text(reinterpret_cast<const char *>(bytes) + 1, size - 1);
  if (hasIndexDenseArray(text))
    return 0;

  // Only slice's dialects are registered: no other dialect's parser is
  // fuzzed, and an op of any other dialect is a parse error.
  std::unique_ptr<MLIRContext> context =
      slice_fuzz::makeContext(/*onlySliceDialects=*/true);
  slice_fuzz::DiagnosticCollector diags(*context);
  ParserConfig config(context.get(), /*verifyAfterParse=*/true);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module) {
    if (diags.empty())
      slice_fuzz::fail("text that does not parse gave no error:\n" + text,
                       diags);
    return 0;
  }
  if (!diags.empty())
    slice_fuzz::fail("a parsed module with errors", diags, *module);
  slice_fuzz::checkAcceptedModule(*module, diags, lowering);
  return 0;
}
