// --slice-sink-into-launches: upstream's
// --gpu-launch-sink-index-computations (the same ops cloned into each
// launch, in the same order), the uses rewritten by one walk of each body.
// RUN: slice-opt %s -split-input-file --slice-sink-into-launches > %t.ours
// RUN: slice-opt %s -split-input-file --gpu-launch-sink-index-computations > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: FileCheck %s < %t.ours

// Constants shared by two launches: each gets its own; the launch sizes
// keep the outer ones.
// CHECK-LABEL: func.func @shared_constants
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   gpu.launch blocks({{.*}}) in ({{.*}} = %[[C4]],
//  CHECK-NEXT:     %[[K4:.*]] = arith.constant 4 : index
//  CHECK-NEXT:     %[[K1:.*]] = arith.constant 1.0{{.*}} : f32
//  CHECK-NEXT:     %[[I:.*]] = arith.muli %{{.*}}, %[[K4]] : index
//  CHECK-NEXT:     memref.store %[[K1]], %{{.*}}[%[[I]]]
//       CHECK:   gpu.launch
//  CHECK-NEXT:     arith.constant 4 : index
//  CHECK-NEXT:     arith.constant 1.0{{.*}} : f32
func.func @shared_constants(%m: memref<64xf32>) {
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %i = arith.muli %bx, %c4 : index
    memref.store %one, %m[%i] : memref<64xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %i = arith.muli %tx, %c4 : index
    memref.store %one, %m[%i] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// An index computation moves with what it needs (a dim of an argument
// the kernel already takes, a constant); an addition stays outside and
// becomes the kernel's argument.
// CHECK-LABEL: func.func @index_computation
//       CHECK:   %[[ADD:.*]] = arith.addi
//       CHECK:   gpu.launch
//  CHECK-NEXT:     %[[V:.*]] = arith.constant 2.0
//  CHECK-NEXT:     %[[C0:.*]] = arith.constant 0 : index
//  CHECK-NEXT:     %[[D:.*]] = memref.dim %{{.*}}, %[[C0]]
//  CHECK-NEXT:     %[[LT:.*]] = arith.cmpi slt, %{{.*}}, %[[D]]
//  CHECK-NEXT:     %[[S:.*]] = arith.select %[[LT]], %{{.*}}, %[[D]]
//  CHECK-NEXT:     memref.store %[[V]], %{{.*}}[%[[S]]]
//  CHECK-NEXT:     memref.store %[[V]], %{{.*}}[%[[ADD]]]
//  CHECK-NEXT:     memref.store %[[V]], %{{.*}}[%{{.*}}]
func.func @index_computation(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  %lt = arith.cmpi slt, %n, %d : index
  %s = arith.select %lt, %n, %d : index
  %a = arith.addi %n, %c1 : index
  %v = arith.constant 2.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %v, %m[%s] : memref<?xf32>
    memref.store %v, %m[%a] : memref<?xf32>
    memref.store %v, %m[%n] : memref<?xf32>
    gpu.terminator
  }
  return
}

// -----

// Launches nested in control flow, and a launch with nothing to sink.
// CHECK-LABEL: func.func @nested
//       CHECK:   scf.if
//       CHECK:     gpu.launch
//  CHECK-NEXT:       arith.constant 3 : index
//       CHECK:   gpu.launch
//  CHECK-NEXT:     memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<8xf32>
func.func @nested(%m: memref<8xf32>, %c: i1, %v: f32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.if %c {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      memref.store %v, %m[%c3] : memref<8xf32>
      gpu.terminator
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %v, %m[%tx] : memref<8xf32>
    gpu.terminator
  }
  return
}
