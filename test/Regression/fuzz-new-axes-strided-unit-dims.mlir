// Program fuzzer finding (issue 57): with via-bufferization=true, a slice
// whose new axes sit next to unit dimensions with non-unit strides (or
// next to a run-time stride) got a memref.expand_shape whose result layout
// its verifier rejects ("expected expanded type to be 'memref<1x1x1xf32,
// strided<[6, 1, 1], offset: 15>>' but found ... strided<[6, 3, 3] ...").
// The bufferization model now expands the subview as built (the layout the
// verifier infers) and reinterprets it as the predicted type. Every mode;
// values: NumPy's, on np.arange(14.).reshape(7, 2) and
// np.arange(12.).reshape(3, 4).
//
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=via-bufferization=true deallocate=false' | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=slices=copy writable-arguments=true' | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=parallel-bytes=0 | %mlir_run_omp | FileCheck %s
// RUN: %if ptxas %{ slice-opt %s --slice-to-nvvm="format=isa via-bufferization=true" -o /dev/null %}
// RUN: slice-opt %s --convert-elementwise-to-linalg --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=IR

// IR-LABEL: func.func @static_unit_dims
//       IR:   memref.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [1, 1, 1]
func.func @static_unit_dims(%x0: tensor<7x2xf32>) -> (tensor<7x2x3xf32>, tensor<2x1x1xf32>) {
  %e1 = tensor.empty() : tensor<7x2x3xf32>
  %t1 = linalg.broadcast ins(%x0 : tensor<7x2xf32>) outs(%e1 : tensor<7x2x3xf32>) dimensions = [2]
  %t2 = slice.strided %t1[2, :-2:-3, ::3, newaxis] : tensor<7x2x3xf32> to tensor<1x1x1xf32>
  %t3 = tensor.concat dim(0) %t2, %t2 : (tensor<1x1x1xf32>, tensor<1x1x1xf32>) -> tensor<2x1x1xf32>
  return %t1, %t3 : tensor<7x2x3xf32>, tensor<2x1x1xf32>
}

// IR-LABEL: func.func @dynamic_reversed
//       IR:   memref.expand_shape %{{.*}} {{\[\[}}0, 1, 2]]
func.func @dynamic_reversed(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<1x?x1xf32>) {
  %c1 = arith.constant 1 : index
  %t = arith.negf %x : tensor<?x?xf32>
  %s = slice.strided %t[%c1, newaxis, ::-1, newaxis] : tensor<?x?xf32> to tensor<1x?x1xf32>
  return %t, %s : tensor<?x?xf32>, tensor<1x?x1xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x0 = tensor.generate {
  ^bb0(%i: index, %j: index):
    %a = affine.apply affine_map<(i, j) -> (i * 2 + j)>(%i, %j)
    %ai = arith.index_cast %a : index to i32
    %af = arith.sitofp %ai : i32 to f32
    tensor.yield %af : f32
  } : tensor<7x2xf32>
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %a = affine.apply affine_map<(i, j) -> (i * 4 + j)>(%i, %j)
    %ai = arith.index_cast %a : index to i32
    %af = arith.sitofp %ai : i32 to f32
    tensor.yield %af : f32
  } : tensor<3x4xf32>
  %xd = tensor.cast %x : tensor<3x4xf32> to tensor<?x?xf32>
  %b, %c = call @static_unit_dims(%x0) {no_inline} : (tensor<7x2xf32>) -> (tensor<7x2x3xf32>, tensor<2x1x1xf32>)
  %t, %s = call @dynamic_reversed(%xd) {no_inline} : (tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<1x?x1xf32>)
  %ub = tensor.cast %b : tensor<7x2x3xf32> to tensor<*xf32>
  %uc = tensor.cast %c : tensor<2x1x1xf32> to tensor<*xf32>
  %ut = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  %us = tensor.cast %s : tensor<1x?x1xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%ut) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  return
}
// CHECK: sizes = [7, 2, 3]
// CHECK-NEXT: {{\[\[\[}}0,    0,    0],
// CHECK-NEXT:   [1,    1,    1]],
// CHECK: sizes = [2, 1, 1]
// CHECK-NEXT: {{\[\[\[}}5]],
// CHECK-NEXT: {{\[\[}}5]]]
// CHECK: sizes = [3, 4]
// CHECK-NEXT: {{\[\[}}-0,   -1,   -2,   -3],
// CHECK: sizes = [1, 4, 1]
// CHECK-NEXT: {{\[\[\[}}-7],
// CHECK-NEXT:   [-6],
// CHECK-NEXT:   [-5],
// CHECK-NEXT:   [-4]]]
