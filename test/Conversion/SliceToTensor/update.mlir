// RUN: slice-opt %s -split-input-file --convert-slice-to-tensor --canonicalize --cse | FileCheck %s
// The same lowering in the copy flavour (--convert-slice-to-linalg): an
// update writes into dest either way.
// RUN: slice-opt %s -split-input-file --convert-slice-to-linalg --canonicalize --cse | FileCheck %s

// slice.strided_update becomes tensor.insert_slice into the view the read
// side extracts: negative strides included.
// CHECK-LABEL: func.func @plain
//  CHECK-SAME:   (%[[V:.*]]: tensor<2x4xf32>, %[[X:.*]]: tensor<5x4xf32>)
//       CHECK:   %[[R:.*]] = tensor.insert_slice %[[V]] into %[[X]][1, 3] [2, 4] [1, -1] : tensor<2x4xf32> into tensor<5x4xf32>
//       CHECK:   return %[[R]]
func.func @plain(%v: tensor<2x4xf32>, %x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %y = slice.strided_update %v into %x[1:3, ::-1] : tensor<2x4xf32> into tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

// -----

// New axes are collapsed out of the value; a shrink is a rank-reduced insert.
// CHECK-LABEL: func.func @new_axis_shrink
//  CHECK-SAME:   (%[[V:.*]]: tensor<1x3xf32>, %[[X:.*]]: tensor<5x3xf32>)
//       CHECK:   %[[C:.*]] = tensor.collapse_shape %[[V]] {{\[}}[0, 1]] : tensor<1x3xf32> into tensor<3xf32>
//       CHECK:   tensor.insert_slice %[[C]] into %[[X]][2, 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<5x3xf32>
func.func @new_axis_shrink(%v: tensor<1x3xf32>, %x: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %y = slice.strided_update %v into %x[newaxis, 2] : tensor<1x3xf32> into tensor<5x3xf32>
  return %y : tensor<5x3xf32>
}

// -----

// A static unit dimension of the value stretches: linalg.broadcast.
// CHECK-LABEL: func.func @broadcast
//  CHECK-SAME:   (%[[V:.*]]: tensor<1x4xf32>, %[[X:.*]]: tensor<6x4xf32>)
//       CHECK:   %[[C:.*]] = tensor.collapse_shape %[[V]] {{\[}}[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<3x4xf32>
//       CHECK:   %[[B:.*]] = linalg.broadcast ins(%[[C]] : tensor<4xf32>) outs(%[[E]] : tensor<3x4xf32>) dimensions = [0]
//       CHECK:   tensor.insert_slice %[[B]] into %[[X]][0, 0] [3, 4] [2, 1] : tensor<3x4xf32> into tensor<6x4xf32>
func.func @broadcast(%v: tensor<1x4xf32>, %x: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %y = slice.strided_update %v into %x[::2] : tensor<1x4xf32> into tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}

// -----

// A dynamic value dimension must match at run time, after the slice's own
// checks, which name the update.
// CHECK-LABEL: func.func @dynamic_value
//       CHECK:   cf.assert %{{.*}}, "slice.strided_update: entry 0 (input dimension 0): the shrink index is out of range"
//       CHECK:   cf.assert %{{.*}}, "slice.strided_update: value dimension 0 does not match slice dimension 0 (only a static size 1 broadcasts)"
//       CHECK:   %[[C:.*]] = tensor.cast %{{.*}} : tensor<?xf32> to tensor<4xf32>
//       CHECK:   tensor.insert_slice %[[C]] into %{{.*}}[%{{.*}}, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<?x4xf32>
func.func @dynamic_value(%v: tensor<?xf32>, %x: tensor<?x4xf32>, %i: index) -> tensor<?x4xf32> {
  %y = slice.strided_update %v into %x[%i] : tensor<?xf32> into tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// Writing nothing leaves dest as it is.
// CHECK-LABEL: func.func @empty
//  CHECK-SAME:   %[[X:[^ ]*]]: tensor<5x4xf32>)
//   CHECK-NOT:   tensor.insert_slice
//       CHECK:   return %[[X]]
func.func @empty(%v: tensor<0x4xf32>, %x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %y = slice.strided_update %v into %x[3:1] : tensor<0x4xf32> into tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

// -----

// slice.strided_axes_update lowers as the slice.strided_update it means.
// CHECK-LABEL: func.func @axes_update
//  CHECK-SAME:   (%[[V:.*]]: tensor<4x2xf32>, %[[X:.*]]: tensor<4x5xf32>)
//       CHECK:   %[[R:.*]] = tensor.insert_slice %[[V]] into %[[X]][0, 3] [4, 2] [1, -2] : tensor<4x2xf32> into tensor<4x5xf32>
//       CHECK:   return %[[R]]
func.func @axes_update(%v: tensor<4x2xf32>, %x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %y = slice.strided_axes_update %v into %x axes [-1] starts [3] ends [0] strides [-2] : tensor<4x2xf32> into tensor<4x5xf32>
  return %y : tensor<4x5xf32>
}
