// Found by the sharded differential (test/Integration/SPMD): an update of
// a value of static shape into a slice whose sizes are known at run time
// only (run-time begin, end or stride) lowered to a tensor.insert_slice
// with dynamic sizes and a static source, which upstream's verifier
// rejects ("expected type to be 'tensor<?x?x1xf32>' or a rank-reduced
// version (size mismatch)"), so --slice-to-llvm failed on a valid module.
// The executed differential never met it: its dynamic forms make the
// value's sizes dynamic too. Now the insert takes the value's static sizes
// (the run-time check has made sure they are the slice's). The same held
// for the linalg.broadcast of a stretched value ("input dim 1 should match
// init dim 1") and for the collapse of new axes ("expected dimension 0 of
// collapsed type to be static value of 4"). Run with a value that fits
// (rows 0 and 2 of a 4 x 3 x 2 dest, column 1), an empty one, one that
// broadcasts, and one with a new axis.
//
// An empty value of the wrong shape (0 x 0 into the 2 x 0 slice) is
// NumPy's "could not broadcast input array from shape (0,0) into shape
// (2,0)": it stops the program. (This test used to expect it to write
// nothing: the update folded to its dest, dropping the run-time check.)
//
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm | not --crash %mlir_runner -e mismatch -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: slice.strided_update: value dimension 0 does not match slice dimension 0
// MISMATCH-NOT: sizes

// CHECK:      sizes = [4, 3, 2]
// CHECK-NEXT: {{\[\[\[}}0, 1],
// CHECK-NEXT:   [-1, 3],
// CHECK-NEXT:   [4, 5]],
// CHECK-NEXT:  {{\[\[}}6, 7],
// CHECK-NEXT:   [8, 9],
// CHECK-NEXT:   [10, 11]],
// CHECK-NEXT:  {{\[\[}}12, 13],
// CHECK-NEXT:   [-3, 15],
// CHECK-NEXT:   [16, 17]],
// CHECK-NEXT:  {{\[\[}}18, 19],
// CHECK-NEXT:   [20, 21],
// CHECK-NEXT:   [22, 23]]]
// CHECK:      sizes = [4, 3, 2]
// CHECK-NEXT: {{\[\[\[}}0, 1],
// CHECK-NEXT:   [2, 3],
// CHECK-NEXT:   [4, 5]],
// CHECK-NEXT:  {{\[\[}}6, 7],
// CHECK-NEXT:   [8, 9],
// CHECK-NEXT:   [10, 11]],
// CHECK-NEXT:  {{\[\[}}12, 13],
// CHECK-NEXT:   [14, 15],
// CHECK-NEXT:   [16, 17]],
// CHECK:      sizes = [4, 3, 2]
// CHECK-NEXT: {{\[\[\[}}0, 1],
// CHECK-NEXT:   [-5, -6],
// CHECK-NEXT:   [4, 5]],
// CHECK-NEXT:  {{\[\[}}6, 7],
// CHECK-NEXT:   [8, 9],
// CHECK-NEXT:   [10, 11]],
// CHECK-NEXT:  {{\[\[}}12, 13],
// CHECK-NEXT:   [-5, -6],
// CHECK:      sizes = [4, 3, 2]
// CHECK-NEXT: {{\[\[\[}}0, 1],
// CHECK-NEXT:   [-7, -8],
// CHECK-NEXT:   [4, 5]],
// CHECK-NEXT:  {{\[\[}}6, 7],
// CHECK-NEXT:   [8, 9],
// CHECK-NEXT:   [10, 11]],
// CHECK-NEXT:  {{\[\[}}12, 13],
// CHECK-NEXT:   [-9, -10],

func.func private @printMemrefF32(tensor<*xf32>)

func.func @update(%v: tensor<2x1xf32>, %x: tensor<4x3x2xf32>, %b: index,
                  %e: index, %s: index) -> tensor<4x3x2xf32>
    attributes {no_inline} {
  %y = slice.strided_update %v into %x[%b:%e:%s, 1:2, 0] : tensor<2x1xf32> into tensor<4x3x2xf32>
  return %y : tensor<4x3x2xf32>
}

func.func @update_empty(%v: tensor<2x0xf32>, %x: tensor<4x3x2xf32>, %b: index,
                        %e: index, %s: index) -> tensor<4x3x2xf32>
    attributes {no_inline} {
  %y = slice.strided_update %v into %x[%b:%e:%s, 2:2, 1] : tensor<2x0xf32> into tensor<4x3x2xf32>
  return %y : tensor<4x3x2xf32>
}

func.func @update_empty_mismatch(%v: tensor<0x0xf32>, %x: tensor<4x3x2xf32>,
                                 %b: index, %e: index, %s: index)
    -> tensor<4x3x2xf32> attributes {no_inline} {
  %y = slice.strided_update %v into %x[%b:%e:%s, 2:2, 1] : tensor<0x0xf32> into tensor<4x3x2xf32>
  return %y : tensor<4x3x2xf32>
}

func.func @mismatch() {
  %x = arith.constant dense<0.0> : tensor<4x3x2xf32>
  %empty = arith.constant dense<0.0> : tensor<0x0xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %r = call @update_empty_mismatch(%empty, %x, %c0, %c4, %c2) : (tensor<0x0xf32>, tensor<4x3x2xf32>, index, index, index) -> tensor<4x3x2xf32>
  %u = tensor.cast %r : tensor<4x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @update_broadcast(%v: tensor<1x2xf32>, %x: tensor<4x3x2xf32>,
                            %b: index, %e: index, %s: index)
    -> tensor<4x3x2xf32> attributes {no_inline} {
  %y = slice.strided_update %v into %x[%b:%e:%s, 1, :] : tensor<1x2xf32> into tensor<4x3x2xf32>
  return %y : tensor<4x3x2xf32>
}

func.func @update_newaxis(%v: tensor<2x1x2xf32>, %x: tensor<4x3x2xf32>,
                          %b: index, %e: index, %s: index)
    -> tensor<4x3x2xf32> attributes {no_inline} {
  %y = slice.strided_update %v into %x[%b:%e:%s, newaxis, 1, :] : tensor<2x1x2xf32> into tensor<4x3x2xf32>
  return %y : tensor<4x3x2xf32>
}

func.func @main() {
  %x = arith.constant dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], [[6.0, 7.0], [8.0, 9.0], [10.0, 11.0]], [[12.0, 13.0], [14.0, 15.0], [16.0, 17.0]], [[18.0, 19.0], [20.0, 21.0], [22.0, 23.0]]]> : tensor<4x3x2xf32>
  %v = arith.constant dense<[[-1.0], [-3.0]]> : tensor<2x1xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %r = call @update(%v, %x, %c0, %c4, %c2) : (tensor<2x1xf32>, tensor<4x3x2xf32>, index, index, index) -> tensor<4x3x2xf32>
  %u = tensor.cast %r : tensor<4x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %empty = arith.constant dense<0.0> : tensor<2x0xf32>
  %r2 = call @update_empty(%empty, %x, %c0, %c4, %c2) : (tensor<2x0xf32>, tensor<4x3x2xf32>, index, index, index) -> tensor<4x3x2xf32>
  %u2 = tensor.cast %r2 : tensor<4x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %vb = arith.constant dense<[[-5.0, -6.0]]> : tensor<1x2xf32>
  %r3 = call @update_broadcast(%vb, %x, %c0, %c4, %c2) : (tensor<1x2xf32>, tensor<4x3x2xf32>, index, index, index) -> tensor<4x3x2xf32>
  %u3 = tensor.cast %r3 : tensor<4x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  %vn = arith.constant dense<[[[-7.0, -8.0]], [[-9.0, -10.0]]]> : tensor<2x1x2xf32>
  %r4 = call @update_newaxis(%vn, %x, %c0, %c4, %c2) : (tensor<2x1x2xf32>, tensor<4x3x2xf32>, index, index, index) -> tensor<4x3x2xf32>
  %u4 = tensor.cast %r4 : tensor<4x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  return
}
