// A slice whose check fails, in a loop that runs zero times, never stops
// the program: upstream passes that move code (LICM, control-flow sinking)
// must not execute it where the program would not. Called with a stride
// of 0 and no trips, @f returns 0; with trips it stops with the check's
// message; with a valid stride it sums the selected elements.
//
// RUN: slice-opt %s --slice-to-llvm > %t.plain.ll
// RUN: %mlir_runner %t.plain.ll -e zero_trips -entry-point-result=void -shared-libs=%mlir_runner_libs | FileCheck %s --check-prefix=ZERO-TRIPS
// RUN: slice-opt %s --loop-invariant-code-motion --slice-to-llvm > %t.licm.ll
// RUN: %mlir_runner %t.licm.ll -e zero_trips -entry-point-result=void -shared-libs=%mlir_runner_libs | FileCheck %s --check-prefix=ZERO-TRIPS
// RUN: %mlir_runner %t.licm.ll -e valid -entry-point-result=void -shared-libs=%mlir_runner_libs | FileCheck %s --check-prefix=VALID
// RUN: not --crash %mlir_runner %t.licm.ll -e trips -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=TRIPS
// RUN: slice-opt %s --loop-invariant-code-motion --control-flow-sink --canonicalize --cse --slice-to-llvm > %t.more.ll
// RUN: %mlir_runner %t.more.ll -e zero_trips -entry-point-result=void -shared-libs=%mlir_runner_libs | FileCheck %s --check-prefix=ZERO-TRIPS
// RUN: %mlir_runner %t.more.ll -e valid -entry-point-result=void -shared-libs=%mlir_runner_libs | FileCheck %s --check-prefix=VALID

// ZERO-TRIPS: f: 0{{$}}
// ZERO-TRIPS-NEXT: update: 0{{$}}
// VALID: f: 21{{$}}
// VALID-NEXT: update: 3{{$}}
// TRIPS: slice.strided: entry 0 (input dimension 0) has stride 0
// TRIPS-NOT: f:

func.func private @printF32(f32)
func.func private @printNewline()
func.func private @printString(!llvm.ptr)

// The issue's function: x[::s][0], summed over n trips.
func.func @f(%a: tensor<8xf32>, %s: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = slice.strided %a[::%s] : tensor<8xf32> to tensor<?xf32>
    %x = tensor.extract %v[%c0] : tensor<?xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}

// The same for an update: y = a.copy(); y[::s] = 1; y[1] summed.
func.func @g(%a: tensor<8xf32>, %s: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : tensor<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %u = slice.strided_update %one into %a[::%s] : tensor<f32> into tensor<8xf32>
    %x = tensor.extract %u[%c1] : tensor<8xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}

// 0, 1, ..., 7.
func.func @input() -> tensor<8xf32> {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  return %x : tensor<8xf32>
}

func.func @run(%s: index, %n: index) {
  %a = call @input() : () -> tensor<8xf32>
  %f = call @f(%a, %s, %n) {no_inline} : (tensor<8xf32>, index, index) -> f32
  %g = call @g(%a, %s, %n) {no_inline} : (tensor<8xf32>, index, index) -> f32
  %fs = llvm.mlir.addressof @f_label : !llvm.ptr
  call @printString(%fs) : (!llvm.ptr) -> ()
  call @printF32(%f) : (f32) -> ()
  call @printNewline() : () -> ()
  %gs = llvm.mlir.addressof @update_label : !llvm.ptr
  call @printString(%gs) : (!llvm.ptr) -> ()
  call @printF32(%g) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
llvm.mlir.global internal constant @f_label("f: \00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @update_label("update: \00") {addr_space = 0 : i32}

func.func @zero_trips() {
  %c0 = arith.constant 0 : index
  call @run(%c0, %c0) {no_inline} : (index, index) -> ()
  return
}

// x[::-2] is a[7], a[5], a[3], a[1]: f sums a[7] three times (21), and
// y[::-2] = 1 sets y[1], which g sums three times (3).
func.func @valid() {
  %s = arith.constant -2 : index
  %n = arith.constant 3 : index
  call @run(%s, %n) {no_inline} : (index, index) -> ()
  return
}

func.func @trips() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  call @run(%c0, %c1) {no_inline} : (index, index) -> ()
  return
}
