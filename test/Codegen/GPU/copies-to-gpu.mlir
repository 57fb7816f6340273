// RUN: slice-opt %s -split-input-file --slice-copies-to-gpu --cse | FileCheck %s
// RUN: slice-opt %s -split-input-file --slice-copies-to-gpu=block-size=128 --cse | FileCheck %s --check-prefix=B128

// Contiguous rows of a dense buffer: the strides are static, so only the
// two pointers' alignment is left to the host. Aligned: thread t of block
// b moves the 16-byte vector (b * 256 + t) of the target.
// CHECK-LABEL: func.func @static_rows(
// CHECK-SAME: %[[SRC:.*]]: memref<64x128xf32>, %[[DST:.*]]: memref<16x128xf32>)
// CHECK: %[[SRCFLAT:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [3072], strides: [1]
// CHECK: %[[DSTFLAT:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [2048], strides: [1]
// CHECK: memref.extract_aligned_pointer_as_index %[[DSTFLAT]]
// CHECK: memref.extract_aligned_pointer_as_index %[[SRCFLAT]]
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK: scf.parallel (%[[B:.*]]) = (%c0) to (%c2) step (%c1) {
// CHECK: scf.parallel (%[[T:.*]]) = (%c0) to (%c256) step (%c1) {
// CHECK: %[[BT:.*]] = arith.muli %[[B]], %c256
// CHECK: %[[CHUNK:.*]] = arith.addi %[[BT]], %[[T]]
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[CHUNK]], %c512
// CHECK: scf.if %[[IN]] {
// CHECK: %[[E:.*]] = arith.muli %[[CHUNK]], %c4
// CHECK: %[[S:.*]] = arith.addi %[[E]], %c1024
// CHECK: %[[V:.*]] = vector.load %[[SRCFLAT]][%[[S]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: vector.store %[[V]], %[[DSTFLAT]][%[[E]]] {alignment = 16 : i64}
// CHECK: mapping = [#gpu.loop_dim_map<processor = thread_x
// CHECK: mapping = [#gpu.loop_dim_map<processor = block_x
// An unaligned source: scalar loads packed into the aligned store.
// CHECK: } else {
// CHECK-COUNT-4: memref.load %[[SRCFLAT]]
// CHECK: vector.from_elements
// CHECK: vector.store {{.*}} {alignment = 16 : i64}
// An unaligned target: one element per thread, 8 blocks of 256.
// CHECK: } else {
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c8) step (%c1)
// CHECK: memref.load
// CHECK: memref.store
// CHECK-NOT: memref.copy
// B128-LABEL: func.func @static_rows(
// B128: scf.parallel (%{{.*}}) = (%c0) to (%c4) step (%c1)
// B128: scf.parallel (%{{.*}}) = (%c0) to (%c128) step (%c1)
func.func @static_rows(%src: memref<64x128xf32>, %dst: memref<16x128xf32>) {
  %v = memref.subview %src[8, 0] [16, 128] [1, 1] : memref<64x128xf32> to memref<16x128xf32, strided<[128, 1], offset: 1024>>
  memref.copy %v, %dst : memref<16x128xf32, strided<[128, 1], offset: 1024>> to memref<16x128xf32>
  return
}

// -----

// A fresh gpu.alloc is aligned: no check of the target's pointer. A
// reversed row: the aligned vector whose top element starts the run,
// reversed by a shuffle.
// CHECK-LABEL: func.func @reversed_into_fresh(
// CHECK: %[[DST:.*]] = gpu.alloc () : memref<8x64xf32>
// CHECK-COUNT-1: memref.extract_aligned_pointer_as_index
// CHECK-NOT: memref.extract_aligned_pointer_as_index
// CHECK: scf.if
// CHECK: %[[LOW:.*]] = arith.subi %{{.*}}, %c3
// CHECK: %[[V:.*]] = vector.load %{{.*}}[%[[LOW]]] {alignment = 16 : i64}
// CHECK: vector.shuffle %[[V]], %[[V]] [3, 2, 1, 0]
// CHECK: } else {
// CHECK: vector.from_elements
// CHECK: return %[[DST]]
func.func @reversed_into_fresh(%src: memref<8x64xf32>) -> memref<8x64xf32> {
  %v = memref.subview %src[0, 63] [8, 64] [1, -1] : memref<8x64xf32> to memref<8x64xf32, strided<[64, -1], offset: 63>>
  %dst = gpu.alloc () : memref<8x64xf32>
  memref.copy %v, %dst : memref<8x64xf32, strided<[64, -1], offset: 63>> to memref<8x64xf32>
  return %dst : memref<8x64xf32>
}

// -----

// Layouts known only at run time: the host tests the run length, every
// offset and stride and both pointers, and picks one of four kernels; the
// kernel delinearizes by the run-time row length.
// CHECK-LABEL: func.func @dynamic(
// CHECK: %[[N:.*]] = arith.muli %sizes_{{[0-9]+}}#0, %sizes_{{[0-9]+}}#1
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi ne, %[[N]], %c0
// CHECK: scf.if %[[NONEMPTY]] {
// CHECK: arith.remui
// CHECK: arith.divui
// CHECK: vector.load {{.*}} {alignment = 16 : i64}
// CHECK: vector.shuffle
// CHECK: vector.from_elements
// CHECK: memref.store
// CHECK-NOT: memref.copy
func.func @dynamic(%src: memref<?x?xf32, strided<[?, ?], offset: ?>>, %dst: memref<?x?xf32>) {
  memref.copy %src, %dst : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32>
  return
}

// -----

// i1 (a byte per element in memory, packed in vectors): one element per
// thread; linalg.copy on buffers too.
// CHECK-LABEL: func.func @booleans(
// CHECK-NOT: vector.
// CHECK: memref.load {{.*}} : memref<?xi1>
// CHECK: memref.store {{.*}} : memref<?xi1>
// CHECK-NOT: linalg.copy
func.func @booleans(%src: memref<16x16xi1>, %dst: memref<16x8xi1>) {
  %v = memref.subview %src[0, 0] [16, 8] [1, 2] : memref<16x16xi1> to memref<16x8xi1, strided<[16, 2]>>
  linalg.copy ins(%v : memref<16x8xi1, strided<[16, 2]>>) outs(%dst : memref<16x8xi1>)
  return
}

// -----

// Known to be empty: nothing is launched. One element: one thread.
// CHECK-LABEL: func.func @empty_and_single(
// CHECK-NOT: memref.copy
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c1) step (%c1)
// CHECK: arith.cmpi ult, %{{.*}}, %c1
// CHECK: memref.load
// CHECK: memref.store
// CHECK-NOT: memref.copy
func.func @empty_and_single(%a: memref<0x4xf32>, %b: memref<0x4xf32>, %c: memref<1x1xf32, strided<[?, ?], offset: ?>>, %d: memref<1x1xf32>) {
  memref.copy %a, %b : memref<0x4xf32> to memref<0x4xf32>
  memref.copy %c, %d : memref<1x1xf32, strided<[?, ?], offset: ?>> to memref<1x1xf32>
  return
}

// -----

// Memrefs no buffer holds (more elements than int64 counts, an element
// past index INT64_MAX): the copy never runs, nothing is launched
// (docs/reliability.md, finding 15).
// CHECK-LABEL: func.func @beyond_any_buffer(
// CHECK-NOT: memref.copy
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @beyond_any_buffer(%a: memref<4611686018427387904x9223372036854775807xindex>, %b: memref<4611686018427387904x9223372036854775807xindex>,
                             %c: memref<2xf32, strided<[9223372036854775807], offset: 1>>, %d: memref<2xf32>) {
  memref.copy %a, %b : memref<4611686018427387904x9223372036854775807xindex> to memref<4611686018427387904x9223372036854775807xindex>
  memref.copy %c, %d : memref<2xf32, strided<[9223372036854775807], offset: 1>> to memref<2xf32>
  return
}

// -----

// Unranked memrefs are left alone.
// CHECK-LABEL: func.func @unranked(
// CHECK: memref.copy
func.func @unranked(%a: memref<*xf32>, %b: memref<*xf32>) {
  memref.copy %a, %b : memref<*xf32> to memref<*xf32>
  return
}
