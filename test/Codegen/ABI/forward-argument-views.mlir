// RUN: slice-opt %s --split-input-file --slice-forward-argument-views | FileCheck %s

// An entry point returns the view of its argument itself.
// CHECK-LABEL: func.func @entry
//  CHECK-NEXT:   %[[VIEW:.*]] = memref.subview %arg0[1] [5] [2]
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return %[[VIEW]]
func.func @entry(%arg0: memref<10xi32>) -> memref<5xi32, strided<[2], offset: 1>> {
  %view = memref.subview %arg0[1] [5] [2] : memref<10xi32> to memref<5xi32, strided<[2], offset: 1>>
  %clone = bufferization.clone %view : memref<5xi32, strided<[2], offset: 1>> to memref<5xi32, strided<[2], offset: 1>>
  return %clone : memref<5xi32, strided<[2], offset: 1>>
}

// -----

// Through a chain of view ops, with the clone retained by a deallocation
// of the function's own buffers; the argument itself returned.
// CHECK-LABEL: func.func @chain
//       CHECK:   %[[CAST:.*]] = memref.cast
//   CHECK-NOT:   bufferization.clone
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<i32>) if (%{{.*}}) retain (%[[CAST]], %arg0 :
//       CHECK:   return %[[CAST]], %arg0
func.func @chain(%arg0: memref<4x6xi32>, %c: i1) -> (memref<2x6xi32, strided<[?, ?], offset: ?>>, memref<4x6xi32>) {
  %view = memref.subview %arg0[1, 0] [2, 6] [2, 1] : memref<4x6xi32> to memref<2x6xi32, strided<[12, 1], offset: 6>>
  %cast = memref.cast %view : memref<2x6xi32, strided<[12, 1], offset: 6>> to memref<2x6xi32, strided<[?, ?], offset: ?>>
  %clone = bufferization.clone %cast : memref<2x6xi32, strided<[?, ?], offset: ?>> to memref<2x6xi32, strided<[?, ?], offset: ?>>
  %same = bufferization.clone %arg0 : memref<4x6xi32> to memref<4x6xi32>
  %tmp = memref.alloc() : memref<i32>
  %0:2 = bufferization.dealloc (%tmp : memref<i32>) if (%c) retain (%clone, %same : memref<2x6xi32, strided<[?, ?], offset: ?>>, memref<4x6xi32>)
  return %clone, %same : memref<2x6xi32, strided<[?, ?], offset: ?>>, memref<4x6xi32>
}

// -----

// A function the module calls returns what it owns: its callers free it.
// CHECK-LABEL: func.func @callee
//       CHECK:   bufferization.clone
func.func @callee(%arg0: memref<10xi32>) -> memref<5xi32, strided<[2]>> {
  %view = memref.subview %arg0[0] [5] [2] : memref<10xi32> to memref<5xi32, strided<[2]>>
  %clone = bufferization.clone %view : memref<5xi32, strided<[2]>> to memref<5xi32, strided<[2]>>
  return %clone : memref<5xi32, strided<[2]>>
}
func.func @caller(%arg0: memref<10xi32>) {
  %0 = call @callee(%arg0) : (memref<10xi32>) -> memref<5xi32, strided<[2]>>
  memref.dealloc %0 : memref<5xi32, strided<[2]>>
  return
}

// -----

// Clones that must stay: in a private function, of a fresh buffer, used
// for more than the return, or of a value that is not a view of an
// argument on every path.
// CHECK-LABEL: func.func private @private
//       CHECK:   bufferization.clone
func.func private @private(%arg0: memref<10xi32>) -> memref<10xi32> {
  %clone = bufferization.clone %arg0 : memref<10xi32> to memref<10xi32>
  return %clone : memref<10xi32>
}

// CHECK-LABEL: func.func @fresh
//       CHECK:   bufferization.clone
func.func @fresh(%n: index) -> memref<?xi32> {
  %alloc = memref.alloc(%n) : memref<?xi32>
  %view = memref.subview %alloc[0] [%n] [1] : memref<?xi32> to memref<?xi32, strided<[1]>>
  %cast = memref.cast %view : memref<?xi32, strided<[1]>> to memref<?xi32>
  %clone = bufferization.clone %cast : memref<?xi32> to memref<?xi32>
  memref.dealloc %alloc : memref<?xi32>
  return %clone : memref<?xi32>
}

// CHECK-LABEL: func.func @written
//       CHECK:   bufferization.clone
func.func @written(%arg0: memref<10xi32>, %v: i32) -> memref<10xi32> {
  %clone = bufferization.clone %arg0 : memref<10xi32> to memref<10xi32>
  %c0 = arith.constant 0 : index
  memref.store %v, %clone[%c0] : memref<10xi32>
  return %clone : memref<10xi32>
}

// CHECK-LABEL: func.func @selected
//       CHECK:   bufferization.clone
func.func @selected(%arg0: memref<10xi32>, %arg1: memref<10xi32>, %c: i1) -> memref<10xi32> {
  %either = arith.select %c, %arg0, %arg1 : memref<10xi32>
  %clone = bufferization.clone %either : memref<10xi32> to memref<10xi32>
  return %clone : memref<10xi32>
}
