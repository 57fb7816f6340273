// slice-forward-mpi-buffers: an mpi.recv into a fresh buffer that one
// memref.copy then copies into a contiguous view receives into the view
// directly, and an mpi.send of a fresh buffer that one memref.copy filled
// from a contiguous view sends from the view; the buffer and the copy go.
// A view with gaps or a negative stride keeps its copy.
// RUN: slice-opt %s -split-input-file --slice-forward-mpi-buffers | FileCheck %s

// CHECK-LABEL: func.func @recv_into_rows
// CHECK-SAME: (%[[ACC:.*]]: memref<8x6xf32>, %[[AT:.*]]: index, %[[N:.*]]: index, %[[COUNT:.*]]: index
// CHECK-NOT: memref.alloc
// CHECK: %[[ROWS:.*]] = memref.subview %[[ACC]][%[[AT]], 0] [%[[N]], 6] [1, 1]
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[ROWS]]
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[OFFSET]]], sizes: [%[[COUNT]]], strides: [1] : memref<f32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: mpi.recv(%[[FLAT]]
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @recv_into_rows(%acc: memref<8x6xf32>, %at: index, %n: index, %count: index, %comm: !mpi.comm) {
  %tag = arith.constant 0 : i32
  %tmp = memref.alloc(%n) : memref<?x6xf32>
  %flat = memref.reinterpret_cast %tmp to offset: [0], sizes: [%count], strides: [1] : memref<?x6xf32> to memref<?xf32>
  mpi.recv(%flat, %tag, %tag, %comm) : memref<?xf32>, i32, i32
  %rows = memref.subview %acc[%at, 0] [%n, 6] [1, 1] : memref<8x6xf32> to memref<?x6xf32, strided<[6, 1], offset: ?>>
  memref.copy %tmp, %rows : memref<?x6xf32> to memref<?x6xf32, strided<[6, 1], offset: ?>>
  memref.dealloc %tmp : memref<?x6xf32>
  return
}

// -----

// Columns are not contiguous: the copy stays.
// CHECK-LABEL: func.func @recv_into_columns
// CHECK: memref.alloc
// CHECK: mpi.recv
// CHECK: memref.copy
func.func @recv_into_columns(%acc: memref<8x6xf32>, %count: index, %comm: !mpi.comm) {
  %tag = arith.constant 0 : i32
  %tmp = memref.alloc() : memref<8x3xf32>
  %flat = memref.reinterpret_cast %tmp to offset: [0], sizes: [%count], strides: [1] : memref<8x3xf32> to memref<?xf32>
  mpi.recv(%flat, %tag, %tag, %comm) : memref<?xf32>, i32, i32
  %cols = memref.subview %acc[0, 3] [8, 3] [1, 1] : memref<8x6xf32> to memref<8x3xf32, strided<[6, 1], offset: 3>>
  memref.copy %tmp, %cols : memref<8x3xf32> to memref<8x3xf32, strided<[6, 1], offset: 3>>
  memref.dealloc %tmp : memref<8x3xf32>
  return
}

// -----

// A send of rows in order goes straight from the source; reversed rows
// are packed as before.
// CHECK-LABEL: func.func @sends
// CHECK-SAME: (%[[X:.*]]: memref<8x6xf32>
// CHECK: %[[ROWS:.*]] = memref.subview %[[X]][2, 0] [4, 6] [1, 1]
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[ROWS]]
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[OFFSET]]]
// CHECK: mpi.send(%[[FLAT]]
// CHECK: %[[PACK:.*]] = memref.alloc() : memref<4x6xf32>
// CHECK: memref.copy %{{.*}}, %[[PACK]]
// CHECK: %[[PFLAT:.*]] = memref.reinterpret_cast %[[PACK]]
// CHECK: mpi.send(%[[PFLAT]]
func.func @sends(%x: memref<8x6xf32>, %count: index, %comm: !mpi.comm) {
  %tag = arith.constant 0 : i32
  %rows = memref.subview %x[2, 0] [4, 6] [1, 1] : memref<8x6xf32> to memref<4x6xf32, strided<[6, 1], offset: 12>>
  %tmp = memref.alloc() : memref<4x6xf32>
  memref.copy %rows, %tmp : memref<4x6xf32, strided<[6, 1], offset: 12>> to memref<4x6xf32>
  %flat = memref.reinterpret_cast %tmp to offset: [0], sizes: [%count], strides: [1] : memref<4x6xf32> to memref<?xf32>
  mpi.send(%flat, %tag, %tag, %comm) : memref<?xf32>, i32, i32
  memref.dealloc %tmp : memref<4x6xf32>
  %back = memref.subview %x[5, 0] [4, 6] [-1, 1] : memref<8x6xf32> to memref<4x6xf32, strided<[-6, 1], offset: 30>>
  %pack = memref.alloc() : memref<4x6xf32>
  memref.copy %back, %pack : memref<4x6xf32, strided<[-6, 1], offset: 30>> to memref<4x6xf32>
  %pflat = memref.reinterpret_cast %pack to offset: [0], sizes: [%count], strides: [1] : memref<4x6xf32> to memref<?xf32>
  mpi.send(%pflat, %tag, %tag, %comm) : memref<?xf32>, i32, i32
  memref.dealloc %pack : memref<4x6xf32>
  return
}
