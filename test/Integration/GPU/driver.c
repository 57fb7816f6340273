// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// The C driver of the executed GPU tests (gpu_exec.py). The case table
// comes from a generated header, named by -DSLICE_GPU_CASES="NAME_cases.h".
//
// For each case: an iota input (element i holds i in the element type; i % 2
// for i1) is copied to the device, @case_N is called on it, and the result
// (any strides, a view of the input included) is copied back and compared
// with NumPy: the shape, and every element against input element
// expected[k]. An update's value is numbered after the input (its element m
// holds inElements + m) and copied to a device buffer of its own. The
// inputs must be left intact. Prints a line per failing case, then
// `N passed, N failed`.

#include "SliceCudaRuntime.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A memref descriptor as 64-bit words: allocated, aligned, offset,
// sizes[rank], strides[rank] (rank up to 16 with new axes).
typedef struct {
  int64_t words[3 + 2 * 24];
} Descriptor;

typedef struct {
  const char *description;
  int inRank;
  const int64_t *inShape;
  int valueRank; // -1: a slice, not an update
  const int64_t *valueShape;
  int outRank;
  const int64_t *outShape;
  const int64_t *expected;
  int64_t outElements;
  int elementBytes;
  // 'b' i1, 'i' integer, 'h' f16, 'f' f32 or f64.
  char kind;
  void (*call)(Descriptor *result, Descriptor *value, Descriptor *input);
} Case;

#include SLICE_GPU_CASES

// Integers below 2048 as IEEE half bits (exact).
static uint16_t halfOf(int64_t value) {
  if (value == 0)
    return 0;
  int exponent = 0;
  while ((value >> (exponent + 1)) != 0)
    ++exponent;
  uint16_t mantissa = (uint16_t)(((value << 10) >> exponent) & 0x3ff);
  return (uint16_t)(((exponent + 15) << 10) | mantissa);
}

static void writeElement(char *at, int64_t value, const Case *c) {
  int8_t i8 = (int8_t)(c->kind == 'b' ? value % 2 : value);
  uint16_t f16 = halfOf(value);
  int32_t i32 = (int32_t)value;
  float f32 = (float)value;
  double f64 = (double)value;
  const void *from = &value;
  if (c->elementBytes == 1)
    from = &i8;
  else if (c->elementBytes == 2)
    from = &f16;
  else if (c->elementBytes == 4)
    from = c->kind == 'f' ? (const void *)&f32 : (const void *)&i32;
  else if (c->kind == 'f')
    from = &f64;
  memcpy(at, from, (size_t)c->elementBytes);
}

static int64_t elementsOf(int rank, const int64_t *shape) {
  int64_t count = 1;
  for (int d = 0; d < rank; ++d)
    count *= shape[d];
  return count;
}

// A dense row-major device buffer holding `bytes` of `host`, described.
static void *toDevice(Descriptor *descriptor, int rank, const int64_t *shape,
                      const char *host, size_t bytes) {
  void *device = mgpuMemAlloc(bytes, NULL, false);
  sliceCudaCopy(device, (void *)host, bytes);
  memset(descriptor, 0, sizeof(*descriptor));
  descriptor->words[0] = descriptor->words[1] = (int64_t)(intptr_t)device;
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    descriptor->words[3 + d] = shape[d];
    descriptor->words[3 + rank + d] = stride;
    stride *= shape[d];
  }
  return device;
}

// Whether the device buffer still holds what was copied to it.
static int intact(const Case *c, const char *what, void *device,
                  const char *host, size_t bytes) {
  char *back = malloc(bytes ? bytes : 1);
  sliceCudaCopy(back, device, bytes);
  int same = memcmp(back, host, bytes) == 0;
  free(back);
  if (!same)
    printf("MISMATCH %s: the %s was written\n", c->description, what);
  return same;
}

static int runCase(const Case *c) {
  int64_t inElements = elementsOf(c->inRank, c->inShape);
  int64_t valueElements =
      c->valueRank < 0 ? 0 : elementsOf(c->valueRank, c->valueShape);
  size_t inBytes = (size_t)(inElements * c->elementBytes);
  size_t valueBytes = (size_t)(valueElements * c->elementBytes);
  char *host = malloc(inBytes + valueBytes + 1);
  for (int64_t i = 0; i < inElements + valueElements; ++i)
    writeElement(host + i * c->elementBytes, i, c);

  Descriptor input, value, result;
  memset(&result, 0, sizeof(result));
  void *device = toDevice(&input, c->inRank, c->inShape, host, inBytes);
  void *valueDevice = NULL;
  if (c->valueRank >= 0)
    valueDevice = toDevice(&value, c->valueRank, c->valueShape, host + inBytes,
                           valueBytes);
  c->call(&result, &value, &input);

  int ok = intact(c, "input", device, host, inBytes);
  if (valueDevice)
    ok &= intact(c, "value", valueDevice, host + inBytes, valueBytes);
  const int64_t *sizes = &result.words[3];
  const int64_t *strides = &result.words[3 + c->outRank];
  for (int d = 0; d < c->outRank; ++d)
    if (sizes[d] != c->outShape[d]) {
      printf("MISMATCH %s: result dim %d has size %lld, NumPy %lld\n",
             c->description, d, (long long)sizes[d], (long long)c->outShape[d]);
      ok = 0;
    }
  if (ok && c->outElements > 0) {
    // The span of elements the result reaches, copied back at once.
    int64_t low = result.words[2], high = result.words[2];
    for (int d = 0; d < c->outRank; ++d) {
      int64_t reach = (sizes[d] - 1) * strides[d];
      if (reach < 0)
        low += reach;
      else
        high += reach;
    }
    size_t spanBytes = (size_t)((high - low + 1) * c->elementBytes);
    char *span = malloc(spanBytes);
    char *aligned = (char *)(intptr_t)result.words[1];
    sliceCudaCopy(span, aligned + low * c->elementBytes, spanBytes);
    int64_t index[24] = {0};
    for (int64_t k = 0; k < c->outElements && ok; ++k) {
      int64_t at = result.words[2] - low;
      for (int d = 0; d < c->outRank; ++d)
        at += index[d] * strides[d];
      const char *got = span + at * c->elementBytes;
      const char *want = host + c->expected[k] * c->elementBytes;
      if (memcmp(got, want, (size_t)c->elementBytes) != 0) {
        printf("MISMATCH %s: element %lld is not input element %lld\n",
               c->description, (long long)k, (long long)c->expected[k]);
        ok = 0;
      }
      for (int d = c->outRank - 1; d >= 0; --d) {
        if (++index[d] < sizes[d])
          break;
        index[d] = 0;
      }
    }
    free(span);
  }
  // A fresh result is the caller's to free; a view aliases the input.
  if (result.words[0] != input.words[0] &&
      (!valueDevice || result.words[0] != value.words[0]))
    mgpuMemFree((void *)(intptr_t)result.words[0], NULL);
  mgpuMemFree(device, NULL);
  if (valueDevice)
    mgpuMemFree(valueDevice, NULL);
  free(host);
  return ok;
}

int main(void) {
  int passed = 0, failed = 0;
  // SLICE_GPU_TRACE=1 names each case before it runs (to find a crash).
  int trace = getenv("SLICE_GPU_TRACE") != NULL;
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
    if (trace)
      fprintf(stderr, "case %zu: %s\n", i, cases[i].description);
    if (runCase(&cases[i]))
      ++passed;
    else
      ++failed;
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
