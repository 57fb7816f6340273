// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Times the GPU benchmark's slices (bench/gpu/run.sh builds it; the
// executable needs only the NVIDIA driver where it runs).
//
// For each point (case x input size):
//   ours   the slice copied into a device buffer of the caller
//          (--slice-to-nvvm, `into`): the host function launches the
//          kernel on its stream and waits for it, as a caller sees it;
//   dtod   cudaMemcpy device-to-device of the output's bytes, then
//          cudaDeviceSynchronize: the same bytes moved by the copy engine
//          path every CUDA program has, waited for the same way;
//   dtod_events  the same copies back to back, timed by CUDA events (the
//          device time alone, without the per-call wait).
// Each variant runs `reps` calls per round; the median round is reported
// as one JSON line. Before timing, ours is checked element by element
// against the view (`view`) read on the host.

#include "SliceCudaRuntime.h"

#include <cuda_runtime_api.h>
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
  void *into, *view;
} Point;

#include "../harness_common.h"
#include "points_gpu.h"

typedef void (*Into)(void *, void *, void *);
typedef void (*View)(void *, void *);

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t error_ = (call);                                               \
    if (error_ != cudaSuccess) {                                               \
      fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(error_));   \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/// Checks `out` (host copy of ours) against the view of `in` (host copy of
/// the input) that `view` describes.
static int check(const Point *p, const float *in, const float *out) {
  Descriptor input, result;
  describe(&input, (void *)in, p->inRank, p->inShape);
  ((View)p->view)(&result, &input);
  const int64_t *sizes = &result.words[3];
  const int64_t *strides = &result.words[3 + p->outRank];
  int64_t index[5] = {0};
  int64_t n = elements(p->outRank, p->outShape);
  for (int64_t k = 0; k < n; ++k) {
    int64_t at = result.words[2];
    for (int d = 0; d < p->outRank; ++d)
      at += index[d] * strides[d];
    if (memcmp(&out[k], &in[at], sizeof(float)) != 0) {
      fprintf(stderr, "%s %s: element %lld differs from the view\n", p->name,
              p->size, (long long)k);
      return 0;
    }
    for (int d = p->outRank - 1; d >= 0; --d) {
      if (++index[d] < sizes[d])
        break;
      index[d] = 0;
    }
  }
  return 1;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 7;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  char device[256] = "unknown";
  sliceCudaDeviceName(device, sizeof(device));
  int failures = 0;
  for (size_t i = 0; i < sizeof(points) / sizeof(points[0]); ++i) {
    const Point *p = &points[i];
    int64_t inCount = elements(p->inRank, p->inShape);
    int64_t outCount = elements(p->outRank, p->outShape);
    size_t inBytes = (size_t)inCount * 4, outBytes = (size_t)outCount * 4;
    float *hostIn = malloc(inBytes), *hostOut = malloc(outBytes);
    for (int64_t k = 0; k < inCount; ++k)
      hostIn[k] = (float)(k & 0xffffff);
    void *in = NULL, *out = NULL, *copy = NULL;
    CUDA_CHECK(cudaMalloc(&in, inBytes));
    CUDA_CHECK(cudaMalloc(&out, outBytes));
    CUDA_CHECK(cudaMalloc(&copy, outBytes));
    CUDA_CHECK(cudaMemcpy(in, hostIn, inBytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(out, 0xff, outBytes));

    Descriptor input, output, result;
    describe(&input, in, p->inRank, p->inShape);
    describe(&output, out, p->outRank, p->outShape);
    ((Into)p->into)(&result, &input, &output);
    CUDA_CHECK(cudaMemcpy(hostOut, out, outBytes, cudaMemcpyDeviceToHost));
    int ok = check(p, hostIn, hostOut);
    failures += !ok;

    double ours[64], dtod[64], events[64];
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    if (rounds > 64)
      rounds = 64;
    for (int r = 0; r < rounds; ++r) {
      double t0 = now();
      for (int k = 0; k < reps; ++k)
        ((Into)p->into)(&result, &input, &output);
      ours[r] = (now() - t0) / reps;
      t0 = now();
      for (int k = 0; k < reps; ++k) {
        CUDA_CHECK(cudaMemcpy(copy, in, outBytes, cudaMemcpyDeviceToDevice));
        CUDA_CHECK(cudaDeviceSynchronize());
      }
      dtod[r] = (now() - t0) / reps;
      CUDA_CHECK(cudaEventRecord(start, 0));
      for (int k = 0; k < reps; ++k)
        CUDA_CHECK(cudaMemcpy(copy, in, outBytes, cudaMemcpyDeviceToDevice));
      CUDA_CHECK(cudaEventRecord(stop, 0));
      CUDA_CHECK(cudaEventSynchronize(stop));
      float ms = 0;
      CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
      events[r] = ms * 1e-3 / reps;
    }
    qsort(ours, rounds, sizeof(double), compareDoubles);
    qsort(dtod, rounds, sizeof(double), compareDoubles);
    qsort(events, rounds, sizeof(double), compareDoubles);
    printf("{\"device\": \"%s\", \"case\": \"%s\", \"description\": \"%s\", "
           "\"size\": \"%s\", \"out_bytes\": %zu, \"checked\": %s, "
           "\"ours_s\": %.9f, \"dtod_s\": %.9f, \"dtod_events_s\": %.9f}\n",
           device, p->name, p->description, p->size, outBytes,
           ok ? "true" : "false", ours[rounds / 2], dtod[rounds / 2],
           events[rounds / 2]);
    fflush(stdout);
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(in));
    CUDA_CHECK(cudaFree(out));
    CUDA_CHECK(cudaFree(copy));
    free(hostIn);
    free(hostOut);
  }
  return failures ? 1 : 0;
}
