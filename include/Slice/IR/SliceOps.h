//===- SliceOps.h - slice dialect ops ---------------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares the ops of the slice dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_IR_SLICEOPS_H
#define SLICE_IR_SLICEOPS_H

#include "Slice/IR/SliceDialect.h"
#include "Slice/IR/SliceInterfaces.h"
#include "Slice/Semantics/Semantics.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#define GET_OP_CLASSES
#include "Slice/IR/SliceOps.h.inc"

namespace mlir {
class RewriterBase;

namespace slice {

/// Whether a slice.strided of a `sourceType` value with `spec` may have
/// result type `resultType` (whether such an op verifies): the spec
/// resolves on the source shape, and `resultType` has the inferred element
/// type and rank and is as static as the inferred type or less.
bool isValidSlice(RankedTensorType sourceType, const SparseSliceSpec &spec,
                  RankedTensorType resultType);

/// Whether a slice.strided_update of a `valueType` value into a `destType`
/// one with `spec` verifies: one element type, the spec resolves on the
/// dest shape, and the value fits the slice (matchUpdateValue).
bool isValidUpdate(RankedTensorType valueType, RankedTensorType destType,
                   const SparseSliceSpec &spec);

/// The constant `op` computes from the constant `source`: a splat of any
/// size, else null when the result has more than `maxElements` elements
/// (no limit when negative) or a shape or spec value is not static.
DenseElementsAttr sliceConstant(StridedOp op, DenseElementsAttr source,
                                int64_t maxElements);

/// The constant `op` computes from the constants `dest` and `value`, or
/// null when the result has more than `maxElements` elements (no limit when
/// negative) or a shape or spec value is not static. A splat value written
/// into a splat dest of the same element folds to `dest` at any size.
DenseElementsAttr updateConstant(StridedUpdateOp op, DenseElementsAttr dest,
                                 DenseElementsAttr value, int64_t maxElements);

/// The spec the verifier sees in mixed entries: attributes known, SSA
/// values unknown (even constant ones).
SparseSliceSpec getStaticSpec(const MixedSliceSpec &spec, bool offset);

/// Patterns that turn a tensor.extract_slice known to select nothing (and a
/// tensor.cast that says so) into tensor.empty, and a memref.subview that
/// selects nothing into a reinterpret_cast, before upstream's folders
/// give it a static offset on a dimension of size 0, which upstream's
/// verifiers reject. Part of the slice dialect's canonicalization; passes
/// that fold extract_slice sizes on their own add them too.
void populateEmptyExtractSlicePatterns(RewritePatternSet &patterns);

/// Replaces `op` by the slice.strided that means the same (what its
/// canonicalization does), built where `op` is, and returns it; fails for
/// an invalid op.
FailureOr<StridedOp> convertAxesToStrided(RewriterBase &rewriter,
                                          StridedAxesOp op);

/// Replaces `op` by the slice.strided_update that means the same (what its
/// canonicalization does), built where `op` is, and returns it; fails for
/// an invalid op.
FailureOr<StridedUpdateOp> convertAxesUpdateToStrided(RewriterBase &rewriter,
                                                      StridedAxesUpdateOp op);

} // namespace slice
} // namespace mlir

#endif // SLICE_IR_SLICEOPS_H
