// Finding 13 (docs/reliability.md), fixed: a shrink index that is out of
// range only at run time, in a function on a dynamic shape, called with a
// static shape. After inlining, bufferization gave a memref.subview of a
// memref.cast of the caller's buffer, and upstream's canonicalization
// folded the cast into the subview (memref's cast folder does not check
// that the slice stays in bounds, unlike tensor.extract_slice's): "offset
// 1 is out-of-bounds: 5 >= 3", and the pipeline failed instead of
// compiling a program that stops at the assert. After inlining the check
// is a cf.assert of constant false, and --slice-erase-after-failing-asserts
// now erases the view behind it before any canonicalization sees it. NumPy:
// "index 5 is out of bounds for axis 1 with size 3".
//
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_run 2>&1 | FileCheck %s

// CHECK: slice.strided: entry 1 (input dimension 1): the shrink index is out of range

func.func private @printMemrefF32(tensor<*xf32>)

func.func @pick(%x: tensor<2x?x4xf32>) -> tensor<2x4xf32> {
  %r = slice.strided %x[:, 5] : tensor<2x?x4xf32> to tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

func.func @main() {
  %c = arith.constant dense<1.0> : tensor<2x3x4xf32>
  %x = tensor.cast %c : tensor<2x3x4xf32> to tensor<2x?x4xf32>
  %r = call @pick(%x) : (tensor<2x?x4xf32>) -> tensor<2x4xf32>
  %u = tensor.cast %r : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
