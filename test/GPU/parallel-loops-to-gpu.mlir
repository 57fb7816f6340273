// RUN: slice-opt %s --split-input-file --slice-parallel-loops-to-gpu | FileCheck %s
// RUN: not slice-opt %s --split-input-file --slice-parallel-loops-to-gpu=block-size=0 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: slice-parallel-loops-to-gpu: block-size must be 1 to 1024, got 0

// A 2-D element-wise loop: blocks of 256 threads over the row-major
// iteration space, delinearized in the thread, guarded by the count; the
// whole nest only when the space is not empty.
// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>)
// CHECK: %[[COUNT:.*]] = arith.muli
// CHECK: scf.if
// CHECK: scf.parallel (%[[BLOCK:.*]]) =
// CHECK: scf.parallel (%[[THREAD:.*]]) =
// CHECK: %[[E:.*]] = arith.addi
// CHECK: arith.cmpi ult, %[[E]], %[[COUNT]]
// CHECK: arith.remui %[[E]]
// CHECK: arith.divui %[[E]]
// CHECK: memref.load %[[A]]
// CHECK: memref.store {{.*}}, %[[B]]
// CHECK: processor = thread_x
// CHECK: processor = block_x
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

// Loops with reductions, and loops already mapped, are left to upstream.
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
