// Found by the random pass orders (docs/reliability.md, finding 25;
// test/Integration/pass-orders-*.test). A slice whose check is known to
// fail (a constant zero stride) gets a placeholder view (stride 1, finding
// 2), whose size canonicalization made static. Unreachable as that code
// is, an element-wise op pairing it with a value of another static size
// made upstream's linalg verifier reject the module ("inferred
// input/output operand #1 has shape's dimension #0 to be 1, but found
// 4"), so --slice-to-llvm failed instead of compiling a program that stops
// at the check. Now the pipelines erase what follows an assert known to
// fail (--slice-erase-after-failing-asserts), after lowering the slices
// and after bufferization.
//
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s --check-prefix=GPU

// CHECK: slice.strided: entry 0 (input dimension 0) has stride 0
// CHECK-NOT: Memref

// GPU-LABEL: llvm.func @main
//       GPU:   llvm.call @__slice_check

func.func private @printMemrefI64(tensor<*xi64>)

func.func @main() {
  %x = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = slice.strided %x[0:1] : tensor<4xi64> to tensor<?xi64>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %init) -> (tensor<?xi64>) {
    %s = slice.strided %x[::%c0] : tensor<4xi64> to tensor<?xi64>
    %t = arith.addi %acc, %s : tensor<?xi64>
    scf.yield %t : tensor<?xi64>
  }
  %p = tensor.cast %r : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%p) : (tensor<*xi64>) -> ()
  return
}
