// Open (docs/reliability.md, finding 18): an offset-mode window of extent
// INT64_MAX with a stride that is an SSA constant 2, on a dynamic
// dimension (`x[..., %c:INT64_MAX:%two] offset` on 2x1x?x?). It fits no
// real tensor, so its assert fails at run time, and the op is valid: its
// size stays dynamic, and canonicalization keeps the stride an SSA value
// since the static 2 would make the result's known sizes (2 x ? x 1 x 2^62
// x ?) multiply past INT64_MAX. The normal form reads the constant through
// the SSA value and makes the entry static, so it does not verify and
// --slice-normalize fails on a valid module, as in findings 14, 16 and 17.
// It turns into a pass (XPASS, a failure) once fixed. Its fuzz input is
// kept out of fuzz/corpus until then, since command 2 replays the corpus.
//
// XFAIL: *
// RUN: slice-opt %s --canonicalize --slice-normalize --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @window
//       CHECK:   slice.strided

func.func @window(%x: tensor<2x1x?x?xf32>, %stride: index) -> tensor<?x?x1x?x?xf32> {
  %min = arith.constant -9223372036854775808 : index
  %c-1 = arith.constant -1 : index
  %begin = arith.constant -1844679878222680132 : index
  %two = arith.constant 2 : index
  %r = slice.strided %x spec[%min:%min:1, -2:%c-1:%stride, -9223372036854775807:0:2, %begin:9223372036854775807:%two] masks[begin_mask = 4, end_mask = 3, new_axis_mask = 4] offset : tensor<2x1x?x?xf32> to tensor<?x?x1x?x?xf32>
  return %r : tensor<?x?x1x?x?xf32>
}
