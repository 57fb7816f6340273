// Found by slice-spec-fuzzer in command 2's run (docs/reliability.md,
// finding 21): `x[::2, ...]` on ?x2^62 steps dimension 0 by 2 x 2^62
// elements, 2^63, which wraps to INT64_MIN, the dynamic-stride marker. The
// op is valid: no tensor of that type has two rows (that would be more
// elements than int64 counts), so the range selects at most one. Where the
// view was taken of a row-major buffer (an update's fresh result, a clone),
// upstream's expand-strided-metadata folded the step into a static stride
// equal to the marker and built an invalid memref.reinterpret_cast
// ("expected the number of 'strides' to match the number of dynamic
// entries"): the pipelines failed on a valid module. Such a view now gets
// stride 1, which selects the same element.
//
// RUN: slice-opt %s --convert-slice-to-tensor | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: slice-opt %s --slice-to-llvm=slices=copy | FileCheck %s --check-prefix=LLVM
// RUN: slice-opt %s --slice-to-llvm=deallocate=false | FileCheck %s --check-prefix=LLVM
// RUN: slice-opt %s --slice-to-nvvm | FileCheck %s --check-prefix=LLVM

// The fuzzer's module, the read and the write of the same window.
// CHECK-LABEL: func.func @slice
//       CHECK:   tensor.extract_slice %arg0[{{.*}}] [{{.*}}] [1, 1] : tensor<?x4611686018427387904xf64> to tensor<?x4611686018427387904xf64>
//       CHECK:   tensor.insert_slice %{{.*}} into %arg0[{{.*}}] [{{.*}}] [1, 1] : tensor<?x4611686018427387904xf64> into tensor<?x4611686018427387904xf64>
// LLVM-LABEL: llvm.func @slice
func.func @slice(%arg0: tensor<?x4611686018427387904xf64>, %arg1: tensor<1x4611686018427387904xf64>) -> (tensor<?x4611686018427387904xf64>, tensor<?x4611686018427387904xf64>) {
  %c4611686018427387903 = arith.constant 4611686018427387903 : index
  %slice = slice.strided %arg0 spec[9223372036854775807:4611686018427387904:2, 9223372036854775806:4611686018427387904:%c4611686018427387903] masks[begin_mask = 3, ellipsis_mask = 2] : tensor<?x4611686018427387904xf64> to tensor<?x4611686018427387904xf64>
  %updated = slice.strided_update %arg1 into %arg0 spec[9223372036854775807:4611686018427387904:2, 9223372036854775806:4611686018427387904:%c4611686018427387903] masks[begin_mask = 3, ellipsis_mask = 2] : tensor<1x4611686018427387904xf64> into tensor<?x4611686018427387904xf64>
  return %slice, %updated : tensor<?x4611686018427387904xf64>, tensor<?x4611686018427387904xf64>
}

// -2 x 2^62 is INT64_MIN itself: it fits in int64 but reads as "dynamic".
// A stride whose step fits keeps it: -1 x 2^62.
// CHECK-LABEL: func.func @backwards
//       CHECK:   tensor.extract_slice %arg0[{{.*}}] [{{.*}}] [1, 1]
//       CHECK:   tensor.extract_slice %arg0[{{.*}}] [{{.*}}] [-1, 1]
// LLVM-LABEL: llvm.func @backwards
func.func @backwards(%x: tensor<?x4611686018427387904xf64>) -> (tensor<?x4611686018427387904xf64>, tensor<?x4611686018427387904xf64>) {
  %s = slice.strided %x[::-2, :] : tensor<?x4611686018427387904xf64> to tensor<?x4611686018427387904xf64>
  %t = slice.strided %x[::-1, :] : tensor<?x4611686018427387904xf64> to tensor<?x4611686018427387904xf64>
  return %s, %t : tensor<?x4611686018427387904xf64>, tensor<?x4611686018427387904xf64>
}
