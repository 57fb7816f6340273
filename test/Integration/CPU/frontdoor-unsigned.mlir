// StableHLO and MHLO starts of unsigned types (ui8..ui64), constant and
// run-time, read as unsigned and clamped as the spec says (NumPy: x =
// arange(6.), starts clamped to [0, 6 - size]): 4294967295 as ui32 reads
// [4, 5] (a signed reading: -1, clamped to [0, 1]); 200 as ui8 writes the
// update at [4:6] (not [0:2]); 2^63 as ui64 reads [4, 5];
// real_dynamic_slice of ui32 bounds [1:6:2] reads [1, 3, 5].
//
// RUN: slice-opt %s --allow-unregistered-dialect --convert-stablehlo-to-slice --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --allow-unregistered-dialect --convert-stablehlo-to-slice --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --allow-unregistered-dialect --canonicalize --cse --inline --loop-invariant-code-motion | slice-opt --allow-unregistered-dialect --convert-stablehlo-to-slice --slice-to-llvm | %mlir_run | FileCheck %s

func.func @constant_starts(%x: tensor<6xf32>, %v: tensor<2xf32>) -> (tensor<2xf32>, tensor<6xf32>, tensor<2xf32>) {
  %big = "stablehlo.constant"() <{value = dense<4294967295> : tensor<ui32>}> : () -> tensor<ui32>
  %u8 = "stablehlo.constant"() <{value = dense<200> : tensor<ui8>}> : () -> tensor<ui8>
  %huge = "stablehlo.constant"() <{value = dense<9223372036854775808> : tensor<ui64>}> : () -> tensor<ui64>
  %a = "stablehlo.dynamic_slice"(%x, %big) <{slice_sizes = array<i64: 2>}> : (tensor<6xf32>, tensor<ui32>) -> tensor<2xf32>
  %b = "stablehlo.dynamic_update_slice"(%x, %v, %u8) : (tensor<6xf32>, tensor<2xf32>, tensor<ui8>) -> tensor<6xf32>
  %c = "mhlo.dynamic_slice"(%x, %huge) {slice_sizes = dense<2> : tensor<1xi64>} : (tensor<6xf32>, tensor<ui64>) -> tensor<2xf32>
  return %a, %b, %c : tensor<2xf32>, tensor<6xf32>, tensor<2xf32>
}

func.func @runtime_starts(%x: tensor<6xf32>, %v: tensor<2xf32>, %big: tensor<ui32>, %u8: tensor<ui8>, %huge: tensor<ui64>, %bounds: tensor<1xui32>, %limit: tensor<1xui32>, %step: tensor<1xui32>) -> (tensor<2xf32>, tensor<6xf32>, tensor<2xf32>, tensor<?xf32>) {
  %a = "stablehlo.dynamic_slice"(%x, %big) <{slice_sizes = array<i64: 2>}> : (tensor<6xf32>, tensor<ui32>) -> tensor<2xf32>
  %b = "stablehlo.dynamic_update_slice"(%x, %v, %u8) : (tensor<6xf32>, tensor<2xf32>, tensor<ui8>) -> tensor<6xf32>
  %c = "stablehlo.dynamic_slice"(%x, %huge) <{slice_sizes = array<i64: 2>}> : (tensor<6xf32>, tensor<ui64>) -> tensor<2xf32>
  %d = "stablehlo.real_dynamic_slice"(%x, %bounds, %limit, %step) : (tensor<6xf32>, tensor<1xui32>, tensor<1xui32>, tensor<1xui32>) -> tensor<?xf32>
  return %a, %b, %c, %d : tensor<2xf32>, tensor<6xf32>, tensor<2xf32>, tensor<?xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<6xf32>
  %v = arith.constant dense<[-1.0, -2.0]> : tensor<2xf32>
  %a, %b, %c = call @constant_starts(%x, %v) {no_inline} : (tensor<6xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<6xf32>, tensor<2xf32>)
  // The run-time starts: the same bits stored as unsigned integers (no
  // arith op makes them, and tensor.bitcast does not bufferize).
  %c0 = arith.constant 0 : index
  %big_s = arith.constant -1 : i32
  %big_u = builtin.unrealized_conversion_cast %big_s : i32 to ui32
  %big_m = memref.alloc() : memref<ui32>
  memref.store %big_u, %big_m[] : memref<ui32>
  %big = bufferization.to_tensor %big_m restrict : memref<ui32> to tensor<ui32>
  %u8_s = arith.constant -56 : i8
  %u8_u = builtin.unrealized_conversion_cast %u8_s : i8 to ui8
  %u8_m = memref.alloc() : memref<ui8>
  memref.store %u8_u, %u8_m[] : memref<ui8>
  %u8 = bufferization.to_tensor %u8_m restrict : memref<ui8> to tensor<ui8>
  %huge_s = arith.constant -9223372036854775808 : i64
  %huge_u = builtin.unrealized_conversion_cast %huge_s : i64 to ui64
  %huge_m = memref.alloc() : memref<ui64>
  memref.store %huge_u, %huge_m[] : memref<ui64>
  %huge = bufferization.to_tensor %huge_m restrict : memref<ui64> to tensor<ui64>
  %one_s = arith.constant 1 : i32
  %one_u = builtin.unrealized_conversion_cast %one_s : i32 to ui32
  %one_m = memref.alloc() : memref<1xui32>
  memref.store %one_u, %one_m[%c0] : memref<1xui32>
  %one = bufferization.to_tensor %one_m restrict : memref<1xui32> to tensor<1xui32>
  %six_s = arith.constant 6 : i32
  %six_u = builtin.unrealized_conversion_cast %six_s : i32 to ui32
  %six_m = memref.alloc() : memref<1xui32>
  memref.store %six_u, %six_m[%c0] : memref<1xui32>
  %six = bufferization.to_tensor %six_m restrict : memref<1xui32> to tensor<1xui32>
  %two_s = arith.constant 2 : i32
  %two_u = builtin.unrealized_conversion_cast %two_s : i32 to ui32
  %two_m = memref.alloc() : memref<1xui32>
  memref.store %two_u, %two_m[%c0] : memref<1xui32>
  %two = bufferization.to_tensor %two_m restrict : memref<1xui32> to tensor<1xui32>
  %ra, %rb, %rc, %rd = call @runtime_starts(%x, %v, %big, %u8, %huge, %one, %six, %two) {no_inline} : (tensor<6xf32>, tensor<2xf32>, tensor<ui32>, tensor<ui8>, tensor<ui64>, tensor<1xui32>, tensor<1xui32>, tensor<1xui32>) -> (tensor<2xf32>, tensor<6xf32>, tensor<2xf32>, tensor<?xf32>)
  %ua = tensor.cast %a : tensor<2xf32> to tensor<*xf32>
  %ub = tensor.cast %b : tensor<6xf32> to tensor<*xf32>
  %uc = tensor.cast %c : tensor<2xf32> to tensor<*xf32>
  %ura = tensor.cast %ra : tensor<2xf32> to tensor<*xf32>
  %urb = tensor.cast %rb : tensor<6xf32> to tensor<*xf32>
  %urc = tensor.cast %rc : tensor<2xf32> to tensor<*xf32>
  %urd = tensor.cast %rd : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%ura) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%urb) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%urc) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%urd) : (tensor<*xf32>) -> ()
  return
}
// Constant starts.
// CHECK: [4,  5]
// CHECK: [0,  1,  2,  3,  -1,  -2]
// CHECK: [4,  5]
// Run-time starts.
// CHECK: [4,  5]
// CHECK: [0,  1,  2,  3,  -1,  -2]
// CHECK: [4,  5]
// CHECK: [1,  3,  5]
