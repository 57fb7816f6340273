// A shrink beside kept dimensions of run-time size (y[b:e:s, :, 1] on a
// run-time shape), read as a view of the caller's strided view: returned
// as it is, fed to an element-wise consumer, and summed row by row in a
// loop. --slice-collapse-unit-views makes it a view (no copy of it); the
// values are NumPy's (x = np.arange(120.).reshape(4, 5, 6);
// v = x[:, ::2, :][-1:0:-2, :, 1]).
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=via-bufferization=true' | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-buffers | FileCheck %s --check-prefix=BUF

func.func private @printMemrefF32(tensor<*xf32>)

// The view reaches the consumer and the loop as it is; the one copy is the
// clone of the returned view that a caller in the module owns.
// BUF-LABEL: func.func @rows
//   BUF-NOT:   memref.copy
//       BUF:   memref.collapse_shape %{{.*}} into memref<?x?xf32, strided<[?, ?], offset: ?>>
//   BUF-NOT:   memref.copy
//       BUF:   linalg.generic
//   BUF-NOT:   memref.copy
//       BUF:   scf.for
//       BUF:   memref.copy
//  BUF-NEXT:   return
func.func @rows(%y: tensor<?x?x?xf32>, %b: index, %e: index, %s: index) -> (tensor<?x?xf32>, tensor<?x?xf32>, f32) {
  %v = slice.strided %y[%b:%e:%s, :, 1] : tensor<?x?x?xf32> to tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %v, %c0 : tensor<?x?xf32>
  %m = tensor.dim %v, %c1 : tensor<?x?xf32>
  %e0 = tensor.empty(%n, %m) : tensor<?x?xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<?x?xf32>) outs(%e0 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c70 = arith.constant 70.0 : f32
    %z = arith.constant 0.0 : f32
    %two = arith.constant 2.0 : f32
    %d = arith.subf %a, %c70 : f32
    %r = arith.maximumf %d, %z : f32
    %w = arith.mulf %r, %two : f32
    linalg.yield %w : f32
  } -> tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %row = slice.strided %v[%i, :] : tensor<?x?xf32> to tensor<?xf32>
    %inner = scf.for %j = %c0 to %m step %c1 iter_args(%a = %acc) -> (f32) {
      %x = tensor.extract %row[%j] : tensor<?xf32>
      %a2 = arith.addf %a, %x : f32
      scf.yield %a2 : f32
    }
    scf.yield %inner : f32
  }
  return %v, %t, %sum : tensor<?x?xf32>, tensor<?x?xf32>, f32
}

// CHECK: {{\[\[}}91, 103, 115],
// CHECK-NEXT: [31, 43, 55]]
// CHECK: {{\[\[}}42, 66, 90],
// CHECK-NEXT: [0, 0, 0]]
// CHECK: {{\[}}438]
func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %c30 = arith.constant 30 : index
    %c6 = arith.constant 6 : index
    %a = arith.muli %i, %c30 : index
    %b = arith.muli %j, %c6 : index
    %ab = arith.addi %a, %b : index
    %all = arith.addi %ab, %k : index
    %w = arith.index_cast %all : index to i64
    %v = arith.sitofp %w : i64 to f32
    tensor.yield %v : f32
  } : tensor<4x5x6xf32>
  %xv = slice.strided %x[:, ::2, :] : tensor<4x5x6xf32> to tensor<4x3x6xf32>
  %xd = tensor.cast %xv : tensor<4x3x6xf32> to tensor<?x?x?xf32>
  %b = arith.constant -1 : index
  %e = arith.constant 0 : index
  %s = arith.constant -2 : index
  %v, %t, %sum = call @rows(%xd, %b, %e, %s) {no_inline} : (tensor<?x?x?xf32>, index, index, index) -> (tensor<?x?xf32>, tensor<?x?xf32>, f32)
  %vu = tensor.cast %v : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%vu) : (tensor<*xf32>) -> ()
  %tu = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%tu) : (tensor<*xf32>) -> ()
  %st = tensor.from_elements %sum : tensor<1xf32>
  %su = tensor.cast %st : tensor<1xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}
