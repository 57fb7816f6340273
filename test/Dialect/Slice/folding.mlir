// RUN: slice-opt %s -split-input-file -canonicalize | FileCheck %s

// Constant sources fold for every element type: the values are those of
// NumPy's x[::-2] and x[:, 1] (checked by hand against NumPy).

// CHECK-LABEL: func @fold_integers
// CHECK-DAG: arith.constant dense<[true, true, false]> : tensor<3xi1>
// CHECK-DAG: arith.constant dense<[5, 3, 1]> : tensor<3xi8>
// CHECK-DAG: arith.constant dense<[-5, 3, -1]> : tensor<3xi16>
// CHECK-DAG: arith.constant dense<[50, 30, 10]> : tensor<3xi32>
// CHECK-DAG: arith.constant dense<[9223372036854775807, 3, -9223372036854775808]> : tensor<3xi64>
// CHECK-NOT: slice.strided
func.func @fold_integers() -> (tensor<3xi1>, tensor<3xi8>, tensor<3xi16>, tensor<3xi32>, tensor<3xi64>) {
  %b = arith.constant dense<[false, false, true, true, true]> : tensor<5xi1>
  %i8 = arith.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi8>
  %i16 = arith.constant dense<[-1, 2, 3, 4, -5]> : tensor<5xi16>
  %i32 = arith.constant dense<[10, 20, 30, 40, 50]> : tensor<5xi32>
  %i64 = arith.constant dense<[-9223372036854775808, 2, 3, 4, 9223372036854775807]> : tensor<5xi64>
  %0 = slice.strided %b[::-2] : tensor<5xi1> to tensor<3xi1>
  %1 = slice.strided %i8[::-2] : tensor<5xi8> to tensor<3xi8>
  %2 = slice.strided %i16[::-2] : tensor<5xi16> to tensor<3xi16>
  %3 = slice.strided %i32[::-2] : tensor<5xi32> to tensor<3xi32>
  %4 = slice.strided %i64[::-2] : tensor<5xi64> to tensor<3xi64>
  return %0, %1, %2, %3, %4 : tensor<3xi1>, tensor<3xi8>, tensor<3xi16>, tensor<3xi32>, tensor<3xi64>
}

// -----

// CHECK-LABEL: func @fold_floats
// CHECK-DAG: arith.constant dense<[2.000000e+00, 5.000000e+00]> : tensor<2xf16>
// CHECK-DAG: arith.constant dense<[2.000000e+00, 5.000000e+00]> : tensor<2xbf16>
// CHECK-DAG: arith.constant dense<[2.500000e+00, 5.500000e+00]> : tensor<2xf32>
// CHECK-DAG: arith.constant dense<[-2.000000e+00, 0x7FF0000000000000]> : tensor<2xf64>
// CHECK-NOT: slice.strided
func.func @fold_floats() -> (tensor<2xf16>, tensor<2xbf16>, tensor<2xf32>, tensor<2xf64>) {
  %h = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf16>
  %bf = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xbf16>
  %f = arith.constant dense<[[1.5, 2.5, 3.5], [4.5, 5.5, 6.5]]> : tensor<2x3xf32>
  %d = arith.constant dense<[[1.0, -2.0, 3.0], [4.0, 0x7FF0000000000000, 6.0]]> : tensor<2x3xf64>
  %0 = slice.strided %h[:, 1] : tensor<2x3xf16> to tensor<2xf16>
  %1 = slice.strided %bf[:, 1] : tensor<2x3xbf16> to tensor<2xbf16>
  %2 = slice.strided %f[:, 1] : tensor<2x3xf32> to tensor<2xf32>
  %3 = slice.strided %d[:, 1] : tensor<2x3xf64> to tensor<2xf64>
  return %0, %1, %2, %3 : tensor<2xf16>, tensor<2xbf16>, tensor<2xf32>, tensor<2xf64>
}

// -----

// CHECK-LABEL: func @fold_complex
// CHECK-DAG: arith.constant dense<[(3.000000e+00,-3.000000e+00), (1.000000e+00,-1.000000e+00)]> : tensor<2xcomplex<f32>>
// CHECK-DAG: arith.constant dense<[(3,4), (1,2)]> : tensor<2xcomplex<i32>>
// CHECK-NOT: slice.strided
func.func @fold_complex() -> (tensor<2xcomplex<f32>>, tensor<2xcomplex<i32>>) {
  %c = arith.constant dense<[(1.0, -1.0), (2.0, -2.0), (3.0, -3.0)]> : tensor<3xcomplex<f32>>
  %i = arith.constant dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>
  %0 = slice.strided %c[::-2] : tensor<3xcomplex<f32>> to tensor<2xcomplex<f32>>
  %1 = slice.strided %i[::-1] : tensor<2xcomplex<i32>> to tensor<2xcomplex<i32>>
  return %0, %1 : tensor<2xcomplex<f32>>, tensor<2xcomplex<i32>>
}

// -----

// Splats fold at any size, with new axes and shrinks.
// CHECK-LABEL: func @fold_splat
// CHECK: %[[C:.*]] = arith.constant dense<7> : tensor<1x1000x2000xi32>
// CHECK: return %[[C]]
func.func @fold_splat() -> tensor<1x1000x2000xi32> {
  %c = arith.constant dense<7> : tensor<3x2000x4000xi32>
  %0 = slice.strided %c[newaxis, 1, :1000, ::2] : tensor<3x2000x4000xi32> to tensor<1x1000x2000xi32>
  return %0 : tensor<1x1000x2000xi32>
}

// -----

// Empty results fold too.
// CHECK-LABEL: func @fold_empty
// CHECK: arith.constant dense<> : tensor<0x2xf32>
func.func @fold_empty() -> tensor<0x2xf32> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %0 = slice.strided %c[5:] : tensor<2x2xf32> to tensor<0x2xf32>
  return %0 : tensor<0x2xf32>
}

// -----

// Dynamic entries, even constant ones, are resolved by the
// constant-operand pattern first; then the constant folds.
// CHECK-LABEL: func @fold_after_operands
// CHECK: arith.constant dense<[2, 1]> : tensor<2xi32>
// CHECK-NOT: slice.strided
func.func @fold_after_operands() -> tensor<?xi32> {
  %c = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %c2 = arith.constant 2 : index
  %cm1 = arith.constant -1 : index
  %0 = slice.strided %c[%c2::%cm1] : tensor<4xi32> to tensor<?xi32>
  %1 = slice.strided %0[:2] : tensor<?xi32> to tensor<?xi32>
  return %1 : tensor<?xi32>
}
