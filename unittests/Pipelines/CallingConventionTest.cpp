//===- CallingConventionTest.cpp - Compiled functions called from C++ ----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The pipelines as an embedder runs them: a module parsed in a context of
// its own, lowered by buildSliceToLLVMPipeline in a PassManager, JIT-compiled
// by mlir::ExecutionEngine and called through the `_mlir_ciface_` entry
// points with buffers the test owns, which it checks afterwards
// (docs/calling-convention.md): arguments are never written unless the
// argument or the pipeline says so, and a result is either a fresh buffer
// (freed here) or a view of an argument.
//
//===----------------------------------------------------------------------===//

#include "JitSupport.h"
#include "Slice/InitSlice.h"
#include "Slice/Pipelines/Pipelines.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <numeric>
#include <vector>

using namespace mlir;

namespace {
constexpr const char *kModule = R"mlir(
// x[::2] * x[::2]: the elementwise op would write into the view.
func.func @sq(%x: tensor<10xi32>) -> tensor<5xi32>
    attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[::2] : tensor<10xi32> to tensor<5xi32>
  %m = arith.muli %r, %r : tensor<5xi32>
  return %m : tensor<5xi32>
}
// A dynamic shape and begin, an axes-encoded slice.
func.func @dyn(%x: tensor<?x?xf32>, %b: index) -> tensor<?x?xf32>
    attributes {llvm.emit_c_interface} {
  %r = slice.strided_axes %x axes [1, 0] starts [-1, %b] ends [-5, 9]
      strides [-1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %m = arith.mulf %r, %r : tensor<?x?xf32>
  return %m : tensor<?x?xf32>
}
// x[7:2:-1] * x[7:2:-1]: a dense view, walked backwards.
func.func @sq_rev(%x: tensor<10xi32>) -> tensor<5xi32>
    attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[7:2:-1] : tensor<10xi32> to tensor<5xi32>
  %m = arith.muli %r, %r : tensor<5xi32>
  return %m : tensor<5xi32>
}
// Returns a view of its argument.
func.func @view(%x: tensor<10xi32>) -> tensor<5xi32>
    attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[1::2] : tensor<10xi32> to tensor<5xi32>
  return %r : tensor<5xi32>
}
)mlir";

using MemRef1D = StridedMemRefType<int32_t, 1>;
using MemRef2D = StridedMemRefType<float, 2>;

class CallingConventionTest : public ::testing::Test {
public:
  static void SetUpTestSuite() { slice_test::initializeNativeTarget(); }

  CallingConventionTest() { slice_test::prepareJitContext(context); }

  /// Parses kModule, lowers it with `options` and JIT-compiles it.
  std::unique_ptr<ExecutionEngine>
  compile(const slice::SliceToLLVMOptions &options) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kModule, &context);
    if (!module)
      return nullptr;
    PassManager pm(&context);
    slice::buildSliceToLLVMPipeline(pm, options);
    if (failed(pm.run(*module)))
      return nullptr;
    auto engine = ExecutionEngine::create(*module);
    if (!engine) {
      llvm::consumeError(engine.takeError());
      return nullptr;
    }
    return std::move(*engine);
  }

  /// The `_mlir_ciface_` entry point of `name`, as a function pointer.
  template <typename Fn> Fn lookup(ExecutionEngine &engine, StringRef name) {
    auto symbol = engine.lookup(("_mlir_ciface_" + name).str());
    if (!symbol) {
      llvm::consumeError(symbol.takeError());
      return nullptr;
    }
    return reinterpret_cast<Fn>(*symbol);
  }

  MLIRContext context;
};

/// A dense descriptor of `data`.
MemRef1D describe(std::vector<int32_t> &data) {
  return {data.data(), data.data(), 0, {int64_t(data.size())}, {1}};
}

std::vector<int32_t> elements(const MemRef1D &m) {
  std::vector<int32_t> result;
  for (int64_t i = 0; i < m.sizes[0]; ++i)
    result.push_back(m.data[m.offset + i * m.strides[0]]);
  return result;
}

std::vector<int32_t> iota(int n) {
  std::vector<int32_t> values(n);
  std::iota(values.begin(), values.end(), 0);
  return values;
}

/// Frees `result` unless it is a view of `argument` (the calling
/// convention's test); returns whether it was a view.
template <typename T, int N>
bool release(const StridedMemRefType<T, N> &result, const void *argument) {
  if (result.basePtr == argument)
    return true;
  free(result.basePtr);
  return false;
}

using UnaryFn = void (*)(MemRef1D *, MemRef1D *);

TEST_F(CallingConventionTest, ArgumentsAreReadOnlyByDefault) {
  for (auto slices : {slice::SliceLowering::View, slice::SliceLowering::Copy}) {
    for (bool viaBufferization : {false, true}) {
      slice::SliceToLLVMOptions options;
      options.slices = slices;
      options.viaBufferization = viaBufferization;
      std::unique_ptr<ExecutionEngine> engine = compile(options);
      ASSERT_TRUE(engine);
      auto sq = lookup<UnaryFn>(*engine, "sq");
      ASSERT_TRUE(sq);
      std::vector<int32_t> x = iota(10);
      MemRef1D in = describe(x), out;
      sq(&out, &in);
      EXPECT_EQ(elements(out), (std::vector<int32_t>{0, 4, 16, 36, 64}));
      EXPECT_EQ(x, iota(10)) << "the caller's buffer was written";
      EXPECT_FALSE(release(out, x.data()));
    }
  }
}

TEST_F(CallingConventionTest, DynamicShapesAndStridedArguments) {
  std::unique_ptr<ExecutionEngine> engine = compile({});
  ASSERT_TRUE(engine);
  using Fn = void (*)(MemRef2D *, MemRef2D *, int64_t);
  auto dyn = lookup<Fn>(*engine, "dyn");
  ASSERT_TRUE(dyn);
  // A 3x4 input in rows of 6 elements: np.arange(18).reshape(3, 6)[:, :4].
  std::vector<float> x(18);
  std::iota(x.begin(), x.end(), 0.0f);
  std::vector<float> before = x;
  MemRef2D in{x.data(), x.data(), 0, {3, 4}, {6, 1}}, out;
  dyn(&out, &in, 1);
  // NumPy: (y[1:9, -1:-5:-1]) ** 2 with y as above.
  ASSERT_EQ(out.sizes[0], 2);
  ASSERT_EQ(out.sizes[1], 4);
  std::vector<float> got;
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 4; ++j)
      got.push_back(
          out.data[out.offset + i * out.strides[0] + j * out.strides[1]]);
  EXPECT_EQ(got, (std::vector<float>{81, 64, 49, 36, 225, 196, 169, 144}));
  EXPECT_EQ(x, before);
  EXPECT_FALSE(release(out, x.data()));
}

TEST_F(CallingConventionTest, ReturnedViewsStayViews) {
  std::unique_ptr<ExecutionEngine> engine = compile({});
  ASSERT_TRUE(engine);
  auto view = lookup<UnaryFn>(*engine, "view");
  ASSERT_TRUE(view);
  std::vector<int32_t> x = iota(10);
  MemRef1D in = describe(x), out;
  view(&out, &in);
  // Zero-copy: the argument's own buffer, offset 1, stride 2.
  EXPECT_EQ(out.basePtr, x.data());
  EXPECT_EQ(out.data, x.data());
  EXPECT_EQ(out.offset, 1);
  EXPECT_EQ(out.strides[0], 2);
  EXPECT_EQ(elements(out), (std::vector<int32_t>{1, 3, 5, 7, 9}));
  EXPECT_EQ(x, iota(10));
  EXPECT_TRUE(release(out, x.data()));
}

/// Calls `name` compiled with writable-arguments=true on a donated
/// iota(10) `x`; expects `result` and whether the result is a view of
/// `x` (freeing it otherwise).
static void callDonated(CallingConventionTest &test, const char *name,
                        std::vector<int32_t> &x,
                        const std::vector<int32_t> &result, bool view) {
  slice::SliceToLLVMOptions options;
  options.writableArguments = true;
  std::unique_ptr<ExecutionEngine> engine = test.compile(options);
  ASSERT_TRUE(engine);
  auto function = test.lookup<UnaryFn>(*engine, name);
  ASSERT_TRUE(function);
  x = iota(10);
  MemRef1D in = describe(x), out;
  function(&out, &in);
  EXPECT_EQ(elements(out), result);
  EXPECT_EQ(release(out, x.data()), view);
}

TEST_F(CallingConventionTest, WritableArgumentsAreWrittenInPlace) {
  std::vector<int32_t> x;
  callDonated(*this, "sq_rev", x, {49, 36, 25, 16, 9}, /*view=*/true);
  // The donated buffer holds the result: x[7:2:-1] squared, in place.
  EXPECT_EQ(x, (std::vector<int32_t>{0, 1, 2, 9, 16, 25, 36, 49, 8, 9}));
}

TEST_F(CallingConventionTest, SparseDonatedViewsGetFreshBuffers) {
  // x[::2] skips every other element: writing there would touch every
  // sector for half of it, so the result is a fresh buffer.
  std::vector<int32_t> x;
  callDonated(*this, "sq", x, {0, 4, 16, 36, 64}, /*view=*/false);
  EXPECT_EQ(x, iota(10));
}
} // namespace
