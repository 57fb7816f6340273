// --slice-batch-copies: runs of alike copies between two buffers, at
// offsets that step by a constant, as one copy with one more dimension;
// everything else left as it is.
// RUN: slice-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(slice-batch-copies))' | FileCheck %s

// The parts of a concat of reversed rows: one copy of 4 x 1 x 256.
// CHECK-LABEL: func.func @rows
//       CHECK:   %[[OUT:.*]] = memref.alloc() : memref<4x256xf32>
//       CHECK:   %[[SRC:.*]] = memref.reinterpret_cast %{{.*}} to offset: [255], sizes: [4, 1, 256], strides: [256, 256, -1]
//       CHECK:   %[[DST:.*]] = memref.reinterpret_cast %[[OUT]] to offset: [0], sizes: [4, 1, 256], strides: [256, 256, 1]
//       CHECK:   memref.copy %[[SRC]], %[[DST]]
//   CHECK-NOT:   memref.copy
//       CHECK:   return
func.func @rows(%x: memref<4x256xf32>) -> memref<4x256xf32> {
  %s0 = memref.subview %x[0, 255] [1, 256] [1, -1] : memref<4x256xf32> to memref<1x256xf32, strided<[256, -1], offset: 255>>
  %s1 = memref.subview %x[1, 255] [1, 256] [1, -1] : memref<4x256xf32> to memref<1x256xf32, strided<[256, -1], offset: 511>>
  %s2 = memref.subview %x[2, 255] [1, 256] [1, -1] : memref<4x256xf32> to memref<1x256xf32, strided<[256, -1], offset: 767>>
  %s3 = memref.subview %x[3, 255] [1, 256] [1, -1] : memref<4x256xf32> to memref<1x256xf32, strided<[256, -1], offset: 1023>>
  %out = memref.alloc() : memref<4x256xf32>
  %d0 = memref.subview %out[0, 0] [1, 256] [1, 1] : memref<4x256xf32> to memref<1x256xf32, strided<[256, 1]>>
  memref.copy %s0, %d0 : memref<1x256xf32, strided<[256, -1], offset: 255>> to memref<1x256xf32, strided<[256, 1]>>
  %d1 = memref.subview %out[1, 0] [1, 256] [1, 1] : memref<4x256xf32> to memref<1x256xf32, strided<[256, 1], offset: 256>>
  memref.copy %s1, %d1 : memref<1x256xf32, strided<[256, -1], offset: 511>> to memref<1x256xf32, strided<[256, 1], offset: 256>>
  %d2 = memref.subview %out[2, 0] [1, 256] [1, 1] : memref<4x256xf32> to memref<1x256xf32, strided<[256, 1], offset: 512>>
  memref.copy %s2, %d2 : memref<1x256xf32, strided<[256, -1], offset: 767>> to memref<1x256xf32, strided<[256, 1], offset: 512>>
  %d3 = memref.subview %out[3, 0] [1, 256] [1, 1] : memref<4x256xf32> to memref<1x256xf32, strided<[256, 1], offset: 768>>
  memref.copy %s3, %d3 : memref<1x256xf32, strided<[256, -1], offset: 1023>> to memref<1x256xf32, strided<[256, 1], offset: 768>>
  return %out : memref<4x256xf32>
}

// -----

// Parts along the last dimension (ConvNeXt's concat of 1x7x7x1 parts):
// they interleave, and no two write one element: one copy, a step of 1.
// CHECK-LABEL: func.func @interleaved
//       CHECK:   memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [3, 7, 7], strides: [49, 7, 1]
//       CHECK:   memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [3, 7, 7], strides: [1, 21, 3]
//       CHECK:   memref.copy
//   CHECK-NOT:   memref.copy
func.func @interleaved(%x: memref<3x7x7xf32>) -> memref<7x7x3xf32> {
  %out = gpu.alloc () : memref<7x7x3xf32>
  %s0 = memref.subview %x[0, 0, 0] [1, 7, 7] [1, 1, 1] : memref<3x7x7xf32> to memref<7x7xf32, strided<[7, 1]>>
  %d0 = memref.subview %out[0, 0, 0] [7, 7, 1] [1, 1, 1] : memref<7x7x3xf32> to memref<7x7xf32, strided<[21, 3]>>
  memref.copy %s0, %d0 : memref<7x7xf32, strided<[7, 1]>> to memref<7x7xf32, strided<[21, 3]>>
  %s1 = memref.subview %x[1, 0, 0] [1, 7, 7] [1, 1, 1] : memref<3x7x7xf32> to memref<7x7xf32, strided<[7, 1], offset: 49>>
  %d1 = memref.subview %out[0, 0, 1] [7, 7, 1] [1, 1, 1] : memref<7x7x3xf32> to memref<7x7xf32, strided<[21, 3], offset: 1>>
  memref.copy %s1, %d1 : memref<7x7xf32, strided<[7, 1], offset: 49>> to memref<7x7xf32, strided<[21, 3], offset: 1>>
  %s2 = memref.subview %x[2, 0, 0] [1, 7, 7] [1, 1, 1] : memref<3x7x7xf32> to memref<7x7xf32, strided<[7, 1], offset: 98>>
  %d2 = memref.subview %out[0, 0, 2] [7, 7, 1] [1, 1, 1] : memref<7x7x3xf32> to memref<7x7xf32, strided<[21, 3], offset: 2>>
  memref.copy %s2, %d2 : memref<7x7xf32, strided<[7, 1], offset: 98>> to memref<7x7xf32, strided<[21, 3], offset: 2>>
  return %out : memref<7x7x3xf32>
}

// -----

// Into an argument (the source might alias it), and windows of two rows
// one row apart (two parts would write one element): the copies stay.
// CHECK-LABEL: func.func @left_alone
//   CHECK-NOT: reinterpret_cast
// CHECK-COUNT-4: memref.copy
//   CHECK-NOT: memref.copy
func.func @left_alone(%x: memref<4x8xf32>, %y: memref<4x8xf32>) -> memref<4x8xf32> {
  %s0 = memref.subview %x[0, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1]>>
  %s1 = memref.subview %x[1, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1], offset: 8>>
  %y0 = memref.subview %y[0, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1]>>
  %y1 = memref.subview %y[1, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1], offset: 8>>
  memref.copy %s0, %y0 : memref<1x8xf32, strided<[8, 1]>> to memref<1x8xf32, strided<[8, 1]>>
  memref.copy %s1, %y1 : memref<1x8xf32, strided<[8, 1], offset: 8>> to memref<1x8xf32, strided<[8, 1], offset: 8>>
  %out = memref.alloc() : memref<4x8xf32>
  %w0 = memref.subview %out[0, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1]>>
  %w1 = memref.subview %out[1, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  %x0 = memref.subview %x[0, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1]>>
  %x1 = memref.subview %x[2, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 16>>
  memref.copy %x0, %w0 : memref<2x8xf32, strided<[8, 1]>> to memref<2x8xf32, strided<[8, 1]>>
  memref.copy %x1, %w1 : memref<2x8xf32, strided<[8, 1], offset: 16>> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  return %out : memref<4x8xf32>
}

// -----

// Rows 0, 1 and 3: the first two step evenly and become one copy; the
// third does not continue them.
// CHECK-LABEL: func.func @uneven
//       CHECK:   memref.reinterpret_cast %{{.*}} sizes: [2, 1, 8], strides: [8, 8, 1]
//       CHECK:   memref.reinterpret_cast %{{.*}} sizes: [2, 1, 8], strides: [8, 8, 1]
//       CHECK:   memref.copy
//       CHECK:   memref.copy %{{.*}} : memref<1x8xf32, strided<[8, 1], offset: 16>> to memref<1x8xf32, strided<[8, 1], offset: 24>>
//   CHECK-NOT:   memref.copy
func.func @uneven(%x: memref<4x8xf32>) -> memref<4x8xf32> {
  %s0 = memref.subview %x[0, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1]>>
  %s1 = memref.subview %x[1, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1], offset: 8>>
  %s2 = memref.subview %x[2, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1], offset: 16>>
  %out = memref.alloc() : memref<4x8xf32>
  %o0 = memref.subview %out[0, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1]>>
  %o1 = memref.subview %out[1, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1], offset: 8>>
  %o3 = memref.subview %out[3, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1], offset: 24>>
  memref.copy %s0, %o0 : memref<1x8xf32, strided<[8, 1]>> to memref<1x8xf32, strided<[8, 1]>>
  memref.copy %s1, %o1 : memref<1x8xf32, strided<[8, 1], offset: 8>> to memref<1x8xf32, strided<[8, 1], offset: 8>>
  memref.copy %s2, %o3 : memref<1x8xf32, strided<[8, 1], offset: 16>> to memref<1x8xf32, strided<[8, 1], offset: 24>>
  return %out : memref<4x8xf32>
}
