// linalg.softmax (as torch-mlir and StableHLO importers emit it) on a
// reversed, strided slice, with masked positions (-inf, -100 and the
// float32 minimum): --slice-decompose-aggregates lowers it, and the values
// are NumPy's: x = ((arange(32).reshape(4, 8) % 7) - 3) * 0.5 with
// x[0, 1] = -inf, x[1, 3] = -100, x[2, 5] = float32 min;
// s = x[:, ::-2]; e = exp(s - s.max(1)); e / e.sum(1). exp(-101.5) is a
// subnormal float (7.0e-45), kept by the default exp.
//
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=approximate-math=false | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s
// An embedder's upstream passes first change nothing in the values.
// RUN: slice-opt %s --canonicalize --cse --inline --loop-invariant-code-motion | slice-opt --slice-to-llvm | %mlir_run | FileCheck %s

func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  %s = slice.strided %x[:, ::-2] : tensor<4x8xf32> to tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.softmax dimension(1) ins(%s : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = arith.constant dense<[[-1.5, 0xFF800000, -0.5, 0.0, 0.5, 1.0, 1.5, -1.5],
                             [-1.0, -0.5, 0.0, -100.0, 1.0, 1.5, -1.5, -1.0],
                             [-0.5, 0.0, 0.5, 1.0, 1.5, 0xFF7FFFFF, -1.0, -0.5],
                             [0.0, 0.5, 1.0, 1.5, -1.5, -1.0, -0.5, 0.0]]> : tensor<4x8xf32>
  %r = call @softmax(%x) {no_inline} : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %u = tensor.cast %r : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: sizes = [4, 4]
// CHECK-NEXT: {{\[\[}}0.0566117,   0.689672,   0.253716,   0],
// CHECK-NEXT:  [0.0674254,   0.821409,   7.00649e-45,   0.111166],
// CHECK-NEXT:  [0.140244,   0,   0.628532,   0.231224],
// CHECK-NEXT:  [0.133364,   0.0490618,   0.597695,   0.21988]]
