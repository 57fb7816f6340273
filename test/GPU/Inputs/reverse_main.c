// A program around one --slice-to-nvvm function (runtime.test): reverses
// 8 floats on the device and prints them.
#include "SliceCudaRuntime.h"

#include <stdint.h>
#include <stdio.h>

typedef struct {
  void *allocated, *aligned;
  int64_t offset, size, stride;
} Memref1D;

void _mlir_ciface_reverse(Memref1D *result, Memref1D *input);

int main(void) {
  float host[8] = {0, 1, 2, 3, 4, 5, 6, 7}, back[8];
  void *device = mgpuMemAlloc(sizeof(host), NULL, false);
  sliceCudaCopy(device, host, sizeof(host));
  Memref1D input = {device, device, 0, 8, 1}, result;
  _mlir_ciface_reverse(&result, &input);
  sliceCudaCopy(back, (float *)result.aligned + result.offset, sizeof(back));
  for (int i = 0; i < 8; ++i)
    printf("%g%s", back[i], i < 7 ? " " : "\n");
  mgpuMemFree(result.allocated, NULL);
  mgpuMemFree(device, NULL);
  return 0;
}
