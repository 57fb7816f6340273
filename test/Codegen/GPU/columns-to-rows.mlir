// RUN: slice-opt %s -split-input-file --slice-columns-to-rows | FileCheck %s
// RUN: slice-opt %s -split-input-file --slice-columns-to-rows --slice-fuse-rows=lone-reductions=true --slice-rows-to-gpu | FileCheck %s --check-prefix=GPU

// y - y.mean(0) on buffers: the column sums (a reduction over the outer
// loop), the means (a 1-loop op on them), and the consumer that reads the
// means broadcast down the rows. The reduction and the consumer get their
// loops swapped and read y and write the result through transposed views:
// the columns are their outer loop, the means indexed by it. One
// transposed view of y serves both.
// CHECK-LABEL: func.func @centered_columns
// CHECK-SAME: (%[[Y:.*]]: memref<64x40xf32, strided<[?, ?], offset: ?>>, %[[OUT:.*]]: memref<64x40xf32>)
// CHECK: linalg.fill
// CHECK: %[[YT:.*]] = memref.transpose %[[Y]] (d0, d1) -> (d1, d0)
// CHECK: linalg.generic {indexing_maps = [#[[ID:.*]], #[[ROW:.*]]], iterator_types = ["parallel", "reduction"]} ins(%[[YT]] : memref<40x64xf32
// CHECK: linalg.generic {{.*}} ins(%[[SUMS:.*]] : memref<40xf32>) outs(%[[MEANS:.*]] : memref<40xf32>)
// CHECK-NOT: memref.transpose %[[Y]]
// CHECK: %[[OUTT:.*]] = memref.transpose %[[OUT]] (d0, d1) -> (d1, d0)
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[YT]], %[[MEANS]] : {{.*}}) outs(%[[OUTT]] :
//
// Then one launch: a block takes 8 neighbouring columns (a 32-byte sector
// of each row), thread t column t % 8, walking the rows from t / 8 by 32;
// the tree combines the 32 threads of a column, 8 slots apart. The last
// column of 40 is in block 4, every thread of which has a column.
// GPU-LABEL: func.func @centered_columns
// GPU-NOT: memref.alloc
// GPU: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c5, {{.*}} threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256,
// GPU:   %[[C:.*]] = arith.remui %[[T]], %c8
// GPU:   %[[G:.*]] = arith.divui %[[T]], %c8
// GPU:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c32 iter_args
// GPU:   memref.store %{{.*}}, %[[SHARED:.*]][%[[T]]]
// GPU:   gpu.barrier
// GPU:   arith.cmpi ult, %{{.*}}, %c16
// GPU:   arith.addi %[[T]], %c128
// GPU:   arith.cmpi ult, %{{.*}}, %c1
// GPU:   arith.addi %[[T]], %c8
// GPU:   memref.load %[[SHARED]][%[[C]]]
// GPU:   scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c32 {
// GPU:     arith.subf
// GPU:     memref.store %{{.*}}, %{{.*}}[%[[J]]] : memref<64xf32, strided<[40], offset: ?>>
// GPU:   gpu.terminator
func.func @centered_columns(%y: memref<64x40xf32, strided<[?, ?], offset: ?>>, %out: memref<64x40xf32>) {
  %zero = arith.constant 0.0 : f32
  %rows = arith.constant 64.0 : f32
  %sums = memref.alloc() : memref<40xf32>
  linalg.fill ins(%zero : f32) outs(%sums : memref<40xf32>)
  linalg.reduce ins(%y : memref<64x40xf32, strided<[?, ?], offset: ?>>) outs(%sums : memref<40xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %means = memref.alloc() : memref<40xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%sums : memref<40xf32>) outs(%means : memref<40xf32>) {
  ^bb0(%s: f32, %o: f32):
    %m = arith.divf %s, %rows : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%y, %means : memref<64x40xf32, strided<[?, ?], offset: ?>>, memref<40xf32>) outs(%out : memref<64x40xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  }
  memref.dealloc %sums : memref<40xf32>
  memref.dealloc %means : memref<40xf32>
  return
}

// -----

// Row reductions, and element-wise ops that read a row vector or nothing
// reduced, keep their loops.
// CHECK-LABEL: func.func @rows_stay
// CHECK-NOT: memref.transpose
// CHECK: linalg.reduce
// CHECK-NOT: memref.transpose
// CHECK: return
func.func @rows_stay(%x: memref<8x16xf32>, %sums: memref<8xf32>, %out: memref<8x16xf32>) {
  linalg.reduce ins(%x : memref<8x16xf32>) outs(%sums : memref<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sums : memref<8x16xf32>, memref<8xf32>) outs(%out : memref<8x16xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  }
  return
}

// -----

// A lone column maximum over a reversed view: swapped, one launch.
// CHECK-LABEL: func.func @column_max
// CHECK: %[[T:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<5x12xf32, strided<[-12, 1], offset: 48>> to memref<12x5xf32, strided<[1, -12], offset: 48>>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[T]] :
// GPU-LABEL: func.func @column_max
// GPU: gpu.launch blocks({{.*}}) in (%{{.*}} = %c2,
// GPU:   arith.maximumf
func.func @column_max(%x: memref<5x12xf32>, %out: memref<12xf32>) {
  %v = memref.subview %x[4, 0] [5, 12] [-1, 1] : memref<5x12xf32> to memref<5x12xf32, strided<[-12, 1], offset: 48>>
  linalg.reduce ins(%v : memref<5x12xf32, strided<[-12, 1], offset: 48>>) outs(%out : memref<12xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return
}

// -----

// Three loops, and a reduction over both: not taken.
// CHECK-LABEL: func.func @not_columns
// CHECK-NOT: memref.transpose
// CHECK: return
func.func @not_columns(%x: memref<4x5x6xf32>, %a: memref<5x6xf32>, %y: memref<4x6xf32>, %b: memref<f32>) {
  linalg.reduce ins(%x : memref<4x5x6xf32>) outs(%a : memref<5x6xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  linalg.reduce ins(%y : memref<4x6xf32>) outs(%b : memref<f32>) dimensions = [0, 1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// Columns of 4,096 rows: blocks of 1,024 threads (128 a column), so that
// a thread loads 32 elements of its column, not 128.
// CHECK-LABEL: func.func @tall_columns
// GPU-LABEL: func.func @tall_columns
// GPU: gpu.launch blocks({{.*}}) in (%{{.*}} = %c2, {{.*}} threads({{.*}}) in (%{{.*}} = %c1024, {{.*}} workgroup(%{{.*}} : memref<1024xf32, #gpu.address_space<workgroup>>)
// GPU:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c128 iter_args
func.func @tall_columns(%x: memref<4096x16xf32>, %out: memref<16xf32>) {
  linalg.reduce ins(%x : memref<4096x16xf32>) outs(%out : memref<16xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return
}
