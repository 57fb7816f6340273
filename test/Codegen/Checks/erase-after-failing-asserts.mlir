// RUN: slice-opt %s -split-input-file --slice-erase-after-failing-asserts | FileCheck %s

// What follows an assert known to fail goes; a value the terminator still
// yields becomes an unread one of its type (dynamic sizes 0), here beside
// the loop-carried tensor of another size that it would have met.
// CHECK-LABEL: func @loop_body
//       CHECK:   scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
//       CHECK:     cf.assert %false, "stride 0"
//  CHECK-NEXT:     %[[ZERO:.*]] = arith.constant 0 : index
//  CHECK-NEXT:     %[[EMPTY:.*]] = tensor.empty(%[[ZERO]]) : tensor<?xi64>
//  CHECK-NEXT:     scf.yield %[[EMPTY]] : tensor<?xi64>
func.func @loop_body(%x: tensor<4xi64>, %init: tensor<?xi64>, %n: index) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?xi64>) {
    cf.assert %false, "stride 0"
    %s = tensor.extract_slice %x[0] [4] [1] : tensor<4xi64> to tensor<4xi64>
    %d = tensor.cast %s : tensor<4xi64> to tensor<?xi64>
    %t = arith.addi %acc, %d : tensor<?xi64>
    scf.yield %t : tensor<?xi64>
  }
  return %r : tensor<?xi64>
}

// -----

// Buffers: a fresh one of the identity layout, cast to the strided one; a
// scalar becomes poison. Side effects after the assert go too.
// CHECK-LABEL: func @buffers_and_scalars
//       CHECK:   cf.assert %false, "shrink out of range"
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[ALLOC:.*]] = memref.alloc(%[[ZERO]]) : memref<?xf32>
//   CHECK-DAG:   %[[CAST:.*]] = memref.cast %[[ALLOC]] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
//   CHECK-DAG:   %[[POISON:.*]] = ub.poison : f32
//   CHECK-NOT:   memref.store
//   CHECK-NOT:   memref.subview
//       CHECK:   return %[[CAST]], %[[POISON]]
func.func @buffers_and_scalars(%m: memref<8xf32>, %s: index) -> (memref<?xf32, strided<[?], offset: ?>>, f32) {
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  cf.assert %false, "shrink out of range"
  %v = memref.subview %m[%s] [4] [%s] : memref<8xf32> to memref<4xf32, strided<[?], offset: ?>>
  %d = memref.cast %v : memref<4xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  %e = memref.load %m[%c0] : memref<8xf32>
  memref.store %e, %m[%s] : memref<8xf32>
  return %d, %e : memref<?xf32, strided<[?], offset: ?>>, f32
}

// -----

// A value used in a block the assert dominates is replaced there too; the
// code before the assert and the other blocks stay.
// CHECK-LABEL: func @other_blocks
//       CHECK:   %[[BEFORE:.*]] = arith.addi %arg0, %arg0
//       CHECK:   cf.assert %false, "known to fail"
//  CHECK-NEXT:   %[[POISON:.*]] = ub.poison : index
//  CHECK-NEXT:   cf.br ^bb1
//       CHECK: ^bb1:
//  CHECK-NEXT:   %[[USE:.*]] = arith.addi %[[POISON]], %[[BEFORE]]
//  CHECK-NEXT:   return %[[USE]]
func.func @other_blocks(%a: index) -> index {
  %false = arith.constant false
  %b = arith.addi %a, %a : index
  cf.assert %false, "known to fail"
  %c = arith.muli %b, %b : index
  cf.br ^next
^next:
  %d = arith.addi %c, %b : index
  return %d : index
}

// -----

// Nested ones: the inner assert's region goes with the outer op erased.
// CHECK-LABEL: func @nested
//       CHECK:   cf.assert %false, "outer"
//   CHECK-NOT:   scf.if
//   CHECK-NOT:   "inner"
//       CHECK:   return
func.func @nested(%c: i1, %m: memref<4xf32>, %v: f32) {
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  cf.assert %false, "outer"
  scf.if %c {
    cf.assert %false, "inner"
    memref.store %v, %m[%c0] : memref<4xf32>
  }
  memref.store %v, %m[%c0] : memref<4xf32>
  return
}

// -----

// Asserts that may pass leave everything as it is.
// CHECK-LABEL: func @may_pass
//       CHECK:   cf.assert %arg0, "run time"
//       CHECK:   cf.assert %true, "holds"
//       CHECK:   memref.store
//       CHECK:   return
func.func @may_pass(%c: i1, %m: memref<4xf32>, %v: f32) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  cf.assert %c, "run time"
  cf.assert %true, "holds"
  memref.store %v, %m[%c0] : memref<4xf32>
  return
}
