// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// What the CPU and GPU benchmark harnesses share: memref descriptors of
// dense buffers, element counts, a clock and median sorting.
#ifndef SLICE_BENCH_HARNESS_COMMON_H
#define SLICE_BENCH_HARNESS_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <time.h>

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

#endif // SLICE_BENCH_HARNESS_COMMON_H
