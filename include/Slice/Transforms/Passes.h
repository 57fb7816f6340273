//===- Passes.h - slice-level transformations -------------------*- C++ -*-===//
//
// The slice passes and the rewrite functions behind them, for pipelines that
// want the rewrites without the passes.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_TRANSFORMS_PASSES_H
#define SLICE_TRANSFORMS_PASSES_H

#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include <functional>

namespace mlir {
namespace slice {

#define GEN_PASS_DECL
#include "Slice/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Slice/Transforms/Passes.h.inc"

/// Rewrites `op` into the normal form (docs/normal-form.md), emitting the
/// arith ops and run-time checks before it. Returns the op in normal form
/// (`op` itself when it already is), or failure for an invalid op.
FailureOr<StridedOp> normalizeStridedOp(RewriterBase &rewriter, StridedOp op);

/// Decides whether a slice of a constant is folded.
using ConstantFoldControlFn = std::function<bool(StridedOp)>;

/// Adds a pattern that folds slice.strided of a dense constant into a
/// constant when `control` agrees, whatever its size (the folder only folds
/// splats and small results).
void populateSliceConstantFoldPatterns(RewritePatternSet &patterns,
                                       ConstantFoldControlFn control);

} // namespace slice
} // namespace mlir

#endif // SLICE_TRANSFORMS_PASSES_H
