// What only run time can check about an update stops the program with a
// message before anything is written: each entry point calls a no_inline
// function with a bad run-time value. Both lowerings: the tensor one and
// the bufferization model.
//
// RUN: slice-opt %s --slice-to-llvm > %t.ll
// RUN: not --crash %mlir_runner %t.ll -e stride_zero -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not --crash %mlir_runner %t.ll -e shrink_out_of_range -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=SHRINK
// RUN: not --crash %mlir_runner %t.ll -e value_mismatch -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: not --crash %mlir_runner %t.ll -e value_not_stretched -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: %mlir_runner %t.ll -e valid -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=VALID
// RUN: slice-opt %s '--slice-to-llvm=via-bufferization=true' > %t.model.ll
// RUN: not --crash %mlir_runner %t.model.ll -e stride_zero -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not --crash %mlir_runner %t.model.ll -e shrink_out_of_range -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=SHRINK
// RUN: not --crash %mlir_runner %t.model.ll -e value_mismatch -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: %mlir_runner %t.model.ll -e valid -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=VALID

// ZERO: slice.strided_update: entry 0 (input dimension 0) has stride 0
// ZERO-NOT: Memref
// SHRINK: slice.strided_update: entry 0 (input dimension 0): the shrink index is out of range
// SHRINK-NOT: Memref
// VALUE: slice.strided_update: value dimension 0 does not match slice dimension 0 (only a static size 1 broadcasts)
// VALUE-NOT: Memref

// x = iota(4x3); x[1:3, :] = [[-1, -2, -3], [-4, -5, -6]]
// VALID:      [0,   1,   2],
// VALID-NEXT: [-1,   -2,   -3],
// VALID-NEXT: [-4,   -5,   -6],
// VALID-NEXT: [9,   10,   11]]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @input() -> tensor<4x3xf32> {
  %x = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  return %x : tensor<4x3xf32>
}

func.func @rows(%v: tensor<?x3xf32>, %x: tensor<?x3xf32>, %b: index, %e: index, %s: index) -> tensor<?x3xf32> {
  %r = slice.strided_update %v into %x[%b:%e:%s, :] : tensor<?x3xf32> into tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

func.func @row(%v: tensor<3xf32>, %x: tensor<?x3xf32>, %i: index) -> tensor<?x3xf32> {
  %r = slice.strided_update %v into %x[%i] : tensor<3xf32> into tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

func.func @call_rows(%v: tensor<?x3xf32>, %b: index, %e: index, %s: index) {
  %c = call @input() : () -> tensor<4x3xf32>
  %x = tensor.cast %c : tensor<4x3xf32> to tensor<?x3xf32>
  %r = call @rows(%v, %x, %b, %e, %s) {no_inline} : (tensor<?x3xf32>, tensor<?x3xf32>, index, index, index) -> tensor<?x3xf32>
  %u = tensor.cast %r : tensor<?x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @two_rows() -> tensor<?x3xf32> {
  %v = arith.constant dense<[[-1.0, -2.0, -3.0], [-4.0, -5.0, -6.0]]> : tensor<2x3xf32>
  %d = tensor.cast %v : tensor<2x3xf32> to tensor<?x3xf32>
  return %d : tensor<?x3xf32>
}

func.func @stride_zero() {
  %v = call @two_rows() : () -> tensor<?x3xf32>
  %b = arith.constant 1 : index
  %e = arith.constant 3 : index
  %s = arith.constant 0 : index
  call @call_rows(%v, %b, %e, %s) : (tensor<?x3xf32>, index, index, index) -> ()
  return
}

func.func @shrink_out_of_range() {
  %c = call @input() : () -> tensor<4x3xf32>
  %x = tensor.cast %c : tensor<4x3xf32> to tensor<?x3xf32>
  %v = arith.constant dense<[-1.0, -2.0, -3.0]> : tensor<3xf32>
  %i = arith.constant 4 : index
  %r = call @row(%v, %x, %i) {no_inline} : (tensor<3xf32>, tensor<?x3xf32>, index) -> tensor<?x3xf32>
  %u = tensor.cast %r : tensor<?x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Two value rows for a slice of three.
func.func @value_mismatch() {
  %v = call @two_rows() : () -> tensor<?x3xf32>
  %b = arith.constant 0 : index
  %e = arith.constant 3 : index
  %s = arith.constant 1 : index
  call @call_rows(%v, %b, %e, %s) : (tensor<?x3xf32>, index, index, index) -> ()
  return
}

// One value row, of a dynamic size: not stretched to the slice's two.
func.func @value_not_stretched() {
  %one = arith.constant dense<[[-1.0, -2.0, -3.0]]> : tensor<1x3xf32>
  %v = tensor.cast %one : tensor<1x3xf32> to tensor<?x3xf32>
  %b = arith.constant 1 : index
  %e = arith.constant 3 : index
  %s = arith.constant 1 : index
  call @call_rows(%v, %b, %e, %s) : (tensor<?x3xf32>, index, index, index) -> ()
  return
}

func.func @valid() {
  %v = call @two_rows() : () -> tensor<?x3xf32>
  %b = arith.constant 1 : index
  %e = arith.constant 3 : index
  %s = arith.constant 1 : index
  call @call_rows(%v, %b, %e, %s) : (tensor<?x3xf32>, index, index, index) -> ()
  return
}
