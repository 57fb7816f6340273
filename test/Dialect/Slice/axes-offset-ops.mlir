// RUN: slice-opt %s -split-input-file | FileCheck %s
// The generic form uses the contract's property names and round-trips.
// RUN: slice-opt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: slice-opt %s -split-input-file --mlir-print-op-generic | slice-opt -split-input-file | FileCheck %s

// slice.strided_axes: static, dynamic and negative entries.
// CHECK-LABEL: func @axes
// CHECK-SAME: (%[[X:.*]]: tensor<3x4x5xf32>, %[[S:.*]]: index, %[[E:.*]]: index)
// CHECK: slice.strided_axes %[[X]] axes [0, -1] starts [1, %[[S]]] ends [3, %[[E]]] strides [1, -1] : tensor<3x4x5xf32> to tensor<2x4x?xf32>
// GENERIC-LABEL: sym_name = "axes"
// GENERIC: "slice.strided_axes"(%{{.*}}, %{{.*}}, %{{.*}}) <{axes = array<i64: 0, -1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_ends = array<i64: 3, -9223372036854775808>, static_starts = array<i64: 1, -9223372036854775808>, static_strides = array<i64: 1, -1>}>
func.func @axes(%x: tensor<3x4x5xf32>, %s: index, %e: index) -> tensor<2x4x?xf32> {
  %r = slice.strided_axes %x axes [0, -1] starts [1, %s] ends [3, %e] strides [1, -1] : tensor<3x4x5xf32> to tensor<2x4x?xf32>
  return %r : tensor<2x4x?xf32>
}

// -----

// No axes at all: the whole input; INT32_MAX and INT64_MAX ends are "to the
// end" (Paddle's recommendation for unknown sizes).
// CHECK-LABEL: func @axes_extremes
// CHECK: slice.strided_axes %{{.*}} starts [] ends [] : tensor<3xf32> to tensor<3xf32>
// CHECK: slice.strided_axes %{{.*}} starts [1] ends [2147483647] : tensor<?xf32> to tensor<?xf32>
// CHECK: slice.strided_axes %{{.*}} starts [9223372036854775807] ends [-9223372036854775807] strides [-2] : tensor<5xf32> to tensor<3xf32>
func.func @axes_extremes(%x: tensor<3xf32>, %y: tensor<?xf32>, %z: tensor<5xf32>) {
  %0 = slice.strided_axes %x axes [] starts [] ends [] strides [] : tensor<3xf32> to tensor<3xf32>
  %1 = slice.strided_axes %y axes [0] starts [1] ends [2147483647] strides [1] : tensor<?xf32> to tensor<?xf32>
  %2 = slice.strided_axes %z axes [0] starts [9223372036854775807] ends [-9223372036854775807] strides [-2] : tensor<5xf32> to tensor<3xf32>
  return
}

// -----

// Importers leave out `axes` (Paddle 2.x: [0, 1, ..., n - 1]) and `strides`
// (ONNX `steps`: all 1); so does the printer when they equal the defaults.
// Axes or strides that differ are printed, dynamic strides too.
// CHECK-LABEL: func @axes_defaults
// CHECK-SAME: (%[[X:.*]]: tensor<3x4x5xf32>, %[[S:.*]]: index, %[[V:.*]]: tensor<2x4x5xf32>)
// CHECK: slice.strided_axes %[[X]] starts [1] ends [3] : tensor<3x4x5xf32> to tensor<2x4x5xf32>
// CHECK: slice.strided_axes %[[X]] starts [0, 1] ends [3, 3] strides [1, 2] : tensor<3x4x5xf32> to tensor<3x1x5xf32>
// CHECK: slice.strided_axes %[[X]] axes [2] starts [4] ends [0] strides [-1] : tensor<3x4x5xf32> to tensor<3x4x4xf32>
// CHECK: slice.strided_axes %[[X]] starts [0] ends [2] strides [%[[S]]] : tensor<3x4x5xf32> to tensor<?x4x5xf32>
// CHECK: slice.strided_axes %[[X]] starts [1, 0] ends [3, 4] : tensor<3x4x5xf32> to tensor<2x4x5xf32>
// CHECK: slice.strided_axes_update %[[V]] into %[[X]] starts [1] ends [3] : tensor<2x4x5xf32> into tensor<3x4x5xf32>
// The generic form holds only the lists the op has.
// GENERIC-LABEL: sym_name = "axes_defaults"
// GENERIC: "slice.strided_axes"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_ends = array<i64: 3>, static_starts = array<i64: 1>}>
// GENERIC: "slice.strided_axes"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_ends = array<i64: 3, 3>, static_starts = array<i64: 0, 1>, static_strides = array<i64: 1, 2>}>
// GENERIC: "slice.strided_axes"(%{{.*}}) <{axes = array<i64: 2>, operandSegmentSizes
// GENERIC: "slice.strided_axes"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, static_ends = array<i64: 2>, static_starts = array<i64: 0>, static_strides = array<i64: -9223372036854775808>}>
// An explicit default is kept in the generic form.
// GENERIC: "slice.strided_axes"(%{{.*}}) <{axes = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_ends = array<i64: 3, 4>, static_starts = array<i64: 1, 0>, static_strides = array<i64: 1, 1>}>
// GENERIC: "slice.strided_axes_update"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_ends = array<i64: 3>, static_starts = array<i64: 1>}>
func.func @axes_defaults(%x: tensor<3x4x5xf32>, %s: index, %v: tensor<2x4x5xf32>) {
  %0 = slice.strided_axes %x starts [1] ends [3] : tensor<3x4x5xf32> to tensor<2x4x5xf32>
  %1 = slice.strided_axes %x starts [0, 1] ends [3, 3] strides [1, 2] : tensor<3x4x5xf32> to tensor<3x1x5xf32>
  %2 = slice.strided_axes %x axes [2] starts [4] ends [0] strides [-1] : tensor<3x4x5xf32> to tensor<3x4x4xf32>
  %3 = slice.strided_axes %x starts [0] ends [2] strides [%s] : tensor<3x4x5xf32> to tensor<?x4x5xf32>
  %4 = slice.strided_axes %x axes [0, 1] starts [1, 0] ends [3, 4] strides [1, 1] : tensor<3x4x5xf32> to tensor<2x4x5xf32>
  %5 = slice.strided_axes_update %v into %x starts [1] ends [3] : tensor<2x4x5xf32> into tensor<3x4x5xf32>
  return
}

// -----

// The generic form without the optional properties, as importers write it.
// CHECK-LABEL: func @axes_generic_defaults
// CHECK: slice.strided_axes %{{.*}} starts [2] ends [0] strides [-1] : tensor<4x3xf32> to tensor<2x3xf32>
// CHECK: slice.strided_axes_update %{{.*}} into %{{.*}} starts [1] ends [3] : tensor<2x3xf32> into tensor<4x3xf32>
func.func @axes_generic_defaults(%x: tensor<4x3xf32>, %v: tensor<2x3xf32>) {
  %0 = "slice.strided_axes"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_starts = array<i64: 2>, static_ends = array<i64: 0>, static_strides = array<i64: -1>}> : (tensor<4x3xf32>) -> tensor<2x3xf32>
  %1 = "slice.strided_axes_update"(%v, %x) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_starts = array<i64: 1>, static_ends = array<i64: 3>}> : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

// Offset mode: a dynamic begin with a static extent keeps a static size.
// CHECK-LABEL: func @offset
// CHECK-SAME: (%[[X:.*]]: tensor<16x8xf32>, %[[I:.*]]: index)
// CHECK: slice.strided %[[X]][%[[I]]:4, 6:-3:-2] offset : tensor<16x8xf32> to tensor<4x2xf32>
// CHECK: slice.strided %[[X]] spec[1:7:1] masks[begin_mask = 1] offset : tensor<16x8xf32> to tensor<7x8xf32>
// GENERIC-LABEL: sym_name = "offset"
// GENERIC: offset, operandSegmentSizes
func.func @offset(%x: tensor<16x8xf32>, %i: index) {
  %0 = slice.strided %x[%i:4, 6:-3:-2] offset : tensor<16x8xf32> to tensor<4x2xf32>
  // begin_mask: the window starts at the front.
  %1 = slice.strided %x spec[1:7:1] masks[begin_mask = 1] offset : tensor<16x8xf32> to tensor<7x8xf32>
  return
}

// -----

// Offset mode leaves masked ends alone: x[3:] is an ordinary range.
// CHECK-LABEL: func @offset_masked_end
// CHECK: slice.strided %{{.*}}[3:] offset : tensor<8xf32> to tensor<5xf32>
func.func @offset_masked_end(%x: tensor<8xf32>) -> tensor<5xf32> {
  %0 = slice.strided %x[3:] offset : tensor<8xf32> to tensor<5xf32>
  return %0 : tensor<5xf32>
}
