// Element types the frameworks allow beyond floats, through the front
// doors and --slice-to-llvm, executed: complex<f32> through torch
// (vtensor complex<f32>), TensorFlow and ONNX; torch's uint8 as its
// backends store it (signless i8 behind !torch.vtensor ui8), read back
// unsigned. NumPy: x = np.array([[1-1j, 2-2j, 3-3j],
// [4-4j, 5-5j, 6-6j]], np.complex64); u = np.array([[0, 1, 2, 3],
// [100, 127, 128, 129], [200, 250, 254, 255]], np.uint8).
// CHECK: {{\[\[}}(5,-5),   (6,-6)],
// CHECK-NEXT: [(2,-2),   (3,-3)]]
// CHECK: [200,  250,  254,  255]
// CHECK: {{\[\[}}(4,-4),   (6,-6)],
// CHECK-NEXT: [(1,-1),   (3,-3)]]
// CHECK: {{\[\[}}(3,-3)],
// CHECK-NEXT: [(6,-6)]]
// RUN: slice-opt %s --allow-unregistered-dialect --convert-frameworks-to-slice --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --allow-unregistered-dialect --convert-frameworks-to-slice --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s

func.func private @printMemrefC32(tensor<*xcomplex<f32>>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @complex_flip(%arg0: tensor<2x3xcomplex<f32>>) -> tensor<2x2xcomplex<f32>> {
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

func.func @unsigned_select(%arg0: tensor<3x4xi8>) -> tensor<4xi8> {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<3x4xi8>) -> !torch.vtensor<[3,4],ui8>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %m1 = "torch.constant.int"() <{value = -1 : i64}> : () -> !torch.int
  %s = "torch.aten.select.int"(%x, %c0, %m1) : (!torch.vtensor<[3,4],ui8>, !torch.int, !torch.int) -> !torch.vtensor<[4],ui8>
  %r = "torch_c.to_builtin_tensor"(%s) : (!torch.vtensor<[4],ui8>) -> tensor<4xi8>
  return %r : tensor<4xi8>
}

// x[::-1, ::2] (TensorFlow) and x[:, -1:] (ONNX).
func.func @complex_tf_onnx(%x: tensor<2x3xcomplex<f32>>) -> (tensor<2x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) {
  %b = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 3 : i64, end_mask = 3 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3xcomplex<f32>>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xcomplex<f32>>
  %os = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %oe = "onnx.Constant"() {value = dense<3> : tensor<1xi64>} : () -> tensor<1xi64>
  %oa = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %o = "onnx.Slice"(%x, %os, %oe, %oa, %none) : (tensor<2x3xcomplex<f32>>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, none) -> tensor<2x1xcomplex<f32>>
  return %r, %o : tensor<2x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>
}

func.func @widen(%s: tensor<4xi8>) -> tensor<4xi32> {
  %e = tensor.empty() : tensor<4xi32>
  %w = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%s : tensor<4xi8>) outs(%e : tensor<4xi32>) {
  ^bb0(%a: i8, %o: i32):
    %z = arith.extui %a : i8 to i32
    linalg.yield %z : i32
  } -> tensor<4xi32>
  return %w : tensor<4xi32>
}

func.func @main() {
  %x = arith.constant dense<[[(1.0, -1.0), (2.0, -2.0), (3.0, -3.0)], [(4.0, -4.0), (5.0, -5.0), (6.0, -6.0)]]> : tensor<2x3xcomplex<f32>>
  %r = call @complex_flip(%x) {no_inline} : (tensor<2x3xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  %ru = tensor.cast %r : tensor<2x2xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%ru) : (tensor<*xcomplex<f32>>) -> ()
  %u = arith.constant dense<[[0, 1, 2, 3], [100, 127, 128, 129], [200, 250, 254, 255]]> : tensor<3x4xi8>
  %s = call @unsigned_select(%u) {no_inline} : (tensor<3x4xi8>) -> tensor<4xi8>
  %w = call @widen(%s) : (tensor<4xi8>) -> tensor<4xi32>
  %wu = tensor.cast %w : tensor<4xi32> to tensor<*xi32>
  call @printMemrefI32(%wu) : (tensor<*xi32>) -> ()
  %r2, %o2 = call @complex_tf_onnx(%x) {no_inline} : (tensor<2x3xcomplex<f32>>) -> (tensor<2x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>)
  %r2u = tensor.cast %r2 : tensor<2x2xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%r2u) : (tensor<*xcomplex<f32>>) -> ()
  %o2u = tensor.cast %o2 : tensor<2x1xcomplex<f32>> to tensor<*xcomplex<f32>>
  call @printMemrefC32(%o2u) : (tensor<*xcomplex<f32>>) -> ()
  return
}
