//===- SliceDialect.td - The slice dialect -----------------*- tablegen -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The `slice` dialect: framework-exact strided slices.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_IR_SLICEDIALECT_TD
#define SLICE_IR_SLICEDIALECT_TD

include "mlir/IR/OpBase.td"

def Slice_Dialect : Dialect {
  let name = "slice";
  let cppNamespace = "::mlir::slice";
  let summary = "Strided slices with exact TensorFlow / NumPy semantics";
  let description = [{
    The `slice` dialect gives ML compilers one op that means
    "TensorFlow / MindSpore / NumPy strided slice" exactly: `slice.strided`
    takes the sparse `begin`, `end`, `strides` lists and the five masks of
    `tf.strided_slice`, and its values are those of NumPy basic indexing.

    The rules (mask resolution, ellipsis expansion, wrapping of negative
    indices, clamping, sizes) live in one library,
    `Slice/Semantics/Semantics.h`, which the verifier, type inference
    and the lowerings all call.
  }];
  let hasConstantMaterializer = 1;
  let hasCanonicalizer = 1;
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

class Slice_Op<string mnemonic, list<Trait> traits = []>
    : Op<Slice_Dialect, mnemonic, traits>;

#endif // SLICE_IR_SLICEDIALECT_TD
