// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-onnx-to-slice | FileCheck %s
// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-onnx-to-slice --canonicalize | FileCheck %s --check-prefix=CANON

// onnx.Slice with `none` axes and steps (onnx.NoValue): the defaults.
// CHECK-LABEL: func.func @none_operands(
//       CHECK:   %[[R:.*]] = slice.strided_axes %arg0 starts [1] ends [3] : tensor<4x6xf32> to tensor<2x6xf32>
//   CHECK-NOT:   onnx.
//       CHECK:   return %[[R]]
func.func @none_operands(%x: tensor<4x6xf32>) -> tensor<2x6xf32> {
  %s = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %e = "onnx.Constant"() {value = dense<3> : tensor<1xi64>} : () -> tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %r = "onnx.Slice"(%x, %s, %e, %none, %none) : (tensor<4x6xf32>, tensor<1xi64>, tensor<1xi64>, none, none) -> tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}

// -----

// A negative axis, a reversal to the front written as INT64_MIN, and
// INT64_MAX as "to the end"; canonicalization reaches the mask form.
// CHECK-LABEL: func.func @extremes(
//       CHECK:   slice.strided_axes %arg0 axes [-1, 0] starts [-1, 1] ends [-9223372036854775807, 9223372036854775807] strides [-1, 2] : tensor<4x6xf32> to tensor<2x6xf32>
// CANON-LABEL: func.func @extremes(
//       CANON:   slice.strided %arg0[1:9223372036854775807:2, -1:-9223372036854775807:-1] : tensor<4x6xf32> to tensor<2x6xf32>
func.func @extremes(%x: tensor<4x6xf32>) -> tensor<2x6xf32> {
  %s = "onnx.Constant"() {value = dense<[-1, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %e = "onnx.Constant"() {value = dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>} : () -> tensor<2xi64>
  %a = "onnx.Constant"() {value = dense<[-1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %p = "onnx.Constant"() {value = dense<[-1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %r = "onnx.Slice"(%x, %s, %e, %a, %p) : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}

// -----

// ONNX, unlike Python, clamps a start before the front to element 0 when
// the step is negative: x[-10::-1] on 4 elements is [x[0]], not [].
// CHECK-LABEL: func.func @start_before_front(
//       CHECK:   slice.strided_axes %arg0 starts [-4] ends [-9223372036854775807] strides [-1] : tensor<4xf32> to tensor<1xf32>
func.func @start_before_front(%x: tensor<4xf32>) -> tensor<1xf32> {
  %s = "onnx.Constant"() {value = dense<-10> : tensor<1xi64>} : () -> tensor<1xi64>
  %e = "onnx.Constant"() {value = dense<-9223372036854775808> : tensor<1xi64>} : () -> tensor<1xi64>
  %p = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %r = "onnx.Slice"(%x, %s, %e, %none, %p) : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, none, tensor<1xi64>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// Run-time starts and steps (i32): a step of 0 stops the program with a
// message naming onnx.Slice; a start may need ONNX's clamp when the step
// turns out negative.
// CHECK-LABEL: func.func @runtime(
//       CHECK:   %[[START:.*]] = arith.index_cast %{{.*}} : i32 to index
//       CHECK:   %[[STEP:.*]] = arith.index_cast %{{.*}} : i32 to index
//       CHECK:   %[[NONZERO:.*]] = arith.cmpi ne, %[[STEP]], %{{.*}} : index
//       CHECK:   %[[DIM:.*]] = tensor.dim %arg0
//       CHECK:   %[[LOW:.*]] = arith.subi %{{.*}}, %[[DIM]] : index
//       CHECK:   %[[RAISED:.*]] = arith.maxsi %[[START]], %[[LOW]] : index
//       CHECK:   %[[BACK:.*]] = arith.cmpi slt, %[[STEP]], %{{.*}} : index
//       CHECK:   %[[S:.*]] = arith.select %[[BACK]], %[[RAISED]], %[[START]] : index
//       CHECK:   cf.assert %[[NONZERO]], "onnx.Slice: the step of axis 0 is 0"
//       CHECK:   slice.strided_axes %arg0 starts [%[[S]]] ends [5] strides [%[[STEP]]] : tensor<?xf32> to tensor<?xf32>
func.func @runtime(%x: tensor<?xf32>, %s: tensor<1xi32>, %p: tensor<1xi32>) -> tensor<?xf32> {
  %e = "onnx.Constant"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %a = "onnx.Constant"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = "onnx.Slice"(%x, %s, %e, %a, %p) : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Run-time axes (allowed since opset 10): every dimension's start, end and
// step select the entry that names it (0, INT64_MAX, 1 when none does);
// each axis checked in [-rank, rank) and against the earlier ones, and
// each step against 0, the checks naming onnx.Slice.
// CHECK-LABEL: func.func @runtime_axes(
//       CHECK:   %[[A0:.*]] = tensor.extract %arg1[%{{.*}}] : tensor<2xi64>
//       CHECK:   cf.assert %{{.*}}, "onnx.Slice: axes entry 0 is outside [-rank, rank)"
//       CHECK:   cf.assert %{{.*}}, "onnx.Slice: axes entry 1 repeats an earlier one"
//       CHECK:   %[[S:.*]] = slice.strided %arg0[%{{.*}}:%{{.*}}:%{{.*}}, %{{.*}}:%{{.*}}:%{{.*}}] : tensor<4x6xf32> to tensor<?x?xf32>
//       CHECK:   %[[R:.*]] = tensor.cast %[[S]] : tensor<?x?xf32> to tensor<2x?xf32>
//       CHECK:   return %[[R]]
//   CHECK-NOT:   onnx.
func.func @runtime_axes(%x: tensor<4x6xf32>, %a: tensor<2xi64>) -> tensor<2x?xf32> {
  %s = "onnx.Constant"() {value = dense<[1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %e = "onnx.Constant"() {value = dense<[3, 9223372036854775807]> : tensor<2xi64>} : () -> tensor<2xi64>
  %p = "onnx.Constant"() {value = dense<[1, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %r = "onnx.Slice"(%x, %s, %e, %a, %p) : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x?xf32>
  return %r : tensor<2x?xf32>
}
