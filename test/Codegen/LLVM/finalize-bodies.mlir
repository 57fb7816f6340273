// RUN: slice-opt %s -split-input-file --slice-finalize-bodies-to-llvm | FileCheck %s --check-prefix=BODY
// RUN: slice-opt %s -split-input-file --slice-finalize-bodies-to-llvm --slice-finalize-to-llvm | FileCheck %s --check-prefix=ALL
// RUN: slice-opt %s -split-input-file --slice-finalize-to-llvm | FileCheck %s --check-prefix=ALL

// The first half of the final conversion, on one function at a time: the
// arithmetic and the memref accesses become LLVM; the function itself, the
// allocation (a call to malloc the module declares), the copy (memcpy, or the runtime for strided views) and
// the branches (which change block signatures) wait for
// --slice-finalize-to-llvm, meeting the converted ops in casts. Both
// routes end in the same LLVM.
// BODY-LABEL: func.func @local(
//   BODY-NOT:   arith.
//       BODY:   memref.alloc
//       BODY:   llvm.getelementptr
//       BODY:   llvm.store
//       BODY:   memref.copy
//       BODY:   cf.br
//       BODY:   llvm.load
//       BODY:   return
// ALL-LABEL: llvm.func @local(
//   ALL-NOT:   builtin.unrealized_conversion_cast
//       ALL:   llvm.call @malloc
//       ALL:   llvm.store
//       ALL:   "llvm.intr.memcpy"
//       ALL:   llvm.br
//       ALL:   llvm.load
//       ALL:   llvm.return
func.func @local(%x: memref<?xf32>, %n: index, %v: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  %a = memref.alloc(%m) : memref<?xf32>
  memref.store %v, %a[%n] : memref<?xf32>
  memref.copy %x, %a : memref<?xf32> to memref<?xf32>
  cf.br ^next(%a : memref<?xf32>)
^next(%b: memref<?xf32>):
  %r = memref.load %b[%n] : memref<?xf32>
  return %r : f32
}

// -----

// A global's address waits for the module's conversion, which turns the
// memref.global it names into an llvm.mlir.global.
// BODY-LABEL: func.func @global(
//       BODY:   memref.get_global @table
//       BODY:   llvm.load
// ALL-LABEL: llvm.func @global(
//       ALL:   llvm.mlir.addressof @table
//       ALL:   llvm.load
memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>
func.func @global(%i: index) -> i32 {
  %t = memref.get_global @table : memref<4xi32>
  %r = memref.load %t[%i] : memref<4xi32>
  return %r : i32
}

// -----

// An assert is left to the module's half, which lowers it as
// --slice-assert-to-stderr does (a call of the internal check function
// with the message) before the conversion; no cast between the halves is
// left over without --reconcile-unrealized-casts.
// BODY-LABEL: func.func @checked(
//       BODY:   llvm.icmp "ne"
//       BODY:   cf.assert
// ALL-LABEL: llvm.func internal @__slice_check(
// ALL-LABEL: llvm.func @checked(
//   ALL-NOT:   builtin.unrealized_conversion_cast
//   ALL-NOT:   cf.assert
//       ALL:   %[[MSG:.*]] = llvm.mlir.addressof @__slice_check_message_1
//       ALL:   llvm.call @__slice_check(%{{.*}}, %[[MSG]], %{{.*}})
//   ALL-NOT:   builtin.unrealized_conversion_cast
//       ALL:   llvm.return
func.func @checked(%s: index) -> index {
  %c0 = arith.constant 0 : index
  %ok = arith.cmpi ne, %s, %c0 : index
  cf.assert %ok, "stride 0"
  return %s : index
}

// -----

// After the conversion, the body's repeated and unread ops are gone (as
// --cse removes them): the two views of one argument share one unpacking
// of its descriptor and one copy of each constant.
// BODY-LABEL: func.func @two_views(
//       BODY:   %[[D:.*]] = builtin.unrealized_conversion_cast %arg0
//       BODY:   llvm.extractvalue %[[D]][0]
//       BODY:   llvm.extractvalue %[[D]][1]
//       BODY:   llvm.mlir.constant(4 : index)
//   BODY-NOT:   llvm.extractvalue %[[D]]
//   BODY-NOT:   llvm.mlir.constant(4 : index)
//       BODY:   llvm.fadd
func.func @two_views(%x: memref<?xf32>, %i: index, %j: index) -> f32 {
  %a = memref.reinterpret_cast %x to offset: [%i], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
  %b = memref.reinterpret_cast %x to offset: [%j], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
  %c0 = arith.constant 0 : index
  %p = memref.load %a[%c0] : memref<4xf32, strided<[1], offset: ?>>
  %q = memref.load %b[%c0] : memref<4xf32, strided<[1], offset: ?>>
  %r = arith.addf %p, %q : f32
  return %r : f32
}
