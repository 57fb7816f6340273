// RUN: slice-opt %s -split-input-file --slice-to-buffers | FileCheck %s --check-prefixes=CHECK,READONLY,DEFAULT
// RUN: slice-opt %s -split-input-file --slice-to-buffers=via-bufferization=true | FileCheck %s --check-prefixes=CHECK,READONLY
// RUN: slice-opt %s -split-input-file --slice-to-buffers=slices=copy | FileCheck %s --check-prefixes=CHECK,READONLY
// RUN: slice-opt %s -split-input-file --slice-to-buffers=writable-arguments=true | FileCheck %s --check-prefixes=CHECK,DONATED,DEFAULT
// RUN: slice-opt %s -split-input-file --slice-to-llvm | FileCheck %s --check-prefix=LLVM

// The allocations of loops that update their iteration tensor from earlier
// rows, and of x[a] = f(x[b]) with windows apart, counted in the lowered
// IR: the result's buffer (a copy of a read-only argument) and nothing
// else, none per step; none at all when the caller donates the argument
// (docs/programs.md, "Loop updates stay in place").

// t[i] = t[i - 1] * 0.5 + t[i] for i = 1 .. 63.
// CHECK-LABEL: func.func @row_scan
// READONLY-COUNT-1: memref.alloc
// DONATED-NOT: memref.alloc
// CHECK: scf.for
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
// LLVM-LABEL: llvm.func @row_scan(
// LLVM-COUNT-1: llvm.call @malloc
// LLVM-NOT: llvm.call @malloc
// LLVM-LABEL: llvm.func @row_scan__dense(
// LLVM-COUNT-1: llvm.call @malloc
// LLVM-NOT: llvm.call @malloc
// LLVM: llvm.return
func.func @row_scan(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %half = arith.constant 0.5 : f32
  %r = scf.for %i = %c1 to %n step %c1 iter_args(%y = %x) -> (tensor<64x128xf32>) {
    %p = arith.subi %i, %c1 : index
    %prev = slice.strided %y[%p] : tensor<64x128xf32> to tensor<128xf32>
    %cur = slice.strided %y[%i] : tensor<64x128xf32> to tensor<128xf32>
    %e = tensor.empty() : tensor<128xf32>
    %new = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%prev, %cur : tensor<128xf32>, tensor<128xf32>) outs(%e : tensor<128xf32>) {
    ^bb0(%a0: f32, %a1: f32, %o: f32):
      %m = arith.mulf %a0, %half : f32
      %s = arith.addf %m, %a1 : f32
      linalg.yield %s : f32
    } -> tensor<128xf32>
    %u = slice.strided_update %new into %y[%i] : tensor<128xf32> into tensor<64x128xf32>
    scf.yield %u : tensor<64x128xf32>
  }
  return %r : tensor<64x128xf32>
}

// -----

// x[::2] = relu(x[1::2]) * 2: computed straight into the even rows.
// CHECK-LABEL: func.func @odd_into_even
// READONLY-COUNT-1: memref.alloc
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
// LLVM-LABEL: llvm.func @odd_into_even(
// LLVM-COUNT-1: llvm.call @malloc
// LLVM-NOT: llvm.call @malloc
// LLVM: llvm.return
func.func @odd_into_even(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %odd = slice.strided %x[1::2] : tensor<64x128xf32> to tensor<32x128xf32>
  %z = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<32x128xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%odd : tensor<32x128xf32>) outs(%e : tensor<32x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %z : f32
    %s = arith.mulf %m, %two : f32
    linalg.yield %s : f32
  } -> tensor<32x128xf32>
  %u = slice.strided_update %v into %x[::2] : tensor<32x128xf32> into tensor<64x128xf32>
  return %u : tensor<64x128xf32>
}

// -----

// A run-time number of rows of run-time length, each read reversed: the
// same in the default mode and with donated arguments. (With
// via-bufferization=true or slices=copy the new row reaches its window
// through the update's broadcasting copy of a full-rank view, which
// --slice-elide-temporaries does not take: a temporary a step there.)
// CHECK-LABEL: func.func @row_scan_dynamic
// READONLY-COUNT-1: memref.alloc
// DONATED-NOT: memref.alloc
// DEFAULT: scf.for
// DEFAULT-NOT: memref.alloc
// CHECK: return
func.func @row_scan_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %half = arith.constant 0.5 : f32
  %r = scf.for %i = %c1 to %n step %c1 iter_args(%y = %x) -> (tensor<?x?xf32>) {
    %p = arith.subi %i, %c1 : index
    %prev = slice.strided %y[%p, ::-1] : tensor<?x?xf32> to tensor<?xf32>
    %cur = slice.strided %y[%i, ::-1] : tensor<?x?xf32> to tensor<?xf32>
    %w = tensor.dim %cur, %c0 : tensor<?xf32>
    %e = tensor.empty(%w) : tensor<?xf32>
    %new = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%prev, %cur : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
    ^bb0(%a0: f32, %a1: f32, %o: f32):
      %m = arith.mulf %a0, %half : f32
      %s = arith.addf %m, %a1 : f32
      linalg.yield %s : f32
    } -> tensor<?xf32>
    %u = slice.strided_update %new into %y[%i, ::-1] : tensor<?xf32> into tensor<?x?xf32>
    scf.yield %u : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
