// --slice-batch-update-loops: a loop whose steps write consecutive
// windows of one tensor, each computed element-wise from the matching
// windows of tensors from outside, as one update of the whole range; every
// other loop left as it is.
// RUN: slice-opt %s -split-input-file --slice-batch-update-loops | FileCheck %s

// cache[64 + i] = k[i] * 0.5, 64 steps: one slice of k, one product, one
// update of rows 64:128.
// CHECK-LABEL: func.func @rows
//   CHECK-NOT:   scf.for
//       CHECK:   %[[K:.*]] = slice.strided %{{.*}}[0:64, :] : tensor<64x256xf32> to tensor<64x256xf32>
//       CHECK:   %[[H:.*]] = arith.constant dense<5.000000e-01> : tensor<64x256xf32>
//       CHECK:   %[[P:.*]] = arith.mulf %[[K]], %[[H]] : tensor<64x256xf32>
//       CHECK:   %[[U:.*]] = slice.strided_update %[[P]] into %{{.*}}[64:128, :] : tensor<64x256xf32> into tensor<128x256xf32>
//       CHECK:   return %[[U]]
func.func @rows(%cache: tensor<128x256xf32>, %k: tensor<64x256xf32>) -> tensor<128x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %half = arith.constant dense<0.5> : tensor<1x256xf32>
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %cache) -> (tensor<128x256xf32>) {
    %i1 = arith.addi %i, %c1 : index
    %p = arith.addi %i, %c64 : index
    %p1 = arith.addi %p, %c1 : index
    %ki = slice.strided %k[%i:%i1, :] : tensor<64x256xf32> to tensor<?x256xf32>
    %v = tensor.cast %ki : tensor<?x256xf32> to tensor<1x256xf32>
    %h = arith.mulf %v, %half : tensor<1x256xf32>
    %u = slice.strided_update %h into %acc[%p:%p1, :] : tensor<1x256xf32> into tensor<128x256xf32>
    scf.yield %u : tensor<128x256xf32>
  }
  return %r : tensor<128x256xf32>
}

// -----

// The KV-cache decode: windows of 2 along the middle dimension, steps of
// 2 from 4 to 12 (4 steps), two sources; the other entries masked or
// constant.
// CHECK-LABEL: func.func @middle
//   CHECK-NOT:   scf.for
//       CHECK:   %[[A:.*]] = slice.strided %{{.*}}[:, 4:12, 1:9] : tensor<4x16x9xf32> to tensor<4x8x8xf32>
//       CHECK:   %[[B:.*]] = slice.strided %{{.*}}[:, 2:10, :] : tensor<4x10x8xf32> to tensor<4x8x8xf32>
//       CHECK:   %[[S:.*]] = arith.addf %[[A]], %[[B]] : tensor<4x8x8xf32>
//       CHECK:   slice.strided_update %[[S]] into %{{.*}}[:, 8:16, :] : tensor<4x8x8xf32> into tensor<4x20x8xf32>
func.func @middle(%cache: tensor<4x20x8xf32>, %a: tensor<4x16x9xf32>, %b: tensor<4x10x8xf32>) -> tensor<4x20x8xf32> {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %r = scf.for %i = %c4 to %c12 step %c2 iter_args(%acc = %cache) -> (tensor<4x20x8xf32>) {
    %i2 = arith.addi %i, %c2 : index
    %j = arith.subi %i, %c2 : index
    %j2 = arith.addi %j, %c2 : index
    %p = arith.addi %i, %c4 : index
    %p2 = arith.addi %p, %c2 : index
    %ai = slice.strided %a[:, %i:%i2, 1:9] : tensor<4x16x9xf32> to tensor<4x?x8xf32>
    %bi = slice.strided %b[:, %j:%j2, :] : tensor<4x10x8xf32> to tensor<4x?x8xf32>
    %av = tensor.cast %ai : tensor<4x?x8xf32> to tensor<4x2x8xf32>
    %bv = tensor.cast %bi : tensor<4x?x8xf32> to tensor<4x2x8xf32>
    %s = arith.addf %av, %bv : tensor<4x2x8xf32>
    %u = slice.strided_update %s into %acc[:, %p:%p2, :] : tensor<4x2x8xf32> into tensor<4x20x8xf32>
    scf.yield %u : tensor<4x20x8xf32>
  }
  return %r : tensor<4x20x8xf32>
}

// -----

// Windows of 2 that move by 1: steps overlap. A loop still.
// CHECK-LABEL: func.func @overlapping
//       CHECK:   scf.for
func.func @overlapping(%cache: tensor<16xf32>, %k: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %cache) -> (tensor<16xf32>) {
    %i2 = arith.addi %i, %c2 : index
    %ki = slice.strided %k[%i:%i2] : tensor<16xf32> to tensor<?xf32>
    %v = tensor.cast %ki : tensor<?xf32> to tensor<2xf32>
    %u = slice.strided_update %v into %acc[%i:%i2] : tensor<2xf32> into tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// -----

// The last step's window leaves the tensor (the slice clamps it): a loop
// still.
// CHECK-LABEL: func.func @clamped
//       CHECK:   scf.for
func.func @clamped(%cache: tensor<16xf32>, %k: tensor<8xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %r = scf.for %i = %c0 to %c9 step %c1 iter_args(%acc = %cache) -> (tensor<16xf32>) {
    %i1 = arith.addi %i, %c1 : index
    %ki = slice.strided %k[%i:%i1] : tensor<8xf32> to tensor<?xf32>
    %u = slice.strided_update %ki into %acc[%i:%i1] : tensor<?xf32> into tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// -----

// A step reads what an earlier step wrote (the loop-carried tensor): a
// loop still.
// CHECK-LABEL: func.func @reads_carried
//       CHECK:   scf.for
func.func @reads_carried(%cache: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %cache) -> (tensor<16xf32>) {
    %i1 = arith.addi %i, %c1 : index
    %p = arith.addi %i, %c8 : index
    %p1 = arith.addi %p, %c1 : index
    %ki = slice.strided %acc[%i:%i1] : tensor<16xf32> to tensor<?xf32>
    %u = slice.strided_update %ki into %acc[%p:%p1] : tensor<?xf32> into tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// -----

// Run-time bounds, a value that is no splat, and a window with stride 2:
// loops still.
// CHECK-LABEL: func.func @others
//       CHECK:   scf.for
//       CHECK:   scf.for
//       CHECK:   scf.for
func.func @others(%cache: tensor<16xf32>, %k: tensor<8xf32>, %n: index) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %r0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cache) -> (tensor<16xf32>) {
    %i1 = arith.addi %i, %c1 : index
    %ki = slice.strided %k[%i:%i1] : tensor<8xf32> to tensor<?xf32>
    %u = slice.strided_update %ki into %acc[%i:%i1] : tensor<?xf32> into tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  }
  %w = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r1 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %cache) -> (tensor<16xf32>) {
    %j = arith.muli %i, %c2 : index
    %j2 = arith.addi %j, %c2 : index
    %ki = slice.strided %k[%j:%j2] : tensor<8xf32> to tensor<?xf32>
    %v = tensor.cast %ki : tensor<?xf32> to tensor<2xf32>
    %m = arith.mulf %v, %w : tensor<2xf32>
    %u = slice.strided_update %m into %acc[%j:%j2] : tensor<2xf32> into tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  }
  %r2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %cache) -> (tensor<16xf32>) {
    %j = arith.muli %i, %c4 : index
    %j4 = arith.addi %j, %c4 : index
    %i2 = arith.addi %i, %c2 : index
    %ki = slice.strided %k[%i:%i2] : tensor<8xf32> to tensor<?xf32>
    %u = slice.strided_update %ki into %acc[%j:%j4:2] : tensor<?xf32> into tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  }
  return %r0, %r1, %r2 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}
