// Found by slice-spec-fuzzer (docs/reliability.md): a shrink next to a kept
// unit dimension, x[..., 2] on 1x2x3x4, became the rank-reducing
// tensor.extract_slice [1, 2, 3, 1] -> 1x2x3, bufferized into a memref.subview
// of an argument with unknown strides. Upstream's expand-strided-metadata
// cannot tell which unit dimension such a subview dropped, drops dimension
// 0, and fails: "expected result type with size = 2 instead of 1 in dim =
// 0". Copies of such views (slices=copy, a returned view's clone) did not
// compile. The view now keeps every dimension and collapses the shrunk ones
// (tensor.collapse_shape). Values are NumPy's:
//   np.arange(24.).reshape(1, 2, 3, 4)[..., 2]
//   np.arange(6.).reshape(2, 1, 3)[1, :, ::-1]
// The bufferization model's route (via-bufferization) does the same with
// memref.subview and memref.collapse_shape:
// fuzz-ambiguous-unit-dims-bufferization.mlir.
//
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --convert-slice-to-tensor | FileCheck %s --check-prefix=IR

// CHECK: sizes = [1, 2, 3]
// CHECK-NEXT: {{\[\[\[}}2,   6,   10],
// CHECK-NEXT: [14,   18,   22]]]
// CHECK: sizes = [1, 3]
// CHECK-NEXT: {{\[\[}}5,   4,   3]]

// IR-LABEL: func @last
// IR: tensor.extract_slice %{{.*}}[0, 0, 0, 2] [1, 2, 3, 1] [1, 1, 1, 1] : tensor<1x2x3x4xf32> to tensor<1x2x3x1xf32>
// IR: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] : tensor<1x2x3x1xf32> into tensor<1x2x3xf32>
// IR-LABEL: func @first
// IR: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<1x1x3xf32> into tensor<1x3xf32>
// An unambiguous rank reduction stays one slice.
// IR-LABEL: func @plain
// IR: tensor.extract_slice %{{.*}}[1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
// IR-NOT: collapse_shape

func.func private @printMemrefF32(tensor<*xf32>)

func.func @last(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x3xf32> {
  %r = slice.strided %x[..., 2] : tensor<1x2x3x4xf32> to tensor<1x2x3xf32>
  return %r : tensor<1x2x3xf32>
}

func.func @first(%x: tensor<2x1x3xf32>) -> tensor<1x3xf32> {
  %r = slice.strided %x[1, :, ::-1] : tensor<2x1x3xf32> to tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}

func.func @plain(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  %r = slice.strided %x[1] : tensor<2x3xf32> to tensor<3xf32>
  return %r : tensor<3xf32>
}

func.func @iota(%n: index) -> tensor<?xf32> {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %int = arith.index_cast %i : index to i64
    %f = arith.sitofp %int : i64 to f32
    tensor.yield %f : f32
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}

func.func @main() {
  %c24 = arith.constant 24 : index
  %c6 = arith.constant 6 : index
  %a = call @iota(%c24) : (index) -> tensor<?xf32>
  %as = tensor.cast %a : tensor<?xf32> to tensor<24xf32>
  %a4 = tensor.expand_shape %as [[0, 1, 2, 3]] output_shape [1, 2, 3, 4] : tensor<24xf32> into tensor<1x2x3x4xf32>
  %ra = call @last(%a4) : (tensor<1x2x3x4xf32>) -> tensor<1x2x3xf32>
  %ua = tensor.cast %ra : tensor<1x2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %b = call @iota(%c6) : (index) -> tensor<?xf32>
  %bs = tensor.cast %b : tensor<?xf32> to tensor<6xf32>
  %b3 = tensor.expand_shape %bs [[0, 1, 2]] output_shape [2, 1, 3] : tensor<6xf32> into tensor<2x1x3xf32>
  %rb = call @first(%b3) : (tensor<2x1x3xf32>) -> tensor<1x3xf32>
  %ub = tensor.cast %rb : tensor<1x3xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
