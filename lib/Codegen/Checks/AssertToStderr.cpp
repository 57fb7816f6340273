//===- AssertToStderr.cpp - cf.assert that reports through stderr ---------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Lowers cf.assert into a call of an internal check function that writes
// the message to stderr unbuffered and aborts (see the pass description in
// Passes.td for why upstream's puts + abort is not enough).
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEASSERTTOSTDERR
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

/// Returns the function `name` of type `type` at the start of `module`,
/// declaring it unless the module has it; a symbol of that name of another
/// kind or type is an error.
static FailureOr<LLVM::LLVMFuncOp>
lookupOrDeclare(ModuleOp module, SymbolTable &symbols, StringRef name,
                LLVM::LLVMFunctionType type) {
  if (Operation *existing = symbols.lookup(name)) {
    auto function = dyn_cast<LLVM::LLVMFuncOp>(existing);
    if (!function || function.getFunctionType() != type)
      return existing->emitError("conflicts with the assert lowering's @")
             << name;
    return function;
  }
  auto builder = OpBuilder::atBlockBegin(module.getBody());
  auto function =
      LLVM::LLVMFuncOp::create(builder, module.getLoc(), name, type);
  symbols.insert(function, module.getBody()->begin());
  return function;
}

/// Declares `write` and `abort` and defines the internal check function
///
///   void __slice_check(i1 ok, ptr message, i64 length) {
///     if (!ok) { write(2, message, length); abort(); }
///   }
static FailureOr<LLVM::LLVMFuncOp> buildCheckFunction(ModuleOp module,
                                                      SymbolTable &symbols) {
  MLIRContext *context = module.getContext();
  Type i1 = IntegerType::get(context, 1), i32 = IntegerType::get(context, 32),
       i64 = IntegerType::get(context, 64);
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type voidType = LLVM::LLVMVoidType::get(context);
  FailureOr<LLVM::LLVMFuncOp> write =
      lookupOrDeclare(module, symbols, "write",
                      LLVM::LLVMFunctionType::get(i64, {i32, ptr, i64}));
  FailureOr<LLVM::LLVMFuncOp> abort = lookupOrDeclare(
      module, symbols, "abort", LLVM::LLVMFunctionType::get(voidType, {}));
  auto checkType = LLVM::LLVMFunctionType::get(voidType, {i1, ptr, i64});
  if (failed(write) || failed(abort))
    return failure();
  if (Operation *existing = symbols.lookup("__slice_check")) {
    auto function = dyn_cast<LLVM::LLVMFuncOp>(existing);
    if (!function || function.getFunctionType() != checkType)
      return existing->emitError(
          "conflicts with the assert lowering's @__slice_check");
    return function;
  }

  Location loc = module.getLoc();
  auto builder = OpBuilder::atBlockBegin(module.getBody());
  auto check = LLVM::LLVMFuncOp::create(builder, loc, "__slice_check",
                                        checkType, LLVM::Linkage::Internal);
  symbols.insert(check, module.getBody()->begin());
  Block *entry = check.addEntryBlock(builder);
  Block *pass = builder.createBlock(&check.getBody());
  Block *fail = builder.createBlock(&check.getBody());
  builder.setInsertionPointToEnd(entry);
  LLVM::CondBrOp::create(builder, loc, entry->getArgument(0), pass, fail);
  builder.setInsertionPointToEnd(pass);
  LLVM::ReturnOp::create(builder, loc, ValueRange{});
  builder.setInsertionPointToEnd(fail);
  Value stderrFd =
      LLVM::ConstantOp::create(builder, loc, i32, builder.getI32IntegerAttr(2));
  LLVM::CallOp::create(
      builder, loc, *write,
      ValueRange{stderrFd, entry->getArgument(1), entry->getArgument(2)});
  LLVM::CallOp::create(builder, loc, *abort, ValueRange{});
  LLVM::UnreachableOp::create(builder, loc);
  return check;
}

FailureOr<bool> mlir::slice::lowerAssertsToStderr(ModuleOp module) {
  SmallVector<cf::AssertOp> asserts;
  module.walk([&](cf::AssertOp op) { asserts.push_back(op); });
  if (asserts.empty())
    return false;

  MLIRContext *context = module.getContext();
  SymbolTable symbols(module);
  FailureOr<LLVM::LLVMFuncOp> check = buildCheckFunction(module, symbols);
  if (failed(check))
    return failure();
  Type i64 = IntegerType::get(context, 64);

  llvm::StringMap<LLVM::GlobalOp> messages;
  // An assert on a condition that an earlier assert of its block checked
  // can never fail (that one stops the program first): slices of one
  // tensor by one stride check that stride once.
  llvm::DenseSet<std::pair<Block *, Value>> checked;
  for (cf::AssertOp op : asserts) {
    if (!checked.insert({op->getBlock(), op.getArg()}).second) {
      op.erase();
      continue;
    }
    std::string text = (op.getMsg() + "\n").str();
    LLVM::GlobalOp &global = messages[text];
    if (!global) {
      OpBuilder globalBuilder = OpBuilder::atBlockBegin(module.getBody());
      auto type =
          LLVM::LLVMArrayType::get(IntegerType::get(context, 8), text.size());
      global = LLVM::GlobalOp::create(
          globalBuilder, op.getLoc(), type, /*isConstant=*/true,
          LLVM::Linkage::Internal,
          "__slice_check_message_" + std::to_string(messages.size()),
          globalBuilder.getStringAttr(text));
      symbols.insert(global, module.getBody()->begin());
    }
    OpBuilder callBuilder(op);
    Value address = LLVM::AddressOfOp::create(callBuilder, op.getLoc(), global);
    Value length =
        LLVM::ConstantOp::create(callBuilder, op.getLoc(), i64,
                                 callBuilder.getI64IntegerAttr(text.size()));
    LLVM::CallOp::create(callBuilder, op.getLoc(), *check,
                         ValueRange{op.getArg(), address, length});
    op.erase();
  }
  return true;
}

namespace {
struct SliceAssertToStderrPass
    : mlir::slice::impl::SliceAssertToStderrBase<SliceAssertToStderrPass> {
  void runOnOperation() override {
    FailureOr<bool> lowered = slice::lowerAssertsToStderr(getOperation());
    if (failed(lowered))
      return signalPassFailure();
    // A module without asserts is left as it was: nothing to verify again.
    if (!*lowered)
      markAllAnalysesPreserved();
  }
};
} // namespace
