//===- AssertToStderr.cpp - cf.assert that reports through stderr ---------===//
//
// Lowers cf.assert into a call of an internal check function that writes
// the message to stderr unbuffered and aborts (see the pass description in
// Passes.td for why upstream's puts + abort is not enough).
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEASSERTTOSTDERR
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

/// The check function and the libc functions it calls.
static constexpr llvm::StringLiteral kCheckFunctions = R"mlir(
  llvm.func @write(i32, !llvm.ptr, i64) -> i64
  llvm.func @abort()
  llvm.func internal @__slice_check(%ok: i1, %message: !llvm.ptr, %length: i64) {
    llvm.cond_br %ok, ^pass, ^fail
  ^pass:
    llvm.return
  ^fail:
    %stderr = llvm.mlir.constant(2 : i32) : i32
    %written = llvm.call @write(%stderr, %message, %length) : (i32, !llvm.ptr, i64) -> i64
    llvm.call @abort() : () -> ()
    llvm.unreachable
  }
)mlir";

namespace {
struct SliceAssertToStderrPass
    : mlir::slice::impl::SliceAssertToStderrBase<SliceAssertToStderrPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<cf::AssertOp> asserts;
    module.walk([&](cf::AssertOp op) { asserts.push_back(op); });
    if (asserts.empty())
      return;

    MLIRContext *context = &getContext();
    OwningOpRef<ModuleOp> library =
        parseSourceString<ModuleOp>(kCheckFunctions, context);
    if (!library) {
      module.emitError("cannot build the assert check function");
      return signalPassFailure();
    }
    SymbolTable symbols(module);
    for (Operation &op : llvm::make_early_inc_range(*library->getBody())) {
      auto name = SymbolTable::getSymbolName(&op);
      if (Operation *existing = symbols.lookup(name)) {
        auto function = dyn_cast<LLVM::LLVMFuncOp>(existing);
        if (!function || function.getFunctionType() !=
                             cast<LLVM::LLVMFuncOp>(op).getFunctionType()) {
          existing->emitError("conflicts with the assert lowering's @")
              << name.getValue();
          return signalPassFailure();
        }
        continue;
      }
      op.remove();
      symbols.insert(&op, module.getBody()->begin());
    }
    auto check = symbols.lookup<LLVM::LLVMFuncOp>("__slice_check");
    Type i64 = IntegerType::get(context, 64);

    llvm::StringMap<LLVM::GlobalOp> messages;
    for (cf::AssertOp op : asserts) {
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
      Value address =
          LLVM::AddressOfOp::create(callBuilder, op.getLoc(), global);
      Value length =
          LLVM::ConstantOp::create(callBuilder, op.getLoc(), i64,
                                   callBuilder.getI64IntegerAttr(text.size()));
      LLVM::CallOp::create(callBuilder, op.getLoc(), check,
                           ValueRange{op.getArg(), address, length});
      op.erase();
    }
  }
};
} // namespace
