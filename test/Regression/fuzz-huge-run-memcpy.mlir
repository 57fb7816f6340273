// Found by slice-spec-fuzzer (docs/reliability.md): a contiguous run of
// about 2^62 f32 elements (a valid type, 2^64 bytes) made the copy lowering
// compute its byte count as 2^62 * 4 in int64 to choose memcpy, a signed
// overflow that UBSan reports (the sanitizer build runs this test). The
// choice now compares element counts.
//
// RUN: slice-opt %s -split-input-file -verify-diagnostics --slice-to-llvm=slices=copy | FileCheck %s
// RUN: slice-opt %s -split-input-file -verify-diagnostics --slice-to-llvm=slices=view | FileCheck %s --check-prefix=VIEW

// CHECK-LABEL: llvm.func @huge_run
// CHECK: "llvm.intr.memcpy"
// VIEW-LABEL: llvm.func @huge_run
func.func @huge_run(%x: tensor<4611686018427387904xf32>) -> tensor<4611686018427387903xf32> {
  %r = slice.strided %x[1:] : tensor<4611686018427387904xf32> to tensor<4611686018427387903xf32>
  return %r : tensor<4611686018427387903xf32>
}

// -----

// Found with it: the copy of a 2 x 2^62 i8 view out of a 2^62 x 2^62
// input merged the two dimensions into 2^63 elements, which wrapped, and an
// upstream canonicalization then crashed on the type it could not build.
// An input with more elements than int64 counts is invalid now (no buffer
// holds it; the lowerings count elements in int64).
func.func @huge_count(%x: tensor<4611686018427387904x4611686018427387904xi8>) -> tensor<2x4611686018427387904xi8> {
  // expected-error @+1 {{'slice.strided' op the input's sizes 4611686018427387904x4611686018427387904 multiply to more elements than int64 counts}}
  %r = slice.strided %x[:2, ::-1] : tensor<4611686018427387904x4611686018427387904xi8> to tensor<2x4611686018427387904xi8>
  return %r : tensor<2x4611686018427387904xi8>
}

// -----

// Dynamic sizes are not counted: this one is valid, and compiles.
// CHECK-LABEL: llvm.func @dynamic_count
// VIEW-LABEL: llvm.func @dynamic_count
func.func @dynamic_count(%x: tensor<?x4611686018427387904xi8>) -> tensor<?x4611686018427387904xi8> {
  %r = slice.strided %x[:2, ::-1] : tensor<?x4611686018427387904xi8> to tensor<?x4611686018427387904xi8>
  return %r : tensor<?x4611686018427387904xi8>
}
