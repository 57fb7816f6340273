// The split family through --convert-frameworks-to-slice: each piece a
// slice.strided view of the input, with each framework's rules for the
// sizes; what only run time decides becomes a check naming the op.
// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-frameworks-to-slice | FileCheck %s
// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-frameworks-to-slice=report-refusals -verify-diagnostics -o /dev/null

// tf.Split (equal pieces, a negative split_dim) and tfl.split (the pieces
// nothing reads fold away).
// CHECK-LABEL: func.func @tf_split(
//       CHECK:   %[[A:.*]] = slice.strided %arg0[:, 0:2] offset : tensor<3x6xf32> to tensor<3x2xf32>
//       CHECK:   %[[B:.*]] = slice.strided %arg0[:, 2:2] offset : tensor<3x6xf32> to tensor<3x2xf32>
//       CHECK:   %[[C:.*]] = slice.strided %arg0[:, 4:2] offset : tensor<3x6xf32> to tensor<3x2xf32>
//       CHECK:   slice.strided %arg0[2:1] offset : tensor<3x6xf32> to tensor<1x6xf32>
//   CHECK-NOT:   "tf
//       CHECK:   return %[[A]], %[[B]], %[[C]]
func.func @tf_split(%x: tensor<3x6xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<1x6xf32>) {
  %d = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %r:3 = "tf.Split"(%d, %x) {num_split = 3 : i64} : (tensor<i32>, tensor<3x6xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>)
  %z = "tfl.pseudo_const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %t:3 = "tfl.split"(%z, %x) {num_splits = 3 : i32} : (tensor<i32>, tensor<3x6xf32>) -> (tensor<1x6xf32>, tensor<1x6xf32>, tensor<1x6xf32>)
  return %r#0, %r#1, %r#2, %t#2 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<1x6xf32>
}

// -----

// tf.SplitV with -1 (what the others leave) and a run-time dimension: the
// inferred size and the check that the sizes fit.
// CHECK-LABEL: func.func @tf_split_v(
//       CHECK:   %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xf32>
//       CHECK:   %[[REST:.*]] = arith.subi %[[D]], %{{.*}}
//       CHECK:   %[[FITS:.*]] = arith.cmpi sge, %[[REST]], %{{.*}}
//       CHECK:   cf.assert %[[FITS]], "tf.SplitV: size_splits do not add up to dimension 0"
//       CHECK:   %[[LAST:.*]] = arith.addi %[[REST]], %{{.*}}
//       CHECK:   slice.strided %arg0[0:2] offset : tensor<?xf32> to tensor<2xf32>
//       CHECK:   slice.strided %arg0[2:%[[REST]]] offset : tensor<?xf32> to tensor<?xf32>
//       CHECK:   slice.strided %arg0[%[[LAST]]:1] offset : tensor<?xf32> to tensor<1xf32>
func.func @tf_split_v(%x: tensor<?xf32>) -> (tensor<2xf32>, tensor<?xf32>, tensor<1xf32>) {
  %s = "tf.Const"() {value = dense<[2, -1, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %d = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r:3 = "tf.SplitV"(%x, %s, %d) : (tensor<?xf32>, tensor<3xi64>, tensor<i32>) -> (tensor<2xf32>, tensor<?xf32>, tensor<1xf32>)
  return %r#0, %r#1, %r#2 : tensor<2xf32>, tensor<?xf32>, tensor<1xf32>
}

// -----

// tf.Unpack / tfl.unpack: each index, the dimension dropped (offset mode:
// a shrunk entry's extent is 1).
// CHECK-LABEL: func.func @unpack(
//       CHECK:   slice.strided %arg0 spec[0:0:1, 2:1:1] masks[begin_mask = 1, end_mask = 1, shrink_axis_mask = 2] offset : tensor<2x3x4xf32> to tensor<2x4xf32>
//       CHECK:   slice.strided %arg0 spec[1:1:1] masks[shrink_axis_mask = 1] offset : tensor<2x3x4xf32> to tensor<3x4xf32>
func.func @unpack(%x: tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<3x4xf32>) {
  %r:3 = "tf.Unpack"(%x) {num = 3 : i64, axis = -2 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
  %t:2 = "tfl.unpack"(%x) {num = 2 : i32, axis = 0 : i32} : (tensor<2x3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)
  return %r#2, %t#1 : tensor<2x4xf32>, tensor<3x4xf32>
}

// -----

// onnx.Split with sizes, and by num_outputs: ceil(7 / 3) = 3, the last 1.
// CHECK-LABEL: func.func @onnx_split(
//       CHECK:   slice.strided %arg0[0:1] offset : tensor<7x2xf32> to tensor<1x2xf32>
//       CHECK:   slice.strided %arg0[1:6] offset : tensor<7x2xf32> to tensor<6x2xf32>
//       CHECK:   slice.strided %arg0[0:3] offset : tensor<7x2xf32> to tensor<3x2xf32>
//       CHECK:   slice.strided %arg0[3:3] offset
//       CHECK:   slice.strided %arg0[6:1] offset : tensor<7x2xf32> to tensor<1x2xf32>
//   CHECK-NOT:   onnx.
func.func @onnx_split(%x: tensor<7x2xf32>) -> (tensor<1x2xf32>, tensor<6x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<1x2xf32>) {
  %s = "onnx.Constant"() {value = dense<[1, 6]> : tensor<2xi64>} : () -> tensor<2xi64>
  %a:2 = "onnx.Split"(%x, %s) {axis = 0 : si64} : (tensor<7x2xf32>, tensor<2xi64>) -> (tensor<1x2xf32>, tensor<6x2xf32>)
  %none = "onnx.NoValue"() {value} : () -> none
  %b:3 = "onnx.Split"(%x, %none) {axis = -2 : si64, num_outputs = 3 : si64} : (tensor<7x2xf32>, none) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<1x2xf32>)
  return %a#0, %a#1, %b#0, %b#1, %b#2 : tensor<1x2xf32>, tensor<6x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<1x2xf32>
}

// -----

// torch's split family, unpacked: split (4, 4, 2), chunk of 10 in 4
// (ceil 3: 3, 3, 3, 1), tensor_split in 3 (4, 3, 3), unbind.
// CHECK-LABEL: func.func @torch_splits(
//       CHECK:   slice.strided %{{.*}}[8:2] offset : tensor<10x2xf32> to tensor<2x2xf32>
//       CHECK:   slice.strided %{{.*}}[9:1] offset : tensor<10x2xf32> to tensor<1x2xf32>
//       CHECK:   slice.strided %{{.*}}[0:4] offset : tensor<10x2xf32> to tensor<4x2xf32>
//       CHECK:   slice.strided %{{.*}}[4:3] offset : tensor<10x2xf32> to tensor<3x2xf32>
//       CHECK:   slice.strided %{{.*}} spec[0:0:1, 1:1:1] masks[begin_mask = 1, end_mask = 1, shrink_axis_mask = 2] offset : tensor<10x2xf32> to tensor<10xf32>
//   CHECK-NOT:   torch.aten
//   CHECK-NOT:   torch.prim.ListUnpack
func.func @torch_splits(%arg0: tensor<10x2xf32>) -> (!torch.vtensor<[2,2],f32>, !torch.vtensor<[1,2],f32>, !torch.vtensor<[4,2],f32>, !torch.vtensor<[3,2],f32>, !torch.vtensor<[10],f32>) {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<10x2xf32>) -> !torch.vtensor<[10,2],f32>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %c3 = "torch.constant.int"() <{value = 3 : i64}> : () -> !torch.int
  %c4 = "torch.constant.int"() <{value = 4 : i64}> : () -> !torch.int
  %l1 = "torch.aten.split.Tensor"(%x, %c4, %c0) : (!torch.vtensor<[10,2],f32>, !torch.int, !torch.int) -> !torch.list<vtensor>
  %a:3 = "torch.prim.ListUnpack"(%l1) : (!torch.list<vtensor>) -> (!torch.vtensor<[4,2],f32>, !torch.vtensor<[4,2],f32>, !torch.vtensor<[2,2],f32>)
  %l2 = "torch.aten.chunk"(%x, %c4, %c0) : (!torch.vtensor<[10,2],f32>, !torch.int, !torch.int) -> !torch.list<vtensor>
  %b:4 = "torch.prim.ListUnpack"(%l2) : (!torch.list<vtensor>) -> (!torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],f32>, !torch.vtensor<[1,2],f32>)
  %l3 = "torch.aten.tensor_split.sections"(%x, %c3, %c0) : (!torch.vtensor<[10,2],f32>, !torch.int, !torch.int) -> !torch.list<vtensor>
  %c:3 = "torch.prim.ListUnpack"(%l3) : (!torch.list<vtensor>) -> (!torch.vtensor<[4,2],f32>, !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],f32>)
  %l4 = "torch.aten.unbind.int"(%x, %c1) : (!torch.vtensor<[10,2],f32>, !torch.int) -> !torch.list<vtensor>
  %d:2 = "torch.prim.ListUnpack"(%l4) : (!torch.list<vtensor>) -> (!torch.vtensor<[10],f32>, !torch.vtensor<[10],f32>)
  return %a#2, %b#3, %c#0, %c#1, %d#1 : !torch.vtensor<[2,2],f32>, !torch.vtensor<[1,2],f32>, !torch.vtensor<[4,2],f32>, !torch.vtensor<[3,2],f32>, !torch.vtensor<[10],f32>
}

// -----

// split_with_sizes on a run-time dimension: the sizes must add up to it,
// checked at run time.
// CHECK-LABEL: func.func @torch_split_with_sizes(
//       CHECK:   cf.assert %{{.*}}, "torch.aten.split_with_sizes: split_sizes do not add up to the dimension"
//       CHECK:   slice.strided %{{.*}}[:, 0:1] offset : tensor<2x?xf32> to tensor<2x1xf32>
//       CHECK:   slice.strided %{{.*}}[:, 1:4] offset : tensor<2x?xf32> to tensor<2x4xf32>
func.func @torch_split_with_sizes(%arg0: tensor<2x?xf32>) -> (!torch.vtensor<[2,1],f32>, !torch.vtensor<[2,4],f32>) {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<2x?xf32>) -> !torch.vtensor<[2,?],f32>
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %c4 = "torch.constant.int"() <{value = 4 : i64}> : () -> !torch.int
  %m1 = "torch.constant.int"() <{value = -1 : i64}> : () -> !torch.int
  %sizes = "torch.prim.ListConstruct"(%c1, %c4) : (!torch.int, !torch.int) -> !torch.list<int>
  %l = "torch.aten.split_with_sizes"(%x, %sizes, %m1) : (!torch.vtensor<[2,?],f32>, !torch.list<int>, !torch.int) -> !torch.list<vtensor>
  %a:2 = "torch.prim.ListUnpack"(%l) : (!torch.list<vtensor>) -> (!torch.vtensor<[2,1],f32>, !torch.vtensor<[2,4],f32>)
  return %a#0, %a#1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,4],f32>
}

// -----

// The list read by __getitem__ (as torch-mlir imports `parts[i]`): an
// index from the front, one from the back (Python's list indexing), and a
// run-time one, checked against the number of pieces at run time.
// CHECK-LABEL: func.func @torch_getitem(
//       CHECK:   slice.strided %{{.*}}[4:4] offset : tensor<10x2xf32> to tensor<4x2xf32>
//       CHECK:   slice.strided %{{.*}}[9:1] offset : tensor<10x2xf32> to tensor<1x2xf32>
//       CHECK:   cf.assert %{{.*}}, "torch.aten.split.Tensor: list index out of range"
//       CHECK:   slice.strided %{{.*}}[%{{.*}}:%{{.*}}] offset : tensor<10x2xf32> to tensor<?x2xf32>
//   CHECK-NOT:   "torch.aten
//       CHECK:   return
func.func @torch_getitem(%arg0: tensor<10x2xf32>, %i: i64) -> (!torch.vtensor<[4,2],f32>, !torch.vtensor<[1,2],f32>, !torch.vtensor<[?,2],f32>) {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<10x2xf32>) -> !torch.vtensor<[10,2],f32>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %c4 = "torch.constant.int"() <{value = 4 : i64}> : () -> !torch.int
  %m1 = "torch.constant.int"() <{value = -1 : i64}> : () -> !torch.int
  %l1 = "torch.aten.split.Tensor"(%x, %c4, %c0) : (!torch.vtensor<[10,2],f32>, !torch.int, !torch.int) -> !torch.list<vtensor>
  %a = "torch.aten.__getitem__.t"(%l1, %c1) : (!torch.list<vtensor>, !torch.int) -> !torch.vtensor<[4,2],f32>
  %l2 = "torch.aten.chunk"(%x, %c4, %c0) : (!torch.vtensor<[10,2],f32>, !torch.int, !torch.int) -> !torch.list<vtensor>
  %b = "torch.aten.__getitem__.t"(%l2, %m1) : (!torch.list<vtensor>, !torch.int) -> !torch.vtensor<[1,2],f32>
  %ti = "torch_c.from_i64"(%i) : (i64) -> !torch.int
  %c = "torch.aten.__getitem__.t"(%l1, %ti) : (!torch.list<vtensor>, !torch.int) -> !torch.vtensor<[?,2],f32>
  return %a, %b, %c : !torch.vtensor<[4,2],f32>, !torch.vtensor<[1,2],f32>, !torch.vtensor<[?,2],f32>
}

// -----

// Run-time sizes: split_size and split_sizes from the program, checked
// at run time (positive; adding up to the dimension).
// CHECK-LABEL: func.func @torch_runtime_sizes(
//       CHECK:   cf.assert %{{.*}}, "torch.aten.split.Tensor: split_size is not positive"
//       CHECK:   cf.assert %{{.*}}, "torch.aten.split.Tensor: the input splits in another number of pieces than 2"
//       CHECK:   slice.strided %{{.*}}[%{{.*}}:%{{.*}}] offset : tensor<10x2xf32> to tensor<?x2xf32>
//       CHECK:   cf.assert %{{.*}}, "torch.aten.split_with_sizes: a negative size in split_sizes"
//       CHECK:   cf.assert %{{.*}}, "torch.aten.split_with_sizes: split_sizes do not add up to the dimension"
//   CHECK-NOT:   "torch.aten
//       CHECK:   return
func.func @torch_runtime_sizes(%arg0: tensor<10x2xf32>, %n: i64) -> (!torch.vtensor<[?,2],f32>, !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,2],f32>) {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<10x2xf32>) -> !torch.vtensor<[10,2],f32>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c3 = "torch.constant.int"() <{value = 3 : i64}> : () -> !torch.int
  %tn = "torch_c.from_i64"(%n) : (i64) -> !torch.int
  %l = "torch.aten.split.Tensor"(%x, %tn, %c0) : (!torch.vtensor<[10,2],f32>, !torch.int, !torch.int) -> !torch.list<vtensor>
  %a:2 = "torch.prim.ListUnpack"(%l) : (!torch.list<vtensor>) -> (!torch.vtensor<[?,2],f32>, !torch.vtensor<[?,2],f32>)
  %sizes = "torch.prim.ListConstruct"(%tn, %c3) : (!torch.int, !torch.int) -> !torch.list<int>
  %l2 = "torch.aten.split_with_sizes"(%x, %sizes, %c0) : (!torch.vtensor<[10,2],f32>, !torch.list<int>, !torch.int) -> !torch.list<vtensor>
  %b = "torch.aten.__getitem__.t"(%l2, %c0) : (!torch.list<vtensor>, !torch.int) -> !torch.vtensor<[?,2],f32>
  return %a#0, %a#1, %b : !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,2],f32>
}

// -----

// Refused with the framework's reason: sizes that do not fit a static
// dimension, a split count the input does not give, an uneven tf.Split,
// a list index past the pieces (-3 of 2).
func.func @refusals(%x: tensor<6xf32>) -> (tensor<2xf32>, tensor<4xf32>, !torch.vtensor<[3],f32>, tensor<4xf32>, !torch.vtensor<[3],f32>) {
  %s = "onnx.Constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-remark @+1 {{'onnx.Split' stays: split does not add up to dimension 0, which the framework rejects}}
  %a:2 = "onnx.Split"(%x, %s) {axis = 0 : si64} : (tensor<6xf32>, tensor<2xi64>) -> (tensor<2xf32>, tensor<4xf32>)
  %v = "torch_c.from_builtin_tensor"(%x) : (tensor<6xf32>) -> !torch.vtensor<[6],f32>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c3 = "torch.constant.int"() <{value = 3 : i64}> : () -> !torch.int
  %l = "torch.aten.split.Tensor"(%v, %c3, %c0) : (!torch.vtensor<[6],f32>, !torch.int, !torch.int) -> !torch.list<vtensor>
  // expected-remark @+1 {{'torch.prim.ListUnpack' stays: the input splits in another number of pieces than 3, which the framework rejects}}
  %b:3 = "torch.prim.ListUnpack"(%l) : (!torch.list<vtensor>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>)
  %d = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-remark @+1 {{'tf.Split' stays: dimension 0 does not split in 4 equal pieces, which the framework rejects}}
  %c:4 = "tf.Split"(%d, %x) {num_split = 4 : i64} : (tensor<i32>, tensor<6xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %m3 = "torch.constant.int"() <{value = -3 : i64}> : () -> !torch.int
  // expected-remark @+1 {{'torch.aten.__getitem__.t' stays: list index out of range, which the framework rejects}}
  %e = "torch.aten.__getitem__.t"(%l, %m3) : (!torch.list<vtensor>, !torch.int) -> !torch.vtensor<[3],f32>
  return %a#0, %a#1, %b#0, %c#0, %e : tensor<2xf32>, tensor<4xf32>, !torch.vtensor<[3],f32>, tensor<4xf32>, !torch.vtensor<[3],f32>
}
