// RUN: slice-opt %s -split-input-file --slice-to-nvvm=format=isa | FileCheck %s

// slice.strided_update on the GPU route: the write is a copy kernel into
// the view of dest (here a reversed stride). A read-only dest is copied
// into a new device buffer first; a donated one is written in place, with
// no allocation. (A copy may have several kernels, among which the host
// picks by alignment, so the launches in the text are not counted.)

// CHECK-LABEL: llvm.func @update_read_only
// CHECK: llvm.call @mgpuMemAlloc
// CHECK: gpu.launch_func
// CHECK: llvm.return
func.func @update_read_only(%x: tensor<64x64xf32>, %v: tensor<64x32xf32>) -> tensor<64x64xf32> {
  %r = slice.strided_update %v into %x[:, ::-2] : tensor<64x32xf32> into tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// CHECK-LABEL: llvm.func @update_donated
// CHECK-NOT: mgpuMemAlloc
// CHECK: gpu.launch_func
// CHECK-NOT: mgpuMemAlloc
// CHECK: llvm.return
func.func @update_donated(%x: tensor<64x64xf32> {bufferization.writable = true}, %v: tensor<64x32xf32>) -> tensor<64x64xf32> {
  %r = slice.strided_update %v into %x[:, ::-2] : tensor<64x32xf32> into tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
