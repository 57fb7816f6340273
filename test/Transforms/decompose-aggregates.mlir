// --slice-decompose-aggregates: linalg.softmax (which importers emit and
// nothing else in the pipelines lowers) as upstream's decomposition into
// structured ops.
// RUN: slice-opt %s -split-input-file --slice-decompose-aggregates | FileCheck %s

// CHECK-LABEL: func.func @softmax_of_slice
//  CHECK-SAME:   %[[X:.*]]: tensor<4x8xf32>
//       CHECK:   %[[S:.*]] = slice.strided %[[X]][:, ::-2]
//   CHECK-NOT:   linalg.softmax
//       CHECK:   %[[MAX:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[S]] : tensor<4x4xf32>)
//       CHECK:     arith.maxnumf
//       CHECK:   %[[EXP:.*]] = linalg.generic {{.*}} ins(%[[S]], %[[MAX]] : tensor<4x4xf32>, tensor<4xf32>)
//       CHECK:     arith.subf
//       CHECK:     math.exp
//       CHECK:   %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[EXP]] : tensor<4x4xf32>)
//       CHECK:     arith.addf
//       CHECK:   %[[R:.*]] = linalg.generic {{.*}} ins(%[[EXP]], %[[SUM]] : tensor<4x4xf32>, tensor<4xf32>)
//       CHECK:     arith.divf
//       CHECK:   return %[[R]]
func.func @softmax_of_slice(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  %s = slice.strided %x[:, ::-2] : tensor<4x8xf32> to tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.softmax dimension(1) ins(%s : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// Along an outer dimension, of run-time sizes.
// CHECK-LABEL: func.func @softmax_dim0
//   CHECK-NOT:   linalg.softmax
//       CHECK:   linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
//       CHECK:   return
func.func @softmax_dim0(%x: tensor<?x?xf32>, %e: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.softmax dimension(0) ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
