// RUN: not slice-opt %s --slice-copies-to-gpu=block-size=0 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not slice-opt %s --slice-copies-to-gpu=vector-bytes=32 2>&1 | FileCheck %s --check-prefix=VECTOR
// RUN: not slice-opt %s '--slice-to-nvvm=format=ptx' 2>&1 | FileCheck %s --check-prefix=FORMAT

// BLOCK: error: slice-copies-to-gpu: block-size must be 1 to 1024 and vector-bytes 4, 8 or 16, got block-size=0 vector-bytes=16
// VECTOR: error: slice-copies-to-gpu: block-size must be 1 to 1024 and vector-bytes 4, 8 or 16, got block-size=256 vector-bytes=32
// FORMAT: error: slice-to-nvvm: format must be isa, bin or fatbin, got 'ptx'
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  return
}
