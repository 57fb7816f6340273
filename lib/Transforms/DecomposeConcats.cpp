//===- DecomposeConcats.cpp - Concats as inserts into one tensor ----------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-decompose-concats` (Passes.td): tensor.concat as a tensor.empty
// and one tensor.insert_slice per operand (upstream's decomposition), so
// that empty-tensor elimination can make each operand's producer write
// straight into its part of the result; tensor.concat's own bufferization
// allocates the result and copies every operand into it.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEDECOMPOSECONCATS
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct SliceDecomposeConcatsPass
    : mlir::slice::impl::SliceDecomposeConcatsBase<SliceDecomposeConcatsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tensor::populateDecomposeTensorConcatPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace
