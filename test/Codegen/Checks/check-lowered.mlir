// --slice-check-lowered: a pipeline's output is what it promises, or the
// pipeline fails naming each op it left (once per op name).
// RUN: slice-opt %s -split-input-file -verify-diagnostics --slice-check-lowered

// LLVM only: nothing to report.
module {
  llvm.func @ok(%arg0: i64) -> i64 {
    llvm.return %arg0 : i64
  }
}

// -----

module {
  // expected-error @below {{'func.func' op is left after --slice-to-llvm: no step of the pipeline lowers it to the LLVM dialect}}
  func.func @left(%x: memref<4xf32>) {
    // expected-error @below {{'arith.constant' op is left after --slice-to-llvm}}
    %c0 = arith.constant 0 : index
    // expected-error @below {{'memref.load' op is left after --slice-to-llvm}}
    %v = memref.load %x[%c0] : memref<4xf32>
    // (A second memref.load is not reported again.)
    %w = memref.load %x[%c0] : memref<4xf32>
    // expected-error @below {{'linalg.softmax' op is left after --slice-to-llvm}}
    linalg.softmax dimension(0) ins(%x : memref<4xf32>) outs(%x : memref<4xf32>)
    // expected-error @below {{'func.return' op is left after --slice-to-llvm}}
    return
  }
}

// -----

// The GPU route's ops are the CPU route's leftovers.
module {
  // expected-error @below {{'gpu.module' op is left after --slice-to-llvm}}
  gpu.module @kernels {
    llvm.func @k() {
      llvm.return
    }
  }
}
