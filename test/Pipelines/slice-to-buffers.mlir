// RUN: slice-opt %s --slice-to-buffers | FileCheck %s --check-prefix=VIEW
// RUN: slice-opt %s --slice-to-buffers=slices=copy | FileCheck %s --check-prefix=COPY
// RUN: slice-opt %s '--slice-to-buffers=deallocate=false' | FileCheck %s --check-prefix=KEEP
// RUN: slice-opt %s --slice-to-buffers=slices=copy --slice-lower-copies --convert-linalg-to-loops --expand-strided-metadata --lower-affine --convert-scf-to-cf --slice-assert-to-stderr --slice-finalize-bodies-to-llvm --slice-finalize-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=TAIL

// The pipelines' front end alone: tensors in, memrefs out, nothing
// target-specific. An entry point's view of its argument is returned as a
// view (no clone), with deallocation or without.
// VIEW-LABEL: func.func @view(
//  VIEW-SAME:     %[[X:.*]]: memref<5x6xf32, strided<[?, ?], offset: ?>>
//       VIEW:   %[[V:.*]] = memref.subview %[[X]][4, 0] [3, 6] [-2, 1]
//   VIEW-NOT:   bufferization
//   VIEW-NOT:   memref.copy
//       VIEW:   return %[[V]]
//  KEEP-LABEL: func.func @view(
//       KEEP:   memref.subview
//   KEEP-NOT:   memref.alloc
//       KEEP:   return
// As a copy: a fresh buffer that the caller frees, filled by linalg.copy.
// COPY-LABEL: func.func @view(
//       COPY:   %[[S:.*]] = memref.subview
//       COPY:   %[[A:.*]] = memref.alloc
//       COPY:   linalg.copy ins(%[[S]] {{.*}} outs(%[[A]]
//   COPY-NOT:   memref.dealloc
//       COPY:   return %[[A]]
func.func @view(%x: tensor<5x6xf32>) -> tensor<3x6xf32> {
  %r = slice.strided %x[::-2, :] : tensor<5x6xf32> to tensor<3x6xf32>
  return %r : tensor<3x6xf32>
}

// The arguments are read-only: the elementwise op reads the view and
// writes a fresh buffer, which the function returns.
// VIEW-LABEL: func.func @temporary(
//       VIEW:   %[[S:.*]] = memref.subview
//       VIEW:   %[[OUT:.*]] = memref.alloc
//   VIEW-NOT:   memref.copy
//       VIEW:   linalg.generic {{.*}} ins(%[[S]] : {{.*}}) outs(%[[OUT]]
//       VIEW:   return %[[OUT]]
// The dynamic stride keeps its run-time check, an assert.
// VIEW-LABEL: func.func @checked(
//       VIEW:   cf.assert {{.*}}"slice.strided: entry 0 (input dimension 0) has stride 0"
func.func @temporary(%x: tensor<8xf32>) -> tensor<4xf32> {
  %r = slice.strided %x[::2] : tensor<8xf32> to tensor<4xf32>
  %s = arith.mulf %r, %r : tensor<4xf32>
  return %s : tensor<4xf32>
}

func.func @checked(%x: tensor<8xf32>, %s: index) -> tensor<?xf32> {
  %r = slice.strided %x[::%s] : tensor<8xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

// A back end of one's own continues from there (here the rest of
// --slice-to-llvm, pass by pass).
// TAIL-LABEL: llvm.func @view(
//       TAIL:   llvm.call @malloc
//       TAIL:   llvm.return
