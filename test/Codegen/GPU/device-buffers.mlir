// RUN: slice-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(slice-device-buffers))' | FileCheck %s

// Buffers become device buffers; the one returned stays (the caller owns
// it), the temporary is freed before the return, a dealloc becomes a
// device free.
// CHECK-LABEL: func.func @buffers(
// CHECK: %[[TMP:.*]] = gpu.alloc (%{{.*}}) : memref<?x4xf32>
// CHECK: %[[OUT:.*]] = gpu.alloc () : memref<2x4xf32>
// CHECK: %[[FREED:.*]] = gpu.alloc () : memref<8xf32>
// CHECK: gpu.dealloc %[[FREED]] : memref<8xf32>
// CHECK: memref.copy
// CHECK-NOT: gpu.dealloc %[[FREED]]
// CHECK: gpu.dealloc %[[TMP]] : memref<?x4xf32>
// CHECK-NOT: gpu.dealloc %[[OUT]]
// CHECK: return %[[OUT]]
func.func @buffers(%x: memref<8x4xf32>, %n: index) -> memref<2x4xf32> {
  %tmp = memref.alloc(%n) : memref<?x4xf32>
  %out = memref.alloc() : memref<2x4xf32>
  %freed = memref.alloc() : memref<8xf32>
  memref.dealloc %freed : memref<8xf32>
  %v = memref.subview %tmp[0, 0] [2, 4] [1, 1] : memref<?x4xf32> to memref<2x4xf32, strided<[4, 1]>>
  memref.copy %v, %out : memref<2x4xf32, strided<[4, 1]>> to memref<2x4xf32>
  return %out : memref<2x4xf32>
}

// -----

// A view of a buffer that escapes keeps the buffer alive.
// CHECK-LABEL: func.func @escaping_view(
// CHECK: %[[BUF:.*]] = gpu.alloc () : memref<8xf32>
// CHECK-NOT: gpu.dealloc
// CHECK: return
func.func @escaping_view() -> memref<4xf32, strided<[2]>> {
  %buf = memref.alloc() : memref<8xf32>
  %v = memref.subview %buf[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  return %v : memref<4xf32, strided<[2]>>
}

// -----

// A constant tensor's data is copied to the device where it is used, and
// the copy freed.
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
// CHECK-LABEL: func.func @constant(
// CHECK: %[[HOST:.*]] = memref.get_global @table : memref<4xf32>
// CHECK: %[[DEV:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.memcpy %[[DEV]], %[[HOST]] : memref<4xf32>, memref<4xf32>
// CHECK: memref.copy %[[DEV]], %arg0
// CHECK: gpu.dealloc %[[DEV]]
func.func @constant(%out: memref<4xf32>) {
  %t = memref.get_global @table : memref<4xf32>
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  return
}

// -----

// Element accesses on the host would dereference device pointers.
func.func @host_load(%x: memref<8xf32>, %i: index) -> f32 {
  // expected-error @+1 {{'memref.load' reads or writes the device buffer <block argument> of type 'memref<8xf32>' at index: 0 on the host; the GPU pipeline runs element accesses only in kernels}}
  %v = memref.load %x[%i] : memref<8xf32>
  return %v : f32
}

// -----

// Stack buffers stay on the host and may be accessed there.
// CHECK-LABEL: func.func @stack(
// CHECK: memref.alloca
// CHECK: memref.store
func.func @stack(%v: f32) {
  %a = memref.alloca() : memref<1xf32>
  %c0 = arith.constant 0 : index
  memref.store %v, %a[%c0] : memref<1xf32>
  return
}

// -----

// A temporary made in each step of a loop (and in a branch) is freed at
// the end of its step (of its branch): not once per call, and not never.
// CHECK-LABEL: func.func @step_temporaries(
//       CHECK:   scf.for
//       CHECK:     %[[T:.*]] = gpu.alloc () : memref<1x8xf32>
//       CHECK:     memref.copy %{{.*}}, %[[T]]
//       CHECK:     scf.if
//       CHECK:       %[[U:.*]] = gpu.alloc () : memref<8xf32>
//       CHECK:       gpu.dealloc %[[U]] : memref<8xf32>
//  CHECK-NEXT:     }
//  CHECK-NEXT:     memref.copy %[[T]]
//  CHECK-NEXT:     gpu.dealloc %[[T]] : memref<1x8xf32>
//  CHECK-NEXT:   }
func.func @step_temporaries(%x: memref<4x8xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %row = memref.subview %x[%i, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
    %t = memref.alloc() : memref<1x8xf32>
    memref.copy %row, %t : memref<1x8xf32, strided<[8, 1], offset: ?>> to memref<1x8xf32>
    %next = arith.addi %i, %c1 : index
    %to = memref.subview %x[%next, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
    scf.if %flag {
      %u = memref.alloc() : memref<8xf32>
      %flat = memref.collapse_shape %t [[0, 1]] : memref<1x8xf32> into memref<8xf32>
      memref.copy %flat, %u : memref<8xf32> to memref<8xf32>
    }
    memref.copy %t, %to : memref<1x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
  }
  return
}
