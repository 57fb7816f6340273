// --slice-scf-to-cf: upstream's lowering of scf to cf, the last op of a
// block first (linear in the number of loops); the same blocks as
// upstream's --convert-scf-to-cf, op for op.
// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --slice-scf-to-cf > %t.ours
// RUN: slice-opt %s -split-input-file --allow-unregistered-dialect --convert-scf-to-cf > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: FileCheck %s < %t.ours

// CHECK-LABEL: func.func @loops
//   CHECK-NOT:   scf.
//       CHECK:   cf.cond_br
//       CHECK:   cf.cond_br
//       CHECK:   cf.cond_br
//       CHECK:   return
func.func @loops(%m: memref<8xf32>, %n: index, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f32) {
    %v = memref.load %m[%i] : memref<8xf32>
    %b = arith.addf %a, %v : f32
    scf.yield %b : f32
  }
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      memref.store %s, %m[%i] : memref<8xf32>
    }
  }
  %r = scf.if %c -> (f32) {
    scf.yield %s : f32
  } else {
    scf.yield %z : f32
  }
  return %r : f32
}

// -----

// Ops of other dialects, registered or not, are left as they are.
// CHECK-LABEL: func.func @other
//       CHECK:   "some.op"() : () -> ()
func.func @other() {
  "some.op"() : () -> ()
  return
}
