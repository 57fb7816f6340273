// Program differential finding (seed 2026 once empty ranges were
// generated): with slices=copy, a reversed slice of a copied slice
// (x[::-1, :a:b, c::d][::-1, ::-1, ::-1], run-time bounds) was copied into
// the very buffer it read, because CSE had made the two copies share one
// tensor.empty: --slice-protect-view-reads must ask linalg.copy about
// values that are no subset op (its subset is its whole destination). A
// guard against comparing slices of different ranks had skipped them.
// Values: NumPy's, x = np.arange(42.).reshape(3, 2, 7), a, b, c, d =
// -6, -3, -3, -1: -(concatenate([x, x], 1))[::-1, :-6:-3, -3::-1][::-1, ::-1, ::-1].
//
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s

func.func @f(%x: tensor<?x?x?xf32>, %a: index, %b: index, %c: index, %d: index) -> tensor<?x?x?xf32> {
  %t1 = tensor.concat dim(1) %x, %x : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %t2 = arith.negf %t1 : tensor<?x?x?xf32>
  %t8 = slice.strided %t2[::-1, :%a:%b, %c::%d] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  %t9 = slice.strided %t8[::-1, ::-1, ::-1] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  return %t9 : tensor<?x?x?xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %v = affine.apply affine_map<(i, j, k) -> (i * 14 + j * 7 + k)>(%i, %j, %k)
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    tensor.yield %vf : f32
  } : tensor<3x2x7xf32>
  %xd = tensor.cast %x : tensor<3x2x7xf32> to tensor<?x?x?xf32>
  %a = arith.constant -6 : index
  %b = arith.constant -3 : index
  %c = arith.constant -3 : index
  %d = arith.constant -1 : index
  %r = call @f(%xd, %a, %b, %c, %d) {no_inline} : (tensor<?x?x?xf32>, index, index, index, index) -> tensor<?x?x?xf32>
  %u = tensor.cast %r : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: sizes = [3, 2, 5]
// CHECK-NEXT: {{\[\[\[}}-0,    -1,    -2,    -3,    -4],
// CHECK-NEXT:   [-7,    -8,    -9,    -10,    -11]],
// CHECK-NEXT:  {{\[\[}}-14,    -15,    -16,    -17,    -18],
// CHECK-NEXT:   [-21,    -22,    -23,    -24,    -25]],
// CHECK-NEXT:  {{\[\[}}-28,    -29,    -30,    -31,    -32],
// CHECK-NEXT:   [-35,    -36,    -37,    -38,    -39]]]
