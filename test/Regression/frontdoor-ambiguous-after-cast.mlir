// Found by test/Integration/frontdoor_differential.py (seed 11): a
// tfl.strided_slice with every entry run-time, a shrink and an ellipsis on
// 5x5x4x3, and the static result type 1x1x1 TFLite gave it. slice lowered
// the shrink as a rank-reducing tensor.extract_slice of run-time sizes
// (then unambiguous); upstream's cast folding made those sizes the static
// 1s of the declared type, so the reduction dropped one unit dimension
// among four, and --slice-to-nvvm crashed in upstream's
// SubViewOp::getDroppedDims. A shrink next to a kept dimension of run-time
// size now keeps every dimension and collapses the shrunk ones, as it
// did for static unit sizes (fuzz-ambiguous-unit-dims.mlir).
//
// RUN: slice-opt %s --convert-slice-to-tensor | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s --check-prefix=EXEC
// RUN: slice-opt %s --slice-to-nvvm -o /dev/null

// CHECK-LABEL: func.func @shrink_among_runtime_sizes(
//       CHECK:   %[[S:.*]] = tensor.extract_slice %arg0{{.*}} : tensor<5x5x4x3xf32> to tensor<?x1x?x?xf32>
//       CHECK:   tensor.collapse_shape %[[S]] {{\[\[}}0], [1, 2], [3]] : tensor<?x1x?x?xf32> into tensor<?x?x?xf32>
func.func @shrink_among_runtime_sizes(%x: tensor<5x5x4x3xf32>, %b: index, %e: index, %c: index, %d: index, %s: index) -> tensor<1x1x1xf32> {
  %r = slice.strided %x[%b:%e:%s, 2, %c:%d:%s, %c:%d:%s] : tensor<5x5x4x3xf32> to tensor<?x?x?xf32>
  %t = tensor.cast %r : tensor<?x?x?xf32> to tensor<1x1x1xf32>
  return %t : tensor<1x1x1xf32>
}

// x[4:5:1, 2, 2:3:1, 2:3:1] of np.arange(240.).reshape(5, 4, 4, 3)-like
// iota (element i, j, k, l holds 60i + 12j + 3k + l): [[[272]]].
// EXEC: sizes = [1, 1, 1]
// EXEC-NEXT: {{\[\[\[}}272]]]
func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    %c60 = arith.constant 60 : index
    %c12 = arith.constant 12 : index
    %c3 = arith.constant 3 : index
    %a = arith.muli %i, %c60 : index
    %b = arith.muli %j, %c12 : index
    %c = arith.muli %k, %c3 : index
    %ab = arith.addi %a, %b : index
    %abc = arith.addi %ab, %c : index
    %all = arith.addi %abc, %l : index
    %w = arith.index_cast %all : index to i64
    %v = arith.sitofp %w : i64 to f32
    tensor.yield %v : f32
  } : tensor<5x5x4x3xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %r = call @shrink_among_runtime_sizes(%x, %c4, %c5, %c2, %c3, %c1) {no_inline} : (tensor<5x5x4x3xf32>, index, index, index, index, index) -> tensor<1x1x1xf32>
  %u = tensor.cast %r : tensor<1x1x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
