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
// A call of a compiled function should cost its kernels, not the driver:
// - the primary context is made current once per thread (not pushed and
//   popped around every entry point);
// - kernel handles are resolved once per module and name;
// - streams are kept for reuse, and destroying one does not wait for it
//   (the generated code waits once per call, `--slice-to-nvvm`'s
//   slice-gpu-one-stream);
// - memory comes from the device's default pool, stream-ordered, with its
//   release threshold raised so that freed blocks stay for the next call
//   (cuMemAllocFromPoolAsync, cuMemFreeAsync), or, where the driver or
//   the device has no pools, from a cache of freed blocks by size class.
//   SLICE_CUDA_ALLOCATOR=pool|cache|driver picks one (driver: cuMemAlloc
//   and cuMemFree at every call, as before).
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
  X(cuCtxGetCurrent, "cuCtxGetCurrent", CUresult, (CUcontext *))               \
  X(cuCtxSetCurrent, "cuCtxSetCurrent", CUresult, (CUcontext))                 \
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

// Entry points that older drivers lack (memory pools came with CUDA 11.2):
// resolved where present, with the cache of freed blocks instead.
#define SLICE_OPTIONAL_DRIVER_FUNCTIONS(X)                                     \
  X(cuDeviceGetDefaultMemPool, "cuDeviceGetDefaultMemPool", CUresult,          \
    (CUmemoryPool *, CUdevice))                                                \
  X(cuMemPoolSetAttribute, "cuMemPoolSetAttribute", CUresult,                  \
    (CUmemoryPool, CUmemPool_attribute, void *))                               \
  X(cuMemAllocFromPoolAsync, "cuMemAllocFromPoolAsync", CUresult,              \
    (CUdeviceptr *, size_t, CUmemoryPool, CUstream))                           \
  X(cuMemFreeAsync, "cuMemFreeAsync", CUresult, (CUdeviceptr, CUstream))

static struct {
#define SLICE_DECLARE(field, symbol, result, params) result(*field) params;
  SLICE_DRIVER_FUNCTIONS(SLICE_DECLARE)
  SLICE_OPTIONAL_DRIVER_FUNCTIONS(SLICE_DECLARE)
#undef SLICE_DECLARE
} driver;

static int defaultDevice = 0;
static CUcontext context = NULL;
static pthread_once_t driverOnce = PTHREAD_ONCE_INIT;

/// Where device memory comes from (SLICE_CUDA_ALLOCATOR).
typedef enum { kAllocatorPool, kAllocatorCache, kAllocatorDriver } Allocator;
static Allocator allocator = kAllocatorPool;
static CUmemoryPool pool = NULL;

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

static void chooseAllocator(CUdevice device);

static void openDriverOnce(void) {
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
#define SLICE_RESOLVE_OPTIONAL(field, symbol, result, params)                  \
  driver.field = (result(*) params)resolve(library, symbol);
  SLICE_OPTIONAL_DRIVER_FUNCTIONS(SLICE_RESOLVE_OPTIONAL)
#undef SLICE_RESOLVE_OPTIONAL
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
  chooseAllocator(device);
}

/// Whether this thread has the primary context current.
static __thread int threadBound = 0;

/// Opens the driver once per process and makes the primary context current
/// once per thread: it stays current (as the CUDA runtime API keeps it), so
/// the entry points cost no context switch. A caller that makes another
/// context current on a thread afterwards must make the primary one
/// current again before it calls compiled code there.
static void enter(void) {
  if (threadBound)
    return;
  pthread_once(&driverOnce, openDriverOnce);
  CUcontext current = NULL;
  CHECK(driver.cuCtxGetCurrent(&current));
  if (current != context)
    CHECK(driver.cuCtxSetCurrent(context));
  threadBound = 1;
}

//===----------------------------------------------------------------------===//
// Modules and launches
//===----------------------------------------------------------------------===//

void *mgpuModuleLoad(void *data, size_t size) {
  (void)size;
  enter();
  CUmodule module = NULL;
  CHECK(driver.cuModuleLoadData(&module, data));
  return module;
}

void *mgpuModuleLoadJIT(void *data, int optLevel) {
  enter();
  CUmodule module = NULL;
  CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {(void *)(intptr_t)optLevel};
  CHECK(driver.cuModuleLoadDataEx(&module, data, 1, options, values));
  return module;
}

// The host code resolves a kernel's handle before every launch (upstream's
// gpu-to-llvm lowering): the handles are kept by module and name (the
// name's address: a constant of the program), so the driver is asked once.
typedef struct KnownFunction {
  CUmodule module;
  const char *name;
  CUfunction function;
  struct KnownFunction *next;
} KnownFunction;

enum { kFunctionBuckets = 256 };
static KnownFunction *knownFunctions[kFunctionBuckets];
static pthread_mutex_t knownFunctionsLock = PTHREAD_MUTEX_INITIALIZER;

static unsigned functionBucket(const void *module, const char *name) {
  uintptr_t key = (uintptr_t)module * 31u + (uintptr_t)name;
  return (unsigned)((key >> 4) ^ (key >> 12)) % kFunctionBuckets;
}

void mgpuModuleUnload(void *module) {
  pthread_mutex_lock(&knownFunctionsLock);
  for (unsigned b = 0; b < kFunctionBuckets; ++b) {
    for (KnownFunction **at = &knownFunctions[b]; *at;) {
      KnownFunction *known = *at;
      if (known->module != (CUmodule)module) {
        at = &known->next;
        continue;
      }
      *at = known->next;
      free(known);
    }
  }
  pthread_mutex_unlock(&knownFunctionsLock);
  // Called from a global destructor: the driver may be gone already at
  // process exit, so a failure here is not reported.
  if (context)
    driver.cuModuleUnload((CUmodule)module);
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  unsigned bucket = functionBucket(module, name);
  pthread_mutex_lock(&knownFunctionsLock);
  CUfunction function = NULL;
  for (KnownFunction *known = knownFunctions[bucket]; known && !function;
       known = known->next)
    if (known->module == (CUmodule)module && known->name == name)
      function = known->function;
  pthread_mutex_unlock(&knownFunctionsLock);
  if (function)
    return function;
  enter();
  CHECK(driver.cuModuleGetFunction(&function, (CUmodule)module, name));
  KnownFunction *known = malloc(sizeof(KnownFunction));
  if (!known)
    return function;
  *known = (KnownFunction){(CUmodule)module, name, function, NULL};
  pthread_mutex_lock(&knownFunctionsLock);
  known->next = knownFunctions[bucket];
  knownFunctions[bucket] = known;
  pthread_mutex_unlock(&knownFunctionsLock);
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
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

// The host code of --slice-to-nvvm creates a stream for each call of a
// function and destroys it once the call is done. Destroyed streams are
// kept for the next create, which saves two driver calls per call; one
// handed back with work still queued is fine to reuse, as work on a
// stream runs in order (and cuStreamDestroy does not wait for it either).
static void releasePendingBlocks(CUstream stream);

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
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  pthread_mutex_lock(&streamPoolLock);
  int kept = streamPoolCount < kStreamPoolSize;
  if (kept)
    streamPool[streamPoolCount++] = (CUstream)stream;
  pthread_mutex_unlock(&streamPoolLock);
  if (kept)
    return;
  // Blocks freed on the stream wait for it in the cache.
  CHECK(driver.cuStreamSynchronize((CUstream)stream));
  releasePendingBlocks((CUstream)stream);
  CHECK(driver.cuStreamDestroy((CUstream)stream));
}

void mgpuStreamSynchronize(void *stream) {
  // Errors of earlier asynchronous work (a kernel that faulted) surface
  // here.
  CHECK(driver.cuStreamSynchronize((CUstream)stream));
  releasePendingBlocks((CUstream)stream);
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  CHECK(driver.cuStreamWaitEvent((CUstream)stream, (CUevent)event, 0));
}

void *mgpuEventCreate(void) {
  enter();
  CUevent event = NULL;
  CHECK(driver.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
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

static void chooseAllocator(CUdevice device) {
  const char *chosen = getenv("SLICE_CUDA_ALLOCATOR");
  if (chosen && strcmp(chosen, "driver") == 0) {
    allocator = kAllocatorDriver;
    return;
  }
  allocator = kAllocatorCache;
  if (chosen && strcmp(chosen, "cache") == 0)
    return;
  if (chosen && *chosen && strcmp(chosen, "pool") != 0) {
    fprintf(stderr,
            "slice-cuda-runtime: SLICE_CUDA_ALLOCATOR=%s is none of pool, "
            "cache, driver\n",
            chosen);
    exit(1);
  }
  int pools = 0;
  if (!driver.cuDeviceGetDefaultMemPool || !driver.cuMemPoolSetAttribute ||
      !driver.cuMemAllocFromPoolAsync || !driver.cuMemFreeAsync ||
      driver.cuDeviceGetAttribute(&pools,
                                  CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED,
                                  device) != CUDA_SUCCESS ||
      !pools)
    return;
  CHECK(driver.cuDeviceGetDefaultMemPool(&pool, device));
  // Freed blocks stay in the pool (by default it gives them back to the
  // system at every synchronization).
  uint64_t keep = UINT64_MAX;
  CHECK(driver.cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                     &keep));
  allocator = kAllocatorPool;
}

// The cache of freed blocks (no pools, or SLICE_CUDA_ALLOCATOR=cache), as
// PyTorch's caching allocator keeps them: a block freed by the caller (no
// stream) is free at once; one freed on a stream, by generated code whose
// kernels may still read it, is pending until that stream is synchronized.
// Sizes are rounded up to a class (512 bytes below 1 MiB, 2 MiB above), and
// a block is reused for its own class only. When the driver runs out of
// memory the cached blocks are given back and the allocation is retried.
typedef struct Block {
  CUdeviceptr pointer;
  size_t bytes;    // its size class
  CUstream stream; // freed on it: pending until it is synchronized
  struct Block *next;
} Block;

enum { kLiveBuckets = 1024 };
static Block *freeBlocks = NULL, *pendingBlocks = NULL;
static Block *liveBlocks[kLiveBuckets]; // allocated blocks, by pointer
static Block *managedBlocks = NULL;     // cuMemAllocManaged's, any allocator
static pthread_mutex_t blocksLock = PTHREAD_MUTEX_INITIALIZER;

static size_t sizeClass(size_t bytes) {
  size_t granule = bytes < ((size_t)1 << 20) ? 512 : ((size_t)2 << 20);
  return (bytes + granule - 1) / granule * granule;
}

static unsigned liveBucket(CUdeviceptr pointer) {
  return (unsigned)((pointer >> 9) ^ (pointer >> 21)) % kLiveBuckets;
}

/// Unlinks and returns the block of `list` holding `pointer`, or NULL.
static Block *unlinkBlock(Block **list, CUdeviceptr pointer) {
  for (Block **at = list; *at; at = &(*at)->next) {
    if ((*at)->pointer != pointer)
      continue;
    Block *found = *at;
    *at = found->next;
    return found;
  }
  return NULL;
}

static void releasePendingBlocks(CUstream stream) {
  if (allocator != kAllocatorCache || !pendingBlocks)
    return;
  pthread_mutex_lock(&blocksLock);
  for (Block **at = &pendingBlocks; *at;) {
    Block *block = *at;
    if (block->stream != stream) {
      at = &block->next;
      continue;
    }
    *at = block->next;
    block->next = freeBlocks;
    freeBlocks = block;
  }
  pthread_mutex_unlock(&blocksLock);
}

/// Gives the free blocks back to the driver (the lock held).
static void emptyCache(void) {
  while (freeBlocks) {
    Block *block = freeBlocks;
    freeBlocks = block->next;
    CHECK(driver.cuMemFree(block->pointer));
    free(block);
  }
}

/// Unlinks and returns a block of `list` of size class `bytes` (and freed
/// on `stream`, unless that is null), or NULL.
static Block *unlinkSized(Block **list, size_t bytes, CUstream stream) {
  for (Block **at = list; *at; at = &(*at)->next) {
    if ((*at)->bytes != bytes || (stream && (*at)->stream != stream))
      continue;
    Block *found = *at;
    *at = found->next;
    return found;
  }
  return NULL;
}

static CUdeviceptr allocateCached(size_t bytes, CUstream stream) {
  size_t rounded = sizeClass(bytes);
  pthread_mutex_lock(&blocksLock);
  // A free block, or one freed on this stream: work on a stream runs in
  // order, so what used the block there is done before what comes next.
  Block *block = unlinkSized(&freeBlocks, rounded, NULL);
  if (!block && stream)
    block = unlinkSized(&pendingBlocks, rounded, stream);
  if (!block) {
    block = malloc(sizeof(Block));
    if (!block) {
      fprintf(stderr, "slice-cuda-runtime: out of host memory\n");
      exit(1);
    }
    CUdeviceptr pointer = 0;
    CUresult result = driver.cuMemAlloc(&pointer, rounded);
    if (result == CUDA_ERROR_OUT_OF_MEMORY) {
      emptyCache();
      result = driver.cuMemAlloc(&pointer, rounded);
    }
    if (result != CUDA_SUCCESS)
      fail("driver.cuMemAlloc(...)", result);
    *block = (Block){pointer, rounded, NULL, NULL};
  }
  unsigned bucket = liveBucket(block->pointer);
  block->next = liveBlocks[bucket];
  liveBlocks[bucket] = block;
  pthread_mutex_unlock(&blocksLock);
  return block->pointer;
}

/// Returns a block to the cache: false if it is not one of the cache's.
static bool freeCached(CUdeviceptr pointer, CUstream stream) {
  pthread_mutex_lock(&blocksLock);
  Block *block = unlinkBlock(&liveBlocks[liveBucket(pointer)], pointer);
  if (block) {
    block->stream = stream;
    Block **list = stream ? &pendingBlocks : &freeBlocks;
    block->next = *list;
    *list = block;
  }
  pthread_mutex_unlock(&blocksLock);
  return block != NULL;
}

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared) {
  enter();
  CUdeviceptr pointer = 0;
  // cuMemAlloc rejects 0 bytes; an empty buffer still needs a distinct,
  // never dereferenced pointer, so take the smallest allocation.
  size_t bytes = sizeBytes ? sizeBytes : 1;
  if (isHostShared) {
    CHECK(driver.cuMemAllocManaged(&pointer, bytes, CU_MEM_ATTACH_GLOBAL));
    Block *block = malloc(sizeof(Block));
    if (block) {
      pthread_mutex_lock(&blocksLock);
      *block = (Block){pointer, bytes, NULL, managedBlocks};
      managedBlocks = block;
      pthread_mutex_unlock(&blocksLock);
    }
  } else if (allocator == kAllocatorPool) {
    CHECK(driver.cuMemAllocFromPoolAsync(&pointer, bytes, pool,
                                         (CUstream)stream));
  } else if (allocator == kAllocatorCache) {
    pointer = allocateCached(bytes, (CUstream)stream);
  } else {
    CHECK(driver.cuMemAlloc(&pointer, bytes));
  }
  return (void *)pointer;
}

void mgpuMemFree(void *pointer, void *stream) {
  if (!pointer)
    return;
  enter();
  CUdeviceptr at = (CUdeviceptr)pointer;
  Block *managed = NULL;
  if (managedBlocks) {
    pthread_mutex_lock(&blocksLock);
    managed = unlinkBlock(&managedBlocks, at);
    pthread_mutex_unlock(&blocksLock);
    free(managed);
  }
  // cuMemFree synchronizes with work on the device that may still use the
  // buffer; cuMemFreeAsync frees it in the stream's order.
  if (!managed && allocator == kAllocatorPool)
    CHECK(driver.cuMemFreeAsync(at, (CUstream)stream));
  else if (managed || allocator == kAllocatorDriver ||
           !freeCached(at, (CUstream)stream))
    CHECK(driver.cuMemFree(at));
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (!sizeBytes)
    return;
  enter();
  CHECK(driver.cuMemcpyAsync((CUdeviceptr)dst, (CUdeviceptr)src, sizeBytes,
                             (CUstream)stream));
}

void mgpuMemset32(void *dst, unsigned value, size_t count, void *stream) {
  enter();
  CHECK(driver.cuMemsetD32Async((CUdeviceptr)dst, value, count,
                                (CUstream)stream));
}

void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  enter();
  CHECK(driver.cuMemsetD16Async((CUdeviceptr)dst, value, count,
                                (CUstream)stream));
}

void mgpuMemHostRegister(void *pointer, uint64_t sizeBytes) {
  enter();
  CHECK(driver.cuMemHostRegister(pointer, sizeBytes, 0));
}

void mgpuMemHostUnregister(void *pointer) {
  enter();
  CHECK(driver.cuMemHostUnregister(pointer));
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
}

const char *sliceCudaAllocator(void) {
  enter();
  return allocator == kAllocatorPool    ? "pool"
         : allocator == kAllocatorCache ? "cache"
                                        : "driver";
}

void sliceCudaSynchronize(void) {
  enter();
  CHECK(driver.cuStreamSynchronize(NULL));
}

void *sliceCudaEventCreateTimed(void) {
  enter();
  CUevent event = NULL;
  CHECK(driver.cuEventCreate(&event, CU_EVENT_DEFAULT));
  return event;
}

float sliceCudaEventElapsedMs(void *start, void *stop) {
  float ms = 0;
  CHECK(driver.cuEventSynchronize((CUevent)stop));
  CHECK(driver.cuEventElapsedTime(&ms, (CUevent)start, (CUevent)stop));
  return ms;
}
