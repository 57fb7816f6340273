// Tensors are values at public function boundaries, on both pipelines: an
// elementwise op on a view of an argument reads the view and writes a fresh
// buffer of its size (no copy of the view first), unless the caller donates
// its buffers. (Executed from C in
// Integration/CPU/value-semantics.test and from C++ in
// unittests/Pipelines.)
// RUN: slice-opt %s --slice-to-llvm -mlir-print-ir-after=slice-forward-argument-views -o /dev/null 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: slice-opt %s --slice-to-llvm=writable-arguments=true -mlir-print-ir-after=slice-forward-argument-views -o /dev/null 2>&1 | FileCheck %s --check-prefix=CPU-WRITABLE
// RUN: slice-opt %s --slice-to-nvvm=format=isa -mlir-print-ir-after=gpu-kernel-outlining -o /dev/null 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: slice-opt %s '--slice-to-nvvm=format=isa writable-arguments=true' -mlir-print-ir-after=gpu-kernel-outlining -o /dev/null 2>&1 | FileCheck %s --check-prefix=GPU-WRITABLE

// CPU-LABEL: func.func @sq(
//       CPU:   %[[VIEW:.*]] = memref.subview %arg0[0] [5] [2]
//       CPU:   %[[FRESH:.*]] = memref.alloc() {{.*}} : memref<5xi32>
//   CPU-NOT:   memref.copy
//       CPU:   linalg.generic {{.*}} ins(%[[VIEW]] : {{.*}}) outs(%[[FRESH]] :
//       CPU:   return %[[FRESH]]
// Donated, a view that skips elements is still not written in place (a
// fraction of each sector, and a sparse result): a fresh buffer.
// CPU-WRITABLE-LABEL: func.func @sq(
//       CPU-WRITABLE:   %[[VIEW:.*]] = memref.subview %arg0[0] [5] [2]
//       CPU-WRITABLE:   %[[FRESH:.*]] = memref.alloc() {{.*}} : memref<5xi32>
//       CPU-WRITABLE:   linalg.generic {{.*}} ins(%[[VIEW]] : {{.*}}) outs(%[[FRESH]] :
//       CPU-WRITABLE:   return %[[FRESH]]

// GPU-LABEL: func.func @sq(
//       GPU:   %[[VIEW:.*]] = memref.subview %arg0[0] [5] [2]
//       GPU:   %[[FRESH:.*]] = gpu.alloc () : memref<5xi32>
//       GPU:   gpu.launch_func @sq_kernel::@sq_kernel {{.*}} args(%[[VIEW]] : memref<5xi32, strided<[2]>>, %[[FRESH]] : memref<5xi32>)
//   GPU-NOT:   gpu.launch_func
//       GPU:   return %[[FRESH]]
// GPU-WRITABLE-LABEL: func.func @sq(
//       GPU-WRITABLE:   %[[VIEW:.*]] = memref.subview %arg0[0] [5] [2]
//       GPU-WRITABLE:   %[[FRESH:.*]] = gpu.alloc () : memref<5xi32>
//       GPU-WRITABLE:   gpu.launch_func @sq_kernel::@sq_kernel {{.*}} args(%[[VIEW]] : memref<5xi32, strided<[2]>>, %[[FRESH]] : memref<5xi32>)
func.func @sq(%x: tensor<10xi32>) -> tensor<5xi32> attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[::2] : tensor<10xi32> to tensor<5xi32>
  %m = arith.muli %r, %r : tensor<5xi32>
  return %m : tensor<5xi32>
}

// A returned view of an argument stays a view (no allocation, no copy),
// read-only arguments or not.
// CPU-LABEL: func.func @view(
//   CPU-NOT:   memref.alloc
//   CPU-NOT:   bufferization.clone
//       CPU:   %[[VIEW:.*]] = memref.subview %arg0[1] [5] [2]
//       CPU:   return %[[VIEW]]
// GPU-LABEL: func.func @view(
//   GPU-NOT:   gpu.alloc
//   GPU-NOT:   launch_func
//       GPU:   return
func.func @view(%x: tensor<10xi32>) -> tensor<5xi32> attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[1::2] : tensor<10xi32> to tensor<5xi32>
  return %r : tensor<5xi32>
}
