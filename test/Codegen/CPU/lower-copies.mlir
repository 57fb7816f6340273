// RUN: slice-opt %s -split-input-file --slice-lower-copies | FileCheck %s
// RUN: slice-opt %s -split-input-file --slice-lower-copies="nontemporal-bytes=0" | FileCheck %s --check-prefix=NT
// RUN: slice-opt %s -split-input-file --slice-lower-copies="parallel-bytes=4096" | FileCheck %s --check-prefix=PAR
// RUN: slice-opt %s -split-input-file --slice-lower-copies="nontemporal-bytes=0 parallel-bytes=0" | FileCheck %s --check-prefix=PARNT

// Both memrefs contiguous: upstream lowers the copy to one memcpy; it stays.
// CHECK-LABEL: func.func @negative_contiguous_stays
//       CHECK:   memref.copy %{{.*}}, %{{.*}} : memref<4x16xf32, strided<[16, 1], offset: 16>> to memref<4x16xf32>
//   CHECK-NOT:   call
//       CHECK:   return
func.func @negative_contiguous_stays(%src: memref<4x16xf32, strided<[16, 1], offset: 16>>, %dst: memref<4x16xf32>) {
  memref.copy %src, %dst : memref<4x16xf32, strided<[16, 1], offset: 16>> to memref<4x16xf32>
  return
}

// -----

// A linalg.copy between contiguous memrefs becomes that memref.copy.
// CHECK-LABEL: func.func @linalg_copy_contiguous
//  CHECK-SAME:     (%[[SRC:.*]]: memref<?x8xf32>, %[[DST:.*]]: memref<?x8xf32>)
//       CHECK:   memref.copy %[[SRC]], %[[DST]]
//   CHECK-NOT:   linalg.copy
func.func @linalg_copy_contiguous(%src: memref<?x8xf32>, %dst: memref<?x8xf32>) {
  linalg.copy ins(%src : memref<?x8xf32>) outs(%dst : memref<?x8xf32>)
  return
}

// -----

// On tensors, linalg.copy is not a buffer copy: left alone.
// CHECK-LABEL: func.func @negative_tensor_copy
//       CHECK:   linalg.copy ins(%{{.*}} : tensor<4xf32>)
func.func @negative_tensor_copy(%src: tensor<4xf32>, %dst: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.copy ins(%src : tensor<4xf32>) outs(%dst : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// x[::-1, :] with short rows: one run per row, vector loads and stores.
// The copy becomes a call to an internal copy function.
// CHECK-LABEL: func.func @reversed_rows
//       CHECK:   call @[[FN:__slice_copy.*]](%{{.*}}, %{{.*}}) :
//       CHECK: func.func private @[[FN]]
//  CHECK-SAME:     llvm.linkage = #llvm.linkage<internal>
//       CHECK:   %[[FLAT:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [128], strides: [1]
//       CHECK:   scf.for %[[ROW:.*]] =
//       CHECK:     %[[RS:.*]] = arith.muli %[[ROW]], %{{.*}}-16
//       CHECK:     %[[START:.*]] = arith.addi %[[RS]], %{{.*}}112
//       CHECK:     vector.load %[[FLAT]][%[[START]]{{.*}} vector<16xf32>
//   CHECK-NOT:     vector.shuffle
//       CHECK:     vector.store
//   CHECK-NOT:   memref.copy
func.func @reversed_rows(%src: memref<8x16xf32, strided<[-16, 1], offset: 112>>, %dst: memref<8x16xf32>) {
  memref.copy %src, %dst : memref<8x16xf32, strided<[-16, 1], offset: 112>> to memref<8x16xf32>
  return
}

// -----

// Rows of at least 256 bytes: one memcpy per row.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<4x128xf32, strided<[-128, 1], offset: 384>>
//       CHECK:   scf.for
//       CHECK:     "llvm.intr.memcpy"
//   CHECK-NOT:     vector.load
func.func @long_rows(%src: memref<4x128xf32, strided<[-128, 1], offset: 384>>, %dst: memref<4x128xf32>) {
  memref.copy %src, %dst : memref<4x128xf32, strided<[-128, 1], offset: 384>> to memref<4x128xf32>
  return
}

// -----

// x[:, ::-1]: vector loads reversed by a shuffle; the unrolled main loop
// moves four vectors an iteration, then one vector, then scalars.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<3x1000xf32, strided<[1000, -1], offset: 999>>
//       CHECK:   scf.for
//       CHECK:     scf.for {{.*}} step %c64
// CHECK-COUNT-4:     vector.shuffle {{.*}} [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
//       CHECK:     scf.for {{.*}} step %c16
//       CHECK:       vector.shuffle
//       CHECK:     scf.for {{.*}} step %c1
//       CHECK:       memref.load
//       CHECK:       memref.store
func.func @reversed_inner(%src: memref<3x1000xf32, strided<[1000, -1], offset: 999>>, %dst: memref<3x1000xf32>) {
  memref.copy %src, %dst : memref<3x1000xf32, strided<[1000, -1], offset: 999>> to memref<3x1000xf32>
  return
}

// -----

// Reversed in both dimensions: contiguous across rows in both memrefs, so
// the two dimensions merge into one run of 32 (no outer loop).
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<4x8xf32, strided<[-8, -1], offset: 31>>
//   CHECK-NOT:   scf.for {{.*}} step %c1 {
//       CHECK:   vector.shuffle
func.func @reversed_both(%src: memref<4x8xf32, strided<[-8, -1], offset: 31>>, %dst: memref<4x8xf32>) {
  memref.copy %src, %dst : memref<4x8xf32, strided<[-8, -1], offset: 31>> to memref<4x8xf32>
  return
}

// -----

// Stride 7: seven whole vectors loaded, their every 7th lane put together
// by six shuffles; the vector loop leaves the last element (and the tail)
// to the scalar loop, so that no load reads past the view's last element.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<37xf32, strided<[7], offset: 3>>
//       CHECK:   scf.for %{{.*}} = %c0 to %c32 step %c16
//       CHECK:     vector.load {{.*}} : memref<?xf32>, vector<16xf32>
//       CHECK:     vector.load {{.*}} : memref<?xf32>, vector<16xf32>
//  CHECK-NEXT:     vector.shuffle {{.*}} [0, 7, 14, 21, 28, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
// CHECK-COUNT-5:   vector.shuffle
//  CHECK-NEXT:     vector.store
//       CHECK:   scf.for %{{.*}} = %c32 to %c37 step %c1
//   CHECK-NOT:   vector.from_elements
//   CHECK-NOT:   vector.gather
// On one thread a gather stores as it is even above the non-temporal
// threshold (streaming stores slowed its reads down); on several, its
// chunks stream them (they save the read for ownership of the target).
// NT-LABEL: func.func private @__slice_copy(%arg0: memref<37xf32, strided<[7], offset: 3>>
//       NT:   vector.shuffle {{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 18, 25]
//  NT-NEXT:   vector.store
//   NT-NOT:   nontemporal
//       NT:   return
// (With parallel-bytes=0 every copy is a parallel one; this one is a
// single chunk, whose loop folds away.)
// PARNT-LABEL: func.func private @__slice_copy(%arg0: memref<37xf32, strided<[7], offset: 3>>
//       PARNT:   vector.shuffle {{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 18, 25]
//  PARNT-NEXT:   vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
//       PARNT:   llvm.fence seq_cst
//       PARNT:   return
func.func @strided(%src: memref<37xf32, strided<[7], offset: 3>>, %dst: memref<37xf32>) {
  memref.copy %src, %dst : memref<37xf32, strided<[7], offset: 3>> to memref<37xf32>
  return
}

// -----

// Stride 9, past the shuffles' range: scalar loads put together into a
// vector (on x86 they beat vector.gather, whose instructions are slow on
// many cores).
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<37xf32, strided<[9], offset: 3>>
//   CHECK-NOT:   vector.shuffle
//       CHECK:   vector.from_elements {{.*}} : vector<16xf32>
//   CHECK-NOT:   vector.gather
func.func @stride_9(%src: memref<37xf32, strided<[9], offset: 3>>, %dst: memref<37xf32>) {
  memref.copy %src, %dst : memref<37xf32, strided<[9], offset: 3>> to memref<37xf32>
  return
}

// -----

// A gather that may shuffle compares the bytes it touches with three
// quarters of the machine's last-level cache: those it writes (here 4 MiB)
// and the span it reads, twice as many for stride 2, 12 MiB in all. Past
// it, one thread packs scalar loads; below, it loads whole vectors and
// shuffles. The machine is asked once, for this and for the non-temporal
// stores (from a quarter of the cache), by a function the module gets:
// it reads the kernel's figure once and keeps it, shared by the modules
// linked together (linkonce_odr), and not exported (hidden).
// CHECK-LABEL: llvm.mlir.global internal @__slice_last_level_cache(0 : i64)
//       CHECK: llvm.mlir.global internal constant @__slice_last_level_cache_path("/sys/devices/system/cpu/cpu0/cache/index3/size\00")
// CHECK-LABEL: llvm.func linkonce_odr hidden @__slice_last_level_cache_bytes() -> i64 {
//       CHECK:   %[[KEPT:.*]] = llvm.mlir.addressof @__slice_last_level_cache
//       CHECK:   %[[READ_BEFORE:.*]] = llvm.load %[[KEPT]] atomic monotonic {alignment = 8 : i64} : !llvm.ptr -> i64
//       CHECK:   llvm.cond_br %{{.*}}, ^[[RETURN:.*]], ^[[OPEN:.*]]
//       CHECK: ^[[RETURN]]:
//  CHECK-NEXT:   llvm.return %[[READ_BEFORE]]
//       CHECK: ^[[OPEN]]:
//       CHECK:   llvm.call @open
//       CHECK:   llvm.call @read
//       CHECK:   llvm.call @close
//       CHECK:   llvm.call @sysconf
//       CHECK:   llvm.store %{{.*}}, %[[KEPT]] atomic monotonic {alignment = 8 : i64}
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<1048576xf32, strided<[2], offset: 3>>
//       CHECK:   %[[CACHE:.*]] = llvm.call @__slice_last_level_cache_bytes() : () -> i64
//       CHECK:   %[[BYTES:.*]] = arith.index_cast %[[CACHE]] : i64 to index
//       CHECK:   %[[QUARTER:.*]] = arith.divsi %[[BYTES]], %c4
//       CHECK:   %[[NONTEMPORAL:.*]] = arith.maxsi %[[QUARTER]], %c1048576
//       CHECK:   %[[THREE:.*]] = arith.muli %[[QUARTER]], %c3
//       CHECK:   %[[CUT:.*]] = arith.maxsi %[[THREE]], %c1048576
//       CHECK:   arith.cmpi sle, %[[NONTEMPORAL]], %c4194304
//       CHECK:   %[[PAST:.*]] = arith.cmpi sle, %[[CUT]], %c12582912
//   CHECK-NOT:   __slice_last_level_cache_bytes
//       CHECK:   scf.if %[[PAST]] {
//       CHECK:     vector.from_elements
//       CHECK:   } else {
//       CHECK:     vector.shuffle {{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
func.func @touched(%src: memref<1048576xf32, strided<[2], offset: 3>>, %dst: memref<1048576xf32>) {
  memref.copy %src, %dst : memref<1048576xf32, strided<[2], offset: 3>> to memref<1048576xf32>
  return
}

// -----

// With a threshold of its own (here 0) a copy asks the machine's cache
// threshold only where it may gather with shuffles, which stop there on
// one thread. A stride known to be 9 never shuffles: its runs are emitted
// once, without the question; a contiguous copy does not ask either.
// NT-LABEL: func.func private @__slice_copy(%arg0: memref<1048576xf32, strided<[9], offset: 3>>
//   NT-NOT:   __slice_last_level_cache
//   NT-NOT:   scf.if
//       NT:   vector.from_elements
//   NT-NOT:   scf.if
//       NT:   return
// NT-LABEL: func.func private @__slice_copy_0(%arg0: memref<2048x4096xf32, strided<[-4096, 1], offset: ?>>
//   NT-NOT:   __slice_last_level_cache
//       NT:   return
func.func @no_machine_question(%src: memref<1048576xf32, strided<[9], offset: 3>>, %dst: memref<1048576xf32>,
                               %a: memref<2048x4096xf32, strided<[-4096, 1], offset: ?>>, %b: memref<2048x4096xf32>) {
  memref.copy %src, %dst : memref<1048576xf32, strided<[9], offset: 3>> to memref<1048576xf32>
  memref.copy %a, %b : memref<2048x4096xf32, strided<[-4096, 1], offset: ?>> to memref<2048x4096xf32>
  return
}

// -----

// A stride known only at run time: a switch over the strides 2 to 8, each
// with its shuffles, and scalar loads put together for any other.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<?xf32, strided<[?], offset: ?>>
//       CHECK:   scf.index_switch %[[STRIDE:.*]]
//  CHECK-NEXT:   case 2 {
//       CHECK:     vector.shuffle {{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
//       CHECK:   case 3 {
//       CHECK:   case 8 {
// CHECK-COUNT-7:   vector.shuffle
//       CHECK:   default {
//   CHECK-NOT:     vector.shuffle
//       CHECK:     vector.from_elements
func.func @dynamic_stride(%src: memref<?xf32, strided<[?], offset: ?>>, %dst: memref<?xf32>) {
  memref.copy %src, %dst : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32>
  return
}

// -----

// The write of y[::-1] = v: a reversed target is walked from its other
// end, so v is loaded in vectors that are reversed before a plain store
// (the last 1000 mod 16 elements one at a time).
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<1000xf32>, %arg1: memref<1000xf32, strided<[-1], offset: 999>>
//       CHECK:   vector.load {{.*}} : memref<1000xf32>, vector<16xf32>
//       CHECK:   vector.shuffle {{.*}} [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
//       CHECK:   vector.store {{.*}} : memref<?xf32>, vector<16xf32>
func.func @reversed_target(%src: memref<1000xf32>, %dst: memref<1000xf32, strided<[-1], offset: 999>>) {
  memref.copy %src, %dst : memref<1000xf32> to memref<1000xf32, strided<[-1], offset: 999>>
  return
}

// -----

// Reversed into reversed is one contiguous run: memcpy.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<1000xf32, strided<[-1], offset: 999>>, %arg1: memref<1000xf32, strided<[-1], offset: 999>>
//       CHECK:   "llvm.intr.memcpy"
//   CHECK-NOT:   vector.shuffle
func.func @reversed_both_sides(%src: memref<1000xf32, strided<[-1], offset: 999>>, %dst: memref<1000xf32, strided<[-1], offset: 999>>) {
  memref.copy %src, %dst : memref<1000xf32, strided<[-1], offset: 999>> to memref<1000xf32, strided<[-1], offset: 999>>
  return
}

// -----

// The write of y[::3] = v: vectors of v, their lanes stored one by one at
// stride 3; the last 500 mod 16 elements one at a time.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<500xf32>, %arg1: memref<500xf32, strided<[3]>>
//       CHECK:   scf.for %{{.*}} = %c0 to %c496 step %c16
//       CHECK:     vector.load {{.*}} : memref<500xf32>, vector<16xf32>
//       CHECK:     vector.extract %{{.*}}[0]
//       CHECK:     memref.store
//       CHECK:     vector.extract %{{.*}}[15]
//       CHECK:   scf.for %{{.*}} = %c496 to %c500 step %c1
func.func @strided_target(%src: memref<500xf32>, %dst: memref<500xf32, strided<[3]>>) {
  memref.copy %src, %dst : memref<500xf32> to memref<500xf32, strided<[3]>>
  return
}

// -----

// The same on threads (y[:, ::2] = v of 256 KiB, one run of stride 2): cut
// into chunks, and vectors of 4 lanes rather than 16, whose 16 target
// addresses LLVM spilled in the OpenMP body (docs/lowering.md).
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<64x1024xf32>, %arg1: memref<64x1024xf32, strided<[2048, 2]>>
//   CHECK-NOT:   scf.parallel
//       CHECK:   vector.load {{.*}} : memref<?xf32>, vector<16xf32>
//   PAR-LABEL: func.func private @__slice_copy(%arg0: memref<64x1024xf32>, %arg1: memref<64x1024xf32, strided<[2048, 2]>>
//       PAR:   scf.parallel (%{{.*}}) = (%c0) to (%c65536) step (%c4096) {
//       PAR:     scf.for %{{.*}} = %c0 to %{{.*}} step %c4
//       PAR:       vector.load {{.*}} : memref<?xf32>, vector<4xf32>
//       PAR:       vector.extract %{{.*}}[3]
//   PAR-NOT:       vector.extract %{{.*}}[4]
//       PAR:   return
func.func @strided_target_parallel(%src: memref<64x1024xf32>, %dst: memref<64x1024xf32, strided<[2048, 2]>>) {
  memref.copy %src, %dst : memref<64x1024xf32> to memref<64x1024xf32, strided<[2048, 2]>>
  return
}

// -----

// A wide target stride (7 > 4): element by element, no vector shuffles
// (each lane would pay one; docs/lowering.md).
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<500xf32>, %arg1: memref<500xf32, strided<[7]>>
//   CHECK-NOT:   vector.extract
//       CHECK:   scf.for %{{.*}} = %c0 to %c500 step %c1
//   CHECK-NOT:   vector.
//       CHECK:   return
func.func @wide_strided_target(%src: memref<500xf32>, %dst: memref<500xf32, strided<[7]>>) {
  memref.copy %src, %dst : memref<500xf32> to memref<500xf32, strided<[7]>>
  return
}

// -----

// Dimensions of size 1 are dropped: one loop, over the 5 elements.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<1x5x1xf32, strided<[100, 3, 1], offset: 2>>
//       CHECK:   scf.for %{{.*}} = %c0 to %c5 step %c1
//   CHECK-NOT:   scf.for
func.func @unit_dims(%src: memref<1x5x1xf32, strided<[100, 3, 1], offset: 2>>, %dst: memref<1x5x1xf32>) {
  memref.copy %src, %dst : memref<1x5x1xf32, strided<[100, 3, 1], offset: 2>> to memref<1x5x1xf32>
  return
}

// -----

// A copy known to be empty disappears.
// CHECK-LABEL: func.func @empty
//   CHECK-NOT:   memref.copy
//   CHECK-NOT:   call
//       CHECK:   return
func.func @empty(%src: memref<4x0xf32, strided<[-1, 1], offset: 3>>, %dst: memref<4x0xf32>) {
  memref.copy %src, %dst : memref<4x0xf32, strided<[-1, 1], offset: 3>> to memref<4x0xf32>
  return
}

// -----

// So does a copy of memrefs no buffer holds (docs/reliability.md, finding
// 15): more elements than int64 counts (a 2-D one and, through a
// dynamic dimension, a 3-D one whose other sizes are 1 or more whenever it
// has an element), or an element at or past index INT64_MAX of the base
// buffer. Their flat views would get wrapped, negative sizes.
// CHECK-LABEL: func.func @beyond_any_buffer
//   CHECK-NOT:   memref.copy
//   CHECK-NOT:   memref.reinterpret_cast
//   CHECK-NOT:   call
//       CHECK:   return
func.func @beyond_any_buffer(%a: memref<4611686018427387904x9223372036854775807xindex, strided<[?, 1], offset: ?>>, %b: memref<4611686018427387904x9223372036854775807xindex>,
                             %c: memref<2xf32, strided<[9223372036854775807], offset: 1>>, %d: memref<2xf32>,
                             %e: memref<4611686018427387904x?x3xi8, strided<[?, ?, 2]>>, %f: memref<4611686018427387904x?x3xi8>) {
  memref.copy %a, %b : memref<4611686018427387904x9223372036854775807xindex, strided<[?, 1], offset: ?>> to memref<4611686018427387904x9223372036854775807xindex>
  memref.copy %c, %d : memref<2xf32, strided<[9223372036854775807], offset: 1>> to memref<2xf32>
  memref.copy %e, %f : memref<4611686018427387904x?x3xi8, strided<[?, ?, 2]>> to memref<4611686018427387904x?x3xi8>
  return
}

// -----

// The largest countable copy is lowered.
// CHECK-LABEL: func.func @largest_countable
//       CHECK:   memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [9223372036854775806]
func.func @largest_countable(%c: memref<2xf32, strided<[9223372036854775805], offset: 0>>, %d: memref<2xf32>) {
  memref.copy %c, %d : memref<2xf32, strided<[9223372036854775805], offset: 0>> to memref<2xf32>
  return
}

// -----

// Rank 0 is contiguous whatever the offset: upstream's memcpy of one
// element stays.
// CHECK-LABEL: func.func @negative_rank0
//       CHECK:   memref.copy
//   CHECK-NOT:   call
//       CHECK:   return
func.func @negative_rank0(%src: memref<f32, strided<[], offset: 3>>, %dst: memref<f32>) {
  memref.copy %src, %dst : memref<f32, strided<[], offset: 3>> to memref<f32>
  return
}

// -----

// Strides known at run time only. First, whether the whole copy is one run
// (both memrefs contiguous across the rows); then the run loops are chosen
// at run time, contiguous (memcpy), reversed (shuffle) or strided (scalar
// loads), and a non-contiguous target falls back to scalar loads and
// stores.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<?x?xf32, strided<[?, ?], offset: ?>>
//       CHECK:   %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %arg0
//       CHECK:   %[[TBASE:.*]], %[[TOFF:.*]], %[[TSIZES:.*]]:2, %[[TSTRIDES:.*]]:2 = memref.extract_strided_metadata %arg1
//       CHECK:   %[[SPAN:.*]] = arith.muli %[[STRIDES]]#1, %[[TSIZES]]#1
//       CHECK:   %[[SROWS:.*]] = arith.cmpi eq, %[[STRIDES]]#0, %[[SPAN]]
//       CHECK:   %[[TSPAN:.*]] = arith.muli %[[TSTRIDES]]#1, %[[TSIZES]]#1
//       CHECK:   %[[TROWS:.*]] = arith.cmpi eq, %[[TSTRIDES]]#0, %[[TSPAN]]
//       CHECK:   %[[WHOLE:.*]] = arith.andi %[[SROWS]], %[[TROWS]]
//       CHECK:   scf.if %[[WHOLE]] {
//       CHECK:   } else {
//       CHECK:   scf.for
//       CHECK:     %[[TGT1:.*]] = arith.cmpi eq, %{{.*}}, %c1
//       CHECK:     scf.if %[[TGT1]] {
//       CHECK:       scf.if
//       CHECK:         %[[SRC1:.*]] = arith.cmpi eq, %[[STRIDES]]#1, %c1
//       CHECK:         scf.if %[[SRC1]] {
//       CHECK:           vector.load
//       CHECK:         } else {
//       CHECK:           %[[REV:.*]] = arith.cmpi eq, %[[STRIDES]]#1, %c-1
//       CHECK:           scf.if %[[REV]] {
//       CHECK:             vector.shuffle
//       CHECK:           } else {
//       CHECK:             vector.from_elements
//       CHECK:       } else {
//       CHECK:         scf.if
//       CHECK:           "llvm.intr.memcpy"
//       CHECK:     } else {
//       CHECK:       scf.for
//       CHECK:         memref.load
//       CHECK:         memref.store
func.func @dynamic(%src: memref<?x?xf32, strided<[?, ?], offset: ?>>, %dst: memref<?x?xf32, strided<[?, ?], offset: ?>>) {
  memref.copy %src, %dst : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return
}

// -----

// i1 takes a byte in a memref but a bit in a vector: scalar loops only.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<8xi1, strided<[-1], offset: 7>>
//   CHECK-NOT:   vector.
//       CHECK:   memref.load {{.*}} : memref<?xi1>
func.func @i1(%src: memref<8xi1, strided<[-1], offset: 7>>, %dst: memref<8xi1>) {
  memref.copy %src, %dst : memref<8xi1, strided<[-1], offset: 7>> to memref<8xi1>
  return
}

// -----

// Two copies between the same types share one copy function.
// CHECK-LABEL: func.func @shared
//       CHECK:   call @[[FN:__slice_copy]](
//       CHECK:   call @[[FN]](
// CHECK-LABEL: func.func private @__slice_copy(
//   CHECK-NOT:   func.func private @__slice_copy_0
func.func @shared(%a: memref<4x4xf32, strided<[4, -1], offset: 3>>, %b: memref<4x4xf32, strided<[4, -1], offset: 3>>, %dst: memref<4x4xf32>) {
  memref.copy %a, %dst : memref<4x4xf32, strided<[4, -1], offset: 3>> to memref<4x4xf32>
  linalg.copy ins(%b : memref<4x4xf32, strided<[4, -1], offset: 3>>) outs(%dst : memref<4x4xf32>)
  return
}

// -----

// With nontemporal-bytes=0 every vector store is non-temporal and aligned:
// each run first copies scalars until the target is aligned to 64 bytes;
// the main loop stores one vector in each of four consecutive pages (4096
// floats a block, 1024 a page), and the copy ends with a fence.
// NT-LABEL: func.func private @__slice_copy(%arg0: memref<4x8192xf32, strided<[-8192, 1], offset: 24576>>
//       NT:   scf.for
//       NT:     memref.extract_aligned_pointer_as_index
//       NT:     arith.andi
//       NT:     scf.for
//       NT:       memref.store
//       NT:     scf.for %[[BLOCK:.*]] = {{.*}} step %c4096
//       NT:       scf.for %[[J:.*]] = %[[BLOCK]] to {{.*}} step %c16
//       NT:         vector.store {{.*}}[%{{.*}}] {alignment = 64 : i64, nontemporal = true}
//       NT:         arith.addi %[[J]], %c1024
//       NT:         vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
//       NT:         arith.addi %[[J]], %c2048
//       NT:         vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
//       NT:         arith.addi %[[J]], %c3072
//       NT:         vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
//   NT-NOT:     llvm.intr.memcpy
//       NT:   llvm.fence seq_cst
// Without: memcpy per row, no fence.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<4x8192xf32, strided<[-8192, 1], offset: 24576>>
//       CHECK:   "llvm.intr.memcpy"
//   CHECK-NOT:   nontemporal
//   CHECK-NOT:   llvm.fence
func.func @nontemporal(%src: memref<4x8192xf32, strided<[-8192, 1], offset: 24576>>, %dst: memref<4x8192xf32>) {
  memref.copy %src, %dst : memref<4x8192xf32, strided<[-8192, 1], offset: 24576>> to memref<4x8192xf32>
  return
}

// -----

// A copy that turns out to be one contiguous run at run time (here: both
// memrefs contiguous across the rows) is one memcpy even above the
// non-temporal threshold: the C library picks its own strategy for one
// block from the machine's caches. The rows of any other copy still store
// non-temporally.
// NT-LABEL: func.func private @__slice_copy(%arg0: memref<2048x4096xf32, strided<[?, ?], offset: ?>>
//       NT:   %[[WHOLE:.*]] = arith.andi
//       NT:   scf.if %[[WHOLE]] {
//       NT:     scf.if
//       NT:       scf.if
//   NT-NOT:         nontemporal
//       NT:         "llvm.intr.memcpy"
//       NT:   } else {
//       NT:     scf.for
//       NT:       vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
//       NT:   llvm.fence seq_cst
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<2048x4096xf32, strided<[?, ?], offset: ?>>
func.func @whole_run(%src: memref<2048x4096xf32, strided<[?, ?], offset: ?>>, %dst: memref<2048x4096xf32, strided<[?, ?], offset: ?>>) {
  memref.copy %src, %dst : memref<2048x4096xf32, strided<[?, ?], offset: ?>> to memref<2048x4096xf32, strided<[?, ?], offset: ?>>
  return
}

// -----

// By default (nontemporal-bytes=-2) the threshold is the machine's, read
// at run time: a quarter of the last-level cache (the kernel's figure,
// else sysconf's, else 128 MiB), 1 MiB at least. A copy known to be
// smaller than 1 MiB never asks; one of unknown size asks only from 1 MiB
// on. A copy that cannot gather computes no gather cut.
// CHECK-LABEL: func.func @machine_threshold
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<2048x4096xf32, strided<[-4096, 1], offset: ?>>
//       CHECK:   %[[CACHE:.*]] = llvm.call @__slice_last_level_cache_bytes() : () -> i64
//       CHECK:   %[[BYTES:.*]] = arith.index_cast %[[CACHE]] : i64 to index
//       CHECK:   %[[QUARTER:.*]] = arith.divsi %[[BYTES]], %c4
//       CHECK:   %[[THRESHOLD:.*]] = arith.maxsi %[[QUARTER]], %c1048576
//   CHECK-NOT:   arith.muli %[[QUARTER]]
//       CHECK:   %[[STREAM:.*]] = arith.cmpi sle, %[[THRESHOLD]], %c33554432
//       CHECK:   scf.if %[[STREAM]] {
//       CHECK:     vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
//       CHECK:   } else {
//       CHECK:     "llvm.intr.memcpy"
//       CHECK: func.func private @__slice_copy{{.*}}(%arg0: memref<4x128xf32, strided<[-128, 1], offset: 384>>
//   CHECK-NOT:   __slice_last_level_cache_bytes
//   CHECK-NOT:   nontemporal
//       CHECK: func.func private @__slice_copy{{.*}}(%arg0: memref<?x128xf32, strided<[-128, 1], offset: ?>>
//       CHECK:   %[[BIG:.*]] = arith.cmpi sge, %{{.*}}, %c1048576
//       CHECK:   %[[MACHINE:.*]] = scf.if %[[BIG]] -> (index) {
//       CHECK:     llvm.call @__slice_last_level_cache_bytes
//       CHECK:   } else {
//  CHECK-NEXT:     scf.yield %c9223372036854775807
//       CHECK:   %[[SMALL_QUARTER:.*]] = arith.divsi %[[MACHINE]], %c4
//       CHECK:   %[[SMALL_THRESHOLD:.*]] = arith.maxsi %[[SMALL_QUARTER]], %c1048576
//       CHECK:   arith.cmpi sge, %{{.*}}, %[[SMALL_THRESHOLD]]
func.func @machine_threshold(%a: memref<2048x4096xf32, strided<[-4096, 1], offset: ?>>, %b: memref<2048x4096xf32>,
                             %c: memref<4x128xf32, strided<[-128, 1], offset: 384>>, %d: memref<4x128xf32>,
                             %e: memref<?x128xf32, strided<[-128, 1], offset: ?>>, %f: memref<?x128xf32>) {
  memref.copy %a, %b : memref<2048x4096xf32, strided<[-4096, 1], offset: ?>> to memref<2048x4096xf32>
  memref.copy %c, %d : memref<4x128xf32, strided<[-128, 1], offset: 384>> to memref<4x128xf32>
  memref.copy %e, %f : memref<?x128xf32, strided<[-128, 1], offset: ?>> to memref<?x128xf32>
  return
}

// -----

// A module that already holds another `read` cannot hold the cache lookup
// (which calls the C library's): the threshold is then the fallback's, a
// quarter of 128 MiB, and a copy of 32 MiB streams, decided when compiling.
// CHECK-LABEL: func.func @fallback_threshold
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<2048x4096xf32, strided<[-4096, 1], offset: ?>>
//   CHECK-NOT:   __slice_last_level_cache
//   CHECK-NOT:   scf.if
//       CHECK:   vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
//   CHECK-NOT:   __slice_last_level_cache
//       CHECK:   return
func.func private @read(i32) -> i32
func.func @fallback_threshold(%a: memref<2048x4096xf32, strided<[-4096, 1], offset: ?>>, %b: memref<2048x4096xf32>) {
  memref.copy %a, %b : memref<2048x4096xf32, strided<[-4096, 1], offset: ?>> to memref<2048x4096xf32>
  return
}

// -----

// With parallel-bytes, copies of at least that many bytes (here: known at
// run time) run their outermost loop as scf.parallel; a whole run is cut
// into chunks of a 64th of it, between 16 KiB and 1 MiB (4096 and 262144
// floats). Smaller copies keep sequential loops.
// PAR-LABEL: func.func private @__slice_copy(%arg0: memref<?x?xf32, strided<[?, -1], offset: ?>>
//       PAR:   %[[BIG:.*]] = arith.cmpi sge, %{{.*}}, %c4096
//       PAR:   scf.if %[[BIG]] {
//       PAR:     scf.if %{{.*}} {
//       PAR:       %[[UP:.*]] = arith.addi %[[N:.*]], %c63
//       PAR:       %[[PIECE:.*]] = arith.divsi %[[UP]], %c64
//       PAR:       %[[LOW:.*]] = arith.maxsi %[[PIECE]], %c4096
//       PAR:       %[[CHUNK:.*]] = arith.minsi %[[LOW]], %c262144
//       PAR:       scf.parallel (%[[C:.*]]) = (%c0) to (%[[N]]) step (%[[CHUNK]]) {
//       PAR:         arith.minsi %[[CHUNK]], %{{.*}}
// Rows: the run's loops are chosen before the rows loop (here: cached or
// non-temporal stores), each choice with a rows loop of its own.
//       PAR:     scf.parallel (%[[ROW:.*]]) = (%c0) to (%{{.*}}) step (%c1) {
//       PAR:       vector.shuffle
//       PAR:     } else {
//  PAR-NEXT:       scf.parallel (%{{.*}}) = (%c0) to (%{{.*}}) step (%c1) {
//       PAR:         vector.shuffle
//       PAR:   } else {
//   PAR-NOT:     scf.parallel
//       PAR:     scf.for
//       PAR:   return
// Without the option, no scf.parallel.
// CHECK-LABEL: func.func @parallel
//   CHECK-NOT:   scf.parallel
func.func @parallel(%src: memref<?x?xf32, strided<[?, -1], offset: ?>>, %dst: memref<?x?xf32>) {
  memref.copy %src, %dst : memref<?x?xf32, strided<[?, -1], offset: ?>> to memref<?x?xf32>
  return
}

// -----

// A copy of one dimension is one run: with parallel-bytes, it is cut into
// chunks too, here of a 64th (4 MiB / 64 = 64 KiB, 16384 floats).
// PAR-LABEL: func.func private @__slice_copy(%arg0: memref<1048576xf32, strided<[7], offset: 3>>
//       PAR:   scf.parallel (%{{.*}}) = (%c0) to (%c1048576) step (%c16384) {
//       PAR:     vector.from_elements
// CHECK-LABEL: func.func @parallel_one_dim
//   CHECK-NOT:   scf.parallel
func.func @parallel_one_dim(%src: memref<1048576xf32, strided<[7], offset: 3>>, %dst: memref<1048576xf32>) {
  memref.copy %src, %dst : memref<1048576xf32, strided<[7], offset: 3>> to memref<1048576xf32>
  return
}

// -----

// A copy into a buffer allocated just before gets no non-temporal stores,
// even above nontemporal-bytes: the copy is the first to touch its pages.
// NT-LABEL: func.func @fresh_target
//       NT:   %[[ALLOC:.*]] = memref.alloc
//       NT:   call @[[FRESH:__slice_copy[_0-9]*]](%{{.*}}, %[[ALLOC]])
//       NT:   call @[[WARM:__slice_copy[_0-9]*]](%{{.*}}, %arg1)
//       NT: func.func private @[[FRESH]]
//   NT-NOT:   nontemporal
//       NT: func.func private @[[WARM]]
//       NT:   nontemporal = true
func.func @fresh_target(%src: memref<64x64xf32, strided<[64, -1], offset: 63>>, %warm: memref<64x64xf32>) -> memref<64x64xf32> {
  %fresh = memref.alloc() : memref<64x64xf32>
  memref.copy %src, %fresh : memref<64x64xf32, strided<[64, -1], offset: 63>> to memref<64x64xf32>
  memref.copy %src, %warm : memref<64x64xf32, strided<[64, -1], offset: 63>> to memref<64x64xf32>
  return %fresh : memref<64x64xf32>
}

// -----

// The memcpy's pointers are integers as wide as `index` turned into
// pointers: with an index narrower than a pointer (the data layout's 32
// bits against the default 64), an address would not fit, and the rows take
// the vector loop instead.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<4x128xf32, strided<[-128, 1], offset: 384>>
//   CHECK-NOT:   llvm.intr.memcpy
//   CHECK-NOT:   llvm.inttoptr
//       CHECK:   vector.load
//   CHECK-NOT:   llvm.intr.memcpy
//       CHECK:   return
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @narrow_index(%src: memref<4x128xf32, strided<[-128, 1], offset: 384>>, %dst: memref<4x128xf32>) {
    memref.copy %src, %dst : memref<4x128xf32, strided<[-128, 1], offset: 384>> to memref<4x128xf32>
    return
  }
}

// -----

// A 32-bit target, whose pointers are as wide as its index: memcpy, with
// the addresses cast from i32.
// CHECK-LABEL: func.func private @__slice_copy(%arg0: memref<4x128xf32, strided<[-128, 1], offset: 384>>
//       CHECK:   arith.index_cast %{{.*}} : index to i32
//       CHECK:   llvm.inttoptr %{{.*}} : i32 to !llvm.ptr
//       CHECK:   "llvm.intr.memcpy"
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64, !llvm.ptr = dense<32> : vector<4xi64>>} {
  func.func @pointer_sized_index(%src: memref<4x128xf32, strided<[-128, 1], offset: 384>>, %dst: memref<4x128xf32>) {
    memref.copy %src, %dst : memref<4x128xf32, strided<[-128, 1], offset: 384>> to memref<4x128xf32>
    return
  }
}

// -----

// The choice of a run's loops depends only on the strides, the sizes and
// the non-temporal decision: it is made once, before the loop over the
// rows, and each choice gets a rows loop of its own. Inside that loop,
// every choice's addresses would become induction variables of it, spilled
// and updated per row (into a caller's buffer of run-time layout at 1 MiB:
// 40% slower, docs/performance.md).
// NT-LABEL: func.func private @__slice_copy(%arg0: memref<?x?xf32, strided<[?, ?], offset: ?>>
// Source stride 1: vectors, streamed or not.
//       NT: scf.for %{{.*}} = %c0 to %sizes{{.*}}#0 step %c1 {
//   NT-NOT:   scf.if
//       NT: } else {
//  NT-NEXT:   scf.for %{{.*}} = %c0 to %sizes{{.*}}#0 step %c1 {
//   NT-NOT:   scf.if
//       NT: } else {
// Source stride -1: reversed vectors, streamed or not.
//  NT-NEXT:   arith.cmpi eq, %strides#1, %c-1
//  NT-NEXT:   scf.if
//  NT-NEXT:     scf.if
//  NT-NEXT:       scf.for %{{.*}} = %c0 to %sizes{{.*}}#0 step %c1 {
//   NT-NOT:       scf.if
//       NT:     } else {
//  NT-NEXT:       scf.for %{{.*}} = %c0 to %sizes{{.*}}#0 step %c1 {
//   NT-NOT:       scf.if
//       NT:   } else {
// Any other stride, on one thread never streamed: past the machine's
// cache threshold scalar loads into vectors; below it whole vectors and
// shuffles for the strides 2 to 8, scalar loads into vectors for the rest.
//  NT-NEXT:     scf.if
//  NT-NEXT:       scf.for %{{.*}} = %c0 to %sizes{{.*}}#0 step %c1 {
//       NT:         vector.from_elements
//   NT-NOT:       scf.index_switch
//       NT:     } else {
//  NT-NEXT:     scf.index_switch %strides#1
//  NT-NEXT:     case 2 {
//  NT-NEXT:       scf.for %{{.*}} = %c0 to %sizes{{.*}}#0 step %c1 {
//   NT-NOT:       scf.if
//       NT:     case 8 {
//  NT-NEXT:       scf.for %{{.*}} = %c0 to %sizes{{.*}}#0 step %c1 {
//   NT-NOT:       scf.if
//       NT:     default {
//  NT-NEXT:       scf.for %{{.*}} = %c0 to %sizes{{.*}}#0 step %c1 {
//   NT-NOT:       scf.index_switch
//       NT:   llvm.fence seq_cst
//       NT:   return
func.func @unswitched(%src: memref<?x?xf32, strided<[?, ?], offset: ?>>, %dst: memref<?x?xf32>) {
  memref.copy %src, %dst : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32>
  return
}
