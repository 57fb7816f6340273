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
