// RUN: slice-opt %s -split-input-file --convert-slice-to-tensor --canonicalize | FileCheck %s

// TensorFlow's worked example: shrink (rank-reducing), a new axis
// (expand_shape), ellipsis, a negative stride.
// CHECK-LABEL: func @worked_example
//  CHECK-SAME:   (%[[X:.*]]: tensor<5x5x5x5x5x5xf32>)
//       CHECK:   %[[V:.*]] = tensor.extract_slice %[[X]][1, 2, 0, 0, 4, 0] [1, 2, 5, 5, 2, 5] [1, 1, 1, 1, -1, 1]
//  CHECK-SAME:     : tensor<5x5x5x5x5x5xf32> to tensor<2x5x5x2x5xf32>
//       CHECK:   %[[E:.*]] = tensor.expand_shape %[[V]] {{\[}}[0], [1, 2], [3], [4], [5]] output_shape [2, 1, 5, 5, 2, 5]
//       CHECK:   return %[[E]]
func.func @worked_example(%x: tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x2x5xf32> {
  %r = slice.strided %x[1, 2:4, newaxis, ..., :-3:-1, :]
      : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
  return %r : tensor<2x1x5x5x2x5xf32>
}

// -----

// Dynamic begin, end and stride: the normal form's arith, the stride check,
// the size from the semantics library's count, a static negative stride.
// The dynamic stride reaches the view clamped above INT64_MIN, which
// upstream's folders would take for the dynamic marker should it become a
// constant (a stride that large selects one element either way).
// CHECK-LABEL: func @dynamic
//  CHECK-SAME:   (%[[X:.*]]: tensor<?x8xf32>, %[[B:.*]]: index, %[[E:.*]]: index, %[[S:.*]]: index)
//   CHECK-DAG:   %[[MIN1:.*]] = arith.constant -9223372036854775807 : index
//       CHECK:   cf.assert %{{.*}}, "slice.strided: entry 0 (input dimension 0) has stride 0"
//       CHECK:   arith.divsi
//       CHECK:   %[[SIZE:.*]] = arith.select
//  CHECK-NEXT:   %[[STRIDE:.*]] = arith.maxsi %[[S]], %[[MIN1]] : index
//  CHECK-NEXT:   tensor.extract_slice %[[X]][%{{.*}}, 7] [%[[SIZE]], 8] [%[[STRIDE]], -1]
//  CHECK-SAME:     : tensor<?x8xf32> to tensor<?x8xf32>
func.func @dynamic(%x: tensor<?x8xf32>, %b: index, %e: index, %s: index) -> tensor<?x8xf32> {
  %r = slice.strided %x[%b:%e:%s, ::-1] : tensor<?x8xf32> to tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

// A dynamic shrink index: wrapped, checked, then a rank-reducing slice.
// CHECK-LABEL: func @dynamic_shrink
//  CHECK-SAME:   (%[[X:.*]]: tensor<8x4xf32>, %[[I:.*]]: index)
//       CHECK:   %[[W:.*]] = arith.select %{{.*}}, %{{.*}}, %[[I]] : index
//       CHECK:   cf.assert %{{.*}}, "slice.strided: entry 0 (input dimension 0): the shrink index is out of range"
//       CHECK:   tensor.extract_slice %[[X]][%[[W]], 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
func.func @dynamic_shrink(%x: tensor<8x4xf32>, %i: index) -> tensor<4xf32> {
  %r = slice.strided %x[%i] : tensor<8x4xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// An empty result on a 0-size dimension: no slice (a static offset there is
// invalid upstream), a fresh empty tensor.
// CHECK-LABEL: func @empty
//   CHECK-NOT:   tensor.extract_slice
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<2x0xf32>
//       CHECK:   return %[[E]]
func.func @empty(%x: tensor<4x0xf32>) -> tensor<2x0xf32> {
  %r = slice.strided %x[1:3] : tensor<4x0xf32> to tensor<2x0xf32>
  return %r : tensor<2x0xf32>
}

// -----

// An empty range on a non-empty dimension.
// CHECK-LABEL: func @empty_range
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<0x3xi8>
//       CHECK:   return %[[E]]
func.func @empty_range(%x: tensor<6x3xi8>) -> tensor<0x3xi8> {
  %r = slice.strided %x[5:2] : tensor<6x3xi8> to tensor<0x3xi8>
  return %r : tensor<0x3xi8>
}

// -----

// A result type less static than computed gets a cast.
// CHECK-LABEL: func @less_static
//       CHECK:   %[[V:.*]] = tensor.extract_slice %{{.*}}[0] [3] [3] : tensor<8xf32> to tensor<3xf32>
//       CHECK:   tensor.cast %[[V]] : tensor<3xf32> to tensor<?xf32>
func.func @less_static(%x: tensor<8xf32>) -> tensor<?xf32> {
  %r = slice.strided %x[::3] : tensor<8xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Rank 0: only new axes.
// CHECK-LABEL: func @rank0
//       CHECK:   tensor.expand_shape %{{.*}} [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
func.func @rank0(%x: tensor<f32>) -> tensor<1x1xf32> {
  %r = slice.strided %x[newaxis, ..., newaxis] : tensor<f32> to tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// -----

// The axes form goes through slice.strided.
// CHECK-LABEL: func @axes
//       CHECK:   tensor.extract_slice %{{.*}}[1, 0, 4] [2, 4, 4] [1, 1, -1]
//  CHECK-SAME:     : tensor<3x4x5xf32> to tensor<2x4x4xf32>
func.func @axes(%x: tensor<3x4x5xf32>) -> tensor<2x4x4xf32> {
  %r = slice.strided_axes %x axes [0, 2] starts [1, -1] ends [3, 0]
      strides [1, -1] : tensor<3x4x5xf32> to tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}

// -----

// Offset mode: a dynamic start with a static extent keeps a static size.
// CHECK-LABEL: func @offset_window
//  CHECK-SAME:   (%[[X:.*]]: tensor<16xf32>, %[[I:.*]]: index)
//       CHECK:   cf.assert %{{.*}}, "slice.strided: entry 0 (input dimension 0): the offset-mode window leaves the dimension"
//       CHECK:   tensor.extract_slice %[[X]][%{{.*}}] [4] [1] : tensor<16xf32> to tensor<4xf32>
func.func @offset_window(%x: tensor<16xf32>, %i: index) -> tensor<4xf32> {
  %r = slice.strided %x[%i:4] offset : tensor<16xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Dynamic input dimensions: sizes from tensor.dim. A whole dimension run
// backwards has the dimension's size, with no arithmetic on it.
// CHECK-LABEL: func @dynamic_dims_reverse
//  CHECK-SAME:   (%[[X:.*]]: tensor<?xf32>)
//       CHECK:   %[[D:.*]] = tensor.dim %[[X]]
//       CHECK:   %[[START:.*]] = arith.subi %[[D]], %{{.*}} : index
//  CHECK-NEXT:   tensor.extract_slice %[[X]][%[[START]]] [%[[D]]] [-1] : tensor<?xf32> to tensor<?xf32>
func.func @dynamic_dims_reverse(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = slice.strided %x[::-1] : tensor<?xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}
