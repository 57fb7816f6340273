// RUN: slice-opt %s -split-input-file --slice-fuse-rows=lone-reductions=true --slice-rows-to-gpu | FileCheck %s

// Softmax over rows (the ops --slice-to-buffers leaves), fused by row,
// then one launch of a block of 256 threads per row: the row maximum and
// sum are partial results per thread combined in shared memory (a tree of
// halving steps between barriers) into a register; exp(x - max) is never
// stored: the sum and the division compute it where they read it, and the
// one store of the result is the division's.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: memref<64x128xf32>, %[[OUT:.*]]: memref<64x128xf32>)
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch blocks(%[[ROW:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c64, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%[[NT:.*]] = %c256, {{.*}} workgroup(%[[SHARED:.*]] : memref<256xf32, #gpu.address_space<workgroup>>)
// CHECK:   %[[XROW:.*]] = memref.subview %[[X]][%[[ROW]], 0] [1, 128] [1, 1]
// CHECK:   %[[MAX:.*]] = scf.for %{{.*}} = %[[T]] to %{{.*}} step %[[NT]] iter_args
// CHECK:     memref.load %[[XROW]]
// CHECK:     arith.maxnumf
// CHECK:   memref.store %[[MAX]], %[[SHARED]][%[[T]]]
// CHECK:   gpu.barrier
// CHECK-COUNT-8: arith.maxnumf
// CHECK:   %[[SUM:.*]] = scf.for %{{.*}} = %[[T]] to %{{.*}} step %[[NT]] iter_args
// CHECK:     memref.load %[[XROW]]
// CHECK:     math.exp
// CHECK:     arith.addf
// CHECK-NOT: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<128xf32
// CHECK:   scf.for %[[J:.*]] = %[[T]] to %{{.*}} step %[[NT]] {
// CHECK:     math.exp
// CHECK:     arith.divf
// CHECK:     memref.store %{{.*}}, %{{.*}}[%[[J]]] : memref<128xf32
// CHECK:   gpu.terminator
func.func @softmax(%x: memref<64x128xf32>, %out: memref<64x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %nan = arith.constant 0xFFC00000 : f32
  %acc = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.fill ins(%nan : f32) outs(%acc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32>) outs(%acc : memref<64xf32>) {
  ^bb0(%in: f32, %a: f32):
    %m = arith.maxnumf %in, %a : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %acc : memref<64x128xf32>, memref<64xf32>) outs(%out : memref<64x128xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  }
  linalg.fill ins(%zero : f32) outs(%acc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%out : memref<64x128xf32>) outs(%acc : memref<64xf32>) {
  ^bb0(%in: f32, %a: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%out, %acc : memref<64x128xf32>, memref<64xf32>) outs(%out : memref<64x128xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  }
  memref.dealloc %acc : memref<64xf32>
  return
}

// -----

// A row sum into a buffer the function returns: each block's thread 0
// stores the row's total.
// CHECK-LABEL: func.func @row_sum
// CHECK: gpu.launch
// CHECK:   %[[DST:.*]] = memref.subview %{{.*}}[%{{.*}}] [1] [1] : memref<?xf32> to memref<f32, strided<[], offset: ?>>
// CHECK:   scf.if
// CHECK:     memref.store %{{.*}}, %[[DST]][]
// CHECK:   scf.for
// CHECK:   gpu.barrier
// CHECK:     memref.store %{{.*}}, %[[DST]][]
// CHECK-NEXT:   }
// CHECK-NEXT:   gpu.terminator
func.func @row_sum(%x: memref<?x?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %acc = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%acc : memref<?xf32>) {
  ^bb0(%in: f32, %a: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s : f32
  }
  return %acc : memref<?xf32>
}

// -----

// A row sum added to what the buffer holds: every thread reads the
// row's start value before the first barrier, since thread 0 stores the
// new total over it after the last one (a warp that read it later would
// count the row twice).
// CHECK-LABEL: func.func @row_accumulate
// CHECK: gpu.launch
// CHECK:   %[[DST:.*]] = memref.subview %{{.*}}[%{{.*}}] [1] [1] : memref<?xf32> to memref<f32, strided<[], offset: ?>>
// CHECK:   %[[START:.*]] = memref.load %[[DST]][]
// CHECK:   scf.for
// CHECK:   gpu.barrier
// CHECK-NOT: memref.load %[[DST]]
// CHECK:   %[[TOTAL:.*]] = arith.addf %{{.*}}, %[[START]] : f32
// CHECK:   scf.if
// CHECK-NEXT: memref.store %[[TOTAL]], %[[DST]][]
// CHECK:   gpu.terminator
func.func @row_accumulate(%x: memref<?x?xf32>, %acc: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%acc : memref<?xf32>) {
  ^bb0(%in: f32, %a: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The row sums of a 3-D view over its last dimension: two loops are left
// per row, which the kernel does not take, so the ops keep their own
// loops (and no loop over rows is made for them).
// CHECK-LABEL: func.func @three_dims
// CHECK-NOT: gpu.launch
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @three_dims(%x: memref<4x5x6xf32>, %acc: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%acc : memref<4x5xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x5x6xf32>) outs(%acc : memref<4x5xf32>) {
  ^bb0(%in: f32, %a: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Rows too long for a block (100,000 elements, more than 64 a thread of
// 1,024) are split across blocks: 4 slabs of 25,024 elements (32-element
// aligned), a row's slabs the grid's y. The first launch stores each
// slab's sum, the second adds a row's 4 in slab order, and thread 0 of
// the first slab stores the row's sum.
// CHECK-LABEL: func.func @long_row_sum
// CHECK: %[[PARTS:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT: %[[SLABS:.*]] = arith.constant 4 : index
// CHECK-NEXT: gpu.launch blocks(%[[ROW:.*]], %[[SLAB:.*]], %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %[[SLABS]], %{{.*}} = %{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in
// CHECK:   %[[SLAB_LENGTH:.*]] = arith.constant 25024 : index
// CHECK-NEXT:   %[[BEGIN:.*]] = arith.muli %[[SLAB]], %[[SLAB_LENGTH]]
// CHECK:   %[[LEFT:.*]] = arith.subi %{{.*}}, %[[BEGIN]]
// CHECK-NEXT:   %[[LIMIT:.*]] = arith.minsi %[[LEFT]], %[[SLAB_LENGTH]]
// CHECK-NEXT:   scf.for %[[K:.*]] = %[[T]] to %[[LIMIT]] step %{{.*}} iter_args
// CHECK-NEXT:     arith.addi %[[BEGIN]], %[[K]]
// CHECK:   gpu.barrier
// CHECK:   %[[AT_ROW:.*]] = arith.muli %[[ROW]], %{{.*}}
// CHECK-NEXT:   %[[AT:.*]] = arith.addi %[[AT_ROW]], %[[SLAB]]
// CHECK-NEXT:   scf.if
// CHECK-NEXT:     memref.store %{{.*}}, %[[PARTS]][%[[AT]]] : memref<?xf32>
// CHECK:   gpu.terminator
// CHECK: gpu.launch
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:     memref.load %[[PARTS]][%{{.*}}] : memref<?xf32>
// CHECK-NEXT:     arith.addf
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:   arith.andi %[[FIRST]], %{{.*}} : i1
// CHECK-NEXT:   scf.if
// CHECK-NEXT:     memref.store
// CHECK:   gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK: memref.dealloc %[[PARTS]]
func.func @long_row_sum(%x: memref<4x100000xf32>) -> memref<4xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x100000xf32>) outs(%acc : memref<4xf32>) {
  ^bb0(%in: f32, %a: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s : f32
  }
  return %acc : memref<4xf32>
}

// -----

// A sum into what a buffer held before: a later launch would read what
// the first slab's block stored, so the row stays one block's, one launch.
// CHECK-LABEL: func.func @long_row_accumulate
// CHECK: gpu.launch
// CHECK-NOT: gpu.launch
func.func @long_row_accumulate(%x: memref<4x100000xf32>, %acc: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x100000xf32>) outs(%acc : memref<4xf32>) {
  ^bb0(%in: f32, %a: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s : f32
  }
  return
}
