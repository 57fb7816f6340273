// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Launches one kernel of a PTX file through the driver API, as a CUDA
// program would, and prints the launch's result and the buffers after it:
// the emulated device's own tests (test/GPU/EmulatedDevice).
//
//   run_ptx FILE.ptx KERNEL GRID BLOCK ARG...
//
// GRID and BLOCK are "x" or "x,y,z". Each ARG is one kernel parameter:
//   u32:V, u64:V  a value (decimal or 0x hex)
//   in:N          a device buffer of N bytes holding 0, 1, 2, ... (bytes)
//   out:N         a device buffer of N bytes as allocated (poisoned)
//   ptr:K+OFF     buffer K (in order of appearance) plus OFF bytes
// Buffers are printed after the launch as 32-bit little-endian words.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void dims(const char *text, unsigned out[3]) {
  out[0] = out[1] = out[2] = 1;
  sscanf(text, "%u,%u,%u", &out[0], &out[1], &out[2]);
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: run_ptx FILE.ptx KERNEL GRID BLOCK ARG...\n");
    return 2;
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    return 2;
  }
  char *ptx = calloc(1 << 20, 1);
  fread(ptx, 1, (1 << 20) - 1, file);
  fclose(file);

  CUresult r = cuInit(0);
  CUcontext context;
  CUdevice device;
  cuDeviceGet(&device, 0);
  cuDevicePrimaryCtxRetain(&context, device);
  cuCtxSetCurrent(context);
  CUmodule module;
  CUfunction function;
  const char *name;
  if ((r = cuModuleLoadData(&module, ptx)) != CUDA_SUCCESS) {
    cuGetErrorName(r, &name);
    printf("load: %s\n", name);
    free(ptx);
    return 0;
  }
  free(ptx);
  if ((r = cuModuleGetFunction(&function, module, argv[2])) != CUDA_SUCCESS) {
    cuGetErrorName(r, &name);
    printf("function: %s\n", name);
    cuModuleUnload(module);
    return 0;
  }
  unsigned grid[3], block[3];
  dims(argv[3], grid);
  dims(argv[4], block);

  int count = argc - 5;
  unsigned long long *values = calloc((size_t)count + 1, 8);
  void **params = calloc((size_t)count + 1, sizeof(void *));
  CUdeviceptr buffers[16];
  size_t sizes[16];
  int nbuffers = 0;
  for (int i = 0; i < count; ++i) {
    const char *arg = argv[5 + i];
    params[i] = &values[i];
    if (!strncmp(arg, "u32:", 4) || !strncmp(arg, "u64:", 4)) {
      values[i] = strtoull(arg + 4, NULL, 0);
    } else if (!strncmp(arg, "in:", 3) || !strncmp(arg, "out:", 4)) {
      size_t n = strtoull(strchr(arg, ':') + 1, NULL, 0);
      cuMemAlloc(&buffers[nbuffers], n);
      if (arg[0] == 'i') {
        unsigned char *host = malloc(n);
        for (size_t k = 0; k < n; ++k)
          host[k] = (unsigned char)k;
        cuMemcpyHtoD(buffers[nbuffers], host, n);
        free(host);
      }
      sizes[nbuffers] = n;
      values[i] = buffers[nbuffers++];
    } else if (!strncmp(arg, "ptr:", 4)) {
      char *plus;
      int k = (int)strtol(arg + 4, &plus, 10);
      values[i] = buffers[k] + (*plus == '+' ? strtoull(plus + 1, NULL, 0) : 0);
    } else {
      fprintf(stderr, "bad argument %s\n", arg);
      free(values);
      free(params);
      return 2;
    }
  }
  r = cuLaunchKernel(function, grid[0], grid[1], grid[2], block[0], block[1],
                     block[2], 0, NULL, params, NULL);
  cuGetErrorName(r, &name);
  printf("launch: %s\n", name);
  for (int k = 0; k < nbuffers; ++k) {
    unsigned *host = malloc(sizes[k] + 4);
    cuMemcpyDtoH(host, buffers[k], sizes[k]);
    printf("buffer %d:", k);
    for (size_t w = 0; w < sizes[k] / 4; ++w)
      printf(" %08x", host[w]);
    printf("\n");
    free(host);
    cuMemFree(buffers[k]);
  }
  free(values);
  free(params);
  cuModuleUnload(module);
  return 0;
}
