// RUN: slice-opt %s -split-input-file --slice-vectorize-reductions | FileCheck %s

// x[:, ::-2].sum(1) as linalg.reduce: a vector of 16 partial sums from
// -0.0 (the neutral element of addf, which keeps a sum of -0.0 negative)
// through the vector loop (two contiguous loads and one shuffle a step),
// added across lanes into the row's initial value (reassociated), then the
// rest of the row one element at a time, and one store a row.
// CHECK-LABEL: func.func @row_sum_minus_2
// CHECK-SAME: (%[[X:.*]]: memref<4x128xf32>, %[[OUT:.*]]: memref<4xf32>)
func.func @row_sum_minus_2(%x: memref<4x128xf32>, %out: memref<4xf32>) {
  %v = memref.reinterpret_cast %x to offset: [127], sizes: [4, 64], strides: [128, -2]
      : memref<4x128xf32> to memref<4x64xf32, strided<[128, -2], offset: 127>>
  // CHECK-DAG: %[[SOURCE:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [512], strides: [1] : memref<f32> to memref<?xf32>
  // CHECK-DAG: %[[TARGET:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [4], strides: [1] : memref<f32> to memref<?xf32>
  // CHECK: scf.for %[[I:.*]] = %c0{{(_[0-9]+)?}} to %c4{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} {
  // CHECK: %[[NEUTRAL:.*]] = arith.constant dense<-0.000000e+00> : vector<16xf32>
  // CHECK: %[[PARTIAL:.*]] = scf.for %{{.*}} = %c0{{.*}} to %c48{{.*}} step %c16{{.*}} iter_args(%[[ACC:.*]] = %[[NEUTRAL]]) -> (vector<16xf32>)
  // CHECK: %[[LO:.*]] = vector.load %[[SOURCE]][%{{.*}}] : memref<?xf32>, vector<16xf32>
  // CHECK: %[[HI:.*]] = vector.load %[[SOURCE]][%{{.*}}] : memref<?xf32>, vector<16xf32>
  // CHECK: %[[LANES:.*]] = vector.shuffle %[[LO]], %[[HI]] [31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1]
  // CHECK: %[[SUM:.*]] = arith.addf %[[LANES]], %[[ACC]] : vector<16xf32>
  // CHECK: scf.yield %[[SUM]] : vector<16xf32>
  // CHECK: %[[INIT:.*]] = memref.load %[[TARGET]][%[[I]]] : memref<?xf32>
  // CHECK: %[[ROW:.*]] = vector.reduction <add>, %[[PARTIAL]], %[[INIT]] fastmath<reassoc> : vector<16xf32> into f32
  // CHECK: %[[TOTAL:.*]] = scf.for %{{.*}} = %c48{{.*}} to %c64{{.*}} step %c1{{.*}} iter_args(%[[S:.*]] = %[[ROW]]) -> (f32)
  // CHECK: %[[E:.*]] = memref.load %[[SOURCE]]
  // CHECK: %[[NEXT:.*]] = arith.addf %[[E]], %[[S]] : f32
  // CHECK: scf.yield %[[NEXT]] : f32
  // CHECK: memref.store %[[TOTAL]], %[[TARGET]][%[[I]]] : memref<?xf32>
  // CHECK-NOT: linalg.
  linalg.reduce ins(%v : memref<4x64xf32, strided<[128, -2], offset: 127>>)
      outs(%out : memref<4xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A max and a sum of squares in one op (two results, two combiners, the
// producer of the sum fused in its body), dense rows: -inf and -0.0.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @two_results
func.func @two_results(%x: memref<8x40xf32>, %m: memref<8xf32>, %q: memref<8xf32>) {
  // CHECK: scf.for
  // CHECK-DAG: arith.constant dense<0xFF800000> : vector<16xf32>
  // CHECK-DAG: arith.constant dense<-0.000000e+00> : vector<16xf32>
  // CHECK: scf.for %{{.*}} = %c0{{.*}} to %c32{{.*}} step %c16{{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}}) -> (vector<16xf32>, vector<16xf32>)
  // CHECK: %[[V:.*]] = vector.load
  // CHECK: %[[MAX:.*]] = arith.maximumf %[[V]], %[[M]] : vector<16xf32>
  // CHECK: %[[SQ:.*]] = arith.mulf %[[V]], %[[V]] : vector<16xf32>
  // CHECK: %[[SUM:.*]] = arith.addf %[[SQ]], %[[Q]] : vector<16xf32>
  // CHECK: scf.yield %[[MAX]], %[[SUM]]
  // CHECK: vector.reduction <maximumf>, %{{.*}}, %{{.*}} : vector<16xf32> into f32
  // CHECK: vector.reduction <add>, %{{.*}}, %{{.*}} fastmath<reassoc> : vector<16xf32> into f32
  // CHECK: scf.for %{{.*}} = %c32{{.*}} to %c40{{.*}} step %c1{{.*}} iter_args
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<8x40xf32>) outs(%m, %q : memref<8xf32>, memref<8xf32>) {
  ^bb0(%a: f32, %mo: f32, %qo: f32):
    %mx = arith.maximumf %a, %mo : f32
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %sq, %qo : f32
    linalg.yield %mx, %s : f32, f32
  }
  return
}

// -----

// An integer sum of a reversed view: exact, so no fastmath, and 16 lanes
// of i32. Through a memref.cast to a less static layout (as the dense path
// leaves it), which the rewrite looks through.
// CHECK-LABEL: func.func @int_sum_reversed
func.func @int_sum_reversed(%x: memref<2x32xi32>, %out: memref<2xi32>) {
  %v = memref.reinterpret_cast %x to offset: [31], sizes: [2, 32], strides: [32, -1]
      : memref<2x32xi32> to memref<2x32xi32, strided<[32, -1], offset: 31>>
  %c = memref.cast %v : memref<2x32xi32, strided<[32, -1], offset: 31>> to memref<2x32xi32, strided<[?, ?], offset: ?>>
  // CHECK: scf.for %{{.*}} = %c0{{.*}} to %c32{{.*}} step %c16{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<16xi32>)
  // CHECK: vector.shuffle
  // CHECK: arith.addi %{{.*}}, %{{.*}} : vector<16xi32>
  // CHECK: vector.reduction <add>, %{{.*}}, %{{.*}} : vector<16xi32> into i32
  // CHECK-NOT: fastmath
  linalg.reduce ins(%c : memref<2x32xi32, strided<[?, ?], offset: ?>>)
      outs(%out : memref<2xi32>) dimensions = [1]
    (%a: i32, %acc: i32) {
      %s = arith.addi %a, %acc : i32
      linalg.yield %s : i32
    }
  return
}

// -----

// Left as they are: a result read before it is combined (a running value
// the lanes could not keep apart), an input that views the result's
// buffer, a combiner that is not a reduction, and strides known only from
// a caller's layout (the linalg.reduce as the linalg.generic it stands
// for).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @left_alone
func.func @left_alone(%x: memref<4x32xf32>, %out: memref<4xf32>,
                      %y: memref<4x32xf32, strided<[?, ?], offset: ?>>) {
  // CHECK-NOT: vector.
  // CHECK: linalg.generic
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x32xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %h = arith.mulf %o, %a : f32
    %s = arith.addf %h, %o : f32
    linalg.yield %s : f32
  }
  // CHECK: linalg.generic
  %w = memref.reinterpret_cast %out to offset: [0], sizes: [4, 1], strides: [1, 1]
      : memref<4xf32> to memref<4x1xf32>
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%w : memref<4x1xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  // CHECK: linalg.generic
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x32xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.subf %a, %o : f32
    linalg.yield %s : f32
  }
  // CHECK: linalg.generic
  // CHECK-SAME: ins(%{{.*}} : memref<4x32xf32, strided<[?, ?], offset: ?>>)
  linalg.reduce ins(%y : memref<4x32xf32, strided<[?, ?], offset: ?>>)
      outs(%out : memref<4xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  return
}
