// Element-wise consumers of concats (--slice-split-concat-consumers):
// rotary embedding with a concat and with two updates into an empty
// tensor, Focus + relu, a product with a row sliced along the concat and a
// slice of the result, and a read across the concat dimension that must
// stay whole. Every mode gives NumPy's values (in the comments).
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=via-bufferization=true' | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=writable-arguments=true' | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=parallel-bytes=0' | %mlir_run_omp | FileCheck %s
// RUN: slice-opt %s %gpu_loops_on_cpu_copies | %mlir_run | FileCheck %s
// RUN: slice-opt %s %gpu_loops_on_cpu_views | %mlir_run | FileCheck %s
// The split happens: each rotary embedding is two loop nests writing
// halves of one buffer, Focus + relu four.
// RUN: slice-opt %s --slice-to-buffers | FileCheck %s --check-prefix=IR

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefF32(tensor<*xf32>)

// IR-LABEL: func.func @rotary_concat
// IR-COUNT-1: memref.alloc
// IR-NOT: memref.alloc
// IR-NOT: memref.copy
// IR-COUNT-2: linalg.generic
// IR-NOT: linalg.generic
// IR: return
func.func @rotary_concat(%x: tensor<2x2x4xf32>, %cos: tensor<2x4xf32>, %sin: tensor<2x4xf32>) -> tensor<2x2x4xf32> {
  %x1 = slice.strided %x[..., :2] : tensor<2x2x4xf32> to tensor<2x2x2xf32>
  %x2 = slice.strided %x[..., 2:] : tensor<2x2x4xf32> to tensor<2x2x2xf32>
  %n2 = arith.negf %x2 : tensor<2x2x2xf32>
  %rot = tensor.concat dim(2) %n2, %x1 : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x4xf32>
  %e = tensor.empty() : tensor<2x2x4xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3, #row3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %rot, %cos, %sin : tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %s: f32, %o: f32):
    %ac = arith.mulf %a, %c : f32
    %bs = arith.mulf %b, %s : f32
    %v = arith.addf %ac, %bs : f32
    linalg.yield %v : f32
  } -> tensor<2x2x4xf32>
  return %r : tensor<2x2x4xf32>
}

// IR-LABEL: func.func @rotary_updates
// IR-COUNT-1: memref.alloc
// IR-NOT: memref.alloc
// IR-NOT: memref.copy
// IR-COUNT-2: linalg.generic
// IR-NOT: linalg.generic
// IR: return
func.func @rotary_updates(%x: tensor<2x2x4xf32>, %cos: tensor<2x4xf32>, %sin: tensor<2x4xf32>) -> tensor<2x2x4xf32> {
  %x1 = slice.strided %x[..., :2] : tensor<2x2x4xf32> to tensor<2x2x2xf32>
  %x2 = slice.strided %x[..., 2:] : tensor<2x2x4xf32> to tensor<2x2x2xf32>
  %n2 = arith.negf %x2 : tensor<2x2x2xf32>
  %re = tensor.empty() : tensor<2x2x4xf32>
  %r1 = slice.strided_update %n2 into %re[..., :2] : tensor<2x2x2xf32> into tensor<2x2x4xf32>
  %rot = slice.strided_update %x1 into %r1[..., 2:] : tensor<2x2x2xf32> into tensor<2x2x4xf32>
  %e = tensor.empty() : tensor<2x2x4xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3, #row3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %rot, %cos, %sin : tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x2x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %s: f32, %o: f32):
    %ac = arith.mulf %a, %c : f32
    %bs = arith.mulf %b, %s : f32
    %v = arith.addf %ac, %bs : f32
    linalg.yield %v : f32
  } -> tensor<2x2x4xf32>
  return %r : tensor<2x2x4xf32>
}

// IR-LABEL: func.func @focus_relu
// IR-COUNT-1: memref.alloc
// IR-NOT: memref.alloc
// IR-NOT: memref.copy
// IR-COUNT-4: linalg.generic
// IR-NOT: linalg.generic
// IR: return
func.func @focus_relu(%x: tensor<1x4x4xf32>) -> tensor<4x2x2xf32> {
  %a = slice.strided %x[:, ::2, ::2] : tensor<1x4x4xf32> to tensor<1x2x2xf32>
  %b = slice.strided %x[:, 1::2, ::2] : tensor<1x4x4xf32> to tensor<1x2x2xf32>
  %c = slice.strided %x[:, ::2, 1::2] : tensor<1x4x4xf32> to tensor<1x2x2xf32>
  %d = slice.strided %x[:, 1::2, 1::2] : tensor<1x4x4xf32> to tensor<1x2x2xf32>
  %cat = tensor.concat dim(0) %a, %b, %c, %d : (tensor<1x2x2xf32>, tensor<1x2x2xf32>, tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<4x2x2xf32>
  %z = arith.constant dense<0.0> : tensor<4x2x2xf32>
  %r = arith.maximumf %cat, %z : tensor<4x2x2xf32>
  return %r : tensor<4x2x2xf32>
}

// (concat([a, b - 16], axis=1) * row)[::-1, ::2]
func.func @row_then_slice(%a: tensor<2x4xf32>, %b: tensor<2x4xf32>, %row: tensor<8xf32>) -> tensor<2x4xf32> {
  %sixteen = arith.constant dense<16.0> : tensor<2x4xf32>
  %b16 = arith.subf %b, %sixteen : tensor<2x4xf32>
  %cat = tensor.concat dim(1) %a, %b16 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  %e = tensor.empty() : tensor<2x8xf32>
  %p = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%cat, %row : tensor<2x8xf32>, tensor<8xf32>) outs(%e : tensor<2x8xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %m = arith.mulf %v, %w : f32
    linalg.yield %m : f32
  } -> tensor<2x8xf32>
  %r = slice.strided %p[::-1, ::2] : tensor<2x8xf32> to tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// c + c.T for c = concat([a, b], axis=0): left whole.
func.func @across(%a: tensor<2x4xf32>, %b: tensor<2x4xf32>) -> tensor<4x4xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [#id2, affine_map<(d0, d1) -> (d1, d0)>, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%c, %c : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

func.func @main() {
  %x = arith.constant dense<[[[-8.0, -7.0, -6.0, -5.0], [-4.0, -3.0, -2.0, -1.0]], [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]]> : tensor<2x2x4xf32>
  %cos = arith.constant dense<[[0.0, 1.0, 2.0, 0.0], [1.0, 2.0, 0.0, 1.0]]> : tensor<2x4xf32>
  %sin = arith.constant dense<[[1.0, 2.0, 1.0, 2.0], [1.0, 2.0, 1.0, 2.0]]> : tensor<2x4xf32>
  %f = arith.constant dense<[[[-8.0, -7.0, -6.0, -5.0], [-4.0, -3.0, -2.0, -1.0], [0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]]> : tensor<1x4x4xf32>
  %a = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]> : tensor<2x4xf32>
  %b = arith.constant dense<[[8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]> : tensor<2x4xf32>
  %row = arith.constant dense<[1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 4.0, -4.0]> : tensor<8xf32>

  // NumPy: [[[6, 3, -20, -14], [2, -1, -8, -6]], [[-2, -4, 0, 5], [-2, -4, 4, 17]]]
  // CHECK: {{\[}}{{\[}}[6,   3,   -20,   -14],
  // CHECK-NEXT: [2,   -1,   -8,   -6]],
  // CHECK-NEXT: {{\[}}[-2,   -4,   0,   5],
  // CHECK-NEXT: [-2,   -4,   4,   17]]]
  %r1 = call @rotary_concat(%x, %cos, %sin) {no_inline} : (tensor<2x2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x2x4xf32>
  %u1 = tensor.cast %r1 : tensor<2x2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()

  // CHECK: {{\[}}{{\[}}[6,   3,   -20,   -14],
  // CHECK-NEXT: [2,   -1,   -8,   -6]],
  // CHECK-NEXT: {{\[}}[-2,   -4,   0,   5],
  // CHECK-NEXT: [-2,   -4,   4,   17]]]
  %r2 = call @rotary_updates(%x, %cos, %sin) {no_inline} : (tensor<2x2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x2x4xf32>
  %u2 = tensor.cast %r2 : tensor<2x2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()

  // NumPy: [[[0, 0], [0, 2]], [[0, 0], [4, 6]], [[0, 0], [1, 3]], [[0, 0], [5, 7]]]
  // CHECK: {{\[}}{{\[}}[0,   0],
  // CHECK-NEXT: [0,   2]],
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [4,   6]],
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [1,   3]],
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [5,   7]]]
  %r3 = call @focus_relu(%f) {no_inline} : (tensor<1x4x4xf32>) -> tensor<4x2x2xf32>
  %u3 = tensor.cast %r3 : tensor<4x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()

  // NumPy: [[4, 12, -12, -8], [0, 4, -24, -24]]
  // CHECK: {{\[}}[4,   12,   -12,   -8],
  // CHECK-NEXT: [0,   4,   -24,   -24]]
  %r4 = call @row_then_slice(%a, %b, %row) {no_inline} : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<8xf32>) -> tensor<2x4xf32>
  %u4 = tensor.cast %r4 : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()

  // NumPy: [[0, 5, 10, 15], [5, 10, 15, 20], [10, 15, 20, 25], [15, 20, 25, 30]]
  // CHECK: {{\[}}[0,   5,   10,   15],
  // CHECK-NEXT: [5,   10,   15,   20],
  // CHECK-NEXT: [10,   15,   20,   25],
  // CHECK-NEXT: [15,   20,   25,   30]]
  %r5 = call @across(%a, %b) {no_inline} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<4x4xf32>
  %u5 = tensor.cast %r5 : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()
  return
}
