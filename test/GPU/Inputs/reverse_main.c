// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// A program around one --slice-to-nvvm function (runtime.test): reverses
// 8 floats on the device and prints them. With -DVIEW the function returns
// a view of its argument (slices=view), which the program reads through
// the view's offset and stride.
#include "SliceCudaRuntime.h"

#include <stdint.h>
#include <stdio.h>

typedef struct {
  void *allocated, *aligned;
  int64_t offset, size, stride;
} Memref1D;

void _mlir_ciface_reverse(Memref1D *result, Memref1D *input);

int main(void) {
  float host[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  void *device = mgpuMemAlloc(sizeof(host), NULL, false);
  sliceCudaCopy(device, host, sizeof(host));
  Memref1D input = {device, device, 0, 8, 1}, result;
  _mlir_ciface_reverse(&result, &input);
#ifdef VIEW
  printf("view of the input: %s, offset %lld, stride %lld\n",
         result.allocated == device ? "yes" : "no", (long long)result.offset,
         (long long)result.stride);
#endif
  for (int i = 0; i < 8; ++i) {
    float value;
    sliceCudaCopy(&value,
                  (float *)result.aligned + result.offset + i * result.stride,
                  sizeof(value));
    printf("%g%s", value, i < 7 ? " " : "\n");
  }
  if (result.allocated != device)
    mgpuMemFree(result.allocated, NULL);
  mgpuMemFree(device, NULL);
  return 0;
}
