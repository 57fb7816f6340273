// RUN: slice-opt %s -split-input-file | FileCheck %s
// Round trips: the printed form parses back to the same op, and the generic
// form of the printed op is the generic form of the original.
// RUN: slice-opt %s -split-input-file | slice-opt -split-input-file | FileCheck %s
// RUN: slice-opt %s -split-input-file --mlir-print-op-generic | slice-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @python
//       CHECK:   slice.strided_update %{{.*}} into %{{.*}}[1:3, ::-1, newaxis] : tensor<2x4x1xf32> into tensor<5x4xf32>
func.func @python(%v: tensor<2x4x1xf32>, %x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %y = slice.strided_update %v into %x[1:3, ::-1, newaxis] : tensor<2x4x1xf32> into tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

// -----

// A scalar broadcast, shrinks, an ellipsis and dynamic entries.
// CHECK-LABEL: func.func @broadcast_dynamic
//       CHECK:   slice.strided_update %{{.*}} into %{{.*}}[::2] : tensor<f32> into tensor<5x4xf32>
//       CHECK:   slice.strided_update %{{.*}} into %{{.*}}[%{{.*}}, ..., %{{.*}}:%{{.*}}:%{{.*}}] : tensor<1x?xf32> into tensor<?x3x?xf32>
func.func @broadcast_dynamic(%s: tensor<f32>, %x: tensor<5x4xf32>, %v: tensor<1x?xf32>, %d: tensor<?x3x?xf32>, %i: index, %b: index, %e: index, %st: index) -> (tensor<5x4xf32>, tensor<?x3x?xf32>) {
  %y = slice.strided_update %s into %x[::2] : tensor<f32> into tensor<5x4xf32>
  %z = slice.strided_update %v into %d[%i, ..., %b:%e:%st] : tensor<1x?xf32> into tensor<?x3x?xf32>
  return %y, %z : tensor<5x4xf32>, tensor<?x3x?xf32>
}

// -----

// Offset mode and the raw form.
// CHECK-LABEL: func.func @offset_raw
//       CHECK:   slice.strided_update %{{.*}} into %{{.*}}[%{{.*}}:4] offset : tensor<4x4xf32> into tensor<5x4xf32>
//       CHECK:   slice.strided_update %{{.*}} into %{{.*}} spec[5:8:1, 0:3:1] masks[begin_mask = 1] : tensor<5x3xf32> into tensor<5x4xf32>
func.func @offset_raw(%v: tensor<4x4xf32>, %w: tensor<5x3xf32>, %x: tensor<5x4xf32>, %b: index) -> (tensor<5x4xf32>, tensor<5x4xf32>) {
  %y = slice.strided_update %v into %x[%b:4] offset : tensor<4x4xf32> into tensor<5x4xf32>
  %z = slice.strided_update %w into %x spec[5:8:1, 0:3:1] masks[begin_mask = 1] : tensor<5x3xf32> into tensor<5x4xf32>
  return %y, %z : tensor<5x4xf32>, tensor<5x4xf32>
}

// -----

// The generic form: value, dest, then the three index groups.
// CHECK-LABEL: func.func @generic
//       CHECK:   slice.strided_update %{{.*}} into %{{.*}}[%{{.*}}] : tensor<3xi32> into tensor<4x3xi32>
func.func @generic(%v: tensor<3xi32>, %x: tensor<4x3xi32>, %i: index) -> tensor<4x3xi32> {
  %c1 = arith.constant 1 : index
  %y = "slice.strided_update"(%v, %x, %i) <{static_begin = array<i64: -9223372036854775808>, static_end = array<i64: 0>, static_strides = array<i64: 1>, shrink_axis_mask = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (tensor<3xi32>, tensor<4x3xi32>, index) -> tensor<4x3xi32>
  return %y : tensor<4x3xi32>
}

// -----

// slice.strided_axes_update: the axes encoding, static and dynamic entries,
// a negative axis and stride, a scalar broadcast.
// CHECK-LABEL: func.func @axes_update
//       CHECK:   slice.strided_axes_update %{{.*}} into %{{.*}} axes [1] starts [1] ends [3] : tensor<4x2xf32> into tensor<4x5xf32>
//       CHECK:   slice.strided_axes_update %{{.*}} into %{{.*}} axes [-1, 0] starts [-1, %{{.*}}] ends [0, 10] strides [-2, %{{.*}}] : tensor<f32> into tensor<?x5xf32>
func.func @axes_update(%v: tensor<4x2xf32>, %x: tensor<4x5xf32>, %s: tensor<f32>, %d: tensor<?x5xf32>, %i: index, %st: index) -> (tensor<4x5xf32>, tensor<?x5xf32>) {
  %y = slice.strided_axes_update %v into %x axes [1] starts [1] ends [3] : tensor<4x2xf32> into tensor<4x5xf32>
  %z = slice.strided_axes_update %s into %d axes [-1, 0] starts [-1, %i] ends [0, 10] strides [-2, %st] : tensor<f32> into tensor<?x5xf32>
  return %y, %z : tensor<4x5xf32>, tensor<?x5xf32>
}
