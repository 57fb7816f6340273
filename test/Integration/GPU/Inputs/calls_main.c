// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Calls each program of calls.mlir twice on device buffers it owns, checks
// both results against the values computed here, and prints the driver
// calls of the second call (the result's free included), as the emulated
// device counts them.
#include "SliceCudaRuntime.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int64_t words[3 + 2 * 2];
} Descriptor2;

void _mlir_ciface_exp_x(Descriptor2 *, Descriptor2 *);
void _mlir_ciface_relu_rev(Descriptor2 *, Descriptor2 *);
void _mlir_ciface_softmax_rev(Descriptor2 *, Descriptor2 *);
void _mlir_ciface_updates(Descriptor2 *, Descriptor2 *, Descriptor2 *);
void _mlir_ciface_concat16(Descriptor2 *, Descriptor2 *);
void _mlir_ciface_concat_rows(Descriptor2 *, Descriptor2 *);
void _mlir_ciface_concat_cols(Descriptor2 *, Descriptor2 *);
void _mlir_ciface_dependent(Descriptor2 *, Descriptor2 *);

static void (*resetCalls)(void);
static unsigned long long (*countCalls)(const char *);

static float value(int64_t i, int k) {
  return (float)((i * 7 + 3) % 23 - 11) * 0.125f + (float)k;
}

/// A device buffer of rows x cols holding value(i, k), and its host copy.
static float *input(Descriptor2 *d, int64_t rows, int64_t cols, int k,
                    float **host) {
  int64_t n = rows * cols;
  *host = malloc((size_t)n * sizeof(float));
  for (int64_t i = 0; i < n; ++i)
    (*host)[i] = value(i, k);
  float *device = mgpuMemAlloc((uint64_t)n * sizeof(float), NULL, false);
  sliceCudaCopy(device, *host, (size_t)n * sizeof(float));
  d->words[0] = d->words[1] = (int64_t)(intptr_t)device;
  d->words[2] = 0;
  d->words[3] = rows;
  d->words[4] = cols;
  d->words[5] = cols;
  d->words[6] = 1;
  return device;
}

/// Whether the dense result `d` holds `want` (within `tolerance`).
static int same(const Descriptor2 *d, const float *want, float tolerance) {
  int64_t rows = d->words[3], cols = d->words[4];
  if (d->words[6] != 1 || d->words[5] != cols)
    return 0;
  float *got = malloc((size_t)(rows * cols) * sizeof(float));
  sliceCudaCopy(got, (float *)(intptr_t)d->words[1] + d->words[2],
                (size_t)(rows * cols) * sizeof(float));
  int ok = 1;
  for (int64_t i = 0; i < rows * cols && ok; ++i)
    ok = fabsf(got[i] - want[i]) <= tolerance * (1 + fabsf(want[i]));
  free(got);
  return ok;
}

static void report(const char *name, int ok) {
  unsigned long long syncs = countCalls("cuStreamSynchronize") +
                             countCalls("cuCtxSynchronize") +
                             countCalls("cuEventSynchronize");
  printf("%s: values %s; launches %llu, cuMemAlloc %llu, cuMemFree %llu, "
         "pool allocations %llu, pool frees %llu, synchronizations %llu, "
         "context switches %llu, kernel lookups %llu, driver calls %llu\n",
         name, ok ? "right" : "WRONG", countCalls("cuLaunchKernel"),
         countCalls("cuMemAlloc_v2") + countCalls("cuMemAllocManaged"),
         countCalls("cuMemFree_v2"), countCalls("cuMemAllocFromPoolAsync"),
         countCalls("cuMemFreeAsync"), syncs,
         countCalls("cuCtxPushCurrent_v2") + countCalls("cuCtxPopCurrent_v2") +
             countCalls("cuCtxSetCurrent"),
         countCalls("cuModuleGetFunction"), countCalls(NULL));
}

/// Frees a result unless it is the donated input.
static void release(Descriptor2 *out, const Descriptor2 *in) {
  if (out->words[0] != in->words[0])
    mgpuMemFree((void *)(intptr_t)out->words[0], NULL);
}

typedef void (*Unary)(Descriptor2 *, Descriptor2 *);

/// Two calls of a one-argument program, the second counted.
static void unary(const char *name, Unary f, int64_t rows, int64_t cols,
                  const float *want, float tolerance) {
  Descriptor2 in, out;
  float *host;
  float *device = input(&in, rows, cols, 0, &host);
  f(&out, &in);
  int ok = same(&out, want, tolerance);
  release(&out, &in);
  resetCalls();
  f(&out, &in);
  release(&out, &in);
  report(name, ok);
  mgpuMemFree(device, NULL);
  free(host);
}

/// exp_x on a thread of its own, where the runtime has not made the
/// context current yet (the emulated device refuses work without one).
static void *otherThread(void *want) {
  Descriptor2 in, out;
  float *host;
  float *device = input(&in, 256, 256, 0, &host);
  _mlir_ciface_exp_x(&out, &in);
  printf("exp_x on another thread: values %s\n",
         same(&out, want, 1e-6f) ? "right" : "WRONG");
  release(&out, &in);
  mgpuMemFree(device, NULL);
  free(host);
  return NULL;
}

int main(void) {
  sliceCudaSynchronize(); // opens the driver
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  resetCalls =
      cuda ? (void (*)(void))dlsym(cuda, "sliceEmulatedDeviceResetCalls")
           : NULL;
  countCalls = cuda ? (unsigned long long (*)(const char *))dlsym(
                          cuda, "sliceEmulatedDeviceCalls")
                    : NULL;
  if (!resetCalls || !countCalls) {
    fprintf(stderr, "not the emulated device: no call counts\n");
    return 1;
  }
  printf("allocator: %s\n", sliceCudaAllocator());

  float *want = malloc(256 * 256 * sizeof(float));
  for (int64_t i = 0; i < 256 * 256; ++i)
    want[i] = expf(value(i, 0));
  unary("exp_x", _mlir_ciface_exp_x, 256, 256, want, 1e-6f);
  pthread_t thread;
  if (pthread_create(&thread, NULL, otherThread, want) ||
      pthread_join(thread, NULL))
    return 1;

  for (int64_t r = 0; r < 256; ++r)
    for (int64_t c = 0; c < 128; ++c)
      want[r * 128 + c] = fmaxf(value((255 - r) * 256 + 2 * c, 0), 0.0f);
  unary("relu_rev", _mlir_ciface_relu_rev, 256, 256, want, 0);

  for (int64_t r = 0; r < 64; ++r) {
    double top = -INFINITY, sum = 0;
    for (int64_t c = 0; c < 256; ++c)
      top = fmax(top, value(r * 256 + c, 0));
    for (int64_t c = 0; c < 256; ++c)
      sum += exp(value(r * 256 + c, 0) - top);
    for (int64_t c = 0; c < 256; ++c)
      want[r * 256 + c] = (float)(exp(value(r * 256 + 255 - c, 0) - top) / sum);
  }
  unary("softmax_rev", _mlir_ciface_softmax_rev, 64, 256, want, 1e-5f);

  for (int64_t r = 0; r < 16; ++r)
    for (int64_t c = 0; c < 256; ++c)
      want[r * 256 + c] = value(r * 256 + 255 - c, 0);
  unary("concat16", _mlir_ciface_concat16, 16, 256, want, 0);

  for (int64_t r = 0; r < 16; ++r)
    for (int64_t c = 0; c < 256; ++c) {
      int64_t row = r < 5 ? r : r < 14 ? 15 - (r - 5) : 1 + (r - 14);
      int64_t col = r < 5 || r >= 14 ? c : 255 - c;
      want[r * 256 + c] = value(row * 256 + col, 0);
    }
  unary("concat_rows", _mlir_ciface_concat_rows, 16, 256, want, 0);
  for (int64_t r = 0; r < 16; ++r)
    for (int64_t c = 0; c < 233; ++c) {
      int64_t row = c >= 100 && c < 228 ? 15 - r : r;
      int64_t col = c < 100   ? c
                    : c < 228 ? 255 - 2 * (c - 100)
                    : c < 232 ? 255 - (c - 228)
                              : 1;
      want[r * 233 + c] = value(row * 256 + col, 0);
    }
  unary("concat_cols", _mlir_ciface_concat_cols, 16, 256, want, 0);

  { // The loop of updates, into the donated cache.
    Descriptor2 cache, k, out;
    float *hostCache, *hostK;
    float *deviceCache = input(&cache, 128, 256, 0, &hostCache);
    float *deviceK = input(&k, 64, 256, 1, &hostK);
    for (int64_t i = 0; i < 128 * 256; ++i)
      want[i] = i < 64 * 256 ? hostCache[i] : hostK[i - 64 * 256] * 0.5f;
    _mlir_ciface_updates(&out, &cache, &k);
    int ok = same(&out, want, 0);
    release(&out, &cache);
    resetCalls();
    _mlir_ciface_updates(&out, &cache, &k);
    ok = ok && same(&out, want, 0);
    resetCalls();
    _mlir_ciface_updates(&out, &cache, &k);
    release(&out, &cache);
    report("updates", ok);
    mgpuMemFree(deviceCache, NULL);
    mgpuMemFree(deviceK, NULL);
    free(hostCache);
    free(hostK);
  }
  { // The dependent loop, in place: rows halve from the first one down.
    Descriptor2 acc, out;
    float *host;
    float *device = input(&acc, 16, 256, 0, &host);
    for (int64_t r = 0; r < 16; ++r)
      for (int64_t c = 0; c < 256; ++c)
        want[r * 256 + c] = host[c] * ldexpf(1.0f, -(int)r);
    _mlir_ciface_dependent(&out, &acc);
    int ok = same(&out, want, 0);
    release(&out, &acc);
    sliceCudaCopy(device, host, 16 * 256 * sizeof(float));
    resetCalls();
    _mlir_ciface_dependent(&out, &acc);
    release(&out, &acc);
    report("dependent", ok);
    mgpuMemFree(device, NULL);
    free(host);
  }
  free(want);
  return 0;
}
