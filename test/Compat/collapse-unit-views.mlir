// --slice-collapse-unit-views: a collapse that only drops unit dimensions
// of a view or an argument becomes the slice that shrinks them, which
// bufferizes as a view; upstream's bufferization copies the collapse of a
// view with run-time strides.
// RUN: slice-opt %s -split-input-file --slice-collapse-unit-views | FileCheck %s
// RUN: slice-opt %s -split-input-file --slice-collapse-unit-views --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUF
// Upstream alone: the copy this pass saves.
// RUN: slice-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=UPSTREAM

// The shrink beside a kept dimension of run-time size that slice's
// lowering keeps at full rank (y[:, 0] on a run-time shape).
// CHECK-LABEL: func.func @view_of_argument
//       CHECK:   %[[V:.*]] = tensor.extract_slice
//       CHECK:   %[[R:.*]] = slice.strided %[[V]][:, :, 0] : tensor<?x?x1xf32> to tensor<?x?xf32>
//       CHECK:   return %[[R]]
// BUF-LABEL: func.func @view_of_argument
//   BUF-NOT:   memref.alloc
//   BUF-NOT:   memref.copy
//       BUF:   memref.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : memref<?x?x1xf32, strided<[?, ?, ?], offset: ?>> into memref<?x?xf32, strided<[?, ?], offset: ?>>
// UPSTREAM-LABEL: func.func @view_of_argument
//       UPSTREAM:   memref.alloc
//       UPSTREAM:   memref.copy
func.func @view_of_argument(%y: tensor<?x?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %y, %c1 : tensor<?x?x?xf32>
  %v = tensor.extract_slice %y[0, 0, 1] [%n, %d1, 1] [2, 1, 1] : tensor<?x?x?xf32> to tensor<?x?x1xf32>
  %r = tensor.collapse_shape %v [[0], [1, 2]] : tensor<?x?x1xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Groups of unit dimensions only keep their last; an argument's collapse;
// a collapse to rank 0 shrinks every dimension.
// CHECK-LABEL: func.func @units_of_argument
//       CHECK:   slice.strided %{{.*}}[0, :, 0, :] : tensor<1x?x1x1xf32> to tensor<?x1xf32>
//       CHECK:   slice.strided %{{.*}}[0, 0] : tensor<1x1xi64> to tensor<i64>
func.func @units_of_argument(%x: tensor<1x?x1x1xf32>, %y: tensor<1x1xi64>) -> (tensor<?x1xf32>, tensor<i64>) {
  %r = tensor.collapse_shape %x [[0, 1], [2, 3]] : tensor<1x?x1x1xf32> into tensor<?x1xf32>
  %s = tensor.collapse_shape %y [] : tensor<1x1xi64> into tensor<i64>
  return %r, %s : tensor<?x1xf32>, tensor<i64>
}

// -----

// Left alone: a collapse that merges two dimensions of other sizes (a
// reshape, not a slice), and one of a fresh value (a dense buffer, which
// upstream collapses as a view).
// CHECK-LABEL: func.func @left
//   CHECK-NOT:   slice.strided
//       CHECK:   tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<4x?xf32>
//       CHECK:   tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<1x?xf32>
//   CHECK-NOT:   slice.strided
func.func @left(%x: tensor<4x?xf32>, %n: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %a = tensor.collapse_shape %x [[0, 1]] : tensor<4x?xf32> into tensor<?xf32>
  %e = tensor.empty(%n) : tensor<1x?xf32>
  %b = tensor.collapse_shape %e [[0, 1]] : tensor<1x?xf32> into tensor<?xf32>
  return %a, %b : tensor<?xf32>, tensor<?xf32>
}
