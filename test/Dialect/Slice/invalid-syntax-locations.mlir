// Malformed custom syntax gets the parser's error at the offending token,
// never a crash (docs/reliability.md): line and column are checked, not
// just the line as -verify-diagnostics would. The text fuzzer
// (slice-syntax-fuzzer) checks that no input crashes the parser.
// RUN: not slice-opt %s -split-input-file 2>&1 | FileCheck %s

func.func @f(%x: tensor<8xf32>) {
// CHECK: invalid-syntax-locations.mlir:[[@LINE+1]]:29: error: expected ']'
  %0 = slice.strided %x[1:2:x] : tensor<8xf32> to tensor<1xf32>
  return
}
// -----
func.func @f(%x: tensor<8xf32>) {
// CHECK: invalid-syntax-locations.mlir:[[@LINE+1]]:30: error: expected ']'
  %0 = slice.strided %x[1:2:3:4] : tensor<8xf32> to tensor<1xf32>
  return
}
// -----
func.func @f(%x: tensor<8xf32>) {
// CHECK: invalid-syntax-locations.mlir:[[@LINE+1]]:25: error: custom op 'slice.strided' integer value too large
  %0 = slice.strided %x[99999999999999999999] : tensor<8xf32> to tensor<f32>
  return
}
// -----
func.func @f(%x: tensor<8xf32>) {
// CHECK: invalid-syntax-locations.mlir:[[@LINE+1]]:28: error: custom op 'slice.strided' static index -9223372036854775808 (INT64_MIN) marks dynamic entries, and no other static value selects the same here; pass it as an SSA value
  %0 = slice.strided %x[1::-9223372036854775808] : tensor<8xf32> to tensor<1xf32>
  return
}
// -----
func.func @f(%x: tensor<8xf32>) {
// CHECK: invalid-syntax-locations.mlir:[[@LINE+1]]:43: error: custom op 'slice.strided' unknown mask 'bogus_mask'; expected begin_mask, end_mask, ellipsis_mask, new_axis_mask or shrink_axis_mask
  %0 = slice.strided %x spec[1:2:1] masks[bogus_mask = 1] : tensor<8xf32> to tensor<1xf32>
  return
}
// -----
func.func @f(%x: tensor<8xf32>) {
// CHECK: invalid-syntax-locations.mlir:[[@LINE+1]]:30: error: expected ']'
  %0 = slice.strided %x[1:2 : tensor<8xf32> to tensor<1xf32>
  return
}
// -----
func.func @f(%x: tensor<8xf32>) {
// CHECK: invalid-syntax-locations.mlir:[[@LINE+1]]:25: error: custom op 'slice.strided' expected a slice entry: an index, 'begin:end:stride', '...' or 'newaxis'
  %0 = slice.strided %x[, 1] : tensor<8xf32> to tensor<1xf32>
  return
}
// -----
func.func @f(%x: tensor<8xf32>) {
// CHECK: invalid-syntax-locations.mlir:[[@LINE+1]]:56: error: custom op 'slice.strided' expected integer value
  %0 = slice.strided %x spec[1:2:1] masks[begin_mask = x] : tensor<8xf32> to tensor<1xf32>
  return
}
