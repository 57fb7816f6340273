// y - y.mean(0) over a reversed view and relu of a concat through
// --slice-to-nvvm, directly and after an embedder's upstream passes
// (canonicalize, cse, inline, loop-invariant-code-motion): one launch each
// either way (--slice-columns-to-rows and --slice-rows-to-gpu for the
// first, one grid for the concat's parts for the second), and two for
// y - y.mean(0) over columns too long for a block (split across blocks).
// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s
// RUN: slice-opt %s --canonicalize --cse --inline --loop-invariant-code-motion | slice-opt --slice-to-nvvm=format=isa | FileCheck %s
// CHECK-LABEL: llvm.func @centered_columns(
// CHECK: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @relu_of_concat(
// CHECK: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// Columns of 12,000 rows, split across blocks: a launch for the sums'
// slabs, one that combines them and centers.
// CHECK-LABEL: llvm.func @centered_long_columns(
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// The end of the last function.
// CHECK: {{^  [}]$}}
func.func @centered_columns(%x: tensor<256x96xf32>) -> tensor<256x96xf32> {
  %y = slice.strided %x[::-1, :] : tensor<256x96xf32> to tensor<256x96xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96xf32>) -> tensor<96xf32>
  %sum = linalg.reduce ins(%y : tensor<256x96xf32>) outs(%f : tensor<96xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %c = arith.addf %a, %b : f32
      linalg.yield %c : f32
    }
  %n = arith.constant dense<256.0> : tensor<96xf32>
  %m = arith.divf %sum, %n : tensor<96xf32>
  %o = tensor.empty() : tensor<256x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%y, %m : tensor<256x96xf32>, tensor<96xf32>) outs(%o : tensor<256x96xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<256x96xf32>
  return %r : tensor<256x96xf32>
}

func.func @relu_of_concat(%a: tensor<64x32xf32>) -> tensor<64x64xf32> {
  %rev = slice.strided %a[:, ::-1] : tensor<64x32xf32> to tensor<64x32xf32>
  %c = tensor.concat dim(1) %a, %rev : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x64xf32>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = arith.maximumf %c, %z : tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

func.func @centered_long_columns(%x: tensor<12000x8xf32>) -> tensor<12000x8xf32> {
  %y = slice.strided %x[::-1, :] : tensor<12000x8xf32> to tensor<12000x8xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.reduce ins(%y : tensor<12000x8xf32>) outs(%f : tensor<8xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %c = arith.addf %a, %b : f32
      linalg.yield %c : f32
    }
  %n = arith.constant dense<12000.0> : tensor<8xf32>
  %m = arith.divf %sum, %n : tensor<8xf32>
  %o = tensor.empty() : tensor<12000x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%y, %m : tensor<12000x8xf32>, tensor<8xf32>) outs(%o : tensor<12000x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<12000x8xf32>
  return %r : tensor<12000x8xf32>
}
