// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Times the GPU benchmark's slices (scripts/gpu-bundle.sh builds it; the
// executable needs only the NVIDIA driver where it runs).
//
// For each point (case x input size), each timed the same way (the host
// function launches its kernels on its stream and waits for them, as a
// caller sees it):
//   ours    the slice copied into a device buffer of the caller
//           (--slice-to-nvvm, `into`);
//   update  y[index] = v in place (`update`): the value's bytes move;
//   ew      out = s * s + s on the slice s (`ew`, element-wise kernels);
//   dtod    cudaMemcpy device-to-device of the output's bytes, then
//           cudaDeviceSynchronize: the same bytes moved by the copy engine
//           path every CUDA program has, waited for the same way;
//   dtod_events  the same copies back to back, timed by CUDA events (the
//           device time alone, without the per-call wait).
// Each variant runs `reps` calls per round; the median round is reported
// as one JSON line. Before timing, each result is checked element by
// element on the host against the positions the view (`view`) gives.

#include "SliceCudaRuntime.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  const char *name, *description, *size;
  int inRank;
  int64_t inShape[4];
  int outRank;
  int64_t outShape[5];
  void *into, *view, *update, *ew;
} Point;

#include "../harness_common.h"
#include "points_gpu.h"

typedef void (*Fn2)(void *, void *);
typedef void (*Fn3)(void *, void *, void *);

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t error_ = (call);                                               \
    if (error_ != cudaSuccess) {                                               \
      fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(error_));   \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/// The position in the input of every element of the slice, in row-major
/// order of the result, from the view of the host buffer `in`.
static int64_t *positions(const Point *p, const float *in) {
  Descriptor input, result;
  describe(&input, (void *)in, p->inRank, p->inShape);
  ((Fn2)p->view)(&result, &input);
  const int64_t *sizes = &result.words[3];
  const int64_t *strides = &result.words[3 + p->outRank];
  int64_t index[5] = {0};
  int64_t n = elements(p->outRank, p->outShape);
  int64_t *at = malloc((size_t)n * sizeof(int64_t));
  for (int64_t k = 0; k < n; ++k) {
    at[k] = result.words[2];
    for (int d = 0; d < p->outRank; ++d)
      at[k] += index[d] * strides[d];
    for (int d = p->outRank - 1; d >= 0; --d) {
      if (++index[d] < sizes[d])
        break;
      index[d] = 0;
    }
  }
  return at;
}

static int fail(const Point *p, const char *what, int64_t k) {
  fprintf(stderr, "%s %s %s: element %lld is wrong\n", p->name, p->size, what,
          (long long)k);
  return 0;
}

enum { kOurs, kUpdate, kEw, kDtod, kEvents, kVariants };

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 7;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  if (rounds > 64)
    rounds = 64;
  char device[256] = "unknown";
  sliceCudaDeviceName(device, sizeof(device));
  int failures = 0;
  for (size_t i = 0; i < sizeof(points) / sizeof(points[0]); ++i) {
    const Point *p = &points[i];
    int64_t inCount = elements(p->inRank, p->inShape);
    int64_t outCount = elements(p->outRank, p->outShape);
    size_t inBytes = (size_t)inCount * 4, outBytes = (size_t)outCount * 4;
    float *hostIn = malloc(inBytes), *hostOut = malloc(outBytes);
    float *hostValue = malloc(outBytes), *hostY = malloc(inBytes);
    for (int64_t k = 0; k < inCount; ++k)
      hostIn[k] = (float)(k & 0xffffff);
    for (int64_t k = 0; k < outCount; ++k)
      hostValue[k] = -1.0f - (float)(k & 0xffffff);
    int64_t *at = positions(p, hostIn);
    void *in = NULL, *out = NULL, *copy = NULL, *value = NULL;
    CUDA_CHECK(cudaMalloc(&in, inBytes));
    CUDA_CHECK(cudaMalloc(&out, outBytes));
    CUDA_CHECK(cudaMalloc(&copy, outBytes));
    CUDA_CHECK(cudaMalloc(&value, outBytes));
    CUDA_CHECK(cudaMemcpy(in, hostIn, inBytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(value, hostValue, outBytes, cudaMemcpyHostToDevice));
    Descriptor input, output, valueD, result;
    describe(&input, in, p->inRank, p->inShape);
    describe(&output, out, p->outRank, p->outShape);
    describe(&valueD, value, p->outRank, p->outShape);

    // The checks: into, then ew, then update (which writes the input).
    int ok[3] = {1, 1, 1};
    CUDA_CHECK(cudaMemset(out, 0xff, outBytes));
    ((Fn3)p->into)(&result, &input, &output);
    CUDA_CHECK(cudaMemcpy(hostOut, out, outBytes, cudaMemcpyDeviceToHost));
    for (int64_t k = 0; k < outCount && ok[0]; ++k)
      if (memcmp(&hostOut[k], &hostIn[at[k]], 4) != 0)
        ok[0] = fail(p, "into", k);
    CUDA_CHECK(cudaMemset(out, 0xff, outBytes));
    ((Fn3)p->ew)(&result, &input, &output);
    CUDA_CHECK(cudaMemcpy(hostOut, out, outBytes, cudaMemcpyDeviceToHost));
    for (int64_t k = 0; k < outCount && ok[2]; ++k) {
      // Separate roundings or one fused multiply-add: both are s * s + s.
      float s = hostIn[at[k]], separate = s * s;
      separate += s;
      if (hostOut[k] != separate && hostOut[k] != fmaf(s, s, s))
        ok[2] = fail(p, "ew", k);
    }
    ((Fn3)p->update)(&result, &valueD, &input);
    CUDA_CHECK(cudaMemcpy(hostY, in, inBytes, cudaMemcpyDeviceToHost));
    for (int64_t k = 0; k < outCount; ++k)
      hostIn[at[k]] = hostValue[k];
    if (memcmp(hostY, hostIn, inBytes) != 0)
      ok[1] = fail(p, "update", 0);
    failures += !ok[0] + !ok[1] + !ok[2];

    double times[kVariants][64];
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    for (int r = 0; r < rounds; ++r) {
      double t0 = now();
      for (int k = 0; k < reps; ++k)
        ((Fn3)p->into)(&result, &input, &output);
      times[kOurs][r] = (now() - t0) / reps;
      t0 = now();
      for (int k = 0; k < reps; ++k)
        ((Fn3)p->update)(&result, &valueD, &input);
      times[kUpdate][r] = (now() - t0) / reps;
      t0 = now();
      for (int k = 0; k < reps; ++k)
        ((Fn3)p->ew)(&result, &input, &output);
      times[kEw][r] = (now() - t0) / reps;
      t0 = now();
      for (int k = 0; k < reps; ++k) {
        CUDA_CHECK(cudaMemcpy(copy, in, outBytes, cudaMemcpyDeviceToDevice));
        CUDA_CHECK(cudaDeviceSynchronize());
      }
      times[kDtod][r] = (now() - t0) / reps;
      CUDA_CHECK(cudaEventRecord(start, 0));
      for (int k = 0; k < reps; ++k)
        CUDA_CHECK(cudaMemcpy(copy, in, outBytes, cudaMemcpyDeviceToDevice));
      CUDA_CHECK(cudaEventRecord(stop, 0));
      CUDA_CHECK(cudaEventSynchronize(stop));
      float ms = 0;
      CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
      times[kEvents][r] = ms * 1e-3 / reps;
    }
    printf("{\"device\": \"%s\", \"case\": \"%s\", \"description\": \"%s\", "
           "\"size\": \"%s\", \"out_bytes\": %zu, \"checked\": %s, "
           "\"update_checked\": %s, \"ew_checked\": %s, "
           "\"ours_s\": %.9f, \"update_s\": %.9f, \"ew_s\": %.9f, "
           "\"dtod_s\": %.9f, \"dtod_events_s\": %.9f}\n",
           device, p->name, p->description, p->size, outBytes,
           ok[0] ? "true" : "false", ok[1] ? "true" : "false",
           ok[2] ? "true" : "false", median(times[kOurs], rounds),
           median(times[kUpdate], rounds), median(times[kEw], rounds),
           median(times[kDtod], rounds), median(times[kEvents], rounds));
    fflush(stdout);
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(in));
    CUDA_CHECK(cudaFree(out));
    CUDA_CHECK(cudaFree(copy));
    CUDA_CHECK(cudaFree(value));
    free(hostIn);
    free(hostOut);
    free(hostValue);
    free(hostY);
    free(at);
  }
  return failures ? 1 : 0;
}
