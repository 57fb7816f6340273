//===- NormalForm.cpp - The view a normal-form slice denotes --------------===//
//
// Turns a normal-form spec into the offsets, sizes and strides of an upstream
// slice (tensor.extract_slice or memref.subview), the dimensions a
// rank-reducing slice drops, and the reassociation that re-inserts the new
// axes. The element counts come from the semantics library.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/NormalForm.h"
#include "Slice/Utils/SliceArith.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::slice;

std::string mlir::slice::explainNormalFormFailure(StridedOp op) {
  std::string error;
  unsigned rank = op.getSourceType().getRank();
  std::optional<DenseSliceSpec> dense =
      buildDenseSpec(op.getSparseSpec(), rank, error);
  if (!dense)
    return error;
  size_t numNewAxes = dense->newAxisEntries.size();
  if (rank + numNewAxes > kMaxSpecEntries)
    return llvm::formatv("its normal form needs {0} entries ({1} input "
                         "dimensions and {2} new axes), more than the {3} "
                         "a spec holds",
                         rank + numNewAxes, rank, numNewAxes, kMaxSpecEntries)
        .str();
  return "its normal form does not verify";
}

NormalFormSpec mlir::slice::getNormalFormSpec(StridedOp op) {
  return {op.getMixedBegin(), op.getMixedEnd(), op.getMixedStrides(),
          op.getMasks()};
}

SmallVector<int64_t> SliceView::getReducedShape() const {
  return llvm::to_vector(llvm::map_range(reducedSizes, [](OpFoldResult size) {
    return getConstantIntValue(size).value_or(ShapedType::kDynamic);
  }));
}

SmallVector<int64_t> SliceView::getResultShape() const {
  return llvm::to_vector(llvm::map_range(resultSizes, [](OpFoldResult size) {
    return getConstantIntValue(size).value_or(ShapedType::kDynamic);
  }));
}

SliceView mlir::slice::computeSliceView(OpBuilder &builder, Location loc,
                                        const NormalFormSpec &spec,
                                        RankedTensorType resultType) {
  ArithIndexBuilder arith(builder, loc);
  ArrayRef<int64_t> resultShape = resultType.getShape();
  OpFoldResult zero = builder.getIndexAttr(0);
  OpFoldResult one = builder.getIndexAttr(1);
  SliceView view;
  unsigned numInputDims =
      spec.begin.size() - llvm::popcount(spec.masks.newAxis);
  view.droppedDims.resize(numInputDims);

  // Result position of each kept dimension and of each new axis.
  SmallVector<bool> resultIsNewAxis;
  unsigned inputDim = 0;
  for (unsigned i = 0, e = spec.begin.size(); i < e; ++i) {
    if (isMaskBitSet(spec.masks.newAxis, i)) {
      resultIsNewAxis.push_back(true);
      view.resultSizes.push_back(one);
      continue;
    }
    view.offsets.push_back(spec.begin[i]);
    if (isMaskBitSet(spec.masks.shrinkAxis, i)) {
      view.sizes.push_back(one);
      view.strides.push_back(one);
      view.droppedDims.set(inputDim++);
      continue;
    }
    unsigned resultPos = resultIsNewAxis.size();
    OpFoldResult size;
    if (!ShapedType::isDynamic(resultShape[resultPos])) {
      size = builder.getIndexAttr(resultShape[resultPos]);
    } else {
      OpFoldResult stride = spec.strides[i];
      size = countElements(arith, spec.end[i], stride,
                           arith.lessThan(zero, stride), /*bounded=*/false);
    }
    if (isConstantIntValue(size, 0))
      view.knownEmpty = true;
    view.sizes.push_back(size);
    view.strides.push_back(spec.strides[i]);
    view.reducedSizes.push_back(size);
    view.resultSizes.push_back(size);
    resultIsNewAxis.push_back(false);
    ++inputDim;
  }

  if (!spec.masks.newAxis || view.reducedSizes.empty())
    return view;
  // Each new axis joins the group of the next kept dimension; trailing ones
  // join the last group.
  ReassociationIndices pending;
  for (auto [pos, isNewAxis] : llvm::enumerate(resultIsNewAxis)) {
    pending.push_back(pos);
    if (!isNewAxis) {
      view.reassociation.push_back(pending);
      pending.clear();
    }
  }
  view.reassociation.back().append(pending.begin(), pending.end());
  return view;
}
