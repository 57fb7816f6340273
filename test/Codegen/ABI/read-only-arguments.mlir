// RUN: slice-opt %s --slice-read-only-arguments | FileCheck %s
// RUN: slice-opt %s --slice-read-only-arguments --convert-elementwise-to-linalg --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=BUFFERS

// The tensor arguments of a public function become read-only; other
// arguments are left alone.
// CHECK-LABEL: func.func @public
//  CHECK-SAME:   (%{{.*}}: tensor<10xi32> {bufferization.writable = false}, %{{.*}}: index)
func.func @public(%x: tensor<10xi32>, %i: index) -> tensor<5xi32> {
  %r = slice.strided %x[::2] : tensor<10xi32> to tensor<5xi32>
  %m = arith.muli %r, %r : tensor<5xi32>
  return %m : tensor<5xi32>
}
// Bufferization then writes into a fresh buffer of the slice's size, not
// into the argument.
// BUFFERS-LABEL: func.func @public
//       BUFFERS:   %[[VIEW:.*]] = memref.subview %arg0[0] [5] [2]
//       BUFFERS:   %[[FRESH:.*]] = memref.alloc() {{.*}} : memref<5xi32>
//       BUFFERS:   memref.copy %[[VIEW]], %[[FRESH]]
//       BUFFERS:   linalg.generic {{.*}} outs(%[[FRESH]] :

// What the function says about an argument wins.
// CHECK-LABEL: func.func @stated
//  CHECK-SAME:   (%{{.*}}: tensor<10xi32> {bufferization.writable = true}, %{{.*}}: tensor<4xf32> {bufferization.writable = false})
func.func @stated(%x: tensor<10xi32> {bufferization.writable = true},
                  %y: tensor<4xf32> {bufferization.writable = false}) {
  return
}
// A donated argument is written in place.
// BUFFERS-LABEL: func.func @donated
//   BUFFERS-NOT:   memref.alloc
//       BUFFERS:   linalg.generic
func.func @donated(%x: tensor<10xi32> {bufferization.writable = true}) -> tensor<5xi32> {
  %r = slice.strided %x[::2] : tensor<10xi32> to tensor<5xi32>
  %m = arith.muli %r, %r : tensor<5xi32>
  return %m : tensor<5xi32>
}

// Private functions and declarations are the module's own business.
// CHECK-LABEL: func.func private @helper
//  CHECK-SAME:   (%{{.*}}: tensor<10xi32>)
//   CHECK-NOT:   bufferization.writable
func.func private @helper(%x: tensor<10xi32>) -> tensor<10xi32> {
  return %x : tensor<10xi32>
}

// CHECK-LABEL: func.func private @external
//  CHECK-SAME:   (tensor<10xi32>)
//   CHECK-NOT:   bufferization.writable
func.func private @external(tensor<10xi32>)
