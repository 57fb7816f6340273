// Found by slice-syntax-fuzzer in command 2's `fuzz.sh --ci` on the seed
// made from update-folding.mlir's @constant_operands (docs/reliability.md,
// finding 20). An update of a 3-row value into `x[0:%c4]` is valid: the
// slice's size is unknown to the verifier, and the value's is checked at
// run time. Canonicalization keeps %c4 an operand (a static 4 would not
// verify), but the normal form made it a static extent: the update in
// normal form did not verify and --slice-normalize failed on a valid
// module. The lowerings, knowing the constant, built a 4-row view for the
// 3-row value, which upstream's folds turned into an invalid tensor.cast
// or memref.copy. Now the normal form keeps such an extent an SSA value
// (keepUnverifiableSizesDynamic checks the value too), and a lowering
// whose value check is known to fail writes nothing: the program stops at
// the assert.
//
// RUN: slice-opt %s --canonicalize --slice-normalize --canonicalize | FileCheck %s --check-prefix=NORM
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s --check-prefix=GPU

// NORM-LABEL: func.func @update
//       NORM:   slice.strided_update %{{.*}} into %{{.*}}[0:4:%{{.*}}, 0:5] offset : tensor<3x5xf32> into tensor<6x5xf32>

// CHECK: slice.strided_update: value dimension 0 does not match slice dimension 0
// CHECK-NOT: Memref

// GPU-LABEL: llvm.func @update
//       GPU:   llvm.return

func.func private @printMemrefF32(tensor<*xf32>)

func.func @update(%w: tensor<3x5xf32>, %x: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %c4 = arith.constant 4 : index
  %z = slice.strided_update %w into %x[0:%c4] : tensor<3x5xf32> into tensor<6x5xf32>
  return %z : tensor<6x5xf32>
}

func.func @main() {
  %w = arith.constant dense<2.0> : tensor<3x5xf32>
  %x = arith.constant dense<1.0> : tensor<6x5xf32>
  %r = call @update(%w, %x) : (tensor<3x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  %u = tensor.cast %r : tensor<6x5xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
