// RUN: slice-opt %s -split-input-file --slice-dense-arguments | FileCheck %s

// An entry point's fully dynamic memref argument becomes dense, cast back
// for the body; results keep their layout.
// CHECK-LABEL: func.func @entry(
// CHECK-SAME: %[[X:.*]]: memref<4x8xf32>) -> memref<4x4xf32, strided<[8, 2]>>
// CHECK: %[[CAST:.*]] = memref.cast %[[X]] : memref<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK: memref.subview %[[CAST]]
func.func @entry(%x: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<4x4xf32, strided<[8, 2]>> {
  %v = memref.subview %x[0, 0] [4, 4] [1, 2] : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  %c = memref.cast %v : memref<4x4xf32, strided<[?, ?], offset: ?>> to memref<4x4xf32, strided<[8, 2]>>
  return %c : memref<4x4xf32, strided<[8, 2]>>
}

// -----

// Functions called in the module, private ones and declarations keep
// their signatures: a caller may pass a view.
// CHECK-LABEL: func.func @callee(
// CHECK-SAME: memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func private @helper(
// CHECK-SAME: memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func private @external(
// CHECK-SAME: memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: memref<8xf32>
func.func @callee(%x: memref<4xf32, strided<[?], offset: ?>>) {
  return
}
func.func private @helper(%x: memref<4xf32, strided<[?], offset: ?>>) {
  return
}
func.func private @external(%x: memref<4xf32, strided<[?], offset: ?>>)
func.func @caller(%x: memref<8xf32, strided<[?], offset: ?>>) {
  %v = memref.subview %x[0] [4] [2] : memref<8xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
  call @callee(%v) : (memref<4xf32, strided<[?], offset: ?>>) -> ()
  call @helper(%v) : (memref<4xf32, strided<[?], offset: ?>>) -> ()
  return
}
