//===- slice-opt.cpp - The slice optimizer driver -------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// MlirOptMain with the slice dialect and every upstream dialect, extension
// and pass registered, so that upstream pipelines run on modules that hold
// slice ops.
//
//===----------------------------------------------------------------------===//

#include "Slice/InitSlice.h"
#include "Slice/Tools/VersionPrinter.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#ifdef SLICE_INCLUDE_TESTS
#include "TestPasses.h"
#endif

int main(int argc, char **argv) {
  mlir::slice::addSliceVersionPrinter();
  mlir::registerAllPasses();
  mlir::slice::registerAllSlicePasses();
#ifdef SLICE_INCLUDE_TESTS
  mlir::slice::test::registerTestGradientPass();
  mlir::slice::test::registerTestValueBoundsPass();
  mlir::slice::test::registerTestPlaceProcessPass();
#endif

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR (--slice-to-nvvm).
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::slice::registerSliceDialect(registry);
  // What the pipelines need beyond that (spmd=true's MPI op effects).
  mlir::slice::registerPipelineDependencies(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "slice optimizer driver\n", registry));
}
