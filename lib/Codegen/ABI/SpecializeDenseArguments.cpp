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

    // The copy with dense arguments, cast back for the body, which
    // canonicalization then folds into its views.
    func::FuncOp dense = function.clone();
    dense.setPrivate();
    dense->removeAttr("llvm.emit_c_interface");
    // Kept a function of its own: inlined into the entry point, LLVM's loop
    // vectorizer left its loops scalar (relu(x[::-1, ::2]) ran 2.5x slower).
    dense->setAttr(
        "passthrough",
        ArrayAttr::get(&getContext(),
                       {StringAttr::get(&getContext(), "noinline")}));
    dense.setName((function.getName() + "__dense").str());
    symbols.insert(dense, std::next(Block::iterator(function)));
    Block &denseEntry = dense.getBody().front();
    OpBuilder builder = OpBuilder::atBlockBegin(&denseEntry);
    SmallVector<Type> inputs(dense.getArgumentTypes());
    for (auto [index, argument] : llvm::enumerate(denseEntry.getArguments())) {
      MemRefType denseType = denseTypes[index];
      if (!denseType)
        continue;
      Type original = argument.getType();
      argument.setType(denseType);
      auto cast =
          memref::CastOp::create(builder, dense.getLoc(), original, argument);
      argument.replaceAllUsesExcept(cast, cast);
      inputs[index] = denseType;
    }
    dense.setFunctionType(
        builder.getFunctionType(inputs, dense.getFunctionType().getResults()));

    // The entry point checks its arguments and calls the copy when they are
    // dense; its own body, now the second block, serves the others.
    Location loc = function.getLoc();
    Block *body = &function.getBody().front();
    auto *check = new Block();
    function.getBody().push_front(check);
    SmallVector<Value> arguments;
    for (BlockArgument argument : body->getArguments())
      arguments.push_back(
          check->addArgument(argument.getType(), argument.getLoc()));
    builder.setInsertionPointToStart(check);
    Value all = arith::ConstantIntOp::create(builder, loc, 1, 1);
    for (auto [argument, denseType] : llvm::zip_equal(arguments, denseTypes))
      if (denseType)
        all = arith::AndIOp::create(builder, loc, all,
                                    isDense(builder, loc, argument, denseType));
    auto *fast = new Block();
    function.getBody().getBlocks().insertAfter(Region::iterator(check), fast);
    cf::CondBranchOp::create(builder, loc, all, fast, ValueRange{}, body,
                             arguments);
    builder.setInsertionPointToStart(fast);
    SmallVector<Value> operands;
    for (auto [argument, denseType] : llvm::zip_equal(arguments, denseTypes))
      operands.push_back(
          denseType ? memref::CastOp::create(builder, loc, denseType, argument)
                          .getResult()
                    : argument);
    auto call = func::CallOp::create(builder, loc, dense, operands);
    func::ReturnOp::create(builder, loc, call.getResults());
    return true;
  }
};
} // namespace
