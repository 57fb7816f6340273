// What only run time can check stops the program with the normal form's
// message (cf.assert) before anything is read: each entry point calls a
// no_inline function with a bad run-time value.
//
// RUN: slice-opt %s --slice-to-llvm > %t.ll
// RUN: not --crash %mlir_runner %t.ll -e stride_zero -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not --crash %mlir_runner %t.ll -e shrink_negative_stride -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=SHRINK-STRIDE
// RUN: not --crash %mlir_runner %t.ll -e shrink_out_of_range -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=SHRINK-RANGE
// RUN: not --crash %mlir_runner %t.ll -e shrink_below_range -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=SHRINK-RANGE
// RUN: not --crash %mlir_runner %t.ll -e window_out_of_range -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=WINDOW
// RUN: not --crash %mlir_runner %t.ll -e axes_stride_zero -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=AXES
// The same values where they are valid run to the end.
// RUN: %mlir_runner %t.ll -e valid -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=VALID
// And the same with slices as dense copies.
// RUN: slice-opt %s --slice-to-llvm=slices=copy > %t.copy.ll
// RUN: not --crash %mlir_runner %t.copy.ll -e stride_zero -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not --crash %mlir_runner %t.copy.ll -e shrink_out_of_range -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=SHRINK-RANGE
// And with the checks emitted by the bufferization model.
// RUN: slice-opt %s '--slice-to-llvm=via-bufferization=true' > %t.model.ll
// RUN: not --crash %mlir_runner %t.model.ll -e stride_zero -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not --crash %mlir_runner %t.model.ll -e shrink_negative_stride -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=SHRINK-STRIDE
// RUN: not --crash %mlir_runner %t.model.ll -e shrink_out_of_range -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=SHRINK-RANGE
// RUN: not --crash %mlir_runner %t.model.ll -e window_out_of_range -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=WINDOW
// RUN: %mlir_runner %t.model.ll -e valid -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=VALID

// ZERO: slice.strided: entry 0 (input dimension 0) has stride 0
// ZERO-NOT: Memref
// SHRINK-STRIDE: slice.strided: entry 1 (input dimension 1) shrinks with a non-positive stride
// SHRINK-STRIDE-NOT: Memref
// SHRINK-RANGE: slice.strided: entry 0 (input dimension 0): the shrink index is out of range
// SHRINK-RANGE-NOT: Memref
// WINDOW: slice.strided: entry 0 (input dimension 0): the offset-mode window leaves the dimension
// WINDOW-NOT: Memref
// AXES: slice.strided: entry 1 (input dimension 1) has stride 0
// AXES-NOT: Memref

func.func private @printMemrefF32(tensor<*xf32>)

func.func @input() -> tensor<4x6xf32> {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c6 = arith.constant 6 : index
    %row = arith.muli %i, %c6 : index
    %flat = arith.addi %row, %j : index
    %int = arith.index_cast %flat : index to i64
    %value = arith.sitofp %int : i64 to f32
    tensor.yield %value : f32
  } : tensor<4x6xf32>
  return %x : tensor<4x6xf32>
}

func.func @range(%x: tensor<?x?xf32>, %b: index, %e: index, %s: index) -> tensor<?x?xf32> {
  %r = slice.strided %x[%b:%e:%s, :] : tensor<?x?xf32> to tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @shrink(%x: tensor<?x?xf32>, %i: index, %s: index) -> tensor<?xf32> {
  %r = "slice.strided"(%x, %i, %s) <{static_begin = array<i64: 0, -9223372036854775808>,
      static_end = array<i64: 0, 0>, static_strides = array<i64: 1, -9223372036854775808>,
      begin_mask = 1 : i64, end_mask = 1 : i64, shrink_axis_mask = 2 : i64,
      operandSegmentSizes = array<i32: 1, 1, 0, 1>}>
      : (tensor<?x?xf32>, index, index) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row(%x: tensor<?x?xf32>, %i: index) -> tensor<?xf32> {
  %r = slice.strided %x[%i] : tensor<?x?xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @window(%x: tensor<?x?xf32>, %b: index) -> tensor<3x?xf32> {
  %r = slice.strided %x[%b:3] offset : tensor<?x?xf32> to tensor<3x?xf32>
  return %r : tensor<3x?xf32>
}

func.func @axes(%x: tensor<?x?xf32>, %s: index) -> tensor<?x?xf32> {
  %r = slice.strided_axes %x axes [1] starts [0] ends [6] strides [%s]
      : tensor<?x?xf32> to tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @dynamic_input() -> tensor<?x?xf32> {
  %x = call @input() : () -> tensor<4x6xf32>
  %d = tensor.cast %x : tensor<4x6xf32> to tensor<?x?xf32>
  return %d : tensor<?x?xf32>
}

func.func @print(%r: tensor<?x?xf32>) {
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @print1(%r: tensor<?xf32>) {
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @stride_zero() {
  %x = call @dynamic_input() : () -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = call @range(%x, %c0, %c4, %c0) {no_inline} : (tensor<?x?xf32>, index, index, index) -> tensor<?x?xf32>
  call @print(%r) : (tensor<?x?xf32>) -> ()
  return
}

func.func @shrink_negative_stride() {
  %x = call @dynamic_input() : () -> tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %m1 = arith.constant -1 : index
  %r = call @shrink(%x, %c1, %m1) {no_inline} : (tensor<?x?xf32>, index, index) -> tensor<?xf32>
  call @print1(%r) : (tensor<?xf32>) -> ()
  return
}

func.func @shrink_out_of_range() {
  %x = call @dynamic_input() : () -> tensor<?x?xf32>
  %c4 = arith.constant 4 : index
  %r = call @row(%x, %c4) {no_inline} : (tensor<?x?xf32>, index) -> tensor<?xf32>
  call @print1(%r) : (tensor<?xf32>) -> ()
  return
}

func.func @shrink_below_range() {
  %x = call @dynamic_input() : () -> tensor<?x?xf32>
  %m5 = arith.constant -5 : index
  %r = call @row(%x, %m5) {no_inline} : (tensor<?x?xf32>, index) -> tensor<?xf32>
  call @print1(%r) : (tensor<?xf32>) -> ()
  return
}

func.func @window_out_of_range() {
  %x = call @dynamic_input() : () -> tensor<?x?xf32>
  %c2 = arith.constant 2 : index
  %r = call @window(%x, %c2) {no_inline} : (tensor<?x?xf32>, index) -> tensor<3x?xf32>
  %d = tensor.cast %r : tensor<3x?xf32> to tensor<?x?xf32>
  call @print(%d) : (tensor<?x?xf32>) -> ()
  return
}

func.func @axes_stride_zero() {
  %x = call @dynamic_input() : () -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %r = call @axes(%x, %c0) {no_inline} : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  call @print(%r) : (tensor<?x?xf32>) -> ()
  return
}

// VALID: sizes = [4, 6]
// VALID: [18, 19, 20, 21, 22, 23],
// VALID: sizes = [6]
// VALID: [12, 13, 14, 15, 16, 17]
// VALID: sizes = [4]
// VALID: [5, 11, 17, 23]
// VALID: sizes = [6]
// VALID: [6, 7, 8, 9, 10, 11]
// VALID: sizes = [3, 6]
// VALID: [6, 7, 8, 9, 10, 11],
// VALID: sizes = [4, 3]
// VALID: [0, 2, 4],
func.func @valid() {
  %x = call @dynamic_input() : () -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %m1 = arith.constant -1 : index
  %m4 = arith.constant -4 : index
  %m5 = arith.constant -5 : index
  %r0 = call @range(%x, %c3, %m5, %m1) {no_inline} : (tensor<?x?xf32>, index, index, index) -> tensor<?x?xf32>
  call @print(%r0) : (tensor<?x?xf32>) -> ()
  %r1 = call @row(%x, %c2) {no_inline} : (tensor<?x?xf32>, index) -> tensor<?xf32>
  call @print1(%r1) : (tensor<?xf32>) -> ()
  %r2 = call @shrink(%x, %m1, %c1) {no_inline} : (tensor<?x?xf32>, index, index) -> tensor<?xf32>
  call @print1(%r2) : (tensor<?xf32>) -> ()
  %r3 = call @row(%x, %m4) {no_inline} : (tensor<?x?xf32>, index) -> tensor<?xf32>
  %r3b = call @row(%x, %c1) {no_inline} : (tensor<?x?xf32>, index) -> tensor<?xf32>
  call @print1(%r3b) : (tensor<?xf32>) -> ()
  %r4 = call @window(%x, %c1) {no_inline} : (tensor<?x?xf32>, index) -> tensor<3x?xf32>
  %d4 = tensor.cast %r4 : tensor<3x?xf32> to tensor<?x?xf32>
  call @print(%d4) : (tensor<?x?xf32>) -> ()
  %r5 = call @axes(%x, %c2) {no_inline} : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  call @print(%r5) : (tensor<?x?xf32>) -> ()
  return
}
