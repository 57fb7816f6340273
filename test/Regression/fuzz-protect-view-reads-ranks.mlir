// Program fuzzer finding (seed 4242, a rank-6 program): --slice-protect-view-reads
// asked upstream whether the concat's insert into a rank-5 tensor writes
// the subset that a rank-3 tensor.extract_slice (behind the new axes'
// expand_shape and a loop) reads, and MLIR 22's areEquivalentSlices read
// past the shorter slice (a segfault). Subsets of tensors of another rank
// are no longer compared. Values: NumPy's, on np.arange(15.).reshape(5, 3, 1):
// t = x[-5::-1, 0::1, None, ::1, None]; t[:, i] = relu(t[:, i]) for each i;
// concatenate([t, t]).
//
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-protect-view-reads | FileCheck %s --check-prefix=IR

// IR-LABEL: func.func @rows
func.func @rows(%x: tensor<5x3x1xf32>) -> tensor<2x3x1x1x1xf32> {
  %t0 = slice.strided %x[-5::-1, 0::1, newaxis, ::1, newaxis] : tensor<5x3x1xf32> to tensor<1x3x1x1x1xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = scf.for %iv = %c0 to %c3 step %c1 iter_args(%a = %t0) -> (tensor<1x3x1x1x1xf32>) {
    %w = arith.addi %iv, %c1 : index
    %row = slice.strided %a[:, %iv:%w] : tensor<1x3x1x1x1xf32> to tensor<1x?x1x1x1xf32>
    %n = tensor.dim %row, %c1 : tensor<1x?x1x1x1xf32>
    %e = tensor.empty(%n) : tensor<1x?x1x1x1xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%row : tensor<1x?x1x1x1xf32>) outs(%e : tensor<1x?x1x1x1xf32>) {
    ^bb0(%in: f32, %o: f32):
      %z = arith.constant 0.0 : f32
      %m = arith.maximumf %in, %z : f32
      linalg.yield %m : f32
    } -> tensor<1x?x1x1x1xf32>
    %u = slice.strided_update %r into %a[:, %iv:%w] : tensor<1x?x1x1x1xf32> into tensor<1x3x1x1x1xf32>
    scf.yield %u : tensor<1x3x1x1x1xf32>
  }
  // IR: tensor.concat
  %c = tensor.concat dim(0) %t, %t : (tensor<1x3x1x1x1xf32>, tensor<1x3x1x1x1xf32>) -> tensor<2x3x1x1x1xf32>
  return %c : tensor<2x3x1x1x1xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %a = affine.apply affine_map<(i, j, k) -> (i * 3 + j + k)>(%i, %j, %k)
    %ai = arith.index_cast %a : index to i32
    %af = arith.sitofp %ai : i32 to f32
    tensor.yield %af : f32
  } : tensor<5x3x1xf32>
  %r = call @rows(%x) {no_inline} : (tensor<5x3x1xf32>) -> tensor<2x3x1x1x1xf32>
  %u = tensor.cast %r : tensor<2x3x1x1x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: sizes = [2, 3, 1, 1, 1]
// CHECK-NEXT: {{\[\[\[\[\[}}0]]],
// CHECK-NEXT: {{\[\[\[}}1]]],
// CHECK-NEXT: {{\[\[\[}}2]]]],
// CHECK-NEXT: {{\[\[\[\[}}0]]],
// CHECK-NEXT: {{\[\[\[}}1]]],
// CHECK-NEXT: {{\[\[\[}}2]]]]]
