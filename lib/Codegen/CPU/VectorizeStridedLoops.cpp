//===- VectorizeStridedLoops.cpp - Vector loops over strided views --------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-vectorize-reversed-elementwise` (Passes.td): element-wise
// linalg.generic ops on buffers whose innermost loop walks an operand
// backwards (x[:, ::-1], x[:, ::-2], ...) become vector loops of their own:
// each operand's lanes come from whole contiguous vectors put together by
// shuffles (reversed, and every k-th lane for |stride| up to
// kMaxWideStride), as the copies' runs do (CopyRuns.cpp). LLVM's loop
// vectorizer turns the same accesses into masked gathers (AVX-512) or
// scalar code, 2-10x slower; it keeps the loops with no negative stride,
// which it vectorizes well, unless they read every k-th element of rows
// a run-time stride apart (its cost model then leaves them scalar).
//
// `--slice-vectorize-reductions` (Passes.td): reductions along the
// innermost loop (x.sum(1), x[:, ::-2].max(1), the sums inside softmax and
// layer norm) keep vectors of partial results across each row, whatever
// the sign of its stride (LLVM keeps a float reduction in source order:
// one scalar add a step), and reduce them across lanes at the row's end.
//
//===----------------------------------------------------------------------===//

#include "../Utils/Lanes.h"
#include "../Utils/Reductions.h"
#include "../Utils/StridedMemRef.h"
#include "../Utils/ViewOverlap.h"
#include "CopyRuns.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cstdlib>

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEVECTORIZEREVERSEDELEMENTWISE
#define GEN_PASS_DEF_SLICEVECTORIZEREDUCTIONS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

/// Bytes of one vector: a cache line, the widest register of x86-64-v4
/// (LLVM splits it in two on narrower machines).
static constexpr int64_t kVectorBytes = 64;

namespace {
/// How one operand of the op is read or written in the vector loop.
struct Access {
  /// Its element type, and the 1-D view of its base buffer.
  Type elementType;
  Value flat;
  /// Its element offset, and its stride along each loop (0 along the
  /// loops its indexing map does not use), static or not.
  OpFoldResult offset;
  SmallVector<OpFoldResult> loopStrides;
  /// The static stride along the innermost loop.
  int64_t innerStride = 0;
};
} // namespace

/// Whether `root` is a buffer that no other root reaches: a fresh
/// allocation, a global, or an argument of the function. Arguments are
/// taken not to overlap one another, the contract one-shot-bufferize
/// relies on at function boundaries (and a chunk function's arguments
/// are views --slice-parallel-elementwise checked apart).
static bool isRoot(Value root) {
  if (auto argument = dyn_cast<BlockArgument>(root))
    return isa<func::FuncOp>(argument.getOwner()->getParentOp()) &&
           argument.getOwner()->isEntryBlock();
  return root.getDefiningOp<memref::AllocOp>() ||
         root.getDefiningOp<memref::AllocaOp>() ||
         root.getDefiningOp<memref::GetGlobalOp>();
}

/// Whether every operand of `op` views a root (isRoot).
static bool allViewRoots(linalg::GenericOp op) {
  return llvm::all_of(op->getOpOperands(), [](OpOperand &operand) {
    return isRoot(getRootBuffer(operand.get()));
  });
}

/// Whether the lanes of one step may be read before any is written: every
/// operand views a known root, and an input that is not apart from an
/// init is that init itself through the same indexing map (each lane reads
/// the element it then writes).
static bool lanesAreIndependent(linalg::GenericOp op) {
  return allViewRoots(op) && readsApartFromWrites(op, /*inPlace=*/true);
}

/// Whether `op`'s body computes each element with ops that have vector
/// forms of their own (element-wise mappable, or constants).
static bool hasVectorBody(linalg::GenericOp op) {
  for (BlockArgument argument : op.getBody()->getArguments())
    if (!argument.getType().isIntOrIndexOrFloat() ||
        argument.getType().isIndex())
      return false;
  for (Operation &inner : op.getBody()->without_terminator()) {
    if (inner.getNumRegions() != 0 || inner.getNumResults() != 1)
      return false;
    if (!inner.getResult(0).getType().isIntOrFloat())
      return false;
    if (matchPattern(&inner, m_Constant()))
      continue;
    if (!OpTrait::hasElementwiseMappableTraits(&inner))
      return false;
  }
  return true;
}

/// The operand's static stride along the innermost loop (0 when its
/// indexing map does not use that loop), when the vector loop can read
/// (an input: 0, +-1, +-2 .. +-kMaxWideStride) or write (an init: +-1) it
/// with whole vectors.
static std::optional<int64_t> innerStride(linalg::GenericOp op,
                                          OpOperand &operand) {
  auto type = dyn_cast<MemRefType>(operand.get().getType());
  if (!type || vectorElementBytes(type.getElementType()) == 0)
    return std::nullopt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return std::nullopt;
  AffineMap map = op.getMatchingIndexingMap(&operand);
  if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
    return std::nullopt;
  int64_t inner = 0;
  for (auto [position, expr] : llvm::enumerate(map.getResults())) {
    if (cast<AffineDimExpr>(expr).getPosition() != op.getNumLoops() - 1)
      continue;
    if (ShapedType::isDynamic(strides[position]))
      return std::nullopt;
    inner = strides[position];
  }
  int64_t magnitude = std::abs(inner);
  if (op.isDpsInit(&operand) ? magnitude != 1 : magnitude > kMaxWideStride)
    return std::nullopt;
  return inner;
}

/// The operand's access in the vector loop (`innerStride` holds).
static Access analyze(OpBuilder &b, Location loc, linalg::GenericOp op,
                      OpOperand &operand, int64_t inner) {
  StridedMetadata metadata = *getStridedMetadata(b, loc, operand.get());
  Access access;
  access.elementType = getElementTypeOrSelf(operand.get().getType());
  access.flat = flatView(b, loc, metadata);
  access.offset = metadata.offset;
  access.loopStrides.assign(op.getNumLoops(), b.getIndexAttr(0));
  AffineMap map = op.getMatchingIndexingMap(&operand);
  for (auto [position, expr] : llvm::enumerate(map.getResults()))
    access.loopStrides[cast<AffineDimExpr>(expr).getPosition()] =
        metadata.strides[position];
  access.innerStride = inner;
  return access;
}

/// The lanes j .. j + lanes - 1 of an input whose row starts at `start`.
static Value loadLanes(OpBuilder &b, Location loc, const Access &access,
                       VectorType type, Value start, Value j) {
  int64_t lanes = type.getNumElements();
  int64_t stride = access.innerStride;
  if (stride == 0) {
    Value scalar = memref::LoadOp::create(b, loc, access.flat, start);
    return vector::BroadcastOp::create(b, loc, type, scalar);
  }
  int64_t k = std::abs(stride);
  // The window of k vectors holding the lanes: from the lane j for a
  // positive stride, up to it for a negative one.
  Value offset = b.createOrFold<arith::MulIOp>(
      loc, j, arith::ConstantIndexOp::create(b, loc, k));
  Value first;
  SmallVector<int64_t> positions(lanes);
  if (stride > 0) {
    first = b.createOrFold<arith::AddIOp>(loc, start, offset);
    for (int64_t m = 0; m < lanes; ++m)
      positions[m] = m * k;
  } else {
    first = b.createOrFold<arith::SubIOp>(
        loc, b.createOrFold<arith::SubIOp>(loc, start, offset),
        arith::ConstantIndexOp::create(b, loc, k * lanes - 1));
    for (int64_t m = 0; m < lanes; ++m)
      positions[m] = k * lanes - 1 - m * k;
  }
  return loadLanePositions(b, loc, access.flat, type, first, k, positions);
}

/// Writes lanes j .. j + lanes - 1 of an init (stride +-1).
static void storeLanes(OpBuilder &b, Location loc, const Access &access,
                       Value vector, Value start, Value j) {
  int64_t lanes = cast<VectorType>(vector.getType()).getNumElements();
  if (access.innerStride > 0) {
    vector::StoreOp::create(b, loc, vector, access.flat,
                            b.createOrFold<arith::AddIOp>(loc, start, j));
    return;
  }
  auto reverse = llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(lanes)));
  Value reversed =
      vector::ShuffleOp::create(b, loc, vector, vector, reverse).getResult();
  Value first = b.createOrFold<arith::SubIOp>(
      loc, b.createOrFold<arith::SubIOp>(loc, start, j),
      arith::ConstantIndexOp::create(b, loc, lanes - 1));
  vector::StoreOp::create(b, loc, reversed, access.flat, first);
}

/// `op`'s body on vectors of `lanes` (`arguments`: the lanes of each block
/// argument the body reads, null for the others): its ops cloned with
/// vector results, its constants and the scalars it uses from above
/// broadcast.
static SmallVector<Value> emitVectorBody(OpBuilder &b, Location loc,
                                         linalg::GenericOp op, int64_t lanes,
                                         ArrayRef<Value> arguments) {
  auto vectorOf = [&](Type type) { return VectorType::get({lanes}, type); };
  IRMapping mapping;
  for (auto [argument, lanesOf] :
       llvm::zip(op.getBody()->getArguments(), arguments))
    if (lanesOf)
      mapping.map(argument, lanesOf);
  auto vectorize = [&](Value value) -> Value {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    // A scalar from above the op: the same in every lane.
    Value splat =
        vector::BroadcastOp::create(b, loc, vectorOf(value.getType()), value);
    mapping.map(value, splat);
    return splat;
  };
  for (Operation &inner : op.getBody()->without_terminator()) {
    Attribute constant;
    if (matchPattern(&inner, m_Constant(&constant))) {
      auto type = vectorOf(inner.getResult(0).getType());
      mapping.map(
          inner.getResult(0),
          arith::ConstantOp::create(
              b, loc, type, DenseElementsAttr::get(type, ArrayRef{constant})));
      continue;
    }
    for (Value operand : inner.getOperands())
      (void)vectorize(operand);
    Operation *clone = b.clone(inner, mapping);
    clone->getResult(0).setType(vectorOf(inner.getResult(0).getType()));
  }
  return llvm::map_to_vector(op.getBody()->getTerminator()->getOperands(),
                             vectorize);
}

/// Whether a row reduction's lanes may be read in any order: every operand
/// views a known root, no input views elements of a result, and no two
/// results share one.
static bool rowsAreIndependent(linalg::GenericOp op) {
  return allViewRoots(op) && readsApartFromWrites(op, /*inPlace=*/false);
}

/// Whether `op` reduces along its innermost loop in a way the row rewrite
/// takes, whatever its strides.
static bool isRowReduction(linalg::GenericOp op) {
  return rowCombiners(op) && rowsAreIndependent(op);
}

/// Whether one of the rewrites below may take `op`, whatever its strides:
/// an innermost loop that is parallel (outer loops may reduce: each lane
/// keeps its own result) or a row reduction.
static bool isCandidate(linalg::GenericOp op) {
  unsigned numLoops = op.getNumLoops();
  if (!op.hasPureBufferSemantics() || numLoops == 0 ||
      !op.getBody()->getOps<linalg::IndexOp>().empty() || !hasVectorBody(op))
    return false;
  if (op.getIteratorTypesArray()[numLoops - 1] == utils::IteratorType::parallel)
    return lanesAreIndependent(op);
  return isRowReduction(op);
}

/// The inner strides a run-time step is versioned on: an input's (the
/// signs the rewrite below takes, and the positive ones, which LLVM
/// vectorizes well once they are constants), up to 4 when it is the op's
/// one run-time step and 2 when another operand's cases multiply them; an
/// init's.
static constexpr int64_t kInputCases[] = {1, -1, 2, -2, 3, -3, 4, -4};
static constexpr int64_t kPairedInputCases[] = {1, -1, 2, -2};
static constexpr int64_t kInitCases[] = {1, -1};
/// At most this many operands are versioned (cases multiply).
static constexpr int64_t kMaxVersioned = 2;

/// The product of the static steps, along their last dimension, of the
/// views between `value` and `root`, when each keeps its source's last
/// dimension as its own: the inner stride of `value` is then `root`'s
/// times it.
static std::optional<int64_t> innerStepsFrom(Value root, Value value) {
  int64_t steps = 1;
  while (value != root) {
    Operation *view = value.getDefiningOp();
    if (auto cast = dyn_cast_or_null<memref::CastOp>(view)) {
      value = cast.getSource();
      continue;
    }
    auto subview = dyn_cast_or_null<memref::SubViewOp>(view);
    if (!subview)
      return std::nullopt;
    int64_t rank = subview.getSourceType().getRank();
    if (rank == 0 || subview.getDroppedDims().test(rank - 1))
      return std::nullopt;
    int64_t step = subview.getStaticStrides().back();
    if (ShapedType::isDynamic(step) || llvm::MulOverflow(steps, step, steps))
      return std::nullopt;
    value = subview.getSource();
  }
  return steps;
}

namespace {
/// An operand's inner stride known only at run time, and what it comes
/// from.
struct RunTimeStride {
  /// The position in the operand's memref of the innermost loop.
  unsigned position;
  /// Set when the stride is a caller's layout (an argument's inner stride,
  /// a run-time value) times these static steps of the views on it.
  std::optional<int64_t> callerSteps;
};
} // namespace

/// The operand's inner stride when it is dynamic but the loop walks a
/// buffer whose stride there is a run-time step or a caller's: the buffer
/// it views has static strides, is a fresh allocation, or has a static
/// innermost stride and the loop walks the view's last dimension (a slice
/// step known only at run time, on the dense path, of a temporary, or of a
/// dense argument of run-time shape, whose outer strides are its run-time
/// sizes); or the buffer is an argument whose own inner stride is dynamic
/// (the general body of an entry point, for a caller's layout) and the
/// loop walks the view's last dimension through views of static steps.
static std::optional<RunTimeStride> runTimeStep(linalg::GenericOp op,
                                                OpOperand &operand) {
  Value root = getRootBuffer(operand.get());
  auto type = dyn_cast<MemRefType>(operand.get().getType());
  auto rootType = dyn_cast<MemRefType>(root.getType());
  if (!type || !rootType)
    return std::nullopt;
  SmallVector<int64_t> strides, rootStrides;
  int64_t offset, rootOffset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      failed(rootType.getStridesAndOffset(rootStrides, rootOffset)) ||
      rootStrides.empty())
    return std::nullopt;
  // A fresh buffer's strides come from its sizes, whatever they are.
  bool fresh = root.getDefiningOp<memref::AllocOp>() ||
               root.getDefiningOp<memref::AllocaOp>();
  bool staticRows = !ShapedType::isDynamic(rootStrides.back());
  bool caller = !fresh && !staticRows && isa<BlockArgument>(root);
  if (!fresh && !staticRows && !caller)
    return std::nullopt;
  bool staticRoot = fresh || llvm::none_of(rootStrides, ShapedType::isDynamic);
  AffineMap map = op.getMatchingIndexingMap(&operand);
  for (auto [position, expr] : llvm::enumerate(map.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || dim.getPosition() != op.getNumLoops() - 1 ||
        !ShapedType::isDynamic(strides[position]) ||
        (!staticRoot && position + 1 != strides.size()))
      continue;
    if (!caller)
      return RunTimeStride{static_cast<unsigned>(position), std::nullopt};
    // Rows shorter than a vector gain nothing from a vector loop (a
    // concat's parts of one column): the op stays as it is.
    int64_t inner = op.getStaticLoopRanges().back();
    int64_t bytes = vectorElementBytes(type.getElementType());
    if (bytes == 0 ||
        (!ShapedType::isDynamic(inner) && inner < kVectorBytes / bytes))
      return std::nullopt;
    // The caller's inner stride 1 or -1 gives the view these steps or
    // their negation; a result is written with vectors at +-1 only. Past
    // a step known only at run time the view's stride is any value: the
    // cases of a run-time step.
    std::optional<int64_t> steps = innerStepsFrom(root, operand.get());
    if (!steps)
      return RunTimeStride{static_cast<unsigned>(position), std::nullopt};
    if (*steps == 0 || *steps < -kMaxWideStride || *steps > kMaxWideStride ||
        (op.isDpsInit(&operand) && *steps != 1 && *steps != -1))
      return std::nullopt;
    return RunTimeStride{static_cast<unsigned>(position), steps};
  }
  return std::nullopt;
}

/// `op` with a run-time inner step becomes a switch on that stride: one
/// copy of the op per case of kInputCases (kInitCases), its operand cast
/// to the static stride, and the op as it was for the other strides.
/// Returns the copies with a static stride. `paired` holds the copies made
/// for an op with two run-time steps, whose other step takes the paired
/// cases too.
static SmallVector<linalg::GenericOp>
versionOnStride(linalg::GenericOp op,
                llvm::SmallPtrSetImpl<Operation *> &unversioned,
                llvm::SmallPtrSetImpl<Operation *> &paired) {
  if (unversioned.contains(op) || !isCandidate(op))
    return {};
  SmallVector<std::pair<OpOperand *, RunTimeStride>> steps;
  for (OpOperand &operand : op->getOpOperands())
    if (std::optional<RunTimeStride> stride = runTimeStep(op, operand))
      steps.push_back({&operand, *stride});
  if (steps.empty() || static_cast<int64_t>(steps.size()) > kMaxVersioned)
    return {};
  OpOperand *operand = steps.front().first;
  unsigned position = steps.front().second.position;
  // A caller's layout: its inner stride 1 or -1 (the rows the caller
  // passes, walked forwards or backwards), times the views' steps.
  std::optional<int64_t> callerSteps = steps.front().second.callerSteps;
  SmallVector<int64_t, 2> callerCases;
  if (callerSteps)
    callerCases = {*callerSteps, -*callerSteps};
  ArrayRef<int64_t> cases = callerSteps ? ArrayRef<int64_t>(callerCases)
                            : op.isDpsInit(operand) ? ArrayRef(kInitCases)
                            : steps.size() == 1 && !paired.contains(op)
                                ? ArrayRef(kInputCases)
                                : ArrayRef(kPairedInputCases);
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto metadata =
      memref::ExtractStridedMetadataOp::create(b, loc, operand->get());
  Value stride = metadata.getStrides()[position];
  auto switchOp = scf::IndexSwitchOp::create(b, loc, TypeRange{}, stride, cases,
                                             cases.size());
  auto type = cast<MemRefType>(operand->get().getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)type.getStridesAndOffset(strides, offset);
  SmallVector<linalg::GenericOp> versions;
  auto fill = [&](Region &region, std::optional<int64_t> known) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&region.emplaceBlock());
    Value staticView;
    if (known) {
      strides[position] = *known;
      auto layout = StridedLayoutAttr::get(b.getContext(), offset, strides);
      // A view with the stride in its type, not a memref.cast: loads and
      // stores fold a cast into its source (memref::foldMemRefCast), and
      // the loops LLVM gets for a positive stride would read it at run
      // time again (and gather).
      auto mixed = [&](ArrayRef<int64_t> fixed, ValueRange values) {
        SmallVector<OpFoldResult> result;
        for (auto [value, dynamic] : llvm::zip_equal(fixed, values))
          result.push_back(ShapedType::isDynamic(value)
                               ? OpFoldResult(dynamic)
                               : OpFoldResult(b.getIndexAttr(value)));
        return result;
      };
      OpFoldResult viewOffset = ShapedType::isDynamic(offset)
                                    ? OpFoldResult(metadata.getOffset())
                                    : OpFoldResult(b.getIndexAttr(offset));
      staticView = memref::ReinterpretCastOp::create(
          b, loc,
          MemRefType::get(type.getShape(), type.getElementType(), layout,
                          type.getMemorySpace()),
          operand->get(), viewOffset,
          mixed(type.getShape(), metadata.getSizes()),
          mixed(strides, metadata.getStrides()));
    }
    auto copy = cast<linalg::GenericOp>(b.clone(*op));
    if (staticView) {
      copy->setOperand(operand->getOperandNumber(), staticView);
      versions.push_back(copy);
      if (steps.size() > 1)
        paired.insert(copy);
    } else {
      unversioned.insert(copy);
    }
    scf::YieldOp::create(b, loc);
  };
  for (auto [region, known] : llvm::zip(switchOp.getCaseRegions(), cases))
    fill(region, known);
  fill(switchOp.getDefaultRegion(), std::nullopt);
  op->erase();
  return versions;
}

/// What the rewrites below share for one op: the accesses of its operands
/// and the bounds of the vector loop over each row.
namespace {
struct RowLoops {
  SmallVector<Access> accesses;
  SmallVector<Range, 4> ranges;
  int64_t lanes;
  Value zero, one, size, lanesValue, vectorEnd;
};
} // namespace

/// The accesses of `op`'s operands (inner strides `inner`) and the bounds
/// of its vector loops, built before `op`.
static RowLoops prepareRows(OpBuilder &b, Location loc, linalg::GenericOp op,
                            ArrayRef<int64_t> inner, int64_t lanes) {
  RowLoops rows;
  rows.lanes = lanes;
  for (OpOperand &operand : op->getOpOperands())
    rows.accesses.push_back(
        analyze(b, loc, op, operand, inner[operand.getOperandNumber()]));
  bool anyWide =
      llvm::any_of(inner, [](int64_t stride) { return std::abs(stride) >= 2; });
  rows.ranges =
      cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc);
  rows.zero = arith::ConstantIndexOp::create(b, loc, 0);
  rows.one = arith::ConstantIndexOp::create(b, loc, 1);
  rows.size = getValueOrCreateConstantIndexOp(b, loc, rows.ranges.back().size);
  // Vectors of a stride-k operand read k lanes' worth of elements, up to
  // k - 1 past the last one they use: the last element of a row is left
  // to the scalar loop then, so that no read leaves the operand's
  // elements.
  Value usable = rows.size;
  if (anyWide)
    usable = b.createOrFold<arith::MaxSIOp>(
        loc, b.createOrFold<arith::SubIOp>(loc, rows.size, rows.one),
        rows.zero);
  rows.lanesValue = arith::ConstantIndexOp::create(b, loc, lanes);
  rows.vectorEnd = b.createOrFold<arith::MulIOp>(
      loc, b.createOrFold<arith::DivUIOp>(loc, usable, rows.lanesValue),
      rows.lanesValue);
  return rows;
}

/// Loops over the outer dimensions of `op`, calling `row` in the innermost
/// with each operand's element at j = 0 of that row.
static void emitRowNest(
    OpBuilder &b, Location loc, linalg::GenericOp op, const RowLoops &rows,
    llvm::function_ref<void(OpBuilder &, Location, ArrayRef<Value>)> row) {
  unsigned numLoops = op.getNumLoops();
  SmallVector<Value> ivs;
  std::function<void(OpBuilder &, Location, unsigned)> nest =
      [&](OpBuilder &nb, Location nloc, unsigned loop) {
        if (loop + 1 < numLoops) {
          emitFor(
              nb, nloc, rows.zero,
              getValueOrCreateConstantIndexOp(nb, nloc, rows.ranges[loop].size),
              rows.one, [&](OpBuilder &inner, Location innerLoc, Value iv) {
                ivs.push_back(iv);
                nest(inner, innerLoc, loop + 1);
                ivs.pop_back();
              });
          return;
        }
        SmallVector<Value> starts;
        for (const Access &access : rows.accesses) {
          Value start =
              getValueOrCreateConstantIndexOp(nb, nloc, access.offset);
          for (auto [iv, stride] : llvm::zip(ivs, access.loopStrides))
            start = addScaled(nb, nloc, start, iv, stride);
          starts.push_back(start);
        }
        row(nb, nloc, starts);
      };
  nest(b, loc, 0);
}

/// The lanes j .. j + lanes - 1 of each operand the body reads, null for
/// the others; `replace(k)`, when not null, stands for the k-th init.
static SmallVector<Value>
loadArguments(OpBuilder &b, Location loc, linalg::GenericOp op,
              const RowLoops &rows, ArrayRef<Value> starts, Value j,
              llvm::function_ref<Value(unsigned)> replace = nullptr) {
  SmallVector<Value> arguments;
  for (auto [operand, access, start] :
       llvm::zip(op->getOpOperands(), rows.accesses, starts)) {
    if (replace && op.isDpsInit(&operand)) {
      arguments.push_back(
          replace(operand.getOperandNumber() - op.getNumDpsInputs()));
      continue;
    }
    arguments.push_back(
        op.payloadUsesValueFromOperand(&operand)
            ? loadLanes(b, loc, access,
                        VectorType::get({rows.lanes}, access.elementType),
                        start, j)
            : Value());
  }
  return arguments;
}

/// Maps the block arguments of `op`'s body to the elements at j of a row
/// (`replace(k)`, when not null, stands for the k-th init), clones the
/// body and returns the values it yields.
static SmallVector<Value>
emitScalarBody(OpBuilder &b, Location loc, linalg::GenericOp op,
               const RowLoops &rows, ArrayRef<Value> starts, Value j,
               llvm::function_ref<Value(unsigned)> replace = nullptr) {
  IRMapping mapping;
  for (auto [operand, access, start] :
       llvm::zip(op->getOpOperands(), rows.accesses, starts)) {
    BlockArgument argument = op.getMatchingBlockArgument(&operand);
    if (replace && op.isDpsInit(&operand))
      mapping.map(argument,
                  replace(operand.getOperandNumber() - op.getNumDpsInputs()));
    else if (op.payloadUsesValueFromOperand(&operand))
      mapping.map(argument, memref::LoadOp::create(
                                b, loc, access.flat,
                                addScaled(b, loc, start, j,
                                          b.getIndexAttr(access.innerStride))));
  }
  for (Operation &inner : op.getBody()->without_terminator())
    b.clone(inner, mapping);
  return llvm::map_to_vector(
      op.getBody()->getTerminator()->getOperands(),
      [&](Value yielded) { return mapping.lookupOrDefault(yielded); });
}

/// The static inner stride of each operand, when the vector loops can
/// take them all, and the lanes of a vector (kVectorBytes of the widest
/// element). The inits of a row reduction are read and written once a
/// row, element by element: any stride.
static std::optional<std::pair<SmallVector<int64_t>, int64_t>>
innerStrides(linalg::GenericOp op, bool rowReduction) {
  SmallVector<int64_t> inner;
  int64_t widest = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    std::optional<int64_t> stride =
        rowReduction && op.isDpsInit(&operand) ? 0 : innerStride(op, operand);
    int64_t bytes =
        vectorElementBytes(getElementTypeOrSelf(operand.get().getType()));
    if (!stride || bytes == 0)
      return std::nullopt;
    inner.push_back(*stride);
    widest = std::max(widest, bytes);
  }
  return std::make_pair(inner, kVectorBytes / widest);
}

/// Rewrites an element-wise `op` (its innermost loop parallel) as loops
/// over its outer dimensions around, for each row, a vector loop over the
/// lanes its accesses allow and a scalar loop over the rest of the row.
static LogicalResult vectorizeElementwise(linalg::GenericOp op) {
  if (!isCandidate(op))
    return failure();
  std::optional<std::pair<SmallVector<int64_t>, int64_t>> strides =
      innerStrides(op, /*rowReduction=*/false);
  if (!strides)
    return failure();
  SmallVector<int64_t> inner = strides->first;
  int64_t lanes = strides->second;
  // Only the ops that walk some operand backwards, that read a value
  // from memory once per row (stride 0: the row maxima in softmax's exp),
  // and column reductions (an outer loop reduces): LLVM vectorizes the
  // others well, but keeps a column reduction behind run-time overlap
  // checks of the result and the rows, and its strided rows as
  // interleaved groups (1.2x NumPy's time for a min over columns of
  // x[:, ::3]); a loop that loads a row's value from a buffer it may
  // overlap with its result, it left scalar (softmax(x): 1.4x NumPy's
  // time).
  // Also rows read every k-th element (k of 2 or more) where the distance
  // between the rows of some operand is known only at run time (the
  // versions of a run-time step, a result written into a concat's part of
  // run-time width): there LLVM's cost model declines the interleaved
  // loads it makes of the static twin, and the loop stays scalar
  // ((x + b)[r0:r1:-1, c0:c1:2]: 10.5 ms against 3.2 for the static twin)
  // or gathers (relu(x[a:b:-2, c:d:3]) into the first half of a concat
  // with its mirror: 6.4-7.1 ms, 3.0 now, NumPy 4.8-7.6).
  bool reducesColumns = op.getNumReductionLoops() != 0;
  bool readsRowValue =
      llvm::any_of(ArrayRef(inner).take_front(op.getNumDpsInputs()),
                   [](int64_t stride) { return stride == 0; });
  auto runTimeRows = [](Value operand) {
    auto type = dyn_cast<MemRefType>(operand.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    return type && succeeded(type.getStridesAndOffset(strides, offset)) &&
           !strides.empty() &&
           llvm::any_of(ArrayRef(strides).drop_back(), ShapedType::isDynamic);
  };
  bool wideRunTimeRows =
      llvm::any_of(
          inner, [](int64_t stride) { return stride >= 2 || stride <= -2; }) &&
      llvm::any_of(op->getOperands(), runTimeRows);
  if (!reducesColumns && !readsRowValue && !wideRunTimeRows &&
      llvm::none_of(inner, [](int64_t stride) { return stride < 0; }))
    return failure();

  Location loc = op.getLoc();
  OpBuilder b(op);
  RowLoops rows = prepareRows(b, loc, op, inner, lanes);
  unsigned numInputs = op.getNumDpsInputs();
  emitRowNest(b, loc, op, rows,
              [&](OpBuilder &nb, Location nloc, ArrayRef<Value> starts) {
                emitFor(nb, nloc, rows.zero, rows.vectorEnd, rows.lanesValue,
                        [&](OpBuilder &vb, Location vloc, Value j) {
                          SmallVector<Value> results = emitVectorBody(
                              vb, vloc, op, lanes,
                              loadArguments(vb, vloc, op, rows, starts, j));
                          for (auto [k, result] : llvm::enumerate(results))
                            storeLanes(vb, vloc, rows.accesses[numInputs + k],
                                       result, starts[numInputs + k], j);
                        });
                // The rest of the row, one element at a time, while the row is
                // in cache.
                emitFor(nb, nloc, rows.vectorEnd, rows.size, rows.one,
                        [&](OpBuilder &sb, Location sloc, Value j) {
                          SmallVector<Value> results =
                              emitScalarBody(sb, sloc, op, rows, starts, j);
                          for (auto [k, result] : llvm::enumerate(results)) {
                            const Access &access = rows.accesses[numInputs + k];
                            memref::StoreOp::create(
                                sb, sloc, result, access.flat,
                                addScaled(sb, sloc, starts[numInputs + k], j,
                                          sb.getIndexAttr(access.innerStride)));
                          }
                        });
              });
  op->erase();
  return success();
}

/// Rewrites a row reduction `op` as loops over its outer dimensions
/// around, for each row: vectors of partial results (one per init, from
/// the combiner's neutral element) carried through a vector loop over the
/// lanes, reduced across lanes into the init's value at the end of the
/// vector loop, then the scalar rest of the row, and one store.
static LogicalResult vectorizeRows(linalg::GenericOp op) {
  if (!isCandidate(op))
    return failure();
  std::optional<SmallVector<Operation *>> combiners = rowCombiners(op);
  std::optional<std::pair<SmallVector<int64_t>, int64_t>> strides =
      innerStrides(op, /*rowReduction=*/true);
  if (!combiners || !strides)
    return failure();
  SmallVector<int64_t> inner = strides->first;
  int64_t lanes = strides->second;
  SmallVector<TypedAttr> neutral;
  for (Operation *combiner : *combiners) {
    std::optional<TypedAttr> element = getCombinerNeutral(combiner);
    if (!element)
      return failure();
    neutral.push_back(*element);
  }

  Location loc = op.getLoc();
  OpBuilder b(op);
  RowLoops rows = prepareRows(b, loc, op, inner, lanes);
  unsigned numInputs = op.getNumDpsInputs();
  emitRowNest(
      b, loc, op, rows,
      [&](OpBuilder &nb, Location nloc, ArrayRef<Value> starts) {
        SmallVector<Value> partials;
        for (TypedAttr element : neutral) {
          auto type = VectorType::get({lanes}, element.getType());
          partials.push_back(arith::ConstantOp::create(
              nb, nloc, type,
              DenseElementsAttr::get(type, ArrayRef<Attribute>{element})));
        }
        auto vectorLoop = scf::ForOp::create(
            nb, nloc, rows.zero, rows.vectorEnd, rows.lanesValue, partials,
            [&](OpBuilder &vb, Location vloc, Value j, ValueRange carried) {
              SmallVector<Value> results = emitVectorBody(
                  vb, vloc, op, lanes,
                  loadArguments(vb, vloc, op, rows, starts, j,
                                [&](unsigned k) { return carried[k]; }));
              scf::YieldOp::create(vb, vloc, results);
            });
        // Each init's value, combined with its lanes: a tree across lanes
        // (reassociated, as the partial sums already are).
        SmallVector<Value> values;
        for (auto [k, combiner] : llvm::enumerate(*combiners)) {
          const Access &access = rows.accesses[numInputs + k];
          Value initial = memref::LoadOp::create(nb, nloc, access.flat,
                                                 starts[numInputs + k]);
          values.push_back(vector::ReductionOp::create(
              nb, nloc, *combiningKind(combiner), vectorLoop.getResult(k),
              initial,
              isa<FloatType>(initial.getType()) ? arith::FastMathFlags::reassoc
                                                : arith::FastMathFlags::none));
        }
        auto scalarLoop = scf::ForOp::create(
            nb, nloc, rows.vectorEnd, rows.size, rows.one, values,
            [&](OpBuilder &sb, Location sloc, Value j, ValueRange carried) {
              scf::YieldOp::create(
                  sb, sloc,
                  emitScalarBody(sb, sloc, op, rows, starts, j,
                                 [&](unsigned k) { return carried[k]; }));
            });
        for (auto [k, result] : llvm::enumerate(scalarLoop.getResults()))
          memref::StoreOp::create(nb, nloc, result,
                                  rows.accesses[numInputs + k].flat,
                                  starts[numInputs + k]);
      });
  op->erase();
  return success();
}

/// Versions the ops of `function` that `select` picks on their run-time
/// steps, then `rewrite`s each version (and each op with none). Returns
/// whether it picked any.
static bool versionAndRewrite(
    Operation *function, llvm::function_ref<bool(linalg::GenericOp)> select,
    llvm::function_ref<LogicalResult(linalg::GenericOp)> rewrite) {
  SmallVector<linalg::GenericOp> ops;
  function->walk([&](linalg::GenericOp op) {
    if (select(op))
      ops.push_back(op);
  });
  bool picked = !ops.empty();
  // Versions with a static step may have another run-time step left:
  // each goes round again.
  llvm::SmallPtrSet<Operation *, 8> unversioned, paired;
  while (!ops.empty()) {
    linalg::GenericOp op = ops.pop_back_val();
    SmallVector<linalg::GenericOp> versions =
        versionOnStride(op, unversioned, paired);
    if (versions.empty())
      (void)rewrite(op);
    else
      ops.append(versions);
  }
  return picked;
}

namespace {
struct SliceVectorizeReversedElementwisePass
    : mlir::slice::impl::SliceVectorizeReversedElementwiseBase<
          SliceVectorizeReversedElementwisePass> {
  void runOnOperation() override {
    if (!versionAndRewrite(
            getOperation(),
            [](linalg::GenericOp op) { return !rowCombiners(op); },
            vectorizeElementwise))
      markAllAnalysesPreserved();
  }
};

struct SliceVectorizeReductionsPass
    : mlir::slice::impl::SliceVectorizeReductionsBase<
          SliceVectorizeReductionsPass> {
  void runOnOperation() override {
    SmallVector<linalg::ReduceOp> reduces;
    getOperation()->walk([&](linalg::ReduceOp op) {
      if (op.hasPureBufferSemantics())
        reduces.push_back(op);
    });
    for (linalg::ReduceOp op : reduces)
      (void)namedAsGeneric(op);
    if (!versionAndRewrite(
            getOperation(),
            [](linalg::GenericOp op) { return rowCombiners(op).has_value(); },
            vectorizeRows) &&
        reduces.empty())
      markAllAnalysesPreserved();
  }
};
} // namespace
