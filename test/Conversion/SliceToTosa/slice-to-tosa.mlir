// RUN: slice-opt %s -split-input-file --convert-slice-to-tosa | FileCheck %s

// A contiguous window: one tosa.slice.
// CHECK-LABEL: func.func @window(
// CHECK-DAG: %[[START:.*]] = tosa.const_shape {values = dense<[2, 0]> : tensor<2xindex>}
// CHECK-DAG: %[[SIZE:.*]] = tosa.const_shape {values = dense<[2, 8]> : tensor<2xindex>}
// CHECK: %[[R:.*]] = tosa.slice %arg0, %[[START]], %[[SIZE]] : (tensor<6x8xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x8xf32>
// CHECK-NEXT: return %[[R]]
func.func @window(%x: tensor<6x8xf32>) -> tensor<2x8xf32> {
  %r = slice.strided %x[2:4, :] : tensor<6x8xf32> to tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// Strides 2 and -3 and a new axis: the window from the lowest element
// (rows 1..4, columns 1..7), then per strided dimension the reshape trick
// (the columns padded from 7 to 3 * 3), the reversal of dimension 1, and
// one reshape for the new axis.
// CHECK-LABEL: func.func @strided(
// CHECK: tosa.slice %arg0, {{.*}} -> tensor<4x7xf32>
// CHECK: tosa.reshape {{.*}} -> tensor<1x4x7xf32>
// CHECK: tosa.reshape {{.*}} -> tensor<1x2x2x7xf32>
// CHECK: tosa.slice {{.*}} -> tensor<1x2x1x7xf32>
// CHECK: tosa.reshape {{.*}} -> tensor<2x7xf32>
// CHECK: tosa.reshape {{.*}} -> tensor<2x7x1xf32>
// CHECK: tosa.pad {{.*}} : (tensor<2x7x1xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<2x9x1xf32>
// CHECK: tosa.reshape {{.*}} -> tensor<2x3x3x1xf32>
// CHECK: tosa.slice {{.*}} -> tensor<2x3x1x1xf32>
// CHECK: tosa.reshape {{.*}} -> tensor<2x3xf32>
// CHECK: tosa.reverse {{.*}} {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[R:.*]] = tosa.reshape {{.*}} -> tensor<2x3x1xf32>
// CHECK-NEXT: return %[[R]]
func.func @strided(%x: tensor<6x8xf32>) -> tensor<2x3x1xf32> {
  %r = slice.strided %x[1:5:2, ::-3, newaxis] : tensor<6x8xf32> to tensor<2x3x1xf32>
  return %r : tensor<2x3x1xf32>
}

// -----

// A shrunk index and a reversal: a window, a reverse, a reshape dropping
// the shrunk dimension.
// CHECK-LABEL: func.func @shrink_reverse(
// CHECK: tosa.slice %arg0, {{.*}} -> tensor<1x6x7xi8>
// CHECK: tosa.reverse {{.*}} {axis = 2 : i32}
// CHECK: tosa.reshape {{.*}} -> tensor<6x7xi8>
func.func @shrink_reverse(%x: tensor<5x6x7xi8>) -> tensor<6x7xi8> {
  %r = slice.strided %x[-1, :, ::-1] : tensor<5x6x7xi8> to tensor<6x7xi8>
  return %r : tensor<6x7xi8>
}

// -----

// The whole input: nothing to do.
// CHECK-LABEL: func.func @whole(
// CHECK-NOT: tosa.
// CHECK: return %arg0
func.func @whole(%x: tensor<6x8xi1>) -> tensor<6x8xi1> {
  %r = "slice.strided"(%x) <{static_begin = array<i64: 0>, static_end = array<i64: 6>, static_strides = array<i64: 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<6x8xi1>) -> tensor<6x8xi1>
  return %r : tensor<6x8xi1>
}

// -----

// The axes encoding too.
// CHECK-LABEL: func.func @axes(
// CHECK: tosa.slice %arg0, {{.*}} -> tensor<6x3xf16>
// CHECK-NOT: slice.strided
func.func @axes(%x: tensor<6x8xf16>) -> tensor<6x3xf16> {
  %r = slice.strided_axes %x axes [1] starts [2] ends [5] strides [1] : tensor<6x8xf16> to tensor<6x3xf16>
  return %r : tensor<6x3xf16>
}
