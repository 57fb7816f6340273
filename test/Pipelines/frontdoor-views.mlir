// RUN: slice-opt %s --allow-unregistered-dialect --convert-frameworks-to-slice --slice-to-buffers | FileCheck %s
// RUN: slice-opt %s --allow-unregistered-dialect --convert-frameworks-to-slice '--slice-to-nvvm=slices=copy format=isa' | FileCheck %s --check-prefix=GPU

// A converted reversal moves 0 bytes: the framework's slicing chain ends as
// one view of the argument, no allocation and no copy.

// JAX's x[::-1, 1:5:2]. Copied on the GPU route, the chain is one kernel.
// GPU-LABEL: llvm.func @jax(
// GPU-COUNT-1: gpu.launch_func
// GPU-NOT: gpu.launch_func
// GPU: llvm.return
// CHECK-LABEL: func.func @jax(
//       CHECK:   %[[V:.*]] = memref.subview %arg0[3, 1] [4, 2] [-1, 2]
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.copy
//   CHECK-NOT:   linalg
//       CHECK:   return %[[V]]
func.func @jax(%x: tensor<4x6xf32>) -> tensor<4x2xf32> {
  %0 = "stablehlo.slice"(%x) <{limit_indices = array<i64: 4, 5>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 2>}> : (tensor<4x6xf32>) -> tensor<4x2xf32>
  %1 = "stablehlo.reverse"(%0) <{dimensions = array<i64: 0>}> : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// torch's flip, which torch-mlir's own lowering copies whole.
// CHECK-LABEL: func.func @torch_flip(
//       CHECK:   %[[V:.*]] = memref.subview %arg0[0, 5] [4, 6] [1, -1]
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.copy
//       CHECK:   return %[[V]]
func.func @torch_flip(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<4x6xf32>) -> !torch.vtensor<[4,6],f32>
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %dims = "torch.prim.ListConstruct"(%c1) : (!torch.int) -> !torch.list<int>
  %f = "torch.aten.flip"(%x, %dims) : (!torch.vtensor<[4,6],f32>, !torch.list<int>) -> !torch.vtensor<[4,6],f32>
  %r = "torch_c.to_builtin_tensor"(%f) : (!torch.vtensor<[4,6],f32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// ONNX's reversal (a Slice with step -1 to INT64_MIN).
// CHECK-LABEL: func.func @onnx_reverse(
//       CHECK:   %[[V:.*]] = memref.subview %arg0[7] [8] [-1]
//   CHECK-NOT:   memref.alloc
//       CHECK:   return %[[V]]
func.func @onnx_reverse(%x: tensor<8xf32>) -> tensor<8xf32> {
  %s = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %e = "onnx.Constant"() {value = dense<-9223372036854775808> : tensor<1xi64>} : () -> tensor<1xi64>
  %p = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %r = "onnx.Slice"(%x, %s, %e, %none, %p) : (tensor<8xf32>, tensor<1xi64>, tensor<1xi64>, none, tensor<1xi64>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// TF's Slice + ReverseV2.
// CHECK-LABEL: func.func @tf_slice_reverse(
//       CHECK:   %[[V:.*]] = memref.subview %arg0[1, 5] [2, 6] [1, -1]
//   CHECK-NOT:   memref.alloc
//       CHECK:   return %[[V]]
func.func @tf_slice_reverse(%x: tensor<4x6xf32>) -> tensor<2x6xf32> {
  %b = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %s = "tf.Const"() {value = dense<[2, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %a = "tf.Const"() {value = dense<[-1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x6xf32>
  %1 = "tf.ReverseV2"(%0, %a) : (tensor<2x6xf32>, tensor<1xi32>) -> tensor<2x6xf32>
  return %1 : tensor<2x6xf32>
}
