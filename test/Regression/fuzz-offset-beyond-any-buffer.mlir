// Found by slice-spec-fuzzer's --slice-to-nvvm route (docs/reliability.md,
// finding 12): a shrink index of 2^62 on a dynamic dimension whose inner
// dimensions hold 4 elements lies past INT64_MAX elements in any buffer, so
// no tensor holds it and its assert fails at run time. The GPU pipeline
// makes its arguments dense, which makes the strides static, and upstream
// folded index * stride into a wrapped, negative offset: "expected offsets
// to be non-negative" from memref.reinterpret_cast, and the pipeline
// failed. Such a view is now empty; the module compiles on every route,
// the GPU one included, and stops at the assert.
//
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s --check-prefix=GPU
// RUN: slice-opt %s "--slice-to-nvvm=format=isa slices=copy" | FileCheck %s --check-prefix=GPU

// CHECK: slice.strided: entry 1 (input dimension 1): the shrink index is out of range
// CHECK-NOT: Memref

// GPU-LABEL: llvm.func @beyond
//       GPU:   llvm.return

func.func private @printMemrefF32(tensor<*xf32>)

func.func @beyond(%x: tensor<2x?x4x1xf32>) -> tensor<2x4x1xf32> {
  %r = slice.strided %x[:, 4611686018427387904] : tensor<2x?x4x1xf32> to tensor<2x4x1xf32>
  return %r : tensor<2x4x1xf32>
}

func.func @main() {
  %c = arith.constant dense<1.0> : tensor<2x3x4x1xf32>
  %x = tensor.cast %c : tensor<2x3x4x1xf32> to tensor<2x?x4x1xf32>
  %r = call @beyond(%x) : (tensor<2x?x4x1xf32>) -> tensor<2x4x1xf32>
  %u = tensor.cast %r : tensor<2x4x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
