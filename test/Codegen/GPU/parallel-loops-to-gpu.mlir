// RUN: slice-opt %s --split-input-file --slice-parallel-loops-to-gpu | FileCheck %s
// RUN: slice-opt %s --split-input-file --slice-parallel-loops-to-gpu=vector-bytes=1 | FileCheck %s --check-prefix=SCALAR
// RUN: not slice-opt %s --split-input-file --slice-parallel-loops-to-gpu=block-size=0 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not slice-opt %s --split-input-file --slice-parallel-loops-to-gpu=vector-bytes=12 2>&1 | FileCheck %s --check-prefix=BAD-VECTOR
// BAD: slice-parallel-loops-to-gpu: block-size must be 1 to 1024 and vector-bytes 1, 4, 8 or 16, got block-size=0 vector-bytes=16
// BAD-VECTOR: slice-parallel-loops-to-gpu: block-size must be 1 to 1024 and vector-bytes 1, 4, 8 or 16, got block-size=256 vector-bytes=12

// A 2-D element-wise loop: blocks of 256 threads over the row-major
// iteration space, delinearized in the thread, guarded by the count; the
// whole nest only when the space is not empty. Where the row length is a
// multiple of 4 (f32 in 16 bytes), each thread takes 4 consecutive
// elements of a row, the product on vectors: each memref is read or
// written by one vector access where its layout allows (decided on the
// host: innermost stride 1, aligned runs) and element by element
// otherwise. Other row lengths take one element per thread.
// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>)
// CHECK: %[[COLS:.*]] = memref.dim %[[A]], %c1
// CHECK: %[[COUNT:.*]] = arith.muli
// CHECK: %[[FLAT_A:.*]] = memref.reinterpret_cast
// CHECK: %[[FLAT_B:.*]] = memref.reinterpret_cast
// CHECK: %[[ROWS_OF_4:.*]] = arith.andi %[[COLS]], %c3
// CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %[[ROWS_OF_4]]
// CHECK: scf.if
// CHECK: scf.if %[[WHOLE]] {
// CHECK: %[[CHUNKS:.*]] = arith.divui %[[COUNT]], %c4
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: arith.cmpi ult, %{{.*}}, %[[CHUNKS]]
// CHECK: vector.load %[[FLAT_A]]{{.*}} {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: memref.load %[[FLAT_A]]
// CHECK: vector.from_elements
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: vector.store %{{.*}}, %[[FLAT_B]]{{.*}} {alignment = 16 : i64}
// CHECK: vector.extract
// CHECK: memref.store %{{.*}}, %[[FLAT_B]]
// CHECK: processor = thread_x
// CHECK: processor = block_x
// CHECK: } else {
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: %[[E:.*]] = arith.addi
// CHECK: arith.cmpi ult, %[[E]], %[[COUNT]]
// CHECK: arith.remui %[[E]]
// CHECK: arith.divui %[[E]]
// CHECK: memref.load %[[A]]
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: memref.store {{.*}}, %[[B]]
// CHECK: processor = thread_x
// CHECK: processor = block_x
// SCALAR-LABEL: func.func @elementwise(
// SCALAR-NOT: vector
// SCALAR: memref.load
// SCALAR-NOT: vector
// SCALAR: return
func.func @elementwise(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    %v = memref.load %a[%i, %j] : memref<?x?xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %b[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  return
}

// -----

// A statically empty loop launches nothing.
// CHECK-LABEL: func.func @empty(
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @empty(%a: memref<0xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c0) step (%c1) {
    memref.store %f, %a[%i] : memref<0xf32>
    scf.reduce
  }
  return
}

// -----

// Loops with reductions are left to upstream.
// CHECK-LABEL: func.func @negative_reduction(
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init
// CHECK-NOT: processor
func.func @negative_reduction(%a: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%z) -> f32 {
    %v = memref.load %a[%i] : memref<8xf32>
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// -----

// A stride of -1 reads (and writes) a run of lanes as one vector, reversed
// by a shuffle; a value from outside the loop is broadcast, and so is a
// condition that does not vary.
// CHECK-LABEL: func.func @reversed(
// CHECK: scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK: %[[LOW:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK: %[[V:.*]] = vector.load %{{.*}}[%[[LOW]]] {alignment = 16 : i64}
// CHECK: vector.shuffle %[[V]], %[[V]] [3, 2, 1, 0]
// CHECK: } else {
// CHECK: vector.from_elements
// CHECK: vector.broadcast %{{.*}} : f32 to vector<4xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: vector.broadcast %{{.*}} : i1 to vector<4xi1>
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
// CHECK: vector.store
func.func @reversed(%a: memref<?xf32, strided<[-1], offset: ?>>,
                    %b: memref<?xf32>, %s: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32, strided<[-1], offset: ?>>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32, strided<[-1], offset: ?>>
    %w = arith.mulf %v, %s : f32
    %x = arith.select %c, %w, %v : f32
    memref.store %x, %b[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// Lanes are counted for the widest element: f16 read 4 at a time (8-byte
// vectors) to make f32 in 16-byte ones.
// CHECK-LABEL: func.func @widths(
// CHECK: vector.load %{{.*}} {alignment = 8 : i64} : memref<?xf16>, vector<4xf16>
// CHECK: arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
func.func @widths(%a: memref<8x12xf16>, %b: memref<8x12xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c12) step (%c1, %c1) {
    %v = memref.load %a[%i, %j] : memref<8x12xf16>
    %w = arith.extf %v : f16 to f32
    memref.store %w, %b[%i, %j] : memref<8x12xf32>
    scf.reduce
  }
  return
}

// -----

// Bodies that are not element-wise on their memrefs get one iteration per
// thread: a load that broadcasts along a dimension, an iteration variable
// used as a value, sub-byte elements.
// CHECK-LABEL: func.func @negative_broadcast(
// CHECK-NOT: vector
// CHECK: return
func.func @negative_broadcast(%a: memref<8xf32>, %b: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    %v = memref.load %a[%j] : memref<8xf32>
    memref.store %v, %b[%i, %j] : memref<4x8xf32>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @negative_index_value(
// CHECK-NOT: vector
// CHECK: return
func.func @negative_index_value(%b: memref<8xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %b[%i] : memref<8xi64>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @negative_bits(
// CHECK-NOT: vector
// CHECK: return
func.func @negative_bits(%a: memref<8xi1>, %b: memref<8xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %a[%i] : memref<8xi1>
    memref.store %v, %b[%i] : memref<8xi1>
    scf.reduce
  }
  return
}

// -----

// The two halves of a concat's consumer (what --slice-split-concat-
// consumers leaves: each half reads both halves of %x, writes its own
// half of %out): one grid of twice the blocks, block b running half b % 2
// (block b / 2 of it), so that the blocks reading the same sectors of %x
// run side by side; the halves are apart, so the order does not matter.
// (16 x 64 elements a half: 256 vectors of 4, one block each.)
// CHECK-LABEL: func.func @concat_halves(
// CHECK: scf.parallel (%[[B:.*]]) = (%c0{{.*}}) to (%c2{{.*}}) step
// CHECK:   scf.parallel (%[[T:.*]]) = (%c0{{.*}}) to (%c256{{.*}}) step
// CHECK:     %[[K:.*]] = arith.remui %[[B]], %c2
// CHECK:     %[[LOCAL:.*]] = arith.divui %[[B]], %c2
// CHECK:     %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %c0
// CHECK:     scf.if %[[FIRST]] {
// CHECK:       arith.muli %[[LOCAL]], %c256
// CHECK:       arith.negf {{.*}} : vector<4xf32>
// CHECK:     } else {
// CHECK:       arith.muli %[[LOCAL]], %c256
// CHECK-NOT: arith.negf
// CHECK:       vector.store
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @concat_halves(%x: memref<16x128xf32>) -> memref<16x128xf32> {
  %out = memref.alloc() : memref<16x128xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %lo = memref.subview %x[0, 0] [16, 64] [1, 1] : memref<16x128xf32> to memref<16x64xf32, strided<[128, 1]>>
  %hi = memref.subview %x[0, 64] [16, 64] [1, 1] : memref<16x128xf32> to memref<16x64xf32, strided<[128, 1], offset: 64>>
  %out_lo = memref.subview %out[0, 0] [16, 64] [1, 1] : memref<16x128xf32> to memref<16x64xf32, strided<[128, 1]>>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c64) step (%c1, %c1) {
    %a = memref.load %lo[%i, %j] : memref<16x64xf32, strided<[128, 1]>>
    %b = memref.load %hi[%i, %j] : memref<16x64xf32, strided<[128, 1], offset: 64>>
    %n = arith.negf %b : f32
    %s = arith.addf %a, %n : f32
    memref.store %s, %out_lo[%i, %j] : memref<16x64xf32, strided<[128, 1]>>
    scf.reduce
  }
  %out_hi = memref.subview %out[0, 64] [16, 64] [1, 1] : memref<16x128xf32> to memref<16x64xf32, strided<[128, 1], offset: 64>>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c64) step (%c1, %c1) {
    %a = memref.load %hi[%i, %j] : memref<16x64xf32, strided<[128, 1], offset: 64>>
    %b = memref.load %lo[%i, %j] : memref<16x64xf32, strided<[128, 1]>>
    %s = arith.addf %a, %b : f32
    memref.store %s, %out_hi[%i, %j] : memref<16x64xf32, strided<[128, 1], offset: 64>>
    scf.reduce
  }
  return %out : memref<16x128xf32>
}

// -----

// Loops of different sizes into parts of a new buffer: one grid, the
// second loop's blocks after the first's (block b of the grid is block
// b - 1 of the second from block 1 on). Arguments may alias each other:
// loops reading one and writing another are apart from a new buffer's
// writers only.
// CHECK-LABEL: func.func @uneven(
// CHECK: scf.parallel (%[[B:.*]]) = (%c0{{.*}}) to (%c5{{.*}}) step
// CHECK:   %[[AFTER:.*]] = arith.cmpi slt, %[[B]], %c1
// CHECK:   scf.if
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @uneven(%x: memref<1000xf32>, %y: memref<4096xf32>) -> memref<5096xf32> {
  %out = memref.alloc() : memref<5096xf32>
  %a = memref.subview %out[0] [1000] [1] : memref<5096xf32> to memref<1000xf32, strided<[1]>>
  %b = memref.subview %out[1000] [4096] [1] : memref<5096xf32> to memref<4096xf32, strided<[1], offset: 1000>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %c1000 = arith.constant 1000 : index
  scf.parallel (%i) = (%c0) to (%c1000) step (%c1) {
    %v = memref.load %x[%i] : memref<1000xf32>
    memref.store %v, %a[%i] : memref<1000xf32, strided<[1]>>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
    %v = memref.load %y[%i] : memref<4096xf32>
    %w = arith.negf %v : f32
    memref.store %w, %b[%i] : memref<4096xf32, strided<[1], offset: 1000>>
    scf.reduce
  }
  return %out : memref<5096xf32>
}

// -----

// The second loop reads what the first writes: two grids, in order. And
// loops with an allocation between them, or writing arguments: two grids.
// CHECK-LABEL: func.func @dependent(
// CHECK-NOT: arith.remui %{{.*}}, %c2
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: return
func.func @dependent(%x: memref<64xf32>, %t: memref<64xf32>, %y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %v = memref.load %x[%i] : memref<64xf32>
    memref.store %v, %t[%i] : memref<64xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %v = memref.load %t[%i] : memref<64xf32>
    memref.store %v, %y[%i] : memref<64xf32>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @allocation_between(
// CHECK-NOT: arith.remui %{{.*}}, %c2
// CHECK: return
func.func @allocation_between(%x: memref<64xf32>, %y: memref<64xf32>) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %v = memref.load %x[%i] : memref<64xf32>
    memref.store %v, %y[%i] : memref<64xf32>
    scf.reduce
  }
  %z = memref.alloc() : memref<64xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %v = memref.load %x[%i] : memref<64xf32>
    memref.store %v, %z[%i] : memref<64xf32>
    scf.reduce
  }
  return %z : memref<64xf32>
}
