// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-tfl-to-slice | FileCheck %s

// The TFLite front door: i32 masks, the offset flag, and the kernel's own
// rules where they differ from TensorFlow's.
// CHECK-LABEL: func.func @strided_slice(
//       CHECK:   %[[R:.*]] = slice.strided %arg0 spec[1:1:1, 0:0:-2] masks[begin_mask = 2, end_mask = 3] : tensor<4x6xf32> to tensor<3x3xf32>
//   CHECK-NOT:   tfl.
//       CHECK:   return %[[R]]
func.func @strided_slice(%x: tensor<4x6xf32>) -> tensor<3x3xf32> {
  %b = "tfl.pseudo_const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tfl.pseudo_const"() <{value = dense<[1, -2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r = "tfl.strided_slice"(%x, %b, %b, %s) <{begin_mask = 2 : i32, end_mask = 3 : i32, ellipsis_mask = 0 : i32, new_axis_mask = 0 : i32, shrink_axis_mask = 0 : i32, offset = false}> : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// -----

// offset = true: end is an extent from begin, a static result for a
// run-time begin.
// CHECK-LABEL: func.func @strided_slice_offset(
//       CHECK:   %[[B:.*]] = arith.index_cast %{{.*}} : i32 to index
//       CHECK:   %[[R:.*]] = slice.strided %arg0[%[[B]]:4] offset : tensor<16xf32> to tensor<4xf32>
//       CHECK:   return %[[R]]
func.func @strided_slice_offset(%x: tensor<16xf32>, %b: tensor<1xi32>) -> tensor<4xf32> {
  %e = "tfl.pseudo_const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tfl.pseudo_const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %r = "tfl.strided_slice"(%x, %b, %e, %s) <{begin_mask = 0 : i32, end_mask = 0 : i32, ellipsis_mask = 0 : i32, new_axis_mask = 0 : i32, shrink_axis_mask = 0 : i32, offset = true}> : (tensor<16xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// TFLite's kernel clamps a shrink index into its dimension (TensorFlow
// raises): 9 reads row 3, -7 (wrapped to -3) row 0.
// CHECK-LABEL: func.func @shrink_clamped(
//       CHECK:   %[[A:.*]] = slice.strided %arg0 spec[3:9:1] masks[shrink_axis_mask = 1] : tensor<4x6xf32> to tensor<6xf32>
//       CHECK:   %[[B:.*]] = slice.strided %arg0 spec[0:-7:1] masks[shrink_axis_mask = 1] : tensor<4x6xf32> to tensor<6xf32>
//       CHECK:   return %[[A]], %[[B]]
func.func @shrink_clamped(%x: tensor<4x6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %nine = "tfl.pseudo_const"() <{value = dense<9> : tensor<1xi32>}> : () -> tensor<1xi32>
  %m7 = "tfl.pseudo_const"() <{value = dense<-7> : tensor<1xi32>}> : () -> tensor<1xi32>
  %one = "tfl.pseudo_const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %a = "tfl.strided_slice"(%x, %nine, %nine, %one) <{begin_mask = 0 : i32, end_mask = 0 : i32, ellipsis_mask = 0 : i32, new_axis_mask = 0 : i32, shrink_axis_mask = 1 : i32, offset = false}> : (tensor<4x6xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<6xf32>
  %b = "tfl.strided_slice"(%x, %m7, %m7, %one) <{begin_mask = 0 : i32, end_mask = 0 : i32, ellipsis_mask = 0 : i32, new_axis_mask = 0 : i32, shrink_axis_mask = 1 : i32, offset = false}> : (tensor<4x6xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<6xf32>
  return %a, %b : tensor<6xf32>, tensor<6xf32>
}

// -----

// A run-time shrink index is wrapped and clamped at run time.
// CHECK-LABEL: func.func @shrink_clamped_runtime(
//       CHECK:   arith.index_cast %{{.*}} : i32 to index
//       CHECK:   %[[I:.*]] = arith.index_cast %{{.*}} : i32 to index
//       CHECK:   %[[NEG:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : index
//       CHECK:   %[[WRAPPED:.*]] = arith.select %[[NEG]], %{{.*}}, %[[I]] : index
//       CHECK:   %[[LOW:.*]] = arith.minsi %[[WRAPPED]], %{{.*}} : index
//       CHECK:   %[[IDX:.*]] = arith.maxsi %[[LOW]], %{{.*}} : index
//       CHECK:   slice.strided %arg0 spec[%{{.*}}:%{{.*}}:1, %[[IDX]]:%{{.*}}:1] masks[begin_mask = 1, end_mask = 1, shrink_axis_mask = 2] : tensor<4x?xf32> to tensor<4xf32>
func.func @shrink_clamped_runtime(%x: tensor<4x?xf32>, %b: tensor<2xi32>) -> tensor<4xf32> {
  %one = "tfl.pseudo_const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r = "tfl.strided_slice"(%x, %b, %b, %one) <{begin_mask = 1 : i32, end_mask = 1 : i32, ellipsis_mask = 0 : i32, new_axis_mask = 0 : i32, shrink_axis_mask = 2 : i32, offset = false}> : (tensor<4x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// tfl.slice and tfl.reverse_v2.
// CHECK-LABEL: func.func @slice_reverse(
//       CHECK:   %[[S:.*]] = slice.strided %arg0[0:3, 1:] offset : tensor<4x6xf32> to tensor<3x5xf32>
//       CHECK:   %[[R:.*]] = slice.strided %[[S]][::-1, ::-1] : tensor<3x5xf32> to tensor<3x5xf32>
//       CHECK:   return %[[R]]
func.func @slice_reverse(%x: tensor<4x6xf32>) -> tensor<3x5xf32> {
  %b = "tfl.pseudo_const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %n = "tfl.pseudo_const"() <{value = dense<[3, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %a = "tfl.pseudo_const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tfl.slice"(%x, %b, %n) : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3x5xf32>
  %r = "tfl.reverse_v2"(%s, %a) : (tensor<3x5xf32>, tensor<2xi32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// dynamic_update_slice clamps each start to [0, dim - size] (XLA's rule):
// -5 writes from 0, 9 from 6 - 2 = 4.
// CHECK-LABEL: func.func @dynamic_update_slice_clamped(
//       CHECK:   %[[U:.*]] = slice.strided_update %arg1 into %arg0[0:2, 4:2] offset : tensor<2x2xf32> into tensor<4x6xf32>
//       CHECK:   return %[[U]]
func.func @dynamic_update_slice_clamped(%x: tensor<4x6xf32>, %v: tensor<2x2xf32>) -> tensor<4x6xf32> {
  %i = "tfl.pseudo_const"() <{value = dense<[-5, 9]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r = "tfl.dynamic_update_slice"(%x, %v, %i) : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<2xi32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// Run-time starts: clamped at run time, the window static.
// CHECK-LABEL: func.func @dynamic_update_slice_runtime(
//       CHECK:   %[[I:.*]] = arith.index_cast %{{.*}} : i64 to index
//       CHECK:   %[[HI:.*]] = arith.minsi %[[I]], %{{.*}} : index
//       CHECK:   %[[START:.*]] = arith.maxsi %[[HI]], %{{.*}} : index
//       CHECK:   slice.strided_update %arg1 into %arg0[%[[START]]:3] offset : tensor<3xf32> into tensor<?xf32>
func.func @dynamic_update_slice_runtime(%x: tensor<?xf32>, %v: tensor<3xf32>, %i: tensor<1xi64>) -> tensor<?xf32> {
  %r = "tfl.dynamic_update_slice"(%x, %v, %i) : (tensor<?xf32>, tensor<3xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
