// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Calls the element-wise functions of elementwise.mlir with device buffers
// this program owns and prints every result element (elementwise.test
// compares them with NumPy's), and whether the inputs stayed intact.
#include "SliceCudaRuntime.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Memref2D;
typedef struct {
  float *allocated, *aligned;
  int64_t offset, size, stride;
} Memref1D;

void _mlir_ciface_g(Memref1D *result, Memref1D *a, int64_t s);
void _mlir_ciface_h(Memref2D *result, Memref2D *a);
void _mlir_ciface_row(Memref1D *result, Memref2D *a, int64_t i);
void _mlir_ciface_into(Memref2D *result, Memref2D *a, Memref2D *out);

static float *device(const float *host, int64_t n) {
  float *d = mgpuMemAlloc((uint64_t)n * sizeof(float), NULL, false);
  sliceCudaCopy(d, (void *)host, (size_t)n * sizeof(float));
  return d;
}

static void intact(const float *d, const float *host, int64_t n) {
  float *back = malloc((size_t)n * sizeof(float));
  sliceCudaCopy(back, (void *)d, (size_t)n * sizeof(float));
  printf("input intact: %s\n",
         memcmp(back, host, (size_t)n * sizeof(float)) ? "no" : "yes");
  free(back);
}

int main(int argc, char **argv) {
  enum { N = 1000, R = 37, C = 48 };
  static float a[N], b[R * C];
  for (int i = 0; i < N; ++i)
    a[i] = (float)i * 0.25f - 100.0f;
  for (int i = 0; i < R * C; ++i)
    b[i] = (float)(i % 97) * 0.5f - 7.0f;
  // Rows of 45 for the run-time errors and the first h.
  const int64_t c45 = 45;
  // Run-time errors on the device path: the program stops with the
  // check's message before any kernel runs.
  if (argc > 1 && !strcmp(argv[1], "zero-stride")) {
    float *da = device(a, N);
    Memref1D in = {da, da, 0, N, 1}, out;
    _mlir_ciface_g(&out, &in, 0);
    printf("returned\n");
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "row")) {
    float *db = device(b, R * c45);
    Memref2D in = {db, db, 0, {R, c45}, {c45, 1}};
    Memref1D out;
    _mlir_ciface_row(&out, &in, strtoll(argv[2], NULL, 10));
    float v;
    sliceCudaCopy(&v, out.aligned + out.offset + 2 * out.stride, sizeof(v));
    printf("row %s, element 2: %.9g\n", argv[2], v);
    return 0;
  }

  const int64_t strides[] = {1, -1, 2, -2, 3, 5, -5, -7, 1000, -1001};
  float *da = device(a, N);
  for (size_t k = 0; k < sizeof(strides) / sizeof(strides[0]); ++k) {
    Memref1D in = {da, da, 0, N, 1}, out;
    _mlir_ciface_g(&out, &in, strides[k]);
    printf("g stride %lld: %lld:", (long long)strides[k], (long long)out.size);
    float *host = malloc((size_t)out.size * sizeof(float) + 1);
    for (int64_t i = 0; i < out.size; ++i)
      sliceCudaCopy(&host[i], out.aligned + out.offset + i * out.stride,
                    sizeof(float));
    for (int64_t i = 0; i < out.size; ++i)
      printf(" %.9g", host[i]);
    printf("\n");
    free(host);
    if (out.allocated != da)
      mgpuMemFree(out.allocated, NULL);
  }
  intact(da, a, N);

  // Rows of 45 (one element per thread) and of 48 (four).
  const int64_t columns[] = {45, C};
  for (size_t k = 0; k < 2; ++k) {
    int64_t cols = columns[k];
    for (int64_t i = 0; i < R * cols; ++i)
      b[i] = (float)(i % 97) * 0.5f - 7.0f;
    float *db = device(b, R * cols);
    Memref2D in = {db, db, 0, {R, cols}, {cols, 1}}, out;
    _mlir_ciface_h(&out, &in);
    printf("h: %lld x %lld:", (long long)out.sizes[0], (long long)out.sizes[1]);
    for (int64_t i = 0; i < out.sizes[0]; ++i)
      for (int64_t j = 0; j < out.sizes[1]; ++j) {
        float v;
        sliceCudaCopy(&v,
                      out.aligned + out.offset + i * out.strides[0] +
                          j * out.strides[1],
                      sizeof(float));
        printf(" %.9g", v);
      }
    printf("\n");
    intact(db, b, R * cols);
    if (out.allocated != db)
      mgpuMemFree(out.allocated, NULL);
    mgpuMemFree(db, NULL);
  }
  mgpuMemFree(da, NULL);

  // Into a destination this program owns: the values land in it, and the
  // result returned is that buffer.
  {
    int64_t cols = C, rows = (R - 1) / 2;
    for (int64_t i = 0; i < R * cols; ++i)
      b[i] = (float)(i % 97) * 0.5f - 7.0f;
    float *db = device(b, R * cols);
    float *dout =
        mgpuMemAlloc((uint64_t)(rows * cols) * sizeof(float), NULL, false);
    Memref2D in = {db, db, 0, {R, cols}, {cols, 1}};
    Memref2D out = {dout, dout, 0, {rows, cols}, {cols, 1}}, result;
    _mlir_ciface_into(&result, &in, &out);
    float *host = malloc((size_t)(rows * cols) * sizeof(float));
    sliceCudaCopy(host, dout, (size_t)(rows * cols) * sizeof(float));
    printf("into: %lld x %lld, result %s the destination:", (long long)rows,
           (long long)cols, result.allocated == dout ? "is" : "is not");
    for (int64_t i = 0; i < rows * cols; ++i)
      printf(" %.9g", host[i]);
    printf("\n");
    free(host);
    if (result.allocated != dout)
      mgpuMemFree(result.allocated, NULL);
    mgpuMemFree(dout, NULL);
    mgpuMemFree(db, NULL);
  }
  return 0;
}
