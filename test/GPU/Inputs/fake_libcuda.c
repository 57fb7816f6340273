// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// A stand-in for the NVIDIA driver (libcuda.so.1) on machines without a GPU
// (runtime.test): "device" memory is host memory, copies are memcpy, and
// modules are only checked to be CUDA images. Kernels cannot run here:
// cuLaunchKernel fails with CUDA_ERROR_NOT_SUPPORTED. It exercises what a
// real driver would see of the runtime and the AOT programs: every entry
// point resolved by name, contexts, allocations, copies and module loads.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int loadedModules = 0;

CUresult cuInit(unsigned flags) { return CUDA_SUCCESS; }
CUresult cuGetErrorName(CUresult error, const char **name) {
  *name = error == CUDA_ERROR_NOT_SUPPORTED   ? "CUDA_ERROR_NOT_SUPPORTED"
          : error == CUDA_ERROR_INVALID_IMAGE ? "CUDA_ERROR_INVALID_IMAGE"
                                              : "CUDA_ERROR_UNKNOWN";
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  *device = ordinal;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetName(char *name, int length, CUdevice device) {
  snprintf(name, length, "fake driver (host memory)");
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute a, CUdevice d) {
  *value = 0;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  *context = (CUcontext)0x1;
  return CUDA_SUCCESS;
}
CUresult cuCtxPushCurrent_v2(CUcontext context) { return CUDA_SUCCESS; }
CUresult cuCtxPopCurrent_v2(CUcontext *context) { return CUDA_SUCCESS; }

// A fatbin (magic 0xBA55ED50), a cubin (ELF) or PTX text.
static CUresult load(CUmodule *module, const void *image) {
  const unsigned char *bytes = image;
  unsigned magic;
  memcpy(&magic, bytes, 4);
  if (magic != 0xBA55ED50u &&
      memcmp(bytes,
             "\x7f"
             "ELF",
             4) != 0 &&
      !strstr((const char *)bytes, ".target sm_"))
    return CUDA_ERROR_INVALID_IMAGE;
  *module = (CUmodule)(long)++loadedModules;
  return CUDA_SUCCESS;
}
CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  return load(module, image);
}
CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned n,
                            CUjit_option *options, void **values) {
  return load(module, image);
}
CUresult cuModuleUnload(CUmodule module) { return CUDA_SUCCESS; }
CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name) {
  *function = (CUfunction)module;
  return CUDA_SUCCESS;
}
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned smem,
                        CUstream stream, void **params, void **extra) {
  return CUDA_ERROR_NOT_SUPPORTED;
}
CUresult cuStreamCreate(CUstream *stream, unsigned flags) {
  *stream = (CUstream)0x2;
  return CUDA_SUCCESS;
}
CUresult cuStreamDestroy_v2(CUstream stream) { return CUDA_SUCCESS; }
CUresult cuStreamSynchronize(CUstream stream) { return CUDA_SUCCESS; }
CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned flags) {
  return CUDA_SUCCESS;
}
CUresult cuEventCreate(CUevent *event, unsigned flags) {
  *event = (CUevent)0x3;
  return CUDA_SUCCESS;
}
CUresult cuEventDestroy_v2(CUevent event) { return CUDA_SUCCESS; }
CUresult cuEventRecord(CUevent event, CUstream stream) { return CUDA_SUCCESS; }
CUresult cuEventSynchronize(CUevent event) { return CUDA_SUCCESS; }
CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent stop) {
  *ms = 0;
  return CUDA_SUCCESS;
}
CUresult cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  void *memory = aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!memory)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *pointer = (CUdeviceptr)memory;
  return CUDA_SUCCESS;
}
CUresult cuMemAllocManaged(CUdeviceptr *pointer, size_t bytes, unsigned f) {
  return cuMemAlloc_v2(pointer, bytes);
}
CUresult cuMemFree_v2(CUdeviceptr pointer) {
  free((void *)pointer);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       CUstream stream) {
  memcpy((void *)dst, (const void *)src, bytes);
  return CUDA_SUCCESS;
}
CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t count,
                          CUstream stream) {
  for (size_t i = 0; i < count; ++i)
    memcpy((char *)dst + 4 * i, &value, 4);
  return CUDA_SUCCESS;
}
CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t count,
                          CUstream stream) {
  for (size_t i = 0; i < count; ++i)
    memcpy((char *)dst + 2 * i, &value, 2);
  return CUDA_SUCCESS;
}
CUresult cuMemHostRegister_v2(void *pointer, size_t bytes, unsigned flags) {
  return CUDA_SUCCESS;
}
CUresult cuMemHostUnregister(void *pointer) { return CUDA_SUCCESS; }
