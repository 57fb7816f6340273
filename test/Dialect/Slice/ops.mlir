// RUN: slice-opt %s -split-input-file | FileCheck %s
// Round trip through the generic form too: the contract's property names.
// RUN: slice-opt %s -split-input-file --mlir-print-op-generic | slice-opt -split-input-file | FileCheck %s
// The custom syntax encodes the masks TensorFlow lists for seed 001.
// RUN: slice-opt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func @seed_001_worked_example
// (The first op in this file is the seed 001 worked example.)
// GENERIC: "slice.strided"(%{{.*}}) <{begin_mask = 48 : i64, ellipsis_mask = 8 : i64, end_mask = 32 : i64, new_axis_mask = 4 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, shrink_axis_mask = 1 : i64, static_begin = array<i64: 1, 2, 0, 0, 0, 0>, static_end = array<i64: 2, 4, 0, 0, -3, 0>, static_strides = array<i64: 1, 1, 1, 1, -1, 1>}>
// CHECK: slice.strided %{{.*}}[1, 2:4, newaxis, ..., :-3:-1, :] : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
func.func @seed_001_worked_example(%x: tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x2x5xf32> {
  %r = slice.strided %x[1, 2:4, newaxis, ..., :-3:-1, :] : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
  return %r : tensor<2x1x5x5x2x5xf32>
}

// -----

// The generic form with exactly the contract's names parses, and the masks
// of seed 001 are the ones TensorFlow lists.
// CHECK-LABEL: func @generic_form
// CHECK: slice.strided %{{.*}}[1, 2:4, newaxis, ..., :-3:-1, :] : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
func.func @generic_form(%x: tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x2x5xf32> {
  %r = "slice.strided"(%x) <{
      static_begin = array<i64: 1, 2, 0, 0, 0, 0>,
      static_end = array<i64: 2, 4, 0, 0, -3, 0>,
      static_strides = array<i64: 1, 1, 1, 1, -1, 1>,
      begin_mask = 48 : i64, end_mask = 32 : i64, ellipsis_mask = 8 : i64,
      new_axis_mask = 4 : i64, shrink_axis_mask = 1 : i64,
      operandSegmentSizes = array<i32: 1, 0, 0, 0>}>
      : (tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x2x5xf32>
  return %r : tensor<2x1x5x5x2x5xf32>
}

// -----

// CHECK-LABEL: func @masks_default_to_zero
// CHECK: slice.strided %{{.*}}[1:3] : tensor<8xf32> to tensor<2xf32>
func.func @masks_default_to_zero(%x: tensor<8xf32>) -> tensor<2xf32> {
  %r = "slice.strided"(%x) <{static_begin = array<i64: 1>, static_end = array<i64: 3>,
      static_strides = array<i64: 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}>
      : (tensor<8xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// CHECK-LABEL: func @dynamic_entries
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xi32>, %[[B:.*]]: index, %[[E:.*]]: index, %[[S:.*]]: index)
// CHECK: slice.strided %[[X]][%[[B]]:%[[E]]:%[[S]], ::-1] : tensor<?x8xi32> to tensor<?x8xi32>
// CHECK: slice.strided %[[X]][%[[B]], %[[B]]:] : tensor<?x8xi32> to tensor<?xi32>
// CHECK: slice.strided %[[X]][:%[[E]], 1:7:%[[S]]] : tensor<?x8xi32> to tensor<?x?xi32>
func.func @dynamic_entries(%x: tensor<?x8xi32>, %b: index, %e: index, %s: index)
    -> (tensor<?x8xi32>, tensor<?xi32>, tensor<?x?xi32>) {
  %0 = slice.strided %x[%b : %e : %s, ::-1] : tensor<?x8xi32> to tensor<?x8xi32>
  %1 = slice.strided %x[%b, %b:] : tensor<?x8xi32> to tensor<?xi32>
  %2 = slice.strided %x[:%e, 1:7:%s] : tensor<?x8xi32> to tensor<?x?xi32>
  return %0, %1, %2 : tensor<?x8xi32>, tensor<?xi32>, tensor<?x?xi32>
}

// -----

// CHECK-LABEL: func @python_notation
// CHECK: slice.strided %{{.*}}[] : tensor<4x6xf32> to tensor<4x6xf32>
// CHECK: slice.strided %{{.*}}[...] : tensor<4x6xf32> to tensor<4x6xf32>
// CHECK: slice.strided %{{.*}}[:] : tensor<4x6xf32> to tensor<4x6xf32>
// CHECK: slice.strided %{{.*}}[::2, 1::3] : tensor<4x6xf32> to tensor<2x2xf32>
// CHECK: slice.strided %{{.*}}[-1, newaxis, :-2] : tensor<4x6xf32> to tensor<1x4xf32>
// CHECK: slice.strided %{{.*}}[newaxis, ..., newaxis] : tensor<4x6xf32> to tensor<1x4x6x1xf32>
// CHECK: slice.strided %{{.*}}[0:0] : tensor<4x6xf32> to tensor<0x6xf32>
func.func @python_notation(%x: tensor<4x6xf32>) {
  %0 = slice.strided %x[] : tensor<4x6xf32> to tensor<4x6xf32>
  %1 = slice.strided %x[...] : tensor<4x6xf32> to tensor<4x6xf32>
  // `::` is `:` with the default stride.
  %2 = slice.strided %x[::] : tensor<4x6xf32> to tensor<4x6xf32>
  %3 = slice.strided %x[::2, 1::3] : tensor<4x6xf32> to tensor<2x2xf32>
  %4 = slice.strided %x[-1, newaxis, :-2] : tensor<4x6xf32> to tensor<1x4xf32>
  %5 = slice.strided %x[newaxis, ..., newaxis] : tensor<4x6xf32> to tensor<1x4x6x1xf32>
  %6 = slice.strided %x[0:0] : tensor<4x6xf32> to tensor<0x6xf32>
  return
}

// -----

// Specs that Python notation cannot write print in the raw form.
// CHECK-LABEL: func @raw_form
// CHECK: slice.strided %{{.*}} spec[5:8:1, 0:3:1] masks[begin_mask = 1] : tensor<8x8xf32> to tensor<8x3xf32>
// CHECK: slice.strided %{{.*}} spec[2:7:1] masks[shrink_axis_mask = 1] : tensor<8x8xf32> to tensor<8xf32>
// CHECK: slice.strided %{{.*}} spec[0:0:1] masks[ellipsis_mask = 1, new_axis_mask = 1] : tensor<8x8xf32> to tensor<8x8xf32>
// CHECK: slice.strided %{{.*}} spec[0:0:5] masks[new_axis_mask = 1] : tensor<8x8xf32> to tensor<1x8x8xf32>
// CHECK: slice.strided %{{.*}} spec[%{{.*}}:3:1] masks[shrink_axis_mask = 1] : tensor<8x8xf32> to tensor<8xf32>
func.func @raw_form(%x: tensor<8x8xf32>, %i: index) {
  %0 = slice.strided %x spec[5:8:1, 0:3:1] masks[begin_mask = 1] : tensor<8x8xf32> to tensor<8x3xf32>
  %1 = slice.strided %x spec[2:7:1] masks[shrink_axis_mask = 1] : tensor<8x8xf32> to tensor<8xf32>
  %2 = slice.strided %x spec[0:0:1] masks[ellipsis_mask = 1, new_axis_mask = 1] : tensor<8x8xf32> to tensor<8x8xf32>
  %3 = slice.strided %x spec[0:0:5] masks[new_axis_mask = 1] : tensor<8x8xf32> to tensor<1x8x8xf32>
  %4 = slice.strided %x spec[%i:3:1] masks[shrink_axis_mask = 1] : tensor<8x8xf32> to tensor<8xf32>
  return
}

// -----

// Raw specs that happen to be Python ones print as Python.
// CHECK-LABEL: func @raw_to_python
// CHECK: slice.strided %{{.*}}[1, 2:4, newaxis, ..., :-3:-1, :] : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
func.func @raw_to_python(%x: tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x2x5xf32> {
  %r = slice.strided %x spec[1:2:1, 2:4:1, 0:0:1, 0:0:1, 0:-3:-1, 0:0:1]
      masks[begin_mask = 48, end_mask = 32, ellipsis_mask = 8, new_axis_mask = 4, shrink_axis_mask = 1]
      : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
  return %r : tensor<2x1x5x5x2x5xf32>
}

// -----

// A result type may be less static than inferred.
// CHECK-LABEL: func @less_static_result
// CHECK: slice.strided %{{.*}}[1:3, ::-1] : tensor<5x4xf16> to tensor<?x?xf16>
func.func @less_static_result(%x: tensor<5x4xf16>) -> tensor<?x?xf16> {
  %r = slice.strided %x[1:3, ::-1] : tensor<5x4xf16> to tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}

// -----

// Any element type, rank 0, extreme values and discardable attributes.
// CHECK-LABEL: func @misc
// CHECK: slice.strided %{{.*}}[newaxis] : tensor<complex<f32>> to tensor<1xcomplex<f32>>
// CHECK: slice.strided %{{.*}}[-9223372036854775807:9223372036854775807:-9223372036854775807] : tensor<7xi1> to tensor<0xi1>
// CHECK: slice.strided %{{.*}}[:2147483647] {my.tag} : tensor<7xi1> to tensor<7xi1>
func.func @misc(%s: tensor<complex<f32>>, %b: tensor<7xi1>) {
  %0 = slice.strided %s[newaxis] : tensor<complex<f32>> to tensor<1xcomplex<f32>>
  %1 = slice.strided %b[-9223372036854775807:9223372036854775807:-9223372036854775807] : tensor<7xi1> to tensor<0xi1>
  %2 = slice.strided %b[:2147483647] {my.tag} : tensor<7xi1> to tensor<7xi1>
  return
}

// -----

// Verification looks at the static entries only: a dynamic stride that is a
// constant 0 (say, in code that never runs) is left to run time, so folding
// producers can never make valid IR invalid. The type stays dynamic.
// CHECK-LABEL: func @constant_operands_are_dynamic
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: slice.strided %{{.*}}[::%[[C0]]] : tensor<8xf32> to tensor<?xf32>
func.func @constant_operands_are_dynamic(%x: tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %0 = slice.strided %x[::%c0] : tensor<8xf32> to tensor<?xf32>
  return
}

// -----

// INT64_MIN cannot be a static entry (it marks dynamic ones). ONNX's "to
// the front", an end of INT64_MIN with a negative step, becomes INT64_MIN + 1
// on a known dimension below INT64_MAX, the end mask on a `?` one; a begin
// or end with a positive stride becomes INT64_MIN + 1 on any dimension. The
// selection, and so the result type, stays static.
// CHECK-LABEL: func @int64_min_literals
//       CHECK:   slice.strided %{{.*}}[-1:-9223372036854775807:-1] : tensor<4x2xf32> to tensor<4x2xf32>
//       CHECK:   slice.strided %{{.*}}[-1::-1] : tensor<?x2xf32> to tensor<?x2xf32>
//       CHECK:   slice.strided %{{.*}}[-9223372036854775807:-9223372036854775807] : tensor<?x2xf32> to tensor<?x2xf32>
//       CHECK:   slice.strided %{{.*}}[-9223372036854775807:] : tensor<?x2xf32> to tensor<?x2xf32>
func.func @int64_min_literals(%x: tensor<4x2xf32>, %y: tensor<?x2xf32>) {
  %0 = slice.strided %x[-1:-9223372036854775808:-1] : tensor<4x2xf32> to tensor<4x2xf32>
  %1 = slice.strided %y[-1:-9223372036854775808:-1] : tensor<?x2xf32> to tensor<?x2xf32>
  %2 = slice.strided %y[-9223372036854775808:-9223372036854775808] : tensor<?x2xf32> to tensor<?x2xf32>
  %3 = slice.strided %y spec[-9223372036854775808:0:1] masks[end_mask = 1] : tensor<?x2xf32> to tensor<?x2xf32>
  return
}
