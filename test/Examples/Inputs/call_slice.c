// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

/* Calls `_mlir_ciface_slice` of slice-embed's default module (x[1:5:2,
   ::-1, newaxis] of a 6x8 f32 tensor, lowered with slices=copy) on an iota
   it owns, prints the 2x8x1 result and whether the input is intact, and
   frees the result unless it is a view of the input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRef2D;

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[3], strides[3];
} MemRef3D;

void _mlir_ciface_slice(MemRef3D *result, MemRef2D *input);

int main(void) {
  float x[48];
  for (int i = 0; i < 48; ++i)
    x[i] = (float)i;
  MemRef2D in = {x, x, 0, {6, 8}, {8, 1}};
  MemRef3D out;
  _mlir_ciface_slice(&out, &in);
  printf("%lldx%lldx%lld:", (long long)out.sizes[0], (long long)out.sizes[1],
         (long long)out.sizes[2]);
  for (int64_t i = 0; i < out.sizes[0]; ++i)
    for (int64_t j = 0; j < out.sizes[1]; ++j)
      printf(" %g",
             out.aligned[out.offset + i * out.strides[0] + j * out.strides[1]]);
  int intact = 1;
  for (int i = 0; i < 48; ++i)
    intact &= x[i] == (float)i;
  printf(" | input %s\n", intact ? "intact" : "written");
  if (out.allocated != x)
    free(out.allocated);
  return 0;
}
