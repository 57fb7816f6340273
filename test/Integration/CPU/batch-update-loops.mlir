// A loop of updates of consecutive windows, r[:, i+3:i+5, :] =
// a[:, i:i+2, 1:4] * 2 - 1 for i = 1, 3, 5, into a donated cache, and the
// loop's result consumed: --slice-batch-update-loops makes it one update
// (no loop left), with NumPy's values (cache = np.arange(60.).reshape(2,
// 10, 3), a = np.arange(64.).reshape(2, 8, 4) * 0.5, the loop run in
// NumPy). Overlapping steps stay a loop, with the same values as NumPy's.
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=via-bufferization=true' | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-buffers | FileCheck %s --check-prefix=BUF

func.func private @printMemrefF32(tensor<*xf32>)

// BUF-LABEL: func.func @decode
//   BUF-NOT:   scf.for
//       BUF:   return
func.func @decode(%cache: tensor<2x10x3xf32> {bufferization.writable = true}, %a: tensor<2x8x4xf32>) -> tensor<2x10x3xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %two = arith.constant dense<2.0> : tensor<2x2x3xf32>
  %one = arith.constant dense<1.0> : tensor<2x2x3xf32>
  %r = scf.for %i = %c1 to %c7 step %c2 iter_args(%acc = %cache) -> (tensor<2x10x3xf32>) {
    %i2 = arith.addi %i, %c2 : index
    %p = arith.addi %i, %c3 : index
    %p2 = arith.addi %p, %c2 : index
    %ai = slice.strided %a[:, %i:%i2, 1:4] : tensor<2x8x4xf32> to tensor<2x?x3xf32>
    %av = tensor.cast %ai : tensor<2x?x3xf32> to tensor<2x2x3xf32>
    %d = arith.mulf %av, %two : tensor<2x2x3xf32>
    %v = arith.subf %d, %one : tensor<2x2x3xf32>
    %u = slice.strided_update %v into %acc[:, %p:%p2, :] : tensor<2x2x3xf32> into tensor<2x10x3xf32>
    scf.yield %u : tensor<2x10x3xf32>
  }
  return %r : tensor<2x10x3xf32>
}

// Windows of 2 moving by 1 (each step overwrites half of the last one's):
// r = np.arange(10.); for i in range(4): r[i+1:i+3] = r0[i:i+2] * 10.
// BUF-LABEL: func.func @overlapping
//       BUF:   scf.for
func.func @overlapping(%cache: tensor<10xf32> {bufferization.writable = true}, %k: tensor<10xf32>) -> tensor<10xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %ten = arith.constant dense<10.0> : tensor<2xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %cache) -> (tensor<10xf32>) {
    %i2 = arith.addi %i, %c2 : index
    %p = arith.addi %i, %c1 : index
    %p2 = arith.addi %p, %c2 : index
    %ki = slice.strided %k[%i:%i2] : tensor<10xf32> to tensor<?xf32>
    %kv = tensor.cast %ki : tensor<?xf32> to tensor<2xf32>
    %v = arith.mulf %kv, %ten : tensor<2xf32>
    %u = slice.strided_update %v into %acc[%p:%p2] : tensor<2xf32> into tensor<10xf32>
    scf.yield %u : tensor<10xf32>
  }
  return %r : tensor<10xf32>
}

// CHECK: {{\[\[\[}}0,    1,    2],
// CHECK-NEXT: [3,    4,    5],
// CHECK-NEXT: [6,    7,    8],
// CHECK-NEXT: [9,    10,    11],
// CHECK-NEXT: [4,    5,    6],
// CHECK-NEXT: [8,    9,    10],
// CHECK-NEXT: [12,    13,    14],
// CHECK-NEXT: [16,    17,    18],
// CHECK-NEXT: [20,    21,    22],
// CHECK-NEXT: [24,    25,    26]],
// CHECK-NEXT: {{\[\[}}30,    31,    32],
// CHECK-NEXT: [33,    34,    35],
// CHECK-NEXT: [36,    37,    38],
// CHECK-NEXT: [39,    40,    41],
// CHECK-NEXT: [36,    37,    38],
// CHECK-NEXT: [40,    41,    42],
// CHECK-NEXT: [44,    45,    46],
// CHECK-NEXT: [48,    49,    50],
// CHECK-NEXT: [52,    53,    54],
// CHECK-NEXT: [56,    57,    58]]]
// CHECK: [0,  0,  10,  20,  30,  40,  6,  7,  8,  9]
func.func @main() {
  %cache = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %c30 = arith.constant 30 : index
    %c3 = arith.constant 3 : index
    %x = arith.muli %i, %c30 : index
    %y = arith.muli %j, %c3 : index
    %xy = arith.addi %x, %y : index
    %all = arith.addi %xy, %k : index
    %w = arith.index_cast %all : index to i64
    %v = arith.sitofp %w : i64 to f32
    tensor.yield %v : f32
  } : tensor<2x10x3xf32>
  %a = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %c32 = arith.constant 32 : index
    %c4 = arith.constant 4 : index
    %x = arith.muli %i, %c32 : index
    %y = arith.muli %j, %c4 : index
    %xy = arith.addi %x, %y : index
    %all = arith.addi %xy, %k : index
    %w = arith.index_cast %all : index to i64
    %v = arith.sitofp %w : i64 to f32
    %half = arith.constant 0.5 : f32
    %h = arith.mulf %v, %half : f32
    tensor.yield %h : f32
  } : tensor<2x8x4xf32>
  %r = call @decode(%cache, %a) {no_inline} : (tensor<2x10x3xf32>, tensor<2x8x4xf32>) -> tensor<2x10x3xf32>
  %ru = tensor.cast %r : tensor<2x10x3xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  %line = tensor.generate {
  ^bb0(%i: index):
    %w = arith.index_cast %i : index to i64
    %v = arith.sitofp %w : i64 to f32
    tensor.yield %v : f32
  } : tensor<10xf32>
  %o = call @overlapping(%line, %line) {no_inline} : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
  %ou = tensor.cast %o : tensor<10xf32> to tensor<*xf32>
  call @printMemrefF32(%ou) : (tensor<*xf32>) -> ()
  return
}
