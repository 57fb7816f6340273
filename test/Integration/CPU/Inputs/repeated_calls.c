// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Calls repeated_calls.mlir's @prog a hundred times, as a program calls a
// compiled function in its loop, freeing each result, and reports whether
// the heap's top moved after the first calls (it must not: the buffers
// freed by one call make the next call's), whether each result's aligned
// pointer is 64-byte aligned, and the last result's checksum.
// repeated-calls.test checks the report.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

// The descriptors of memref<?xf32> and memref<?x?xf32>
// (docs/calling-convention.md).
#define MEMREF_F32(rank)                                                       \
  struct {                                                                     \
    float *allocated, *aligned;                                                \
    int64_t offset, sizes[rank], strides[rank];                                \
  }
typedef MEMREF_F32(1) MemRefF32_1D;
typedef MEMREF_F32(2) MemRefF32_2D;

void _mlir_ciface_prog(MemRefF32_2D *result, MemRefF32_2D *x, MemRefF32_1D *b);

enum { kRows = 192, kColumns = 300, kCalls = 100 };

int main(void) {
  float *x = malloc(sizeof(float) * kRows * kColumns);
  float *b = malloc(sizeof(float) * 64);
  for (int i = 0; i < kRows * kColumns; ++i)
    x[i] = (float)((i * 7 + 3) % 23 - 11) * 0.125f;
  for (int i = 0; i < 64; ++i)
    b[i] = (float)(i % 5) * 0.25f - 0.5f;
  MemRefF32_2D xd = {x, x, 0, {kRows, kColumns}, {kColumns, 1}};
  MemRefF32_1D bd = {b, b, 0, {64}, {1}};

  void *top = NULL;
  int moved = 0, misaligned = 0;
  double checksum = 0;
  for (int call = 0; call < kCalls; ++call) {
    MemRefF32_2D out;
    _mlir_ciface_prog(&out, &xd, &bd);
    if ((uintptr_t)out.aligned % 64 != 0)
      ++misaligned;
    if (call == kCalls - 1) {
      const float *base = out.aligned + out.offset;
      for (int64_t i = 0; i < out.sizes[0]; ++i)
        for (int64_t j = 0; j < out.sizes[1]; ++j)
          checksum += base[i * out.strides[0] + j * out.strides[1]] *
                      (double)(1 + (i * out.sizes[1] + j) % 3);
    }
    free(out.allocated);
    // The heap may settle during the first calls, never after.
    if (call == 2)
      top = sbrk(0);
    else if (call > 2 && sbrk(0) != top)
      ++moved;
  }
  printf("heap top moved after call 3: %d times\n", moved);
  printf("misaligned results: %d\n", misaligned);
  printf("checksum: %.4f\n", checksum);
  free(x);
  free(b);
  return 0;
}
