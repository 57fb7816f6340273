// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-stablehlo-to-slice | FileCheck %s
// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-stablehlo-to-slice --canonicalize | FileCheck %s --check-prefix=CANON

// JAX's x[::-1, 1:5:2]: a positive-stride slice, then reverse. Each
// converts; canonicalization composes them into one slice.strided.
// CHECK-LABEL: func.func @jax_reverse_slice(
//       CHECK:   %[[S:.*]] = slice.strided %arg0[0:4, 1:5:2] : tensor<4x6xf32> to tensor<4x2xf32>
//       CHECK:   %[[R:.*]] = slice.strided %[[S]][::-1, :] : tensor<4x2xf32> to tensor<4x2xf32>
//   CHECK-NOT:   stablehlo
//       CHECK:   return %[[R]]
// CANON-LABEL: func.func @jax_reverse_slice(
//  CANON-NEXT:   %[[R:.*]] = slice.strided %arg0[3::-1, 1:5:2] : tensor<4x6xf32> to tensor<4x2xf32>
//  CANON-NEXT:   return %[[R]]
func.func @jax_reverse_slice(%x: tensor<4x6xf32>) -> tensor<4x2xf32> {
  %0 = "stablehlo.slice"(%x) <{limit_indices = array<i64: 4, 5>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 2>}> : (tensor<4x6xf32>) -> tensor<4x2xf32>
  %1 = "stablehlo.reverse"(%0) <{dimensions = array<i64: 0>}> : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// The dense spelling (StableHLO before Dec 2023, MHLO).
// CHECK-LABEL: func.func @dense_attributes(
//       CHECK:   slice.strided %arg0[2:7:3] : tensor<8xi32> to tensor<2xi32>
//       CHECK:   slice.strided %{{.*}}[::-1] : tensor<2xi32> to tensor<2xi32>
func.func @dense_attributes(%x: tensor<8xi32>) -> tensor<2xi32> {
  %0 = "mhlo.slice"(%x) {limit_indices = dense<7> : tensor<1xi64>, start_indices = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} : (tensor<8xi32>) -> tensor<2xi32>
  %1 = "stablehlo.reverse"(%0) {dimensions = dense<0> : tensor<1xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  return %1 : tensor<2xi32>
}

// -----

// dynamic_slice: each start clamped to [0, dim - size] (no wrapping): -3
// reads from 0, a run-time start is clamped at run time; the result stays
// static.
// CHECK-LABEL: func.func @dynamic_slice(
//       CHECK:   %[[I:.*]] = tensor.extract %arg1[] : tensor<i32>
//       CHECK:   %[[J:.*]] = arith.index_cast %[[I]] : i32 to index
//       CHECK:   %[[HI:.*]] = arith.minsi %[[J]], %{{.*}} : index
//       CHECK:   %[[START:.*]] = arith.maxsi %[[HI]], %{{.*}} : index
//       CHECK:   slice.strided %arg0[0:2, %[[START]]:3] offset : tensor<4x6xf32> to tensor<2x3xf32>
func.func @dynamic_slice(%x: tensor<4x6xf32>, %i: tensor<i32>) -> tensor<2x3xf32> {
  %m3 = "stablehlo.constant"() <{value = dense<-3> : tensor<i32>}> : () -> tensor<i32>
  %r = "stablehlo.dynamic_slice"(%x, %m3, %i) <{slice_sizes = array<i64: 2, 3>}> : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// dynamic_update_slice: the same clamping; 7 writes from 6 - 2 = 4.
// CHECK-LABEL: func.func @dynamic_update_slice(
//       CHECK:   %[[U:.*]] = slice.strided_update %arg1 into %arg0[1:1, 4:2] offset : tensor<1x2xf32> into tensor<4x6xf32>
//       CHECK:   return %[[U]]
func.func @dynamic_update_slice(%x: tensor<4x6xf32>, %v: tensor<1x2xf32>) -> tensor<4x6xf32> {
  %one = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
  %seven = "stablehlo.constant"() <{value = dense<7> : tensor<i64>}> : () -> tensor<i64>
  %r = "stablehlo.dynamic_update_slice"(%x, %v, %one, %seven) : (tensor<4x6xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// real_dynamic_slice: 1-D start, limit and strides, read at run time.
// CHECK-LABEL: func.func @real_dynamic_slice(
//   CHECK-COUNT-3:   tensor.extract %arg1
//       CHECK:   slice.strided %arg0[%{{.*}}:%{{.*}}:%{{.*}}] : tensor<?xf32> to tensor<?xf32>
func.func @real_dynamic_slice(%x: tensor<?xf32>, %i: tensor<1xindex>) -> tensor<?xf32> {
  %r = "stablehlo.real_dynamic_slice"(%x, %i, %i, %i) : (tensor<?xf32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Unsigned starts (ui8..ui64) read as unsigned: a ui32 constant of
// 4294967295 is not -1 but a start past the end, clamped to 6 - 2 = 4
// (StableHLO's [4, 5] of [0..5], where a signed reading gave [0, 1]); a
// ui64 of 2^63 and more clamps the same way.
// CHECK-LABEL: func.func @unsigned_constant_starts(
//       CHECK:   slice.strided %arg0[4:2] offset : tensor<6xf32> to tensor<2xf32>
//       CHECK:   slice.strided %arg0[4:2] offset : tensor<6xf32> to tensor<2xf32>
//       CHECK:   slice.strided_update %{{.*}} into %arg0[4:2] offset : tensor<2xf32> into tensor<6xf32>
func.func @unsigned_constant_starts(%x: tensor<6xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<6xf32>) {
  %big = "stablehlo.constant"() <{value = dense<4294967295> : tensor<ui32>}> : () -> tensor<ui32>
  %huge = "stablehlo.constant"() <{value = dense<9223372036854775808> : tensor<ui64>}> : () -> tensor<ui64>
  %u8 = "stablehlo.constant"() <{value = dense<200> : tensor<ui8>}> : () -> tensor<ui8>
  %a = "stablehlo.dynamic_slice"(%x, %big) <{slice_sizes = array<i64: 2>}> : (tensor<6xf32>, tensor<ui32>) -> tensor<2xf32>
  %b = "mhlo.dynamic_slice"(%x, %huge) {slice_sizes = dense<2> : tensor<1xi64>} : (tensor<6xf32>, tensor<ui64>) -> tensor<2xf32>
  %c = "stablehlo.dynamic_update_slice"(%x, %a, %u8) : (tensor<6xf32>, tensor<2xf32>, tensor<ui8>) -> tensor<6xf32>
  return %a, %b, %c : tensor<2xf32>, tensor<2xf32>, tensor<6xf32>
}

// -----

// A run-time unsigned start: its bits as signless integers, zero-extended;
// a ui64 past 2^63 (negative as an index) becomes the largest index.
// CHECK-LABEL: func.func @unsigned_runtime_starts(
//       CHECK:   %[[E8:.*]] = tensor.extract %arg1[] : tensor<ui8>
//       CHECK:   %[[S8:.*]] = builtin.unrealized_conversion_cast %[[E8]] : ui8 to i8
//       CHECK:   arith.index_castui %[[S8]] : i8 to index
//       CHECK:   %[[E64:.*]] = tensor.extract %arg2[] : tensor<ui64>
//       CHECK:   %[[S64:.*]] = builtin.unrealized_conversion_cast %[[E64]] : ui64 to i64
//       CHECK:   %[[I64:.*]] = arith.index_castui %[[S64]] : i64 to index
//       CHECK:   %[[NEG:.*]] = arith.cmpi slt, %[[I64]], %{{.*}} : index
//       CHECK:   arith.select %[[NEG]], %{{.*}}, %[[I64]] : index
func.func @unsigned_runtime_starts(%x: tensor<6x6xf32>, %i: tensor<ui8>, %j: tensor<ui64>) -> tensor<2x2xf32> {
  %a = "stablehlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: 2, 2>}> : (tensor<6x6xf32>, tensor<ui8>, tensor<ui64>) -> tensor<2x2xf32>
  return %a : tensor<2x2xf32>
}
