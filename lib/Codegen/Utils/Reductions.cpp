//===- Reductions.cpp - Row reductions and their combiners ----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Reductions.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Semantics/Semantics.h"
#include "StridedMemRef.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;

namespace mlir {
namespace slice {
namespace detail {

std::optional<vector::CombiningKind> combiningKind(Operation *combiner) {
  using Kind = vector::CombiningKind;
  return llvm::TypeSwitch<Operation *, std::optional<Kind>>(combiner)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return Kind::ADD; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return Kind::MUL; })
      .Case([](arith::MaximumFOp) { return Kind::MAXIMUMF; })
      .Case([](arith::MinimumFOp) { return Kind::MINIMUMF; })
      .Case([](arith::MaxNumFOp) { return Kind::MAXNUMF; })
      .Case([](arith::MinNumFOp) { return Kind::MINNUMF; })
      .Case([](arith::MaxSIOp) { return Kind::MAXSI; })
      .Case([](arith::MinSIOp) { return Kind::MINSI; })
      .Case([](arith::MaxUIOp) { return Kind::MAXUI; })
      .Case([](arith::MinUIOp) { return Kind::MINUI; })
      .Case([](arith::AndIOp) { return Kind::AND; })
      .Case([](arith::OrIOp) { return Kind::OR; })
      .Case([](arith::XOrIOp) { return Kind::XOR; })
      .Default([](Operation *) { return std::nullopt; });
}

/// For an op whose innermost loop is a reduction, the op combining each
/// result: the body yields `combiner(v, acc)` (either order) where `acc`,
/// the result's block argument, has no other use and `v` does not depend
/// on any result, so that the lanes of a row may be combined in any order.
std::optional<SmallVector<Operation *>> rowCombiners(linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  if (numLoops == 0 || op.getIteratorTypesArray()[numLoops - 1] !=
                           utils::IteratorType::reduction)
    return std::nullopt;
  Operation *yield = op.getBlock()->getTerminator();
  SmallVector<Operation *> combiners;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    BlockArgument accumulator = op.getMatchingBlockArgument(&init);
    Value yielded =
        yield->getOperand(init.getOperandNumber() - op.getNumDpsInputs());
    Operation *combiner = yielded.getDefiningOp();
    if (!combiner || combiner->getBlock() != op.getBlock() ||
        !combiningKind(combiner) || combiner->getNumOperands() != 2 ||
        !yielded.hasOneUse() || !accumulator.hasOneUse() ||
        *accumulator.getUsers().begin() != combiner)
      return std::nullopt;
    combiners.push_back(combiner);
  }
  return combiners;
}

std::optional<TypedAttr> getCombinerNeutral(Operation *combiner) {
  // -0.0 for a float sum, whose neutral element upstream takes as +0.0
  // (-0.0 + +0.0 is +0.0: a sum of negative zeros would turn positive).
  if (auto add = dyn_cast<arith::AddFOp>(combiner)) {
    auto type = cast<FloatType>(add.getType());
    return FloatAttr::get(
        type, APFloat::getZero(type.getFloatSemantics(), /*Negative=*/true));
  }
  return arith::getNeutralElement(combiner);
}

linalg::GenericOp namedAsGeneric(linalg::LinalgOp op) {
  OpBuilder b(op);
  auto uncast = [](Value value) {
    auto cast = value.getDefiningOp<memref::CastOp>();
    return cast && memref::CastOp::canFoldIntoConsumerOp(cast)
               ? cast.getSource()
               : value;
  };
  SmallVector<Value> inputs = llvm::map_to_vector(op.getDpsInputs(), uncast);
  SmallVector<Value> inits = llvm::map_to_vector(op.getDpsInits(), uncast);
  auto generic = linalg::GenericOp::create(b, op.getLoc(), TypeRange{}, inputs,
                                           inits, op.getIndexingMapsArray(),
                                           op.getIteratorTypesArray());
  generic.getRegion().takeBody(op->getRegion(0));
  op->erase();
  return generic;
}

} // namespace detail
} // namespace slice
} // namespace mlir
