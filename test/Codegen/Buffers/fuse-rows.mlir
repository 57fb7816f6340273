// RUN: slice-opt %s -split-input-file --slice-fuse-rows | FileCheck %s

// Softmax over rows as --slice-to-buffers leaves it: the row maxima, exp,
// the row sums and the division, four loop nests over the whole input.
// One loop over the rows runs the six ops on each row; the row maxima and
// sums, which nothing else reads, take one row's worth of memory (a 0-d
// buffer), allocated once.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: memref<64x128xf32, strided<[?, ?], offset: ?>>, %[[OUT:.*]]: memref<64x128xf32>)
// CHECK: %[[ACC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<f32>
// CHECK: scf.for %[[I:.*]] = %c0 to %c64 step %c1 {
// CHECK:   linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = []} ins(%{{.*}} : f32) outs(%[[ACC]] : memref<f32>)
// CHECK:   %[[ROW:.*]] = memref.subview %[[X]][%[[I]], 0] [1, 128] [1, 1] : {{.*}} to memref<128xf32, strided<[?], offset: ?>>
// CHECK:   linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[ROW]] : {{.*}}) outs(%[[ACC]] : memref<f32>)
// CHECK:   %[[DST:.*]] = memref.subview %[[OUT]][%[[I]], 0] [1, 128] [1, 1]
// CHECK:   linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[ROW]], %[[ACC]] : {{.*}}) outs(%[[DST]] : {{.*}})
// CHECK:     math.exp
// CHECK:   linalg.generic {{.*}} outs(%[[ACC]] : memref<f32>)
// CHECK:   linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[DST]] : {{.*}}) outs(%[[ACC]] : memref<f32>)
// CHECK:   linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[DST]], %[[ACC]] : {{.*}}) outs(%[[DST]] : {{.*}})
// CHECK:     arith.divf
// CHECK: }
// CHECK: memref.dealloc %[[ACC]] : memref<f32>
// CHECK-NOT: memref.alloc
func.func @softmax(%x: memref<64x128xf32, strided<[?, ?], offset: ?>>, %out: memref<64x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %nan = arith.constant 0xFFC00000 : f32
  %acc = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.fill ins(%nan : f32) outs(%acc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32, strided<[?, ?], offset: ?>>) outs(%acc : memref<64xf32>) {
  ^bb0(%in: f32, %a: f32):
    %m = arith.maxnumf %in, %a : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %acc : memref<64x128xf32, strided<[?, ?], offset: ?>>, memref<64xf32>) outs(%out : memref<64x128xf32>) {
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

// x - x.mean(0): the column means need every row before the first
// difference, so the ops keep their own loops.
// CHECK-LABEL: func.func @column_mean
// CHECK-NOT: scf.for
// CHECK: return
func.func @column_mean(%x: memref<64x128xf32>, %out: memref<64x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<128xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<128xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<64x128xf32>) outs(%acc : memref<128xf32>) {
  ^bb0(%in: f32, %a: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %acc : memref<64x128xf32>, memref<128xf32>) outs(%out : memref<64x128xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    linalg.yield %d : f32
  }
  memref.dealloc %acc : memref<128xf32>
  return
}

// -----

// The row sums of x, then x divided by the sums of the row reversed: a
// row's consumer reads other rows' sums, so the ops keep their loops.
// CHECK-LABEL: func.func @other_rows
// CHECK-NOT: scf.for
// CHECK: return
func.func @other_rows(%x: memref<64x128xf32>, %out: memref<64x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32>) outs(%acc : memref<64xf32>) {
  ^bb0(%in: f32, %a: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s : f32
  }
  %rev = memref.subview %acc[63] [64] [-1] : memref<64xf32> to memref<64xf32, strided<[-1], offset: 63>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %rev : memref<64x128xf32>, memref<64xf32, strided<[-1], offset: 63>>) outs(%out : memref<64x128xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  }
  memref.dealloc %acc : memref<64xf32>
  return
}

// -----

// Rows of run-time count: the same extent, proven from the shared source
// of the two buffers' sizes; the sums' buffer is returned, so it stays
// whole and each row writes its element.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK: %[[N:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK:   memref.subview %{{.*}}[%{{.*}}] [1] [1] : memref<?xf32> to memref<f32, strided<[], offset: ?>>
// CHECK: return
func.func @dynamic_rows(%x: memref<?x128xf32>, %out: memref<?x128xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?x128xf32>
  %acc = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x128xf32>) outs(%acc : memref<?xf32>) {
  ^bb0(%in: f32, %a: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %acc : memref<?x128xf32>, memref<?xf32>) outs(%out : memref<?x128xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  }
  return %acc : memref<?xf32>
}

// -----

// The copy of the input, the row sums and the division: both the copy and
// the sums shrink to one row (their allocation joins the run), each row
// buffer freed where the buffer it stands for was, in the same order; the
// scan of the block survives the deallocations it was about to visit going
// away.
// CHECK-LABEL: func.func @deallocs_after
// CHECK: %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[ROW:.*]] = memref.alloc() : memref<f32>
// CHECK: scf.for
// CHECK:   linalg.generic {{.*}} outs(%[[T]] : memref<4xf32>)
// CHECK: memref.dealloc %[[T]] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %[[ROW]] : memref<f32>
// CHECK-NEXT: return
func.func @deallocs_after(%x: memref<4x4xf32>, %out: memref<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<4x4xf32>
  linalg.copy ins(%x : memref<4x4xf32>) outs(%t : memref<4x4xf32>)
  %acc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%t : memref<4x4xf32>) outs(%acc : memref<4xf32>) {
  ^bb0(%in: f32, %a: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%t, %acc : memref<4x4xf32>, memref<4xf32>) outs(%out : memref<4x4xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %q = arith.divf %in, %s : f32
    linalg.yield %q : f32
  }
  memref.dealloc %t : memref<4x4xf32>
  memref.dealloc %acc : memref<4xf32>
  return
}
