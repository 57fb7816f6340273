// Found by slice-spec-fuzzer (docs/reliability.md): an offset-mode window
// of extent INT64_MIN and stride -1 spans 2^63 elements, the one size the
// element count wraps (to INT64_MIN, the dynamic-size marker). The window
// never fits, so its assert fails at run time, but the view behind it was
// built with that size, and --slice-to-llvm failed: "'tensor.empty' op
// incorrect number of dynamic sizes". The unreachable view is now empty;
// the module compiles on every route and stops at the assert.
//
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | not --crash %mlir_run 2>&1 | FileCheck %s

// CHECK: slice.strided: entry 0 (input dimension 0): the offset-mode window leaves the dimension
// CHECK-NOT: Memref

func.func private @printMemrefF32(tensor<*xf32>)

func.func @wrapped(%x: tensor<9xf32>) -> tensor<?xf32> {
  %min = arith.constant -9223372036854775808 : index
  %c-1 = arith.constant -1 : index
  %r = slice.strided %x[%min:%min:%c-1] offset : tensor<9xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @main() {
  %x = arith.constant dense<1.0> : tensor<9xf32>
  %r = call @wrapped(%x) : (tensor<9xf32>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
