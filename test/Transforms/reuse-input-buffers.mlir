// --slice-reuse-input-buffers: an element-wise result takes the buffer of an
// input that dies at it, when that buffer may be written.
// RUN: slice-opt %s -split-input-file --slice-reuse-input-buffers | FileCheck %s
// What one-shot-bufferize makes of it: no allocation for the result.
// RUN: slice-opt %s -split-input-file --slice-reuse-input-buffers --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUF

#id = affine_map<(d0) -> (d0)>

// A temporary (a result whose init is a tensor.empty) lends its buffer.
// CHECK-LABEL: func.func @temporary
// CHECK: %[[T:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<8xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[T]] : tensor<8xf32>) outs(%[[T]] : tensor<8xf32>)
// BUF-LABEL: func.func @temporary
// BUF-COUNT-1: memref.alloc
// BUF-NOT: memref.alloc
func.func @temporary(%x: tensor<8xf32> {bufferization.writable = false}) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%t : tensor<8xf32>) outs(%e2 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %u : tensor<8xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// A view of an argument the caller donates: the result is written there.
// CHECK-LABEL: func.func @donated_view
// CHECK: %[[V:.*]] = tensor.extract_slice
// CHECK: linalg.generic {{.*}} ins(%[[V]], %[[V]] : tensor<4xf32>, tensor<4xf32>) outs(%[[V]] : tensor<4xf32>)
// BUF-LABEL: func.func @donated_view
// BUF-NOT: memref.alloc
func.func @donated_view(%x: tensor<8xf32> {bufferization.writable = true}) -> tensor<4xf32> {
  %v = tensor.extract_slice %x[0] [4] [2] : tensor<8xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %m = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%v, %v : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
#first = affine_map<(d0) -> (0)>

// negative: a read-only argument, an input used again later, an input of
// another shape (broadcast), and an init the body reads keep their inits.
// CHECK-LABEL: func.func @negative_kept
// CHECK-SAME: (%{{.*}}: tensor<8xf32> {bufferization.writable = false}, %{{.*}}: tensor<1xf32>, %[[ACC:.*]]: tensor<8xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK-COUNT-3: outs(%[[E]] : tensor<8xf32>)
// CHECK: outs(%[[ACC]] : tensor<8xf32>)
// BUF-LABEL: func.func @negative_kept
func.func @negative_kept(%x: tensor<8xf32> {bufferization.writable = false}, %one: tensor<1xf32>, %acc: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%t : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#first, #id], iterator_types = ["parallel"]} ins(%one : tensor<1xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%b : tensor<8xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %t, %u, %b, %s : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
// CHECK-LABEL: func.func @negative_read_only
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: outs(%[[E]] : tensor<8xf32>)
func.func @negative_read_only(%x: tensor<8xf32> {bufferization.writable = false}) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %u : tensor<8xf32>
}
