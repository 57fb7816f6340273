// RUN: slice-opt %s -split-input-file --convert-slice-to-linalg --canonicalize | FileCheck %s

// A strided slice copied into a fresh tensor.
// CHECK-LABEL: func @inner_stride
//  CHECK-SAME:   (%[[X:.*]]: tensor<4x8xf32>)
//       CHECK:   %[[V:.*]] = tensor.extract_slice %[[X]][0, 0] [4, 4] [1, 2] : tensor<4x8xf32> to tensor<4x4xf32>
//       CHECK:   %[[INIT:.*]] = tensor.empty() : tensor<4x4xf32>
//       CHECK:   %[[C:.*]] = linalg.copy ins(%[[V]] : tensor<4x4xf32>) outs(%[[INIT]] : tensor<4x4xf32>)
//       CHECK:   return %[[C]]
func.func @inner_stride(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  %r = slice.strided %x[:, ::2] : tensor<4x8xf32> to tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// New axes expand the dense copy, not the view.
// CHECK-LABEL: func @reverse_newaxis
//       CHECK:   %[[V:.*]] = tensor.extract_slice %{{.*}}[1, 7] [1, 8] [1, -1] : tensor<4x8xf32> to tensor<8xf32>
//       CHECK:   %[[C:.*]] = linalg.copy ins(%[[V]] : tensor<8xf32>)
//       CHECK:   tensor.expand_shape %[[C]] {{\[}}[0, 1]] output_shape [8, 1]
func.func @reverse_newaxis(%x: tensor<4x8xf32>) -> tensor<8x1xf32> {
  %r = slice.strided %x[1, ::-1, newaxis] : tensor<4x8xf32> to tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// -----

// Dynamic sizes for the destination.
// CHECK-LABEL: func @dynamic
//       CHECK:   %[[V:.*]] = tensor.extract_slice %{{.*}}[%{{.*}}] [%[[SIZE:.*]]] [%{{.*}}] : tensor<?xf32> to tensor<?xf32>
//       CHECK:   %[[INIT:.*]] = tensor.empty(%[[SIZE]]) : tensor<?xf32>
//       CHECK:   linalg.copy ins(%[[V]] : tensor<?xf32>) outs(%[[INIT]] : tensor<?xf32>)
func.func @dynamic(%x: tensor<?xf32>, %s: index) -> tensor<?xf32> {
  %r = slice.strided %x[::%s] : tensor<?xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Nothing to copy for an empty result.
// CHECK-LABEL: func @empty
//   CHECK-NOT:   linalg.copy
//       CHECK:   tensor.empty() : tensor<0x8xf32>
func.func @empty(%x: tensor<4x8xf32>) -> tensor<0x8xf32> {
  %r = slice.strided %x[3:1] : tensor<4x8xf32> to tensor<0x8xf32>
  return %r : tensor<0x8xf32>
}
