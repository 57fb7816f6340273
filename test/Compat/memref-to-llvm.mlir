// The MLIR 22 workaround of Slice/Compat/MemRefToLLVM.h: memref.load and
// memref.store lower with `nuw` (on the GEP and on the index arithmetic)
// only when every stride of the memref is statically non-negative, as
// llvm-project pull request 204309 does. A negative stride as unsigned is a
// huge number, so `index * stride` would wrap, and LLVM makes the address
// poison. `inbounds` (and so `nsw`) stays: the element is in the buffer.
//
// The CPU pipeline's last conversion:
// RUN: slice-opt %s -split-input-file --slice-finalize-to-llvm | FileCheck %s
// The kernels' conversion, convert-gpu-to-nvvm, which collects the
// patterns from the slice dialect's ConvertToLLVMPatternInterface (the
// dependency check, the GPU pipeline's first pass, loads the dialect):
// RUN: slice-opt %s -split-input-file --slice-check-pipeline-dependencies=gpu=true --convert-gpu-to-nvvm | FileCheck %s
// Upstream's own conversion, for contrast: nuw on every access.
// RUN: slice-opt %s -split-input-file --finalize-memref-to-llvm | FileCheck %s --check-prefix=UPSTREAM

// A static negative stride.
// CHECK-LABEL: func @negative
// CHECK: %[[M1:.*]] = llvm.mlir.constant(-1 : index) : i64
// CHECK: %[[I:.*]] = llvm.mul %{{.*}}, %[[M1]] overflow<nsw> : i64
// CHECK-NEXT: llvm.getelementptr inbounds %{{.*}}[%[[I]]]
// CHECK-NEXT: llvm.load
// CHECK: %[[J:.*]] = llvm.mul %{{.*}}, %{{.*}} overflow<nsw> : i64
// CHECK-NEXT: llvm.getelementptr inbounds %{{.*}}[%[[J]]]
// CHECK-NEXT: llvm.store
// CHECK-NOT: nuw
// UPSTREAM-LABEL: func @negative
// UPSTREAM: llvm.mul %{{.*}}, %{{.*}} overflow<nsw, nuw>
// UPSTREAM: llvm.getelementptr inbounds|nuw
gpu.module @negative_kernels {
  func.func @negative(%m: memref<8xf32, strided<[-1], offset: 7>>, %i: index,
                      %v: f32) -> f32 {
    %x = memref.load %m[%i] : memref<8xf32, strided<[-1], offset: 7>>
    memref.store %v, %m[%i] : memref<8xf32, strided<[-1], offset: 7>>
    return %x : f32
  }
}

// -----

// A run-time stride may be negative.
// CHECK-LABEL: func @dynamic
// CHECK: %[[I:.*]] = llvm.mul %{{.*}}, %{{.*}} overflow<nsw> : i64
// CHECK-NEXT: llvm.getelementptr inbounds %{{.*}}[%[[I]]]
// CHECK-NEXT: llvm.load
// CHECK: %[[J:.*]] = llvm.mul %{{.*}}, %{{.*}} overflow<nsw> : i64
// CHECK-NEXT: llvm.getelementptr inbounds %{{.*}}[%[[J]]]
// CHECK-NEXT: llvm.store
// CHECK-NOT: nuw
gpu.module @dynamic_kernels {
  func.func @dynamic(%m: memref<?xf32, strided<[?], offset: ?>>, %i: index,
                     %v: f32) -> f32 {
    %x = memref.load %m[%i] : memref<?xf32, strided<[?], offset: ?>>
    memref.store %v, %m[%i] : memref<?xf32, strided<[?], offset: ?>>
    return %x : f32
  }
}

// -----

// One negative stride among positive ones takes nuw off the whole access
// (its terms are added).
// CHECK-LABEL: func @mixed
// CHECK: llvm.mul %{{.*}}, %{{.*}} overflow<nsw> : i64
// CHECK: llvm.mul %{{.*}}, %{{.*}} overflow<nsw> : i64
// CHECK: llvm.add %{{.*}}, %{{.*}} overflow<nsw> : i64
// CHECK-NEXT: llvm.getelementptr inbounds %{{.*}}[%{{.*}}]
// CHECK-NEXT: llvm.load
// CHECK-NOT: nuw
gpu.module @mixed_kernels {
  func.func @mixed(%m: memref<4x8xf32, strided<[8, -1], offset: 7>>,
                   %i: index, %j: index) -> f32 {
    %x = memref.load %m[%i, %j] : memref<4x8xf32, strided<[8, -1], offset: 7>>
    return %x : f32
  }
}

// -----

// Strides known non-negative keep the flags: a positive static stride, and
// the identity layout's.
// CHECK-LABEL: func @positive
// CHECK: llvm.mul %{{.*}}, %{{.*}} overflow<nsw, nuw> : i64
// CHECK-NEXT: llvm.getelementptr inbounds|nuw
// CHECK-NEXT: llvm.load
// CHECK: llvm.mul %{{.*}}, %{{.*}} overflow<nsw, nuw> : i64
// CHECK-NEXT: llvm.getelementptr inbounds|nuw
// CHECK-NEXT: llvm.store
// CHECK: llvm.mul %{{.*}}, %{{.*}} overflow<nsw, nuw> : i64
// CHECK-NEXT: llvm.add %{{.*}}, %{{.*}} overflow<nsw, nuw> : i64
// CHECK-NEXT: llvm.getelementptr inbounds|nuw
// CHECK-NEXT: llvm.load
gpu.module @positive_kernels {
  func.func @positive(%m: memref<8xf32, strided<[2], offset: 1>>,
                      %n: memref<4x8xf32>, %i: index, %j: index,
                      %v: f32) -> f32 {
    %x = memref.load %m[%i] : memref<8xf32, strided<[2], offset: 1>>
    memref.store %v, %m[%i] : memref<8xf32, strided<[2], offset: 1>>
    %y = memref.load %n[%i, %j] : memref<4x8xf32>
    %s = arith.addf %x, %y : f32
    return %s : f32
  }
}
