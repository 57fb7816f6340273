// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Calls each function of frontdoor_elements.mlir (converted by
// --convert-frameworks-to-slice, compiled by --slice-to-nvvm, or by
// --slice-to-llvm with SLICE_CPU defined) on a device (host) buffer it
// owns, reads the result back through its strides (a view or a
// copy), prints it in the element type's own terms, and checks that the
// input is intact.
#ifdef SLICE_CPU
// The CPU route (--slice-to-llvm): host buffers.
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
static void *mgpuMemAlloc(uint64_t bytes, void *stream, bool shared) {
  (void)stream;
  (void)shared;
  return malloc(bytes);
}
static void mgpuMemFree(void *pointer, void *stream) {
  (void)stream;
  free(pointer);
}
static void sliceCudaCopy(void *dst, const void *src, size_t bytes) {
  memcpy(dst, src, bytes);
}
#else
#include "SliceCudaRuntime.h"
#endif

#include <complex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Ranked2;
typedef struct {
  char *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} Ranked1;

void _mlir_ciface_torch_c64(Ranked2 *, Ranked2 *);
void _mlir_ciface_torch_u8(Ranked1 *, Ranked2 *);
void _mlir_ciface_tf_c64(Ranked2 *, Ranked2 *);
void _mlir_ciface_tf_u8(Ranked2 *, Ranked2 *);
void _mlir_ciface_onnx_c128(Ranked2 *, Ranked2 *);
void _mlir_ciface_onnx_u16(Ranked2 *, Ranked2 *);
void _mlir_ciface_complex_math(Ranked2 *, Ranked2 *);

typedef enum { kC64, kC128, kU8, kU16, kF32 } Kind;

static size_t bytesOf(Kind kind) {
  return kind == kC64    ? 8
         : kind == kC128 ? 16
         : kind == kU8   ? 1
         : kind == kU16  ? 2
                         : 4;
}

/// A device copy of `host` (rows x cols of `kind`) described as a memref.
static void input(Ranked2 *d, const void *host, int64_t rows, int64_t cols,
                  Kind kind) {
  size_t bytes = (size_t)(rows * cols) * bytesOf(kind);
  void *device = mgpuMemAlloc(bytes, NULL, false);
  sliceCudaCopy(device, host, bytes);
  d->allocated = d->aligned = device;
  d->offset = 0;
  d->sizes[0] = rows;
  d->sizes[1] = cols;
  d->strides[0] = cols;
  d->strides[1] = 1;
}

static void printElement(const char *at, Kind kind) {
  if (kind == kC64) {
    float complex z;
    memcpy(&z, at, sizeof z);
    printf(" (%g,%g)", crealf(z), cimagf(z));
  } else if (kind == kC128) {
    double complex z;
    memcpy(&z, at, sizeof z);
    printf(" (%g,%g)", creal(z), cimag(z));
  } else if (kind == kU8) {
    printf(" %u", (unsigned)*(const uint8_t *)at);
  } else if (kind == kU16) {
    uint16_t v;
    memcpy(&v, at, sizeof v);
    printf(" %u", (unsigned)v);
  } else {
    float v;
    memcpy(&v, at, sizeof v);
    printf(" %g", v);
  }
}

/// Prints the result (rank 1 or 2) element by element through its strides,
/// from a host copy of the device memory it spans.
static void show(const char *name, char *aligned, int64_t offset, int rank,
                 const int64_t *sizes, const int64_t *strides, Kind kind) {
  int64_t rows = rank == 2 ? sizes[0] : 1, cols = sizes[rank - 1];
  int64_t rowStride = rank == 2 ? strides[0] : 0, colStride = strides[rank - 1];
  int64_t low = offset, high = offset;
  int64_t corners[2][2] = {{0, 0}, {rows - 1, cols - 1}};
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) {
      int64_t at =
          offset + corners[a][0] * rowStride + corners[b][1] * colStride;
      low = at < low ? at : low;
      high = at > high ? at : high;
    }
  size_t size = bytesOf(kind), span = (size_t)(high - low + 1) * size;
  char *host = malloc(span);
  sliceCudaCopy(host, aligned + low * (int64_t)size, span);
  printf("%s:", name);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      printElement(host + (offset - low + r * rowStride + c * colStride) *
                              (int64_t)size,
                   kind);
  printf("\n");
  free(host);
}

/// Whether the device input still holds `host`.
static void intact(const char *name, const Ranked2 *d, const void *host,
                   Kind kind) {
  size_t bytes = (size_t)(d->sizes[0] * d->sizes[1]) * bytesOf(kind);
  char *back = malloc(bytes);
  sliceCudaCopy(back, d->aligned, bytes);
  if (memcmp(back, host, bytes))
    printf("%s: INPUT CHANGED\n", name);
  free(back);
  mgpuMemFree(d->allocated, NULL);
}

/// Frees a result unless it is a view of the input.
static void release(char *allocated, const Ranked2 *in) {
  if (allocated != in->allocated)
    mgpuMemFree(allocated, NULL);
}

/// Calls `f` (one rank-2 argument, a rank-2 result of `kind`) on `in`,
/// prints its result and frees it.
static void run(const char *name, void (*f)(Ranked2 *, Ranked2 *), Ranked2 *in,
                Kind kind) {
  Ranked2 out;
  f(&out, in);
  show(name, out.aligned, out.offset, 2, out.sizes, out.strides, kind);
  release(out.allocated, in);
}

int main(void) {
  float complex x[6] = {1 - 1 * I, 2 - 2 * I, 3 - 3 * I,
                        4 - 4 * I, 5 - 5 * I, 6 - 6 * I};
  double complex z[6] = {1 + 0.5 * I, 2 + 1 * I,   3 + 1.5 * I,
                         4 + 2 * I,   5 + 2.5 * I, 6 + 3 * I};
  uint8_t u[12] = {0, 1, 2, 3, 100, 127, 128, 129, 200, 250, 254, 255};
  uint16_t w[12] = {0, 1, 2, 65535, 100, 200, 300, 40000, 7, 8, 9, 65000};
  Ranked2 in;
  Ranked1 out1;

  input(&in, x, 2, 3, kC64);
  run("torch_c64", _mlir_ciface_torch_c64, &in, kC64);
  run("tf_c64", _mlir_ciface_tf_c64, &in, kC64);
  run("complex_math", _mlir_ciface_complex_math, &in, kF32);
  intact("complex<f32>", &in, x, kC64);

  input(&in, u, 3, 4, kU8);
  _mlir_ciface_torch_u8(&out1, &in);
  show("torch_u8", out1.aligned, out1.offset, 1, out1.sizes, out1.strides, kU8);
  release(out1.allocated, &in);
  run("tf_u8", _mlir_ciface_tf_u8, &in, kU8);
  intact("ui8", &in, u, kU8);

  input(&in, z, 2, 3, kC128);
  run("onnx_c128", _mlir_ciface_onnx_c128, &in, kC128);
  intact("complex<f64>", &in, z, kC128);

  input(&in, w, 3, 4, kU16);
  run("onnx_u16", _mlir_ciface_onnx_u16, &in, kU16);
  intact("ui16", &in, w, kU16);
  return 0;
}
