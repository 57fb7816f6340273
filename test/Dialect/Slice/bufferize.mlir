// RUN: slice-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --canonicalize | FileCheck %s
// RUN: slice-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=RAW

// slice.strided bufferizes directly (BufferizableOpInterface external
// model) into the view --convert-slice-to-tensor + one-shot-bufferize
// build: a rank-reducing memref.subview with negative strides, and a
// memref.expand_shape for the new axis. The op computes the normal form
// itself; no copy is made for the slice (the copy is the return of a view
// across the identity-layout function boundary).
// CHECK-LABEL: func @worked_example
//  CHECK-SAME:   (%[[X:.*]]: memref<5x5x5x5x5x5xf32>)
//       CHECK:   %[[V:.*]] = memref.subview %[[X]][1, 2, 0, 0, 4, 0] [1, 2, 5, 5, 2, 5] [1, 1, 1, 1, -1, 1]
//  CHECK-SAME:     to memref<2x5x5x2x5xf32, strided<[625, 125, 25, -5, 1], offset: 4395>>
//       CHECK:   %[[E:.*]] = memref.expand_shape %[[V]] {{\[}}[0], [1, 2], [3], [4], [5]] output_shape [2, 1, 5, 5, 2, 5]
//  CHECK-SAME:     into memref<2x1x5x5x2x5xf32, strided<[625, 625, 125, 25, -5, 1], offset: 4395>>
//       CHECK:   memref.copy %[[E]]
func.func @worked_example(%x: tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x2x5xf32> {
  %r = slice.strided %x[1, 2:4, newaxis, ..., :-3:-1, :]
      : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
  return %r : tensor<2x1x5x5x2x5xf32>
}

// -----

// A view feeding a consumer in the same function: no copy at all.
// CHECK-LABEL: func @view_then_read
//  CHECK-SAME:   (%[[X:.*]]: memref<4x8xf32>)
//       CHECK:   %[[V:.*]] = memref.subview %[[X]][3, 7] [4, 8] [-1, -1] : memref<4x8xf32> to memref<4x8xf32, strided<[-8, -1], offset: 31>>
//   CHECK-NOT:   memref.copy
//       CHECK:   memref.load %[[V]]
func.func @view_then_read(%x: tensor<4x8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %r = slice.strided %x[::-1, ::-1] : tensor<4x8xf32> to tensor<4x8xf32>
  %e = tensor.extract %r[%c0, %c0] : tensor<4x8xf32>
  return %e : f32
}

// -----

// Dynamic values: the run-time checks are emitted on the buffer's sizes.
// CHECK-LABEL: func @dynamic_shrink
//  CHECK-SAME:   (%[[X:.*]]: memref<8x4xf32>, %[[I:.*]]: index)
//       CHECK:   cf.assert %{{.*}}, "slice.strided: entry 0 (input dimension 0): the shrink index is out of range"
//       CHECK:   memref.subview %[[X]][%{{.*}}, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<4xf32, strided<[1], offset: ?>>
func.func @dynamic_shrink(%x: tensor<8x4xf32>, %i: index) -> tensor<4xf32> {
  %r = slice.strided %x[%i] : tensor<8x4xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// An empty result is a fresh (empty) allocation, never a subview.
// CHECK-LABEL: func @empty
//   CHECK-NOT:   memref.subview
//       CHECK:   memref.alloc() {{.*}}: memref<2x0xf32>
func.func @empty(%x: tensor<4x0xf32>) -> tensor<2x0xf32> {
  %r = slice.strided %x[1:3] : tensor<4x0xf32> to tensor<2x0xf32>
  return %r : tensor<2x0xf32>
}

// -----

// Rank 0 with new axes only.
// CHECK-LABEL: func @rank0
//       CHECK:   memref.expand_shape %{{.*}} [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
func.func @rank0(%x: tensor<f32>) -> tensor<1x1xf32> {
  %r = slice.strided %x[newaxis, ..., newaxis] : tensor<f32> to tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// -----

// Not in normal form: the model emits the normal form itself, builds the
// view as static as the values allow and reinterprets it to the fully
// dynamic layout it predicted; canonicalize folds that back to the view.
// CHECK-LABEL: func @not_normal_form
//  CHECK-SAME:   (%[[X:.*]]: memref<4x8xf32>)
//       CHECK:   %[[V:.*]] = memref.subview %[[X]][3, 1] [4, 3] [-1, 3] : memref<4x8xf32> to memref<4x3xf32, strided<[-8, 3], offset: 25>>
//  CHECK-NEXT:   memref.load %[[V]]
func.func @not_normal_form(%x: tensor<4x8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %r = slice.strided %x[::-1, 1::3] : tensor<4x8xf32> to tensor<4x3xf32>
  %e = tensor.extract %r[%c0, %c0] : tensor<4x3xf32>
  return %e : f32
}

// Before canonicalization, the reinterpretation is visible: the metadata of
// the precise view, the predicted fully dynamic type.
// RAW-LABEL: func @not_normal_form
//       RAW:   %[[V:.*]] = memref.subview
//       RAW:   %[[BASE:.*]], %[[OFFSET:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[V]]
//       RAW:   memref.reinterpret_cast %[[BASE]] to offset: [%[[OFFSET]]], sizes: [4, 3], strides: [%[[STRIDES]]#0, %[[STRIDES]]#1]
//  RAW-SAME:     to memref<4x3xf32, strided<[?, ?], offset: ?>>
