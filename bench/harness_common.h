// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// What the CPU and GPU benchmark harnesses share: memref descriptors of
// dense buffers, element counts, a clock, median sorting and the eviction of
// the caches between timed calls.
#ifndef SLICE_BENCH_HARNESS_COMMON_H
#define SLICE_BENCH_HARNESS_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// A memref descriptor as 64-bit words: allocated, aligned, offset,
// sizes[rank], strides[rank] (rank up to 5: case e has a new axis).
typedef struct {
  int64_t words[3 + 2 * 5];
} Descriptor;

// Describes the dense row-major buffer `data` of `shape`.
static void describe(Descriptor *d, void *data, int rank,
                     const int64_t *shape) {
  d->words[0] = d->words[1] = (int64_t)(intptr_t)data;
  d->words[2] = 0;
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    d->words[3 + i] = shape[i];
    d->words[3 + rank + i] = stride;
    stride *= shape[i];
  }
}

static int64_t elements(int rank, const int64_t *shape) {
  int64_t n = 1;
  for (int i = 0; i < rank; ++i)
    n *= shape[i];
  return n;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *values, int n) {
  qsort(values, n, sizeof(double), compareDoubles);
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// The size of the last-level cache in bytes, by the rule of the copies' own
// lookup (lib/Codegen/CPU/MachineCache.cpp): the kernel's figure first, since a
// virtual machine's CPUID, which sysconf reports, may say otherwise (on the
// machine docs/performance.md was written on, 320 MiB against the kernel's
// 32 MiB); then sysconf; then 128 MiB.
static inline size_t lastLevelCacheBytes(void) {
  unsigned long long kib = 0;
  FILE *f = fopen("/sys/devices/system/cpu/cpu0/cache/index3/size", "r");
  if (f) {
    if (fscanf(f, "%lluK", &kib) != 1)
      kib = 0;
    fclose(f);
  }
  if (kib)
    return (size_t)kib << 10;
#ifdef _SC_LEVEL3_CACHE_SIZE
  long size = sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (size > 0)
    return (size_t)size;
#endif
  return (size_t)128 << 20;
}

// Evicts the caches before a timed call on data too big to stay cached
// between calls: one load a line from a buffer of twice the last-level
// cache, written once, so that the caches hold clean lines of that buffer
// only, and the lines of the point's own buffers (evictorTrack) flushed
// from every core's caches. A variant then neither finds its data left in
// cache by the variant before nor pays for writing back that one's dirty
// lines. The flush: a threaded variant leaves dirty lines in the other
// cores' private caches (the EPYC's L3 holds no copy of them), which
// loads on the calling core do not evict and the next variant writing the
// same buffer would fetch from there; measured here, upstream into of (a)
// at 64 MiB right after ours on two threads took 1.88 ms against
// memcpy's 1.49. (Loads on a thread pinned to each core instead disturbed
// the threaded variants' own threads: ours alloc on two threads of (a)
// took 16 ms against 2.6.)
enum { kTrackedBuffers = 4 };
typedef struct {
  const volatile unsigned char *data;
  size_t bytes, cacheBytes;
  const unsigned char *tracked[kTrackedBuffers];
  size_t trackedBytes[kTrackedBuffers];
  int trackedCount;
} Evictor;

static inline Evictor makeEvictor(void) {
  Evictor e;
  memset(&e, 0, sizeof(e));
  e.cacheBytes = lastLevelCacheBytes();
  e.bytes = 2 * e.cacheBytes;
  unsigned char *data = (unsigned char *)malloc(e.bytes);
  if (data)
    memset(data, 1, e.bytes);
  e.data = data;
  return e;
}

// Adds a buffer of the point to flush (evictorClear starts a new point).
static inline void evictorTrack(Evictor *e, const void *buffer, size_t bytes) {
  if (e->trackedCount < kTrackedBuffers) {
    e->tracked[e->trackedCount] = (const unsigned char *)buffer;
    e->trackedBytes[e->trackedCount++] = bytes;
  }
}

static inline void evictorClear(Evictor *e) { e->trackedCount = 0; }

static inline void evictCaches(const Evictor *e) {
  for (size_t i = 0; e->data && i < e->bytes; i += 64)
    (void)e->data[i]; // volatile: every load stays
#if defined(__x86_64__) || defined(__i386__)
  for (int b = 0; b < e->trackedCount; ++b)
    for (size_t i = 0; i < e->trackedBytes[b]; i += 64)
      __builtin_ia32_clflush(e->tracked[b] + i);
  __builtin_ia32_mfence();
#endif
}

#endif // SLICE_BENCH_HARNESS_COMMON_H
