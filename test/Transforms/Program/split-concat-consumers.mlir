// --slice-split-concat-consumers: an element-wise op that reads a concat
// runs on the concat's operands, and the concat joins its results.
// RUN: slice-opt %s -split-input-file --slice-split-concat-consumers | FileCheck %s
// With fusion and the concat written in place: one loop nest per part, no
// temporary.
// RUN: slice-opt %s -split-input-file --slice-split-concat-consumers --linalg-fuse-elementwise-ops --slice-decompose-concats --eliminate-empty-tensors --one-shot-bufferize="bufferize-function-boundaries" --cse --canonicalize | FileCheck %s --check-prefix=BUF

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// The other input is sliced along the loop that the concat dimension
// follows; an input broadcast along it is read whole.
// CHECK-LABEL: func.func @row_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<4x5xf32>, %[[ROW:.*]]: tensor<8xf32>, %[[COL:.*]]: tensor<4x1xf32>)
// CHECK: %[[R0:.*]] = tensor.extract_slice %[[ROW]][0] [3] [1] : tensor<8xf32> to tensor<3xf32>
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK: %[[P0:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[R0]], %[[COL]] : tensor<4x3xf32>, tensor<3xf32>, tensor<4x1xf32>) outs(%[[E0]] : tensor<4x3xf32>)
// CHECK: %[[R1:.*]] = tensor.extract_slice %[[ROW]][3] [5] [1] : tensor<8xf32> to tensor<5xf32>
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<4x5xf32>
// CHECK: %[[P1:.*]] = linalg.generic {{.*}} ins(%[[B]], %[[R1]], %[[COL]] : tensor<4x5xf32>, tensor<5xf32>, tensor<4x1xf32>) outs(%[[E1]] : tensor<4x5xf32>)
// CHECK: %[[C:.*]] = tensor.concat dim(1) %[[P0]], %[[P1]] : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
// CHECK: return %[[C]]
// BUF-LABEL: func.func @row_broadcast
// BUF-COUNT-1: memref.alloc
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF-COUNT-2: linalg.generic
// BUF-NOT: linalg.generic
// BUF-NOT: memref.copy
func.func @row_broadcast(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>, %row: tensor<8xf32>, %col: tensor<4x1xf32>) -> tensor<4x8xf32> {
  %c = tensor.concat dim(1) %a, %b : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, affine_map<(d0, d1) -> (d0, 0)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %row, %col : tensor<4x8xf32>, tensor<8xf32>, tensor<4x1xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.mulf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A chain splits step by step; after fusion each part is one loop nest
// that reads its operand and writes its part of the result.
// CHECK-LABEL: func.func @chain
// CHECK-COUNT-4: linalg.generic
// CHECK: %[[C:.*]] = tensor.concat dim(0)
// CHECK: return %[[C]]
// BUF-LABEL: func.func @chain
// BUF-COUNT-1: memref.alloc
// BUF-NOT: memref.alloc
// BUF-COUNT-2: linalg.generic
// BUF-NOT: linalg.generic
// BUF-NOT: memref.copy
#id = affine_map<(d0) -> (d0)>
func.func @chain(%a: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<8xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<3xf32>, tensor<5xf32>) -> tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%c : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %x, %z : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%r : tensor<8xf32>) outs(%e2 : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Dynamic parts: the second part's offset is the first part's size, and
// the result keeps its type through a cast.
// CHECK-LABEL: func.func @dynamic
// BUF-LABEL: func.func @dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[N:.*]] = tensor.dim %[[A]], %[[C0]]
// CHECK: %[[Y0:.*]] = tensor.extract_slice %[[Y]][0] [%[[N]]] [1]
// CHECK: %[[P0:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[Y0]] : tensor<?xf32>, tensor<?xf32>)
// CHECK: %[[M:.*]] = tensor.dim %[[B]], %[[C0]]
// CHECK: %[[Y1:.*]] = tensor.extract_slice %[[Y]][%[[N]]] [%[[M]]] [1]
// CHECK: %[[P1:.*]] = linalg.generic {{.*}} ins(%[[B]], %[[Y1]] : tensor<?xf32>, tensor<?xf32>)
// CHECK: tensor.concat dim(0) %[[P0]], %[[P1]] : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
#id = affine_map<(d0) -> (d0)>
func.func @dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%c, %y : tensor<?xf32>, tensor<?xf32>) outs(%y : tensor<?xf32>) {
  ^bb0(%x: f32, %v: f32, %o: f32):
    %m = arith.subf %x, %v : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Inserts that tile a tensor.empty along one dimension are a concat (the
// destination-passing spelling of a rotary embedding's rotation).
// CHECK-LABEL: func.func @inserts_into_empty
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<4x5xf32>)
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[P0:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<4x5xf32>)
// CHECK: %[[P1:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<4x3xf32>)
// CHECK: tensor.concat dim(1) %[[P0]], %[[P1]] : (tensor<4x5xf32>, tensor<4x3xf32>) -> tensor<4x8xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @inserts_into_empty(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = tensor.insert_slice %a into %e[0, 5] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<4x8xf32>
  %1 = tensor.insert_slice %b into %0[0, 0] [4, 5] [1, 1] : tensor<4x5xf32> into tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.negf %x : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Left alone: the concat has another reader, the op is no element-wise op
// (a reduction), the inserts leave a gap, or they overlap.
// CHECK-LABEL: func.func @left_alone
// CHECK: %[[C:.*]] = tensor.concat
// CHECK: linalg.generic {{.*}} ins(%[[C]] :
// CHECK: %[[C2:.*]] = tensor.concat
// CHECK: linalg.generic {{.*}} ins(%[[C2]] :
// CHECK: tensor.insert_slice
// CHECK: %[[G:.*]] = tensor.insert_slice
// CHECK: linalg.generic {{.*}} ins(%[[G]] :
// CHECK: tensor.insert_slice
// CHECK: %[[O:.*]] = tensor.insert_slice
// CHECK: linalg.generic {{.*}} ins(%[[O]] :
// CHECK-NOT: linalg.generic
#id = affine_map<(d0) -> (d0)>
func.func @left_alone(%a: tensor<3xf32>, %b: tensor<5xf32>, %init: tensor<f32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<f32>, tensor<8xf32>, tensor<8xf32>) {
  %c = tensor.concat dim(0) %a, %b : (tensor<3xf32>, tensor<5xf32>) -> tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%c : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.negf %x : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %c2 = tensor.concat dim(0) %a, %b : (tensor<3xf32>, tensor<5xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%c2 : tensor<8xf32>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.addf %x, %o : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  %g0 = tensor.insert_slice %a into %e[0] [3] [1] : tensor<3xf32> into tensor<8xf32>
  %g1 = tensor.insert_slice %a into %g0[4] [3] [1] : tensor<3xf32> into tensor<8xf32>
  %gap = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g1 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.negf %x : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %o0 = tensor.insert_slice %b into %e[0] [5] [1] : tensor<5xf32> into tensor<8xf32>
  %o1 = tensor.insert_slice %b into %o0[3] [5] [1] : tensor<5xf32> into tensor<8xf32>
  %over = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%o1 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.negf %x : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %c, %r, %sum, %gap, %over : tensor<8xf32>, tensor<8xf32>, tensor<f32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// Left alone: the op reads the concat twice, once across the concat
// dimension (x + transpose(x)); no part replaces both reads.
// CHECK-LABEL: func.func @transposed_read
// CHECK: %[[C:.*]] = tensor.concat
// CHECK: linalg.generic {{.*}} ins(%[[C]], %[[C]] :
// CHECK-NOT: tensor.concat
func.func @transposed_read(%a: tensor<2x4xf32>, %b: tensor<2x4xf32>) -> tensor<4x4xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%c, %c : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// A concat of run-time size whose consumer's init reads its size: the
// tensor.dim becomes the parts' sizes (the concat's reified shape), so the
// consumer still splits (random bench seed 2026, #11: tanh over the concat
// of v and its mirror, with run-time bounds).
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @run_time_size
// CHECK-SAME: (%[[A:.*]]: tensor<4x?xf32>, %[[B:.*]]: tensor<4x?xf32>)
// CHECK-NOT: tensor.dim %{{.*}} : tensor<4x?xf32> ->
// CHECK: %[[RA:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<4x?xf32>)
// CHECK: %[[RB:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<4x?xf32>)
// CHECK: %[[R:.*]] = tensor.concat dim(1) %[[RA]], %[[RB]]
// CHECK: return %[[R]]
func.func @run_time_size(%a: tensor<4x?xf32>, %b: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %cat = tensor.concat dim(1) %a, %b : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  %c1 = arith.constant 1 : index
  %n = tensor.dim %cat, %c1 : tensor<4x?xf32>
  %e = tensor.empty(%n) : tensor<4x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cat : tensor<4x?xf32>) outs(%e : tensor<4x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  } -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}
