//===- GradientTest.cpp - buildStridedSliceGradient, compiled and run ----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The gradient of a slice as an autodiff pass would build it: for each
// spec, a function with the slice gets `buildStridedSliceGradient(slice,
// dy)` as its result, is lowered by --slice-to-llvm, JIT-compiled and
// called with buffers the test owns. The expected gradient is
// `g = zeros; g[spec] = dy`, the elements placed where the semantics
// library's forEachSelectedIndex says the slice reads them (that library
// is checked against NumPy by test/Semantics).
//
//===----------------------------------------------------------------------===//

#include "Slice/Utils/Gradient.h"
#include "JitSupport.h"
#include "Slice/IR/SliceOps.h"
#include "Slice/InitSlice.h"
#include "Slice/Pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

#include <numeric>
#include <string>
#include <vector>

using namespace mlir;

namespace {
/// One case: the slice (custom syntax after `%x`), the source type, the
/// static result shape; the source is 4x5x6 at run time.
struct GradientCase {
  const char *spec;
  const char *sourceType;
  std::vector<int64_t> resultShape;
};

const GradientCase kCases[] = {
    {"[1:3, ::-2, newaxis, 4]", "tensor<4x5x6xf32>", {2, 3, 1}},
    {"[..., 5:0:-2]", "tensor<4x5x6xf32>", {4, 5, 3}},
    {"[-1, :, 1::4]", "tensor<4x5x6xf32>", {5, 2}},
    {"[newaxis, ::3, 2, ::-1]", "tensor<4x5x6xf32>", {1, 2, 6}},
    {"[7:9]", "tensor<4x5x6xf32>", {0, 5, 6}},
    // Dynamic sizes: the zeros take them from the source at run time.
    {"[1:2, 1:4] offset", "tensor<?x?x6xf32>", {2, 4, 6}},
};

using Memref3D = StridedMemRefType<float, 3>;
using Memref1D = StridedMemRefType<float, 1>;

class GradientTest : public ::testing::TestWithParam<GradientCase> {
protected:
  static void SetUpTestSuite() { slice_test::initializeNativeTarget(); }

  GradientTest() { slice_test::prepareJitContext(context); }

  MLIRContext context;
};

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string text;
  for (int64_t size : shape)
    text += std::to_string(size) + "x";
  return text;
}

TEST_P(GradientTest, IsTheUpdateOfDyIntoZeros) {
  const GradientCase &c = GetParam();
  int64_t count = 1;
  for (int64_t size : c.resultShape)
    count *= size;
  std::string result = "tensor<" + shapeText(c.resultShape) + "f32>";
  std::string groups = "[";
  for (size_t i = 0; i < c.resultShape.size(); ++i)
    groups += (i ? ", " : "") + std::to_string(i);
  groups += "]";
  std::string outputShape;
  for (size_t i = 0; i < c.resultShape.size(); ++i)
    outputShape += (i ? ", " : "") + std::to_string(c.resultShape[i]);
  // dy comes flat and is shaped like the slice's result.
  std::string text = std::string("func.func @grad(%x: ") + c.sourceType +
                     ", %dyflat: tensor<" + std::to_string(count) +
                     "xf32>) -> " + c.sourceType +
                     " attributes {llvm.emit_c_interface} {\n"
                     "  %s = slice.strided %x" +
                     c.spec + " : " + c.sourceType + " to " + result +
                     "\n  %dy = tensor.expand_shape %dyflat [" + groups +
                     "] output_shape [" + outputShape + "] : tensor<" +
                     std::to_string(count) + "xf32> into " + result +
                     "\n  return %x : " + c.sourceType + "\n}\n";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  ASSERT_TRUE(module) << text;

  // The autodiff pass's part: the gradient of %s given %dy.
  auto func = cast<func::FuncOp>(module->getBody()->front());
  slice::StridedOp sliceOp;
  func.walk([&](slice::StridedOp op) { sliceOp = op; });
  auto dy = cast<tensor::ExpandShapeOp>(sliceOp->getNextNode());
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  OpBuilder builder(ret);
  FailureOr<Value> gradient =
      slice::buildStridedSliceGradient(builder, ret.getLoc(), sliceOp, dy);
  ASSERT_TRUE(succeeded(gradient));
  ret->setOperand(0, *gradient);
  // The expected gradient, from the spec resolved on the run-time shape.
  std::vector<int64_t> shape = {4, 5, 6};
  std::string error;
  std::optional<slice::ResolvedSlice> resolved =
      slice::resolveStridedSlice(sliceOp.getSparseSpec(), {4, 5, 6}, error);
  ASSERT_TRUE(resolved) << error;
  std::vector<float> expected(4 * 5 * 6, 0.0f);
  int64_t next = 0;
  ASSERT_TRUE(slice::forEachSelectedIndex(
      *resolved, shape, [&](int64_t flat) { expected[flat] = float(++next); }));
  ASSERT_EQ(next, count);
  ASSERT_TRUE(succeeded(verify(*module)));

  PassManager pm(&context);
  slice::buildSliceToLLVMPipeline(pm, {});
  ASSERT_TRUE(succeeded(pm.run(*module)));
  auto engine = ExecutionEngine::create(*module);
  ASSERT_TRUE(bool(engine));
  auto symbol = (*engine)->lookup("_mlir_ciface_grad");
  ASSERT_TRUE(bool(symbol));
  auto grad =
      reinterpret_cast<void (*)(Memref3D *, Memref3D *, Memref1D *)>(*symbol);

  std::vector<float> x(4 * 5 * 6, 7.0f), dyValues(count);
  std::iota(dyValues.begin(), dyValues.end(), 1.0f);
  Memref3D in{x.data(), x.data(), 0, {4, 5, 6}, {30, 6, 1}}, out;
  Memref1D dyIn{dyValues.data(), dyValues.data(), 0, {count}, {1}};
  grad(&out, &in, &dyIn);
  ASSERT_EQ(std::vector<int64_t>(out.sizes, out.sizes + 3), shape);
  std::vector<float> got;
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 5; ++j)
      for (int64_t k = 0; k < 6; ++k)
        got.push_back(out.data[out.offset + i * out.strides[0] +
                               j * out.strides[1] + k * out.strides[2]]);
  EXPECT_EQ(got, expected) << c.spec;
  free(out.basePtr);
}

INSTANTIATE_TEST_SUITE_P(Specs, GradientTest, ::testing::ValuesIn(kCases));

TEST(GradientBuilder, RejectsADyThatDoesNotFit) {
  DialectRegistry registry;
  slice::registerSliceDialect(registry);
  registry.insert<func::FuncDialect>();
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      "func.func @f(%x: tensor<4x5xf32>, %dy: tensor<3x5xf32>) {\n"
      "  %s = slice.strided %x[1:3] : tensor<4x5xf32> to tensor<2x5xf32>\n"
      "  return\n}\n",
      &context);
  ASSERT_TRUE(module);
  slice::StridedOp sliceOp;
  module->walk([&](slice::StridedOp op) { sliceOp = op; });
  auto func = cast<func::FuncOp>(module->getBody()->front());
  OpBuilder builder(sliceOp->getNextNode());
  size_t before = func.getBody().front().getOperations().size();
  EXPECT_TRUE(failed(slice::buildStridedSliceGradient(
      builder, sliceOp.getLoc(), sliceOp, func.getArgument(1))));
  EXPECT_EQ(func.getBody().front().getOperations().size(), before);
}
} // namespace
