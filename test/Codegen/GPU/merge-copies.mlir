// --slice-copies-to-gpu's merge-copies: consecutive copies into disjoint
// boxes of one buffer the function allocated, from buffers that cannot
// alias it, share one grid of blocks (one launch); each block runs the
// kernel of the copy its index falls in. Everything else keeps a grid per
// copy.
// RUN: slice-opt %s -split-input-file --slice-copies-to-gpu --cse | FileCheck %s
// RUN: slice-opt %s -split-input-file --slice-copies-to-gpu=merge-copies=1 --cse | FileCheck %s --check-prefix=ONE
// RUN: slice-opt %s -split-input-file --slice-copies-to-gpu=merge-copies=2 --cse | FileCheck %s --check-prefix=TWO

// Rows of a concat, parts of different shapes and kinds (vectors, reversed
// vectors): one grid; blocks below the first part's count run its kernel.
// CHECK-LABEL: func.func @rows
//   CHECK-NOT:   memref.copy
//       CHECK:   %[[FIRST:.*]] = arith.divui %{{.*}}, %c256 : index
//       CHECK:   %[[TOTAL:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
//       CHECK:   scf.parallel (%[[B:.*]]) = (%c0) to (%[[TOTAL]])
//       CHECK:     scf.parallel
//       CHECK:       %[[IN:.*]] = arith.cmpi ult, %[[B]], %[[FIRST]] : index
//       CHECK:       scf.if %[[IN]] {
//       CHECK:         vector.load
//       CHECK:       } else {
//       CHECK:         arith.subi %[[B]], %[[FIRST]] : index
//       CHECK:         vector.shuffle
//       CHECK:   processor = block_x
//   CHECK-NOT:   processor = block_x
//       CHECK:   return
// A grid per copy (and per kernel choice): the second copy's metadata
// after the first copy's grids.
// ONE-LABEL: func.func @rows
//       ONE:   processor = block_x
//       ONE:   %[[D1:.*]] = memref.subview %{{.*}}[5, 0]
//       ONE:   memref.extract_strided_metadata %[[D1]]
//       ONE:   processor = block_x
//       ONE:   return
func.func @rows(%x: memref<16x256xf32>) -> memref<16x256xf32> {
  %out = memref.alloc() : memref<16x256xf32>
  %s0 = memref.subview %x[0, 0] [5, 256] [1, 1] : memref<16x256xf32> to memref<5x256xf32, strided<[256, 1]>>
  %d0 = memref.subview %out[0, 0] [5, 256] [1, 1] : memref<16x256xf32> to memref<5x256xf32, strided<[256, 1]>>
  memref.copy %s0, %d0 : memref<5x256xf32, strided<[256, 1]>> to memref<5x256xf32, strided<[256, 1]>>
  %s1 = memref.subview %x[15, 255] [11, 256] [-1, -1] : memref<16x256xf32> to memref<11x256xf32, strided<[-256, -1], offset: 4095>>
  %d1 = memref.subview %out[5, 0] [11, 256] [1, 1] : memref<16x256xf32> to memref<11x256xf32, strided<[256, 1], offset: 1280>>
  memref.copy %s1, %d1 : memref<11x256xf32, strided<[-256, -1], offset: 4095>> to memref<11x256xf32, strided<[256, 1], offset: 1280>>
  return %out : memref<16x256xf32>
}

// -----

// Columns of a concat, rank-reducing subviews whose boxes interleave in
// memory and do not meet, from an argument and another allocation: one
// grid. merge-copies=2 splits the three into a grid of two and one.
// CHECK-LABEL: func.func @columns
//       CHECK:   %[[D2:.*]] = memref.subview %{{.*}}[0, 3, 2]
//   CHECK-NOT:   memref.copy
//       CHECK:   memref.extract_strided_metadata %[[D2]]
//       CHECK:   processor = block_x
//   CHECK-NOT:   processor = block_x
//       CHECK:   return
// TWO-LABEL: func.func @columns
//       TWO:   %[[D1:.*]] = memref.subview %{{.*}}[0, 0, 1]
//       TWO:   memref.extract_strided_metadata %[[D1]]
//       TWO:   processor = block_x
//   TWO-NOT:   processor = block_x
//       TWO:   %[[D2:.*]] = memref.subview %{{.*}}[0, 3, 2]
//       TWO:   processor = block_x
//       TWO:   return
func.func @columns(%x: memref<7x7xf32>, %y: memref<7x2xf32>) -> memref<7x7x4xf32> {
  %t = gpu.alloc () : memref<7x2xf32>
  memref.copy %y, %t : memref<7x2xf32> to memref<7x2xf32>
  %out = gpu.alloc () : memref<7x7x4xf32>
  %d0 = memref.subview %out[0, 0, 0] [7, 7, 1] [1, 1, 1] : memref<7x7x4xf32> to memref<7x7xf32, strided<[28, 4]>>
  memref.copy %x, %d0 : memref<7x7xf32> to memref<7x7xf32, strided<[28, 4]>>
  %d1 = memref.subview %out[0, 0, 1] [7, 7, 1] [1, 1, 1] : memref<7x7x4xf32> to memref<7x7xf32, strided<[28, 4], offset: 1>>
  memref.copy %x, %d1 : memref<7x7xf32> to memref<7x7xf32, strided<[28, 4], offset: 1>>
  %d2 = memref.subview %out[0, 3, 2] [7, 1, 2] [1, 1, 1] : memref<7x7x4xf32> to memref<7x2xf32, strided<[28, 1], offset: 14>>
  memref.copy %t, %d2 : memref<7x2xf32> to memref<7x2xf32, strided<[28, 1], offset: 14>>
  return %out : memref<7x7x4xf32>
}

// -----

// Boxes that meet (row 4 twice): the second copy must run after the
// first, a grid each.
// CHECK-LABEL: func.func @overlap
//       CHECK:   processor = block_x
//       CHECK:   %[[D1:.*]] = memref.subview %{{.*}}[4, 0]
//       CHECK:   memref.extract_strided_metadata %[[D1]]
//       CHECK:   processor = block_x
//       CHECK:   return
func.func @overlap(%x: memref<16x256xf32>) -> memref<16x256xf32> {
  %out = memref.alloc() : memref<16x256xf32>
  %s0 = memref.subview %x[0, 0] [5, 256] [1, 1] : memref<16x256xf32> to memref<5x256xf32, strided<[256, 1]>>
  %d0 = memref.subview %out[0, 0] [5, 256] [1, 1] : memref<16x256xf32> to memref<5x256xf32, strided<[256, 1]>>
  memref.copy %s0, %d0 : memref<5x256xf32, strided<[256, 1]>> to memref<5x256xf32, strided<[256, 1]>>
  %d1 = memref.subview %out[4, 0] [5, 256] [1, 1] : memref<16x256xf32> to memref<5x256xf32, strided<[256, 1], offset: 1024>>
  memref.copy %s0, %d1 : memref<5x256xf32, strided<[256, 1]>> to memref<5x256xf32, strided<[256, 1], offset: 1024>>
  return %out : memref<16x256xf32>
}

// -----

// The target is an argument (another argument may alias it), the second
// pair reads the buffer it writes, the third pair has a store between its
// copies: a grid per copy in each.
// CHECK-LABEL: func.func @argument_target
//       CHECK:   processor = block_x
//       CHECK:   %[[D1:.*]] = memref.subview %{{.*}}[2, 0]
//       CHECK:   memref.extract_strided_metadata %[[D1]]
//       CHECK:   processor = block_x
//       CHECK:   return
func.func @argument_target(%x: memref<2x256xf32>, %out: memref<4x256xf32>) {
  %d0 = memref.subview %out[0, 0] [2, 256] [1, 1] : memref<4x256xf32> to memref<2x256xf32, strided<[256, 1]>>
  memref.copy %x, %d0 : memref<2x256xf32> to memref<2x256xf32, strided<[256, 1]>>
  %d1 = memref.subview %out[2, 0] [2, 256] [1, 1] : memref<4x256xf32> to memref<2x256xf32, strided<[256, 1], offset: 512>>
  memref.copy %x, %d1 : memref<2x256xf32> to memref<2x256xf32, strided<[256, 1], offset: 512>>
  return
}

// CHECK-LABEL: func.func @reads_target
//       CHECK:   processor = block_x
//       CHECK:   %[[D1:.*]] = memref.subview %{{.*}}[2, 0]
//       CHECK:   memref.extract_strided_metadata %[[D1]]
//       CHECK:   processor = block_x
//       CHECK:   return
func.func @reads_target(%x: memref<2x256xf32>) -> memref<4x256xf32> {
  %out = memref.alloc() : memref<4x256xf32>
  %d0 = memref.subview %out[0, 0] [2, 256] [1, 1] : memref<4x256xf32> to memref<2x256xf32, strided<[256, 1]>>
  memref.copy %x, %d0 : memref<2x256xf32> to memref<2x256xf32, strided<[256, 1]>>
  %d1 = memref.subview %out[2, 0] [2, 256] [1, 1] : memref<4x256xf32> to memref<2x256xf32, strided<[256, 1], offset: 512>>
  memref.copy %d0, %d1 : memref<2x256xf32, strided<[256, 1]>> to memref<2x256xf32, strided<[256, 1], offset: 512>>
  return %out : memref<4x256xf32>
}

// CHECK-LABEL: func.func @store_between
//       CHECK:   processor = block_x
//       CHECK:   %[[D1:.*]] = memref.subview %{{.*}}[2, 0]
//       CHECK:   memref.extract_strided_metadata %[[D1]]
//       CHECK:   processor = block_x
//       CHECK:   return
func.func @store_between(%x: memref<2x256xf32>, %v: f32) -> memref<4x256xf32> {
  %c0 = arith.constant 0 : index
  %out = memref.alloc() : memref<4x256xf32>
  %d0 = memref.subview %out[0, 0] [2, 256] [1, 1] : memref<4x256xf32> to memref<2x256xf32, strided<[256, 1]>>
  memref.copy %x, %d0 : memref<2x256xf32> to memref<2x256xf32, strided<[256, 1]>>
  memref.store %v, %x[%c0, %c0] : memref<2x256xf32>
  %d1 = memref.subview %out[2, 0] [2, 256] [1, 1] : memref<4x256xf32> to memref<2x256xf32, strided<[256, 1], offset: 512>>
  memref.copy %x, %d1 : memref<2x256xf32> to memref<2x256xf32, strided<[256, 1], offset: 512>>
  return %out : memref<4x256xf32>
}
