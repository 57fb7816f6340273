// --slice-decompose-concats: tensor.concat as inserts into one tensor, and
// with --eliminate-empty-tensors the producers of the operands write into
// their parts of it.
// RUN: slice-opt %s -split-input-file --slice-decompose-concats | FileCheck %s
// RUN: slice-opt %s -split-input-file --slice-decompose-concats --eliminate-empty-tensors --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUF

// CHECK-LABEL: func.func @concat_of_producers
// CHECK-SAME: (%[[A:.*]]: tensor<2x4xf32>, %[[B:.*]]: tensor<3x4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<5x4xf32>
// CHECK: %[[I0:.*]] = tensor.insert_slice %{{.*}} into %[[E]][0, 0] [2, 4] [1, 1]
// CHECK: tensor.insert_slice %[[B]] into %[[I0]][2, 0] [3, 4] [1, 1]
// CHECK-NOT: tensor.concat
// BUF-LABEL: func.func @concat_of_producers
// BUF: %[[OUT:.*]] = memref.alloc() {{.*}} : memref<5x4xf32>
// BUF-NOT: memref.alloc
// BUF: %[[TOP:.*]] = memref.subview %[[OUT]][0, 0] [2, 4] [1, 1]
// BUF: linalg.generic {{.*}} outs(%[[TOP]] :
// BUF: %[[BOTTOM:.*]] = memref.subview %[[OUT]][2, 0] [3, 4] [1, 1]
// BUF: memref.copy %{{.*}}, %[[BOTTOM]]
func.func @concat_of_producers(%a: tensor<2x4xf32>, %b: tensor<3x4xf32>) -> tensor<5x4xf32> {
  %e = tensor.empty() : tensor<2x4xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.negf %v : f32
    linalg.yield %r : f32
  } -> tensor<2x4xf32>
  %c = tensor.concat dim(0) %n, %b : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %c : tensor<5x4xf32>
}

// -----

// Parts of run-time size: the result's size is read from the producers'
// inits, not from their results, so that its tensor.empty comes before the
// producers and each writes its part (one buffer, no copy).
#id = affine_map<(d0, d1) -> (d0, d1)>
// (The insert of each part into itself is a copy onto itself until cse
// and canonicalize.)
// RUN: slice-opt %s -split-input-file --slice-decompose-concats --eliminate-empty-tensors --one-shot-bufferize="bufferize-function-boundaries" --cse --canonicalize | FileCheck %s --check-prefix=PLACED
// CHECK-LABEL: func.func @run_time_parts
// CHECK-NOT: tensor.dim %{{.*}}#
// PLACED-LABEL: func.func @run_time_parts
// PLACED-COUNT-1: memref.alloc
// PLACED-NOT: memref.alloc
// PLACED-NOT: memref.copy
// PLACED: return
func.func @run_time_parts(%x: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<4x?xf32>
  %e1 = tensor.empty(%n) : tensor<4x?xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x?xf32>) outs(%e1 : tensor<4x?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.exp %v : f32
    linalg.yield %t : f32
  } -> tensor<4x?xf32>
  %e2 = tensor.empty(%n) : tensor<4x?xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x?xf32>) outs(%e2 : tensor<4x?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.tanh %v : f32
    linalg.yield %t : f32
  } -> tensor<4x?xf32>
  %cat = tensor.concat dim(1) %a, %b : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  return %cat : tensor<4x?xf32>
}
