//===- ApproximateMath.cpp - Math functions that vectorize ----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-approximate-math` (Passes.td): the math functions of element-wise
// bodies as upstream's polynomial approximations (arith ops), which LLVM
// vectorizes with the loop around them; a call to libm's scalar `expf`
// keeps the loop scalar.
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEAPPROXIMATEMATH
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

// exp(r) = 1 + r + r^2 Q(r) on |r| <= ln(2) / 2, and
// tanh(x) = x + x^3 P(x^2) on |x| < kTanhSmall: least-squares fits on
// Chebyshev nodes weighted by the relative error of the result, rounded to
// f32 (0.55 and 0.66 ulp in f32 evaluation; the derivation is in
// docs/lowering.md).
static constexpr float kExpQ[] = {0.49999988079071045f, 0.166665181517601f,
                                  0.04166953265666962f, 0.00836892332881689f,
                                  0.001375138177536428f};
static constexpr float kTanhP[] = {
    -0.3333333134651184f,  0.1333320140838623f,    -0.053946252912282944f,
    0.021698210388422012f, -0.008171788416802883f, 0.002138226293027401f};
static constexpr float kTanhSmall = 0.625f;
// ln(2) split for the range reduction, log2(e).
static constexpr float kLn2Hi = 0.693147182464599609375f;
static constexpr float kLn2Lo = -1.904654323148236e-09f;
static constexpr float kLog2E = 1.44269502162933349609375f;
// 1.5 2^23 + 127: adding it to a float in [0, 2^22) rounds that to an
// integer n (ties to even) and leaves n + 127 in the low significand bits.
static constexpr float kRoundMagic = 12583039.0f;

namespace {
/// Builds f32 arithmetic on scalars or vectors of `type`'s shape.
struct F32Builder {
  ImplicitLocOpBuilder &b;
  Type type; // f32 or vector<...xf32>

  Type intType() const {
    Type i32 = b.getI32Type();
    if (auto vector = dyn_cast<VectorType>(type))
      return vector.clone(i32);
    return i32;
  }
  Value constant(float value) const {
    return constantOf(type, b.getF32FloatAttr(value));
  }
  Value constantInt(int32_t value) const {
    return constantOf(intType(), b.getI32IntegerAttr(value));
  }
  Value constantOf(Type t, TypedAttr scalar) const {
    if (auto vector = dyn_cast<VectorType>(t))
      return arith::ConstantOp::create(
          b, DenseElementsAttr::get(cast<ShapedType>(vector),
                                    ArrayRef<Attribute>{scalar}));
    return arith::ConstantOp::create(b, scalar);
  }
  Value fma(Value x, Value y, Value z) const {
    return math::FmaOp::create(b, x, y, z);
  }
  Value mul(Value x, Value y) const { return arith::MulFOp::create(b, x, y); }
  Value add(Value x, Value y) const { return arith::AddFOp::create(b, x, y); }
  Value sub(Value x, Value y) const { return arith::SubFOp::create(b, x, y); }
  Value div(Value x, Value y) const { return arith::DivFOp::create(b, x, y); }
  Value polynomial(Value x, ArrayRef<float> coefficients) const {
    Value result = constant(coefficients.back());
    for (float c : llvm::reverse(coefficients.drop_back()))
      result = fma(result, x, constant(c));
    return result;
  }
  /// 2^k for integer k in [-126, 127].
  Value pow2(Value k) const {
    Value biased = arith::AddIOp::create(b, k, constantInt(127));
    Value bits = arith::ShLIOp::create(b, biased, constantInt(23));
    return arith::BitcastOp::create(b, type, bits);
  }

  /// exp(r + k ln(2)) for the reduced argument: the polynomial p = e^r
  /// and k as an integer.
  std::pair<Value, Value> reduceAndEvaluate(Value x) const {
    Value k = math::RoundEvenOp::create(b, mul(x, constant(kLog2E)));
    Value negK = arith::NegFOp::create(b, k);
    Value r = fma(negK, constant(kLn2Hi), x);
    r = fma(negK, constant(kLn2Lo), r);
    Value q = polynomial(r, kExpQ);
    Value p = add(constant(1.0f), fma(mul(r, r), q, r));
    return {p, arith::FPToSIOp::create(b, intType(), k)};
  }

  /// exp(x) within 1 ulp over the whole range: Cody-Waite reduction
  /// x = k ln(2) + r (FMA, a split ln(2)), the polynomial above, and the
  /// scaling by 2^k in two exact-then-once-rounded steps (2^(k - k/2) and
  /// 2^(k/2)), so that results near overflow and subnormal results are
  /// rounded once. NaN stays NaN; +inf and -inf give inf and 0.
  Value exp(Value x) const {
    Value clamped = arith::MinNumFOp::create(
        b, arith::MaxNumFOp::create(b, x, constant(-104.0f)), constant(89.0f));
    auto [p, ki] = reduceAndEvaluate(clamped);
    Value k1 = arith::ShRSIOp::create(b, ki, constantInt(1));
    Value k2 = arith::SubIOp::create(b, ki, k1);
    Value result = mul(mul(p, pow2(k1)), pow2(k2));
    Value isNaN = arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, x, x);
    return arith::SelectOp::create(b, isNaN, x, result);
  }

  /// tanh(x) within 2 ulp: x + x^3 P(x^2) for |x| < kTanhSmall, else
  /// 1 - 2 / (exp(2|x|) + 1), where 2|x| is clamped to 20 (tanh is 1 in
  /// f32 past 9.01). The sign is x's (tanh is odd: -0 stays -0). Leaner
  /// than exp() above, since each element evaluates both branches:
  ///  - k = round(2|x| log2(e)) and the exponent field of 2^k come from
  ///    one FMA with kRoundMagic (the integer k + 127 lands in the low
  ///    bits of the sum's significand), not a round, a conversion and an
  ///    integer add;
  ///  - no low part of ln(2): its error, k 1.9e-9 in r, is damped by
  ///    2 / (E + 1) / tanh, under 0.01 ulp of the result wherever k is
  ///    large enough for it to matter;
  ///  - E + 1 as one FMA, (e^r - 1) 2^k + (2^k + 1);
  ///  - NaN takes the polynomial branch (an unordered compare), which
  ///    keeps it NaN.
  Value tanh(Value x) const {
    Value a = math::AbsFOp::create(b, x);
    Value s = mul(x, x);
    Value small = fma(mul(a, s), polynomial(s, kTanhP), a);
    Value twice = arith::MinNumFOp::create(b, add(a, a), constant(20.0f));
    Value shifted = fma(twice, constant(kLog2E), constant(kRoundMagic));
    Value k = sub(shifted, constant(kRoundMagic));
    Value r = fma(arith::NegFOp::create(b, k), constant(kLn2Hi), twice);
    Value expm1 = fma(mul(r, r), polynomial(r, kExpQ), r);
    Value bits = arith::BitcastOp::create(b, intType(), shifted);
    Value scale = arith::BitcastOp::create(
        b, type, arith::ShLIOp::create(b, bits, constantInt(23)));
    Value denominator = fma(expm1, scale, add(scale, constant(1.0f)));
    Value large = sub(constant(1.0f), div(constant(2.0f), denominator));
    Value isSmall = arith::CmpFOp::create(b, arith::CmpFPredicate::ULT, a,
                                          constant(kTanhSmall));
    Value magnitude = arith::SelectOp::create(b, isSmall, small, large);
    return math::CopySignOp::create(b, magnitude, x);
  }
};

/// math.exp / math.tanh on f32 (scalars or vectors) as F32Builder's
/// approximations.
template <typename OpTy> struct ApproximateF32 : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32 (f16 and bf16 are "
                                             "extended to f32 first)");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    F32Builder f32{b, type};
    Value result = std::is_same_v<OpTy, math::ExpOp>
                       ? f32.exp(op.getOperand())
                       : f32.tanh(op.getOperand());
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SliceApproximateMathPass
    : mlir::slice::impl::SliceApproximateMathBase<SliceApproximateMathPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    // The functions with approximations that keep f32's accuracy over the
    // whole range (test/Integration/math_coverage.py measures every input
    // class against NumPy): exp within 1 ulp, subnormal results included;
    // tanh within 2 ulp. The other functions stay libm's (or LLVM's).
    auto approximated = [](StringRef name) {
      name.consume_front("math.");
      return name == "exp" || name == "tanh";
    };
    // f16 and bf16 through f32.
    populateMathF32ExpansionPatterns(set, approximated);
    set.add<ApproximateF32<math::ExpOp>, ApproximateF32<math::TanhOp>>(context);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    // The patterns rewrite math.exp and math.tanh alone; without them the
    // greedy driver would only walk every op.
    if (!getOperation()
             ->walk([](Operation *op) {
               return isa<math::ExpOp, math::TanhOp>(op)
                          ? WalkResult::interrupt()
                          : WalkResult::advance();
             })
             .wasInterrupted())
      return markAllAnalysesPreserved();
    if (failed(applyPatternsGreedily(getOperation(), patterns)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
