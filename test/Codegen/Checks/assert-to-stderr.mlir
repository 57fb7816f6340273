// RUN: slice-opt %s -split-input-file --slice-assert-to-stderr | FileCheck %s

// Each cf.assert becomes a call of the internal check function with its
// message (newline added) and length; the check writes to fd 2 and aborts.
//       CHECK:   llvm.mlir.global internal constant @[[MSG:__slice_check_message_[0-9]+]]("stride is 0\0A")
// CHECK-LABEL: llvm.func internal @__slice_check
//  CHECK-SAME:   (%[[OK:.*]]: i1, %[[MESSAGE:.*]]: !llvm.ptr, %[[LENGTH:.*]]: i64)
//       CHECK:   llvm.cond_br %[[OK]]
//       CHECK:   %[[FD:.*]] = llvm.mlir.constant(2 : i32)
//       CHECK:   llvm.call @write(%[[FD]], %[[MESSAGE]], %[[LENGTH]])
//       CHECK:   llvm.call @abort()
//   CHECK-DAG:   llvm.func @abort()
//   CHECK-DAG:   llvm.func @write(i32, !llvm.ptr, i64) -> i64
// CHECK-LABEL: func @checked
//  CHECK-SAME:   (%[[COND:.*]]: i1)
//       CHECK:   %[[ADDRESS:.*]] = llvm.mlir.addressof @[[MSG]]
//       CHECK:   %[[LEN:.*]] = llvm.mlir.constant(12 : i64)
//       CHECK:   llvm.call @__slice_check(%[[COND]], %[[ADDRESS]], %[[LEN]])
//   CHECK-NOT:   cf.assert
func.func @checked(%cond: i1) {
  cf.assert %cond, "stride is 0"
  return
}

// -----

// A module without asserts is left alone.
// CHECK-LABEL: func @no_assert
//   CHECK-NOT:   __slice_check
func.func @no_assert() {
  return
}

// -----

// An assert on a condition an earlier assert of its block checked cannot
// fail and is dropped; the same condition in another block, and another
// condition, keep theirs. The first message is the one kept.
//       CHECK: // -----
//   CHECK-NOT: entry 2 has stride 0
// CHECK-LABEL: func @repeated
//  CHECK-SAME:   (%[[A:.*]]: i1, %[[B:.*]]: i1)
//       CHECK:   %[[FIRST:.*]] = llvm.mlir.addressof @[[M1:__slice_check_message_[0-9]+]]
//       CHECK:   llvm.call @__slice_check(%[[A]], %[[FIRST]]
//       CHECK:   llvm.call @__slice_check(%[[B]],
//   CHECK-NOT:   llvm.call @__slice_check(%[[A]],
//       CHECK:   cf.br ^[[NEXT:.*]]
//       CHECK: ^[[NEXT]]:
//       CHECK:   llvm.call @__slice_check(%[[A]],
//   CHECK-NOT:   __slice_check
//       CHECK:   return
func.func @repeated(%a: i1, %b: i1) {
  cf.assert %a, "entry 0 has stride 0"
  cf.assert %b, "entry 1 has stride 0"
  cf.assert %a, "entry 2 has stride 0"
  cf.br ^next
^next:
  cf.assert %a, "entry 3 has stride 0"
  return
}
