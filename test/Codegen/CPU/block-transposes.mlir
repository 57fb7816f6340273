// RUN: slice-opt %s -split-input-file --slice-block-transposes | FileCheck %s

// x[::-1, :].T copied (linalg.transpose on buffers): blocks of 32 x 32, the
// input's rows (the innermost loop) outside, the result's inside, partial
// blocks at the ends; each block a copy of the op on subviews.
// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[X:.*]]: memref<100x70xf32>, %[[OUT:.*]]: memref<70x100xf32>)
// CHECK: %[[V:.*]] = memref.reinterpret_cast %[[X]]
// CHECK: scf.for %[[J:.*]] = %c0 to %c100 step %c32
// CHECK: %[[JN:.*]] = arith.minsi %c32, %{{.*}} : index
// CHECK: scf.for %[[I:.*]] = %c0 to %c70 step %c32
// CHECK: %[[IN:.*]] = arith.minsi %c32, %{{.*}} : index
// CHECK: %[[SRC:.*]] = memref.subview %[[V]][%[[J]], %[[I]]] [%[[JN]], %[[IN]]] [1, 1]
// CHECK: %[[DST:.*]] = memref.subview %[[OUT]][%[[I]], %[[J]]] [%[[IN]], %[[JN]]] [1, 1]
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%[[SRC]] : {{.*}}) outs(%[[DST]] : {{.*}})
// CHECK-NOT: linalg.transpose
func.func @transpose(%x: memref<100x70xf32>, %out: memref<70x100xf32>) {
  %v = memref.reinterpret_cast %x to offset: [6930], sizes: [100, 70], strides: [-70, 1]
      : memref<100x70xf32> to memref<100x70xf32, strided<[-70, 1], offset: 6930>>
  linalg.transpose ins(%v : memref<100x70xf32, strided<[-70, 1], offset: 6930>>)
      outs(%out : memref<70x100xf32>) permutation = [1, 0]
  return
}

// -----

// Each block reads 32 rows of the input at once, 32 streams, more than the
// hardware prefetchers follow: the lines of the next block along the
// result's rows (its rows of the input, up to 32 elements of each) are
// prefetched first, one a cache line, 16 / |inner stride| elements apart
// (at least 1; the stride read from the view where it is known only at
// run time); none past the input's last column.
// CHECK-LABEL: func.func @prefetch_next_block
// CHECK-SAME: (%[[X:.*]]: memref<100x?xf32, strided<[?, ?], offset: ?>>,
// CHECK: %[[DIM:.*]] = memref.dim %[[X]], %c1
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %c100 step %c32
// CHECK: %[[JN:.*]] = arith.minsi %c32, %{{.*}} : index
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[DIM]] step %c32
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: %[[LEFT:.*]] = arith.subi %[[DIM]], %[[NEXT]] : index
// CHECK: %[[COUNT:.*]] = arith.minsi %{{.*}}, %[[LEFT]] : index
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[X]]
// CHECK: %[[NEG:.*]] = arith.subi %{{.*}}, %[[STRIDES]]#1 : index
// CHECK: %[[ABS:.*]] = arith.maxsi %[[STRIDES]]#1, %[[NEG]] : index
// CHECK: %[[NONZERO:.*]] = arith.maxsi %[[ABS]], %{{.*}} : index
// CHECK: %[[PER_LINE:.*]] = arith.divsi %c16, %[[NONZERO]] : index
// CHECK: %[[STEP:.*]] = arith.maxsi %{{.*}}, %[[PER_LINE]] : index
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[JN]] step %{{.*}} {
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %[[COUNT]] step %[[STEP]] {
// CHECK: %[[ROW:.*]] = arith.addi %[[J]], %[[R]] : index
// CHECK: %[[COL:.*]] = arith.addi %[[NEXT]], %[[C]] : index
// CHECK: memref.prefetch %[[X]][%[[ROW]], %[[COL]]], read, locality<3>, data
// CHECK: linalg.generic
func.func @prefetch_next_block(%x: memref<100x?xf32, strided<[?, ?], offset: ?>>, %out: memref<?x100xf32>) {
  linalg.transpose ins(%x : memref<100x?xf32, strided<[?, ?], offset: ?>>)
      outs(%out : memref<?x100xf32>) permutation = [1, 0]
  return
}

// -----

// Three dimensions, the last two swapped, with a body: the batch loop one
// step at a time outermost, then the blocks.
#in = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batched
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c1
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c32
// CHECK: scf.for %{{.*}} = %c0 to %c48 step %c32
// CHECK: linalg.generic
// CHECK: math.absf
func.func @batched(%x: memref<4x64x48xf32>, %out: memref<4x48x64xf32>) {
  linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : memref<4x64x48xf32>) outs(%out : memref<4x48x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.absf %a : f32
    linalg.yield %v : f32
  }
  return
}

// -----

// Left as they are: reads along rows (no transpose), a broadcast of a
// column (the innermost loop does not move the input), a reduction, and a
// transpose in place (the input views the result's buffer: blocks would
// change which elements are read before they are written).
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: scf.for
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT: scf.for
func.func @left_alone(%x: memref<64x48xf32>, %c: memref<64xf32>, %out: memref<64x48xf32>, %r: memref<64xf32>, %sq: memref<64x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sq : memref<64x64xf32>) outs(%sq : memref<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64x48xf32>) outs(%out : memref<64x48xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64xf32>) outs(%out : memref<64x48xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [#id, #col], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x48xf32>) outs(%r : memref<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  return
}
