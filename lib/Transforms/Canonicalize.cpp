//===- Canonicalize.cpp - Canonicalization, unverified when unchanged -----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-canonicalize` (Passes.td): upstream's canonicalizer with its
// default options, which marks every analysis preserved when it changed
// nothing, so that the pass manager skips the verification after it.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <memory>

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICECANONICALIZE
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct Canonicalize : slice::impl::SliceCanonicalizeBase<Canonicalize> {
  LogicalResult initialize(MLIRContext *context) override {
    // --canonicalize's defaults.
    config.setUseTopDownTraversal(true)
        .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal)
        .setMaxIterations(10);
    RewritePatternSet owningPatterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owningPatterns);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owningPatterns, context);
    patterns =
        std::make_shared<FrozenRewritePatternSet>(std::move(owningPatterns));
    return success();
  }

  void runOnOperation() override {
    bool changed = false;
    // Best effort, as --canonicalize: not converging is no failure.
    (void)applyPatternsGreedily(getOperation(), *patterns, config, &changed);
    if (!changed)
      markAllAnalysesPreserved();
  }

  GreedyRewriteConfig config;
  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};
} // namespace
