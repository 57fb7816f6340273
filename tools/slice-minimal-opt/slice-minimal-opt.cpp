//===- slice-minimal-opt.cpp - slice-opt with only what slice needs -------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The smallest opt tool that runs the slice pipelines: MlirOptMain over a
// registry holding the slice dialect and `registerPipelineDependencies`, with
// the slice passes and pipelines, and nothing else. It is what an embedder
// registers, and the tests run the pipelines with it to check that nothing
// the pipelines use comes from elsewhere
// (test/Pipelines/minimal-registry.test). With --without-pipeline-dependencies,
// only the dialects of a typical input are registered (func, and slice with the
// arith and tensor dialects it depends on), as by an embedder who forgot the
// call: the pipelines must then say what is missing.
//
//===----------------------------------------------------------------------===//

#include "Slice/InitSlice.h"
#include "Slice/Tools/VersionPrinter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

int main(int argc, char **argv) {
  mlir::slice::addSliceVersionPrinter();
  mlir::slice::registerAllSlicePasses();
  mlir::DialectRegistry registry;
  // A flag of this tool's own, taken out before MlirOptMain parses the rest.
  std::vector<char *> args;
  bool withDependencies = true;
  for (int i = 0; i < argc; ++i) {
    if (llvm::StringRef(argv[i]) == "--without-pipeline-dependencies")
      withDependencies = false;
    else
      args.push_back(argv[i]);
  }
  mlir::slice::registerSliceDialect(registry);
  registry.insert<mlir::func::FuncDialect>();
  if (withDependencies)
    mlir::slice::registerPipelineDependencies(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      static_cast<int>(args.size()), args.data(),
      "slice optimizer with only the slice pipelines' dependencies\n",
      registry));
}
