// Found by slice-spec-fuzzer after 7,014 executions of `scripts/fuzz.sh
// 420` (its input: fuzz/corpus/spec/regression-int64-min-stride, encoded by
// fuzz/encode_spec_input.py). A constant stride of INT64_MIN reached
// upstream's tensor.extract_slice / memref.subview folders, which made it a
// static entry equal to the dynamic marker: a segfault in
// foldDynamicIndexList, or "expected the number of 'strides' to match the
// number of dynamic entries". Views now get a stride that is never
// INT64_MIN (a stride of magnitude 2^63 - 1 or more selects one element
// either way); a stride known only at run time is clamped by arith.maxsi,
// so it stays safe should it become a constant later.
//
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm=format=isa -o /dev/null
// The dynamic stride, inlined as the constant after the lowering.
// RUN: slice-opt %s --convert-slice-to-tensor --inline --canonicalize | FileCheck %s --check-prefix=LATE
// LATE-LABEL: func.func @main
//       LATE:   tensor.extract_slice %{{.*}}[2, 0] [1, 7] [-9223372036854775807, 1]

// NumPy: x = np.arange(21, dtype=np.float32).reshape(3, 7); x[::-2**63 + 1]
// (NumPy's step stops at -(2**63 - 1); INT64_MIN selects the same row).
// CHECK: sizes = [1, 7]
// CHECK-NEXT: [14,   15,   16,   17,   18,   19,   20]
// CHECK: sizes = [1, 7]
// CHECK-NEXT: [14,   15,   16,   17,   18,   19,   20]

func.func private @printMemrefF32(tensor<*xf32>)

// The fuzzer's module.
func.func @slice(%arg0: tensor<?x7xf32>) -> tensor<?x7xf32> {
  %min = arith.constant -9223372036854775808 : index
  %slice = slice.strided %arg0[:%min:%min] : tensor<?x7xf32> to tensor<?x7xf32>
  return %slice : tensor<?x7xf32>
}

// The stride as an argument: a constant only once inlined.
func.func @slice_by(%arg0: tensor<?x7xf32>, %s: index) -> tensor<?x7xf32> {
  %slice = slice.strided %arg0[::%s] : tensor<?x7xf32> to tensor<?x7xf32>
  return %slice : tensor<?x7xf32>
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %k = affine.apply affine_map<(i, j) -> (i * 7 + j)>(%i, %j)
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    tensor.yield %kf : f32
  } : tensor<3x7xf32>
  %d = tensor.cast %x : tensor<3x7xf32> to tensor<?x7xf32>
  %a = call @slice(%d) : (tensor<?x7xf32>) -> tensor<?x7xf32>
  %ua = tensor.cast %a : tensor<?x7xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %min = arith.constant -9223372036854775808 : index
  %b = call @slice_by(%d, %min) : (tensor<?x7xf32>, index) -> tensor<?x7xf32>
  %ub = tensor.cast %b : tensor<?x7xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}
