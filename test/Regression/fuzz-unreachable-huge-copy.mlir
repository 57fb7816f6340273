// Found by slice-spec-fuzzer in command 2's 60-second run (docs/reliability.md,
// finding 15). An offset-mode window whose extent is a constant INT64_MIN
// (an SSA value: no static entry holds INT64_MIN) takes 2^62 elements of a
// dimension of 4 with stride -2, so its assert fails at run time. The op is
// valid (its result size is dynamic), but the conversion to linalg knows
// the constant, and the copy of `slices=copy` got the static shape
// 2^62 x (2^63 - 1), whose element count wraps: the copy lowering's flat
// view was an invalid memref.reinterpret_cast ("expected sizes to be
// non-negative"). Such a view is now known empty (computeSliceView), as
// views whose asserts must fail are; and the copy lowerings erase a copy of
// memrefs no buffer holds (isBeyondAnyBuffer in Codegen/Utils/StridedMemRef.h,
// test/Codegen/CPU/lower-copies.mlir).
//
// RUN: slice-opt %s --canonicalize --slice-normalize --convert-slice-to-linalg | FileCheck %s --check-prefix=VIEW
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s --check-prefix=GPU
// RUN: slice-opt %s "--slice-to-nvvm=format=isa slices=copy" | FileCheck %s --check-prefix=GPU

// CHECK: slice.strided: entry 0 (input dimension 0): the offset-mode window leaves the dimension
// CHECK-NOT: Memref

// VIEW-LABEL: func.func @window
//   VIEW-NOT:   tensor.extract_slice
//       VIEW:   tensor.empty() : tensor<0x9223372036854775807xi64>
//   VIEW-NOT:   linalg.copy

// GPU-LABEL: llvm.func @window
//       GPU:   llvm.return

func.func private @printMemrefI64(tensor<*xi64>)

func.func @window(%x: tensor<4x?xi64>) -> tensor<?x?xi64> {
  %min = arith.constant -9223372036854775808 : index
  %c-1 = arith.constant -1 : index
  %r = slice.strided %x spec[%min:%min:-2, 0:0:1, -9223372036854775807:-9223372036854775807:%c-1] masks[begin_mask = 1, ellipsis_mask = 2] offset : tensor<4x?xi64> to tensor<?x?xi64>
  return %r : tensor<?x?xi64>
}

func.func @main() {
  %c = arith.constant dense<1> : tensor<4x3xi64>
  %x = tensor.cast %c : tensor<4x3xi64> to tensor<4x?xi64>
  %r = call @window(%x) : (tensor<4x?xi64>) -> tensor<?x?xi64>
  %u = tensor.cast %r : tensor<?x?xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}
