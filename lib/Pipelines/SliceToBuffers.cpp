//===- SliceToBuffers.cpp - The front end of the pipelines ----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-to-buffers`: func.func on tensors with slice ops, bufferized; the
// first half of `--slice-to-llvm`, and of `--slice-to-nvvm` up to its dense
// arguments.
//
//===----------------------------------------------------------------------===//

#include "GuardedPass.h"
#include "PipelinePass.h"
#include "PipelineStages.h"
#include "Slice/Codegen/Passes.h"
#include "Slice/Conversion/Passes.h"
#include "Slice/Pipelines/Pipelines.h"
#include "Slice/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICETOBUFFERS
#include "Slice/Pipelines/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

void mlir::slice::detail::addSliceFrontEnd(
    OpPassManager &pm, SliceLowering slices, bool viaBufferization,
    bool writableArguments, unsigned minChainLength, bool denseArguments) {
  // Slice-level simplification first: folds and slice-of-slice need the
  // slices that inlining brings together.
  pm.addPass(createSliceMarkRuntimeReadOnly());
  // Before inlining, which leaves the public functions public.
  if (!writableArguments)
    pm.addPass(createSliceReadOnlyArguments());
  // The inliner's own clean-up pipeline would canonicalize every function
  // one at a time; the nested canonicalize below does it in parallel.
  pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  {
    OpPassManager &fpm = pm.nest<func::FuncOp>();
    // linalg.softmax and its kin as the generics they are made of: nothing
    // after this lowers them.
    fpm.addPass(createSliceDecomposeAggregates());
    fpm.addPass(createSliceCanonicalize());
    // Loops of updates of consecutive windows as one update each.
    fpm.addPass(createSliceBatchUpdateLoops());
    // Slices move above the element-wise ops that produce their sources,
    // so that only what they read is computed (docs/programs.md).
    fpm.addPass(createSlicePropagate());
    // Canonicalize has turned slice.strided_axes into slice.strided, which
    // the bufferization model handles.
    if (slices == SliceLowering::Copy)
      fpm.addPass(createConvertSliceToLinalg());
    else if (!viaBufferization)
      fpm.addPass(createConvertSliceToTensor());
    // Before canonicalization gives the placeholder views behind checks
    // known to fail static sizes that the code after them contradicts.
    fpm.addPass(createSliceEraseAfterFailingAsserts());
    fpm.addPass(createSliceCanonicalize());
    // Index arithmetic that the ranges of loop counters decide: the
    // negative-index selects and range checks of a view at `i - 1` in a
    // loop from 1 fold away, which lets --slice-elide-temporaries compare
    // the offsets.
    fpm.addPass(createSliceIntRangeOptimizations());
    fpm.addPass(createCSEPass());
    // What an embedder's remove-dead-values leaves for erased tensors.
    fpm.addPass(createSliceRefinePoisonTensors());
    // After the clean-up, which leaves it a fifth of the ops to look at;
    // the linalg.generic ops it makes need no canonicalization of their own
    // before bufferization.
    fpm.addPass(
        detail::guarded([] { return createConvertElementwiseToLinalgPass(); },
                        detail::isElementwiseOnTensors));
    // Element-wise consumers of a concat run on its operands, so that the
    // fusion below reaches through it.
    fpm.addPass(createSliceSplitConcatConsumers());
    // Chains of element-wise ops become one loop nest, and splat constants
    // scalars in its body.
    fpm.addPass(createSliceFuseElementwise());
    // Long chains of inserts and wide concats on buffers: one-shot's
    // analysis of them grows as the cube of their length.
    if (minChainLength > 0) {
      SliceBufferizeChainsOptions chains;
      chains.minLength = minChainLength;
      fpm.addPass(createSliceBufferizeChains(chains));
    }
    // Concats as inserts into one tensor.
    fpm.addPass(createSliceDecomposeConcats());
    // The fusion gave every result a tensor.empty: inputs that die there
    // lend their buffers back.
    fpm.addPass(createSliceReuseInputBuffers());
    // Producers of what is inserted write straight into the destination.
    fpm.addPass(detail::guarded(
        [] { return bufferization::createEmptyTensorEliminationPass(); },
        detail::isEmptyTensor));
    // The views it made for the producers are the views their consumers
    // read (`t[i] = f(t[i])`): one value, so that one-shot-bufferize sees
    // an element-wise op reading what it writes.
    fpm.addPass(createCSEPass());
    // Last before bufferization, once no pass makes new insertions.
    fpm.addPass(createSliceCollapseUnitViews());
    fpm.addPass(createSliceProtectViewReads());
  }

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // A loop may yield a value that is not its iteration argument's buffer
  // (a whole-tensor update folds to its value, an embedder's loop yields
  // another tensor): it then gets a buffer of its own instead of failing
  // the pipeline ("Yield operand #0 is not equivalent to the
  // corresponding iter bbArg").
  bufferize.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // The bufferization model's checks (via-bufferization=true) likewise.
  pm.addNestedPass<func::FuncOp>(createSliceEraseAfterFailingAsserts());
  // The temporaries one-shot could not prove unneeded, views of one
  // buffer apart or the same. With via-bufferization=true the views'
  // index arithmetic appears only now: what loop ranges decide folds
  // first.
  {
    OpPassManager &fpm = pm.nest<func::FuncOp>();
    if (viaBufferization) {
      fpm.addPass(createSliceIntRangeOptimizations());
      fpm.addPass(createSliceCanonicalize());
    }
    fpm.addPass(createSliceElideTemporaries());
  }
  if (denseArguments) {
    pm.addPass(createSliceDenseArguments());
    // CSE first: the copy of an operand written in place into its part of
    // a destination is a copy between two equal subviews, which
    // canonicalization then erases.
    OpPassManager &fpm = pm.nest<func::FuncOp>();
    fpm.addPass(createCSEPass());
    fpm.addPass(createSliceCanonicalize());
  }
}

void mlir::slice::detail::addSliceToBuffers(
    OpPassManager &pm, const SliceToBuffersOptions &options) {
  addSliceFrontEnd(pm, options.slices, options.viaBufferization,
                   options.writableArguments, options.minChainLength);
  if (options.deallocate) {
    // Upstream's buffer-deallocation-pipeline, with the passes that work
    // function by function nested. Those that rewrite one kind of op run
    // on the functions that hold one (GuardedPass.h): elsewhere they
    // change nothing, but say they may have, and the function would be
    // verified again.
    OpPassManager &before = pm.nest<func::FuncOp>();
    before.addPass(detail::guarded(
        [] {
          memref::ExpandReallocPassOptions expandRealloc;
          expandRealloc.emitDeallocs = false;
          return memref::createExpandReallocPass(expandRealloc);
        },
        detail::isRealloc));
    before.addPass(createSliceCanonicalize());
    // The deallocation itself where a function may own a buffer: a module
    // whose functions only view their arguments (entry points returning
    // slices of their inputs) has nothing to free, and its public
    // functions return those views as views (as the next passes would
    // leave them after cloning each for the caller).
    pm.addPass(detail::guardedModule(
        [](OpPassManager &dealloc) {
          dealloc.addPass(
              bufferization::createOwnershipBasedBufferDeallocationPass());
          OpPassManager &simplify = dealloc.nest<func::FuncOp>();
          simplify.addPass(createSliceCanonicalize());
          // Its patterns rewrite bufferization.dealloc; its region
          // simplification is the canonicalization's just before.
          simplify.addPass(detail::guarded(
              [] {
                return bufferization::
                    createBufferDeallocationSimplificationPass();
              },
              detail::isDeallocOp));
          // Entry points return views of their arguments as views: their
          // callers tell them from fresh buffers
          // (docs/calling-convention.md).
          dealloc.addPass(createSliceForwardArgumentViews());
          // Entry points that return views of their arguments, and
          // functions that allocate nothing, have no deallocation left to
          // lower.
          dealloc.addPass(detail::guardedModule(
              [](OpPassManager &lower) {
                lower.addPass(bufferization::createLowerDeallocationsPass());
              },
              detail::isDeallocOp, "GuardedLowerDeallocationsPass",
              "Lowers bufferization.dealloc where there is one"));
        },
        detail::mayOwnBuffer, "SliceDeallocateBuffers",
        "Upstream's ownership-based deallocation, where a buffer may be "
        "owned"));
    // Its clean-up everywhere: the copy of an operand written in place
    // into its part of a destination is a copy between two equal
    // subviews, which CSE and canonicalization erase.
    OpPassManager &after = pm.nest<func::FuncOp>();
    after.addPass(createCSEPass());
    after.addPass(createSliceCanonicalize());
    // The deallocations are lowered: what is left of the bufferization
    // dialect is clones, which convert function by function.
    after.addPass(
        detail::guarded([] { return createConvertBufferizationToMemRefPass(); },
                        detail::isBufferizationOp));
    return;
  }
  // Nested, so that functions convert on several threads and the module is
  // not walked once more: with no deallocation pass there is no
  // bufferization.dealloc needing the module's helper function.
  pm.addNestedPass<func::FuncOp>(
      detail::guarded([] { return createConvertBufferizationToMemRefPass(); },
                      detail::isBufferizationOp));
}

void mlir::slice::buildSliceToBuffersPipeline(
    OpPassManager &pm, const SliceToBuffersOptions &options) {
  SliceCheckPipelineDependenciesOptions check;
  check.pipeline = "slice-to-buffers";
  pm.addPass(createSliceCheckPipelineDependencies(check));
  detail::addSliceToBuffers(pm, options);
}

namespace {
struct SliceToBuffersPass
    : mlir::slice::detail::PipelinePass<
          SliceToBuffersPass,
          mlir::slice::impl::SliceToBuffersBase<SliceToBuffersPass>,
          SliceToBuffersOptions, buildSliceToBuffersPipeline> {
  using PipelinePass::PipelinePass;

  SliceToBuffersOptions getOptions() const {
    SliceToBuffersOptions options;
    options.slices = slices;
    options.viaBufferization = viaBufferization;
    options.writableArguments = writableArguments;
    options.minChainLength = minChainLength;
    options.deallocate = deallocate;
    return options;
  }
};
} // namespace
