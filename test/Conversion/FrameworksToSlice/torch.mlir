// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-torch-to-slice | FileCheck %s
// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-torch-to-slice --canonicalize | FileCheck %s --check-prefix=CANON

// torch-mlir's value tensors at the function boundary: the casts pair up
// and fold away, so the function holds no torch op.
// CHECK-LABEL: func.func @slice_tensor(
//  CHECK-SAME:     %[[X:.*]]: tensor<4x6xf32>
//   CHECK-NOT:   torch
//       CHECK:   %[[R:.*]] = slice.strided %[[X]][:, 1:9223372036854775807] : tensor<4x6xf32> to tensor<4x5xf32>
//   CHECK-NOT:   torch
//       CHECK:   return %[[R]]
func.func @slice_tensor(%arg0: tensor<4x6xf32>) -> tensor<4x5xf32> {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<4x6xf32>) -> !torch.vtensor<[4,6],f32>
  %dim = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %start = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %end = "torch.constant.int"() <{value = 9223372036854775807 : i64}> : () -> !torch.int
  %step = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %s = "torch.aten.slice.Tensor"(%x, %dim, %start, %end, %step) : (!torch.vtensor<[4,6],f32>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[4,5],f32>
  %r = "torch_c.to_builtin_tensor"(%s) : (!torch.vtensor<[4,5],f32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// -----

// torch's slice + flip + select (x[1:3].flip(1)[:, 0] as FX writes it)
// canonicalize into one slice.strided.
// CHECK-LABEL: func.func @slice_flip_select(
//       CHECK:   %[[A:.*]] = slice.strided %arg0[1:3] : tensor<4x6xf32> to tensor<2x6xf32>
//       CHECK:   %[[B:.*]] = slice.strided %[[A]][:, ::-1] : tensor<2x6xf32> to tensor<2x6xf32>
//       CHECK:   %[[C:.*]] = slice.strided %[[B]][:, 0] : tensor<2x6xf32> to tensor<2xf32>
//       CHECK:   return %[[C]]
// CANON-LABEL: func.func @slice_flip_select(
//  CANON-NEXT:   %[[R:.*]] = slice.strided %arg0[1:3, 5] : tensor<4x6xf32> to tensor<2xf32>
//  CANON-NEXT:   return %[[R]]
func.func @slice_flip_select(%arg0: tensor<4x6xf32>) -> tensor<2xf32> {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<4x6xf32>) -> !torch.vtensor<[4,6],f32>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %c3 = "torch.constant.int"() <{value = 3 : i64}> : () -> !torch.int
  %a = "torch.aten.slice.Tensor"(%x, %c0, %c1, %c3, %c1) : (!torch.vtensor<[4,6],f32>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[2,6],f32>
  %dims = "torch.prim.ListConstruct"(%c1) : (!torch.int) -> !torch.list<int>
  %b = "torch.aten.flip"(%a, %dims) : (!torch.vtensor<[2,6],f32>, !torch.list<int>) -> !torch.vtensor<[2,6],f32>
  %c = "torch.aten.select.int"(%b, %c1, %c0) : (!torch.vtensor<[2,6],f32>, !torch.int, !torch.int) -> !torch.vtensor<[2],f32>
  %r = "torch_c.to_builtin_tensor"(%c) : (!torch.vtensor<[2],f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// `none` start and end, a negative dim, a run-time step through
// torch_c.from_i64 (checked nonzero at run time, naming the op).
// CHECK-LABEL: func.func @none_bounds_runtime_step(
//       CHECK:   %[[STEP:.*]] = arith.index_cast %arg1 : i64 to index
//       CHECK:   %[[OK:.*]] = arith.cmpi ne, %[[STEP]], %{{.*}} : index
//       CHECK:   cf.assert %[[OK]], "torch.aten.slice.Tensor: step is 0"
//       CHECK:   slice.strided %arg0[:, ::%[[STEP]]] : tensor<4x6xf32> to tensor<4x?xf32>
func.func @none_bounds_runtime_step(%arg0: tensor<4x6xf32>, %n: i64) -> tensor<4x?xf32> {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<4x6xf32>) -> !torch.vtensor<[4,6],f32>
  %dim = "torch.constant.int"() <{value = -1 : i64}> : () -> !torch.int
  %none = "torch.constant.none"() : () -> !torch.none
  %step = "torch_c.from_i64"(%n) : (i64) -> !torch.int
  %s = "torch.aten.slice.Tensor"(%x, %dim, %none, %none, %step) : (!torch.vtensor<[4,6],f32>, !torch.int, !torch.none, !torch.none, !torch.int) -> !torch.vtensor<[4,?],f32>
  %r = "torch_c.to_builtin_tensor"(%s) : (!torch.vtensor<[4,?],f32>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}

// -----

// narrow: an offset-mode window from a wrapped start; a run-time start is
// checked at run time.
// CHECK-LABEL: func.func @narrow(
//       CHECK:   %[[A:.*]] = slice.strided %arg0[:, 4:2] offset : tensor<4x6xf32> to tensor<4x2xf32>
//       CHECK:   %[[I:.*]] = arith.index_cast %arg1 : i64 to index
//       CHECK:   cf.assert %{{.*}}, "torch.aten.narrow: start is out of range"
//       CHECK:   cf.assert %{{.*}}, "torch.aten.narrow: start + length exceeds the dimension"
//       CHECK:   %[[B:.*]] = slice.strided %arg0[%{{.*}}:3] offset : tensor<4x6xf32> to tensor<3x6xf32>
func.func @narrow(%arg0: tensor<4x6xf32>, %i: i64) -> (tensor<4x2xf32>, tensor<3x6xf32>) {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<4x6xf32>) -> !torch.vtensor<[4,6],f32>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %c2 = "torch.constant.int"() <{value = 2 : i64}> : () -> !torch.int
  %c3 = "torch.constant.int"() <{value = 3 : i64}> : () -> !torch.int
  %m2 = "torch.constant.int"() <{value = -2 : i64}> : () -> !torch.int
  %a = "torch.aten.narrow"(%x, %c1, %m2, %c2) : (!torch.vtensor<[4,6],f32>, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[4,2],f32>
  %start = "torch_c.from_i64"(%i) : (i64) -> !torch.int
  %b = "torch.aten.narrow"(%x, %c0, %start, %c3) : (!torch.vtensor<[4,6],f32>, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[3,6],f32>
  %ra = "torch_c.to_builtin_tensor"(%a) : (!torch.vtensor<[4,2],f32>) -> tensor<4x2xf32>
  %rb = "torch_c.to_builtin_tensor"(%b) : (!torch.vtensor<[3,6],f32>) -> tensor<3x6xf32>
  return %ra, %rb : tensor<4x2xf32>, tensor<3x6xf32>
}

// -----

// torch's functionalized `x[1:3] = v` and `x[:, 2] = w`: updates in place.
// CHECK-LABEL: func.func @scatters(
//       CHECK:   %[[A:.*]] = slice.strided_update %arg1 into %arg0[1:3] : tensor<2x6xf32> into tensor<4x6xf32>
//       CHECK:   %[[B:.*]] = slice.strided_update %arg2 into %[[A]][:, 2] : tensor<4xf32> into tensor<4x6xf32>
//   CHECK-NOT:   torch
//       CHECK:   return %[[B]]
func.func @scatters(%arg0: tensor<4x6xf32>, %arg1: tensor<2x6xf32>, %arg2: tensor<4xf32>) -> tensor<4x6xf32> {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<4x6xf32>) -> !torch.vtensor<[4,6],f32>
  %v = "torch_c.from_builtin_tensor"(%arg1) : (tensor<2x6xf32>) -> !torch.vtensor<[2,6],f32>
  %w = "torch_c.from_builtin_tensor"(%arg2) : (tensor<4xf32>) -> !torch.vtensor<[4],f32>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %c2 = "torch.constant.int"() <{value = 2 : i64}> : () -> !torch.int
  %c3 = "torch.constant.int"() <{value = 3 : i64}> : () -> !torch.int
  %a = "torch.aten.slice_scatter"(%x, %v, %c0, %c1, %c3, %c1) : (!torch.vtensor<[4,6],f32>, !torch.vtensor<[2,6],f32>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[4,6],f32>
  %b = "torch.aten.select_scatter"(%a, %w, %c1, %c2) : (!torch.vtensor<[4,6],f32>, !torch.vtensor<[4],f32>, !torch.int, !torch.int) -> !torch.vtensor<[4,6],f32>
  %r = "torch_c.to_builtin_tensor"(%b) : (!torch.vtensor<[4,6],f32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// A vtensor argument (no cast in): the conversion reads it through
// torch_c.to_builtin_tensor and hands the result on as a vtensor; si64
// elements are i64 in builtin tensors.
// CHECK-LABEL: func.func @vtensor_boundary(
//  CHECK-SAME:     %[[X:.*]]: !torch.vtensor<[?],si64>
//       CHECK:   %[[B:.*]] = "torch_c.to_builtin_tensor"(%[[X]]) : (!torch.vtensor<[?],si64>) -> tensor<?xi64>
//       CHECK:   %[[S:.*]] = slice.strided %[[B]][::-1] : tensor<?xi64> to tensor<?xi64>
//       CHECK:   %[[R:.*]] = "torch_c.from_builtin_tensor"(%[[S]]) : (tensor<?xi64>) -> !torch.vtensor<[?],si64>
//       CHECK:   return %[[R]]
func.func @vtensor_boundary(%x: !torch.vtensor<[?],si64>) -> !torch.vtensor<[?],si64> {
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %dims = "torch.prim.ListConstruct"(%c0) : (!torch.int) -> !torch.list<int>
  %r = "torch.aten.flip"(%x, %dims) : (!torch.vtensor<[?],si64>, !torch.list<int>) -> !torch.vtensor<[?],si64>
  return %r : !torch.vtensor<[?],si64>
}

// -----

// Complex dtypes, as torch-mlir's vtensors and builtin tensors spell them:
// a vtensor argument read through torch_c.to_builtin_tensor, and a builtin
// one.
// CHECK-LABEL: func.func @complex_elements(
//       CHECK:   %[[B:.*]] = "torch_c.to_builtin_tensor"(%arg0) : (!torch.vtensor<[6,4,7],complex<f32>>) -> tensor<6x4x7xcomplex<f32>>
//       CHECK:   %[[S:.*]] = slice.strided %[[B]][:, 1:3] : tensor<6x4x7xcomplex<f32>> to tensor<6x2x7xcomplex<f32>>
//       CHECK:   "torch_c.from_builtin_tensor"(%[[S]]) : (tensor<6x2x7xcomplex<f32>>) -> !torch.vtensor<[6,2,7],complex<f32>>
//       CHECK:   slice.strided %arg1[::-1] : tensor<5xcomplex<f64>> to tensor<5xcomplex<f64>>
//   CHECK-NOT:   torch.aten
func.func @complex_elements(%x: !torch.vtensor<[6,4,7],complex<f32>>, %arg1: tensor<5xcomplex<f64>>) -> (!torch.vtensor<[6,2,7],complex<f32>>, tensor<5xcomplex<f64>>) {
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %c3 = "torch.constant.int"() <{value = 3 : i64}> : () -> !torch.int
  %s = "torch.aten.slice.Tensor"(%x, %c1, %c1, %c3, %c1) : (!torch.vtensor<[6,4,7],complex<f32>>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[6,2,7],complex<f32>>
  %y = "torch_c.from_builtin_tensor"(%arg1) : (tensor<5xcomplex<f64>>) -> !torch.vtensor<[5],complex<f64>>
  %dims = "torch.prim.ListConstruct"(%c0) : (!torch.int) -> !torch.list<int>
  %f = "torch.aten.flip"(%y, %dims) : (!torch.vtensor<[5],complex<f64>>, !torch.list<int>) -> !torch.vtensor<[5],complex<f64>>
  %r = "torch_c.to_builtin_tensor"(%f) : (!torch.vtensor<[5],complex<f64>>) -> tensor<5xcomplex<f64>>
  return %s, %r : !torch.vtensor<[6,2,7],complex<f32>>, tensor<5xcomplex<f64>>
}

// -----

// Unsigned and boolean dtypes: torch-mlir's backends store them signless
// (!torch.vtensor<[6,4],ui8> <-> tensor<6x4xi8>); a function that hands in
// tensor<...xui8> keeps that type.
// CHECK-LABEL: func.func @unsigned_elements(
//   CHECK-DAG:   slice.strided %arg0[2:4] : tensor<6x4xi8> to tensor<2x4xi8>
//   CHECK-DAG:   slice.strided %arg1[2:4] : tensor<6x4xui8> to tensor<2x4xui8>
//   CHECK-DAG:   %[[B:.*]] = "torch_c.to_builtin_tensor"(%arg2) : (!torch.vtensor<[6],i1>) -> tensor<6xi1>
//   CHECK-DAG:   slice.strided %[[B]][0:6:2] : tensor<6xi1> to tensor<3xi1>
//   CHECK-NOT:   torch.aten
func.func @unsigned_elements(%arg0: tensor<6x4xi8>, %arg1: tensor<6x4xui8>, %m: !torch.vtensor<[6],i1>) -> (tensor<2x4xi8>, tensor<2x4xui8>, !torch.vtensor<[3],i1>) {
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c2 = "torch.constant.int"() <{value = 2 : i64}> : () -> !torch.int
  %c4 = "torch.constant.int"() <{value = 4 : i64}> : () -> !torch.int
  %c6 = "torch.constant.int"() <{value = 6 : i64}> : () -> !torch.int
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<6x4xi8>) -> !torch.vtensor<[6,4],ui8>
  %y = "torch_c.from_builtin_tensor"(%arg1) : (tensor<6x4xui8>) -> !torch.vtensor<[6,4],ui8>
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %b = "torch.aten.slice.Tensor"(%y, %c0, %c2, %c4, %c1) : (!torch.vtensor<[6,4],ui8>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[2,4],ui8>
  %c = "torch.aten.slice.Tensor"(%m, %c0, %c0, %c6, %c2) : (!torch.vtensor<[6],i1>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[3],i1>
  %x2 = "torch.aten.slice.Tensor"(%x, %c0, %c2, %c4, %c1) : (!torch.vtensor<[6,4],ui8>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[2,4],ui8>
  %ra = "torch_c.to_builtin_tensor"(%x2) : (!torch.vtensor<[2,4],ui8>) -> tensor<2x4xi8>
  %rb = "torch_c.to_builtin_tensor"(%b) : (!torch.vtensor<[2,4],ui8>) -> tensor<2x4xui8>
  return %ra, %rb, %c : tensor<2x4xi8>, tensor<2x4xui8>, !torch.vtensor<[3],i1>
}
