// RUN: slice-opt %s -split-input-file --resolve-ranked-shaped-type-result-dims -canonicalize | FileCheck %s

// With every value known, the reified sizes fold to the inferred constants,
// even where the written result type is less static.
// CHECK-LABEL: func @known_sizes
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NOT: tensor.dim
// CHECK: return %[[C9]], %[[C1]], %[[C3]]
func.func @known_sizes(%x: tensor<10x8xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = slice.strided %x[1:, newaxis, -2:-9:-3] : tensor<10x8xf32> to tensor<?x?x?xf32>
  %d0 = tensor.dim %s, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %s, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %s, %c2 : tensor<?x?x?xf32>
  return %d0, %d1, %d2 : index, index, index
}

// -----

// A dynamic input dimension: size = dim - min(dim, 1) for `1:`, computed
// from tensor.dim of the source, not of the slice. It is never negative, so
// no max with 0 follows.
// CHECK-LABEL: func @dynamic_dim
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[START:.*]] = arith.minsi %[[D]], %[[C1]]
// CHECK: %[[LEN:.*]] = arith.subi %[[D]], %[[START]]
// CHECK-NOT: slice.strided
// CHECK: return %[[LEN]]
func.func @dynamic_dim(%x: tensor<?x8xf32>) -> index {
  %c0 = arith.constant 0 : index
  %s = slice.strided %x[1:] : tensor<?x8xf32> to tensor<?x8xf32>
  %d0 = tensor.dim %s, %c0 : tensor<?x8xf32>
  return %d0 : index
}

// -----

// A dynamic stride: the sign is known only at run time, so the select
// between the two clamping ranges stays; the division is by |stride|.
// CHECK-LABEL: func @dynamic_stride
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>, %[[S:.*]]: index)
// CHECK: %[[POS:.*]] = arith.cmpi sgt, %[[S]], %{{.*}}
// CHECK: arith.select %[[POS]]
// CHECK: %[[NEG:.*]] = arith.subi %{{.*}}, %[[S]]
// CHECK: %[[ABS:.*]] = arith.select %[[POS]], %[[S]], %[[NEG]]
// CHECK: arith.divsi %{{.*}}, %[[ABS]]
// CHECK: %[[SIZE:.*]] = arith.select
// CHECK-NOT: slice.strided
// CHECK: return %[[SIZE]]
func.func @dynamic_stride(%x: tensor<8xf32>, %s: index) -> index {
  %c0 = arith.constant 0 : index
  %r = slice.strided %x[::%s] : tensor<8xf32> to tensor<?xf32>
  %d0 = tensor.dim %r, %c0 : tensor<?xf32>
  return %d0 : index
}
