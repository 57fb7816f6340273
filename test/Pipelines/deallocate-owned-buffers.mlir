// RUN: slice-opt %s -split-input-file --slice-to-buffers | FileCheck %s

// The deallocation passes run on a module where some op may own a buffer
// (anything that makes a memref but a view or a cast). A module of entry
// points that only view their arguments has nothing to free: its slices
// are returned as the views they are, with no clone and no deallocation.

// CHECK-LABEL: func.func @view_only
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   bufferization
//       CHECK:   %[[V:.*]] = memref.subview %arg0
//  CHECK-NEXT:   return %[[V]]
func.func @view_only(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %r = slice.strided %x[::-1] : tensor<?x8xf32> to tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// CHECK-LABEL: func.func @two_views
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   bufferization
//       CHECK:   return
func.func @two_views(%x: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x4xf32>) {
  %r = slice.strided %x[::-1] : tensor<?x8xf32> to tensor<?x8xf32>
  %s = slice.strided %x[:, 1::2] : tensor<?x8xf32> to tensor<?x4xf32>
  return %r, %s : tensor<?x8xf32>, tensor<?x4xf32>
}

// -----

// A slice of a constant is a view of a global: the caller gets a copy it
// owns (and may free), not the global itself, although nothing else in
// the module allocates.
// CHECK-LABEL: func.func @constant_view
//       CHECK:   %[[G:.*]] = memref.get_global
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<2xf32>
//       CHECK:   memref.copy %[[G]], %[[A]]
//       CHECK:   return %[[A]]
func.func @constant_view() -> tensor<2xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = slice.strided %c[::2] : tensor<4xf32> to tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// A module with a buffer to free: the slice of a value that is a fresh
// buffer on one branch and the argument on the other is copied into a
// buffer the caller owns, and the branch's buffer freed when it was made.
// CHECK-LABEL: func.func @choose
//       CHECK:   scf.if
//       CHECK:     memref.alloc() {alignment = 64 : i64} : memref<8xf32>
//       CHECK:   %[[R:.*]] = scf.if
//       CHECK:     %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     memref.copy
//       CHECK:   memref.dealloc
//       CHECK:   return %[[R]]
func.func @choose(%x: tensor<8xf32>, %c: i1) -> tensor<4xf32> {
  %r = scf.if %c -> tensor<8xf32> {
    %e = tensor.empty() : tensor<8xf32>
    %n = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %v = arith.negf %a : f32
      linalg.yield %v : f32
    } -> tensor<8xf32>
    scf.yield %n : tensor<8xf32>
  } else {
    scf.yield %x : tensor<8xf32>
  }
  %s = slice.strided %r[::2] : tensor<8xf32> to tensor<4xf32>
  return %s : tensor<4xf32>
}
