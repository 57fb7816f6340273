// RUN: slice-opt %s -split-input-file --slice-lower-copies="outline=false nontemporal-bytes=0" | FileCheck %s

// outline=false: populateSliceCopyLoweringPatterns expands each copy in
// place, no copy function.
// CHECK-LABEL: func.func @reversed_inner
//   CHECK-NOT:   call
//       CHECK:   scf.for
//       CHECK:     vector.shuffle {{.*}} [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
//       CHECK:     vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
//       CHECK:   llvm.fence seq_cst
//       CHECK:   return
//   CHECK-NOT: func.func private @__slice_copy
func.func @reversed_inner(%src: memref<3x1000xf32, strided<[1000, -1], offset: 999>>, %dst: memref<3x1000xf32>) {
  memref.copy %src, %dst : memref<3x1000xf32, strided<[1000, -1], offset: 999>> to memref<3x1000xf32>
  return
}

// -----

// The patterns, too, store into a buffer allocated just before without
// streaming; linalg.copy is lowered the same way.
// CHECK-LABEL: func.func @fresh_target
//       CHECK:   memref.alloc
//   CHECK-NOT:   nontemporal
//   CHECK-NOT:   linalg.copy
//       CHECK:   vector.shuffle
//   CHECK-NOT:   nontemporal
//       CHECK:   return
func.func @fresh_target(%src: memref<64x64xf32, strided<[64, -1], offset: 63>>) -> memref<64x64xf32> {
  %fresh = memref.alloc() : memref<64x64xf32>
  linalg.copy ins(%src : memref<64x64xf32, strided<[64, -1], offset: 63>>) outs(%fresh : memref<64x64xf32>)
  return %fresh : memref<64x64xf32>
}

// -----

// Contiguous copies become or stay memref.copy; empty ones go; copies on
// tensors stay.
// CHECK-LABEL: func.func @left_alone
//  CHECK-SAME:     (%[[A:.*]]: memref<?x8xf32>, %[[B:.*]]: memref<?x8xf32>,
//       CHECK:   memref.copy %[[A]], %[[B]] : memref<?x8xf32> to memref<?x8xf32>
//   CHECK-NOT:   memref.copy
//       CHECK:   linalg.copy ins(%{{.*}} : tensor<4xf32>)
func.func @left_alone(%a: memref<?x8xf32>, %b: memref<?x8xf32>, %e: memref<4x0xf32, strided<[-1, 1], offset: 3>>, %f: memref<4x0xf32>, %t: tensor<4xf32>, %u: tensor<4xf32>) -> tensor<4xf32> {
  linalg.copy ins(%a : memref<?x8xf32>) outs(%b : memref<?x8xf32>)
  memref.copy %e, %f : memref<4x0xf32, strided<[-1, 1], offset: 3>> to memref<4x0xf32>
  %r = linalg.copy ins(%t : tensor<4xf32>) outs(%u : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
