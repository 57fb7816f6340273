// RUN: slice-opt %s -split-input-file --canonicalize | FileCheck %s

// Writing the whole of dest with a value of its type is the value.
// CHECK-LABEL: func.func @whole
//  CHECK-SAME:   (%[[V:[^:]*]]: tensor<5x4xf32>
//  CHECK-NEXT:   return %[[V]]
func.func @whole(%v: tensor<5x4xf32>, %x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %y = slice.strided_update %v into %x[:, :] : tensor<5x4xf32> into tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

// -----

// The whole of dest, but the value broadcasts: kept.
// CHECK-LABEL: func.func @whole_broadcast
//       CHECK:   slice.strided_update
func.func @whole_broadcast(%v: tensor<1x4xf32>, %x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %y = slice.strided_update %v into %x[:, :] : tensor<1x4xf32> into tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

// -----

// Writing back what the same spec reads (dynamic entries included) is dest.
// CHECK-LABEL: func.func @write_back
//  CHECK-SAME:   (%[[X:[^:]*]]: tensor<5x4xf32>
//  CHECK-NEXT:   return %[[X]]
func.func @write_back(%x: tensor<5x4xf32>, %i: index) -> tensor<5x4xf32> {
  %s = slice.strided %x[%i:, ::-1] : tensor<5x4xf32> to tensor<?x4xf32>
  %y = slice.strided_update %s into %x[%i:, ::-1] : tensor<?x4xf32> into tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

// -----

// The same spec with another SSA value is not the same spec: kept.
// CHECK-LABEL: func.func @write_back_other_index
//       CHECK:   slice.strided_update
func.func @write_back_other_index(%x: tensor<5x4xf32>, %i: index, %j: index) -> tensor<5x4xf32> {
  %s = slice.strided %x[%i:] : tensor<5x4xf32> to tensor<?x4xf32>
  %y = slice.strided_update %s into %x[%j:] : tensor<?x4xf32> into tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

// -----

// An update of an update with the same spec: the last one wins.
// CHECK-LABEL: func.func @twice
//  CHECK-SAME:   (%{{[^:]*}}: tensor<2x4xf32>, %[[B:[^:]*]]: tensor<f32>, %[[X:[^:]*]]: tensor<5x4xf32>)
//  CHECK-NEXT:   %[[U:.*]] = slice.strided_update %[[B]] into %[[X]][1:3]
//  CHECK-NEXT:   return %[[U]]
func.func @twice(%a: tensor<2x4xf32>, %b: tensor<f32>, %x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %y = slice.strided_update %a into %x[1:3] : tensor<2x4xf32> into tensor<5x4xf32>
  %z = slice.strided_update %b into %y[1:3] : tensor<f32> into tensor<5x4xf32>
  return %z : tensor<5x4xf32>
}

// -----

// Reading back with the same spec what was written as it is: the value.
// CHECK-LABEL: func.func @read_back
//  CHECK-SAME:   (%[[A:[^:]*]]: tensor<2x4xf32>
//  CHECK-NEXT:   return %[[A]]
func.func @read_back(%a: tensor<2x4xf32>, %x: tensor<5x4xf32>) -> tensor<2x4xf32> {
  %y = slice.strided_update %a into %x[1:3] : tensor<2x4xf32> into tensor<5x4xf32>
  %r = slice.strided %y[1:3] : tensor<5x4xf32> to tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// A broadcast value, or another spec: kept.
// CHECK-LABEL: func.func @read_back_kept
//       CHECK:   slice.strided_update
//       CHECK:   slice.strided %{{.*}}[1:3]
//       CHECK:   slice.strided %{{.*}}[2:4]
func.func @read_back_kept(%b: tensor<f32>, %a: tensor<2x4xf32>, %x: tensor<5x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %y = slice.strided_update %b into %x[1:3] : tensor<f32> into tensor<5x4xf32>
  %r = slice.strided %y[1:3] : tensor<5x4xf32> to tensor<2x4xf32>
  %z = slice.strided_update %a into %x[1:3] : tensor<2x4xf32> into tensor<5x4xf32>
  %s = slice.strided %z[2:4] : tensor<5x4xf32> to tensor<2x4xf32>
  return %r, %s : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// A slice that reads none of what the update wrote (rows 1 and 3 against
// rows 0 and 2) reads dest instead.
// CHECK-LABEL: func.func @disjoint
//  CHECK-SAME:   (%{{[^:]*}}: tensor<2x5xf32>, %[[X:[^:]*]]: tensor<6x5xf32>)
//  CHECK-NEXT:   %[[S:.*]] = slice.strided %[[X]][1:5:2]
//  CHECK-NEXT:   return %[[S]]
func.func @disjoint(%v: tensor<2x5xf32>, %x: tensor<6x5xf32>) -> tensor<2x5xf32> {
  %y = slice.strided_update %v into %x[0:4:2] : tensor<2x5xf32> into tensor<6x5xf32>
  %r = slice.strided %y[1:5:2] : tensor<6x5xf32> to tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// -----

// Disjoint in the second dimension only (columns 0 and 3 written, 4 and 1
// read backwards), with a shrink on the first: still dest.
// CHECK-LABEL: func.func @disjoint_inner
//  CHECK-SAME:   (%{{[^:]*}}: tensor<f32>, %[[X:[^:]*]]: tensor<6x5xf32>)
//  CHECK-NEXT:   %[[S:.*]] = slice.strided %[[X]][2, 4:0:-3]
//  CHECK-NEXT:   return %[[S]]
func.func @disjoint_inner(%v: tensor<f32>, %x: tensor<6x5xf32>) -> tensor<2xf32> {
  %y = slice.strided_update %v into %x[:, 0:4:3] : tensor<f32> into tensor<6x5xf32>
  %t = slice.strided %y[2, 4:0:-3] : tensor<6x5xf32> to tensor<2xf32>
  return %t : tensor<2xf32>
}

// -----

// Rows 0 and 2 written, rows 2 and 4 read: they overlap, kept.
// CHECK-LABEL: func.func @overlapping
//       CHECK:   %[[U:.*]] = slice.strided_update
//       CHECK:   slice.strided %[[U]][2:6:2]
func.func @overlapping(%v: tensor<2x5xf32>, %x: tensor<6x5xf32>) -> tensor<2x5xf32> {
  %y = slice.strided_update %v into %x[0:4:2] : tensor<2x5xf32> into tensor<6x5xf32>
  %r = slice.strided %y[2:6:2] : tensor<6x5xf32> to tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// -----

// A dynamic start: disjointness is unknown, kept.
// CHECK-LABEL: func.func @unknown_overlap
//       CHECK:   %[[U:.*]] = slice.strided_update
//       CHECK:   slice.strided %[[U]][1:5:2]
func.func @unknown_overlap(%v: tensor<2x5xf32>, %x: tensor<6x5xf32>, %i: index) -> tensor<2x5xf32> {
  %y = slice.strided_update %v into %x[%i:2] offset : tensor<2x5xf32> into tensor<6x5xf32>
  %r = slice.strided %y[1:5:2] : tensor<6x5xf32> to tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// -----

// Constants fold, with the value broadcast and a reversed stride:
// y = x.copy(); y[:, ::-2] = [7, 8].
// CHECK-LABEL: func.func @constant
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<{{\[}}[8, 2, 7], [8, 5, 7]]> : tensor<2x3xi32>
//  CHECK-NEXT:   return %[[C]]
func.func @constant() -> tensor<2x3xi32> {
  %x = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %v = arith.constant dense<[7, 8]> : tensor<2xi32>
  %y = slice.strided_update %v into %x[:, ::-2] : tensor<2xi32> into tensor<2x3xi32>
  return %y : tensor<2x3xi32>
}

// -----

// New axis and shrink: y[1, newaxis, 1:] = [[9, 9]] on i8 (raw bytes), and
// i1 (bit-packed).
// CHECK-LABEL: func.func @constant_axes
//   CHECK-DAG:   arith.constant dense<{{\[}}[1, 2, 3], [4, 9, 9]]> : tensor<2x3xi8>
//   CHECK-DAG:   arith.constant dense<{{\[}}[false, false, false], [false, true, true]]> : tensor<2x3xi1>
//   CHECK-NOT:   slice.strided_update
func.func @constant_axes() -> (tensor<2x3xi8>, tensor<2x3xi1>) {
  %x = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %v = arith.constant dense<9> : tensor<1x2xi8>
  %y = slice.strided_update %v into %x[1, newaxis, 1:] : tensor<1x2xi8> into tensor<2x3xi8>
  %b = arith.constant dense<false> : tensor<2x3xi1>
  %t = arith.constant dense<true> : tensor<1xi1>
  %z = slice.strided_update %t into %b[1, newaxis, 1:] : tensor<1xi1> into tensor<2x3xi1>
  return %y, %z : tensor<2x3xi8>, tensor<2x3xi1>
}

// -----

// A splat written into a splat of the same value is dest, at any size; a
// big non-splat result is left to --slice-fold-constants.
// CHECK-LABEL: func.func @constant_limits
//   CHECK-DAG:   %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<4096x4096xf32>
//   CHECK-DAG:   %[[U:.*]] = slice.strided_update
//       CHECK:   return %[[Z]], %[[U]]
func.func @constant_limits() -> (tensor<4096x4096xf32>, tensor<4096x4096xf32>) {
  %z = arith.constant dense<0.0> : tensor<4096x4096xf32>
  %v = arith.constant dense<0.0> : tensor<2x4096xf32>
  %w = arith.constant dense<1.0> : tensor<2x4096xf32>
  %y = slice.strided_update %v into %z[1:3] : tensor<2x4096xf32> into tensor<4096x4096xf32>
  %u = slice.strided_update %w into %z[1:3] : tensor<2x4096xf32> into tensor<4096x4096xf32>
  return %y, %u : tensor<4096x4096xf32>, tensor<4096x4096xf32>
}

// -----

// Constant index operands become static entries, except one under which
// the value would no longer fit the slice (that stays a run-time check).
// CHECK-LABEL: func.func @constant_operands
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   slice.strided_update %{{.*}} into %{{.*}}[1:5:2] :
//       CHECK:   slice.strided_update %{{.*}} into %{{.*}}[0:%[[C4]]] : tensor<3x5xf32>
func.func @constant_operands(%v: tensor<2x5xf32>, %w: tensor<3x5xf32>, %x: tensor<6x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %y = slice.strided_update %v into %x[%c1:5:%c2] : tensor<2x5xf32> into tensor<6x5xf32>
  %z = slice.strided_update %w into %x[0:%c4] : tensor<3x5xf32> into tensor<6x5xf32>
  return %y, %z : tensor<6x5xf32>, tensor<6x5xf32>
}

// -----

// The axes form becomes slice.strided_update, dynamic entries carried.
// CHECK-LABEL: func.func @axes_update
//  CHECK-SAME:   (%[[V:[^:]*]]: tensor<f32>, %[[X:[^:]*]]: tensor<?x5xf32>, %[[I:[^:]*]]: index)
//  CHECK-NEXT:   %[[U:.*]] = slice.strided_update %[[V]] into %[[X]][%[[I]]:10, -1:0:-2] : tensor<f32> into tensor<?x5xf32>
//  CHECK-NEXT:   return %[[U]]
func.func @axes_update(%v: tensor<f32>, %x: tensor<?x5xf32>, %i: index) -> tensor<?x5xf32> {
  %y = slice.strided_axes_update %v into %x axes [-1, 0] starts [-1, %i] ends [0, 10] strides [-2, 1] : tensor<f32> into tensor<?x5xf32>
  return %y : tensor<?x5xf32>
}

// -----

// Folds that would drop a check left to run time do not fold: the program
// must still stop when it fails. An empty slice by a stride that may be 0,
// a whole write whose value's size only run time matches, a read-back and
// an overwritten update with such a stride.
// CHECK-LABEL: func @no_fold_run_time_checks
// CHECK-SAME: (%[[E:.*]]: tensor<2x0xf32>, %[[V:.*]]: tensor<1x0xf32>, %[[X:.*]]: tensor<?xf32>, %[[W:.*]]: tensor<?xf32>, %[[S:.*]]: index, %[[F:.*]]: tensor<f32>)
// CHECK: %[[EMPTY:.*]] = slice.strided_update %[[V]] into %[[E]][::%[[S]]]
// CHECK: %[[WHOLE:.*]] = slice.strided_update %[[W]] into %[[X]][:]
// CHECK: %[[INNER:.*]] = slice.strided_update %[[W]] into %[[X]][::%[[S]]]
// CHECK: %[[READ:.*]] = slice.strided %[[INNER]][::%[[S]]]
// CHECK: %[[OUTER:.*]] = slice.strided_update %[[F]] into %[[INNER]][::%[[S]]]
// CHECK: return %[[EMPTY]], %[[WHOLE]], %[[READ]], %[[OUTER]]
func.func @no_fold_run_time_checks(%e: tensor<2x0xf32>, %v: tensor<1x0xf32>,
                                   %x: tensor<?xf32>, %w: tensor<?xf32>,
                                   %s: index, %f: tensor<f32>)
    -> (tensor<2x0xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = slice.strided_update %v into %e[::%s] : tensor<1x0xf32> into tensor<2x0xf32>
  %1 = slice.strided_update %w into %x[:] : tensor<?xf32> into tensor<?xf32>
  %2 = slice.strided_update %w into %x[::%s] : tensor<?xf32> into tensor<?xf32>
  %3 = slice.strided %2[::%s] : tensor<?xf32> to tensor<?xf32>
  %4 = slice.strided_update %f into %2[::%s] : tensor<f32> into tensor<?xf32>
  return %0, %1, %3, %4 : tensor<2x0xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
