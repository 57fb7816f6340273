/*===- SliceCudaRuntime.h - The mgpu* entry points ---------------*- C -*-===*\
|* Part of the slice project, under the Apache License v2.0 with LLVM         *|
|* Exceptions. See the LICENSE file for license information.                  *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|* The functions that `--slice-to-nvvm` host code calls (the signatures of   *|
|* upstream's gpu-to-llvm lowering in LLVM 22), and a few helpers for test   *|
|* drivers and benchmarks. Streams, events, modules and functions are the   *|
|* CUDA driver's handles as `void *`. Every failure prints one line to      *|
|* stderr and exits with status 1.                                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SLICE_CUDA_RUNTIME_H
#define SLICE_CUDA_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void *mgpuModuleLoad(void *data, size_t size);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);

void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *pointer, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);
void mgpuMemHostRegister(void *pointer, uint64_t sizeBytes);
void mgpuMemHostUnregister(void *pointer);
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementBytes);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementBytes);
void mgpuSetDefaultDevice(int32_t device);

/* Helpers (not called by generated code). */

/* The default device's name. */
int sliceCudaDeviceName(char *name, int length);
/* A synchronous copy between any two pointers (host or device). */
void sliceCudaCopy(void *dst, const void *src, size_t sizeBytes);
/* Where device memory comes from: "pool" (the device's default memory
   pool, stream-ordered), "cache" (freed blocks kept by size class) or
   "driver" (cuMemAlloc and cuMemFree at every call); SLICE_CUDA_ALLOCATOR
   picks one, pool by default where the driver and the device have it. */
const char *sliceCudaAllocator(void);
/* Waits for all work on the legacy default stream. */
void sliceCudaSynchronize(void);
/* A timing event, and the milliseconds between two recorded ones. */
void *sliceCudaEventCreateTimed(void);
float sliceCudaEventElapsedMs(void *start, void *stop);

#ifdef __cplusplus
}
#endif

#endif /* SLICE_CUDA_RUNTIME_H */
