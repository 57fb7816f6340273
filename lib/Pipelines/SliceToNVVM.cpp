//===- SliceToNVVM.cpp - The NVIDIA GPU pipeline --------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-to-nvvm`: func.func on tensors with slice ops down to host code
// in the LLVM dialect that launches NVVM kernels through the `mgpu*` runtime
// (runtime/cuda). The front end is the CPU pipeline's; from the buffers on,
// data lives in device memory and copies are kernels.
//
//===----------------------------------------------------------------------===//

#include "GuardedPass.h"
#include "PipelinePass.h"
#include "PipelineStages.h"
#include "Slice/Codegen/Passes.h"
#include "Slice/Pipelines/Pipelines.h"
#include "Slice/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringSwitch.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICETONVVM
#include "Slice/Pipelines/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

void mlir::slice::buildSliceToNVVMPipeline(OpPassManager &pm,
                                           const SliceToNVVMOptions &options) {
  // Arguments are dense device buffers (what cuMemAlloc gives a caller):
  // static strides let the kernels fold their index arithmetic and checks.
  SliceCheckPipelineDependenciesOptions check;
  check.pipeline = "slice-to-nvvm";
  check.gpu = true;
  pm.addPass(createSliceCheckPipelineDependencies(check));
  detail::addSliceFrontEnd(pm, options.slices, options.viaBufferization,
                           options.writableArguments, options.minChainLength,
                           /*denseArguments=*/true);
  pm.addPass(createConvertBufferizationToMemRefPass());

  // Host functions: device buffers, copies and linalg ops as mapped
  // parallel loops, then launches. The buffers are placed first, while the
  // copies that use them are still copies.
  {
    OpPassManager &fpm = pm.nest<func::FuncOp>();
    // Complex arithmetic on its parts, in the kernels-to-be too: what is
    // left (create, re, im) lowers with each side's LLVM conversion.
    fpm.addPass(
        detail::guarded([] { return createConvertComplexToStandardPass(); },
                        detail::isComplexOp));
    // Reductions and the ops that share their rows (or columns, over
    // transposed views): a block per row, in one launch.
    fpm.addPass(createSliceColumnsToRows());
    SliceFuseRowsOptions fuse;
    fuse.lone = true;
    fpm.addPass(createSliceFuseRows(fuse));
    SliceRowsToGPUOptions rows;
    rows.blockSize = options.blockSize;
    fpm.addPass(createSliceRowsToGPU(rows));
    fpm.addPass(createSliceDeviceBuffers());
    // The parts of a concat of alike views: one copy, one launch.
    fpm.addPass(createSliceBatchCopies());
    SliceCopiesToGPUOptions copies;
    copies.blockSize = options.blockSize;
    copies.vectorBytes = options.vectorBytes;
    copies.mergeCopies = options.mergeCopies;
    fpm.addPass(createSliceCopiesToGPU(copies));
    fpm.addPass(createConvertLinalgToParallelLoopsPass());
    // Element-wise loops as the copies: blocks of threads over a 1-D grid.
    SliceParallelLoopsToGPUOptions elementwise;
    elementwise.blockSize = options.blockSize;
    elementwise.vectorBytes = options.vectorBytes;
    fpm.addPass(createSliceParallelLoopsToGPU(elementwise));
    // Maps the loops that are left (those with reductions) greedily.
    fpm.addPass(createGpuMapParallelLoopsPass());
    fpm.addPass(createConvertParallelLoopToGpuPass());
    fpm.addPass(createSliceCanonicalize());
    fpm.addPass(createCSEPass());
  }
  // Constants and index computations move into the kernels, where the
  // back end folds them (a division by a known row length, say).
  pm.addNestedPass<func::FuncOp>(createSliceSinkIntoLaunches());
  pm.addPass(createGpuKernelOutliningPass());
  // One module for all kernels: one back end run and one ptxas call.
  SliceMergeKernelModulesOptions merge;
  merge.perFunction = options.perFunctionKernels;
  pm.addPass(createSliceMergeKernelModules(merge));

  // Kernels: to NVVM, then serialized once the host is lowered.
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
  {
    OpPassManager &gpm = pm.nest<gpu::GPUModuleOp>();
    gpm.addPass(memref::createExpandStridedMetadataPass());
    gpm.addPass(createLowerAffinePass());
    gpm.addPass(createSliceSCFToControlFlow());
    gpm.addPass(createConvertComplexToLLVMPass());
    gpm.addPass(createConvertGpuOpsToNVVMOps());
    gpm.addPass(createSliceCanonicalize());
    gpm.addPass(createCSEPass());
    gpm.addPass(createReconcileUnrealizedCastsPass());
  }

  // Host: every gpu op on a stream of its region, then LLVM.
  {
    OpPassManager &fpm = pm.nest<func::FuncOp>();
    fpm.addPass(createGpuAsyncRegionPass());
    fpm.addPass(createSliceGPUOneStream());
    fpm.addPass(memref::createExpandStridedMetadataPass());
    fpm.addPass(createLowerAffinePass());
    fpm.addPass(createSliceSCFToControlFlow());
    // Asserts stay cf.assert until --slice-finalize-to-llvm lowers them.
    fpm.addPass(createSliceFinalizeBodiesToLLVM());
  }
  pm.addPass(createSliceFinalizeToLLVM());
  // Upstream's --gpu-to-llvm, the runtime declared first (linear time).
  pm.addPass(createSliceGPUToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
  SliceCheckLoweredOptions lowered;
  lowered.pipeline = "slice-to-nvvm";
  lowered.gpu = true;
  pm.addPass(createSliceCheckLowered(lowered));

  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  binary.toolkitPath = options.cudaPath;
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

/// The PTX ISA version (times 10) that LLVM's NVPTX back end needs at least
/// for `chip`, or std::nullopt for a chip this table does not know.
static std::optional<int> minimumPTX(StringRef chip) {
  return llvm::StringSwitch<std::optional<int>>(chip)
      .Case("sm_50", 40)
      .Case("sm_52", 41)
      .Case("sm_53", 42)
      .Cases({"sm_60", "sm_61", "sm_62"}, 50)
      .Case("sm_70", 60)
      .Case("sm_72", 61)
      .Case("sm_75", 63)
      .Case("sm_80", 70)
      .Case("sm_86", 71)
      .Case("sm_87", 74)
      .Cases({"sm_89", "sm_90"}, 78)
      .Case("sm_90a", 80)
      .Cases({"sm_100", "sm_100a"}, 86)
      .Cases({"sm_120", "sm_120a"}, 87)
      .Default(std::nullopt);
}

/// Checks `chip` and the PTX version in `features` before anything reaches
/// the NVPTX back end, which aborts the process on a PTX version too old
/// for the chip.
static LogicalResult checkTarget(ModuleOp module, StringRef chip,
                                 StringRef features) {
  std::optional<int> minimum = minimumPTX(chip);
  if (!minimum)
    return mlir::emitError(module.getLoc())
           << "slice-to-nvvm: unknown chip '" << chip
           << "'; expected one of sm_50, sm_52, sm_53, sm_60, sm_61, sm_62, "
              "sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, "
              "sm_90a, sm_100, sm_100a, sm_120, sm_120a";
  SmallVector<StringRef> items;
  features.split(items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef item : items) {
    StringRef version = item.trim();
    if (!version.consume_front("+ptx"))
      continue;
    int ptx = 0;
    if (version.getAsInteger(10, ptx))
      return mlir::emitError(module.getLoc())
             << "slice-to-nvvm: malformed PTX feature '" << item
             << "' (expected +ptxNN, e.g. +ptx80)";
    if (ptx < *minimum)
      return mlir::emitError(module.getLoc())
             << "slice-to-nvvm: features '" << features << "' ask for PTX "
             << ptx / 10 << "." << ptx % 10 << ", but " << chip << " needs PTX "
             << *minimum / 10 << "." << *minimum % 10 << " or later (+ptx"
             << *minimum << ")";
  }
  return success();
}

namespace {
struct SliceToNVVMPass
    : mlir::slice::detail::PipelinePass<
          SliceToNVVMPass, mlir::slice::impl::SliceToNVVMBase<SliceToNVVMPass>,
          SliceToNVVMOptions, buildSliceToNVVMPipeline> {
  using PipelinePass::PipelinePass;

  SliceToNVVMOptions getOptions() const {
    SliceToNVVMOptions options;
    options.slices = slices;
    options.viaBufferization = viaBufferization;
    options.writableArguments = writableArguments;
    options.minChainLength = minChainLength;
    options.chip = chip;
    options.features = features;
    options.format = format;
    options.optLevel = optLevel;
    options.cudaPath = cudaPath;
    options.blockSize = blockSize;
    options.vectorBytes = vectorBytes;
    options.mergeCopies = mergeCopies;
    options.perFunctionKernels = perFunctionKernels;
    return options;
  }

  LogicalResult checkOptions() {
    ModuleOp module = getOperation();
    if (!llvm::is_contained({"isa", "bin", "fatbin"}, StringRef(format)))
      return mlir::emitError(module.getLoc())
             << "slice-to-nvvm: format must be isa, bin or fatbin, got '"
             << format << "'";
    return checkTarget(module, chip, features);
  }
};
} // namespace
