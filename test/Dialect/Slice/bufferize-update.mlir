// RUN: slice-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries" --canonicalize --cse | FileCheck %s

// slice.strided_update bufferizes in place (BufferizableOpInterface external
// model: dest's buffer is the result's): where the analysis allows, with a
// copy of dest only where value semantics need one.

// The loop `x = update(x, v)` on a writable buffer copies nothing: each
// iteration writes v into a view of x.
// CHECK-LABEL: func.func @in_place_loop
//  CHECK-SAME:   (%[[X:[^:]*]]: memref<8x8xf32{{.*}}>, %[[V:[^:]*]]: memref<4xf32
//   CHECK-NOT:   memref.alloc
//       CHECK:   scf.for
//       CHECK:     cf.assert %{{.*}}, "slice.strided_update: entry 0 (input dimension 0): the shrink index is out of range"
//       CHECK:     %[[VIEW:.*]] = memref.subview %[[X]][%{{.*}}, 7] [1, 4] [1, -2]
//       CHECK:     memref.copy %[[V]], %[[VIEW]]
//   CHECK-NOT:   memref.alloc
//       CHECK:   return %[[X]]
func.func @in_place_loop(%x: tensor<8x8xf32> {bufferization.writable = true}, %v: tensor<4xf32>, %n: index) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<8x8xf32> {
    %u = slice.strided_update %v into %acc[%i, ::-2] : tensor<4xf32> into tensor<8x8xf32>
    scf.yield %u : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// -----

// A read-only dest is copied first.
// CHECK-LABEL: func.func @read_only
//  CHECK-SAME:   (%[[X:[^:]*]]: memref<8x8xf32{{.*}}>, %[[V:[^:]*]]: memref<4xf32
//       CHECK:   %[[NEW:.*]] = memref.alloc() {{.*}} : memref<8x8xf32>
//       CHECK:   memref.copy %[[X]], %[[NEW]]
//       CHECK:   %[[VIEW:.*]] = memref.subview %[[NEW]][3, 0] [1, 4] [1, 2]
//       CHECK:   memref.copy %[[V]], %[[VIEW]]
//       CHECK:   return %[[NEW]]
func.func @read_only(%x: tensor<8x8xf32> {bufferization.writable = false}, %v: tensor<4xf32>) -> tensor<8x8xf32> {
  %u = slice.strided_update %v into %x[3, ::2] : tensor<4xf32> into tensor<8x8xf32>
  return %u : tensor<8x8xf32>
}

// -----

// The old value is read afterwards: the update writes into a copy.
// CHECK-LABEL: func.func @old_value_read
//  CHECK-SAME:   (%[[X:[^:]*]]: memref<8x8xf32{{.*}}>, %[[V:[^:]*]]: memref<4xf32
//       CHECK:   %[[NEW:.*]] = memref.alloc() {{.*}} : memref<8x8xf32>
//       CHECK:   memref.copy %[[X]], %[[NEW]]
//       CHECK:   %[[VIEW:.*]] = memref.subview %[[NEW]][3, 0] [1, 4] [1, 2]
//       CHECK:   memref.copy %[[V]], %[[VIEW]]
//       CHECK:   return %[[NEW]], %[[X]]
func.func @old_value_read(%x: tensor<8x8xf32> {bufferization.writable = true}, %v: tensor<4xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %u = slice.strided_update %v into %x[3, ::2] : tensor<4xf32> into tensor<8x8xf32>
  return %u, %x : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A value that broadcasts (here a scalar, across a new axis) is written by
// a linalg.generic whose input map holds constants for stretched dimensions.
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @broadcast
//  CHECK-SAME:   (%[[X:[^:]*]]: memref<8x8xf32{{.*}}>, %[[S:[^:]*]]: memref<f32
//       CHECK:   %[[VIEW:.*]] = memref.subview %[[X]][1, 7] [2, 8] [1, -1]
//       CHECK:   linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]]], {{.*}}} ins(%[[S]] : {{.*}}) outs(%[[VIEW]] : {{.*}})
//       CHECK:   return %[[X]]
func.func @broadcast(%x: tensor<8x8xf32> {bufferization.writable = true}, %s: tensor<f32>) -> tensor<8x8xf32> {
  %u = slice.strided_update %s into %x[1:3, newaxis, ::-1] : tensor<f32> into tensor<8x8xf32>
  return %u : tensor<8x8xf32>
}

// -----

// A stretched unit dimension of a value of higher rank reads index 0.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @stretch
//       CHECK:   linalg.generic {indexing_maps = [#[[ROW]], {{.*}}]
func.func @stretch(%x: tensor<8x8xf32> {bufferization.writable = true}, %v: tensor<1x8xf32>) -> tensor<8x8xf32> {
  %u = slice.strided_update %v into %x[::3] : tensor<1x8xf32> into tensor<8x8xf32>
  return %u : tensor<8x8xf32>
}
