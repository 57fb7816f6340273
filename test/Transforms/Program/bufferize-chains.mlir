// --slice-bufferize-chains: chains of inserts and concats written on one
// buffer before one-shot-bufferize, whose analysis of them grows as the
// cube of their length. ONESHOT, what one-shot then makes of them (no copy of
// a value a producer computed in place, no buffer but the chain's).
// RUN: slice-opt %s -split-input-file --slice-bufferize-chains=min-length=2 | FileCheck %s
// RUN: slice-opt %s -split-input-file --slice-bufferize-chains=min-length=2 --one-shot-bufferize="bufferize-function-boundaries" --canonicalize | FileCheck %s --check-prefix=ONESHOT
// RUN: slice-opt %s -split-input-file --slice-bufferize-chains | FileCheck %s --check-prefix=DEFAULT

// A function argument used by the chain alone lends its buffer: each
// insert a write into a view of it, the result a tensor of it.
// CHECK-LABEL: func.func @lent
//  CHECK-SAME: (%[[Y:[^:]*]]: tensor<8x4xf32>, %[[A:[^:]*]]: tensor<2x4xf32>, %[[B:[^:]*]]: tensor<2x4xf32>)
//       CHECK:   %[[BUFFER:.*]] = bufferization.to_buffer %[[Y]] : tensor<8x4xf32> to memref<8x4xf32, strided<[?, ?], offset: ?>>
//       CHECK:   %[[V0:.*]] = memref.subview %[[BUFFER]][0, 0] [2, 4] [1, 1]
//       CHECK:   bufferization.materialize_in_destination %[[A]] in restrict writable %[[V0]]
//       CHECK:   %[[V1:.*]] = memref.subview %[[BUFFER]][6, 0] [2, 4] [1, -1]
//       CHECK:   bufferization.materialize_in_destination %[[B]] in restrict writable %[[V1]]
//       CHECK:   %[[R:.*]] = bufferization.to_tensor %[[BUFFER]] restrict writable
//   CHECK-NOT:   tensor.insert_slice
//       CHECK:   return %[[R]]
// ONESHOT-LABEL: func.func @lent
//  ONESHOT-SAME: (%[[Y:[^:]*]]: memref<8x4xf32, {{.*}}>, %[[A:[^:]*]]: memref<2x4xf32, {{.*}}>, %[[B:[^:]*]]: memref<2x4xf32, {{.*}}>)
//   ONESHOT-NOT:   memref.alloc
//       ONESHOT:   %[[V0:.*]] = memref.subview %[[Y]][0, 0] [2, 4] [1, 1]
//       ONESHOT:   memref.copy %[[A]], %[[V0]]
//       ONESHOT:   %[[V1:.*]] = memref.subview %[[Y]][6, 0] [2, 4] [1, -1]
//       ONESHOT:   memref.copy %[[B]], %[[V1]]
//       ONESHOT:   return %[[Y]]
// DEFAULT-LABEL: func.func @lent
//       DEFAULT:   tensor.insert_slice
//       DEFAULT:   tensor.insert_slice
func.func @lent(%y: tensor<8x4xf32>, %a: tensor<2x4xf32>, %b: tensor<2x4xf32>) -> tensor<8x4xf32> {
  %0 = tensor.insert_slice %a into %y[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
  %1 = tensor.insert_slice %b into %0[6, 0] [2, 4] [1, -1] : tensor<2x4xf32> into tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// A root read after the chain: the chain writes a fresh buffer, the root
// copied into it first.
// CHECK-LABEL: func.func @copied
//  CHECK-SAME: (%[[Y:[^:]*]]: tensor<8x4xf32>
//       CHECK:   %[[BUFFER:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
//       CHECK:   bufferization.materialize_in_destination %[[Y]] in restrict writable %[[BUFFER]]
//       CHECK:   memref.subview %[[BUFFER]][0, 0] [2, 4] [1, 1]
//       CHECK:   memref.subview %[[BUFFER]][4, 0] [2, 4] [1, 1]
//       CHECK:   %[[R:.*]] = bufferization.to_tensor %[[BUFFER]] restrict writable
//       CHECK:   return %[[R]], %[[Y]]
func.func @copied(%y: tensor<8x4xf32>, %a: tensor<2x4xf32>, %b: tensor<2x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0 = tensor.insert_slice %a into %y[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
  %1 = tensor.insert_slice %b into %0[4, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
  return %1, %y : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Into a tensor.empty: every producer that writes a tensor.empty computes
// into its view, even the first; a value with no producer is copied.
// CHECK-LABEL: func.func @producers
//       CHECK:   %[[BUFFER:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
//       CHECK:   %[[V0:.*]] = memref.subview %[[BUFFER]][0, 0] [2, 4] [1, 1]
//       CHECK:   %[[T0:.*]] = bufferization.to_tensor %[[V0]] restrict writable
//       CHECK:   %[[N:.*]] = linalg.generic {{.*}} outs(%[[T0]] : tensor<2x4xf32>)
//       CHECK:     arith.negf
//       CHECK:   bufferization.materialize_in_destination %[[N]] in restrict writable %[[V0]]
//       CHECK:   %[[V1:.*]] = memref.subview %[[BUFFER]][2, 0] [2, 4] [1, 1]
//       CHECK:   %[[T1:.*]] = bufferization.to_tensor %[[V1]] restrict writable
//       CHECK:   %[[M:.*]] = linalg.generic {{.*}} outs(%[[T1]] : tensor<2x4xf32>)
//       CHECK:     math.absf
//       CHECK:   bufferization.materialize_in_destination %[[M]] in restrict writable %[[V1]]
//       CHECK:   %[[V2:.*]] = memref.subview %[[BUFFER]][4, 0] [2, 4] [1, 1]
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in restrict writable %[[V2]]
//       CHECK:   bufferization.to_tensor %[[BUFFER]] restrict writable
// ONESHOT-LABEL: func.func @producers
//       ONESHOT:   %[[BUFFER:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
//   ONESHOT-NOT:   memref.alloc
//       ONESHOT:   %[[V0:.*]] = memref.subview %[[BUFFER]][0, 0] [2, 4] [1, 1]
//       ONESHOT:   linalg.generic {{.*}} outs(%[[V0]] :
//       ONESHOT:   %[[V1:.*]] = memref.subview %[[BUFFER]][2, 0] [2, 4] [1, 1]
//       ONESHOT:   linalg.generic {{.*}} outs(%[[V1]] :
//       ONESHOT:   %[[V2:.*]] = memref.subview %[[BUFFER]][4, 0] [2, 4] [1, 1]
//       ONESHOT:   memref.copy %{{.*}}, %[[V2]]
//   ONESHOT-NOT:   memref.copy
//       ONESHOT:   return %[[BUFFER]]
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @producers(%x: tensor<2x4xf32>, %z: tensor<2x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %t = tensor.empty() : tensor<2x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x4xf32>) outs(%t : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<2x4xf32>
  %0 = tensor.insert_slice %a into %e[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x4xf32>) outs(%t : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = math.absf %in : f32
    linalg.yield %n : f32
  } -> tensor<2x4xf32>
  %1 = tensor.insert_slice %b into %0[2, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
  %2 = tensor.insert_slice %z into %1[4, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}

// -----

// A producer before the insert before its own: computing in place would
// write before that insert does, which may overwrite it (rows 1 and 2
// here): its value is copied at its insert.
// CHECK-LABEL: func.func @early_producer
//       CHECK:   %[[C:.*]] = linalg.copy ins(%{{.*}} : tensor<2x4xf32>) outs(%{{.*}} : tensor<2x4xf32>)
//       CHECK:   %[[BUFFER:.*]] = bufferization.to_buffer
//       CHECK:   %[[V1:.*]] = memref.subview %[[BUFFER]][1, 0] [2, 4] [1, 1]
//       CHECK:   bufferization.materialize_in_destination %[[C]] in restrict writable %[[V1]]
func.func @early_producer(%y: tensor<8x4xf32>, %x: tensor<2x4xf32>, %a: tensor<2x4xf32>) -> tensor<8x4xf32> {
  %t = tensor.empty() : tensor<2x4xf32>
  %b = linalg.copy ins(%x : tensor<2x4xf32>) outs(%t : tensor<2x4xf32>) -> tensor<2x4xf32>
  %0 = tensor.insert_slice %a into %y[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
  %1 = tensor.insert_slice %b into %0[1, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// An insert of nothing writes nothing (a subview could not hold its
// offset); a run-time offset is the view's.
// CHECK-LABEL: func.func @empty_part
//  CHECK-SAME: (%[[Y:[^:]*]]: tensor<?x4xf32>, %{{[^:]*}}: tensor<2x0xf32>, %[[B:[^:]*]]: tensor<2x4xf32>, %[[I:[^:]*]]: index)
//       CHECK:   %[[BUFFER:.*]] = bufferization.to_buffer %[[Y]]
//   CHECK-NOT:   memref.subview
//       CHECK:   %[[V:.*]] = memref.subview %[[BUFFER]][%[[I]], 0] [2, 4] [1, 1]
//       CHECK:   bufferization.materialize_in_destination %[[B]] in restrict writable %[[V]]
//   CHECK-NOT:   materialize_in_destination
func.func @empty_part(%y: tensor<?x4xf32>, %a: tensor<2x0xf32>, %b: tensor<2x4xf32>, %i: index) -> tensor<?x4xf32> {
  %0 = tensor.insert_slice %a into %y[0, 1] [2, 0] [1, 1] : tensor<2x0xf32> into tensor<?x4xf32>
  %1 = tensor.insert_slice %b into %0[%i, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

// A static concat: one buffer, made before the first part's producer,
// which computes into its part.
// CHECK-LABEL: func.func @concat
//       CHECK:   %[[BUFFER:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x8xf32>
//       CHECK:   %[[V0:.*]] = memref.subview %[[BUFFER]][0, 0] [2, 3] [1, 1]
//       CHECK:   %[[T0:.*]] = bufferization.to_tensor %[[V0]] restrict writable
//       CHECK:   %[[N:.*]] = linalg.generic {{.*}} outs(%[[T0]] : tensor<2x3xf32>)
//       CHECK:   bufferization.materialize_in_destination %[[N]] in restrict writable %[[V0]]
//       CHECK:   %[[V1:.*]] = memref.subview %[[BUFFER]][0, 3] [2, 5] [1, 1]
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in restrict writable %[[V1]]
//   CHECK-NOT:   tensor.concat
// ONESHOT-LABEL: func.func @concat
//       ONESHOT:   %[[BUFFER:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x8xf32>
//   ONESHOT-NOT:   memref.alloc
//       ONESHOT:   %[[V0:.*]] = memref.subview %[[BUFFER]][0, 0] [2, 3] [1, 1]
//       ONESHOT:   linalg.generic {{.*}} outs(%[[V0]] :
//       ONESHOT:   %[[V1:.*]] = memref.subview %[[BUFFER]][0, 3] [2, 5] [1, 1]
//       ONESHOT:   memref.copy %{{.*}}, %[[V1]]
//       ONESHOT:   return %[[BUFFER]]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @concat(%x: tensor<2x3xf32>, %y: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %t = tensor.empty() : tensor<2x3xf32>
  %a = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x3xf32>) outs(%t : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<2x3xf32>
  %c = tensor.concat dim(1) %a, %y : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %c : tensor<2x8xf32>
}

// -----

// Run-time sizes: the buffer and the copies at the concat, each part at
// the sum of the sizes before it.
// CHECK-LABEL: func.func @concat_dynamic
//  CHECK-SAME: (%[[X:[^:]*]]: tensor<2x?xf32>, %[[Y:[^:]*]]: tensor<2x5xf32>)
//       CHECK:   %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<2x?xf32>
//       CHECK:   %[[SIZE:.*]] = affine.apply #{{.*}}()[%[[N]]]
//       CHECK:   %[[BUFFER:.*]] = memref.alloc(%[[SIZE]]) {alignment = 64 : i64} : memref<2x?xf32>
//       CHECK:   %[[V0:.*]] = memref.subview %[[BUFFER]][0, 0] [2, %{{.*}}] [1, 1]
//       CHECK:   bufferization.materialize_in_destination %[[X]] in restrict writable %[[V0]]
//       CHECK:   %[[AT:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<2x?xf32>
//       CHECK:   %[[V1:.*]] = memref.subview %[[BUFFER]][0, %[[AT]]] [2, 5] [1, 1]
//       CHECK:   bufferization.materialize_in_destination %[[Y]] in restrict writable %[[V1]]
//       CHECK:   bufferization.to_tensor %[[BUFFER]] restrict writable : memref<2x?xf32> to tensor<2x?xf32>
func.func @concat_dynamic(%x: tensor<2x?xf32>, %y: tensor<2x5xf32>) -> tensor<2x?xf32> {
  %c = tensor.concat dim(1) %x, %y : (tensor<2x?xf32>, tensor<2x5xf32>) -> tensor<2x?xf32>
  return %c : tensor<2x?xf32>
}

// -----

// Slices of an argument that linalg ops read: views of one read-only
// buffer of it, read-only tensors of their own.
// CHECK-LABEL: func.func @views
//  CHECK-SAME: (%[[X:[^:]*]]: tensor<8x4xf32>)
//       CHECK:   %[[BUFFER:.*]] = bufferization.to_buffer %[[X]] read_only
//       CHECK:   %[[V0:.*]] = memref.subview %[[BUFFER]][0, 0] [2, 4] [1, 1]
//       CHECK:   %[[T0:.*]] = bufferization.to_tensor %[[V0]] restrict :
//       CHECK:   %[[V1:.*]] = memref.subview %[[BUFFER]][7, 0] [2, 4] [-1, 1]
//       CHECK:   %[[T1:.*]] = bufferization.to_tensor %[[V1]] restrict :
//       CHECK:   linalg.add ins(%[[T0]], %[[T1]] : tensor<2x4xf32>, tensor<2x4xf32>)
//   CHECK-NOT:   tensor.extract_slice
func.func @views(%x: tensor<8x4xf32>) -> tensor<2x4xf32> {
  %a = tensor.extract_slice %x[0, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  %b = tensor.extract_slice %x[7, 0] [2, 4] [-1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  %e = tensor.empty() : tensor<2x4xf32>
  %s = linalg.add ins(%a, %b : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %s : tensor<2x4xf32>
}

// -----

// A slice returned (a caller may write what it believes a buffer of its
// own), or the value used otherwise: the slices stay.
// CHECK-LABEL: func.func @views_escape
//       CHECK:   tensor.extract_slice
//       CHECK:   tensor.extract_slice
//   CHECK-NOT:   bufferization.to_buffer
func.func @views_escape(%x: tensor<8x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %a = tensor.extract_slice %x[0, 0] [2, 4] [1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  %b = tensor.extract_slice %x[7, 0] [2, 4] [-1, 1] : tensor<8x4xf32> to tensor<2x4xf32>
  %e = tensor.empty() : tensor<2x4xf32>
  %s = linalg.add ins(%a, %b : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %s, %a : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// A chain on a loop's iteration argument: the argument cannot lend its
// buffer (one-shot would copy the whole tensor each iteration), so chains
// shorter than eight times min-length stay for one-shot, which writes
// them in place.
// CHECK-LABEL: func.func @loop_chain
//       CHECK:   scf.for
//       CHECK:     tensor.insert_slice
//       CHECK:     tensor.insert_slice
//   CHECK-NOT:     bufferization.to_buffer
//   CHECK-NOT:     memref.alloc
func.func @loop_chain(%y: tensor<8x4xf32>, %a: tensor<2x4xf32>, %n: index) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %y) -> (tensor<8x4xf32>) {
    %0 = tensor.insert_slice %a into %t[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
    %1 = tensor.insert_slice %a into %0[4, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
    scf.yield %1 : tensor<8x4xf32>
  }
  return %r : tensor<8x4xf32>
}
