//===- PipelineDependenciesTest.cpp - What the pipelines' output needs ----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A context made from registerPipelineDependencies alone runs the pipelines
// and translates their output to LLVM IR, as an embedder's ExecutionEngine
// or object emission does. The GPU pipeline's output holds gpu.binary and
// gpu.launch_func, whose translation needs #gpu.select_object's model: the
// spec fuzzer found the translation segfaulting without it.
//
//===----------------------------------------------------------------------===//

#include "Slice/InitSlice.h"
#include "Slice/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"

#include "gtest/gtest.h"

using namespace mlir;

namespace {
constexpr const char *kModule = R"mlir(
func.func @reverse(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %r = slice.strided %x[:, ::-1] : tensor<64x128xf32> to tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
)mlir";

/// Lowers kModule with `build` in a context from registerPipelineDependencies
/// only, and translates the result to LLVM IR.
template <typename BuildFn>
std::unique_ptr<llvm::Module> lowerAndTranslate(BuildFn build,
                                                llvm::LLVMContext &llvmContext,
                                                std::string &diagnostics) {
  DialectRegistry registry;
  slice::registerPipelineDependencies(registry);
  MLIRContext context(registry);
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kModule, &context);
  if (!module)
    return nullptr;
  PassManager pm(&context);
  build(pm);
  if (failed(pm.run(*module)))
    return nullptr;
  return translateModuleToLLVMIR(*module, llvmContext);
}

TEST(PipelineDependencies, CPUOutputTranslates) {
  llvm::LLVMContext llvmContext;
  std::string diagnostics;
  auto module = lowerAndTranslate(
      [](PassManager &pm) { slice::buildSliceToLLVMPipeline(pm); }, llvmContext,
      diagnostics);
  ASSERT_TRUE(module) << diagnostics;
  EXPECT_TRUE(module->getFunction("reverse"));
}

TEST(PipelineDependencies, GPUOutputTranslatesWithItsKernels) {
  // The kernels are serialized to PTX (format=isa): NVPTX, no GPU.
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  llvm::LLVMContext llvmContext;
  std::string diagnostics;
  auto module = lowerAndTranslate(
      [](PassManager &pm) {
        slice::SliceToNVVMOptions options;
        options.slices = slice::SliceLowering::Copy;
        options.format = "isa";
        slice::buildSliceToNVVMPipeline(pm, options);
      },
      llvmContext, diagnostics);
  ASSERT_TRUE(module) << diagnostics;
  // The host calls the runtime to load the embedded kernels and launch one.
  EXPECT_TRUE(module->getFunction("mgpuModuleLoad") ||
              module->getFunction("mgpuModuleLoadJIT"));
  EXPECT_TRUE(module->getFunction("mgpuLaunchKernel"));
}
} // namespace
