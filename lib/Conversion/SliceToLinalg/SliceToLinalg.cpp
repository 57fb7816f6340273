//===- SliceToLinalg.cpp - slice ops to dense copies ----------------------===//
//
// Materializes slice ops: the view --convert-slice-to-tensor builds, copied
// by linalg.copy into a fresh tensor.
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/Passes.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_CONVERTSLICETOLINALG
#include "Slice/Conversion/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

void mlir::slice::populateSliceToLinalgConversionPatterns(
    RewritePatternSet &patterns) {
  populateSliceLoweringPatterns(patterns, SliceLowering::Copy);
}

namespace {
struct ConvertSliceToLinalgPass
    : mlir::slice::impl::ConvertSliceToLinalgBase<ConvertSliceToLinalgPass> {
  void runOnOperation() override {
    if (failed(lowerAllSliceOps(getOperation(), SliceLowering::Copy)))
      signalPassFailure();
  }
};
} // namespace
