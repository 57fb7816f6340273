// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-frameworks-to-slice=report-refusals -verify-diagnostics
// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-frameworks-to-slice | FileCheck %s

// What a front door cannot convert stays exactly as it was, valid, so that
// the embedder's own lowering still runs; `report-refusals` says why, one
// remark per op. No refusal is an error.

// CHECK-LABEL: func.func @unranked(
//       CHECK:   "tf.StridedSlice"(%arg0,
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  %b = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark @+1 {{'tf.StridedSlice' stays: the input is not a ranked tensor}}
  %r = "tf.StridedSlice"(%x, %b, %b, %b) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<*xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @unknown_length(
//       CHECK:   "tf.StridedSlice"(%arg0, %arg1,
func.func @unknown_length(%x: tensor<4xf32>, %b: tensor<?xi32>) -> tensor<?xf32> {
  %e = "tf.Const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark @+1 {{'tf.StridedSlice' stays: begin is not a 1-D integer tensor of static length}}
  %r = "tf.StridedSlice"(%x, %b, %e, %e) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4xf32>, tensor<?xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// An invalid spec is refused with slice's own diagnostic.
// CHECK-LABEL: func.func @zero_stride(
//       CHECK:   "tf.StridedSlice"
func.func @zero_stride(%x: tensor<4xf32>) -> tensor<?xf32> {
  %b = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark @+1 {{'tf.StridedSlice' stays: stride of entry 0 is 0}}
  %r = "tf.StridedSlice"(%x, %b, %b, %b) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @runtime_axis(
//       CHECK:   "tf.ReverseV2"(%arg0, %arg1)
func.func @runtime_axis(%x: tensor<4xf32>, %a: tensor<1xi32>) -> tensor<4xf32> {
  // expected-remark @+1 {{'tf.ReverseV2' stays: the axes are not constant}}
  %r = "tf.ReverseV2"(%x, %a) : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A window TensorFlow rejects is left for TensorFlow's own error.
// CHECK-LABEL: func.func @slice_outside(
//       CHECK:   "tf.Slice"
func.func @slice_outside(%x: tensor<4xf32>) -> tensor<2xf32> {
  %b = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %n = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark @+1 {{'tf.Slice' stays: the window of dimension 0 leaves the input, which the framework rejects}}
  %r = "tf.Slice"(%x, %b, %n) : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// TensorFlow does not broadcast an update's value.
// CHECK-LABEL: func.func @update_broadcast(
//       CHECK:   "tf.TensorStridedSliceUpdate"
func.func @update_broadcast(%x: tensor<4x6xf32>, %v: tensor<6xf32>) -> tensor<4x6xf32> {
  %b = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[2, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark @+1 {{'tf.TensorStridedSliceUpdate' stays: value does not have the slice's shape (TensorFlow does not broadcast it)}}
  %r = "tf.TensorStridedSliceUpdate"(%x, %b, %e, %s, %v) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func.func @stablehlo_bad_window(
//       CHECK:   "stablehlo.slice"
func.func @stablehlo_bad_window(%x: tensor<4xf32>) -> tensor<0xf32> {
  // expected-remark @+1 {{'stablehlo.slice' stays: dimension 0 has start 3, limit 2 and stride 1; StableHLO requires 0 <= start <= limit <= size and stride >= 1}}
  %r = "stablehlo.slice"(%x) <{limit_indices = array<i64: 2>, start_indices = array<i64: 3>, strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<0xf32>
  return %r : tensor<0xf32>
}

// -----

// CHECK-LABEL: func.func @stablehlo_short_limits(
//       CHECK:   "stablehlo.slice"
func.func @stablehlo_short_limits(%x: tensor<4x4xf32>) -> tensor<1x4xf32> {
  // expected-remark @+1 {{'stablehlo.slice' stays: limit_indices is not an integer list of the operand's rank (2)}}
  %r = "stablehlo.slice"(%x) <{limit_indices = array<i64: 2>, start_indices = array<i64: 1, 0>, strides = array<i64: 1, 1>}> : (tensor<4x4xf32>) -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}

// -----

// Run-time axes convert (onnx.mlir), but not of a run-time length.
// CHECK-LABEL: func.func @onnx_runtime_axes_length(
//       CHECK:   "onnx.Slice"
func.func @onnx_runtime_axes_length(%x: tensor<4xf32>, %a: tensor<?xi64>) -> tensor<?xf32> {
  %s = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-remark @+1 {{'onnx.Slice' stays: axes is not a 1-D integer tensor of static length}}
  %r = "onnx.Slice"(%x, %s, %s, %a, %none) : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<?xi64>, none) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @onnx_zero_step(
//       CHECK:   "onnx.Slice"
func.func @onnx_zero_step(%x: tensor<4xf32>) -> tensor<?xf32> {
  %s = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %z = "onnx.Constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  // expected-remark @+1 {{'onnx.Slice' stays: the step of axis 0 is 0, which the framework rejects}}
  %r = "onnx.Slice"(%x, %s, %s, %z, %z) : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @torch_runtime_dim(
//       CHECK:   "torch.aten.select.int"
func.func @torch_runtime_dim(%x: !torch.vtensor<[4,6],f32>, %d: !torch.int) -> !torch.vtensor<[?],f32> {
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  // expected-remark @+1 {{'torch.aten.select.int' stays: dim is not a constant}}
  %r = "torch.aten.select.int"(%x, %d, %c0) : (!torch.vtensor<[4,6],f32>, !torch.int, !torch.int) -> !torch.vtensor<[?],f32>
  return %r : !torch.vtensor<[?],f32>
}

// -----

// CHECK-LABEL: func.func @torch_index_out_of_range(
//       CHECK:   "torch.aten.select.int"
func.func @torch_index_out_of_range(%x: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[6],f32> {
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c4 = "torch.constant.int"() <{value = 4 : i64}> : () -> !torch.int
  // expected-remark @+1 {{'torch.aten.select.int' stays: index is out of range, which the framework rejects}}
  %r = "torch.aten.select.int"(%x, %c0, %c4) : (!torch.vtensor<[4,6],f32>, !torch.int, !torch.int) -> !torch.vtensor<[6],f32>
  return %r : !torch.vtensor<[6],f32>
}

// -----

// CHECK-LABEL: func.func @torch_unranked(
//       CHECK:   "torch.aten.flip"
func.func @torch_unranked(%x: !torch.vtensor<*,f32>) -> !torch.vtensor<*,f32> {
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %dims = "torch.prim.ListConstruct"(%c0) : (!torch.int) -> !torch.list<int>
  // expected-remark @+1 {{'torch.aten.flip' stays: self is not a ranked tensor}}
  %r = "torch.aten.flip"(%x, %dims) : (!torch.vtensor<*,f32>, !torch.list<int>) -> !torch.vtensor<*,f32>
  return %r : !torch.vtensor<*,f32>
}
