// --slice-fuse-elementwise: upstream's element-wise fusion with a bound on
// the operands of a fused op, so that a chain of N ops costs O(N).
// RUN: slice-opt %s -split-input-file --convert-elementwise-to-linalg --slice-fuse-elementwise | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: slice-opt %s -split-input-file --convert-elementwise-to-linalg --slice-fuse-elementwise=max-operands=4 | FileCheck %s --check-prefix=BOUND
// RUN: slice-opt %s -split-input-file --convert-elementwise-to-linalg --linalg-fuse-elementwise-ops | FileCheck %s

// acc + a + b + c + d: one op of six operands under the default bound (as
// upstream's pass makes it); at most four, two ops.
// CHECK-LABEL: func.func @sum
//       CHECK:   %[[R:.*]] = linalg.generic
//  CHECK-SAME:     ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[R]]
// BOUND-LABEL: func.func @sum
//       BOUND:   %[[A:.*]] = linalg.generic {{.*}} ins(%{{[^,]*}}, %{{[^,]*}}, %{{[^,:]*}} :
//       BOUND:   %[[B:.*]] = linalg.generic {{.*}} ins(%[[A]], %{{[^,]*}}, %{{[^,:]*}} :
//   BOUND-NOT:   linalg.generic
//       BOUND:   return %[[B]]
func.func @sum(%acc: tensor<8xf32>, %a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>, %d: tensor<8xf32>) -> tensor<8xf32> {
  %0 = arith.addf %acc, %a : tensor<8xf32>
  %1 = arith.addf %0, %b : tensor<8xf32>
  %2 = arith.addf %1, %c : tensor<8xf32>
  %3 = arith.addf %2, %d : tensor<8xf32>
  return %3 : tensor<8xf32>
}

// -----

// A reduction takes its element-wise producer in, along the columns
// (tanh(v).mean(0)) and along the rows (tanh(v).sum(1)): one loop nest
// each, no temporary. (Upstream's pass fuses into generics only: both
// reductions stay apart there.)
// OURS-LABEL: func.func @column_and_row_reductions
//        OURS:   linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
//   OURS-NEXT:   ^bb0
//   OURS-NEXT:     math.tanh
//   OURS-NEXT:     arith.addf
//        OURS:   linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
//   OURS-NEXT:   ^bb0
//   OURS-NEXT:     math.tanh
//   OURS-NEXT:     arith.addf
//    OURS-NOT:   linalg.reduce
func.func @column_and_row_reductions(%v: tensor<64x32xf32>) -> (tensor<32xf32>, tensor<64xf32>) {
  %e = tensor.empty() : tensor<64x32xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.tanh %a : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<32xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%c0 : tensor<32xf32>) -> tensor<32xf32>
  %cols = linalg.reduce ins(%t : tensor<64x32xf32>) outs(%f0 : tensor<32xf32>) dimensions = [0]
    (%a: f32, %c: f32) {
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
    }
  %e2 = tensor.empty() : tensor<64x32xf32>
  %t2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<64x32xf32>) outs(%e2 : tensor<64x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.tanh %a : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %c1 = tensor.empty() : tensor<64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%c1 : tensor<64xf32>) -> tensor<64xf32>
  %rows = linalg.reduce ins(%t2 : tensor<64x32xf32>) outs(%f1 : tensor<64xf32>) dimensions = [1]
    (%a: f32, %c: f32) {
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
    }
  return %cols, %rows : tensor<32xf32>, tensor<64xf32>
}

// -----

// A producer with another use (softmax's exp(x - max), summed along the
// rows and divided by the sum) stays apart: fusing would compute it twice.
// OURS-LABEL: func.func @row_reduction_of_shared_producer
//       OURS:   math.exp
//       OURS:   linalg.reduce
//   OURS-NOT:   math.exp
func.func @row_reduction_of_shared_producer(%v: tensor<64x32xf32>) -> (tensor<64x32xf32>, tensor<64xf32>) {
  %e = tensor.empty() : tensor<64x32xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %zero = arith.constant 0.0 : f32
  %c1 = tensor.empty() : tensor<64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%c1 : tensor<64xf32>) -> tensor<64xf32>
  %rows = linalg.reduce ins(%t : tensor<64x32xf32>) outs(%f1 : tensor<64xf32>) dimensions = [1]
    (%a: f32, %c: f32) {
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
    }
  return %t, %rows : tensor<64x32xf32>, tensor<64xf32>
}

// -----

// A row reduction of a producer that reads across the rows ((v.T).sum(1)
// through tanh) leaves it apart: fused, the sum would read a column of v
// an element at a time. The transpose still fuses into tanh.
// OURS-LABEL: func.func @row_reduction_of_transposed
//       OURS:   linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
//  OURS-NEXT:   ^bb0
//  OURS-NEXT:     math.tanh
//       OURS:   linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
//  OURS-NEXT:   ^bb0
//  OURS-NEXT:     arith.addf
//   OURS-NOT:   linalg.transpose
func.func @row_reduction_of_transposed(%v: tensor<64x32xf32>) -> tensor<32xf32> {
  %e0 = tensor.empty() : tensor<32x64xf32>
  %t = linalg.transpose ins(%v : tensor<64x32xf32>) outs(%e0 : tensor<32x64xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<32x64xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<32x64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.tanh %a : f32
    linalg.yield %r : f32
  } -> tensor<32x64xf32>
  %zero = arith.constant 0.0 : f32
  %c1 = tensor.empty() : tensor<32xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%c1 : tensor<32xf32>) -> tensor<32xf32>
  %rows = linalg.reduce ins(%w : tensor<32x64xf32>) outs(%f1 : tensor<32xf32>) dimensions = [1]
    (%a: f32, %c: f32) {
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
    }
  return %rows : tensor<32xf32>
}

// -----

// A transpose between element-wise ops ((max(v, b).T * 2 + 1), copied)
// fuses with both: one loop nest reading v through the transposed map.
// OURS-LABEL: func.func @transpose_between
//       OURS:   linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<64x32xf32>, tensor<32xf32>) outs(%{{.*}} : tensor<32x64xf32>)
//       OURS:     arith.maximumf
//       OURS:     arith.mulf
//       OURS:     arith.addf
//   OURS-NOT:   linalg.transpose
//   OURS-NOT:   linalg.generic
func.func @transpose_between(%v: tensor<64x32xf32>, %b: tensor<32xf32>) -> tensor<32x64xf32> {
  %e = tensor.empty() : tensor<64x32xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %b : tensor<64x32xf32>, tensor<32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %r = arith.maximumf %a, %c : f32
    linalg.yield %r : f32
  } -> tensor<64x32xf32>
  %et = tensor.empty() : tensor<32x64xf32>
  %t = linalg.transpose ins(%m : tensor<64x32xf32>) outs(%et : tensor<32x64xf32>) permutation = [1, 0]
  %eo = tensor.empty() : tensor<32x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<32x64xf32>) outs(%eo : tensor<32x64xf32>) {
  ^bb0(%a: f32, %out: f32):
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %x2 = arith.mulf %a, %two : f32
    %r = arith.addf %x2, %one : f32
    linalg.yield %r : f32
  } -> tensor<32x64xf32>
  return %o : tensor<32x64xf32>
}
