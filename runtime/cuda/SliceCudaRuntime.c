//===- SliceCudaRuntime.c - The mgpu* entry points over the CUDA driver ---===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the host code of `--slice-to-nvvm` calls (upstream's gpu-to-llvm
// lowering and gpu.binary embedding emit these calls; Debian's LLVM 22 ships
// no library that implements them). Each entry point is a thin wrapper
// over the CUDA driver API on the primary context of the default device.
//
// The driver is opened at run time (dlopen of libcuda.so.1), so programs
// link without the CUDA toolkit's stub library and run on any machine with
// an NVIDIA driver: nothing else from CUDA is needed there. A machine
// without a driver or a device gets one clear message and exit status 1,
// and so does every failing driver call: the generated code has no way to
// handle an error, and carrying on would compute garbage.
//
//===----------------------------------------------------------------------===//

#include "SliceCudaRuntime.h"

#include <cuda.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// The driver, opened on first use
//===----------------------------------------------------------------------===//

// Driver entry points by their exported (versioned) names. cuda.h maps the
// unversioned names to these through macros, which dlsym does not see.
#define SLICE_DRIVER_FUNCTIONS(X)                                              \
  X(cuInit, "cuInit", CUresult, (unsigned))                                    \
  X(cuGetErrorName, "cuGetErrorName", CUresult, (CUresult, const char **))     \
  X(cuDeviceGetCount, "cuDeviceGetCount", CUresult, (int *))                   \
  X(cuDeviceGet, "cuDeviceGet", CUresult, (CUdevice *, int))                   \
  X(cuDeviceGetName, "cuDeviceGetName", CUresult, (char *, int, CUdevice))     \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute", CUresult,                    \
    (int *, CUdevice_attribute, CUdevice))                                     \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", CUresult,            \
    (CUcontext *, CUdevice))                                                   \
  X(cuCtxPushCurrent, "cuCtxPushCurrent_v2", CUresult, (CUcontext))            \
  X(cuCtxPopCurrent, "cuCtxPopCurrent_v2", CUresult, (CUcontext *))            \
  X(cuModuleLoadData, "cuModuleLoadData", CUresult,                            \
    (CUmodule *, const void *))                                                \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx", CUresult,                        \
    (CUmodule *, const void *, unsigned, CUjit_option *, void **))             \
  X(cuModuleUnload, "cuModuleUnload", CUresult, (CUmodule))                    \
  X(cuModuleGetFunction, "cuModuleGetFunction", CUresult,                      \
    (CUfunction *, CUmodule, const char *))                                    \
  X(cuLaunchKernel, "cuLaunchKernel", CUresult,                                \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,   \
     unsigned, CUstream, void **, void **))                                    \
  X(cuStreamCreate, "cuStreamCreate", CUresult, (CUstream *, unsigned))        \
  X(cuStreamDestroy, "cuStreamDestroy_v2", CUresult, (CUstream))               \
  X(cuStreamSynchronize, "cuStreamSynchronize", CUresult, (CUstream))          \
  X(cuStreamWaitEvent, "cuStreamWaitEvent", CUresult,                          \
    (CUstream, CUevent, unsigned))                                             \
  X(cuEventCreate, "cuEventCreate", CUresult, (CUevent *, unsigned))           \
  X(cuEventDestroy, "cuEventDestroy_v2", CUresult, (CUevent))                  \
  X(cuEventRecord, "cuEventRecord", CUresult, (CUevent, CUstream))             \
  X(cuEventSynchronize, "cuEventSynchronize", CUresult, (CUevent))             \
  X(cuEventElapsedTime, "cuEventElapsedTime_v2", CUresult,                     \
    (float *, CUevent, CUevent))                                               \
  X(cuMemAlloc, "cuMemAlloc_v2", CUresult, (CUdeviceptr *, size_t))            \
  X(cuMemAllocManaged, "cuMemAllocManaged", CUresult,                          \
    (CUdeviceptr *, size_t, unsigned))                                         \
  X(cuMemFree, "cuMemFree_v2", CUresult, (CUdeviceptr))                        \
  X(cuMemcpyAsync, "cuMemcpyAsync", CUresult,                                  \
    (CUdeviceptr, CUdeviceptr, size_t, CUstream))                              \
  X(cuMemsetD32Async, "cuMemsetD32Async", CUresult,                            \
    (CUdeviceptr, unsigned, size_t, CUstream))                                 \
  X(cuMemsetD16Async, "cuMemsetD16Async", CUresult,                            \
    (CUdeviceptr, unsigned short, size_t, CUstream))                           \
  X(cuMemHostRegister, "cuMemHostRegister_v2", CUresult,                       \
    (void *, size_t, unsigned))                                                \
  X(cuMemHostUnregister, "cuMemHostUnregister", CUresult, (void *))

static struct {
#define SLICE_DECLARE(field, symbol, result, params) result(*field) params;
  SLICE_DRIVER_FUNCTIONS(SLICE_DECLARE)
#undef SLICE_DECLARE
} driver;

static int defaultDevice = 0;
static CUcontext context = NULL;

/// Reports a failed driver call (`call` is its source text, the function
/// named after "driver.") and exits.
static void fail(const char *call, CUresult result) {
  const char *name = NULL;
  if (driver.cuGetErrorName)
    driver.cuGetErrorName(result, &name);
  const char *function = strstr(call, "driver.");
  function = function ? function + strlen("driver.") : call;
  fprintf(stderr, "slice-cuda-runtime: %.*s failed: %s (%d)\n",
          (int)strcspn(function, "("), function, name ? name : "unknown error",
          (int)result);
  exit(1);
}

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult result_ = (call);                                                 \
    if (result_ != CUDA_SUCCESS)                                               \
      fail(#call, result_);                                                    \
  } while (0)

/// The driver's `symbol`, or for a `_v2` name missing in an older driver,
/// the unversioned one.
static void *resolve(void *library, const char *symbol) {
  void *found = dlsym(library, symbol);
  size_t length = strlen(symbol);
  if (!found && length > 3 && strcmp(symbol + length - 3, "_v2") == 0) {
    char legacy[64];
    snprintf(legacy, sizeof(legacy), "%.*s", (int)(length - 3), symbol);
    found = dlsym(library, legacy);
  }
  return found;
}

static void openDriver(void) {
  if (context)
    return;
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr,
            "slice-cuda-runtime: cannot load the CUDA driver "
            "(libcuda.so.1): %s\n",
            dlerror());
    exit(1);
  }
#define SLICE_RESOLVE(field, symbol, result, params)                           \
  driver.field = (result(*) params)resolve(library, symbol);                   \
  if (!driver.field) {                                                         \
    fprintf(stderr,                                                            \
            "slice-cuda-runtime: the CUDA driver has no %s (too old?)\n",      \
            symbol);                                                           \
    exit(1);                                                                   \
  }
  SLICE_DRIVER_FUNCTIONS(SLICE_RESOLVE)
#undef SLICE_RESOLVE
  CHECK(driver.cuInit(0));
  int count = 0;
  CHECK(driver.cuDeviceGetCount(&count));
  if (defaultDevice < 0 || defaultDevice >= count) {
    fprintf(stderr,
            "slice-cuda-runtime: no CUDA device %d (the driver sees %d)\n",
            defaultDevice, count);
    exit(1);
  }
  CUdevice device;
  CHECK(driver.cuDeviceGet(&device, defaultDevice));
  // The primary context: shared with the CUDA runtime API (cudaMalloc and
  // friends) in the same process.
  CHECK(driver.cuDevicePrimaryCtxRetain(&context, device));
}

/// Makes the primary context current for one driver call.
static void enter(void) {
  openDriver();
  CHECK(driver.cuCtxPushCurrent(context));
}

static void leave(void) {
  CUcontext popped;
  CHECK(driver.cuCtxPopCurrent(&popped));
}

//===----------------------------------------------------------------------===//
// Modules and launches
//===----------------------------------------------------------------------===//

void *mgpuModuleLoad(void *data, size_t size) {
  (void)size;
  enter();
  CUmodule module = NULL;
  CHECK(driver.cuModuleLoadData(&module, data));
  leave();
  return module;
}

void *mgpuModuleLoadJIT(void *data, int optLevel) {
  enter();
  CUmodule module = NULL;
  CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {(void *)(intptr_t)optLevel};
  CHECK(driver.cuModuleLoadDataEx(&module, data, 1, options, values));
  leave();
  return module;
}

void mgpuModuleUnload(void *module) {
  // Called from a global destructor: the driver may be gone already at
  // process exit, so a failure here is not reported.
  if (context)
    driver.cuModuleUnload((CUmodule)module);
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  enter();
  CUfunction function = NULL;
  CHECK(driver.cuModuleGetFunction(&function, (CUmodule)module, name));
  leave();
  return function;
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount) {
  (void)paramsCount;
  const intptr_t maxGridX = 0x7fffffff, maxGridYZ = 65535;
  if (gridX < 1 || gridY < 1 || gridZ < 1 || gridX > maxGridX ||
      gridY > maxGridYZ || gridZ > maxGridYZ) {
    fprintf(stderr,
            "slice-cuda-runtime: cannot launch a grid of %ld x %ld x %ld "
            "blocks\n",
            (long)gridX, (long)gridY, (long)gridZ);
    exit(1);
  }
  enter();
  CHECK(driver.cuLaunchKernel(
      (CUfunction)function, (unsigned)gridX, (unsigned)gridY, (unsigned)gridZ,
      (unsigned)blockX, (unsigned)blockY, (unsigned)blockZ, (unsigned)smem,
      (CUstream)stream, params, extra));
  leave();
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

// The host code of --slice-to-nvvm creates a stream for each launch and
// destroys it once the launch is done. Destroyed streams (idle: the code
// synchronizes first) are kept for the next create, which saves two driver
// calls per launch.
enum { kStreamPoolSize = 16 };
static CUstream streamPool[kStreamPoolSize];
static int streamPoolCount = 0;
static pthread_mutex_t streamPoolLock = PTHREAD_MUTEX_INITIALIZER;

void *mgpuStreamCreate(void) {
  pthread_mutex_lock(&streamPoolLock);
  CUstream stream = streamPoolCount ? streamPool[--streamPoolCount] : NULL;
  pthread_mutex_unlock(&streamPoolLock);
  if (stream)
    return stream;
  enter();
  CHECK(driver.cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  leave();
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  // Work still queued on the stream completes first, as cuStreamDestroy
  // would let it.
  CHECK(driver.cuStreamSynchronize((CUstream)stream));
  pthread_mutex_lock(&streamPoolLock);
  int kept = streamPoolCount < kStreamPoolSize;
  if (kept)
    streamPool[streamPoolCount++] = (CUstream)stream;
  pthread_mutex_unlock(&streamPoolLock);
  if (!kept)
    CHECK(driver.cuStreamDestroy((CUstream)stream));
}

void mgpuStreamSynchronize(void *stream) {
  // Errors of earlier asynchronous work (a kernel that faulted) surface
  // here.
  CHECK(driver.cuStreamSynchronize((CUstream)stream));
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  CHECK(driver.cuStreamWaitEvent((CUstream)stream, (CUevent)event, 0));
}

void *mgpuEventCreate(void) {
  enter();
  CUevent event = NULL;
  CHECK(driver.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
  leave();
  return event;
}

void mgpuEventDestroy(void *event) {
  CHECK(driver.cuEventDestroy((CUevent)event));
}

void mgpuEventSynchronize(void *event) {
  CHECK(driver.cuEventSynchronize((CUevent)event));
}

void mgpuEventRecord(void *event, void *stream) {
  CHECK(driver.cuEventRecord((CUevent)event, (CUstream)stream));
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared) {
  (void)stream;
  enter();
  CUdeviceptr pointer = 0;
  // cuMemAlloc rejects 0 bytes; an empty buffer still needs a distinct,
  // never dereferenced pointer, so take the smallest allocation.
  size_t bytes = sizeBytes ? sizeBytes : 1;
  if (isHostShared)
    CHECK(driver.cuMemAllocManaged(&pointer, bytes, CU_MEM_ATTACH_GLOBAL));
  else
    CHECK(driver.cuMemAlloc(&pointer, bytes));
  leave();
  return (void *)pointer;
}

void mgpuMemFree(void *pointer, void *stream) {
  (void)stream;
  if (!pointer)
    return;
  enter();
  // cuMemFree synchronizes with work on the device that may still use the
  // buffer.
  CHECK(driver.cuMemFree((CUdeviceptr)pointer));
  leave();
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (!sizeBytes)
    return;
  enter();
  CHECK(driver.cuMemcpyAsync((CUdeviceptr)dst, (CUdeviceptr)src, sizeBytes,
                             (CUstream)stream));
  leave();
}

void mgpuMemset32(void *dst, unsigned value, size_t count, void *stream) {
  enter();
  CHECK(driver.cuMemsetD32Async((CUdeviceptr)dst, value, count,
                                (CUstream)stream));
  leave();
}

void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  enter();
  CHECK(driver.cuMemsetD16Async((CUdeviceptr)dst, value, count,
                                (CUstream)stream));
  leave();
}

void mgpuMemHostRegister(void *pointer, uint64_t sizeBytes) {
  enter();
  CHECK(driver.cuMemHostRegister(pointer, sizeBytes, 0));
  leave();
}

void mgpuMemHostUnregister(void *pointer) {
  enter();
  CHECK(driver.cuMemHostUnregister(pointer));
  leave();
}

/// A ranked memref descriptor: allocated, aligned, offset, sizes, strides.
typedef struct {
  char *allocated, *aligned;
  int64_t offset;
  int64_t sizesAndStrides[];
} SliceMemRefDescriptor;

/// The bytes a row-major dense memref spans (upstream registers only
/// dense memrefs).
static uint64_t denseBytes(int64_t rank, const SliceMemRefDescriptor *d,
                           int64_t elementBytes) {
  uint64_t bytes = (uint64_t)elementBytes;
  for (int64_t i = 0; i < rank; ++i)
    bytes *= (uint64_t)d->sizesAndStrides[i];
  return bytes;
}

void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementBytes) {
  const SliceMemRefDescriptor *d = descriptor;
  mgpuMemHostRegister(d->aligned + d->offset * elementBytes,
                      denseBytes(rank, d, elementBytes));
}

void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementBytes) {
  (void)rank;
  const SliceMemRefDescriptor *d = descriptor;
  mgpuMemHostUnregister(d->aligned + d->offset * elementBytes);
}

void mgpuSetDefaultDevice(int32_t device) { defaultDevice = device; }

//===----------------------------------------------------------------------===//
// For test drivers and benchmarks
//===----------------------------------------------------------------------===//

int sliceCudaDeviceName(char *name, int length) {
  enter();
  CUdevice device;
  CHECK(driver.cuDeviceGet(&device, defaultDevice));
  CHECK(driver.cuDeviceGetName(name, length, device));
  leave();
  return 0;
}

void sliceCudaCopy(void *dst, const void *src, size_t sizeBytes) {
  if (!sizeBytes)
    return;
  enter();
  // Unified addressing: the driver tells host from device pointers.
  CHECK(driver.cuMemcpyAsync((CUdeviceptr)dst, (CUdeviceptr)src, sizeBytes,
                             NULL));
  CHECK(driver.cuStreamSynchronize(NULL));
  leave();
}

void sliceCudaSynchronize(void) {
  enter();
  CHECK(driver.cuStreamSynchronize(NULL));
  leave();
}

void *sliceCudaEventCreateTimed(void) {
  enter();
  CUevent event = NULL;
  CHECK(driver.cuEventCreate(&event, CU_EVENT_DEFAULT));
  leave();
  return event;
}

float sliceCudaEventElapsedMs(void *start, void *stop) {
  float ms = 0;
  CHECK(driver.cuEventSynchronize((CUevent)stop));
  CHECK(driver.cuEventElapsedTime(&ms, (CUevent)start, (CUevent)stop));
  return ms;
}
