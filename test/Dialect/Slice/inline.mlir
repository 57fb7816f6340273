// The inliner's clean-up pipeline is off, so that the axes form stays.
// RUN: slice-opt %s '--inline=default-pipeline=' | FileCheck %s
// The inlined module through the CPU pipeline, executed (values from
// NumPy: x = np.arange(24, dtype=np.float32).reshape(4, 6)).
// RUN: slice-opt %s --inline --slice-to-llvm | %mlir_run | FileCheck %s --check-prefix=EXEC

// Callees holding either slice op are inlined; nothing else changes.
// CHECK-LABEL: func.func @main
//   CHECK-NOT:   call @{{rows|axes}}
//       CHECK:   slice.strided %{{.*}}[1:, ::-2] : tensor<4x6xf32> to tensor<3x3xf32>
//       CHECK:   slice.strided_axes %{{.*}} starts [-1] ends [0] strides [-2] : tensor<4x6xf32> to tensor<2x6xf32>
//   CHECK-NOT:   call @{{rows|axes}}
func.func private @rows(%x: tensor<4x6xf32>) -> tensor<3x3xf32> {
  %r = slice.strided %x[1:, ::-2] : tensor<4x6xf32> to tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

func.func private @axes(%x: tensor<4x6xf32>) -> tensor<2x6xf32> {
  %r = slice.strided_axes %x axes [0] starts [-1] ends [0] strides [-2]
      : tensor<4x6xf32> to tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %k = affine.apply affine_map<(i, j) -> (i * 6 + j)>(%i, %j)
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    tensor.yield %kf : f32
  } : tensor<4x6xf32>
  %a = call @rows(%x) : (tensor<4x6xf32>) -> tensor<3x3xf32>
  %b = call @axes(%x) : (tensor<4x6xf32>) -> tensor<2x6xf32>
  // x[1:, ::-2]
  // EXEC: sizes = [3, 3]
  // EXEC-NEXT: [11,   9,   7]
  // EXEC-NEXT: [17,   15,   13]
  // EXEC-NEXT: [23,   21,   19]
  %ua = tensor.cast %a : tensor<3x3xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  // x[-1:0:-2]
  // EXEC: sizes = [2, 6]
  // EXEC-NEXT: [18,   19,   20,   21,   22,   23]
  // EXEC-NEXT: [6,   7,   8,   9,   10,   11]
  %ub = tensor.cast %b : tensor<2x6xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
