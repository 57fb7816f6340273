// Found by slice-spec-fuzzer in command 2's run (docs/reliability.md,
// finding 21): `x[::2, ...]` on ?x2^62 steps dimension 0 by 2 x 2^62
// elements, 2^63, which wraps to INT64_MIN, the dynamic-stride marker. The
// op verified (the window fits no real tensor: more than one row of 2^62 is
// more elements than int64 counts), and where the view was taken of a
// row-major buffer (the fresh result of an update or of a clone) upstream's
// expand-strided-metadata built an invalid memref.reinterpret_cast ("expected
// the number of 'strides' to match the number of dynamic entries"): the
// pipelines failed on a valid module. Such a view is now invalid, with a
// diagnostic; one of a single row has no step, and stays valid.
//
// The invalid splits fail (hence `not`), the valid one lowers:
// RUN: slice-opt %s -split-input-file -verify-diagnostics
// RUN: not slice-opt %s -split-input-file --slice-to-llvm 2>/dev/null | FileCheck %s

func.func @slice(%arg0: tensor<?x4611686018427387904xf64>) -> tensor<?x4611686018427387904xf64> {
  // expected-error @+1 {{'slice.strided' op entry 0 steps dimension 0 by 2 x 4611686018427387904 elements, a view stride beyond int64}}
  %slice = slice.strided %arg0[::2, ...] : tensor<?x4611686018427387904xf64> to tensor<?x4611686018427387904xf64>
  return %slice : tensor<?x4611686018427387904xf64>
}

// -----

// -2 x 2^62 is INT64_MIN itself: it fits in int64 but reads as "dynamic".
func.func @backwards(%arg0: tensor<?x4611686018427387904xf64>) -> tensor<?x4611686018427387904xf64> {
  // expected-error @+1 {{'slice.strided' op entry 0 steps dimension 0 by -2 x 4611686018427387904 elements, a view stride beyond int64}}
  %slice = slice.strided %arg0[::-2, :] : tensor<?x4611686018427387904xf64> to tensor<?x4611686018427387904xf64>
  return %slice : tensor<?x4611686018427387904xf64>
}

// -----

// The fuzzer's module: the update of the same window too.
func.func @update(%arg0: tensor<?x4611686018427387904xf64>, %arg1: tensor<1x4611686018427387904xf64>) -> tensor<?x4611686018427387904xf64> {
  %c4611686018427387903 = arith.constant 4611686018427387903 : index
  // expected-error @+1 {{'slice.strided_update' op entry 0 steps dimension 0 by 2 x 4611686018427387904 elements, a view stride beyond int64}}
  %updated = slice.strided_update %arg1 into %arg0 spec[9223372036854775807:4611686018427387904:2, 9223372036854775806:4611686018427387904:%c4611686018427387903] masks[begin_mask = 3, ellipsis_mask = 2] : tensor<1x4611686018427387904xf64> into tensor<?x4611686018427387904xf64>
  return %updated : tensor<?x4611686018427387904xf64>
}

// -----

// A single row steps nowhere: valid, and it lowers, read and written.
// CHECK-LABEL: llvm.func @one_row
func.func @one_row(%x: tensor<1x4611686018427387904xf64>, %v: tensor<1x4611686018427387904xf64>) -> (tensor<1x4611686018427387904xf64>, tensor<1x4611686018427387904xf64>) {
  %s = slice.strided %x[::2, :] : tensor<1x4611686018427387904xf64> to tensor<1x4611686018427387904xf64>
  %u = slice.strided_update %v into %x[::2, :] : tensor<1x4611686018427387904xf64> into tensor<1x4611686018427387904xf64>
  return %s, %u : tensor<1x4611686018427387904xf64>, tensor<1x4611686018427387904xf64>
}
