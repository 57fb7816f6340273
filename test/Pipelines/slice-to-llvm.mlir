// RUN: slice-opt %s --slice-to-llvm | FileCheck %s --check-prefix=VIEW
// RUN: slice-opt %s '--slice-to-llvm=via-bufferization=true' | FileCheck %s --check-prefix=VIEW
// RUN: slice-opt %s --slice-to-llvm="slices=copy" | FileCheck %s --check-prefix=COPY
// RUN: slice-opt %s --pass-pipeline="builtin.module(slice-to-llvm{slices=copy deallocate=false})" | FileCheck %s --check-prefix=NODEALLOC
// RUN: slice-opt %s --slice-to-llvm="deallocate=false" | FileCheck %s --check-prefix=VIEWONLY
// RUN: slice-opt %s --slice-to-llvm="slices=copy parallel-bytes=0" | FileCheck %s --check-prefix=OMP

// Slices as views (through tensor.extract_slice, or built by the
// bufferization model). Without deallocation the callee only computes a
// descriptor: no element moves.
// VIEWONLY-LABEL: llvm.func @reverse_rows
//   VIEWONLY-NOT:   llvm.call @malloc
//   VIEWONLY-NOT:   llvm.load
//   VIEWONLY-NOT:   llvm.store
//       VIEWONLY:   llvm.return
// With deallocation, a function must return a buffer it owns, so the
// deallocation pipeline clones the returned view: the clone's copy moves
// vectors in a copy function (--slice-lower-copies), never through the
// runtime's memrefCopy.
// VIEW-LABEL: llvm.func @reverse_rows
//       VIEW:   llvm.call @malloc
//       VIEW:   llvm.call @[[FN:__slice_copy[_0-9]*]](
//       VIEW:   llvm.return
// As copies: vector loads and stores into a fresh buffer. The buffer is
// malloc's, 63 bytes more than it holds, aligned to 64 by a GEP on
// malloc's pointer (which LLVM's alias analysis follows, where it does
// not follow inttoptr); the descriptor keeps malloc's pointer to free.
// COPY-LABEL: llvm.func @reverse_rows
//       COPY:   %[[SLACK:.*]] = llvm.mlir.constant(63 : index)
//       COPY:   %[[BYTES:.*]] = llvm.add %{{.*}}, %[[SLACK]] : i64
//       COPY:   %[[PTR:.*]] = llvm.call @malloc(%[[BYTES]])
//       COPY:   %[[ADDR:.*]] = llvm.ptrtoint %[[PTR]]
//       COPY:   %[[MASK:.*]] = llvm.mlir.constant(63 : index)
//       COPY:   %[[NEG:.*]] = llvm.sub %{{.*}}, %[[ADDR]]
//       COPY:   %[[PAD:.*]] = llvm.and %[[NEG]], %[[MASK]]
//       COPY:   %[[ALIGNED:.*]] = llvm.getelementptr inbounds %[[PTR]][%[[PAD]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
//       COPY:   %[[D0:.*]] = llvm.insertvalue %[[PTR]], %{{.*}}[0]
//       COPY:   llvm.insertvalue %[[ALIGNED]], %[[D0]][1]
//       COPY:   llvm.call @[[FN:__slice_copy[_0-9]*]](
//       COPY:   llvm.return
func.func @reverse_rows(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %r = slice.strided %x[::-1] : tensor<?x8xf32> to tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// The no_inline call stays a call; everything is LLVM dialect.
// VIEW-LABEL: llvm.func @main
//       VIEW:   llvm.call @reverse_rows
//       VIEW:   llvm.call @free
//   VIEW-NOT:   slice.
//   VIEW-NOT:   memref.
//   VIEW-NOT:   tensor.
// COPY-LABEL: llvm.func @main
//       COPY:   llvm.call @reverse_rows
// Without deallocation nothing is freed.
// NODEALLOC-LABEL: llvm.func @main
//   NODEALLOC-NOT:   llvm.call @free
func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 1.0 : f32
    tensor.yield %c : f32
  } : tensor<4x8xf32>
  %d = tensor.cast %x : tensor<4x8xf32> to tensor<?x8xf32>
  %r = call @reverse_rows(%d) {no_inline} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %u = tensor.cast %r : tensor<?x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// The copy function, at the end of the module.
// VIEW:       llvm.func internal @[[FN]](
// VIEW:         llvm.load {{.*}} -> vector<16xf32>
// VIEW:         llvm.store {{.*}} : vector<16xf32>
// VIEW-NOT:   @memrefCopy
// COPY:       llvm.func internal @[[FN]](
// COPY:         llvm.load {{.*}} -> vector<16xf32>
// COPY:         llvm.store {{.*}} : vector<16xf32>
// COPY-NOT:   @memrefCopy

// With parallel-bytes, the copy function's outer loop runs on OpenMP
// threads (omp dialect, translated by mlir-translate to libomp calls).
// OMP:       llvm.func internal @__slice_copy
// OMP:         omp.parallel
// OMP:           omp.wsloop
// OMP-NOT:   scf.
