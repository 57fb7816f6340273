// Program differential finding (seed 2026 once empty ranges were
// generated): x[newaxis, 1:1:2] selects nothing along a dimension of
// run-time size; once a memref.cast folds that 0 into the subview of a
// later slice, upstream's subview verifier rejects its offset on the empty
// dimension ("offset 1 is out-of-bounds: 0 >= 0") and the pipeline failed
// on a valid program. A subview that selects nothing is now a
// reinterpret_cast (nothing is read through it). Values: NumPy's shapes,
// x = np.zeros((4, 5)): x[None, 1:1:2][2::-1, :1:2, None, 3::2] is empty,
// of shape (1, 0, 1, 1).
//
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s
// RUN: slice-opt %s --canonicalize | FileCheck %s --check-prefix=IR

// IR-LABEL: func.func @empty_subview
//   IR-NOT:   memref.subview
//       IR:   memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%{{.*}}, 0, %{{.*}}]
func.func @empty_subview(%x: memref<1x0x?xf32>, %a: index, %b: index, %c: index) -> memref<?x0x?xf32, strided<[?, ?, 1], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %s = memref.subview %x[%a, %c0, %b] [%c, 0, %c] [1, %c2, 1] : memref<1x0x?xf32> to memref<?x0x?xf32, strided<[?, ?, 1], offset: ?>>
  return %s : memref<?x0x?xf32, strided<[?, ?, 1], offset: ?>>
}

func.func @f(%x: tensor<?x?xf32>, %i0: index, %i1: index, %i2: index, %i3: index) -> tensor<?x?x1x?xf32> {
  %t1 = slice.strided %x[newaxis, 1:1:2] : tensor<?x?xf32> to tensor<1x?x?xf32>
  %t4 = slice.strided %t1[%i0::%i1, :1:2, newaxis, %i2::%i3] : tensor<1x?x?xf32> to tensor<?x?x1x?xf32>
  return %t4 : tensor<?x?x1x?xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = arith.constant dense<0.0> : tensor<4x5xf32>
  %xd = tensor.cast %x : tensor<4x5xf32> to tensor<?x?xf32>
  %i0 = arith.constant 2 : index
  %i1 = arith.constant -1 : index
  %i2 = arith.constant 3 : index
  %i3 = arith.constant 2 : index
  %r = call @f(%xd, %i0, %i1, %i2, %i3) {no_inline} : (tensor<?x?xf32>, index, index, index, index) -> tensor<?x?x1x?xf32>
  %u = tensor.cast %r : tensor<?x?x1x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: sizes = [1, 0, 1, 1]
