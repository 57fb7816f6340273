// RUN: slice-opt %s -split-input-file -canonicalize | FileCheck %s

// The examples of the Paddle pages (shared/seeds/003, 004), with the values
// NumPy gives. The data is constant, so canonicalize converts the axes form
// and folds the slice: the CHECKs show the values selected.

// Case1 (both pages): x[1:2, 0:3] = [[5, 6, 7]].
// CHECK-LABEL: func @paddle_case1
// CHECK: arith.constant dense<{{\[\[}}5, 6, 7]]> : tensor<1x3xi32>
func.func @paddle_case1() -> tensor<1x3xi32> {
  %x = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>
  %r = slice.strided_axes %x axes [0, 1] starts [1, 0] ends [2, 3] strides [1, 1] : tensor<2x4xi32> to tensor<1x3xi32>
  return %r : tensor<1x3xi32>
}

// -----

// Case2 as page 003 writes it: x[1:2, 3:0:-1] = [[8, 7, 6]].
// CHECK-LABEL: func @paddle_case2_fluid
// CHECK: arith.constant dense<{{\[\[}}8, 7, 6]]> : tensor<1x3xi32>
func.func @paddle_case2_fluid() -> tensor<1x3xi32> {
  %x = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>
  %r = slice.strided_axes %x axes [0, 1] starts [1, 3] ends [2, 0] strides [1, -1] : tensor<2x4xi32> to tensor<1x3xi32>
  return %r : tensor<1x3xi32>
}

// -----

// Case2 as page 004 writes it (starts [0, 1]): the page claims
// [[8, 7, 6]], which does not follow; NumPy's x[0:2, 1:0:-1] is [[2], [6]].
// CHECK-LABEL: func @paddle_case2_page_error
// CHECK: arith.constant dense<{{\[\[}}2], [6]]> : tensor<2x1xi32>
func.func @paddle_case2_page_error() -> tensor<2x1xi32> {
  %x = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>
  %r = slice.strided_axes %x axes [0, 1] starts [0, 1] ends [2, 0] strides [1, -1] : tensor<2x4xi32> to tensor<2x1xi32>
  return %r : tensor<2x1xi32>
}

// -----

// Case3 with the minus sign the extraction lost (ends [-1, 1000]):
// x[0:-1, 1:1000:3] = [[2]]; 1000 clamps to the end.
// CHECK-LABEL: func @paddle_case3
// CHECK: arith.constant dense<2> : tensor<1x1xi32>
func.func @paddle_case3() -> tensor<1x1xi32> {
  %x = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>
  %r = slice.strided_axes %x axes [0, 1] starts [0, 1] ends [-1, 1000] strides [1, 3] : tensor<2x4xi32> to tensor<1x1xi32>
  return %r : tensor<1x1xi32>
}

// -----

// Page 003's Case3 as extracted (starts [-1, 1000]) selects nothing:
// x[-1:-1, 1000:1000:3] is empty in both dimensions.
// CHECK-LABEL: func @paddle_case3_as_extracted
// CHECK: arith.constant dense<> : tensor<0x0xi32>
func.func @paddle_case3_as_extracted() -> tensor<0x0xi32> {
  %x = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>
  %r = slice.strided_axes %x axes [0, 1] starts [-1, 1000] ends [-1, 1000] strides [1, 3] : tensor<2x4xi32> to tensor<0x0xi32>
  return %r : tensor<0x0xi32>
}

// -----

// The code examples: input 3x4x5x6, axes [1, 2, 3], starts [-3, 0, 2],
// ends [3, 2, 4]: x[:, 1:3, 0:2, 2:4] and, with strides [1, 1, 2],
// x[:, 1:3, 0:2, 2:4:2]; the second with a dynamic start (minus_3).
// CHECK-LABEL: func @paddle_code_examples
// CHECK-SAME: (%[[X:.*]]: tensor<3x4x5x6xf32>, %[[M3:.*]]: index)
// CHECK: slice.strided %[[X]][:, -3:3, 0:2, 2:4] : tensor<3x4x5x6xf32> to tensor<3x2x2x2xf32>
// CHECK: slice.strided %[[X]][:, %[[M3]]:3, 0:2, 2:4:2] : tensor<3x4x5x6xf32> to tensor<3x?x2x1xf32>
func.func @paddle_code_examples(%x: tensor<3x4x5x6xf32>, %minus_3: index) -> (tensor<3x2x2x2xf32>, tensor<3x?x2x1xf32>) {
  %1 = slice.strided_axes %x axes [1, 2, 3] starts [-3, 0, 2] ends [3, 2, 4] strides [1, 1, 1] : tensor<3x4x5x6xf32> to tensor<3x2x2x2xf32>
  %2 = slice.strided_axes %x axes [1, 2, 3] starts [%minus_3, 0, 2] ends [3, 2, 4] strides [1, 1, 2] : tensor<3x4x5x6xf32> to tensor<3x?x2x1xf32>
  return %1, %2 : tensor<3x2x2x2xf32>, tensor<3x?x2x1xf32>
}
