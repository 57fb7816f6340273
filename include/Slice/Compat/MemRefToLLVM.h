//===- MemRefToLLVM.h - MemRef accesses without unsound nuw -----*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A workaround for MLIR 22: its MemRef-to-LLVM conversion gives the address
// arithmetic of every `memref.load` and `memref.store` the `nuw` flag
// (`getelementptr inbounds|nuw`, `mul`/`add overflow<nsw, nuw>`), whatever
// the strides. A negative stride, which slice's views have on purpose, is a
// huge unsigned number, so `index * stride` wraps and LLVM's LangRef makes
// the address poison. Fixed upstream after 22 by llvm-project pull request
// 204309, whose rule these patterns apply: `nuw` only where every stride of
// the memref is statically non-negative, `inbounds` (and so `nsw`) always.
// Drop this file when the project moves to an LLVM that has the fix.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_COMPAT_MEMREFTOLLVM_H
#define SLICE_COMPAT_MEMREFTOLLVM_H

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
class DialectRegistry;
class LLVMTypeConverter;
class RewritePatternSet;

namespace slice {

/// The no-wrap flags that an access to an element of `type` may carry:
/// `inbounds|nuw` when every stride is statically non-negative (the index
/// terms then cannot wrap unsigned), `inbounds` otherwise.
LLVM::GEPNoWrapFlags getAccessNoWrapFlags(MemRefType type);

/// Adds the lowerings of `memref.load` and `memref.store` with those flags,
/// at a benefit above MemRefToLLVM's, so that they replace upstream's in
/// any conversion that has both.
void populateMemRefAccessToLLVMPatterns(const LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns);

/// Gives the slice dialect a `ConvertToLLVMPatternInterface` that adds
/// those patterns: every conversion that collects its patterns from the
/// loaded dialects (`convert-gpu-to-nvvm` for the kernels,
/// `convert-to-llvm`) then lowers memref accesses with the fixed rule
/// wherever the slice dialect is loaded. The slice ops themselves never
/// reach LLVM: they are gone before any conversion to LLVM.
void registerConvertSliceToLLVMInterface(DialectRegistry &registry);

} // namespace slice
} // namespace mlir

#endif // SLICE_COMPAT_MEMREFTOLLVM_H
