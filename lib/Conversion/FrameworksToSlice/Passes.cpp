//===- Passes.cpp - The front-door passes ---------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The six `--convert-*-to-slice` passes: each applies its front door's
// exported patterns (FrameworksToSlice.h) greedily and, with
// report-refusals, remarks on each op it left.
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/Passes.h"
#include "Slice/Conversion/FrameworksToSlice/FrameworksToSlice.h"
#include "Slice/IR/SliceDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <set>

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_CONVERTFRAMEWORKSTOSLICE
#define GEN_PASS_DEF_CONVERTONNXTOSLICE
#define GEN_PASS_DEF_CONVERTSTABLEHLOTOSLICE
#define GEN_PASS_DEF_CONVERTTFLTOSLICE
#define GEN_PASS_DEF_CONVERTTFTOSLICE
#define GEN_PASS_DEF_CONVERTTORCHTOSLICE
#include "Slice/Conversion/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

void mlir::slice::populateFrameworksToSlicePatterns(
    RewritePatternSet &patterns) {
  populateTFToSlicePatterns(patterns);
  populateTFLToSlicePatterns(patterns);
  populateStablehloToSlicePatterns(patterns);
  populateONNXToSlicePatterns(patterns);
  populateTorchToSlicePatterns(patterns);
}

namespace {
/// Collects the refusals ("'<op>' stays: ...") the patterns report, once
/// each, in order.
struct RefusalCollector : RewriterBase::Listener {
  void
  notifyMatchFailure(Location loc,
                     function_ref<void(Diagnostic &)> reasonCallback) override {
    Diagnostic diag(loc, DiagnosticSeverity::Remark);
    reasonCallback(diag);
    std::string reason = diag.str();
    if (StringRef(reason).contains("' stays: ") &&
        seen.insert({loc.getAsOpaquePointer(), reason}).second)
      refusals.emplace_back(loc.getAsOpaquePointer(), reason);
  }

  std::set<std::pair<const void *, std::string>> seen;
  std::vector<std::pair<const void *, std::string>> refusals;
};

/// Runs `populate`'s patterns on `root`; under `report`, a remark for each
/// op left as it was.
LogicalResult runFrontDoor(Operation *root,
                           void (*populate)(RewritePatternSet &), bool report) {
  RewritePatternSet patterns(root->getContext());
  populate(patterns);
  RefusalCollector collector;
  GreedyRewriteConfig config;
  config.enableFolding(false)
      .enableConstantCSE(false)
      .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled)
      .setListener(&collector);
  if (failed(applyPatternsGreedily(root, std::move(patterns), config)))
    return root->emitError("the framework conversion did not converge");
  if (report)
    for (auto &[loc, reason] : collector.refusals)
      emitRemark(Location::getFromOpaquePointer(loc)) << reason;
  return success();
}

#define SLICE_FRONT_DOOR_PASS(Name, populate)                                  \
  struct Name##Pass : mlir::slice::impl::Name##Base<Name##Pass> {              \
    using Base::Base;                                                          \
    void runOnOperation() override {                                           \
      if (failed(runFrontDoor(getOperation(), populate, reportRefusals)))      \
        signalPassFailure();                                                   \
    }                                                                          \
  };

SLICE_FRONT_DOOR_PASS(ConvertTFToSlice, populateTFToSlicePatterns)
SLICE_FRONT_DOOR_PASS(ConvertTFLToSlice, populateTFLToSlicePatterns)
SLICE_FRONT_DOOR_PASS(ConvertStablehloToSlice, populateStablehloToSlicePatterns)
SLICE_FRONT_DOOR_PASS(ConvertONNXToSlice, populateONNXToSlicePatterns)
SLICE_FRONT_DOOR_PASS(ConvertTorchToSlice, populateTorchToSlicePatterns)
SLICE_FRONT_DOOR_PASS(ConvertFrameworksToSlice,
                      populateFrameworksToSlicePatterns)
#undef SLICE_FRONT_DOOR_PASS
} // namespace
