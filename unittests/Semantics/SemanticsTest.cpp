//===- SemanticsTest.cpp - Tests of the slice rules -----------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One test per rule of the semantics library; the exhaustive comparison with
// NumPy is test/Semantics/numpy-differential.test.
//
//===----------------------------------------------------------------------===//

#include "Slice/Semantics/Semantics.h"

#include "gtest/gtest.h"

#include <limits>
#include <set>

using namespace mlir::slice;

namespace {
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

/// Builds specs the way tf.strided_slice's Python front end encodes
/// `x[...]`, one entry at a time.
class SpecBuilder {
public:
  SpecBuilder &range(MaybeInt begin, MaybeInt end, MaybeInt stride = 1) {
    return add(begin, end, stride);
  }
  /// `begin:` / `:end` / `:` with masks.
  SpecBuilder &rangeMasked(MaybeInt begin, MaybeInt end, MaybeInt stride,
                           bool beginMasked, bool endMasked) {
    uint64_t bit = uint64_t(1) << spec.begin.size();
    if (beginMasked)
      spec.masks.begin |= bit;
    if (endMasked)
      spec.masks.end |= bit;
    return add(beginMasked ? 0 : begin, endMasked ? 0 : end, stride);
  }
  SpecBuilder &all(MaybeInt stride = 1) {
    return rangeMasked(0, 0, stride, true, true);
  }
  SpecBuilder &index(MaybeInt index) {
    spec.masks.shrinkAxis |= uint64_t(1) << spec.begin.size();
    // x[b] is b:b+1 (no end past INT64_MAX: shrink ignores the end anyway).
    MaybeInt end = index && *index != kMax ? MaybeInt(*index + 1) : 0;
    return add(index, end, 1);
  }
  SpecBuilder &newAxis() {
    spec.masks.newAxis |= uint64_t(1) << spec.begin.size();
    return add(0, 0, 1);
  }
  SpecBuilder &ellipsis() {
    spec.masks.ellipsis |= uint64_t(1) << spec.begin.size();
    return add(0, 0, 1);
  }
  SparseSliceSpec get() const { return spec; }

private:
  SpecBuilder &add(MaybeInt begin, MaybeInt end, MaybeInt stride) {
    spec.begin.push_back(begin);
    spec.end.push_back(end);
    spec.strides.push_back(stride);
    return *this;
  }
  SparseSliceSpec spec;
};

std::vector<MaybeInt> shapeOf(std::initializer_list<int64_t> dims) {
  std::vector<MaybeInt> shape;
  for (int64_t dim : dims)
    shape.push_back(dim < 0 ? MaybeInt() : MaybeInt(dim));
  return shape;
}

std::vector<MaybeInt> resultShape(const SparseSliceSpec &spec,
                                  const std::vector<MaybeInt> &shape) {
  std::string error;
  std::optional<ResolvedSlice> resolved =
      resolveStridedSlice(spec, shape, error);
  EXPECT_TRUE(resolved.has_value()) << error;
  if (!resolved)
    return {};
  return {resolved->resultShape.begin(), resolved->resultShape.end()};
}

std::string rejection(const SparseSliceSpec &spec,
                      const std::vector<MaybeInt> &shape) {
  std::string error;
  std::optional<ResolvedSlice> resolved =
      resolveStridedSlice(spec, shape, error);
  EXPECT_FALSE(resolved.has_value());
  return error;
}

ResolvedDim dim0(const SparseSliceSpec &spec,
                 const std::vector<MaybeInt> &shape) {
  std::string error;
  std::optional<ResolvedSlice> resolved =
      resolveStridedSlice(spec, shape, error);
  EXPECT_TRUE(resolved.has_value()) << error;
  return resolved ? resolved->dims[0] : ResolvedDim();
}

using Shape = std::vector<MaybeInt>;
} // namespace

//===----------------------------------------------------------------------===//
// Seed examples
//===----------------------------------------------------------------------===//

TEST(StridedSliceSemantics, TensorFlowWorkedExample) {
  // foo[1, 2:4, None, ..., :-3:-1, :] on 5x5x5x5x5x5 (seed 001).
  SparseSliceSpec spec = SpecBuilder()
                             .index(1)
                             .range(2, 4)
                             .newAxis()
                             .ellipsis()
                             .rangeMasked(0, -3, -1, true, false)
                             .all()
                             .get();
  EXPECT_EQ(spec.masks.begin, 48u);
  EXPECT_EQ(spec.masks.end, 32u);
  EXPECT_EQ(spec.masks.ellipsis, 8u);
  EXPECT_EQ(spec.masks.newAxis, 4u);
  EXPECT_EQ(spec.masks.shrinkAxis, 1u);
  EXPECT_EQ(resultShape(spec, shapeOf({5, 5, 5, 5, 5, 5})),
            shapeOf({2, 1, 5, 5, 2, 5}));
}

TEST(StridedSliceSemantics, MasksGiveTheFullestRange) {
  // foo[5:,:,:3] on 7x8x9 is foo[5:7,0:8,0:3] (seed 000).
  SparseSliceSpec spec = SpecBuilder()
                             .rangeMasked(5, 0, 1, false, true)
                             .all()
                             .rangeMasked(0, 3, 1, true, false)
                             .get();
  EXPECT_EQ(resultShape(spec, shapeOf({7, 8, 9})), shapeOf({2, 8, 3}));
}

TEST(StridedSliceSemantics, ReverseWholeDimension) {
  // foo[::-1] on shape 8 (seed 000, minus sign restored).
  ResolvedDim dim = dim0(SpecBuilder().all(-1).get(), shapeOf({8}));
  EXPECT_EQ(dim.start, MaybeInt(7));
  EXPECT_EQ(dim.end, MaybeInt(-1));
  EXPECT_EQ(dim.stride, MaybeInt(-1));
  EXPECT_EQ(dim.size, MaybeInt(8));
}

TEST(StridedSliceSemantics, SeedDocumentErrorNegativeBeginReverse) {
  // [1,2,3,4][-2::-1] is [3,2,1] (NumPy), not [4,3] as seed 001 claims.
  ResolvedDim dim = dim0(
      SpecBuilder().rangeMasked(-2, 0, -1, false, true).get(), shapeOf({4}));
  EXPECT_EQ(dim.start, MaybeInt(2));
  EXPECT_EQ(dim.size, MaybeInt(3));
}

TEST(StridedSliceSemantics, TensorFlowPythonExamples) {
  Shape shape = shapeOf({3, 2, 3});
  EXPECT_EQ(resultShape(SpecBuilder().range(1, 2).range(0, 1).range(0, 3).get(),
                        shape),
            shapeOf({1, 1, 3}));
  EXPECT_EQ(resultShape(SpecBuilder().range(1, 2).range(0, 2).range(0, 3).get(),
                        shape),
            shapeOf({1, 2, 3}));
  // begin [1, -1, 0], end [2, -3, 3], strides [1, -1, 1] gives [[[4,4,4],
  // [3,3,3]]].
  SparseSliceSpec reversed =
      SpecBuilder().range(1, 2).range(-1, -3, -1).range(0, 3).get();
  EXPECT_EQ(resultShape(reversed, shape), shapeOf({1, 2, 3}));
}

//===----------------------------------------------------------------------===//
// Structure: ellipsis, new axes, shrink
//===----------------------------------------------------------------------===//

TEST(StridedSliceSemantics, EllipsisExpandsOverUnnamedDims) {
  // foo[3:5,...,4:5] on 10x3x3x10 is foo[3:5,:,:,4:5].
  EXPECT_EQ(resultShape(SpecBuilder().range(3, 5).ellipsis().range(4, 5).get(),
                        shapeOf({10, 3, 3, 10})),
            shapeOf({2, 3, 3, 1}));
  EXPECT_EQ(resultShape(SpecBuilder().range(3, 5).ellipsis().get(),
                        shapeOf({10, 3, 3, 10})),
            shapeOf({2, 3, 3, 10}));
}

TEST(StridedSliceSemantics, ImplicitTrailingEllipsis) {
  EXPECT_EQ(resultShape(SpecBuilder().range(1, 3).get(), shapeOf({5, 6, 7})),
            shapeOf({2, 6, 7}));
  EXPECT_EQ(resultShape(SpecBuilder().get(), shapeOf({5, 6})), shapeOf({5, 6}));
}

TEST(StridedSliceSemantics, EllipsisCanCoverNothing) {
  EXPECT_EQ(resultShape(SpecBuilder().range(0, 1).ellipsis().range(0, 2).get(),
                        shapeOf({4, 4})),
            shapeOf({1, 2}));
}

TEST(StridedSliceSemantics, NewAxesConsumeNoDimension) {
  // foo[:4, newaxis, :2] on 5x6x7 (seeds 000, 002).
  EXPECT_EQ(resultShape(SpecBuilder()
                            .rangeMasked(0, 4, 1, true, false)
                            .newAxis()
                            .rangeMasked(0, 2, 1, true, false)
                            .get(),
                        shapeOf({5, 6, 7})),
            shapeOf({4, 1, 2, 7}));
  // foo[newaxis, ...] on (3, 4) is (1, 3, 4); on a scalar, (1,).
  EXPECT_EQ(
      resultShape(SpecBuilder().newAxis().ellipsis().get(), shapeOf({3, 4})),
      shapeOf({1, 3, 4}));
  EXPECT_EQ(resultShape(SpecBuilder().newAxis().get(), shapeOf({})),
            shapeOf({1}));
}

TEST(StridedSliceSemantics, NewAxesAfterEllipsisDoNotShrinkIt) {
  EXPECT_EQ(resultShape(SpecBuilder().ellipsis().newAxis().range(0, 1).get(),
                        shapeOf({2, 3, 4})),
            shapeOf({2, 3, 1, 1}));
}

TEST(StridedSliceSemantics, ShrinkRemovesTheDimension) {
  // foo[2, :] on 5x6 is (6,); foo[:, 5, :] on 5x6x7 has shrink mask 2.
  EXPECT_EQ(resultShape(SpecBuilder().index(2).all().get(), shapeOf({5, 6})),
            shapeOf({6}));
  SparseSliceSpec spec = SpecBuilder().all().index(5).all().get();
  EXPECT_EQ(spec.masks.shrinkAxis, 2u);
  EXPECT_EQ(resultShape(spec, shapeOf({5, 6, 7})), shapeOf({5, 7}));
}

TEST(StridedSliceSemantics, ShrinkTakesBeginAndIgnoresEndAndMasks) {
  SparseSliceSpec spec = SpecBuilder().index(-1).get();
  spec.end[0] = 0; // x[-1] is encoded -1:0, a degenerate range
  spec.masks.begin = 1;
  spec.masks.end = 1;
  ResolvedDim dim = dim0(spec, shapeOf({5}));
  EXPECT_TRUE(dim.shrink);
  EXPECT_EQ(dim.start, MaybeInt(4));
  EXPECT_EQ(dim.size, MaybeInt(1));
  EXPECT_EQ(resultShape(spec, shapeOf({5})), shapeOf({}));
}

TEST(StridedSliceSemantics, EllipsisBeatsNewAxisBeatsShrink) {
  SparseSliceSpec spec = SpecBuilder().ellipsis().get();
  spec.masks.newAxis = 1;
  EXPECT_EQ(classifyEntry(spec.masks, 0), EntryKind::Ellipsis);
  EXPECT_EQ(resultShape(spec, shapeOf({2, 3})), shapeOf({2, 3}));
  SparseSliceSpec both = SpecBuilder().index(0).get();
  both.masks.newAxis = 1;
  EXPECT_EQ(classifyEntry(both.masks, 0), EntryKind::NewAxis);
  EXPECT_EQ(resultShape(both, shapeOf({2})), shapeOf({1, 2}));
}

TEST(StridedSliceSemantics, StridesOfEllipsisAndNewAxisAreIgnored) {
  SparseSliceSpec spec = SpecBuilder().ellipsis().newAxis().get();
  spec.strides = {0, 0};
  EXPECT_EQ(resultShape(spec, shapeOf({3})), shapeOf({3, 1}));
}

//===----------------------------------------------------------------------===//
// Values: wrap, clamp, sizes
//===----------------------------------------------------------------------===//

TEST(StridedSliceSemantics, NegativeIndicesWrapOnce) {
  ResolvedDim dim = dim0(SpecBuilder().range(-3, -1).get(), shapeOf({10}));
  EXPECT_EQ(dim.start, MaybeInt(7));
  EXPECT_EQ(dim.end, MaybeInt(9));
  EXPECT_EQ(dim.size, MaybeInt(2));
  // -15 wraps once to -5 and clamps to 0, it does not wrap again.
  EXPECT_EQ(dim0(SpecBuilder().range(-15, 3).get(), shapeOf({10})).start,
            MaybeInt(0));
}

TEST(StridedSliceSemantics, ClampsLikePythonForPositiveStride) {
  ResolvedDim dim = dim0(SpecBuilder().range(-100, 100).get(), shapeOf({10}));
  EXPECT_EQ(dim.start, MaybeInt(0));
  EXPECT_EQ(dim.end, MaybeInt(10));
  EXPECT_EQ(dim.size, MaybeInt(10));
}

TEST(StridedSliceSemantics, ClampsLikePythonForNegativeStride) {
  ResolvedDim dim =
      dim0(SpecBuilder().range(100, -100, -1).get(), shapeOf({10}));
  EXPECT_EQ(dim.start, MaybeInt(9));
  EXPECT_EQ(dim.end, MaybeInt(-1));
  EXPECT_EQ(dim.size, MaybeInt(10));
}

TEST(StridedSliceSemantics, SizeRoundsUp) {
  EXPECT_EQ(dim0(SpecBuilder().range(0, 10, 3).get(), shapeOf({10})).size,
            MaybeInt(4));
  EXPECT_EQ(dim0(SpecBuilder().range(9, 0, -4).get(), shapeOf({10})).size,
            MaybeInt(3));
}

TEST(StridedSliceSemantics, EmptyRangesHaveSizeZero) {
  EXPECT_EQ(dim0(SpecBuilder().range(5, 2).get(), shapeOf({10})).size,
            MaybeInt(0));
  EXPECT_EQ(dim0(SpecBuilder().range(2, 5, -1).get(), shapeOf({10})).size,
            MaybeInt(0));
  EXPECT_EQ(dim0(SpecBuilder().range(3, 3).get(), shapeOf({10})).size,
            MaybeInt(0));
  EXPECT_EQ(dim0(SpecBuilder().all(-1).get(), shapeOf({0})).size, MaybeInt(0));
  EXPECT_EQ(dim0(SpecBuilder().all().get(), shapeOf({0})).size, MaybeInt(0));
}

TEST(StridedSliceSemantics, ExtremeValuesDoNotOverflow) {
  EXPECT_EQ(dim0(SpecBuilder().range(0, kMax).get(), shapeOf({10})).size,
            MaybeInt(10));
  EXPECT_EQ(dim0(SpecBuilder().range(kMin, kMax).get(), shapeOf({10})).size,
            MaybeInt(10));
  EXPECT_EQ(dim0(SpecBuilder().range(kMax, kMin, -1).get(), shapeOf({10})).size,
            MaybeInt(10));
  EXPECT_EQ(
      dim0(SpecBuilder().range(-kMax, kInt32Max).get(), shapeOf({7})).size,
      MaybeInt(7));
  EXPECT_EQ(dim0(SpecBuilder().range(0, kMax, kMax).get(), shapeOf({10})).size,
            MaybeInt(1));
  EXPECT_EQ(
      dim0(SpecBuilder().range(kMax, kMin, kMin).get(), shapeOf({10})).size,
      MaybeInt(1));
  // Dimensions near the int64 limit.
  int64_t huge = int64_t(1) << 62;
  EXPECT_EQ(dim0(SpecBuilder().all(-1).get(), shapeOf({huge})).size,
            MaybeInt(huge));
  EXPECT_EQ(
      dim0(SpecBuilder().range(kMin, kMax, 3).get(), shapeOf({kMax})).size,
      MaybeInt(kMax / 3 + 1));
  EXPECT_EQ(
      dim0(SpecBuilder().range(kMax, kMin, -1).get(), shapeOf({kMax})).size,
      MaybeInt(kMax));
}

//===----------------------------------------------------------------------===//
// Unknown values
//===----------------------------------------------------------------------===//

TEST(StridedSliceSemantics, UnknownDimGivesUnknownSizeButShrinkStaysOne) {
  EXPECT_EQ(
      resultShape(SpecBuilder().range(1, 3).index(0).get(), shapeOf({-1, -1})),
      Shape({std::nullopt}));
  EXPECT_EQ(resultShape(SpecBuilder().range(1, 3).get(), shapeOf({-1, 4})),
            Shape({std::nullopt, 4}));
}

TEST(StridedSliceSemantics, UnknownValuesGiveUnknownSize) {
  EXPECT_EQ(
      resultShape(SpecBuilder().range(std::nullopt, 3).get(), shapeOf({8})),
      Shape({std::nullopt}));
  EXPECT_EQ(resultShape(SpecBuilder().all(std::nullopt).get(), shapeOf({8})),
            Shape({std::nullopt}));
}

TEST(StridedSliceSemantics, MaskedBeginIsKnownWithUnknownDim) {
  ResolvedDim dim = dim0(SpecBuilder().all().get(), shapeOf({-1}));
  EXPECT_EQ(dim.start, MaybeInt(0));
  EXPECT_EQ(dim.stride, MaybeInt(1));
  EXPECT_EQ(dim.size, std::nullopt);
}

TEST(StridedSliceSemantics, KnownIntArithSelect) {
  KnownIntArith arith;
  EXPECT_EQ(arith.select(std::nullopt, 3, 3), MaybeInt(3));
  EXPECT_EQ(arith.select(std::nullopt, 3, 4), std::nullopt);
  EXPECT_EQ(arith.select(true, 3, std::nullopt), MaybeInt(3));
  EXPECT_EQ(arith.divTrunc(kMin, -1), std::nullopt);
  EXPECT_EQ(arith.divTrunc(-7, 2), MaybeInt(-3));
  EXPECT_EQ(arith.add(kMax, 1), MaybeInt(kMin));
}

//===----------------------------------------------------------------------===//
// Rejections (TensorFlow core's rules plus mask bits past the spec)
//===----------------------------------------------------------------------===//

TEST(StridedSliceSemantics, RejectsZeroStride) {
  EXPECT_EQ(
      rejection(SpecBuilder().all().range(0, 2, 0).get(), shapeOf({3, 3})),
      "stride of entry 1 is 0");
  SparseSliceSpec shrink = SpecBuilder().index(1).get();
  shrink.strides[0] = 0;
  EXPECT_EQ(rejection(shrink, shapeOf({3})),
            "stride of entry 0 is 0 (a shrink_axis_mask entry needs a "
            "positive stride)");
}

TEST(StridedSliceSemantics, RejectsNegativeStrideOnShrink) {
  SparseSliceSpec spec = SpecBuilder().all().index(1).get();
  spec.strides[1] = -1;
  EXPECT_EQ(rejection(spec, shapeOf({3, 3})),
            "entry 1 shrinks (shrink_axis_mask bit 1) but its stride is -1; "
            "a shrink entry needs a positive stride");
  // Also on a dimension of unknown size.
  rejection(spec, shapeOf({-1, -1}));
}

TEST(StridedSliceSemantics, RejectsTwoEllipses) {
  EXPECT_EQ(rejection(SpecBuilder().ellipsis().all().ellipsis().get(),
                      shapeOf({3, 3})),
            "ellipsis_mask has more than one bit set (entries 0 and 2); a "
            "slice can have only one ellipsis");
}

TEST(StridedSliceSemantics, RejectsLengthMismatch) {
  SparseSliceSpec spec = SpecBuilder().all().all().get();
  spec.end.pop_back();
  EXPECT_EQ(rejection(spec, shapeOf({3, 3})),
            "begin, end and strides must have the same length, but have 2, 1 "
            "and 2 entries");
}

TEST(StridedSliceSemantics, RejectsTooManyEntries) {
  EXPECT_EQ(rejection(SpecBuilder().all().index(0).newAxis().all().get(),
                      shapeOf({3, 3})),
            "the spec indexes 3 input dimensions (range and shrink entries), "
            "but the input has rank 2");
  rejection(SpecBuilder().index(0).get(), shapeOf({}));
}

TEST(StridedSliceSemantics, RejectsMoreThan64Entries) {
  SparseSliceSpec spec;
  spec.begin.assign(65, 0);
  spec.end.assign(65, 0);
  spec.strides.assign(65, 1);
  EXPECT_EQ(rejection(spec, Shape(65, MaybeInt(1))),
            "the spec has 65 entries; at most 64 fit the 64-bit masks");
}

TEST(StridedSliceSemantics, Accepts64Entries) {
  SparseSliceSpec spec;
  spec.begin.assign(64, 0);
  spec.end.assign(64, 1);
  spec.strides.assign(64, 1);
  spec.masks.shrinkAxis = ~uint64_t(0);
  EXPECT_EQ(resultShape(spec, Shape(64, MaybeInt(1))), Shape());
}

TEST(StridedSliceSemantics, RejectsMaskBitsPastTheSpec) {
  SparseSliceSpec spec = SpecBuilder().all().get();
  spec.masks.end |= 4;
  EXPECT_EQ(rejection(spec, shapeOf({3, 3})),
            "end_mask has bit 2 set, but the spec has only 1 entries");
}

TEST(StridedSliceSemantics, RejectsShrinkIndexOutOfRange) {
  EXPECT_EQ(
      rejection(SpecBuilder().all().all().index(7).get(), shapeOf({5, 5, 5})),
      "shrink index 7 of entry 2 (shrink_axis_mask bit 2) is out of "
      "range [-5, 5) for dimension 2 of size 5");
  rejection(SpecBuilder().index(-6).get(), shapeOf({5}));
  rejection(SpecBuilder().index(0).get(), shapeOf({0}));
  rejection(SpecBuilder().index(kMax).get(), shapeOf({5}));
  // In range at both ends.
  resultShape(SpecBuilder().index(-5).get(), shapeOf({5}));
  resultShape(SpecBuilder().index(4).get(), shapeOf({5}));
  // Unknown dimension or index: decided at run time.
  resultShape(SpecBuilder().index(7).get(), shapeOf({-1}));
  resultShape(SpecBuilder().index(std::nullopt).get(), shapeOf({5}));
}

//===----------------------------------------------------------------------===//
// Dense spec bookkeeping
//===----------------------------------------------------------------------===//

TEST(StridedSliceSemantics, DenseSpecRecordsEntriesAndNewAxes) {
  std::string error;
  std::optional<DenseSliceSpec> dense =
      buildDenseSpec(SpecBuilder()
                         .index(1)
                         .range(2, 4)
                         .newAxis()
                         .ellipsis()
                         .rangeMasked(0, -3, -1, true, false)
                         .all()
                         .get(),
                     6, error);
  ASSERT_TRUE(dense.has_value()) << error;
  std::vector<int64_t> entries;
  for (const DenseDimSpec &dim : dense->dims)
    entries.push_back(dim.entry);
  EXPECT_EQ(entries, std::vector<int64_t>({0, 1, -1, -1, 4, 5}));
  EXPECT_EQ(std::vector<int64_t>(dense->resultToInput.begin(),
                                 dense->resultToInput.end()),
            std::vector<int64_t>({1, kNewAxis, 2, 3, 4, 5}));
  EXPECT_EQ(std::vector<int64_t>(dense->newAxisEntries.begin(),
                                 dense->newAxisEntries.end()),
            std::vector<int64_t>({2}));
  EXPECT_TRUE(dense->dims[0].shrink);
  EXPECT_TRUE(dense->dims[4].beginMasked);
  EXPECT_FALSE(dense->dims[4].endMasked);
}

//===----------------------------------------------------------------------===//
// Offset mode (TFLite)
//===----------------------------------------------------------------------===//

namespace {
SparseSliceSpec offsetSpec(SpecBuilder builder) {
  SparseSliceSpec spec = builder.get();
  spec.offset = true;
  return spec;
}
} // namespace

TEST(StridedSliceSemantics, OffsetEndIsAnExtentFromTheBegin) {
  // x[2 : 2+3] and x[-2 : -2-3 : -1] on a dimension of 8.
  EXPECT_EQ(resultShape(offsetSpec(SpecBuilder().range(2, 3)), shapeOf({8})),
            shapeOf({3}));
  ResolvedDim dim =
      dim0(offsetSpec(SpecBuilder().range(-2, -3, -1)), shapeOf({8}));
  EXPECT_EQ(dim.start, 6);
  EXPECT_EQ(dim.size, 3);
  // ceil(5 / 2) elements; an extent against the stride selects nothing.
  EXPECT_EQ(dim0(offsetSpec(SpecBuilder().range(0, 5, 2)), shapeOf({8})).size,
            3);
  EXPECT_EQ(dim0(offsetSpec(SpecBuilder().range(4, -2)), shapeOf({8})).size, 0);
}

TEST(StridedSliceSemantics, OffsetKeepsStaticSizeForUnknownBegin) {
  ResolvedDim dim =
      dim0(offsetSpec(SpecBuilder().range(std::nullopt, 4, 2)), shapeOf({-1}));
  EXPECT_EQ(dim.size, 2);
  EXPECT_FALSE(dim.start.has_value());
  // The window check is left for run time.
  EXPECT_FALSE(dim.inBounds.has_value());
}

TEST(StridedSliceSemantics, OffsetMaskedEndIsAnOrdinaryRange) {
  // With end_mask the entry is `b:`, clamped as usual.
  EXPECT_EQ(
      resultShape(offsetSpec(SpecBuilder().rangeMasked(20, 0, 1, false, true)),
                  shapeOf({8})),
      shapeOf({0}));
}

TEST(StridedSliceSemantics, RejectsOffsetWindowLeavingTheDimension) {
  EXPECT_EQ(rejection(offsetSpec(SpecBuilder().range(6, 3)), shapeOf({8})),
            "entry 0 (offset mode) selects 3 elements from index 6 with "
            "stride 1, which leaves dimension 0 of size 8 (begin 6, extent "
            "3)");
  // Running backwards past the front, and an extent of INT64_MIN (whose
  // negation overflows).
  rejection(offsetSpec(SpecBuilder().range(1, -3, -1)), shapeOf({8}));
  rejection(offsetSpec(SpecBuilder().range(7, kMin, -1)), shapeOf({8}));
  // An empty window is never out of bounds.
  EXPECT_EQ(resultShape(offsetSpec(SpecBuilder().range(100, 0)), shapeOf({8})),
            shapeOf({0}));
}

TEST(StridedSliceSemantics, KnownIntArithLogic) {
  KnownIntArith arith;
  std::optional<bool> unknown;
  EXPECT_EQ(arith.logicalAnd(false, unknown), false);
  EXPECT_EQ(arith.logicalAnd(true, unknown), std::nullopt);
  EXPECT_EQ(arith.logicalOr(unknown, true), true);
  EXPECT_EQ(arith.logicalOr(false, false), false);
  EXPECT_EQ(arith.logicalNot(unknown), std::nullopt);
}

//===----------------------------------------------------------------------===//
// Axes encoding
//===----------------------------------------------------------------------===//

TEST(StridedSliceSemantics, AxesSpecSlicesTheNamedAxes) {
  // Paddle: axes [-1, 0], starts [0, 1], ends [3, 2] on 3x4x5 is
  // x[1:2, :, 0:3].
  std::string error;
  std::optional<SparseSliceSpec> spec =
      buildAxesSpec({-1, 0}, {0, 1}, {3, 2}, {1, 1}, 3, error);
  ASSERT_TRUE(spec.has_value()) << error;
  EXPECT_EQ(resultShape(*spec, shapeOf({3, 4, 5})), shapeOf({1, 4, 3}));
  EXPECT_EQ(spec->masks.begin, 2u);
  EXPECT_EQ(spec->masks.end, 2u);
}

TEST(StridedSliceSemantics, AxesSpecRejections) {
  std::string error;
  EXPECT_FALSE(buildAxesSpec({0, -2}, {0, 0}, {1, 1}, {1, 1}, 2, error));
  EXPECT_EQ(error, "axis -2 of entry 1 names dimension 0, which entry 0 "
                   "already slices (axis 0)");
  error.clear();
  EXPECT_FALSE(buildAxesSpec({2}, {0}, {1}, {1}, 2, error));
  EXPECT_EQ(error,
            "axis 2 of entry 0 is out of range [-2, 2) for an input of rank 2");
  error.clear();
  EXPECT_FALSE(buildAxesSpec({1}, {0}, {1}, {0}, 2, error));
  EXPECT_EQ(error, "stride of entry 0 (axis 1) is 0");
  error.clear();
  EXPECT_FALSE(buildAxesSpec({1}, {0, 1}, {1}, {1}, 2, error));
  EXPECT_EQ(error, "axes, starts, ends and strides must have the same "
                   "length, but have 1, 2, 1 and 1 entries");
}

//===----------------------------------------------------------------------===//
// Composition
//===----------------------------------------------------------------------===//

namespace {
std::optional<SparseSliceSpec> compose(const SparseSliceSpec &first,
                                       const SparseSliceSpec &second,
                                       const Shape &shape) {
  std::string error;
  std::optional<ResolvedSlice> inner = resolveStridedSlice(first, shape, error);
  EXPECT_TRUE(inner) << error;
  std::optional<ResolvedSlice> outer =
      resolveStridedSlice(second, inner->resultShape, error);
  EXPECT_TRUE(outer) << error;
  return composeSlices(*inner, *outer);
}
} // namespace

TEST(StridedSliceSemantics, ComposesStridesAndReversals) {
  // x[1:9:2][::-1] on 10 is x[7:0:-2] (elements 7, 5, 3, 1).
  std::optional<SparseSliceSpec> spec =
      compose(SpecBuilder().range(1, 9, 2).get(), SpecBuilder().all(-1).get(),
              shapeOf({10}));
  ASSERT_TRUE(spec);
  ResolvedDim dim = dim0(*spec, shapeOf({10}));
  EXPECT_EQ(dim.start, 7);
  EXPECT_EQ(dim.stride, -2);
  EXPECT_EQ(dim.size, 4);
}

TEST(StridedSliceSemantics, ComposesShrinkAndNewAxes) {
  // x[:, newaxis, 2:][1, 0, ::2] on 4x6: the shrink goes to dimension 0,
  // the new axis is shrunk away, and dimension 1 becomes 2:6:2.
  std::optional<SparseSliceSpec> spec =
      compose(SpecBuilder().all().newAxis().range(2, kMax).get(),
              SpecBuilder().index(1).index(0).all(2).get(), shapeOf({4, 6}));
  ASSERT_TRUE(spec);
  EXPECT_EQ(resultShape(*spec, shapeOf({4, 6})), shapeOf({2}));
  EXPECT_EQ(spec->masks.shrinkAxis, 1u);
  EXPECT_EQ(spec->masks.newAxis, 0u);
}

TEST(StridedSliceSemantics, ComposesFullDynamicDims) {
  // x[:, 1:3][..., ::-1] on ?x4: dimension 0 stays whole although unknown.
  std::optional<SparseSliceSpec> spec =
      compose(SpecBuilder().all().range(1, 3).get(),
              SpecBuilder().ellipsis().all(-1).get(), shapeOf({-1, 4}));
  ASSERT_TRUE(spec);
  EXPECT_EQ(resultShape(*spec, shapeOf({-1, 4})), shapeOf({-1, 2}));
  EXPECT_EQ(dim0(*spec, shapeOf({-1, 4})).full, true);
}

TEST(StridedSliceSemantics, DeclinesEmptiedNewAxisAndUnknowns) {
  // x[newaxis][0:0] would need a new axis of size 0.
  EXPECT_FALSE(compose(SpecBuilder().newAxis().get(),
                       SpecBuilder().range(0, 0).get(), shapeOf({3})));
  // x[1:][1:] on an unknown dimension needs run-time arithmetic.
  EXPECT_FALSE(compose(SpecBuilder().range(1, kMax).get(),
                       SpecBuilder().range(1, kMax).get(), shapeOf({-1})));
}

// countElements is the size of an offset-mode window (and so of every
// normal-form range the lowerings build views from): ceil(|interval| /
// |stride|) in the stride's direction, else nothing; overflow-free.
TEST(StridedSliceSemantics, CountElementsOfWindows) {
  KnownIntArith arith;
  auto count = [&](MaybeInt interval, MaybeInt stride) {
    return countElements(arith, interval, stride,
                         arith.lessThan(arith.constant(0), stride),
                         /*bounded=*/false);
  };
  EXPECT_EQ(count(4, 1), MaybeInt(4));
  EXPECT_EQ(count(5, 2), MaybeInt(3));
  EXPECT_EQ(count(-5, -2), MaybeInt(3));
  EXPECT_EQ(count(-8, -1), MaybeInt(8));
  EXPECT_EQ(count(0, 3), MaybeInt(0));
  EXPECT_EQ(count(3, -1), MaybeInt(0)); // against the stride
  EXPECT_EQ(count(-3, 1), MaybeInt(0));
  EXPECT_EQ(count(INT64_MAX, 1), MaybeInt(INT64_MAX));
  EXPECT_EQ(count(INT64_MIN + 1, -1), MaybeInt(INT64_MAX));
  // 2^63 elements do not fit in int64 (the count wraps); no dimension holds
  // such a window, so dimRangeInBounds rejects it before a size is used.
  EXPECT_EQ(count(INT64_MIN, -1), MaybeInt(INT64_MIN));
  EXPECT_EQ(count(INT64_MIN, INT64_MIN), MaybeInt(1));
  EXPECT_EQ(count(std::nullopt, 1), std::nullopt);
}

//===----------------------------------------------------------------------===//
// Python notation
//===----------------------------------------------------------------------===//

TEST(StridedSliceSemantics, PythonNotationIsTheTensorFlowEncoding) {
  // The worked example again, from its text: the same masks as the
  // TensorFlow page gives, and the same result shape.
  std::string error;
  std::optional<SparseSliceSpec> spec =
      parsePythonSlice("1, 2:4, None, ..., :-3:-1, :", error);
  ASSERT_TRUE(spec) << error;
  EXPECT_EQ(spec->masks.begin, 48u);
  EXPECT_EQ(spec->masks.end, 32u);
  EXPECT_EQ(spec->masks.ellipsis, 8u);
  EXPECT_EQ(spec->masks.newAxis, 4u);
  EXPECT_EQ(spec->masks.shrinkAxis, 1u);
  EXPECT_EQ(spec->begin[0], MaybeInt(1));
  EXPECT_EQ(spec->end[1], MaybeInt(4));
  EXPECT_EQ(spec->strides[4], MaybeInt(-1));
  EXPECT_EQ(spec->end[4], MaybeInt(-3));
  EXPECT_EQ(resultShape(*spec, shapeOf({5, 5, 5, 5, 5, 5})),
            shapeOf({2, 1, 5, 5, 2, 5}));
  // newaxis and None are one thing; an empty text is x[()].
  std::optional<SparseSliceSpec> other =
      parsePythonSlice(" 1 ,2:4,newaxis,...,:-3:-1,: ", error);
  ASSERT_TRUE(other) << error;
  EXPECT_EQ(other->masks, spec->masks);
  std::optional<SparseSliceSpec> none = parsePythonSlice("  ", error);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->begin.empty());
}

TEST(StridedSliceSemantics, PythonNotationExtremesAndErrors) {
  std::string error;
  std::optional<SparseSliceSpec> spec = parsePythonSlice(
      "-9223372036854775808:9223372036854775807:-9223372036854775808", error);
  ASSERT_TRUE(spec) << error;
  EXPECT_EQ(spec->begin[0], MaybeInt(INT64_MIN));
  EXPECT_EQ(spec->end[0], MaybeInt(INT64_MAX));
  EXPECT_EQ(spec->strides[0], MaybeInt(INT64_MIN));
  // An index of INT64_MAX has no end past it; the end is not used (0).
  spec = parsePythonSlice("9223372036854775807", error);
  ASSERT_TRUE(spec);
  EXPECT_EQ(spec->masks.shrinkAxis, 1u);
  EXPECT_EQ(spec->end[0], MaybeInt(0));

  auto rejects = [&](llvm::StringRef text, llvm::StringRef message) {
    error.clear();
    EXPECT_FALSE(parsePythonSlice(text, error)) << text.str();
    EXPECT_EQ(error, message.str()) << text.str();
  };
  rejects("1, 2:x", "entry 1 '2:x': the end is not an int64");
  rejects("9223372036854775808", "entry 0 '9223372036854775808': not an "
                                 "int64 index, a range, '...' or 'newaxis'");
  rejects("::1:", "entry 0 '::1:': more than two ':'");
  rejects("..., 1, ...", "entry 2 '...': a second ellipsis");
  rejects("1,,2", "entry 1 '': not an int64 index, a range, '...' or "
                  "'newaxis'");
  rejects("a::", "entry 0 'a::': the begin is not an int64");
  rejects("::s", "entry 0 '::s': the stride is not an int64");
  std::string many;
  for (int i = 0; i < 65; ++i)
    many += i ? ",:" : ":";
  rejects(many, "a slice has at most 64 entries, got 65");
}

//===----------------------------------------------------------------------===//
// Overflow and extremes (docs/reliability.md)
//===----------------------------------------------------------------------===//

namespace {
using Wide = __int128;

/// Python's slice(begin, end, stride).indices(dim) and len(range(...)), in
/// 128-bit arithmetic that cannot overflow: the reference for the library.
int64_t pythonSliceSize(int64_t begin, int64_t end, int64_t stride,
                        int64_t dim) {
  Wide d = dim, b = begin, e = end, s = stride;
  auto clamp = [&](Wide x) {
    if (x < 0)
      x += d;
    Wide low = s > 0 ? 0 : -1, high = s > 0 ? d : d - 1;
    return x < low ? low : (x > high ? high : x);
  };
  Wide start = clamp(b), stop = clamp(e);
  Wide span = s > 0 ? stop - start : start - stop;
  Wide magnitude = s > 0 ? s : -s;
  return span <= 0 ? 0 : int64_t((span + magnitude - 1) / magnitude);
}

/// TFLite's offset mode: `extent` elements counted in `stride` steps from
/// begin (wrapped once); whether every selected index lies in [0, dim).
std::optional<int64_t> offsetWindowSize(int64_t begin, int64_t extent,
                                        int64_t stride, int64_t dim) {
  Wide d = dim, start = begin < 0 ? Wide(begin) + d : Wide(begin);
  Wide s = stride, e = extent;
  Wide count = 0;
  if ((s > 0 && e > 0) || (s < 0 && e < 0))
    count = (e > 0 ? e + s - 1 : -e - s - 1) / (s > 0 ? s : -s);
  if (count == 0)
    return 0;
  Wide last = start + (count - 1) * s;
  if (start < 0 || start >= d || last < 0 || last >= d)
    return std::nullopt;
  return int64_t(count);
}
} // namespace

// Every combination of extreme begin, end and stride on dimensions from 0
// to 2^62 and INT64_MAX: the size equals the 128-bit reference, never
// overflows, and lies in [0, dim]; offset windows are accepted exactly when
// they fit, with the reference's size.
TEST(StridedSliceSemantics, ExtremesMatchA128BitReference) {
  const int64_t big = int64_t(1) << 62;
  const int64_t values[] = {kMin, kMin + 1, -big - 1, -big, -3,
                            -1,   0,        1,        2,    big - 1,
                            big,  big + 1,  kMax - 1, kMax};
  const int64_t strides[] = {kMin, kMin + 1, -big, -2, -1, 1, 2, big, kMax};
  const int64_t dims[] = {0, 1, 3, big - 1, big, kMax};
  int checked = 0;
  for (int64_t dim : dims)
    for (int64_t begin : values)
      for (int64_t end : values)
        for (int64_t stride : strides) {
          std::string error;
          std::optional<ResolvedSlice> range = resolveStridedSlice(
              SpecBuilder().range(begin, end, stride).get(), {dim}, error);
          ASSERT_TRUE(range) << error;
          int64_t expected = pythonSliceSize(begin, end, stride, dim);
          ASSERT_EQ(range->resultShape[0], MaybeInt(expected))
              << begin << ":" << end << ":" << stride << " on " << dim;
          SparseSliceSpec offset =
              SpecBuilder().range(begin, end, stride).get();
          offset.offset = true;
          std::optional<ResolvedSlice> window =
              resolveStridedSlice(offset, {dim}, error);
          std::optional<int64_t> fits =
              offsetWindowSize(begin, end, stride, dim);
          ASSERT_EQ(window.has_value(), fits.has_value())
              << "offset " << begin << ":" << end << ":" << stride << " on "
              << dim << ": " << error;
          if (window)
            ASSERT_EQ(window->resultShape[0], MaybeInt(*fits));
          ++checked;
        }
  EXPECT_EQ(checked, 6 * 14 * 14 * 9);
}

// Shrink indices at the extremes: in range exactly when -dim <= i < dim.
TEST(StridedSliceSemantics, ExtremeShrinkIndices) {
  const int64_t big = int64_t(1) << 62;
  for (int64_t dim : {int64_t(0), int64_t(1), big, kMax})
    for (int64_t index :
         {kMin, kMin + 1, -big, int64_t(-1), int64_t(0), big - 1, big, kMax}) {
      std::string error;
      bool inRange = Wide(index) >= -Wide(dim) && Wide(index) < Wide(dim);
      EXPECT_EQ(
          resolveStridedSlice(SpecBuilder().index(index).get(), {dim}, error)
              .has_value(),
          inRange)
          << index << " on " << dim;
    }
}

TEST(StridedSliceSemantics, RankZero) {
  EXPECT_EQ(resultShape(SpecBuilder().get(), {}), Shape{});
  EXPECT_EQ(resultShape(SpecBuilder().ellipsis().get(), {}), Shape{});
  EXPECT_EQ(resultShape(SpecBuilder().newAxis().newAxis().get(), {}),
            (Shape{1, 1}));
  EXPECT_EQ(rejection(SpecBuilder().index(0).get(), {}),
            "the spec indexes 1 input dimensions (range and shrink entries), "
            "but the input has rank 0");
}

// Rank 16 with new axes up to the 64 entries of a normal form.
TEST(StridedSliceSemantics, Rank16WithManyNewAxes) {
  Shape shape(16, MaybeInt(2));
  SpecBuilder fits, tooMany;
  for (int i = 0; i < 48; ++i)
    fits.newAxis();
  fits.ellipsis().index(-1);
  for (int i = 0; i < 49; ++i)
    tooMany.newAxis();
  tooMany.ellipsis();
  std::vector<MaybeInt> expected(48, MaybeInt(1));
  expected.insert(expected.end(), 15, MaybeInt(2));
  EXPECT_EQ(resultShape(fits.get(), shape), expected);
  EXPECT_EQ(rejection(tooMany.get(), shape),
            "the slice needs 65 entries in normal form (16 input dimensions "
            "and 49 new axes), more than the 64 a spec holds");
}

TEST(StridedSliceSemantics, RejectsInputsLargerThanInt64Counts) {
  const int64_t big = int64_t(1) << 62;
  EXPECT_EQ(rejection(SpecBuilder().get(), shapeOf({big, 2})),
            "the input's sizes 4611686018427387904x2 multiply to more "
            "elements than int64 counts");
  // Unknown sizes are not counted; 0 makes any product small.
  EXPECT_EQ(resultShape(SpecBuilder().get(), shapeOf({big, -1})),
            (Shape{big, std::nullopt}));
  EXPECT_EQ(resultShape(SpecBuilder().get(), shapeOf({big, big, 0})),
            (Shape{big, big, 0}));
}

// Finding 14 (docs/reliability.md): offset-mode windows of static extent
// on dynamic dimensions give static result sizes that no tensor holds.
TEST(StridedSliceSemantics, RejectsResultsLargerThanInt64Counts) {
  const int64_t big = int64_t(1) << 62;
  SparseSliceSpec spec = SpecBuilder().range(0, big).range(0, 2).get();
  spec.offset = true;
  EXPECT_EQ(rejection(spec, shapeOf({-1, -1})),
            "the result's sizes 4611686018427387904x2 multiply to more "
            "elements than int64 counts");
  // INT64_MAX elements still fit, and 0 makes any product small.
  SparseSliceSpec largest = SpecBuilder().range(0, kMax).get();
  largest.offset = true;
  EXPECT_EQ(resultShape(largest, shapeOf({-1})), (Shape{kMax}));
  SparseSliceSpec empty =
      SpecBuilder().range(0, big).range(0, big).range(0, 0).get();
  empty.offset = true;
  EXPECT_EQ(resultShape(empty, shapeOf({-1, -1, -1})), (Shape{big, big, 0}));
}

// A range or window on a dimension of size 0 selects nothing, whatever its
// unknowns: the result of an empty input whose other sizes multiply past
// INT64_MAX counts 0 elements (docs/reliability.md, finding 17).
TEST(StridedSliceSemantics, EmptyDimensionsSelectNothingWhateverTheUnknowns) {
  const int64_t big = int64_t(1) << 36;
  const int64_t huge = 4553769036265620272;
  SparseSliceSpec spec = SpecBuilder()
                             .all()
                             .range(0, std::nullopt, -3)
                             .all()
                             .range(0, huge, 3)
                             .get();
  EXPECT_EQ(resultShape(spec, shapeOf({big, 0, 7, huge})),
            (Shape{big, 0, 7, 1517923012088540091}));
  for (MaybeInt stride : {MaybeInt(2), MaybeInt(-1), MaybeInt()}) {
    SparseSliceSpec unknown =
        SpecBuilder().range(std::nullopt, std::nullopt, stride).get();
    EXPECT_EQ(resultShape(unknown, shapeOf({0})), (Shape{0}));
    unknown.offset = true;
    EXPECT_EQ(resultShape(unknown, shapeOf({0})), (Shape{0}));
  }
  // A window of known extent on it is known to leave it, as before.
  SparseSliceSpec window = SpecBuilder().range(0, 2).get();
  window.offset = true;
  EXPECT_NE(rejection(window, shapeOf({0})), "");
}

TEST(StridedSliceSemantics, CheckedProduct) {
  const int64_t big = int64_t(1) << 62;
  EXPECT_EQ(checkedProduct({}), MaybeInt(1));
  EXPECT_EQ(checkedProduct({big, 1}), MaybeInt(big));
  EXPECT_EQ(checkedProduct({big, 2}), std::nullopt);
  EXPECT_EQ(checkedProduct({kMax, 0}), MaybeInt(0));
  EXPECT_EQ(checkedProduct({big, big, 0}), MaybeInt(0));
  EXPECT_EQ(checkedProduct({3, -1}), std::nullopt);
}

// INT64_MIN as a begin or end (ONNX's "to the front") is replaced only by
// static values that select the same elements: for every stride and every
// dimension the replacement was computed for (a known one, or unknown,
// which must then hold for all), the original and the replaced spec
// resolve to the same start, stride and size.
TEST(StridedSliceSemantics, MinIndicesBecomeEquivalentStaticValues) {
  const int64_t big = int64_t(1) << 62;
  const int64_t dims[] = {0, 1, 2, 5, big, kMax - 1, kMax};
  const MaybeInt strides[] = {kMin, kMin + 1, -2, -1, 1, 3, kMax, std::nullopt};
  const int64_t others[] = {kMin + 1, -3, -1, 0, 2, kMax};
  int replaced = 0, kept = 0;
  for (MaybeInt stride : strides)
    for (int64_t other : others)
      for (bool minIsEnd : {false, true})
        for (std::optional<int64_t> known :
             {std::optional<int64_t>(), std::optional<int64_t>(2),
              std::optional<int64_t>(kMax - 1), std::optional<int64_t>(kMax)}) {
          MaybeInt begin = minIsEnd ? MaybeInt(other) : MaybeInt(kMin);
          MaybeInt end = minIsEnd ? MaybeInt(kMin) : MaybeInt(other);
          SparseSliceSpec original =
              SpecBuilder().range(begin, end, stride).get();
          SparseSliceSpec mapped = original;
          MaybeInt shapeDim = known ? MaybeInt(*known) : MaybeInt();
          if (!replaceMinIndices(mapped, {shapeDim})) {
            ++kept;
            continue;
          }
          ++replaced;
          EXPECT_NE(mapped.begin[0], MaybeInt(kMin));
          EXPECT_NE(mapped.end[0], MaybeInt(kMin));
          for (int64_t dim : dims) {
            if (known && dim != *known)
              continue;
            for (int64_t concrete : {int64_t(-1), int64_t(2), kMin, kMax}) {
              // An unknown stride is checked with concrete ones.
              if (stride && concrete != -1)
                continue;
              SparseSliceSpec a = original, b = mapped;
              if (!stride)
                a.strides[0] = b.strides[0] = concrete;
              std::string error;
              std::optional<ResolvedSlice> ra =
                  resolveStridedSlice(a, {dim}, error);
              std::optional<ResolvedSlice> rb =
                  resolveStridedSlice(b, {dim}, error);
              ASSERT_TRUE(ra && rb) << error;
              ASSERT_EQ(ra->resultShape, rb->resultShape)
                  << "dim " << dim << ", stride " << *a.strides[0]
                  << (minIsEnd ? ", end" : ", begin") << " INT64_MIN";
              if (ra->resultShape[0] != MaybeInt(0))
                ASSERT_EQ(ra->dims[0].start, rb->dims[0].start);
            }
          }
        }
  // Known positive strides and dimensions below INT64_MAX map; what would
  // differ on a dimension of INT64_MAX (a negative or unknown stride on an
  // unknown or INT64_MAX dimension) keeps INT64_MIN, but for an end with a
  // known negative stride, which becomes the end mask.
  EXPECT_GT(replaced, 0);
  EXPECT_GT(kept, 0);
}

TEST(StridedSliceSemantics, MinIndicesExamples) {
  // ONNX's reversal: starts [-1] ends [INT64_MIN] steps [-1] on 4 rows.
  SparseSliceSpec spec = SpecBuilder().range(-1, kMin, -1).get();
  ASSERT_TRUE(replaceMinIndices(spec, {4}));
  EXPECT_EQ(spec.end[0], MaybeInt(kMin + 1));
  EXPECT_EQ(spec.masks.end, 0u);
  // On an unknown dimension: the end mask, exact for every size.
  spec = SpecBuilder().range(-1, kMin, -1).get();
  ASSERT_TRUE(replaceMinIndices(spec, {std::nullopt}));
  EXPECT_EQ(spec.masks.end, 1u);
  EXPECT_EQ(spec.end[0], MaybeInt(0));
  // A begin of INT64_MIN with a negative stride on an unknown dimension
  // (an empty range but on INT64_MAX elements) has no static equivalent.
  spec = SpecBuilder().range(kMin, 0, -1).get();
  EXPECT_FALSE(replaceMinIndices(spec, {std::nullopt}));
  EXPECT_EQ(spec.begin[0], MaybeInt(kMin));
  // Offset mode: extents and unclamped begins keep their value.
  spec = SpecBuilder().range(kMin, kMin, 1).get();
  spec.offset = true;
  EXPECT_FALSE(replaceMinIndices(spec, {4}));
  // Ignored values become 0; a shrink index of INT64_MIN stays.
  spec = SpecBuilder()
             .index(kMin)
             .newAxis()
             .rangeMasked(0, 0, 1, true, true)
             .get();
  spec.end[0] = kMin;
  spec.begin[1] = kMin;
  spec.begin[2] = kMin;
  ASSERT_TRUE(replaceMinIndices(spec, {4, 4}));
  EXPECT_EQ(spec.begin[0], MaybeInt(kMin));
  EXPECT_EQ(spec.end[0], MaybeInt(0));
  EXPECT_EQ(spec.begin[1], MaybeInt(0));
  EXPECT_EQ(spec.begin[2], MaybeInt(0));
  // An invalid spec is left alone.
  spec = SpecBuilder().range(kMin, 0, 0).get();
  EXPECT_FALSE(replaceMinIndices(spec, {4}));
}

TEST(StridedSliceSemantics, UpdateValuesBroadcastLikeNumPy) {
  using M = UpdateDimMatch;
  using Matches = llvm::SmallVector<M>;
  std::string error;
  auto match = [&](Shape value, Shape slice) {
    error.clear();
    return matchUpdateValue(value, slice, error);
  };
  // Same shape; a scalar; unit dimensions stretch, also to unknown sizes
  // and to 0.
  EXPECT_EQ(*match({2, 3}, {2, 3}), (Matches{M::Equal, M::Equal}));
  EXPECT_EQ(*match({}, {2, 3}), Matches{});
  EXPECT_EQ(*match({1, 3}, {std::nullopt, 3}),
            (Matches{M::Stretched, M::Equal}));
  EXPECT_EQ(*match({1}, {0}), Matches{M::Stretched});
  EXPECT_EQ(*match({1}, {1}), Matches{M::Equal});
  // Leading value dimensions beyond the slice's rank must be 1.
  EXPECT_EQ(*match({1, 1, 3}, {3}),
            (Matches{M::Dropped, M::Dropped, M::Equal}));
  EXPECT_EQ(*match({std::nullopt, 3}, {3}),
            (Matches{M::CheckedAtRunTime, M::Equal}));
  EXPECT_FALSE(match({2, 3}, {3}));
  EXPECT_EQ(error, "value dimension 0 has size 2 and lines up with no slice "
                   "dimension (the value has rank 2, the slice 1): it must "
                   "have size 1");
  // Unknown sizes are checked at run time; a dynamic value dimension never
  // stretches.
  EXPECT_EQ(*match({std::nullopt}, {4}), Matches{M::CheckedAtRunTime});
  EXPECT_EQ(*match({4}, {std::nullopt}), Matches{M::CheckedAtRunTime});
  // Known sizes that differ, other than a value size 1, do not fit (NumPy:
  // "could not broadcast input array from shape (3,) into shape (2,)").
  EXPECT_FALSE(match({3}, {2}));
  EXPECT_EQ(error, "value dimension 0 has size 3 but slice dimension 0 has "
                   "size 2 (the value broadcasts only from size 1)");
  EXPECT_FALSE(match({0}, {1}));
}

TEST(StridedSliceSemantics, DisjointSlicesExactlyOnSmallShapes) {
  // Every pair of ranges begin:end:stride of a 7-element dimension (both
  // stride signs, masks included via out-of-range values), against the
  // intersection of the flat indices they select, on a 7x3 input where
  // the second dimension is always whole.
  std::vector<MaybeInt> shape = shapeOf({7, 3});
  std::vector<ResolvedSlice> slices;
  for (int64_t begin = -8; begin <= 8; begin += 2)
    for (int64_t end = -8; end <= 8; end += 3)
      for (int64_t stride : {-3, -2, -1, 1, 2, 3}) {
        std::string error;
        std::optional<ResolvedSlice> resolved = resolveStridedSlice(
            SpecBuilder().range(begin, end, stride).get(), shape, error);
        ASSERT_TRUE(resolved) << error;
        slices.push_back(*resolved);
      }
  int disjointPairs = 0;
  for (const ResolvedSlice &a : slices) {
    std::set<int64_t> selected;
    ASSERT_TRUE(forEachSelectedIndex(
        a, {7, 3}, [&](int64_t flat) { selected.insert(flat); }));
    for (const ResolvedSlice &b : slices) {
      bool overlap = false;
      ASSERT_TRUE(forEachSelectedIndex(
          b, {7, 3}, [&](int64_t flat) { overlap |= selected.count(flat); }));
      EXPECT_EQ(areKnownDisjoint(a, b), !overlap);
      disjointPairs += !overlap;
    }
  }
  EXPECT_GT(disjointPairs, 0);
}

TEST(StridedSliceSemantics, DisjointSlicesOfLongAndUnknownDimensions) {
  std::string error;
  auto resolve = [&](SpecBuilder builder, std::vector<MaybeInt> shape) {
    std::optional<ResolvedSlice> resolved =
        resolveStridedSlice(builder.get(), shape, error);
    EXPECT_TRUE(resolved) << error;
    return *resolved;
  };
  // Too long to enumerate: even against odd indices is disjoint (their
  // difference is no multiple of gcd(2, 2)); stride 2 against 3 may meet.
  std::vector<MaybeInt> longDim = shapeOf({1 << 20});
  ResolvedSlice even = resolve(SpecBuilder().range(0, kMax, 2), longDim);
  ResolvedSlice odd = resolve(SpecBuilder().range(1, kMax, 2), longDim);
  ResolvedSlice third = resolve(SpecBuilder().range(1, kMax, 3), longDim);
  ResolvedSlice backwards = resolve(SpecBuilder().all(-2), longDim);
  EXPECT_TRUE(areKnownDisjoint(even, odd));
  EXPECT_FALSE(areKnownDisjoint(even, third));
  // ::-2 of an even size takes the odd indices.
  EXPECT_TRUE(areKnownDisjoint(even, backwards));
  EXPECT_FALSE(areKnownDisjoint(odd, backwards));
  // An unknown size: rows 1 and 2 are disjoint; a row counted from the
  // back may be either, and so may the rows from 2 on (their start is
  // clamped to the unknown size).
  std::vector<MaybeInt> unknown = shapeOf({-1, 4});
  ResolvedSlice row1 = resolve(SpecBuilder().index(1), unknown);
  ResolvedSlice row2 = resolve(SpecBuilder().index(2), unknown);
  ResolvedSlice last = resolve(SpecBuilder().index(-1), unknown);
  ResolvedSlice from2 = resolve(SpecBuilder().range(2, 4), unknown);
  EXPECT_TRUE(areKnownDisjoint(row1, row2));
  EXPECT_FALSE(areKnownDisjoint(row1, last));
  EXPECT_FALSE(areKnownDisjoint(row1, from2));
  // An offset-mode window from row 2 of unknown extent starts there: every
  // row it takes lies after row 1.
  SparseSliceSpec window = SpecBuilder().range(2, std::nullopt).get();
  window.offset = true;
  std::optional<ResolvedSlice> fromRow2 =
      resolveStridedSlice(window, unknown, error);
  ASSERT_TRUE(fromRow2) << error;
  EXPECT_TRUE(areKnownDisjoint(row1, *fromRow2));
  EXPECT_FALSE(areKnownDisjoint(row2, *fromRow2));
  // Columns disjoint while the rows are unknown.
  ResolvedSlice left = resolve(SpecBuilder().all().range(0, 2), unknown);
  ResolvedSlice right = resolve(SpecBuilder().index(-1).range(2, 4), unknown);
  EXPECT_TRUE(areKnownDisjoint(left, right));
}

// runInWindow against enumeration: every start, stride of either sign,
// count and window of a small range, as the partition of a sharded slice
// asks it (each window a shard's [offset, offset + n)).
TEST(StridedSliceSemantics, RunInWindowMatchesEnumeration) {
  KnownIntArith arith;
  int64_t checked = 0;
  for (int64_t start = -3; start <= 12; ++start)
    for (int64_t stride : std::initializer_list<int64_t>{
             -INT64_MAX, -7, -3, -2, -1, 1, 2, 3, 7, INT64_MAX})
      for (int64_t count = 0; count <= 6; ++count)
        for (int64_t begin = -2; begin <= 10; ++begin)
          for (int64_t end = begin; end <= 12; ++end) {
            int64_t lo = count, hi = count;
            bool seen = false;
            for (int64_t j = 0; j < count; ++j) {
              __int128 element = static_cast<__int128>(stride) * j + start;
              if (element < begin || element >= end)
                continue;
              if (!seen)
                lo = j;
              // The run must be contiguous.
              ASSERT_TRUE(!seen || j == hi);
              seen = true;
              hi = j + 1;
            }
            IndexRun<MaybeInt> run =
                runInWindow(arith, start, stride, count, begin, end);
            ASSERT_TRUE(run.lo && run.hi);
            if (!seen) {
              EXPECT_EQ(*run.lo, *run.hi)
                  << start << " " << stride << " " << count << " [" << begin
                  << ", " << end << ")";
              EXPECT_TRUE(*run.lo >= 0 && *run.lo <= count);
            } else {
              EXPECT_EQ(*run.lo, lo) << start << " " << stride << " " << count
                                     << " [" << begin << ", " << end << ")";
              EXPECT_EQ(*run.hi, hi) << start << " " << stride << " " << count
                                     << " [" << begin << ", " << end << ")";
            }
            ++checked;
          }
  EXPECT_GT(checked, 100000);
}

// exchangeBlock against enumeration: what a sender holding the source
// window [sb, se) sends a receiver owning the result window [rb, re).
TEST(StridedSliceSemantics, ExchangeBlockMatchesEnumeration) {
  KnownIntArith arith;
  int64_t checked = 0;
  for (int64_t start = -1; start <= 9; ++start)
    for (int64_t stride : std::initializer_list<int64_t>{-INT64_MAX, -3, -2, -1,
                                                         1, 2, 3, INT64_MAX})
      for (int64_t count = 0; count <= 5; ++count)
        for (int64_t sb = 0; sb <= 8; ++sb)
          for (int64_t se = sb; se <= 9; ++se)
            for (int64_t rb = 0; rb <= count; ++rb)
              for (int64_t re = rb; re <= count; ++re) {
                std::vector<int64_t> expected;
                for (int64_t j = rb; j < re; ++j) {
                  __int128 element = static_cast<__int128>(stride) * j + start;
                  if (element >= sb && element < se)
                    expected.push_back(j);
                }
                ExchangeBlock<MaybeInt> block =
                    exchangeBlock(arith, start, stride, count, sb, se, rb, re);
                ASSERT_TRUE(block.count && block.sourceOffset &&
                            block.resultOffset);
                ASSERT_EQ(*block.count, static_cast<int64_t>(expected.size()));
                if (expected.empty()) {
                  EXPECT_EQ(*block.sourceOffset, 0);
                  EXPECT_EQ(*block.resultOffset, 0);
                } else {
                  // Contiguous result indices, sent in order.
                  EXPECT_EQ(expected.back() - expected.front() + 1,
                            *block.count);
                  EXPECT_EQ(*block.resultOffset, expected.front() - rb);
                  EXPECT_EQ(*block.sourceOffset,
                            start + stride * expected.front() - sb);
                }
                ++checked;
              }
  EXPECT_GT(checked, 100000);
}

// Every round of exchangePartner pairs processes off disjointly, and the
// rounds pair every two processes exactly once.
TEST(StridedSliceSemantics, ExchangePartnerPairsEveryTwoOnce) {
  KnownIntArith arith;
  for (int64_t processes = 1; processes <= 12; ++processes) {
    std::vector<int> met(processes * processes, 0);
    for (int64_t round = 0; round < exchangeRounds(processes); ++round)
      for (int64_t self = 0; self < processes; ++self) {
        MaybeInt partner = exchangePartner(arith, self, round, processes);
        ASSERT_TRUE(partner.has_value());
        ASSERT_GE(*partner, 0);
        ASSERT_LE(*partner, processes);
        EXPECT_NE(*partner, self);
        if (*partner == processes)
          continue;
        // Symmetric: the partner's partner is this process.
        EXPECT_EQ(*exchangePartner(arith, *partner, round, processes), self)
            << processes << " processes, round " << round;
        ++met[self * processes + *partner];
      }
    for (int64_t a = 0; a < processes; ++a)
      for (int64_t b = 0; b < processes; ++b)
        EXPECT_EQ(met[a * processes + b], a == b ? 0 : 1)
            << processes << " processes: " << a << " and " << b;
  }
}
