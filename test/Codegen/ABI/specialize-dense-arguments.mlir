// --slice-specialize-dense-arguments: an entry point checks whether its
// arguments are dense and then calls a copy whose views have static
// strides, else whether their rows are contiguous and then calls a copy
// whose views have static inner strides; other callers' views run the
// original body.
// RUN: slice-opt %s -split-input-file --slice-specialize-dense-arguments --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @relu_rev(
// CHECK-SAME: %[[X:.*]]: memref<64x64xf32, strided<[?, ?], offset: ?>>) -> memref<64x32xf32> attributes {llvm.emit_c_interface}
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[S:.*]]:2 = memref.extract_strided_metadata %[[X]]
// CHECK-DAG: %[[ROW:.*]] = arith.cmpi eq, %[[S]]#0, %c64
// CHECK-DAG: %[[COL:.*]] = arith.cmpi eq, %[[S]]#1, %c1
// CHECK: %[[DENSE:.*]] = arith.andi
// CHECK: cf.cond_br %[[DENSE]], ^[[FAST:.*]], ^[[NEXT:bb[0-9]+]]
// CHECK: ^[[FAST]]:
// CHECK: %[[CAST:.*]] = memref.cast %[[X]] : memref<64x64xf32, strided<[?, ?], offset: ?>> to memref<64x64xf32, strided<[64, 1], offset: ?>>
// CHECK: %[[R:.*]] = call @relu_rev__dense(%[[CAST]])
// CHECK: return %[[R]]
// Not dense, but rows contiguous (x[::2], x[:, 8:72] of a wider buffer):
// the copy whose arguments have an inner stride of 1.
// CHECK: ^[[NEXT]]:
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[T:.*]]:2 = memref.extract_strided_metadata %[[X]]
// CHECK: %[[ROWS:.*]] = arith.cmpi eq, %[[T]]#1, %c1
// CHECK: cf.cond_br %[[ROWS]], ^[[ROWCALL:.*]], ^[[SLOW:bb[0-9]+]]{{$}}
// CHECK: ^[[ROWCALL]]:
// CHECK: %[[RCAST:.*]] = memref.cast %[[X]] : memref<64x64xf32, strided<[?, ?], offset: ?>> to memref<64x64xf32, strided<[?, 1], offset: ?>>
// CHECK: %[[RR:.*]] = call @relu_rev__rows(%[[RCAST]])
// CHECK: return %[[RR]]
// The general body reads the function's own argument (not a block
// argument forwarded to it), which the vector loops know apart from every
// other buffer.
// CHECK: ^[[SLOW]]:
// CHECK: memref.subview %[[X]][63, 0] [64, 32] [-1, 2] : memref<64x64xf32, strided<[?, ?], offset: ?>> to memref<64x32xf32, strided<[?, ?], offset: ?>>
// CHECK-LABEL: func.func private @relu_rev__dense(
// CHECK-SAME: memref<64x64xf32, strided<[64, 1], offset: ?>>) -> memref<64x32xf32> attributes {passthrough = ["noinline"]} {
// CHECK: memref.subview %{{.*}}[63, 0] [64, 32] [-1, 2] : memref<64x64xf32, strided<[64, 1], offset: ?>> to memref<64x32xf32, strided<[-64, 2], offset: ?>>
// The view's inner stride is static in the rows copy: the vector loops
// take it (--slice-vectorize-reversed-elementwise).
// CHECK-LABEL: func.func private @relu_rev__rows(
// CHECK-SAME: memref<64x64xf32, strided<[?, 1], offset: ?>>) -> memref<64x32xf32> attributes {passthrough = ["noinline"]} {
// CHECK: memref.subview %{{.*}}[63, 0] [64, 32] [-1, 2] : memref<64x64xf32, strided<[?, 1], offset: ?>> to memref<64x32xf32, strided<[?, 2], offset: ?>>
func.func @relu_rev(%x: memref<64x64xf32, strided<[?, ?], offset: ?>>) -> memref<64x32xf32> attributes {llvm.emit_c_interface} {
  %cst = arith.constant 0.0 : f32
  %v = memref.subview %x[63, 0] [64, 32] [-1, 2] : memref<64x64xf32, strided<[?, ?], offset: ?>> to memref<64x32xf32, strided<[?, ?], offset: ?>>
  %r = memref.alloc() : memref<64x32xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : memref<64x32xf32, strided<[?, ?], offset: ?>>) outs(%r : memref<64x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %cst : f32
    linalg.yield %m : f32
  }
  return %r : memref<64x32xf32>
}

// -----

// A dynamic dimension: the strides to its right are static, the one to
// its left stays dynamic; a dimension of static size 1 is never stepped,
// so its stride is not checked.
// CHECK-LABEL: func.func @dynamic_dims(
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:3, %[[S:.*]]:3 = memref.extract_strided_metadata %arg0
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:4, %[[T:.*]]:4 = memref.extract_strided_metadata %arg1
// CHECK-NOT: %[[S]]#0
// CHECK-NOT: %[[T]]#2
// CHECK: call @dynamic_dims__dense(%{{.*}}, %{{.*}}) : (memref<4x?x8xf32, strided<[?, 8, 1], offset: ?>>, memref<?x4x1x8xf32, strided<[32, 8, 8, 1], offset: ?>>) -> f32
func.func @dynamic_dims(%x: memref<4x?x8xf32, strided<[?, ?, ?], offset: ?>>, %y: memref<?x4x1x8xf32, strided<[?, ?, ?, ?], offset: ?>>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c1 : memref<4x?x8xf32, strided<[?, ?, ?], offset: ?>>
  %t = memref.alloc(%n) : memref<4x?x8xf32>
  memref.copy %x, %t : memref<4x?x8xf32, strided<[?, ?, ?], offset: ?>> to memref<4x?x8xf32>
  %a = memref.load %t[%c0, %c0, %c0] : memref<4x?x8xf32>
  %b = memref.load %y[%c0, %c0, %c0, %c0] : memref<?x4x1x8xf32, strided<[?, ?, ?, ?], offset: ?>>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// -----

// negative: identity layouts, static strides, functions the module calls,
// private functions, and a function of views alone (no loop gains) keep
// their bodies.
// CHECK-LABEL: func.func @dense_already(
// CHECK-NOT: cf.cond_br
// CHECK-LABEL: func.func @called(
// CHECK-NOT: cf.cond_br
// CHECK-LABEL: func.func private @internal(
// CHECK-NOT: cf.cond_br
// CHECK-LABEL: func.func @views_alone(
// CHECK-NOT: cf.cond_br
// CHECK-NOT: __dense
func.func @dense_already(%x: memref<8xf32>, %y: memref<8xf32, strided<[2], offset: ?>>, %t: memref<8xf32>) {
  memref.copy %x, %t : memref<8xf32> to memref<8xf32>
  memref.copy %y, %t : memref<8xf32, strided<[2], offset: ?>> to memref<8xf32>
  return
}
func.func @called(%x: memref<8xf32, strided<[?], offset: ?>>, %t: memref<8xf32>) {
  memref.copy %x, %t : memref<8xf32, strided<[?], offset: ?>> to memref<8xf32>
  return
}
func.func @caller(%x: memref<8xf32>, %t: memref<8xf32>) {
  %c = memref.cast %x : memref<8xf32> to memref<8xf32, strided<[?], offset: ?>>
  call @called(%c, %t) : (memref<8xf32, strided<[?], offset: ?>>, memref<8xf32>) -> ()
  return
}
func.func private @internal(%x: memref<8xf32, strided<[?], offset: ?>>, %t: memref<8xf32>) {
  memref.copy %x, %t : memref<8xf32, strided<[?], offset: ?>> to memref<8xf32>
  return
}
func.func @views_alone(%x: memref<8xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>> {
  %v = memref.subview %x[1] [4] [2] : memref<8xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
  return %v : memref<4xf32, strided<[?], offset: ?>>
}
