//===- JitSupport.h - What the JIT tests of the pipelines share -*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_UNITTESTS_PIPELINES_JITSUPPORT_H
#define SLICE_UNITTESTS_PIPELINES_JITSUPPORT_H

#include "Slice/InitSlice.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

#include "llvm/Support/TargetSelect.h"

namespace slice_test {

/// The native target, for mlir::ExecutionEngine (once per test suite).
inline void initializeNativeTarget() {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
}

/// What a context needs to run the pipelines and JIT their output: the
/// slice dialect, the pipelines' dependencies and the LLVM IR translations.
inline void prepareJitContext(mlir::MLIRContext &context) {
  mlir::DialectRegistry registry;
  mlir::slice::registerSliceDialect(registry);
  mlir::slice::registerPipelineDependencies(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  context.appendDialectRegistry(registry);
}

} // namespace slice_test

#endif // SLICE_UNITTESTS_PIPELINES_JITSUPPORT_H
