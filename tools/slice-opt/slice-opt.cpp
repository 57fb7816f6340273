//===- slice-opt.cpp - The slice optimizer driver -------------------------===//
//
// MlirOptMain with the slice dialect and every upstream dialect, extension
// and pass registered, so that upstream pipelines run on modules that hold
// slice ops.
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/Passes.h"
#include "Slice/IR/SliceDialect.h"
#include "Slice/Pipelines/Pipelines.h"
#include "Slice/Transforms/BufferizableOpInterfaceImpl.h"
#include "Slice/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::slice::registerSlicePasses();
  mlir::slice::registerSliceConversionPasses();
  mlir::slice::registerSlicePipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR (--slice-to-nvvm).
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::slice::SliceDialect>();
  mlir::slice::registerBufferizableOpInterfaceExternalModels(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "slice optimizer driver\n", registry));
}
