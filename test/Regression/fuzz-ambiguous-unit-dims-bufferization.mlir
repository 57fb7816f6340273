// The bufferization model's route of fuzz-ambiguous-unit-dims.mlir
// (finding 9, docs/reliability.md): with --slice-to-llvm=via-bufferization,
// slice.strided bufferized straight to the rank-reducing memref.subview
// [1, 5, 9, 1] -> 1x5x9 of an argument with unknown strides, and upstream's
// expand-strided-metadata dropped the wrong unit dimension ("expected result
// type with size = 5 instead of 1 in dim = 0"). Like the default route, the
// model now builds a subview that keeps every dimension and collapses the
// shrunk ones (memref.collapse_shape). @last is called, not inlined, so
// that its argument has unknown strides; its values are NumPy's
// np.arange(24.).reshape(1, 2, 3, 4)[..., 2].
//
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=via-bufferization=true deallocate=false' | %mlir_run | FileCheck %s
// RUN: slice-opt %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=IR

// IR-LABEL: func.func @shrink_after_unit_dims
//       IR:   %[[FULL:.*]] = memref.subview %{{.*}}[0, 0, 0, 7] [1, 5, 9, 1] [1, 1, 1, 1] : memref<1x5x9x9xi8, strided<[?, ?, ?, ?], offset: ?>> to memref<1x5x9x1xi8, strided<[?, ?, ?, ?], offset: ?>>
//       IR:   memref.collapse_shape %[[FULL]] {{\[\[}}0], [1], [2, 3]]
func.func @shrink_after_unit_dims(%x: tensor<1x5x9x9xi8>) -> tensor<1x5x9xi8> {
  %r = slice.strided %x[..., 7] : tensor<1x5x9x9xi8> to tensor<1x5x9xi8>
  return %r : tensor<1x5x9xi8>
}

func.func @last(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x3xf32> {
  %r = slice.strided %x[..., 2] : tensor<1x2x3x4xf32> to tensor<1x2x3xf32>
  return %r : tensor<1x2x3xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    %a = affine.apply affine_map<(i, j, k, l) -> (i * 24 + j * 12 + k * 4 + l)>(%i, %j, %k, %l)
    %ai = arith.index_cast %a : index to i32
    %af = arith.sitofp %ai : i32 to f32
    tensor.yield %af : f32
  } : tensor<1x2x3x4xf32>
  %r = call @last(%x) {no_inline} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3xf32>
  %u = tensor.cast %r : tensor<1x2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: sizes = [1, 2, 3]
// CHECK-NEXT: {{\[\[\[}}2,   6,   10],
// CHECK-NEXT: [14,   18,   22]]]
