// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Calls the entry points of value_semantics.mlir through their C interface
// (docs/calling-convention.md) with buffers it owns, and reports for each
// call the result, whether the input buffer is intact, and whether the
// result is a view of the argument (same allocated pointer) or a fresh
// buffer, which it frees. value-semantics.test checks the report.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int32_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} MemRefI32_1D;

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRefF32_2D;

typedef struct {
  MemRefI32_1D first, second;
} TwoMemRefI32_1D;

void _mlir_ciface_sq(MemRefI32_1D *result, MemRefI32_1D *x);
void _mlir_ciface_dyn(MemRefF32_2D *result, MemRefF32_2D *x, int64_t b);
void _mlir_ciface_view(MemRefI32_1D *result, MemRefI32_1D *x);
void _mlir_ciface_both(TwoMemRefI32_1D *result, MemRefI32_1D *x);
void _mlir_ciface_donated(MemRefI32_1D *result, MemRefI32_1D *x);
void _mlir_ciface_kept(MemRefI32_1D *result, MemRefI32_1D *x);
void _mlir_ciface_upd(MemRefI32_1D *result, MemRefI32_1D *x, MemRefI32_1D *v);
void _mlir_ciface_upd_donated(MemRefI32_1D *result, MemRefI32_1D *x,
                              MemRefI32_1D *v);

static int32_t *iotaI32(int n) {
  int32_t *data = malloc(n * sizeof(int32_t));
  for (int i = 0; i < n; ++i)
    data[i] = i;
  return data;
}

static MemRefI32_1D denseI32(int32_t *data, int64_t n) {
  MemRefI32_1D m = {data, data, 0, {n}, {1}};
  return m;
}

/// Prints the elements of `r`, whether `data` (the caller's input of `n`
/// elements, an iota before the call) is intact, and whether `r` is a view
/// of it; frees `r` when it is a fresh buffer.
static void reportI32(const char *name, MemRefI32_1D r, int32_t *data, int n) {
  printf("%s:", name);
  for (int64_t i = 0; i < r.sizes[0]; ++i)
    printf(" %d", r.aligned[r.offset + i * r.strides[0]]);
  int intact = 1;
  for (int i = 0; i < n; ++i)
    intact &= data[i] == i;
  printf(" | input %s", intact ? "intact" : "written:");
  if (!intact)
    for (int i = 0; i < n; ++i)
      printf(" %d", data[i]);
  if (r.allocated == data) {
    printf(" | view of the argument, offset %lld, stride %lld\n",
           (long long)r.offset, (long long)r.strides[0]);
  } else {
    printf(" | fresh buffer\n");
    free(r.allocated);
  }
}

int main(void) {
  int32_t *x = iotaI32(10);
  MemRefI32_1D in = denseI32(x, 10), out;
  _mlir_ciface_sq(&out, &in);
  reportI32("sq", out, x, 10);
  free(x);

  x = iotaI32(10);
  in = denseI32(x, 10);
  _mlir_ciface_view(&out, &in);
  reportI32("view", out, x, 10);
  free(x);

  x = iotaI32(10);
  in = denseI32(x, 10);
  TwoMemRefI32_1D two;
  _mlir_ciface_both(&two, &in);
  reportI32("both.odd", two.first, x, 10);
  reportI32("both.twice", two.second, x, 10);
  free(x);

  x = iotaI32(10);
  in = denseI32(x, 10);
  _mlir_ciface_donated(&out, &in);
  reportI32("donated", out, x, 10);
  free(x);

  x = iotaI32(10);
  in = denseI32(x, 10);
  _mlir_ciface_kept(&out, &in);
  reportI32("kept", out, x, 10);
  free(x);

  // Updates: x[::-2] = [-1, -2, -3, -4, -5].
  int32_t values[5] = {-1, -2, -3, -4, -5};
  MemRefI32_1D vin = denseI32(values, 5);
  x = iotaI32(10);
  in = denseI32(x, 10);
  _mlir_ciface_upd(&out, &in, &vin);
  reportI32("upd", out, x, 10);
  free(x);

  x = iotaI32(10);
  in = denseI32(x, 10);
  _mlir_ciface_upd_donated(&out, &in, &vin);
  reportI32("upd_donated", out, x, 10);
  free(x);

  // A 3x4 iota in a buffer with a row pitch of 5 (a strided argument).
  float *f = malloc(15 * sizeof(float));
  for (int i = 0; i < 15; ++i)
    f[i] = (float)i;
  MemRefF32_2D fin = {f, f, 0, {3, 4}, {5, 1}}, fout;
  _mlir_ciface_dyn(&fout, &fin, 1);
  printf("dyn: %lldx%lld:", (long long)fout.sizes[0], (long long)fout.sizes[1]);
  for (int64_t i = 0; i < fout.sizes[0]; ++i)
    for (int64_t j = 0; j < fout.sizes[1]; ++j)
      printf(" %g", fout.aligned[fout.offset + i * fout.strides[0] +
                                 j * fout.strides[1]]);
  int intact = 1;
  for (int i = 0; i < 15; ++i)
    intact &= f[i] == (float)i;
  printf(" | input %s", intact ? "intact" : "written");
  if (fout.allocated == f) {
    printf(" | view of the argument\n");
  } else {
    printf(" | fresh buffer\n");
    free(fout.allocated);
  }
  free(f);
  return 0;
}
