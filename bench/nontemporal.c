// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Why case (a) of the benchmark (one contiguous 32 MiB block) is a memcpy:
// the block copied by the C library's memcpy, by non-temporal vector stores
// spread over four pages (the loops --slice-lower-copies emitted for it while
// its threshold was a fixed 32 MiB), and by cached vector stores. Medians of
// ROUNDS, each variant once per round in turn. Not part of bench/run.sh:
//   cc -O2 -mavx2 -Ibench bench/nontemporal.c -o nontemporal && ./nontemporal
#include "harness_common.h"

#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define ROUNDS 31
// Both copies move whole blocks: n is a multiple of 4096 floats.
static void nt_copy(float *dst, const float *src, size_t n) {
  // 4 pages of 1024 floats, one 8-float vector in each page per step.
  size_t block = 4096, i = 0;
  for (; i + block <= n; i += block)
    for (size_t j = i; j < i + 1024; j += 8)
      for (int u = 0; u < 4; ++u)
        _mm256_stream_ps(dst + j + u * 1024,
                         _mm256_loadu_ps(src + j + u * 1024));
  _mm_sfence();
}
static void cached_copy(float *dst, const float *src, size_t n) {
  size_t i = 0;
  for (; i + 32 <= n; i += 32)
    for (int u = 0; u < 4; ++u)
      _mm256_storeu_ps(dst + i + u * 8, _mm256_loadu_ps(src + i + u * 8));
}
int main(void) {
  size_t rows = 4096, cols = 4096, n = rows / 2 * cols;
  float *x = aligned_alloc(64, rows * cols * 4),
        *out = aligned_alloc(64, n * 4);
  for (size_t i = 0; i < rows * cols; ++i)
    x[i] = (float)i;
  memset(out, 0, n * 4);
  const float *src = x + rows / 4 * cols;
  double t[3][ROUNDS];
  for (int r = 0; r < ROUNDS; ++r) {
    double a = now();
    memcpy(out, src, n * 4);
    double b = now();
    nt_copy(out, src, n);
    double c = now();
    cached_copy(out, src, n);
    double d = now();
    t[0][r] = b - a;
    t[1][r] = c - b;
    t[2][r] = d - c;
  }
  const char *names[3] = {"memcpy", "non-temporal, 4 pages", "cached vectors"};
  for (int v = 0; v < 3; ++v) {
    qsort(t[v], ROUNDS, sizeof(double), compareDoubles);
    printf("%-24s %.3f ms  %.1f GB/s  (memcpy / this %.2f)\n", names[v],
           t[v][ROUNDS / 2] * 1e3, n * 4 / t[v][ROUNDS / 2] / 1e9,
           t[0][ROUNDS / 2] / t[v][ROUNDS / 2]);
  }
  if (memcmp(out, src, n * 4)) {
    puts("MISMATCH");
    return 1;
  }
  return 0;
}
