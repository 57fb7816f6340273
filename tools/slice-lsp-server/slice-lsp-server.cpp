//===- slice-lsp-server.cpp - MLIR language server with slice -------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mlir-lsp-server with the slice dialect registered: editors get
// diagnostics (the verifier's messages for slice ops), hover and
// go-to-definition on .mlir files holding slice ops.
//
//===----------------------------------------------------------------------===//

#include "Slice/InitSlice.h"
#include "Slice/Tools/VersionPrinter.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::slice::addSliceVersionPrinter();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::slice::registerSliceDialect(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
