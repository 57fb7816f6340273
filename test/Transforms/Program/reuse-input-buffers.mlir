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

// A view of an argument the caller donates: the result is written there,
// walking the view forwards or backwards.
// CHECK-LABEL: func.func @donated_view
// CHECK: %[[V:.*]] = tensor.extract_slice
// CHECK: linalg.generic {{.*}} ins(%[[V]], %[[V]] : tensor<4xf32>, tensor<4xf32>) outs(%[[V]] : tensor<4xf32>)
// BUF-LABEL: func.func @donated_view
// BUF-NOT: memref.alloc
func.func @donated_view(%x: tensor<8xf32> {bufferization.writable = true}) -> tensor<4xf32> {
  %v = tensor.extract_slice %x[5] [4] [-1] : tensor<8xf32> to tensor<4xf32>
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
#rows = affine_map<(d0, d1) -> (d0, d1)>

// negative: into an argument's view only where that pays. A view that
// skips elements of its rows (step 2) would be written a fraction of each
// sector at a time; a result a reduction reads is better left to the
// reduction's loop, which computes it where it reads it.
// CHECK-LABEL: func.func @donated_not_paying
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<4xf32>)
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E2]] : tensor<4x8xf32>)
// BUF-LABEL: func.func @donated_not_paying
// BUF-COUNT-3: memref.alloc
func.func @donated_not_paying(%x: tensor<8xf32> {bufferization.writable = true}, %y: tensor<4x8xf32> {bufferization.writable = true}) -> (tensor<4xf32>, tensor<8xf32>) {
  %v = tensor.extract_slice %x[0] [4] [2] : tensor<8xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%v : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %n = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.reduce ins(%n : tensor<4x8xf32>) outs(%f : tensor<8xf32>) dimensions = [0]
    (%a: f32, %c: f32) {
      %r = arith.addf %a, %c : f32
      linalg.yield %r : f32
    }
  return %m, %s : tensor<4xf32>, tensor<8xf32>
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

// -----

// The destination a caller passed (outs(%out), which the fusion turned
// into a tensor.empty since the body does not read it) comes back: the
// result is returned, %out is marked writable and nothing uses it.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @destination_taken_back
// CHECK-SAME: %[[OUT:[a-z0-9]+]]: tensor<8xf32> {bufferization.writable = true}
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[OUT]] : tensor<8xf32>)
// BUF-LABEL: func.func @destination_taken_back
// BUF-NOT: memref.alloc
// BUF: return
func.func @destination_taken_back(%x: tensor<16xf32> {bufferization.writable = false},
                                  %out: tensor<8xf32> {bufferization.writable = true}) -> tensor<8xf32> {
  %s = tensor.extract_slice %x[0] [8] [2] : tensor<16xf32> to tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%s : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Dynamic sizes: the fusion's tensor.empty takes them from the argument
// (tensor.dim), which reads no element.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @dynamic_destination_taken_back
// CHECK-SAME: %[[OUT:[a-z0-9]+]]: tensor<?xf32> {bufferization.writable = true}
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[OUT]] : tensor<?xf32>)
func.func @dynamic_destination_taken_back(%x: tensor<?xf32> {bufferization.writable = false},
                                          %out: tensor<?xf32> {bufferization.writable = true}) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %out, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Not taken: an argument read elsewhere, one not marked writable, one of
// another type; and a result that is not returned keeps its fresh init.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @destination_kept_fresh
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: ins(%arg0 : tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
// CHECK: ins(%arg0 : tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
func.func @destination_kept_fresh(%x: tensor<8xf32> {bufferization.writable = false},
                                  %used: tensor<8xf32> {bufferization.writable = true},
                                  %unmarked: tensor<8xf32>,
                                  %other: tensor<4xf32> {bufferization.writable = true})
    -> (tensor<8xf32>, f32, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = math.absf %a : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %v = tensor.extract %t[%c0] : tensor<8xf32>
  %w = tensor.extract %used[%c0] : tensor<8xf32>
  return %r, %v, %w : tensor<8xf32>, f32, f32
}

// -----

#id = affine_map<(d0) -> (d0)>

// A result that goes only into a part of a fresh tensor (a concat's
// operand after --slice-decompose-concats) keeps its fresh init, even
// though its input dies there: empty-tensor elimination computes it in its
// part of the concat's buffer. Taking the input's buffer made it a write
// there and a copy into the part (exp(concat(v, v[::-1])): 2.9x slower).
// CHECK-LABEL: func.func @inserted_into_fresh
// CHECK: %[[T:.*]] = linalg.generic
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: %[[U:.*]] = linalg.generic {{.*}} ins(%[[T]] : tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
// CHECK: tensor.insert_slice %[[U]]
// With empty-tensor elimination, two buffers (the temporary, the concat),
// no copy (the insert of the part into itself folds away).
// RUN: slice-opt %s -split-input-file --slice-reuse-input-buffers --eliminate-empty-tensors --one-shot-bufferize="bufferize-function-boundaries" --cse --canonicalize | FileCheck %s --check-prefix=PLACED
// PLACED-LABEL: func.func @inserted_into_fresh
// PLACED-COUNT-2: memref.alloc
// PLACED-NOT: memref.alloc
// PLACED-NOT: memref.copy
// PLACED: return
func.func @inserted_into_fresh(%x: tensor<8xf32> {bufferization.writable = false}) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %cat = tensor.empty() : tensor<16xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%t : tensor<8xf32>) outs(%e2 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %r = tensor.insert_slice %u into %cat[8] [8] [1] : tensor<8xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}
