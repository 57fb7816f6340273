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

// -----

// A run-time window `p:p+1` that a static 1 of the value stretches to: the
// branch where the window is 1 wide inserts the value as it is (static
// sizes, nothing broadcast, the producer computed there so that it can
// write into the window); the other broadcasts.
// CHECK-LABEL: func.func @window_of_one
// CHECK-SAME: (%[[K:.*]]: tensor<4x1x8xf32>, %[[C:.*]]: tensor<4x16x8xf32>, %[[P:.*]]: index)
// CHECK: %[[FITS:.*]] = arith.cmpi eq, %[[W:.*]], %c1
// CHECK: %[[R:.*]] = scf.if %[[FITS]] -> (tensor<4x16x8xf32>) {
// CHECK:   %[[V:.*]] = arith.negf %[[K]] : tensor<4x1x8xf32>
// CHECK:   %[[I:.*]] = tensor.insert_slice %[[V]] into %[[C]][0, %{{.*}}, 0] [4, 1, 8] [1, 1, 1] : tensor<4x1x8xf32> into tensor<4x16x8xf32>
// CHECK:   scf.yield %[[I]]
// CHECK: } else {
// CHECK:   %[[V2:.*]] = arith.negf %[[K]] : tensor<4x1x8xf32>
// CHECK:   linalg.broadcast
// CHECK:   tensor.insert_slice %{{.*}} into %[[C]][0, %{{.*}}, 0] [4, %[[W]], 8] [1, 1, 1]
// CHECK: return %[[R]]
func.func @window_of_one(%k: tensor<4x1x8xf32>, %cache: tensor<4x16x8xf32>, %p: index) -> tensor<4x16x8xf32> {
  %c1 = arith.constant 1 : index
  %p1 = arith.addi %p, %c1 : index
  %v = arith.negf %k : tensor<4x1x8xf32>
  %r = slice.strided_update %v into %cache[:, %p:%p1, :] : tensor<4x1x8xf32> into tensor<4x16x8xf32>
  return %r : tensor<4x16x8xf32>
}

// -----

// A window made 1 wide next to a shrunk dimension: the branch's view keeps
// every dimension (an ambiguous rank reduction) and collapses.
// CHECK-LABEL: func.func @window_of_one_next_to_shrink
// CHECK: scf.if
// CHECK: tensor.expand_shape
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, 0, %{{.*}}] [1, 5, 1] [1, 1, 1] : tensor<1x5x1xf32> into tensor<?x5x?xf32>
// CHECK: } else {
func.func @window_of_one_next_to_shrink(%v: tensor<5x1xf32>, %x: tensor<?x5x?xf32>, %i: index, %b: index, %e: index) -> tensor<?x5x?xf32> {
  %r = slice.strided_update %v into %x[%i, :, %b:%e] : tensor<5x1xf32> into tensor<?x5x?xf32>
  return %r : tensor<?x5x?xf32>
}
