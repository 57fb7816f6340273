// The element types of test/Integration/GPU/frontdoor-elements.test, as
// each framework's importer writes them: complex<f32> through torch, TF;
// complex<f64> through ONNX; torch's uint8 as its backends store it
// (signless i8 behind a ui8 vtensor), TF's ui8 and ONNX's ui16 as they are.

// torch: x[:, 1:3].flip(0)
func.func @torch_c64(%arg0: tensor<2x3xcomplex<f32>>) -> tensor<2x2xcomplex<f32>> attributes {llvm.emit_c_interface} {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<2x3xcomplex<f32>>) -> !torch.vtensor<[2,3],complex<f32>>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %c3 = "torch.constant.int"() <{value = 3 : i64}> : () -> !torch.int
  %s = "torch.aten.slice.Tensor"(%x, %c1, %c1, %c3, %c1) : (!torch.vtensor<[2,3],complex<f32>>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[2,2],complex<f32>>
  %dims = "torch.prim.ListConstruct"(%c0) : (!torch.int) -> !torch.list<int>
  %f = "torch.aten.flip"(%s, %dims) : (!torch.vtensor<[2,2],complex<f32>>, !torch.list<int>) -> !torch.vtensor<[2,2],complex<f32>>
  %r = "torch_c.to_builtin_tensor"(%f) : (!torch.vtensor<[2,2],complex<f32>>) -> tensor<2x2xcomplex<f32>>
  return %r : tensor<2x2xcomplex<f32>>
}

// torch: u[-1]
func.func @torch_u8(%arg0: tensor<3x4xi8>) -> tensor<4xi8> attributes {llvm.emit_c_interface} {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<3x4xi8>) -> !torch.vtensor<[3,4],ui8>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %m1 = "torch.constant.int"() <{value = -1 : i64}> : () -> !torch.int
  %s = "torch.aten.select.int"(%x, %c0, %m1) : (!torch.vtensor<[3,4],ui8>, !torch.int, !torch.int) -> !torch.vtensor<[4],ui8>
  %r = "torch_c.to_builtin_tensor"(%s) : (!torch.vtensor<[4],ui8>) -> tensor<4xi8>
  return %r : tensor<4xi8>
}

// TensorFlow: x[::-1, ::2]
func.func @tf_c64(%x: tensor<2x3xcomplex<f32>>) -> tensor<2x2xcomplex<f32>> attributes {llvm.emit_c_interface} {
  %b = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 3 : i64, end_mask = 3 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3xcomplex<f32>>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xcomplex<f32>>
  return %r : tensor<2x2xcomplex<f32>>
}

// TensorFlow: u[::-1, ::2]
func.func @tf_u8(%x: tensor<3x4xui8>) -> tensor<3x2xui8> attributes {llvm.emit_c_interface} {
  %b = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 3 : i64, end_mask = 3 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<3x4xui8>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3x2xui8>
  return %r : tensor<3x2xui8>
}

// ONNX: z[:, -1:]
func.func @onnx_c128(%x: tensor<2x3xcomplex<f64>>) -> tensor<2x1xcomplex<f64>> attributes {llvm.emit_c_interface} {
  %os = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %oe = "onnx.Constant"() {value = dense<3> : tensor<1xi64>} : () -> tensor<1xi64>
  %oa = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %o = "onnx.Slice"(%x, %os, %oe, %oa, %none) : (tensor<2x3xcomplex<f64>>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, none) -> tensor<2x1xcomplex<f64>>
  return %o : tensor<2x1xcomplex<f64>>
}

// ONNX: w[::-1, -1:] (axes 0 and 1, steps -1 and 1)
func.func @onnx_u16(%x: tensor<3x4xui16>) -> tensor<3x1xui16> attributes {llvm.emit_c_interface} {
  %os = "onnx.Constant"() {value = dense<[-1, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %oe = "onnx.Constant"() {value = dense<[-9223372036854775807, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
  %oa = "onnx.Constant"() {value = dense<[0, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %st = "onnx.Constant"() {value = dense<[-1, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %o = "onnx.Slice"(%x, %os, %oe, %oa, %st) : (tensor<3x4xui16>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x1xui16>
  return %o : tensor<3x1xui16>
}

// Complex arithmetic on a slice: |z^2| + re(z) of z = x[::-1, ::2]
// (--convert-complex-to-standard, then each route's LLVM lowering).
func.func @complex_math(%x: tensor<2x3xcomplex<f32>>) -> tensor<2x2xf32> attributes {llvm.emit_c_interface} {
  %b = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 3 : i64, end_mask = 3 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3xcomplex<f32>>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xcomplex<f32>>
  %init = tensor.empty() : tensor<2x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%z : tensor<2x2xcomplex<f32>>) outs(%init : tensor<2x2xf32>) {
  ^bb0(%a: complex<f32>, %o: f32):
    %sq = complex.mul %a, %a : complex<f32>
    %m = complex.abs %sq : complex<f32>
    %re = complex.re %a : complex<f32>
    %t = arith.addf %m, %re : f32
    linalg.yield %t : f32
  } -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
