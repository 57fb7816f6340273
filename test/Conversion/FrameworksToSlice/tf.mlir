// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-tf-to-slice | FileCheck %s
// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-tf-to-slice --canonicalize | FileCheck %s --check-prefix=CANON

// The TensorFlow front door on the generic form tf-opt prints. Constant
// index operands become static entries; every mask carries over.
// CHECK-LABEL: func.func @strided_slice_masks(
//       CHECK:   %[[R:.*]] = slice.strided %arg0[1, ..., newaxis, :-3:-1] : tensor<5x4x6xf32> to tensor<4x1x2xf32>
//   CHECK-NOT:   tf.
//       CHECK:   return %[[R]]
func.func @strided_slice_masks(%x: tensor<5x4x6xf32>) -> tensor<4x1x2xf32> {
  %b = "tf.Const"() {value = dense<[1, 0, 0, 0]> : tensor<4xi32>} : () -> tensor<4xi32>
  %e = "tf.Const"() {value = dense<[2, 0, 0, -3]> : tensor<4xi32>} : () -> tensor<4xi32>
  %s = "tf.Const"() {value = dense<[1, 1, 1, -1]> : tensor<4xi32>} : () -> tensor<4xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 8 : i64, end_mask = 0 : i64, ellipsis_mask = 2 : i64, new_axis_mask = 4 : i64, shrink_axis_mask = 1 : i64, device = ""} : (tensor<5x4x6xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<4x1x2xf32>
  return %r : tensor<4x1x2xf32>
}

// -----

// A run-time begin (i64): each element is read and cast to index; the
// result keeps the type TensorFlow gave it.
// CHECK-LABEL: func.func @strided_slice_runtime_begin(
//       CHECK:   %[[E0:.*]] = tensor.extract %arg1[%{{.*}}] : tensor<2xi64>
//       CHECK:   %[[B0:.*]] = arith.index_cast %[[E0]] : i64 to index
//       CHECK:   %[[E1:.*]] = tensor.extract %arg1[%{{.*}}] : tensor<2xi64>
//       CHECK:   %[[B1:.*]] = arith.index_cast %[[E1]] : i64 to index
//       CHECK:   %[[S:.*]] = slice.strided %arg0[%[[B0]]:4, %[[B1]]::2] : tensor<4x6xf32> to tensor<?x?xf32>
//       CHECK:   %[[R:.*]] = tensor.cast %[[S]] : tensor<?x?xf32> to tensor<*xf32>
//       CHECK:   return %[[R]]
func.func @strided_slice_runtime_begin(%x: tensor<4x6xf32>, %b: tensor<2xi64>) -> tensor<*xf32> {
  %e = "tf.Const"() {value = dense<[4, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %s = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

// i16 indices and properties syntax (a registered op prints them so).
// CHECK-LABEL: func.func @strided_slice_i16(
//       CHECK:   slice.strided %arg0[::-2] : tensor<7xi32> to tensor<4xi32>
func.func @strided_slice_i16(%x: tensor<7xi32>) -> tensor<4xi32> {
  %b = "tf.Const"() {value = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tf.Const"() {value = dense<-2> : tensor<1xi16>} : () -> tensor<1xi16>
  %r = "tf.StridedSlice"(%x, %b, %b, %s) <{begin_mask = 1 : i64, end_mask = 1 : i64}> : (tensor<7xi32>, tensor<1xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

// The gradient: dy written into zeros of `shape`.
// CHECK-LABEL: func.func @strided_slice_grad(
//       CHECK:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[ZEROS:.*]] = tensor.splat %[[Z]] : tensor<4x6xf32>
//       CHECK:   %[[G:.*]] = slice.strided_update %arg0 into %[[ZEROS]][0:4:2, 0:6:2] : tensor<2x3xf32> into tensor<4x6xf32>
//       CHECK:   return %[[G]]
func.func @strided_slice_grad(%dy: tensor<2x3xf32>) -> tensor<4x6xf32> {
  %sh = "tf.Const"() {value = dense<[4, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[4, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[2, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %g = "tf.StridedSliceGrad"(%sh, %b, %e, %s, %dy) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<4x6xf32>
  return %g : tensor<4x6xf32>
}

// -----

// A run-time shape: the zeros take their sizes from it.
// CHECK-LABEL: func.func @strided_slice_grad_runtime_shape(
//       CHECK:   %[[N:.*]] = arith.index_cast %{{.*}} : i32 to index
//       CHECK:   %[[ZEROS:.*]] = tensor.splat %{{.*}}[%[[N]]] : tensor<?x6xf32>
//       CHECK:   slice.strided_update %arg0 into %[[ZEROS]][1, :] : tensor<6xf32> into tensor<?x6xf32>
func.func @strided_slice_grad_runtime_shape(%dy: tensor<6xf32>, %sh: tensor<2xi32>) -> tensor<?x6xf32> {
  %b = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[2, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %g = "tf.StridedSliceGrad"(%sh, %b, %e, %s, %dy) {begin_mask = 2 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<6xf32>) -> tensor<?x6xf32>
  return %g : tensor<?x6xf32>
}

// -----

// CHECK-LABEL: func.func @tensor_strided_slice_update(
//       CHECK:   %[[U:.*]] = slice.strided_update %arg1 into %arg0[1:3, ::-1] : tensor<2x6xf32> into tensor<4x6xf32>
//       CHECK:   return %[[U]]
func.func @tensor_strided_slice_update(%x: tensor<4x6xf32>, %v: tensor<2x6xf32>) -> tensor<4x6xf32> {
  %b = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[3, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %r = "tf.TensorStridedSliceUpdate"(%x, %b, %e, %s, %v) {begin_mask = 2 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// tf.Slice: an offset-mode window (static result for constant sizes); a
// size of -1 runs to the end. Constant windows inside the input need no
// check.
// CHECK-LABEL: func.func @slice_constant(
//   CHECK-NOT:   cf.assert
//       CHECK:   %[[R:.*]] = slice.strided %arg0[1:2, 2:] offset : tensor<4x6xf32> to tensor<2x4xf32>
//       CHECK:   return %[[R]]
func.func @slice_constant(%x: tensor<4x6xf32>) -> tensor<2x4xf32> {
  %b = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %s = "tf.Const"() {value = dense<[2, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %r = "tf.Slice"(%x, %b, %s) : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// A run-time begin: TensorFlow's checks at run time, naming tf.Slice; the
// constant size keeps the result static.
// CHECK-LABEL: func.func @slice_runtime_begin(
//       CHECK:   %[[B:.*]] = arith.index_cast
//       CHECK:   %[[NEG:.*]] = arith.cmpi sge, %[[B]], %{{.*}} : index
//       CHECK:   %[[END:.*]] = arith.addi %[[B]], %{{.*}} : index
//       CHECK:   %[[FITS:.*]] = arith.cmpi sge, %{{.*}}, %[[END]] : index
//       CHECK:   cf.assert %[[NEG]], "tf.Slice: begin of dimension 0 is negative"
//       CHECK:   cf.assert %[[FITS]], "tf.Slice: the window of dimension 0 leaves the input"
//       CHECK:   slice.strided %arg0[%[[B]]:3] offset : tensor<?xf32> to tensor<3xf32>
func.func @slice_runtime_begin(%x: tensor<?xf32>, %b: tensor<1xi32>) -> tensor<3xf32> {
  %s = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = "tf.Slice"(%x, %b, %s) : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// A run-time size may be -1 (to the end) at run time.
// CHECK-LABEL: func.func @slice_runtime_size(
//       CHECK:   %[[N:.*]] = arith.index_cast
//       CHECK:   %[[ALL:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : index
//       CHECK:   %[[EXTENT:.*]] = arith.select %[[ALL]], %{{.*}}, %[[N]] : index
//       CHECK:   cf.assert %{{.*}}, "tf.Slice: size of dimension 0 is below -1"
//       CHECK:   slice.strided %arg0[2:%[[EXTENT]]] offset : tensor<8xf32> to tensor<?xf32>
func.func @slice_runtime_size(%x: tensor<8xf32>, %s: tensor<1xi32>) -> tensor<?xf32> {
  %b = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = "tf.Slice"(%x, %b, %s) : (tensor<8xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// ReverseV2 with a negative axis; tf.Slice + tf.ReverseV2 canonicalize
// into one slice.
// CHECK-LABEL: func.func @slice_then_reverse(
//       CHECK:   %[[S:.*]] = slice.strided %arg0[1:2, 0:] offset
//       CHECK:   %[[R:.*]] = slice.strided %[[S]][:, ::-1] : tensor<2x6xf32> to tensor<2x6xf32>
//       CHECK:   return %[[R]]
// CANON-LABEL: func.func @slice_then_reverse(
//  CANON-NEXT:   %[[R:.*]] = slice.strided %arg0[1:3, 5::-1] : tensor<4x6xf32> to tensor<2x6xf32>
//  CANON-NEXT:   return %[[R]]
func.func @slice_then_reverse(%x: tensor<4x6xf32>) -> tensor<2x6xf32> {
  %b = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %s = "tf.Const"() {value = dense<[2, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %a = "tf.Const"() {value = dense<[-1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x6xf32>
  %1 = "tf.ReverseV2"(%0, %a) : (tensor<2x6xf32>, tensor<1xi32>) -> tensor<2x6xf32>
  return %1 : tensor<2x6xf32>
}

// -----

// A constant still read by another framework op stays; one read only by
// builtin ops becomes arith.constant.
// CHECK-LABEL: func.func @constants(
//   CHECK-DAG:   %[[C:.*]] = "tf.Const"() {{.*}}dense<1>
//   CHECK-DAG:   %[[K:.*]] = arith.constant dense<[2, 3]> : tensor<2xi32>
//       CHECK:   "tf.Identity"(%[[C]])
//       CHECK:   return %{{.*}}, %[[K]]
func.func @constants(%x: tensor<4xf32>) -> (tensor<3xf32>, tensor<2xi32>) {
  %b = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %k = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %n = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = "tf.Slice"(%x, %b, %n) : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
  "tf.Identity"(%b) : (tensor<1xi32>) -> tensor<1xi32>
  return %r, %k : tensor<3xf32>, tensor<2xi32>
}
