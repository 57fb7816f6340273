//===- GPUToLLVM.cpp - gpu-to-llvm with the runtime declared first --------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-gpu-to-llvm` (Passes.td): upstream's `--gpu-to-llvm`, with the
// runtime functions that every host function of the pipelines calls
// declared at the front of the module first. Upstream looks each callee
// up by name for every call it builds (a scan of the module's ops from
// the front) and declares a missing one at the end of the module, so
// each lookup walks past every function: O(N^2) for N functions (2.7 s of
// 22 s at 4096 functions through `--slice-to-nvvm`). Declared at the
// front, each lookup stops at once. The declarations nothing calls are
// erased again; the output is upstream's but for where the declarations
// stand.
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEGPUTOLLVM
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
/// A runtime function upstream's lowering calls, with the type its call
/// builder gives it (mlir/lib/Conversion/GPUCommon/GPUToLLVMConversion.cpp;
/// a different type would fail the verifier of every call to it).
struct RuntimeFunction {
  StringRef name;
  Type result;
  SmallVector<Type> arguments;
};

struct SliceGPUToLLVMPass
    : mlir::slice::impl::SliceGPUToLLVMBase<SliceGPUToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    Type ptr = LLVM::LLVMPointerType::get(context);
    Type none = LLVM::LLVMVoidType::get(context);
    Type i8 = IntegerType::get(context, 8);
    Type i64 = IntegerType::get(context, 64);
    RuntimeFunction functions[] = {
        {"mgpuStreamCreate", ptr, {}},
        {"mgpuStreamDestroy", none, {ptr}},
        {"mgpuStreamSynchronize", none, {ptr}},
        {"mgpuMemAlloc", ptr, {i64, ptr, i8}},
        {"mgpuMemFree", none, {ptr, ptr}},
    };
    // Declared ahead of everything, unless the module has them already.
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    SmallVector<LLVM::LLVMFuncOp> declared;
    for (const RuntimeFunction &function : functions) {
      if (module.lookupSymbol(function.name))
        continue;
      declared.push_back(LLVM::LLVMFuncOp::create(
          builder, module.getLoc(), function.name,
          LLVM::LLVMFunctionType::get(function.result, function.arguments)));
    }

    OpPassManager pipeline(ModuleOp::getOperationName());
    pipeline.addPass(createGpuToLLVMConversionPass());
    if (failed(runPipeline(pipeline, module)))
      return signalPassFailure();

    // The declarations no call names go again (one walk for all).
    if (declared.empty())
      return;
    llvm::StringSet<> called;
    module.walk([&](LLVM::CallOp call) {
      if (std::optional<StringRef> callee = call.getCallee())
        called.insert(*callee);
    });
    for (LLVM::LLVMFuncOp function : declared)
      if (!called.contains(function.getName()))
        function.erase();
  }
};
} // namespace
