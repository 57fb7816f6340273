//===- SpecializeDenseArguments.cpp - A dense fast path per entry point ---===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-specialize-dense-arguments` (Passes.td): an entry point's memref
// arguments have fully dynamic layouts, since a caller may pass any strided
// view; but callers mostly pass dense row-major buffers. Each entry point
// gets a private copy whose arguments have the dense strides, called when
// the arguments are dense at run time; the original body serves the rest.
// With static strides, views of the arguments get static strides too, and
// LLVM vectorizes the loops over them with plain and shuffled loads
// instead of gathers.
//
//===----------------------------------------------------------------------===//

#include "EntryPoints.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICESPECIALIZEDENSEARGUMENTS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

/// The type of a dense row-major buffer of `type`'s shape: the strides the
/// static sizes give, the others dynamic, and a dynamic offset (callers may
/// pass an offset view of a dense buffer). Null when it would say nothing
/// more than `type` does.
static MemRefType getDenseType(MemRefType type) {
  int64_t offset;
  SmallVector<int64_t> strides;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return {};
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t> dense(shape.size(), ShapedType::kDynamic);
  int64_t running = 1;
  for (int64_t i = static_cast<int64_t>(shape.size()) - 1; i >= 0; --i) {
    dense[i] = running;
    if (ShapedType::isDynamic(shape[i]) ||
        llvm::MulOverflow(running, shape[i], running) ||
        running >= (int64_t(1) << 62))
      break;
  }
  bool gains = false;
  for (auto [known, denseStride] : llvm::zip_equal(strides, dense))
    if (ShapedType::isDynamic(known) && !ShapedType::isDynamic(denseStride))
      gains = true;
  if (!gains)
    return {};
  auto layout =
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, dense);
  return MemRefType::get(shape, type.getElementType(), layout,
                         type.getMemorySpace());
}

/// The type of a buffer of `type`'s shape whose rows are contiguous (the
/// innermost stride 1, the others and the offset dynamic): a caller's view
/// of whole rows or of a window of columns (x[::2], x[:, 8:24]). Null when
/// `type` knows its innermost stride, or when its innermost dimension is
/// never stepped (static size 0 or 1).
static MemRefType getRowsType(MemRefType type) {
  int64_t offset;
  SmallVector<int64_t> strides;
  if (type.getRank() == 0 ||
      failed(type.getStridesAndOffset(strides, offset)) ||
      !ShapedType::isDynamic(strides.back()) || type.getShape().back() == 0 ||
      type.getShape().back() == 1)
    return {};
  strides.assign(strides.size(), ShapedType::kDynamic);
  strides.back() = 1;
  auto layout =
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, strides);
  return MemRefType::get(type.getShape(), type.getElementType(), layout,
                         type.getMemorySpace());
}

/// Whether `argument` has the strides of `dense` at run time, in the dims
/// where a step is ever taken (a dimension of static size 1 or 0 has none).
static Value isDense(OpBuilder &builder, Location loc, Value argument,
                     MemRefType dense) {
  auto metadata =
      memref::ExtractStridedMetadataOp::create(builder, loc, argument);
  int64_t offset;
  SmallVector<int64_t> strides;
  (void)dense.getStridesAndOffset(strides, offset);
  auto type = cast<MemRefType>(argument.getType());
  Value all = arith::ConstantIntOp::create(builder, loc, 1, 1);
  for (auto [dim, stride] : llvm::enumerate(strides)) {
    int64_t size = type.getDimSize(dim);
    if (ShapedType::isDynamic(stride) || size == 0 || size == 1)
      continue;
    Value expected = arith::ConstantIndexOp::create(builder, loc, stride);
    Value equal = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                        metadata.getStrides()[dim], expected);
    all = arith::AndIOp::create(builder, loc, all, equal);
  }
  return all;
}

namespace {
struct SliceSpecializeDenseArgumentsPass
    : mlir::slice::impl::SliceSpecializeDenseArgumentsBase<
          SliceSpecializeDenseArgumentsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    bool changed = false;
    for (func::FuncOp function : slice::getEntryPoints(module))
      changed |= specialize(function, symbols);
    if (!changed)
      markAllAnalysesPreserved();
  }

  /// A private copy of `function` named `<name><suffix>`, inserted after
  /// `after`, whose arguments have `types` (where not null), cast back for
  /// the body, which canonicalization then folds into its views.
  func::FuncOp makeVariant(func::FuncOp function, ArrayRef<MemRefType> types,
                           StringRef suffix, SymbolTable &symbols,
                           func::FuncOp after) {
    func::FuncOp variant = function.clone();
    variant.setPrivate();
    variant->removeAttr("llvm.emit_c_interface");
    // Kept a function of its own: inlined into the entry point, LLVM's loop
    // vectorizer left its loops scalar (relu(x[::-1, ::2]) ran 2.5x slower).
    variant->setAttr(
        "passthrough",
        ArrayAttr::get(&getContext(),
                       {StringAttr::get(&getContext(), "noinline")}));
    variant.setName((function.getName() + suffix).str());
    symbols.insert(variant, std::next(Block::iterator(after)));
    slice::retypeArguments(variant, types);
    return variant;
  }

  /// Returns whether it specialized `function`.
  bool specialize(func::FuncOp function, SymbolTable &symbols) {
    // Only loops over elements gain; a function of views alone does not.
    bool loops =
        function
            .walk([](Operation *op) {
              return isa<linalg::LinalgOp, memref::CopyOp, LoopLikeOpInterface>(
                         op)
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted();
    if (!loops)
      return false;
    SmallVector<MemRefType> denseTypes;
    bool any = false;
    for (Type type : function.getArgumentTypes()) {
      auto memref = dyn_cast<MemRefType>(type);
      denseTypes.push_back(memref ? getDenseType(memref) : MemRefType());
      any |= static_cast<bool>(denseTypes.back());
    }
    if (!any)
      return false;

    // Rows: a copy whose arguments' rows are contiguous, for callers that
    // pass windows of columns or every k-th row, when that says more than
    // the dense copy's types do (an argument of two dimensions or more).
    SmallVector<MemRefType> rowsTypes;
    bool rowsGain = false;
    for (auto [type, denseType] :
         llvm::zip_equal(function.getArgumentTypes(), denseTypes)) {
      auto memref = dyn_cast<MemRefType>(type);
      rowsTypes.push_back(memref ? getRowsType(memref) : MemRefType());
      rowsGain |= rowsTypes.back() && rowsTypes.back() != denseType;
    }

    func::FuncOp dense =
        makeVariant(function, denseTypes, "__dense", symbols, function);
    func::FuncOp rows =
        rowsGain ? makeVariant(function, rowsTypes, "__rows", symbols, dense)
                 : func::FuncOp();

    // The entry point checks its arguments and calls the dense copy when
    // they are dense, the rows copy when their rows are contiguous; its own
    // body, now the last block, serves the others.
    Location loc = function.getLoc();
    Block *body = &function.getBody().front();
    auto *check = new Block();
    function.getBody().push_front(check);
    // The general body reads the function's arguments themselves, not
    // block arguments forwarded to it: the passes that know an entry
    // block's arguments for buffers apart from all others (the vector
    // loops' isRoot) take its ops as they take the variants'.
    SmallVector<Value> arguments;
    for (BlockArgument argument : body->getArguments()) {
      Value entry = check->addArgument(argument.getType(), argument.getLoc());
      argument.replaceAllUsesWith(entry);
      arguments.push_back(entry);
    }
    body->eraseArguments(0, body->getNumArguments());
    OpBuilder builder(&getContext());
    // `cond_br all(types) ^call(variant), ^otherwise` at the end of `from`.
    auto dispatch = [&](Block *from, ArrayRef<MemRefType> types,
                        func::FuncOp variant, Block *otherwise) {
      builder.setInsertionPointToEnd(from);
      Value all = arith::ConstantIntOp::create(builder, loc, 1, 1);
      for (auto [argument, type] : llvm::zip_equal(arguments, types))
        if (type)
          all = arith::AndIOp::create(builder, loc, all,
                                      isDense(builder, loc, argument, type));
      auto *call = new Block();
      function.getBody().getBlocks().insertAfter(Region::iterator(from), call);
      cf::CondBranchOp::create(builder, loc, all, call, ValueRange{}, otherwise,
                               ValueRange{});
      builder.setInsertionPointToStart(call);
      SmallVector<Value> operands;
      for (auto [argument, type] : llvm::zip_equal(arguments, types))
        operands.push_back(
            type ? memref::CastOp::create(builder, loc, type, argument)
                       .getResult()
                 : argument);
      auto result = func::CallOp::create(builder, loc, variant, operands);
      func::ReturnOp::create(builder, loc, result.getResults());
      return call;
    };
    if (!rows) {
      dispatch(check, denseTypes, dense, body);
      return true;
    }
    auto *second = new Block();
    Block *denseCall = dispatch(check, denseTypes, dense, second);
    function.getBody().getBlocks().insertAfter(Region::iterator(denseCall),
                                               second);
    dispatch(second, rowsTypes, rows, body);
    return true;
  }
};
} // namespace
