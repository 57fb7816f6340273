// RUN: slice-opt %s -split-input-file --slice-elide-temporaries | FileCheck %s

// x[::2] = relu(x[1::2]): the windows step by 2 from offsets 0 and 1, so
// the op computes straight into the even rows; the temporary goes.
// CHECK-LABEL: func.func @odd_into_even
// CHECK-SAME: (%[[X:.*]]: memref<8x4xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[ODD:.*]] = memref.subview %[[X]][1, 0] [4, 4] [2, 1]
// CHECK: %[[EVEN:.*]] = memref.subview %[[X]][0, 0] [4, 4] [2, 1]
// CHECK: linalg.generic {{.*}} ins(%[[ODD]] : {{.*}}) outs(%[[EVEN]] : {{.*}})
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.alloc
func.func @odd_into_even(%x: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %odd = memref.subview %x[1, 0] [4, 4] [2, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[8, 1], offset: 4>>
  %t = memref.alloc() : memref<4x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%odd : memref<4x4xf32, strided<[8, 1], offset: 4>>) outs(%t : memref<4x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  }
  %even = memref.subview %x[0, 0] [4, 4] [2, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[8, 1]>>
  memref.copy %t, %even : memref<4x4xf32> to memref<4x4xf32, strided<[8, 1]>>
  memref.dealloc %t : memref<4x4xf32>
  return
}

// -----

// x[1:] = relu(x[:-1]): the windows overlap shifted by a row, so the values
// must all be read before any is written: the temporary stays.
// CHECK-LABEL: func.func @shifted
// CHECK: %[[T:.*]] = memref.alloc()
// CHECK: linalg.generic {{.*}} outs(%[[T]] : {{.*}})
// CHECK: memref.copy %[[T]]
func.func @shifted(%x: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %head = memref.subview %x[0, 0] [7, 4] [1, 1] : memref<8x4xf32> to memref<7x4xf32, strided<[4, 1]>>
  %t = memref.alloc() : memref<7x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%head : memref<7x4xf32, strided<[4, 1]>>) outs(%t : memref<7x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  }
  %tail = memref.subview %x[1, 0] [7, 4] [1, 1] : memref<8x4xf32> to memref<7x4xf32, strided<[4, 1], offset: 4>>
  memref.copy %t, %tail : memref<7x4xf32> to memref<7x4xf32, strided<[4, 1], offset: 4>>
  return
}

// -----

// Offsets known only at run time: nothing proves the windows apart.
// CHECK-LABEL: func.func @runtime_offsets
// CHECK: %[[T:.*]] = memref.alloc(
// CHECK: linalg.generic {{.*}} outs(%[[T]] : {{.*}})
// CHECK: memref.copy %[[T]]
func.func @runtime_offsets(%x: memref<8x4xf32>, %a: index, %b: index, %n: index) {
  %zero = arith.constant 0.0 : f32
  %src = memref.subview %x[%a, 0] [%n, 4] [2, 1] : memref<8x4xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>
  %t = memref.alloc(%n) : memref<?x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%src : memref<?x4xf32, strided<[8, 1], offset: ?>>) outs(%t : memref<?x4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  }
  %dst = memref.subview %x[%b, 0] [%n, 4] [2, 1] : memref<8x4xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>
  memref.copy %t, %dst : memref<?x4xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>
  return
}

// -----

// Offsets %a and %a + 1 with step 2: a constant difference the step does not
// divide, apart whatever %a is.
// CHECK-LABEL: func.func @runtime_lattice
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic
// CHECK-NOT: memref.copy
func.func @runtime_lattice(%x: memref<16x4xf32>, %a: index) {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %b = arith.addi %a, %c1 : index
  %src = memref.subview %x[%a, 0] [4, 4] [2, 1] : memref<16x4xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  %t = memref.alloc() : memref<4x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%src : memref<4x4xf32, strided<[8, 1], offset: ?>>) outs(%t : memref<4x4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  }
  %dst = memref.subview %x[%b, 0] [4, 4] [2, 1] : memref<16x4xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  memref.copy %t, %dst : memref<4x4xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  return
}

// -----

// Something between the op and the copy writes what the op reads: the op
// cannot move down to the copy.
// CHECK-LABEL: func.func @input_written_between
// CHECK: %[[T:.*]] = memref.alloc()
// CHECK: linalg.generic {{.*}} outs(%[[T]] : {{.*}})
// CHECK: linalg.fill
// CHECK: memref.copy %[[T]]
func.func @input_written_between(%x: memref<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %odd = memref.subview %x[1, 0] [4, 4] [2, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[8, 1], offset: 4>>
  %t = memref.alloc() : memref<4x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%odd : memref<4x4xf32, strided<[8, 1], offset: 4>>) outs(%t : memref<4x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  }
  linalg.fill ins(%zero : f32) outs(%odd : memref<4x4xf32, strided<[8, 1], offset: 4>>)
  %even = memref.subview %x[0, 0] [4, 4] [2, 1] : memref<8x4xf32> to memref<4x4xf32, strided<[8, 1]>>
  memref.copy %t, %even : memref<4x4xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

// Two arguments may be one buffer: the temporary stays.
// CHECK-LABEL: func.func @two_arguments
// CHECK: memref.alloc()
// CHECK: memref.copy
func.func @two_arguments(%x: memref<4xf32>, %y: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<4xf32>) outs(%t : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  }
  %r = memref.subview %y[0] [4] [-1] : memref<4xf32> to memref<4xf32, strided<[-1]>>
  memref.copy %t, %r : memref<4xf32> to memref<4xf32, strided<[-1]>>
  return
}

// -----

// The row scan t[i] = t[i - 1] * 0.5 + t[i] as one-shot-bufferize leaves
// it: row i - 1 copied into a temporary before the op writes row i. The
// rows are apart (value bounds of i - 1 and i), so the op reads row i - 1
// in place: no allocation in the loop.
// CHECK-LABEL: func.func @row_scan
// CHECK-SAME: (%[[Y:.*]]: memref<16x8xf32>)
// CHECK: scf.for %[[I:.*]] = %c1 to %c16 step %c1 {
// CHECK:   %[[P:.*]] = arith.subi %[[I]], %c1 : index
// CHECK:   %[[PREV:.*]] = memref.subview %[[Y]][%[[P]], 0] [1, 8] [1, 1]
// CHECK:   %[[CUR:.*]] = memref.subview %[[Y]][%[[I]], 0] [1, 8] [1, 1]
// CHECK:   linalg.generic {{.*}} ins(%[[PREV]], %[[CUR]] : {{.*}}) outs(%[[CUR]] : {{.*}})
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
func.func @row_scan(%y: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  scf.for %i = %c1 to %c16 step %c1 {
    %p = arith.subi %i, %c1 : index
    %prev = memref.subview %y[%p, 0] [1, 8] [1, 1] : memref<16x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %t = memref.alloc() : memref<8xf32>
    memref.copy %prev, %t : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %cur = memref.subview %y[%i, 0] [1, 8] [1, 1] : memref<16x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%t, %cur : memref<8xf32>, memref<8xf32, strided<[1], offset: ?>>) outs(%cur : memref<8xf32, strided<[1], offset: ?>>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %m = arith.mulf %a, %half : f32
      %s = arith.addf %m, %b : f32
      linalg.yield %s : f32
    }
    memref.dealloc %t : memref<8xf32>
  }
  return
}

// -----

// The same with the row read shifted by one column against the window
// written: the source overlaps what the op writes, the copy stays.
// CHECK-LABEL: func.func @row_scan_shifted
// CHECK: scf.for
// CHECK:   %[[T:.*]] = memref.alloc()
// CHECK:   memref.copy %{{.*}}, %[[T]]
// CHECK:   linalg.generic {{.*}} ins(%[[T]], %{{.*}} : {{.*}})
func.func @row_scan_shifted(%y: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  scf.for %i = %c1 to %c16 step %c1 {
    %src = memref.subview %y[%i, 0] [1, 7] [1, 1] : memref<16x8xf32> to memref<7xf32, strided<[1], offset: ?>>
    %t = memref.alloc() : memref<7xf32>
    memref.copy %src, %t : memref<7xf32, strided<[1], offset: ?>> to memref<7xf32>
    %cur = memref.subview %y[%i, 1] [1, 7] [1, 1] : memref<16x8xf32> to memref<7xf32, strided<[1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%t, %cur : memref<7xf32>, memref<7xf32, strided<[1], offset: ?>>) outs(%cur : memref<7xf32, strided<[1], offset: ?>>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %m = arith.mulf %a, %half : f32
      %s = arith.addf %m, %b : f32
      linalg.yield %s : f32
    }
    memref.dealloc %t : memref<7xf32>
  }
  return
}

// -----

// A copy of a window the last reader then writes in place, element by
// element through the same indexing map: the reader reads the window.
// CHECK-LABEL: func.func @read_then_write_same
// CHECK-SAME: (%[[X:.*]]: memref<8xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[W:.*]] = memref.subview %[[X]][0] [4] [2]
// CHECK: linalg.generic {{.*}} ins(%[[W]] : {{.*}}) outs(%[[W]] : {{.*}})
func.func @read_then_write_same(%x: memref<8xf32>) {
  %two = arith.constant 2.0 : f32
  %w = memref.subview %x[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %w, %t : memref<4xf32, strided<[2]>> to memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : memref<4xf32>) outs(%w : memref<4xf32, strided<[2]>>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %two : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// The same window read reversed: element k is written before element
// 3 - k is read, so the copy stays.
// CHECK-LABEL: func.func @read_reversed_then_write
// CHECK: %[[T:.*]] = memref.alloc()
// CHECK: memref.copy %{{.*}}, %[[T]]
// CHECK: linalg.generic {{.*}} ins(%[[T]] : {{.*}})
func.func @read_reversed_then_write(%x: memref<8xf32>) {
  %two = arith.constant 2.0 : f32
  %w = memref.subview %x[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %w, %t : memref<4xf32, strided<[2]>> to memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (3 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : memref<4xf32>) outs(%w : memref<4xf32, strided<[2]>>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %two : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A read of the copy after something wrote the source: it must see the
// old values, so the copy stays.
// CHECK-LABEL: func.func @source_written_before_read
// CHECK: %[[T:.*]] = memref.alloc()
// CHECK: memref.copy %{{.*}}, %[[T]]
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}} ins(%[[T]] : {{.*}})
func.func @source_written_before_read(%x: memref<8xf32>, %out: memref<4xf32>) {
  %two = arith.constant 2.0 : f32
  %w = memref.subview %x[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %w, %t : memref<4xf32, strided<[2]>> to memref<4xf32>
  linalg.fill ins(%two : f32) outs(%x : memref<8xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : memref<4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %two : f32
    linalg.yield %m : f32
  }
  return
}
