// Slices between producers and consumers whose buffers the in-place
// decision may share: each consumer reads its input through a reversed
// view of a buffer its output could take (a tensor.empty CSE merged, the
// destination of a copy, the update's own destination). Every mode must
// give NumPy's values (in the comments); MLIR 22's one-shot-bufferize alone
// overwrote the view's elements before reading them
// (--slice-protect-view-reads, docs/reliability.md).
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=via-bufferization=true' | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=writable-arguments=true' | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=slices=copy writable-arguments=true' | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=slices=copy parallel-bytes=0' | %mlir_run_omp | FileCheck %s
// RUN: slice-opt %s %gpu_loops_on_cpu_copies | %mlir_run | FileCheck %s
// RUN: slice-opt %s %gpu_loops_on_cpu_views | %mlir_run | FileCheck %s
// An embedder's upstream clean-up first changes nothing.
// RUN: slice-opt %s --canonicalize --cse --inline --loop-invariant-code-motion | slice-opt --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s

#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func private @printMemrefF32(tensor<*xf32>)

// y = x + 1; relu(y[::-1]), both into tensor.empty of one type.
func.func @relu_of_reversed(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c1 = arith.constant 1.0 : f32
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %c1 : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r = slice.strided %y[::-1] : tensor<8xf32> to tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%r : tensor<8xf32>) outs(%e2 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %c0 : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %z : tensor<8xf32>
}

// The same on rows: relu((x + 1)[::-1, :]).
func.func @relu_of_reversed_rows(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %c1 = arith.constant 1.0 : f32
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %y = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %c1 : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  %r = slice.strided %y[::-1, :] : tensor<4x2xf32> to tensor<4x2xf32>
  %z = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<4x2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %c0 : f32
    linalg.yield %m : f32
  } -> tensor<4x2xf32>
  return %z : tensor<4x2xf32>
}

// linalg.copy of (x + 1)[::-1] into the tensor.empty the sum went into.
func.func @copy_of_reversed(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %c1 : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %r = slice.strided %y[::-1] : tensor<8xf32> to tensor<8xf32>
  %z = linalg.copy ins(%r : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %z : tensor<8xf32>
}

// x[b:-1][::-1] on run-time shapes: each slice a copy (slices=copy) into
// tensor.empty ops of one dynamic type.
func.func @slice_of_slice(%x: tensor<?x?xf32>, %b: index) -> tensor<?x?xf32> {
  %s = slice.strided %x[%b:-1] : tensor<?x?xf32> to tensor<?x?xf32>
  %r = slice.strided %s[::-1] : tensor<?x?xf32> to tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// y = x + 1; v = y[::-1]; y[0:8] = v; in a longer y, so that the update
// does not fold into its value.
func.func @update_from_reversed(%x: tensor<10xf32>) -> tensor<10xf32> {
  %one = arith.constant dense<1.0> : tensor<10xf32>
  %y = arith.addf %x, %one : tensor<10xf32>
  %v = slice.strided %y[7::-1] : tensor<10xf32> to tensor<8xf32>
  %r = slice.strided_update %v into %y[0:8] : tensor<8xf32> into tensor<10xf32>
  return %r : tensor<10xf32>
}

func.func @main() {
  %x = arith.constant dense<[0., 1., 2., 3., 4., 5., 6., 7.]> : tensor<8xf32>
  %x2 = arith.constant dense<[[0., 1.], [2., 3.], [4., 5.], [6., 7.]]> : tensor<4x2xf32>
  %x5 = arith.constant dense<[[0., 1.], [2., 3.], [4., 5.], [6., 7.], [8., 9.]]> : tensor<5x2xf32>
  %x10 = arith.constant dense<[0., 1., 2., 3., 4., 5., 6., 7., 8., 9.]> : tensor<10xf32>
  %b = arith.constant 1 : index

  // CHECK: [8,  7,  6,  5,  4,  3,  2,  1]
  %r1 = call @relu_of_reversed(%x) : (tensor<8xf32>) -> tensor<8xf32>
  %u1 = tensor.cast %r1 : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()

  // CHECK: [7,   8],
  // CHECK-NEXT: [5,   6],
  // CHECK-NEXT: [3,   4],
  // CHECK-NEXT: [1,   2]]
  %r2 = call @relu_of_reversed_rows(%x2) : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %u2 = tensor.cast %r2 : tensor<4x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()

  // CHECK: [8,  7,  6,  5,  4,  3,  2,  1]
  %r3 = call @copy_of_reversed(%x) : (tensor<8xf32>) -> tensor<8xf32>
  %u3 = tensor.cast %r3 : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()

  // CHECK: sizes = [3, 2]
  // CHECK: [6,   7],
  // CHECK-NEXT: [4,   5],
  // CHECK-NEXT: [2,   3]]
  %xd = tensor.cast %x5 : tensor<5x2xf32> to tensor<?x?xf32>
  %r4 = call @slice_of_slice(%xd, %b) {no_inline} : (tensor<?x?xf32>, index) -> tensor<?x?xf32>
  %u4 = tensor.cast %r4 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()

  // CHECK: [8,  7,  6,  5,  4,  3,  2,  1,  9,  10]
  %r5 = call @update_from_reversed(%x10) : (tensor<10xf32>) -> tensor<10xf32>
  %u5 = tensor.cast %r5 : tensor<10xf32> to tensor<*xf32>
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()
  return
}
