// Found by slice-spec-fuzzer in a 15-minute run (docs/reliability.md,
// finding 16). A constant stride of 0 on an offset-mode window of extent
// INT64_MAX (`x[%b:INT64_MAX:%zero] offset` on ?x7) fails its assert at
// run time. The normal form gave the unreachable view stride 1 as a static
// entry, which made its window 2^63 - 1 rows of 7: more elements than int64
// counts, so the normal form did not verify and --slice-normalize failed on
// a valid module. The stride 1 is now an SSA value; constant folding keeps
// it one, since the static entry would not verify.
//
// RUN: slice-opt %s --canonicalize --slice-normalize --canonicalize | FileCheck %s --check-prefix=NORM
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | not --crash %mlir_run 2>&1 | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s --check-prefix=GPU
// RUN: slice-opt %s "--slice-to-nvvm=format=isa slices=copy" | FileCheck %s --check-prefix=GPU

// NORM-LABEL: func.func @window
//   NORM-DAG:   %[[ONE:.*]] = arith.constant 1 : index
//       NORM:   cf.assert %false, "slice.strided: entry 0 (input dimension 0) has stride 0"
//       NORM:   slice.strided %{{.*}}[%{{.*}}:9223372036854775807:%[[ONE]], 0:7] offset

// CHECK: slice.strided: entry 0 (input dimension 0) has stride 0
// CHECK-NOT: Memref

// GPU-LABEL: llvm.func @window
//       GPU:   llvm.return

func.func private @printMemrefF32(tensor<*xf32>)

func.func @window(%x: tensor<?x7xf32>, %b: index) -> tensor<?x7xf32> {
  %max = arith.constant 9223372036854775807 : index
  %zero = arith.constant 0 : index
  %r = slice.strided %x[%b:%max:%zero] offset : tensor<?x7xf32> to tensor<?x7xf32>
  return %r : tensor<?x7xf32>
}

func.func @main() {
  %c = arith.constant dense<1.0> : tensor<3x7xf32>
  %x = tensor.cast %c : tensor<3x7xf32> to tensor<?x7xf32>
  %b = arith.constant 1 : index
  %r = call @window(%x, %b) : (tensor<?x7xf32>, index) -> tensor<?x7xf32>
  %u = tensor.cast %r : tensor<?x7xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
