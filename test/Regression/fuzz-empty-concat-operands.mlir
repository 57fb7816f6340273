// Program fuzzer finding (issue 57): a tensor.concat with empty operands,
// in every mode. Upstream's decomposition (--slice-decompose-concats)
// inserted each operand at an offset that tensor.insert_slice's verifier
// rejects on an empty result ("offset 0 is out-of-bounds: 0 >= 0"). An
// operand empty along the concat dimension is now dropped, and a concat
// with a static 0 in its result is a tensor.empty. Values: NumPy's
// concatenate of the same slices of np.arange(12.).reshape(3, 4).
//
// RUN: slice-opt %s --slice-decompose-concats | FileCheck %s --check-prefix=IR
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s
// RUN: slice-opt %s '--slice-to-llvm=slices=copy writable-arguments=true' | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=parallel-bytes=0 | %mlir_run_omp | FileCheck %s
// RUN: %if ptxas %{ slice-opt %s --slice-to-nvvm=format=isa -o /dev/null %}

// Both operands empty along the concat dimension: the result is empty.
// IR-LABEL: func.func @both_empty
//   IR-NOT:   tensor.insert_slice
//       IR:   %[[E:.*]] = tensor.empty() : tensor<0x4xf32>
//       IR:   return %[[E]]
func.func @both_empty(%x: tensor<3x4xf32>) -> tensor<0x4xf32> {
  %a = slice.strided %x[3:, :] : tensor<3x4xf32> to tensor<0x4xf32>
  %b = slice.strided %x[:0, :] : tensor<3x4xf32> to tensor<0x4xf32>
  %c = tensor.concat dim(0) %a, %b : (tensor<0x4xf32>, tensor<0x4xf32>) -> tensor<0x4xf32>
  return %c : tensor<0x4xf32>
}

// Operands empty in another dimension than the concat's.
// IR-LABEL: func.func @empty_elsewhere
//   IR-NOT:   tensor.insert_slice
//       IR:   tensor.empty() : tensor<1x0x3x2xf32>
func.func @empty_elsewhere(%x: tensor<1x0x3x1xf32>) -> tensor<1x0x3x2xf32> {
  %c = tensor.concat dim(3) %x, %x : (tensor<1x0x3x1xf32>, tensor<1x0x3x1xf32>) -> tensor<1x0x3x2xf32>
  return %c : tensor<1x0x3x2xf32>
}

// One empty operand between two others: dropped, the rest inserted.
// IR-LABEL: func.func @one_empty
//       IR:   tensor.insert_slice %{{.*}}[0, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<3x4xf32>
//       IR:   tensor.insert_slice %{{.*}}[1, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<3x4xf32>
//   IR-NOT:   tensor.insert_slice
func.func @one_empty(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %a = slice.strided %x[2:, :] : tensor<3x4xf32> to tensor<1x4xf32>
  %b = slice.strided %x[2:1, :] : tensor<3x4xf32> to tensor<0x4xf32>
  %d = slice.strided %x[::-2, ::-1] : tensor<3x4xf32> to tensor<2x4xf32>
  %c = tensor.concat dim(0) %a, %b, %d : (tensor<1x4xf32>, tensor<0x4xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  return %c : tensor<3x4xf32>
}

// An empty operand of run-time size elsewhere: the result's sizes come
// from the operands.
// IR-LABEL: func.func @dynamic_empty
//       IR:   %[[D:.*]] = tensor.dim
//       IR:   tensor.empty(%[[D]]) : tensor<?x0xf32>
func.func @dynamic_empty(%x: tensor<?x0xf32>) -> tensor<?x0xf32> {
  %c = tensor.concat dim(1) %x, %x : (tensor<?x0xf32>, tensor<?x0xf32>) -> tensor<?x0xf32>
  return %c : tensor<?x0xf32>
}

// Every operand empty along the concat dimension, the result's size there
// left `?`: a tensor.empty too (the operand filter alone kept nothing and
// crashed building a concat of no operands), of the known size 0, cast to
// the result's type (the pass folds the sizes it reifies).
// IR-LABEL: func.func @all_empty_dynamic_result
//   IR-NOT:   tensor.concat
//       IR:   %[[E:.*]] = tensor.empty() : tensor<0x4xf32>
//       IR:   tensor.cast %[[E]] : tensor<0x4xf32> to tensor<?x4xf32>
func.func @all_empty_dynamic_result(%a: tensor<0x4xf32>, %b: tensor<0x4xf32>) -> tensor<?x4xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<0x4xf32>, tensor<0x4xf32>) -> tensor<?x4xf32>
  return %c : tensor<?x4xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %a = affine.apply affine_map<(i, j) -> (i * 4 + j)>(%i, %j)
    %ai = arith.index_cast %a : index to i32
    %af = arith.sitofp %ai : i32 to f32
    tensor.yield %af : f32
  } : tensor<3x4xf32>
  %e = tensor.empty() : tensor<1x0x3x1xf32>
  %c2 = arith.constant 2 : index
  %z = tensor.empty(%c2) : tensor<?x0xf32>
  %r0 = call @both_empty(%x) {no_inline} : (tensor<3x4xf32>) -> tensor<0x4xf32>
  %r1 = call @empty_elsewhere(%e) {no_inline} : (tensor<1x0x3x1xf32>) -> tensor<1x0x3x2xf32>
  %r2 = call @one_empty(%x) {no_inline} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %r3 = call @dynamic_empty(%z) {no_inline} : (tensor<?x0xf32>) -> tensor<?x0xf32>
  %e4 = tensor.empty() : tensor<0x4xf32>
  %r4 = call @all_empty_dynamic_result(%e4, %e4) {no_inline} : (tensor<0x4xf32>, tensor<0x4xf32>) -> tensor<?x4xf32>
  %u4 = tensor.cast %r4 : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  %u0 = tensor.cast %r0 : tensor<0x4xf32> to tensor<*xf32>
  %u1 = tensor.cast %r1 : tensor<1x0x3x2xf32> to tensor<*xf32>
  %u2 = tensor.cast %r2 : tensor<3x4xf32> to tensor<*xf32>
  %u3 = tensor.cast %r3 : tensor<?x0xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  return
}
// CHECK: sizes = [0, 4]
// CHECK: sizes = [0, 4]
// CHECK: sizes = [1, 0, 3, 2]
// CHECK: sizes = [3, 4]
// CHECK-NEXT: {{\[\[}}8,   9,   10,   11],
// CHECK-NEXT:  [11,   10,   9,   8],
// CHECK-NEXT:  [3,   2,   1,   0]]
// CHECK: sizes = [2, 0]
