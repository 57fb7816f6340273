// Found by slice-spec-fuzzer's 1-hour run (docs/reliability.md, finding
// 14): an offset-mode window of static extent 2^62 on a dynamic dimension
// fits no real tensor (its assert would fail at run time), and its
// 2 x 2^62 result has more elements than int64 counts. As a copy, the copy
// lowering's flat view of the base buffer got a size that wrapped to
// INT64_MIN, the dynamic-size marker, and upstream's canonicalization
// segfaulted on the invalid memref.reinterpret_cast. Such a result is now
// invalid, as an input of more elements than int64 counts is (finding 5).
//
// RUN: slice-opt %s -split-input-file -verify-diagnostics

func.func @slice(%arg0: tensor<9x?xindex>) -> tensor<2x4611686018427387904xindex> {
  %c-9223372036854775808 = arith.constant -9223372036854775808 : index
  %c-9223372036854775807 = arith.constant -9223372036854775807 : index
  %c-1 = arith.constant -1 : index
  // expected-error @+1 {{'slice.strided' op the result's sizes 2x4611686018427387904 multiply to more elements than int64 counts}}
  %slice = slice.strided %arg0 spec[%c-9223372036854775808:-3:-2, -9223372036854775807:-9223372036854775807:-2, -9223372036854775807:%c-9223372036854775807:%c-1] masks[begin_mask = 1, ellipsis_mask = 4] offset : tensor<9x?xindex> to tensor<2x4611686018427387904xindex>
  return %slice : tensor<2x4611686018427387904xindex>
}

// -----

// A result at INT64_MAX elements still verifies.
func.func @largest(%x: tensor<?xi8>) -> tensor<9223372036854775807xi8> {
  %r = slice.strided %x[0:9223372036854775807] offset : tensor<?xi8> to tensor<9223372036854775807xi8>
  return %r : tensor<9223372036854775807xi8>
}
