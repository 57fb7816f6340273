// --slice-parallel-elementwise: element-wise ops whose result holds at least
// parallel-bytes run their outermost loop in chunks on threads, chosen at
// run time; smaller ones stay as they were.
// RUN: slice-opt %s -split-input-file --pass-pipeline="builtin.module(slice-parallel-elementwise{parallel-bytes=131072})" | FileCheck %s
// RUN: slice-opt %s -split-input-file --pass-pipeline="builtin.module(slice-parallel-elementwise)" | FileCheck %s --check-prefix=OFF

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>

// The rows of the result, the input read through a reversed view and a
// transposed one cut alike, the broadcast row whole, passed to a private
// function holding the op (its loops vectorize outside the OpenMP region),
// with the scalar the body reads from outside; its constant cloned in.
// CHECK-LABEL: func.func @rows
// CHECK-SAME: (%[[X:.*]]: memref<?x64xf32, strided<[?, ?], offset: ?>>, %[[T:.*]]: memref<64x?xf32>, %[[R:.*]]: memref<64xf32>, %[[OUT:.*]]: memref<?x64xf32>, %[[F:.*]]: f32)
// CHECK: %[[ROWS:.*]] = memref.dim %[[X]], %c0
// CHECK: %[[BYTES:.*]] = arith.muli %[[ROWS]], %c256
// CHECK: %[[BIG:.*]] = arith.cmpi sge, %[[BYTES]], %c131072
// CHECK: scf.if %[[BIG]] {
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%[[ROWS]]) step (%[[STEP:.*]]) {
// CHECK: %[[N:.*]] = arith.minsi %[[STEP]], %{{.*}}
// CHECK-DAG: %[[XS:.*]] = memref.subview %[[X]][%[[I]], 0] [%[[N]], 64] [1, 1]
// CHECK-DAG: %[[TS:.*]] = memref.subview %[[T]][0, %[[I]]] [64, %[[N]]] [1, 1]
// CHECK-DAG: %[[OS:.*]] = memref.subview %[[OUT]][%[[I]], 0] [%[[N]], 64] [1, 1]
// CHECK: func.call @rows__chunk(%[[XS]], %[[TS]], %[[R]], %[[OS]], %[[F]]) : (memref<?x64xf32, strided<[?, ?], offset: ?>>, memref<64x?xf32, strided<[?, 1], offset: ?>>, memref<64xf32>, memref<?x64xf32, strided<[64, 1], offset: ?>>, f32) -> ()
// CHECK: } else {
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[T]], %[[R]] : {{.*}}) outs(%[[OUT]] :
// CHECK-LABEL: func.func private @rows__chunk(
// CHECK-SAME: %[[A:[^:]*]]: memref<?x64xf32, strided<[?, ?], offset: ?>>, %[[B:[^:]*]]: memref<64x?xf32, strided<[?, 1], offset: ?>>, %[[C:[^:]*]]: memref<64xf32>, %[[O:[^:]*]]: memref<?x64xf32, strided<[64, 1], offset: ?>>, %[[S:[^:]*]]: f32) attributes {passthrough = ["noinline"]}
// CHECK: %[[TWO:.*]] = arith.constant 2.0
// CHECK: linalg.generic {{.*}} ins(%[[A]], %[[B]], %[[C]] : {{.*}}) outs(%[[O]] :
// CHECK: arith.mulf %{{.*}}, %[[TWO]]
// CHECK: arith.addf %{{.*}}, %[[S]]
// OFF-LABEL: func.func @rows
// OFF-NOT: scf.if
// OFF-NOT: scf.parallel
func.func @rows(%x: memref<?x64xf32, strided<[?, ?], offset: ?>>, %t: memref<64x?xf32>, %r: memref<64xf32>, %out: memref<?x64xf32>, %f: f32) {
  %two = arith.constant 2.0 : f32
  linalg.generic {indexing_maps = [#id2, #tr, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %t, %r : memref<?x64xf32, strided<[?, ?], offset: ?>>, memref<64x?xf32>, memref<64xf32>) outs(%out : memref<?x64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %m = arith.mulf %s, %c : f32
    %d = arith.mulf %m, %two : f32
    %e = arith.addf %d, %f : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// negative: reductions over the outermost loop (column sums: every row
// adds into the whole result) and bodies that read linalg.index are left
// alone.
// CHECK-LABEL: func.func @negative
// CHECK-NOT: scf.parallel
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]
// CHECK-NOT: scf.parallel
// CHECK: linalg.index
// CHECK-NOT: scf.if
func.func @negative(%m: memref<8x4xf32>, %acc: memref<8xf32>, %big: memref<512x512xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%m : memref<8x4xf32>) outs(%acc : memref<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.addf %v, %o : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%big : memref<512x512xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    linalg.yield %f : f32
  }
  return
}

// -----

// A row reduction (x.sum(1), as linalg.reduce): its rows in chunks as an
// element-wise op's, chosen on the bytes it reads (the input's 256 a row),
// not on its small result; the chunk holds the op as the linalg.generic
// it stands for.
// CHECK-LABEL: func.func @row_sums
// CHECK-SAME: (%[[X:.*]]: memref<?x64xf32>, %[[OUT:.*]]: memref<?xf32>)
// CHECK: %[[ROWS:.*]] = memref.dim %[[X]], %c0
// CHECK: %[[BYTES:.*]] = arith.muli %[[ROWS]], %c256
// CHECK: %[[BIG:.*]] = arith.cmpi sge, %[[BYTES]], %c131072
// CHECK: scf.if %[[BIG]] {
// CHECK: scf.parallel
// CHECK: %[[IN:.*]] = memref.subview %[[X]]
// CHECK: %[[PART:.*]] = memref.subview %[[OUT]]
// CHECK: call @row_sums__chunk(%[[IN]], %[[PART]])
// CHECK: } else {
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-LABEL: func.func private @row_sums__chunk
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// OFF-LABEL: func.func @row_sums
// OFF-NOT: scf.parallel
func.func @row_sums(%x: memref<?x64xf32>, %out: memref<?xf32>) {
  linalg.reduce ins(%x : memref<?x64xf32>) outs(%out : memref<?xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}
