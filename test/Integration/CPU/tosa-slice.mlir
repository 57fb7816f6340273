// tosa.slice and tosa.reverse executed through upstream's TOSA lowerings
// and through --convert-tosa-to-slice + --slice-to-llvm: both print NumPy's
// values of x[1:4, 2:9], x[3:, :] (a size of -1), x[1:4, 2:9][1:3, 0:2]
// (two slices, one after raising and canonicalization) and
// x[1:4, 2:9][::-1][:, ::-1] (a slice and two reversals, one slice) on a
// 6x10 iota.
// RUN: slice-opt %s --tosa-to-linalg-pipeline --tosa-to-tensor --tosa-to-arith --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --convert-tosa-to-slice --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --convert-tosa-to-slice | FileCheck %s --check-prefix=RAISED
// RAISED-COUNT-5: slice.strided
// RAISED-NOT: tosa.slice
// RAISED-NOT: tosa.reverse
// RUN: slice-opt %s --convert-tosa-to-slice --canonicalize | FileCheck %s --check-prefix=FOLDED
// FOLDED: slice.strided %{{.*}}[3:0:-1, 8:1:-1] : tensor<6x10xf32> to tensor<3x7xf32>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %row = arith.muli %i, %c10 : index
    %flat = arith.addi %row, %j : index
    %w = arith.index_cast %flat : index to i64
    %v = arith.sitofp %w : i64 to f32
    tensor.yield %v : f32
  } : tensor<6x10xf32>

  %s1 = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %z1 = tosa.const_shape {values = dense<[3, 7]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %a = tosa.slice %x, %s1, %z1 : (tensor<6x10xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
  %ua = tensor.cast %a : tensor<3x7xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()

  %s2 = tosa.const_shape {values = dense<[3, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %z2 = tosa.const_shape {values = dense<[-1, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.slice %x, %s2, %z2 : (tensor<6x10xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x10xf32>
  %ub = tensor.cast %b : tensor<3x10xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()

  %s3 = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %z3 = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %c = tosa.slice %a, %s3, %z3 : (tensor<3x7xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x2xf32>
  %uc = tensor.cast %c : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()

  %r0 = tosa.reverse %a {axis = 0 : i32} : (tensor<3x7xf32>) -> tensor<3x7xf32>
  %r1 = tosa.reverse %r0 {axis = 1 : i32} : (tensor<3x7xf32>) -> tensor<3x7xf32>
  %ur = tensor.cast %r1 : tensor<3x7xf32> to tensor<*xf32>
  call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  return
}

// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 7]
// CHECK-NEXT: {{\[}}[12, 13, 14, 15, 16, 17, 18],
// CHECK-NEXT: [22, 23, 24, 25, 26, 27, 28],
// CHECK-NEXT: [32, 33, 34, 35, 36, 37, 38]]
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 10]
// CHECK-NEXT: {{\[}}[30, 31, 32, 33, 34, 35, 36, 37, 38, 39],
// CHECK-NEXT: [40, 41, 42, 43, 44, 45, 46, 47, 48, 49],
// CHECK-NEXT: [50, 51, 52, 53, 54, 55, 56, 57, 58, 59]]
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2]
// CHECK-NEXT: {{\[}}[22, 23],
// CHECK-NEXT: [32, 33]]
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 7]
// CHECK-NEXT: {{\[}}[38, 37, 36, 35, 34, 33, 32],
// CHECK-NEXT: [28, 27, 26, 25, 24, 23, 22],
// CHECK-NEXT: [18, 17, 16, 15, 14, 13, 12]]
