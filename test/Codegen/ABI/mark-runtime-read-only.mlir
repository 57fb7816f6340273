// RUN: slice-opt %s --slice-mark-runtime-read-only | FileCheck %s

// The runner-utils printers only read their tensor argument.
// CHECK-LABEL: func.func private @printMemrefF32
//  CHECK-SAME:   (tensor<*xf32> {bufferization.access = "read"})
func.func private @printMemrefF32(tensor<*xf32>)

// An access the user stated is kept.
// CHECK-LABEL: func.func private @printMemrefI64
//  CHECK-SAME:   (tensor<*xi64> {bufferization.access = "read-write"})
func.func private @printMemrefI64(tensor<*xi64> {bufferization.access = "read-write"})

// Other external functions, and printers with a body, are left alone.
// CHECK-LABEL: func.func private @consume
//  CHECK-SAME:   (tensor<*xf32>)
//   CHECK-NOT:   bufferization.access
func.func private @consume(tensor<*xf32>)

// CHECK-LABEL: func.func @printMemrefF64
//   CHECK-NOT:   bufferization.access
func.func @printMemrefF64(%t: tensor<*xf64>) {
  return
}
