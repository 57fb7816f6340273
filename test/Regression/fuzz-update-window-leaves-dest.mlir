// Found by slice-syntax-fuzzer in a two-hour run (docs/reliability.md,
// finding 26). A 4-row value written into `x[:%e:4] offset` of 5 rows is
// valid IR: the slice's size is unknown to the verifier and the value's is
// checked at run time. The tensor lowering gives insert_slice the value's
// static sizes (the check makes them the slice's), but 4 rows of stride 4
// from row 0 leave 5 rows: insert_slice's verifier rejected the window and
// --slice-to-llvm failed on a valid module. Such a window is one the slice
// never has, so the check stops the program whenever the op runs: now the
// lowering writes nothing there.
//
// RUN: slice-opt %s --convert-slice-to-tensor | FileCheck %s --check-prefix=TENSOR
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s --check-prefix=GPU

// TENSOR-LABEL: func.func @update
//       TENSOR:   cf.assert %{{.*}}, "slice.strided_update: value dimension 0 does not match slice dimension 0
//   TENSOR-NOT:   tensor.insert_slice
//       TENSOR:   return %arg1

// CHECK: slice.strided_update: value dimension 0 does not match slice dimension 0
// CHECK-NOT: Memref

// GPU-LABEL: llvm.func @update
//       GPU:   llvm.return

func.func private @printMemrefF32(tensor<*xf32>)

func.func @update(%v: tensor<4x4xf32>, %x: tensor<5x4xf32>, %e: index) -> tensor<5x4xf32> {
  %y = slice.strided_update %v into %x[:%e:4] offset : tensor<4x4xf32> into tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

func.func @main() {
  %v = arith.constant dense<2.0> : tensor<4x4xf32>
  %x = arith.constant dense<1.0> : tensor<5x4xf32>
  %e = arith.constant 5 : index
  %r = call @update(%v, %x, %e) : (tensor<4x4xf32>, tensor<5x4xf32>, index) -> tensor<5x4xf32>
  %u = tensor.cast %r : tensor<5x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
