// Concats on the GPU route: each operand's producer writes its part of the
// result, and no kernel copies a part onto itself (the dense-argument
// clean-up runs CSE before canonicalization, which then erases the copy
// between two equal subviews).
// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s

// One kernel for -a into the first part; b copied into the second by the
// copy kernels (vector-aligned, unaligned and scalar variants, chosen at
// run time).
// CHECK-LABEL: llvm.func @negate_then_concat(
// CHECK-COUNT-4: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// relu of a concat: a loop per operand, each writing its part
// (--slice-split-concat-consumers), no temporary concat; the two loops are
// apart and share one grid (--slice-parallel-loops-to-gpu): one launch.
// CHECK-LABEL: llvm.func @relu_of_concat(
// CHECK: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// The end of the last function.
// CHECK: {{^  [}]$}}
func.func @negate_then_concat(%a: tensor<64x32xf32>, %b: tensor<64x32xf32>) -> tensor<128x32xf32> {
  %n = arith.negf %a : tensor<64x32xf32>
  %c = tensor.concat dim(0) %n, %b : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<128x32xf32>
  return %c : tensor<128x32xf32>
}

func.func @relu_of_concat(%a: tensor<64x32xf32>, %b: tensor<64x32xf32>) -> tensor<128x32xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<128x32xf32>
  %z = arith.constant dense<0.0> : tensor<128x32xf32>
  %r = arith.maximumf %c, %z : tensor<128x32xf32>
  return %r : tensor<128x32xf32>
}
