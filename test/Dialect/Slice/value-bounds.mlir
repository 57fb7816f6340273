// RUN: slice-opt %s -split-input-file --slice-test-value-bounds -verify-diagnostics | FileCheck %s

// Upstream's value-bounds analysis sees through the slice ops
// (ValueBoundsOpInterface): --slice-test-value-bounds replaces a tensor.dim
// of a slice result by its closed form where there is one
// (affine::reifyValueBound) and otherwise reports its constant bounds.

// x[::2] of ?x8 has exactly ceil(d0 / 2) rows, x[::-3] ceil(d0 / 3); a
// whole dimension (the ellipsis's) is its source's, a new axis 1.
// CHECK-DAG: #[[HALF:.*]] = affine_map<()[s0] -> ((s0 + 1) floordiv 2)>
// CHECK-DAG: #[[THIRD:.*]] = affine_map<()[s0] -> ((s0 + 2) floordiv 3)>
// CHECK-LABEL: func @closed_forms
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[EVERY_OTHER:.*]] = affine.apply #[[HALF]]()[%[[D0]]]
// CHECK: %[[D0B:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: %[[THIRDS:.*]] = affine.apply #[[THIRD]]()[%[[D0B]]]
// CHECK: %[[D1:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK: return %[[EVERY_OTHER]], %[[THIRDS]], %[[D1]], %c1
func.func @closed_forms(%x: tensor<?x?xf32>) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = slice.strided %x[::2] : tensor<?x?xf32> to tensor<?x?xf32>
  %da = tensor.dim %a, %c0 : tensor<?x?xf32>
  %b = slice.strided %x[::-3, ...] : tensor<?x?xf32> to tensor<?x?xf32>
  %db = tensor.dim %b, %c0 : tensor<?x?xf32>
  %dw = tensor.dim %b, %c1 : tensor<?x?xf32>
  %n = slice.strided %x[newaxis] : tensor<?x?xf32> to tensor<?x?x?xf32>
  %dn = tensor.dim %n, %c0 : tensor<?x?x?xf32>
  return %da, %db, %dw, %dn : index, index, index, index
}

// -----

// x[%b : %b + 4] has at most 4 rows whatever %b (negative, past the end):
// wrapping and clamping only shrink a range whose end is not before its
// begin. The same for the axes encoding, and for a negative stride whose
// begin is not before its end.
func.func @at_most_four(%x: tensor<?x8xf32>, %b: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %e = arith.addi %b, %c4 : index
  %r = slice.strided %x[%b:%e] : tensor<?x8xf32> to tensor<?x8xf32>
  // expected-remark @below {{between 0 and 4}}
  %dr = tensor.dim %r, %c0 : tensor<?x8xf32>
  %a = slice.strided_axes %x starts [%b] ends [%e] : tensor<?x8xf32> to tensor<?x8xf32>
  // expected-remark @below {{between 0 and 4}}
  %da = tensor.dim %a, %c0 : tensor<?x8xf32>
  %n = slice.strided %x[%e:%b:-2] : tensor<?x8xf32> to tensor<?x8xf32>
  // expected-remark @below {{between 0 and 2}}
  %dn = tensor.dim %n, %c0 : tensor<?x8xf32>
  return %dr, %da, %dn : index, index, index
}

// -----

// A begin the analysis places inside the dimension gives an exact size:
// x[1:] on a dimension of at least 4 has d - 1 elements, x[2::-1] 3. An
// offset-mode window has its extent over the stride.
// CHECK: #[[MINUS_ONE:.*]] = affine_map<()[s0] -> (s0 - 1)>
// CHECK-LABEL: func @known_begin
// CHECK: %[[X:.*]] = tensor.empty
// CHECK: %[[N:.*]] = tensor.dim %[[X]]
// CHECK: %[[REST:.*]] = affine.apply #[[MINUS_ONE]]()[%[[N]]]
// CHECK: return %[[REST]], %c3{{.*}}, %c2{{.*}} :
func.func @known_begin(%m: index, %b: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = affine.max affine_map<()[s0] -> (s0, 4)>()[%m]
  %x = tensor.empty(%n) : tensor<?xf32>
  %r = slice.strided %x[1:] : tensor<?xf32> to tensor<?xf32>
  %dr = tensor.dim %r, %c0 : tensor<?xf32>
  %s = slice.strided %x[%c2::-1] : tensor<?xf32> to tensor<?xf32>
  %ds = tensor.dim %s, %c0 : tensor<?xf32>
  %w = slice.strided %x[%b:%c3:2] offset : tensor<?xf32> to tensor<?xf32>
  %dw = tensor.dim %w, %c0 : tensor<?xf32>
  return %dr, %ds, %dw : index, index, index
}

// -----

// Without such facts only the obvious: never negative, never more than the
// source's dimension (unbounded here).
func.func @unknown(%x: tensor<?xf32>, %b: index, %e: index, %s: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %r = slice.strided %x[%b:%e] : tensor<?xf32> to tensor<?xf32>
  // expected-remark @below {{between 0 and ?}}
  %dr = tensor.dim %r, %c0 : tensor<?xf32>
  %t = slice.strided %x[::%s] : tensor<?xf32> to tensor<?xf32>
  // expected-remark @below {{between 0 and ?}}
  %dt = tensor.dim %t, %c0 : tensor<?xf32>
  return %dr, %dt : index, index
}

// -----

// An update's result is its dest.
// CHECK-LABEL: func @update
// CHECK-SAME: (%[[D:.*]]: tensor<?x?xf32>
// CHECK: %[[D1:.*]] = tensor.dim %[[D]], %{{.*}}
// CHECK: %[[D1B:.*]] = tensor.dim %[[D]], %{{.*}}
// CHECK: return %[[D1]], %[[D1B]]
func.func @update(%d: tensor<?x?xf32>, %v: tensor<f32>) -> (index, index) {
  %c1 = arith.constant 1 : index
  %u = slice.strided_update %v into %d[::2] : tensor<f32> into tensor<?x?xf32>
  %du = tensor.dim %u, %c1 : tensor<?x?xf32>
  %a = slice.strided_axes_update %v into %d starts [0] ends [1] : tensor<f32> into tensor<?x?xf32>
  %da = tensor.dim %a, %c1 : tensor<?x?xf32>
  return %du, %da : index, index
}
