// Found by the random pass orders (test/Integration/pass-orders-*.test): an
// update whose check is left to run time was folded away, and the program
// ran on instead of stopping. Writing into a dest with an empty dimension
// by a stride that turns out 0 folded to the dest ("writes nothing"); a
// whole write of a value whose size only run time matches folded to the
// value. NumPy raises for both (a zero step; "could not broadcast input
// array from shape (3,) into shape (5,)"), so must the program. The folds
// now wait for an op with nothing left to check (speculatable).
//
// RUN: slice-opt %s --slice-to-llvm > %t.ll
// RUN: not --crash %mlir_runner %t.ll -e empty_dest -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not --crash %mlir_runner %t.ll -e whole -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: %mlir_runner %t.ll -e valid -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=VALID
// EMPTY: slice.strided_update: entry 0 (input dimension 0) has stride 0
// EMPTY-NOT: Memref
// WHOLE: slice.strided_update: value dimension 0 does not match slice dimension 0
// WHOLE-NOT: Memref
// VALID: sizes = [2, 0]
// VALID: sizes = [5] strides = [1] data =
// VALID-NEXT: [7,  7,  7,  7,  7]

func.func private @printMemrefI64(tensor<*xi64>)

func.func @into_empty(%x: tensor<2x0xi64>, %v: tensor<1x0xi64>, %s: index) -> tensor<2x0xi64> {
  %u = slice.strided_update %v into %x[0:1:%s] : tensor<1x0xi64> into tensor<2x0xi64>
  return %u : tensor<2x0xi64>
}

func.func @into_whole(%x: tensor<?xi64>, %v: tensor<?xi64>) -> tensor<?xi64> {
  %u = slice.strided_update %v into %x[:] : tensor<?xi64> into tensor<?xi64>
  return %u : tensor<?xi64>
}

func.func @run(%s: index, %n: index) {
  %x = arith.constant dense<> : tensor<2x0xi64>
  %v = arith.constant dense<> : tensor<1x0xi64>
  %r = call @into_empty(%x, %v, %s) : (tensor<2x0xi64>, tensor<1x0xi64>, index) -> tensor<2x0xi64>
  %p = tensor.cast %r : tensor<2x0xi64> to tensor<*xi64>
  call @printMemrefI64(%p) : (tensor<*xi64>) -> ()
  return
}

func.func @empty_dest() {
  %c0 = arith.constant 0 : index
  call @run(%c0, %c0) {no_inline} : (index, index) -> ()
  return
}

func.func @whole_write(%n: index) {
  %c5 = arith.constant 5 : index
  %seven = arith.constant 7 : i64
  %x = tensor.splat %seven[%c5] : tensor<?xi64>
  %v = tensor.splat %seven[%n] : tensor<?xi64>
  %r = call @into_whole(%x, %v) {no_inline} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  %p = tensor.cast %r : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%p) : (tensor<*xi64>) -> ()
  return
}

func.func @whole() {
  %c3 = arith.constant 3 : index
  call @whole_write(%c3) {no_inline} : (index) -> ()
  return
}

func.func @valid() {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  call @run(%c1, %c1) {no_inline} : (index, index) -> ()
  call @whole_write(%c5) {no_inline} : (index) -> ()
  return
}
