// RUN: slice-opt %s -split-input-file --slice-normalize -canonicalize | FileCheck %s
// Updates in normal form are left alone: a second run changes nothing.
// RUN: slice-opt %s -split-input-file --slice-normalize -canonicalize --slice-normalize -canonicalize | FileCheck %s --check-prefix=TWICE

// An update takes the normal form of the slice it writes: TensorFlow's
// worked example as the target of a write.
// CHECK-LABEL: func @static_masks
// CHECK: slice.strided_update %{{.*}} into %{{.*}}[1, 2:2, newaxis, 0:5, 0:5, 4:-2:-1, 0:5] offset : tensor<2x1x5x5x2x5xf32> into tensor<5x5x5x5x5x5xf32>
// TWICE-LABEL: func @static_masks
// TWICE-NEXT: slice.strided_update %{{.*}} into %{{.*}}[1, 2:2, newaxis, 0:5, 0:5, 4:-2:-1, 0:5] offset
// TWICE-NEXT: return
func.func @static_masks(%v: tensor<2x1x5x5x2x5xf32>, %x: tensor<5x5x5x5x5x5xf32>) -> tensor<5x5x5x5x5x5xf32> {
  %r = slice.strided_update %v into %x[1, 2:4, newaxis, ..., :-3:-1, :] : tensor<2x1x5x5x2x5xf32> into tensor<5x5x5x5x5x5xf32>
  return %r : tensor<5x5x5x5x5x5xf32>
}

// -----

// A broadcast value stays as it is; only the spec changes.
// CHECK-LABEL: func @broadcast
// CHECK: slice.strided_update %{{.*}} into %{{.*}}[7:-8:-3, 0:4] offset : tensor<f32> into tensor<8x4xf32>
func.func @broadcast(%v: tensor<f32>, %x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %r = slice.strided_update %v into %x[::-3] : tensor<f32> into tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// A dynamic shrink index: wrapped and checked at run time, in a message
// that names the update.
// CHECK-LABEL: func @dynamic_shrink
// CHECK-SAME: (%[[V:[^:]*]]: tensor<4xf32>, %[[X:[^:]*]]: tensor<6x4xf32>, %[[I:[^:]*]]: index)
// CHECK: cf.assert %{{.*}}, "slice.strided_update: entry 0 (input dimension 0): the shrink index is out of range"
// CHECK: slice.strided_update %[[V]] into %[[X]][%{{.*}}, 0:4] offset : tensor<4xf32> into tensor<6x4xf32>
func.func @dynamic_shrink(%v: tensor<4xf32>, %x: tensor<6x4xf32>, %i: index) -> tensor<6x4xf32> {
  %r = slice.strided_update %v into %x[%i] : tensor<4xf32> into tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// -----

// The axes form is rewritten into slice.strided_update first.
// CHECK-LABEL: func @axes
// CHECK-NOT: slice.strided_axes_update
// CHECK: slice.strided_update %{{.*}} into %{{.*}}[0:4, 1:2] offset : tensor<4x2xf32> into tensor<4x5xf32>
func.func @axes(%v: tensor<4x2xf32>, %x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %y = slice.strided_axes_update %v into %x axes [1] starts [1] ends [3] strides [1] : tensor<4x2xf32> into tensor<4x5xf32>
  return %y : tensor<4x5xf32>
}
