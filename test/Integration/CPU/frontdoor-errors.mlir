// Where a framework raises an error on a value only run time knows, the
// converted program stops with a message naming the framework op, before
// anything is read; the same ops with valid values compute the
// framework's values (NumPy: x = arange(6.)).
//
// RUN: slice-opt %s --allow-unregistered-dialect --convert-frameworks-to-slice --slice-to-llvm > %t.ll
// RUN: not --crash %mlir_runner %t.ll -e tf_slice_outside -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=TF
// RUN: not --crash %mlir_runner %t.ll -e onnx_zero_step -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=ONNX
// RUN: not --crash %mlir_runner %t.ll -e torch_select_outside -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=TORCH
// RUN: not --crash %mlir_runner %t.ll -e torch_narrow_outside -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: %mlir_runner %t.ll -e valid -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=VALID

// TF: tf.Slice: the window of dimension 0 leaves the input
// TF-NOT: data =
// ONNX: onnx.Slice: the step of axis 0 is 0
// TORCH: torch.aten.select.int: index is out of range
// NARROW: torch.aten.narrow: start + length exceeds the dimension

// x[4:6] (tf.Slice begin 4, size 2), x[5::-2] (onnx.Slice), x[-1]
// (torch select), x[3:5] (torch narrow from -3, length 2).
// VALID: sizes = [2]
// VALID-NEXT: [4,  5]
// VALID: sizes = [3]
// VALID-NEXT: [5,  3,  1]
// VALID: sizes = []
// VALID-NEXT: [5]
// VALID: sizes = [2]
// VALID-NEXT: [3,  4]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @input() -> tensor<?xf32> {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<6xf32>
  %d = tensor.cast %x : tensor<6xf32> to tensor<?xf32>
  return %d : tensor<?xf32>
}

func.func @print(%r: tensor<?xf32>) {
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @tf_slice(%x: tensor<?xf32>, %b: index) -> tensor<2xf32> {
  %b32 = arith.index_cast %b : index to i32
  %begin = tensor.from_elements %b32 : tensor<1xi32>
  %size = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = "tf.Slice"(%x, %begin, %size) : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func @onnx_slice(%x: tensor<?xf32>, %p: index) -> tensor<?xf32> {
  %p64 = arith.index_cast %p : index to i64
  %steps = tensor.from_elements %p64 : tensor<1xi64>
  %s = "onnx.Constant"() {value = dense<5> : tensor<1xi64>} : () -> tensor<1xi64>
  %e = "onnx.Constant"() {value = dense<-9223372036854775808> : tensor<1xi64>} : () -> tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %r = "onnx.Slice"(%x, %s, %e, %none, %steps) : (tensor<?xf32>, tensor<1xi64>, tensor<1xi64>, none, tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @torch_select(%arg0: tensor<?xf32>, %i: index) -> tensor<f32> {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<?xf32>) -> !torch.vtensor<[?],f32>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %i64 = arith.index_cast %i : index to i64
  %index = "torch_c.from_i64"(%i64) : (i64) -> !torch.int
  %s = "torch.aten.select.int"(%x, %c0, %index) : (!torch.vtensor<[?],f32>, !torch.int, !torch.int) -> !torch.vtensor<[],f32>
  %r = "torch_c.to_builtin_tensor"(%s) : (!torch.vtensor<[],f32>) -> tensor<f32>
  return %r : tensor<f32>
}

func.func @torch_narrow(%arg0: tensor<?xf32>, %i: index) -> tensor<2xf32> {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<?xf32>) -> !torch.vtensor<[?],f32>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c2 = "torch.constant.int"() <{value = 2 : i64}> : () -> !torch.int
  %i64 = arith.index_cast %i : index to i64
  %start = "torch_c.from_i64"(%i64) : (i64) -> !torch.int
  %s = "torch.aten.narrow"(%x, %c0, %start, %c2) : (!torch.vtensor<[?],f32>, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[2],f32>
  %r = "torch_c.to_builtin_tensor"(%s) : (!torch.vtensor<[2],f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func @tf_slice_outside() {
  %x = call @input() : () -> tensor<?xf32>
  %c5 = arith.constant 5 : index
  %r = call @tf_slice(%x, %c5) {no_inline} : (tensor<?xf32>, index) -> tensor<2xf32>
  %d = tensor.cast %r : tensor<2xf32> to tensor<?xf32>
  call @print(%d) : (tensor<?xf32>) -> ()
  return
}

func.func @onnx_zero_step() {
  %x = call @input() : () -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %r = call @onnx_slice(%x, %c0) {no_inline} : (tensor<?xf32>, index) -> tensor<?xf32>
  call @print(%r) : (tensor<?xf32>) -> ()
  return
}

func.func @torch_select_outside() {
  %x = call @input() : () -> tensor<?xf32>
  %c6 = arith.constant 6 : index
  %r = call @torch_select(%x, %c6) {no_inline} : (tensor<?xf32>, index) -> tensor<f32>
  %u = tensor.cast %r : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @torch_narrow_outside() {
  %x = call @input() : () -> tensor<?xf32>
  %m1 = arith.constant -1 : index
  %r = call @torch_narrow(%x, %m1) {no_inline} : (tensor<?xf32>, index) -> tensor<2xf32>
  %d = tensor.cast %r : tensor<2xf32> to tensor<?xf32>
  call @print(%d) : (tensor<?xf32>) -> ()
  return
}

func.func @valid() {
  %x = call @input() : () -> tensor<?xf32>
  %c4 = arith.constant 4 : index
  %a = call @tf_slice(%x, %c4) {no_inline} : (tensor<?xf32>, index) -> tensor<2xf32>
  %ad = tensor.cast %a : tensor<2xf32> to tensor<?xf32>
  call @print(%ad) : (tensor<?xf32>) -> ()
  %m2 = arith.constant -2 : index
  %b = call @onnx_slice(%x, %m2) {no_inline} : (tensor<?xf32>, index) -> tensor<?xf32>
  call @print(%b) : (tensor<?xf32>) -> ()
  %m1 = arith.constant -1 : index
  %c = call @torch_select(%x, %m1) {no_inline} : (tensor<?xf32>, index) -> tensor<f32>
  %cu = tensor.cast %c : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  %m3 = arith.constant -3 : index
  %d = call @torch_narrow(%x, %m3) {no_inline} : (tensor<?xf32>, index) -> tensor<2xf32>
  %dd = tensor.cast %d : tensor<2xf32> to tensor<?xf32>
  call @print(%dd) : (tensor<?xf32>) -> ()
  return
}
