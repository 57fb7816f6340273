// Found by test/Integration/frontdoor_differential.py: an onnx.Slice whose
// static result type is empty (tensor<0xf32>) on a run-time end, with step
// -1 from the back. slice computes a run-time size and casts it to the
// declared type; upstream's cast folding (TensorCastExtractSlice) then made
// the size static 0 in the tensor.extract_slice, whose verifier rejects
// offset 1, size 0, stride -1 on 2 elements ("runs out-of-bounds: 2 >= 2",
// it checks offset + (size - 1) * stride even for size 0), so the pipelines
// failed. A cast that empties a dimension of a slice now becomes
// tensor.empty (the slice dialect's canonicalization, which outranks
// upstream's fold).
//
// The same test found its sibling: x[4:4:3, 0:4:2] then [:, ::-1] on
// run-time shapes. After CSE the first size folds to 0 (min(d, 4) -
// min(d, 4)) in --slice-split-concat-consumers, the types become static
// 0x?, and bufferization made a memref.subview with static offset 0 on a
// dimension of size 0 ("offset 0 is out-of-bounds: 0 >= 0"). A slice known
// to select nothing is now a tensor.empty wherever extract_slice sizes
// fold (populateEmptyExtractSlicePatterns).
//
// RUN: slice-opt %s --convert-slice-to-tensor --canonicalize | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s --check-prefix=EXEC
// RUN: slice-opt %s --slice-to-nvvm -o /dev/null

// CHECK-LABEL: func.func @cast_to_empty(
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<0xf32>
//   CHECK-NOT:   tensor.extract_slice
//       CHECK:   return %[[E]]
func.func @cast_to_empty(%x: tensor<2xf32>, %e: index) -> tensor<0xf32> {
  %s = slice.strided %x[2:%e:-1] : tensor<2xf32> to tensor<?xf32>
  %c = tensor.cast %s : tensor<?xf32> to tensor<0xf32>
  return %c : tensor<0xf32>
}

// Other dimensions keep their run-time sizes.
// CHECK-LABEL: func.func @cast_to_empty_rows(
//       CHECK:   %[[D:.*]] = tensor.dim %arg0, %c0
//       CHECK:   %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x0xf32>
//       CHECK:   return %[[E]]
func.func @cast_to_empty_rows(%x: tensor<?x3xf32>, %e: index) -> tensor<?x0xf32> {
  %s = slice.strided %x[:, 1:%e:-1] : tensor<?x3xf32> to tensor<?x?xf32>
  %c = tensor.cast %s : tensor<?x?xf32> to tensor<?x0xf32>
  return %c : tensor<?x0xf32>
}

// Both pipelines compile it.
// CHECK-LABEL: func.func @empty_then_reversed(
//       CHECK:   tensor.extract_slice %arg0
//       CHECK:   return
func.func @empty_then_reversed(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = slice.strided %x[4:4:3, 0:4:2] : tensor<?x?xf32> to tensor<?x?xf32>
  %t = slice.strided %s[:, ::-1] : tensor<?x?xf32> to tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}

// EXEC: sizes = [0]
// EXEC: sizes = [0, 2]
func.func @main() {
  %x = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %c1 = arith.constant 1 : index
  %r = call @cast_to_empty(%x, %c1) : (tensor<2xf32>, index) -> tensor<0xf32>
  %u = tensor.cast %r : tensor<0xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %y = arith.constant dense<1.0> : tensor<3x4xf32>
  %yd = tensor.cast %y : tensor<3x4xf32> to tensor<?x?xf32>
  %t = call @empty_then_reversed(%yd) {no_inline} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %tu = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%tu) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
