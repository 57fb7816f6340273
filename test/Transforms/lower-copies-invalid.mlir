// RUN: slice-opt %s --slice-lower-copies="vector-bytes=24" -verify-diagnostics
// RUN: not slice-opt %s --slice-lower-copies="unroll=0" 2>&1 | FileCheck %s

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
