// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s --check-prefix=VIEW
// RUN: slice-opt %s '--slice-to-nvvm=format=isa slices=copy' | FileCheck %s --check-prefix=COPY
// RUN: slice-opt %s '--slice-to-nvvm=format=isa slices=copy' | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM

// Views of device memory stay views: no kernel, no allocation, the result
// descriptor points into the argument.
// VIEW-NOT: gpu.binary
// VIEW-NOT: launch_func
// VIEW-NOT: mgpu
// VIEW-LABEL: llvm.func @reversed(
// VIEW-DAG: %[[MINUS1:.*]] = llvm.mlir.constant(-1 : index)
// VIEW-DAG: %[[LAST:.*]] = llvm.mlir.constant(127 : index)
// VIEW: llvm.insertvalue %arg1, %{{.*}}[1]
// VIEW: llvm.insertvalue %[[LAST]], %{{.*}}[2]
// VIEW: llvm.insertvalue %[[MINUS1]], %{{.*}}[4, 1]
// VIEW-LABEL: llvm.func @rows(

// Copies: the result is a device allocation filled by a kernel, launched
// on a stream of the host function; the kernels are PTX for sm_90, all in
// one module (--slice-merge-kernel-modules): one back end run, one load.
// COPY-LABEL: llvm.func @reversed(
// COPY: llvm.call @mgpuStreamCreate()
// COPY: llvm.call @mgpuMemAlloc(
// COPY: gpu.launch_func <%{{.*}} : !llvm.ptr> @slice_kernels::@reversed_kernel blocks in
// COPY: llvm.call @mgpuStreamSynchronize(
// COPY: llvm.call @mgpuStreamDestroy(
// COPY-NOT: gpu.binary
// COPY: gpu.binary @slice_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, {{.*}}assembly = "
// COPY-SAME: .target sm_90
// COPY-SAME: .entry reversed_kernel(
// COPY-SAME: .entry rows_kernel(
// COPY-NOT: gpu.binary

// The object code calls the mgpu* runtime (runtime/cuda) and loads the
// kernel module once, at start-up.
// LLVM: @llvm.global_ctors
// LLVM-LABEL: define { ptr, ptr, i64, [2 x i64], [2 x i64] } @reversed(
// LLVM: call ptr @mgpuMemAlloc(i64 32768,
// LLVM: call ptr @mgpuModuleGetFunction(
// LLVM: call void @mgpuLaunchKernel(ptr %{{.*}}, i64 8, i64 1, i64 1, i64 256, i64 1, i64 1, i32 0,
// LLVM: call ptr @mgpuModuleLoadJIT(ptr @slice_kernels_binary, i32 3)
// LLVM-NOT: call ptr @mgpuModuleLoadJIT(

func.func @reversed(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %r = slice.strided %x[:, ::-1] : tensor<64x128xf32> to tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

func.func @rows(%x: tensor<64x128xf32>) -> tensor<32x128xf32> {
  %r = slice.strided %x[::2, :] : tensor<64x128xf32> to tensor<32x128xf32>
  return %r : tensor<32x128xf32>
}
