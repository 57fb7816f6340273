// Found by the random pass orders (test/Integration/pass-orders-*.test): a
// loop whose body yields a tensor other than its iteration argument's
// buffer failed one-shot-bufferize ("Yield operand #0 is not equivalent
// to the corresponding iter bbArg"), so --slice-to-llvm failed on a valid
// module. Canonicalization makes one of any loop of whole-tensor updates
// (the update folds to its value); an embedder's loop may yield such a
// value anyway. The pipelines now let such a loop own a buffer
// (allow-return-allocs-from-loops).
//
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm=format=isa -o /dev/null
// Zero trips: the dest; two: the value, whole.
// CHECK: sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: [0,   1,   2],
// CHECK-NEXT: [3,   4,   5]]
// CHECK: sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: [-1,   -2,   -3],
// CHECK-NEXT: [-4,   -5,   -6]]

func.func private @printMemrefI64(tensor<*xi64>)

func.func @whole_updates(%x: tensor<2x3xi64>, %v: tensor<2x3xi64>, %n: index) -> tensor<2x3xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<2x3xi64>) {
    %u = slice.strided_update %v into %acc[] : tensor<2x3xi64> into tensor<2x3xi64>
    scf.yield %u : tensor<2x3xi64>
  }
  return %r : tensor<2x3xi64>
}

func.func @main() {
  %x = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi64>
  %v = arith.constant dense<[[-1, -2, -3], [-4, -5, -6]]> : tensor<2x3xi64>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r0 = call @whole_updates(%x, %v, %c0) {no_inline} : (tensor<2x3xi64>, tensor<2x3xi64>, index) -> tensor<2x3xi64>
  %p0 = tensor.cast %r0 : tensor<2x3xi64> to tensor<*xi64>
  call @printMemrefI64(%p0) : (tensor<*xi64>) -> ()
  %r2 = call @whole_updates(%x, %v, %c2) {no_inline} : (tensor<2x3xi64>, tensor<2x3xi64>, index) -> tensor<2x3xi64>
  %p2 = tensor.cast %r2 : tensor<2x3xi64> to tensor<*xi64>
  call @printMemrefI64(%p2) : (tensor<*xi64>) -> ()
  return
}
