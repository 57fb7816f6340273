// Found by slice-spec-fuzzer in a 1-hour run (docs/reliability.md,
// finding 18). An offset-mode window of extent INT64_MAX whose stride is
// an SSA constant 2, on a dynamic dimension (`x[..., %b:INT64_MAX:%two]
// offset` on 2x1x?x?), fits no real tensor, so its assert fails at run
// time. Canonicalization makes the stride static and refines the result
// size to 2^62, which is valid while dimension 0 (an SSA INT64_MIN begin
// under an end mask) has a dynamic size. The normal form computes that
// size, 2, and made it static: the known sizes (2 x ? x 1 x 2^62 x ?) then
// multiplied past INT64_MAX, the normal form did not verify, and
// --slice-normalize failed on a valid module, as in findings 14, 16 and
// 17. Now the normal form keeps as SSA values the extent and stride of the
// entries whose static values alone would not verify, the largest known
// size first among those the result type leaves dynamic (here dimension
// 0, since the result type knows 2^62), as constant folding keeps such
// constants operands. Without canonicalization first, the SSA stride stays
// one and nothing needs demoting.
//
// RUN: slice-opt %s --slice-normalize --cse | FileCheck %s --check-prefix=NORM
// RUN: slice-opt %s --canonicalize --slice-normalize --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s --check-prefix=GPU

// NORM-LABEL: func.func @window
//       NORM:   %[[TWO:.*]] = arith.constant 2 : index
//       NORM:   cf.assert %{{.*}}, "slice.strided: entry 3 (input dimension 2): the offset-mode window leaves the dimension"
//       NORM:   slice.strided %{{.*}}[0:2, %{{.*}}:%{{.*}}:%{{.*}}, newaxis, %{{.*}}:9223372036854775807:%[[TWO]], 0:%{{.*}}] offset : tensor<2x1x?x?xf32> to tensor<?x?x1x?x?xf32>

// CANON-LABEL: func.func @window
//       CANON:   %[[ONE:.*]] = arith.constant 1 : index
//       CANON:   slice.strided %{{.*}}[0:2:%[[ONE]], %{{.*}}:%{{.*}}:%{{.*}}, newaxis, %{{.*}}:9223372036854775807:2, 0:%{{.*}}] offset : tensor<2x1x?x?xf32> to tensor<?x?x1x4611686018427387904x?xf32>

// CHECK: slice.strided: entry 3 (input dimension 2): the offset-mode window leaves the dimension
// CHECK-NOT: Memref

// GPU-LABEL: llvm.func @window
//       GPU:   llvm.return

func.func private @printMemrefF32(tensor<*xf32>)

func.func @window(%x: tensor<2x1x?x?xf32>, %stride: index) -> tensor<?x?x1x?x?xf32> {
  %min = arith.constant -9223372036854775808 : index
  %c-1 = arith.constant -1 : index
  %begin = arith.constant -1844679878222680132 : index
  %two = arith.constant 2 : index
  %r = slice.strided %x spec[%min:%min:1, -2:%c-1:%stride, -9223372036854775807:0:2, %begin:9223372036854775807:%two] masks[begin_mask = 4, end_mask = 3, new_axis_mask = 4] offset : tensor<2x1x?x?xf32> to tensor<?x?x1x?x?xf32>
  return %r : tensor<?x?x1x?x?xf32>
}

func.func @main() {
  %c = arith.constant dense<1.0> : tensor<2x1x3x4xf32>
  %x = tensor.cast %c : tensor<2x1x3x4xf32> to tensor<2x1x?x?xf32>
  %stride = arith.constant 1 : index
  %r = call @window(%x, %stride) : (tensor<2x1x?x?xf32>, index) -> tensor<?x?x1x?x?xf32>
  %u = tensor.cast %r : tensor<?x?x1x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
