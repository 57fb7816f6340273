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
