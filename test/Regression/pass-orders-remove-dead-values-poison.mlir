// Found by the random pass orders (test/Integration/pass-orders-*.test):
// upstream's remove-dead-values replaces a tensor it erased, where dead
// code still names it, by ub.poison, for which one-shot-bufferize has no
// model ("op was not bufferized"): --slice-to-llvm failed after it. The
// pipelines' front end now refines such poison to an empty tensor
// (--slice-refine-poison-tensors).
//
// RUN: slice-opt %s --remove-dead-values --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --remove-dead-values --slice-to-nvvm=format=isa -o /dev/null
// RUN: slice-opt %s --split-input-file --slice-refine-poison-tensors | FileCheck %s --check-prefix=PASS

// CHECK: sizes = [2] strides = [1] data =
// CHECK-NEXT: [5,  3]

func.func private @printMemrefI64(tensor<*xi64>)

// %t is dead where the branch not taken names it: remove-dead-values
// erases the slice and leaves poison for that use.
func.func private @pick(%x: tensor<6xi64>, %c: i1) -> tensor<2xi64> {
  %t = slice.strided %x[::3] : tensor<6xi64> to tensor<2xi64>
  %r = scf.if %c -> (tensor<2xi64>) {
    %a = slice.strided %x[5:1:-2] : tensor<6xi64> to tensor<2xi64>
    scf.yield %a : tensor<2xi64>
  } else {
    scf.yield %t : tensor<2xi64>
  }
  return %r : tensor<2xi64>
}

func.func @main() {
  %x = arith.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi64>
  %true = arith.constant true
  %r = call @pick(%x, %true) : (tensor<6xi64>, i1) -> tensor<2xi64>
  %p = tensor.cast %r : tensor<2xi64> to tensor<*xi64>
  call @printMemrefI64(%p) : (tensor<*xi64>) -> ()
  return
}

// -----

// PASS-LABEL: func @poison
// PASS: %[[ZERO:.*]] = arith.constant 0 : index
// PASS: %[[P:.*]] = tensor.empty(%[[ZERO]]) : tensor<?x4xf32>
// PASS: %[[Q:.*]] = tensor.empty() : tensor<2xi8>
// PASS: %[[S:.*]] = ub.poison : f32
// PASS: return %[[P]], %[[Q]], %[[S]]
func.func @poison() -> (tensor<?x4xf32>, tensor<2xi8>, f32) {
  %p = ub.poison : tensor<?x4xf32>
  %q = ub.poison : tensor<2xi8>
  %s = ub.poison : f32
  return %p, %q, %s : tensor<?x4xf32>, tensor<2xi8>, f32
}
