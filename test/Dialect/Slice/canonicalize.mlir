// RUN: slice-opt %s -split-input-file -canonicalize="test-convergence" | FileCheck %s

// Every dimension whole, stride 1: the slice is its source.
// CHECK-LABEL: func @fold_identity
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>)
// CHECK-NOT: slice.strided
// CHECK: return %[[X]], %[[X]], %[[X]]
func.func @fold_identity(%x: tensor<4x?xf32>) -> (tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>) {
  %a = slice.strided %x[:, :] : tensor<4x?xf32> to tensor<4x?xf32>
  %b = slice.strided %x[...] : tensor<4x?xf32> to tensor<4x?xf32>
  // 0:4 is whole on a static dimension of 4.
  %c = slice.strided %x[0:4:1] : tensor<4x?xf32> to tensor<4x?xf32>
  return %a, %b, %c : tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>
}

// -----

// 0:8 on a dynamic dimension is whole only if the dimension is at most 8;
// a reversal or a new axis is not an identity.
// CHECK-LABEL: func @no_fold_identity
// CHECK-COUNT-3: slice.strided
func.func @no_fold_identity(%x: tensor<?xf32>, %y: tensor<4xf32>) -> (tensor<?xf32>, tensor<4xf32>, tensor<1x4xf32>) {
  %a = slice.strided %x[0:8] : tensor<?xf32> to tensor<?xf32>
  %b = slice.strided %y[::-1] : tensor<4xf32> to tensor<4xf32>
  %c = slice.strided %y[newaxis] : tensor<4xf32> to tensor<1x4xf32>
  return %a, %b, %c : tensor<?xf32>, tensor<4xf32>, tensor<1x4xf32>
}

// -----

// Constant operands become static entries; the refined result type is
// cast back for the users.
// CHECK-LABEL: func @constant_operands
// CHECK-SAME: (%[[X:.*]]: tensor<10xf32>, %[[I:.*]]: index)
// CHECK: %[[S:.*]] = slice.strided %[[X]][2:%[[I]]:3] : tensor<10xf32> to tensor<?xf32>
// CHECK: %[[T:.*]] = slice.strided %[[X]][1:7:2] : tensor<10xf32> to tensor<3xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[T]] : tensor<3xf32> to tensor<?xf32>
// CHECK: return %[[S]], %[[C]]
func.func @constant_operands(%x: tensor<10xf32>, %i: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %a = slice.strided %x[%c2:%i:%c3] : tensor<10xf32> to tensor<?xf32>
  %b = slice.strided %x[%c1:%c7:%c2] : tensor<10xf32> to tensor<?xf32>
  return %a, %b : tensor<?xf32>, tensor<?xf32>
}

// -----

// Constants the verifier rejects as static values stay operands: a zero
// stride, a negative shrink stride, an out-of-range shrink index, an
// offset window that leaves the dimension. They fail at run time.
// CHECK-LABEL: func @no_fold_invalid_constants
// CHECK-SAME: (%[[X:.*]]: tensor<10xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK: slice.strided %[[X]][::%[[C0]]]
// CHECK: slice.strided %[[X]] spec[3:4:%[[CM1]]] masks[shrink_axis_mask = 1]
// CHECK: slice.strided %[[X]][%[[C12]]]
// CHECK: slice.strided %[[X]][%[[C9]]:3] offset
func.func @no_fold_invalid_constants(%x: tensor<10xf32>) -> (tensor<?xf32>, tensor<f32>, tensor<f32>, tensor<3xf32>) {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %c12 = arith.constant 12 : index
  %c9 = arith.constant 9 : index
  %a = slice.strided %x[::%c0] : tensor<10xf32> to tensor<?xf32>
  %b = slice.strided %x spec[3:4:%cm1] masks[shrink_axis_mask = 1] : tensor<10xf32> to tensor<f32>
  %c = slice.strided %x[%c12] : tensor<10xf32> to tensor<f32>
  %d = slice.strided %x[%c9:3] offset : tensor<10xf32> to tensor<3xf32>
  return %a, %b, %c, %d : tensor<?xf32>, tensor<f32>, tensor<f32>, tensor<3xf32>
}

// -----

// A result type less static than inferable gets the precise type and a
// cast; a dynamic dimension that stays unknown is left alone.
// CHECK-LABEL: func @refine_result_type
// CHECK: %[[S:.*]] = slice.strided %{{.*}}[1:, newaxis] : tensor<8x?xf32> to tensor<7x1x?xf32>
// CHECK: tensor.cast %[[S]] : tensor<7x1x?xf32> to tensor<?x?x?xf32>
func.func @refine_result_type(%x: tensor<8x?xf32>) -> tensor<?x?x?xf32> {
  %s = slice.strided %x[1:, newaxis] : tensor<8x?xf32> to tensor<?x?x?xf32>
  return %s : tensor<?x?x?xf32>
}

// -----

// CHECK-LABEL: func @no_refine_precise_type
// CHECK-NOT: tensor.cast
func.func @no_refine_precise_type(%x: tensor<?xf32>) -> tensor<?xf32> {
  %s = slice.strided %x[1:] : tensor<?xf32> to tensor<?xf32>
  return %s : tensor<?xf32>
}

// -----

// A tensor.cast that only erases static sizes folds into the slice.
// CHECK-LABEL: func @fold_cast_source
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>)
// CHECK: %[[S:.*]] = slice.strided %[[X]][2:] : tensor<8xf32> to tensor<6xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[S]] : tensor<6xf32> to tensor<?xf32>
// CHECK: return %[[C]]
func.func @fold_cast_source(%x: tensor<8xf32>) -> tensor<?xf32> {
  %c = tensor.cast %x : tensor<8xf32> to tensor<?xf32>
  %s = slice.strided %c[2:] : tensor<?xf32> to tensor<?xf32>
  return %s : tensor<?xf32>
}

// -----

// The cast does not fold where the spec is invalid on the known shape: an
// index out of range of a `?` dimension is a run-time error, of a known one
// a verifier error. Canonicalization keeps valid IR valid.
// CHECK-LABEL: func @no_fold_cast_shrink_out_of_range
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>)
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<3xf32> to tensor<?xf32>
// CHECK: slice.strided %[[C]][5] : tensor<?xf32> to tensor<f32>
func.func @no_fold_cast_shrink_out_of_range(%x: tensor<3xf32>) -> tensor<f32> {
  %c = tensor.cast %x : tensor<3xf32> to tensor<?xf32>
  %s = slice.strided %c[5] : tensor<?xf32> to tensor<f32>
  return %s : tensor<f32>
}

// -----

// The same for an offset-mode window that leaves the known dimension:
// rows 2 to 5 of a `?` dimension, of which the known one has 3.
// CHECK-LABEL: func @no_fold_cast_window
// CHECK: tensor.cast
// CHECK: slice.strided %{{.*}}[2:4] offset : tensor<?x4xf32> to tensor<4x4xf32>
func.func @no_fold_cast_window(%x: tensor<3x4xf32>) -> tensor<4x4xf32> {
  %c = tensor.cast %x : tensor<3x4xf32> to tensor<?x4xf32>
  %s = slice.strided %c[2:4] offset : tensor<?x4xf32> to tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// -----

// Slice of slice: strides multiply, reversals compose, the inner slice goes
// away when nothing else uses it.
// CHECK-LABEL: func @compose_strides
// CHECK-SAME: (%[[X:.*]]: tensor<10x8xf32>)
// CHECK-NEXT: %[[S:.*]] = slice.strided %[[X]][7::-4] : tensor<10x8xf32> to tensor<2x8xf32>
// CHECK-NEXT: return %[[S]]
func.func @compose_strides(%x: tensor<10x8xf32>) -> tensor<2x8xf32> {
  %a = slice.strided %x[1:9:2] : tensor<10x8xf32> to tensor<4x8xf32>
  %b = slice.strided %a[::-2] : tensor<4x8xf32> to tensor<2x8xf32>
  return %b : tensor<2x8xf32>
}

// -----

// Masks, ellipsis, shrink and new axes on both sides: x[1, ..., newaxis]
// then [::-1, 0, 2:] on 3x4x5 is x[1, ::-1, 2:][..., 0 of the new axis].
// CHECK-LABEL: func @compose_masks_shrink_new_axes
// CHECK-SAME: (%[[X:.*]]: tensor<3x4x5xf32>)
// CHECK-NEXT: %[[S:.*]] = slice.strided %[[X]][1, 3::-1, 2:5] : tensor<3x4x5xf32> to tensor<4x3xf32>
// CHECK-NEXT: return %[[S]]
func.func @compose_masks_shrink_new_axes(%x: tensor<3x4x5xf32>) -> tensor<4x3xf32> {
  %a = slice.strided %x[1, ..., newaxis] : tensor<3x4x5xf32> to tensor<4x5x1xf32>
  %b = slice.strided %a[::-1, 2:, 0] : tensor<4x5x1xf32> to tensor<4x3xf32>
  return %b : tensor<4x3xf32>
}

// -----

// New axes of the outer slice land between the inner slice's dimensions.
// CHECK-LABEL: func @compose_new_axes
// CHECK: slice.strided %{{.*}}[newaxis, 2:4, newaxis] : tensor<6xf32> to tensor<1x2x1xf32>
// CHECK-NOT: slice.strided
func.func @compose_new_axes(%x: tensor<6xf32>) -> tensor<1x2x1xf32> {
  %a = slice.strided %x[2:] : tensor<6xf32> to tensor<4xf32>
  %b = slice.strided %a[newaxis, :2, newaxis] : tensor<4xf32> to tensor<1x2x1xf32>
  return %b : tensor<1x2x1xf32>
}

// -----

// Dynamic dimensions compose where both slices keep them whole.
// CHECK-LABEL: func @compose_dynamic_whole_dims
// CHECK: slice.strided %{{.*}}[:, 2:3] : tensor<?x8xf32> to tensor<?x1xf32>
// CHECK-NOT: slice.strided
func.func @compose_dynamic_whole_dims(%x: tensor<?x8xf32>) -> tensor<?x1xf32> {
  %a = slice.strided %x[..., 1:5] : tensor<?x8xf32> to tensor<?x4xf32>
  %b = slice.strided %a[:, 1:2] : tensor<?x4xf32> to tensor<?x1xf32>
  return %b : tensor<?x1xf32>
}

// -----

// Not expressible as one slice: a new axis emptied by the outer slice (a
// new axis always has size 1), and ranges over unknown sizes that would
// need run-time arithmetic.
// CHECK-LABEL: func @no_compose
// CHECK-COUNT-4: slice.strided
func.func @no_compose(%x: tensor<4xf32>, %y: tensor<?xf32>) -> (tensor<0x4xf32>, tensor<?xf32>) {
  %a = slice.strided %x[newaxis] : tensor<4xf32> to tensor<1x4xf32>
  %b = slice.strided %a[1:] : tensor<1x4xf32> to tensor<0x4xf32>
  %c = slice.strided %y[1:] : tensor<?xf32> to tensor<?xf32>
  %d = slice.strided %c[1:] : tensor<?xf32> to tensor<?xf32>
  return %b, %d : tensor<0x4xf32>, tensor<?xf32>
}

// -----

// An offset-mode window with a dynamic begin is checked at run time, so it
// does not compose.
// CHECK-LABEL: func @no_compose_unchecked_window
// CHECK-COUNT-2: slice.strided
func.func @no_compose_unchecked_window(%x: tensor<10xf32>, %i: index) -> tensor<2xf32> {
  %a = slice.strided %x[%i:4] offset : tensor<10xf32> to tensor<4xf32>
  %b = slice.strided %a[1:3] : tensor<4xf32> to tensor<2xf32>
  return %b : tensor<2xf32>
}

// -----

// The axes form becomes slice.strided; untouched axes are whole.
// CHECK-LABEL: func @axes_to_strided
// CHECK-SAME: (%[[X:.*]]: tensor<3x4x5xf32>, %[[E:.*]]: index)
// CHECK: slice.strided %[[X]][1:3, :, -1:%[[E]]:-1] : tensor<3x4x5xf32> to tensor<2x4x?xf32>
func.func @axes_to_strided(%x: tensor<3x4x5xf32>, %e: index) -> tensor<2x4x?xf32> {
  %r = slice.strided_axes %x axes [0, -1] starts [1, -1] ends [3, %e] strides [1, -1] : tensor<3x4x5xf32> to tensor<2x4x?xf32>
  return %r : tensor<2x4x?xf32>
}

// -----

// An axes slice of a single axis on the front leaves no trailing entries.
// CHECK-LABEL: func @axes_front_only
// CHECK: slice.strided %{{.*}}[1:2] : tensor<3x4xf32> to tensor<1x4xf32>
func.func @axes_front_only(%x: tensor<3x4xf32>) -> tensor<1x4xf32> {
  %r = slice.strided_axes %x axes [0] starts [1] ends [2] strides [1] : tensor<3x4xf32> to tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}

// -----

// ONNX's reversal (starts [-1] ends [INT64_MIN] steps [-1]): INT64_MIN is a
// constant operand (it marks dynamic entries), and selects exactly what
// INT64_MIN + 1 does on a known dimension below INT64_MAX: the entry becomes
// static and so does the result type.
// CHECK-LABEL: func @onnx_reversal
//  CHECK-SAME:   (%[[X:.*]]: tensor<4x2xf32>)
//       CHECK:   %[[S:.*]] = slice.strided %[[X]][-1:-9223372036854775807:-1] : tensor<4x2xf32> to tensor<4x2xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[S]] : tensor<4x2xf32> to tensor<?x2xf32>
//       CHECK:   return %[[C]]
func.func @onnx_reversal(%x: tensor<4x2xf32>) -> tensor<?x2xf32> {
  %min = arith.constant -9223372036854775808 : index
  %s = slice.strided_axes %x axes [0] starts [-1] ends [%min] strides [-1]
      : tensor<4x2xf32> to tensor<?x2xf32>
  return %s : tensor<?x2xf32>
}

// -----

// On a `?` dimension (which could hold INT64_MAX elements) the end mask
// says "to the front" exactly.
// CHECK-LABEL: func @onnx_reversal_dynamic
//       CHECK:   slice.strided %{{.*}}[-1::-1] : tensor<?x2xf32> to tensor<?x2xf32>
func.func @onnx_reversal_dynamic(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %min = arith.constant -9223372036854775808 : index
  %s = slice.strided %x[-1:%min:-1] : tensor<?x2xf32> to tensor<?x2xf32>
  return %s : tensor<?x2xf32>
}

// -----

// What no static entry expresses stays a constant operand: a begin of
// INT64_MIN with a negative stride on a `?` dimension, and an INT64_MIN
// stride.
// CHECK-LABEL: func @no_fold_int64_min
//       CHECK:   %[[MIN:.*]] = arith.constant -9223372036854775808 : index
//       CHECK:   slice.strided %{{.*}}[%[[MIN]]::-1] : tensor<?x2xf32> to tensor<?x2xf32>
//       CHECK:   slice.strided %{{.*}}[::%[[MIN]]] : tensor<?x2xf32> to tensor<?x2xf32>
func.func @no_fold_int64_min(%x: tensor<?x2xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>) {
  %min = arith.constant -9223372036854775808 : index
  %a = slice.strided %x[%min::-1] : tensor<?x2xf32> to tensor<?x2xf32>
  %b = slice.strided %x[::%min] : tensor<?x2xf32> to tensor<?x2xf32>
  return %a, %b : tensor<?x2xf32>, tensor<?x2xf32>
}
