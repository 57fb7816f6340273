// Open (docs/reliability.md, finding 25; found by the random pass orders,
// test/Integration/pass-orders-*.test): a slice whose check is known to
// fail (a constant zero stride) gets a placeholder view (stride 1, finding
// 2), whose size canonicalization makes static. Unreachable as that code
// is, an element-wise op pairing it with a value of another static size
// makes upstream's linalg verifier reject the module ("inferred
// input/output operand #1 has shape's dimension #0 to be 1, but found
// 4"), so --slice-to-llvm fails instead of compiling a program that stops
// at the check. A fix needs sizes no folding makes constant behind such a
// check (ub.poison reaches the index arithmetic's folder, which expects
// integers). It turns into a pass (XPASS, a failure) once fixed.
//
// XFAIL: *
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_run 2>&1 | FileCheck %s

// CHECK: slice.strided: entry 0 (input dimension 0) has stride 0

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
