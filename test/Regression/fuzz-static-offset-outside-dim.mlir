// Found by slice-spec-fuzzer (docs/reliability.md): an empty range whose
// start is static and lies outside a static dimension: x[5:e] on 5
// elements starts at 5, x[-9:e:-1] at -1, and any range of a 0-size
// dimension at 0. With a run-time end the size is not known, so the view
// was a tensor.extract_slice / memref.subview with that static offset,
// which upstream's verifier rejects ("offset 0 is out-of-bounds: 5 >= 5")
// even for size 0: --slice-to-llvm failed on valid ops. Such a view is now
// known to be empty. Every route compiles, and the results are NumPy's
// (np.arange(5.)[5:3], np.arange(5.)[-9:0:-1] and
// np.zeros((2, 0, 3))[:, -1:e:2] are all empty; printMemref prints an
// element even of an empty memref, so only the sizes are checked).
//
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s

// CHECK: rank = 1 offset = {{[0-9]+}} sizes = [0] strides = {{.*}} data =
// CHECK: rank = 1 offset = {{[0-9]+}} sizes = [0] strides = {{.*}} data =
// CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 0, 3] strides = {{.*}} data =

func.func private @printMemrefF32(tensor<*xf32>)

func.func @at_end(%x: tensor<5xf32>, %e: index) -> tensor<?xf32> {
  %r = slice.strided %x[5:%e] : tensor<5xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @before_front(%x: tensor<5xf32>, %e: index) -> tensor<?xf32> {
  %r = slice.strided %x[-9:%e:-1] : tensor<5xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @zero_size_dim(%x: tensor<2x0x3xf32>, %e: index) -> tensor<2x?x3xf32> {
  %r = slice.strided_axes %x axes [1] starts [-1] ends [%e] strides [2]
      : tensor<2x0x3xf32> to tensor<2x?x3xf32>
  return %r : tensor<2x?x3xf32>
}

func.func @main() {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>
  %z = tensor.empty() : tensor<2x0x3xf32>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %a = call @at_end(%x, %c3) : (tensor<5xf32>, index) -> tensor<?xf32>
  %ua = tensor.cast %a : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %b = call @before_front(%x, %c0) : (tensor<5xf32>, index) -> tensor<?xf32>
  %ub = tensor.cast %b : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  %c = call @zero_size_dim(%z, %c3) : (tensor<2x0x3xf32>, index) -> tensor<2x?x3xf32>
  %uc = tensor.cast %c : tensor<2x?x3xf32> to tensor<*xf32>
  call @printMemrefF32(%uc) : (tensor<*xf32>) -> ()
  return
}
