// Found by slice-syntax-fuzzer and slice-spec-fuzzer (docs/reliability.md):
// a constant zero stride on a returned view. The normal form kept the zero
// as an SSA constant behind its failing assert; canonicalization then made
// the view's stride a static 0, the returned view was cloned through a
// memref<?xf32, strided<[0], ...>> that no allocation can have, and
// --slice-to-llvm failed with "failed to legalize operation
// 'bufferization.clone'". Now the view behind the assert has stride 1: the
// module compiles, and running it stops at the assert with its message.
//
// RUN: slice-opt %s --slice-to-llvm=slices=view > %t.ll
// RUN: not --crash %mlir_runner %t.ll -e main -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | not --crash %mlir_run 2>&1 | FileCheck %s

// CHECK: slice.strided: entry 0 (input dimension 0) has stride 0
// CHECK-NOT: Memref

func.func private @printMemrefF32(tensor<*xf32>)

func.func @zero_stride(%x: tensor<8xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %r = slice.strided %x[::%c0] : tensor<8xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @main() {
  %x = arith.constant dense<1.0> : tensor<8xf32>
  %r = call @zero_stride(%x) : (tensor<8xf32>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
