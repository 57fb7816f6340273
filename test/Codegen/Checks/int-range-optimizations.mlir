// RUN: slice-opt %s -split-input-file --slice-int-range-optimizations | FileCheck %s

// A view at i - 1 in a loop from 1: its negative-index check folds.
// CHECK-LABEL: func.func @previous_row
// CHECK-NOT: arith.cmpi
// CHECK-NOT: arith.select
// CHECK: return
func.func @previous_row(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %r = scf.for %i = %c1 to %c100 step %c1 iter_args(%acc = %c0) -> index {
    %p = arith.subi %i, %c1 : index
    %neg = arith.cmpi slt, %p, %c0 : index
    %wrapped = arith.addi %p, %c100 : index
    %row = arith.select %neg, %wrapped, %p : index
    %s = arith.addi %acc, %row : index
    scf.yield %s : index
  }
  return %r : index
}

// -----

// An integer constant with no elements: upstream's analysis would read past
// its empty buffer (MLIR 22), so the function is left as it is, its foldable
// compare included.
// CHECK-LABEL: func.func @empty_constant
// CHECK: arith.constant dense<> : tensor<2x0xi64>
// CHECK: arith.cmpi
func.func @empty_constant(%i: index) -> (tensor<2x0xi64>, i1) {
  %x = arith.constant dense<> : tensor<2x0xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %small = arith.minui %i, %c5 : index
  %big = arith.addi %small, %c1 : index
  %never = arith.cmpi eq, %big, %c0 : index
  return %x, %never : tensor<2x0xi64>, i1
}
