// RUN: slice-opt %s --slice-lower-copies="vector-bytes=24" -verify-diagnostics
// RUN: not slice-opt %s --slice-lower-copies="unroll=0" 2>&1 | FileCheck %s
// RUN: not slice-opt %s --slice-lower-copies="nontemporal-bytes=-3" 2>&1 | FileCheck %s --check-prefix=NT
// RUN: not slice-opt %s --slice-to-llvm="nontemporal-bytes=-3" 2>&1 | FileCheck %s --check-prefix=NT

// nontemporal-bytes is a size, -1 (never) or -2 (the machine's threshold).
// NT: error: slice-lower-copies: nontemporal-bytes must be a size, -1 (never) or -2 (the machine's threshold), got -3

// A vector access must be a power of two of at least 16 bytes, and the
// main loop must move at least one vector.
// expected-error @below {{slice-lower-copies: vector-bytes must be a power of two of at least 16 and unroll at least 1, got vector-bytes=24 unroll=4}}
module {
  // CHECK: error: slice-lower-copies: vector-bytes must be a power of two of at least 16 and unroll at least 1, got vector-bytes=64 unroll=0
  func.func @f(%src: memref<4xf32, strided<[-1], offset: 3>>, %dst: memref<4xf32>) {
    memref.copy %src, %dst : memref<4xf32, strided<[-1], offset: 3>> to memref<4xf32>
    return
  }
}
