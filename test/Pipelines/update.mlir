// RUN: slice-opt %s --slice-to-llvm | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=deallocate=false | FileCheck %s --check-prefix=INPLACE

// Updates through --slice-to-llvm, every route: the writes into reversed,
// strided and 4-D views, a broadcast value and the axes form never reach
// upstream's element-by-element memrefCopy; their copies are the copy
// functions (vector loads, and for the reversed target a shuffle before a
// vector store).
// CHECK-NOT: @memrefCopy
// CHECK-LABEL: llvm.func @reversed
// CHECK:   llvm.call @__slice_copy
// CHECK-NOT: @memrefCopy
// CHECK: llvm.func internal @__slice_copy
// CHECK-NOT: @memrefCopy

// A writable dest is written in place: without deallocation the function
// allocates nothing and returns dest's own buffer.
// INPLACE-LABEL: llvm.func @reversed
//   INPLACE-NOT:   llvm.call @malloc
//       INPLACE:   llvm.return
// INPLACE-LABEL: llvm.func @strided
//   INPLACE-NOT:   llvm.call @malloc
//       INPLACE:   llvm.return
func.func @reversed(%v: tensor<64x128xf32>, %y: tensor<64x128xf32> {bufferization.writable = true}) -> tensor<64x128xf32> {
  %r = slice.strided_update %v into %y[:, ::-1] : tensor<64x128xf32> into tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

func.func @strided(%v: tensor<64x43xf32>, %y: tensor<64x128xf32> {bufferization.writable = true}) -> tensor<64x128xf32> {
  %r = slice.strided_update %v into %y[:, ::3] : tensor<64x43xf32> into tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

func.func @four_d(%v: tensor<4x1x8x16xf32>, %y: tensor<4x2x16x16xf32>) -> tensor<4x2x16x16xf32> {
  %r = slice.strided_update %v into %y[::-1, newaxis, 1, ::-2, :] : tensor<4x1x8x16xf32> into tensor<4x2x16x16xf32>
  return %r : tensor<4x2x16x16xf32>
}

func.func @broadcast(%s: tensor<1x16xf32>, %y: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %r = slice.strided_update %s into %y[::-2] : tensor<1x16xf32> into tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @axes(%v: tensor<?x2xf32>, %y: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %r = slice.strided_axes_update %v into %y axes [1] starts [3] ends [0] strides [-2] : tensor<?x2xf32> into tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}
