//===- SliceOpsTest.cpp - Tests of the slice.strided C++ API --------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The builders and accessors that embedding compilers use: result type
// inference, mixed static/dynamic entries, and invalid specs that reach the
// verifier instead of an assertion.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <limits>

using namespace mlir;
using namespace mlir::slice;

namespace {
class SliceOpsTest : public ::testing::Test {
protected:
  SliceOpsTest() : builder(&context) {
    context.loadDialect<SliceDialect, arith::ArithDialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A function taking a tensor of `shape` and an index; the builder points
  /// into its body.
  std::pair<Value, Value> makeFunction(ArrayRef<int64_t> shape) {
    auto tensorType = RankedTensorType::get(shape, builder.getF32Type());
    auto funcType =
        builder.getFunctionType({tensorType, builder.getIndexType()}, {});
    auto func =
        func::FuncOp::create(builder, builder.getUnknownLoc(), "f", funcType);
    Block *body = func.addEntryBlock();
    builder.setInsertionPointToEnd(body);
    return {body->getArgument(0), body->getArgument(1)};
  }

  SmallVector<OpFoldResult> ints(ArrayRef<int64_t> values) {
    return llvm::map_to_vector(values, [&](int64_t value) -> OpFoldResult {
      return builder.getIndexAttr(value);
    });
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};
} // namespace

TEST_F(SliceOpsTest, BuilderInfersWorkedExampleType) {
  auto [x, i] = makeFunction({5, 5, 5, 5, 5, 5});
  SliceMasks masks;
  masks.begin = 48;
  masks.end = 32;
  masks.ellipsis = 8;
  masks.newAxis = 4;
  masks.shrinkAxis = 1;
  auto op = StridedOp::create(
      builder, builder.getUnknownLoc(), x, ints({1, 2, 0, 0, 0, 0}),
      ints({2, 4, 0, 0, -3, 0}), ints({1, 1, 1, 1, -1, 1}), masks);
  EXPECT_EQ(op.getResultType().getShape(),
            ArrayRef<int64_t>({2, 1, 5, 5, 2, 5}));
  EXPECT_EQ(op.getMasks(), masks);
  EXPECT_TRUE(succeeded(verify(op)));
}

TEST_F(SliceOpsTest, DynamicEntriesBecomeOperands) {
  auto [x, i] = makeFunction({8, 6});
  SmallVector<OpFoldResult> begin = {i, builder.getIndexAttr(0)};
  auto op = StridedOp::create(builder, builder.getUnknownLoc(), x, begin,
                              ints({8, 6}), ints({1, 2}));
  EXPECT_EQ(op.getBegin().size(), 1u);
  EXPECT_EQ(op.getBegin()[0], i);
  EXPECT_TRUE(ShapedType::isDynamic(op.getStaticBegin()[0]));
  EXPECT_EQ(op.getResultType().getShape(),
            ArrayRef<int64_t>({ShapedType::kDynamic, 3}));
  SmallVector<OpFoldResult> mixed = op.getMixedBegin();
  EXPECT_EQ(dyn_cast<Value>(mixed[0]), i);
  EXPECT_TRUE(succeeded(verify(op)));
}

TEST_F(SliceOpsTest, Int64MinBeginOrEndBecomesItsStaticEquivalent) {
  // INT64_MIN marks dynamic entries. As a begin or end with a positive
  // stride it selects what INT64_MIN + 1 does: a static entry, and a static
  // result type.
  auto [x, i] = makeFunction({8});
  int64_t min = std::numeric_limits<int64_t>::min();
  auto op = StridedOp::create(builder, builder.getUnknownLoc(), x, ints({min}),
                              ints({3}), ints({1}));
  EXPECT_TRUE(op.getBegin().empty());
  EXPECT_EQ(op.getStaticBegin()[0], min + 1);
  EXPECT_EQ(op.getResultType().getShape(), ArrayRef<int64_t>({3}));
  EXPECT_TRUE(succeeded(verify(op)));
}

TEST_F(SliceOpsTest, OnnxReversalGetsAStaticEnd) {
  // starts [-1] ends [INT64_MIN] steps [-1]: on a known dimension the end
  // is INT64_MIN + 1, on a dynamic one the end mask; both builders.
  int64_t min = std::numeric_limits<int64_t>::min();
  auto [x, i] = makeFunction({4, ShapedType::kDynamic});
  auto known = StridedOp::create(builder, builder.getUnknownLoc(), x,
                                 ints({-1}), ints({min}), ints({-1}));
  EXPECT_EQ(known.getStaticEnd()[0], min + 1);
  EXPECT_EQ(known.getResultType().getShape()[0], 4);
  auto dynamic = StridedOp::create(builder, builder.getUnknownLoc(), x,
                                   ints({0, -1}), ints({0, min}), ints({1, -1}),
                                   SliceMasks{1, 1, 0, 0, 0});
  EXPECT_TRUE(dynamic.getEnd().empty());
  EXPECT_EQ(dynamic.getEndMask(), 3u);
  auto axes = StridedAxesOp::create(builder, builder.getUnknownLoc(), x,
                                    ArrayRef<int64_t>{0}, ints({-1}),
                                    ints({min}), ints({-1}));
  EXPECT_TRUE(axes.getEnds().empty());
  EXPECT_EQ(axes.getStaticEnds()[0], min + 1);
  EXPECT_EQ(axes.getResultType().getShape()[0], 4);
  for (Operation *op :
       {known.getOperation(), dynamic.getOperation(), axes.getOperation()})
    EXPECT_TRUE(succeeded(verify(op)));
}

TEST_F(SliceOpsTest, AxesBuildersLeaveOutDefaults) {
  // ONNX Slice without axes and steps, Paddle without axes: the builders
  // leave them out of the op, whose accessors read the defaults, and infer
  // the type from them; an update likewise.
  auto [x, i] = makeFunction({4, 6});
  auto onnx =
      StridedAxesOp::create(builder, builder.getUnknownLoc(), x, std::nullopt,
                            ints({1, 0}), ints({3, 6}), std::nullopt);
  EXPECT_FALSE(onnx.getAxes().has_value());
  EXPECT_FALSE(onnx.getStaticStrides().has_value());
  EXPECT_TRUE(onnx.getStrides().empty());
  EXPECT_EQ(onnx.getEffectiveAxes(), (SmallVector<int64_t>{0, 1}));
  EXPECT_EQ(onnx.getEffectiveStaticStrides(), (SmallVector<int64_t>{1, 1}));
  EXPECT_EQ(onnx.getResultType().getShape(), (ArrayRef<int64_t>{2, 6}));
  auto paddle =
      StridedAxesOp::create(builder, builder.getUnknownLoc(), x, std::nullopt,
                            ints({0}), ints({4}), SmallVector<OpFoldResult>{i});
  EXPECT_FALSE(paddle.getAxes().has_value());
  ASSERT_TRUE(paddle.getStaticStrides().has_value());
  EXPECT_EQ(paddle.getStrides().size(), 1u);
  EXPECT_EQ(paddle.getMixedStrides()[0], OpFoldResult(i));
  auto value = StridedAxesOp::create(builder, builder.getUnknownLoc(), x,
                                     ArrayRef<int64_t>{1}, ints({0}), ints({2}),
                                     std::nullopt);
  EXPECT_EQ(value.getResultType().getShape(), (ArrayRef<int64_t>{4, 2}));
  auto update = StridedAxesUpdateOp::create(builder, builder.getUnknownLoc(),
                                            value, x, ArrayRef<int64_t>{1},
                                            ints({4}), ints({6}), std::nullopt);
  EXPECT_FALSE(update.getStaticStrides().has_value());
  for (Operation *op : {onnx.getOperation(), paddle.getOperation(),
                        value.getOperation(), update.getOperation()})
    EXPECT_TRUE(succeeded(verify(op)));
}

TEST_F(SliceOpsTest, Int64MinWithoutStaticEquivalentIsMaterialized) {
  // A begin of INT64_MIN with a negative stride on a dynamic dimension
  // (an empty range, but one element on a dimension of INT64_MAX) and an
  // INT64_MIN stride stay SSA constants, which inference leaves unknown.
  int64_t min = std::numeric_limits<int64_t>::min();
  auto [x, i] = makeFunction({ShapedType::kDynamic});
  auto op =
      StridedOp::create(builder, builder.getUnknownLoc(), x, ints({min}),
                        ints({0}), ints({min}), SliceMasks{0, 1, 0, 0, 0});
  ASSERT_EQ(op.getBegin().size(), 1u);
  EXPECT_TRUE(op.getBegin()[0].getDefiningOp<arith::ConstantIndexOp>());
  ASSERT_EQ(op.getStrides().size(), 1u);
  EXPECT_EQ(op.getResultType().getShape(),
            ArrayRef<int64_t>({ShapedType::kDynamic}));
  EXPECT_TRUE(succeeded(verify(op)));
}

TEST_F(SliceOpsTest, InferResultTypeReportsErrors) {
  auto type = RankedTensorType::get({5}, builder.getF32Type());
  SparseSliceSpec spec;
  spec.begin = {1};
  spec.end = {2};
  spec.strides = {0};
  std::string error;
  EXPECT_FALSE(StridedOp::inferResultType(type, spec, error).has_value());
  EXPECT_EQ(error, "stride of entry 0 is 0");
}

TEST_F(SliceOpsTest, InvalidSpecReachesTheVerifier) {
  auto [x, i] = makeFunction({5});
  auto op = StridedOp::create(builder, builder.getUnknownLoc(), x, ints({1}),
                              ints({2}), ints({0}));
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(verify(op)));
  EXPECT_EQ(message, "'slice.strided' op stride of entry 0 is 0");
}

TEST_F(SliceOpsTest, ExplicitLessStaticResultType) {
  auto [x, i] = makeFunction({5, 4});
  auto resultType = RankedTensorType::get(
      {ShapedType::kDynamic, ShapedType::kDynamic}, builder.getF32Type());
  auto op = StridedOp::create(builder, builder.getUnknownLoc(), resultType, x,
                              ints({1, 0}), ints({3, 0}), ints({1, -1}),
                              SliceMasks{2, 2, 0, 0, 0});
  EXPECT_EQ(op.getResultType(), resultType);
  EXPECT_TRUE(succeeded(verify(op)));
  std::string error;
  std::optional<ResolvedSlice> resolved = op.resolve(error);
  ASSERT_TRUE(resolved.has_value()) << error;
  EXPECT_EQ(resolved->resultShape[0], MaybeInt(2));
  EXPECT_EQ(resolved->resultShape[1], MaybeInt(4));
  EXPECT_EQ(resolved->dims[1].start, MaybeInt(3));
}

// parsePythonSlice (the semantics library, for builders) and slice.strided's
// custom syntax read the same notation: they must encode every entry kind
// alike, the end paired with an index included.
TEST_F(SliceOpsTest, PythonNotationParsersAgree) {
  for (const char *text :
       {"1, 2:4, newaxis, ..., :-3:-1, :", "-1", "::-2", "3:", ":5",
        "9223372036854775807", "-9223372036854775807:9223372036854775807:3",
        "..., 0", "newaxis, newaxis, 1::2"}) {
    std::string error;
    std::optional<SparseSliceSpec> spec = parsePythonSlice(text, error);
    ASSERT_TRUE(spec) << text << ": " << error;
    // The custom syntax needs a result type: the inferred one, or any for
    // a spec invalid on this source (an index of INT64_MAX); the encodings
    // are compared, the parse is not verified.
    auto source =
        RankedTensorType::get({10, 10, 10, 10, 10, 10}, builder.getF32Type());
    std::optional<RankedTensorType> result =
        StridedOp::inferResultType(source, *spec, error);
    std::string resultText = "tensor<1xf32>";
    if (result) {
      resultText.clear();
      llvm::raw_string_ostream(resultText) << *result;
    }
    std::string module =
        std::string("func.func @f(%x: tensor<10x10x10x10x10x10xf32>) {\n"
                    "  %r = slice.strided %x[") +
        text + "] : tensor<10x10x10x10x10x10xf32> to " + resultText +
        "\n  return\n}\n";
    ParserConfig config(&context, /*verifyAfterParse=*/false);
    OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(module, config);
    ASSERT_TRUE(parsed) << text;
    StridedOp op;
    parsed->walk([&](StridedOp found) { op = found; });
    ASSERT_TRUE(op) << text;
    SparseSliceSpec fromSyntax = op.getSparseSpec();
    EXPECT_EQ(fromSyntax.masks, spec->masks) << text;
    EXPECT_EQ(fromSyntax.begin, spec->begin) << text;
    EXPECT_EQ(fromSyntax.end, spec->end) << text;
    EXPECT_EQ(fromSyntax.strides, spec->strides) << text;
  }
}

TEST_F(SliceOpsTest, AxesConversionsBuildWhereTheOpIs) {
  // The rewriter points past both ops (at the end of the block): each
  // conversion still builds its slice.strided(_update) where the axes op
  // was, so that its users stay after it.
  auto [x, i] = makeFunction({4, 6});
  Location loc = builder.getUnknownLoc();
  auto slice = StridedAxesOp::create(builder, loc, x, ArrayRef<int64_t>{1},
                                     ints({0}), ints({6}), std::nullopt);
  auto update =
      StridedAxesUpdateOp::create(builder, loc, slice, x, ArrayRef<int64_t>{1},
                                  ints({0}), ints({6}), std::nullopt);
  Operation *user = StridedAxesOp::create(builder, loc, update, std::nullopt,
                                          ints({1}), ints({2}), std::nullopt);
  IRRewriter rewriter(&context);
  rewriter.setInsertionPointToEnd(user->getBlock());
  FailureOr<StridedOp> strided = convertAxesToStrided(rewriter, slice);
  ASSERT_TRUE(succeeded(strided));
  FailureOr<StridedUpdateOp> written =
      convertAxesUpdateToStrided(rewriter, update);
  ASSERT_TRUE(succeeded(written));
  EXPECT_TRUE((*strided)->isBeforeInBlock(*written));
  EXPECT_TRUE((*written)->isBeforeInBlock(user));
  EXPECT_EQ(rewriter.getInsertionBlock(), user->getBlock());
  EXPECT_EQ(rewriter.getInsertionPoint(), user->getBlock()->end());
  for (Operation *op : {strided->getOperation(), written->getOperation(), user})
    EXPECT_TRUE(succeeded(verify(op)));
}
