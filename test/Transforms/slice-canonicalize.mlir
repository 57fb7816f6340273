// --slice-canonicalize: upstream's canonicalization with its default
// options (folds, every dialect's patterns, region simplification); the
// same IR as --canonicalize. It only differs in marking every analysis
// preserved when nothing changed (the pass manager then skips verifying
// after it), which leaves the IR as it was.
// RUN: slice-opt %s -split-input-file --slice-canonicalize | FileCheck %s
// RUN: slice-opt %s -split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @folds
//  CHECK-SAME: (%[[X:.*]]: index)
//   CHECK-NOT:   arith.addi
//       CHECK:   %[[C5:.*]] = arith.constant 5 : index
//       CHECK:   return %[[X]], %[[C5]]
func.func @folds(%x: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = arith.addi %x, %c0 : index
  %b = arith.addi %c2, %c3 : index
  return %a, %b : index, index
}

// -----

// A dead branch and a dead op go (region simplification, then DCE).
// CHECK-LABEL: func.func @regions
//   CHECK-NOT:   scf.if
//   CHECK-NOT:   arith.muli
//       CHECK:   return %arg0
func.func @regions(%x: index) -> index {
  %true = arith.constant true
  %m = arith.muli %x, %x : index
  %r = scf.if %true -> index {
    scf.yield %x : index
  } else {
    scf.yield %m : index
  }
  return %r : index
}

// -----

// Canonical already: unchanged.
// CHECK-LABEL: func.func @unchanged
//       CHECK:   %[[S:.*]] = arith.addi %arg0, %arg1 : index
//       CHECK:   return %[[S]]
func.func @unchanged(%x: index, %y: index) -> index {
  %s = arith.addi %x, %y : index
  return %s : index
}
