// --slice-huge-page-allocations: buffers that may hold 4 MiB or more are
// advised onto transparent huge pages after their allocation.
// RUN: slice-opt %s -split-input-file --slice-huge-page-allocations | FileCheck %s

// A static buffer of 8 MiB, one of run-time size, one of 4 KiB.
// CHECK: func.func private @madvise(index, index, i32) -> i32
// CHECK-LABEL: func.func @buffers
// CHECK: %[[BIG:.*]] = memref.alloc() : memref<2048x1024xf32>
// CHECK: arith.muli
// CHECK: %[[BYTES:.*]] = arith.muli
// CHECK: %[[ENOUGH:.*]] = arith.cmpi sge, %[[BYTES]], %c4194304
// CHECK: scf.if %[[ENOUGH]] {
// CHECK:   %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[BIG]]
// CHECK:   %[[UP:.*]] = arith.addi %[[P]], %c4095
// CHECK:   %[[START:.*]] = arith.andi %[[UP]], %c-4096
// CHECK:   %[[LAST:.*]] = arith.addi %[[P]], %[[BYTES]]
// CHECK:   %[[END:.*]] = arith.andi %[[LAST]], %c-4096
// CHECK:   %[[LENGTH:.*]] = arith.subi %[[END]], %[[START]]
// CHECK:   func.call @madvise(%[[START]], %[[LENGTH]], %c14_i32)
// CHECK: %[[DYN:.*]] = memref.alloc(%{{.*}}) : memref<?x1024xf32>
// CHECK: scf.if
// CHECK: func.call @madvise
// CHECK: memref.alloc() : memref<1024xf32>
// CHECK-NOT: madvise
// CHECK: return
func.func @buffers(%n: index) -> (memref<2048x1024xf32>, memref<?x1024xf32>, memref<1024xf32>) {
  %a = memref.alloc() : memref<2048x1024xf32>
  %b = memref.alloc(%n) : memref<?x1024xf32>
  %c = memref.alloc() : memref<1024xf32>
  return %a, %b, %c : memref<2048x1024xf32>, memref<?x1024xf32>, memref<1024xf32>
}

// -----

// negative: a module that declares madvise otherwise keeps its buffers.
// CHECK-LABEL: func.func @declared_otherwise
// CHECK-NOT: call @madvise
func.func private @madvise(i64) -> ()
func.func @declared_otherwise() -> memref<2048x1024xf32> {
  %a = memref.alloc() : memref<2048x1024xf32>
  return %a : memref<2048x1024xf32>
}
