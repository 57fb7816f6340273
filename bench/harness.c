// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Times the benchmark's slices in process (bench/run.sh builds and runs it).
//
// For each point (case x size), every variant runs once per round, rounds
// repeated (alloc_mt, upstream_alloc and into_mt in rounds of their own
// after the others), and the median of each is printed as one JSON line:
//   memcpy          memcpy of the output's bytes into a buffer already
//                   written (the bandwidth limit of this machine)
//   alloc           ours: a fresh dense slice (--slice-to-llvm slices=copy)
//   alloc_mt        the same, big copies on OpenMP threads (bench/run.sh)
//   into            ours: the slice copied into the caller's buffer
//   into_mt         the same, big copies on OpenMP threads (bench/run.sh)
//   view            ours: the view alone (no element moves), per call
//   upstream_alloc  tensor.extract_slice returned through one-shot-bufferize
//                   (memref.copy into a new buffer, the runtime's memrefCopy)
//   upstream_into   the same materialized in the caller's buffer
// Before timing, the results of alloc, alloc_mt, into, into_mt,
// upstream_alloc and upstream_into are compared byte for byte. Where input and
// output together exceed the last-level cache, the caches are evicted before
// every timed call, so that each variant starts from the same state (no lines,
// clean or dirty, of the variant before); smaller points are timed in cache.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  const char *name, *size;
  int inRank;
  int64_t inShape[4];
  int outRank;
  int64_t outShape[4];
  void *alloc, *allocMt, *into, *intoMt, *view, *upstreamAlloc, *upstreamInto;
} BenchPoint;

#include "harness_common.h"
#include "points.h"

typedef void (*Fn2)(void *, void *);
typedef void (*Fn3)(void *, void *, void *);

static float *dataOf(const Descriptor *d) {
  return (float *)(intptr_t)d->words[1] + d->words[2];
}

enum {
  kMemcpy,
  kAlloc,
  kAllocMt,
  kInto,
  kIntoMt,
  kView,
  kUpstreamAlloc,
  kUpstreamInto,
  kVariants
};
static const char *kVariantNames[kVariants] = {
    "memcpy",  "alloc", "alloc_mt",       "into",
    "into_mt", "view",  "upstream_alloc", "upstream_into"};

static volatile int64_t sink;

static double timeVariant(int variant, const BenchPoint *p, Descriptor *in,
                          Descriptor *out, float *input, float *target,
                          size_t bytes, const Evictor *evictor) {
  Descriptor result;
  if (evictor)
    evictCaches(evictor);
  double start = now(), seconds;
  switch (variant) {
  case kMemcpy:
    memcpy(target, input, bytes);
    break;
  case kAlloc:
  case kAllocMt:
  case kUpstreamAlloc:
    ((Fn2)(variant == kAlloc     ? p->alloc
           : variant == kAllocMt ? p->allocMt
                                 : p->upstreamAlloc))(&result, in);
    free((void *)(intptr_t)result.words[0]);
    break;
  case kInto:
  case kIntoMt:
  case kUpstreamInto:
    ((Fn3)(variant == kInto     ? p->into
           : variant == kIntoMt ? p->intoMt
                                : p->upstreamInto))(&result, in, out);
    break;
  case kView: {
    // One view costs nanoseconds: time a batch and divide.
    enum { kBatch = 10000 };
    for (int i = 0; i < kBatch; ++i) {
      ((Fn2)p->view)(&result, in);
      sink += result.words[2];
    }
    return (now() - start) / kBatch;
  }
  }
  seconds = now() - start;
  return seconds;
}

// The phase of the timings a variant runs in (main, below).
static int phaseOf(int variant) {
  switch (variant) {
  case kAllocMt:
    return 1;
  case kUpstreamAlloc:
    return 2;
  case kIntoMt:
    return 3;
  default:
    return 0;
  }
}
enum { kPhases = 4 };

// Compares the six materialized results; returns 0 when they agree.
static int check(const BenchPoint *p, Descriptor *in, Descriptor *out,
                 float *target, size_t bytes) {
  Descriptor ours, threaded, upstream, result;
  ((Fn2)p->alloc)(&ours, in);
  ((Fn2)p->allocMt)(&threaded, in);
  ((Fn2)p->upstreamAlloc)(&upstream, in);
  int bad = memcmp(dataOf(&ours), dataOf(&upstream), bytes) != 0;
  bad |= memcmp(dataOf(&ours), dataOf(&threaded), bytes) != 0;
  memset(target, 0, bytes);
  ((Fn3)p->into)(&result, in, out);
  bad |= memcmp(target, dataOf(&ours), bytes) != 0;
  memset(target, 0, bytes);
  ((Fn3)p->intoMt)(&result, in, out);
  bad |= memcmp(target, dataOf(&ours), bytes) != 0;
  memset(target, 0, bytes);
  ((Fn3)p->upstreamInto)(&result, in, out);
  bad |= memcmp(target, dataOf(&ours), bytes) != 0;
  free((void *)(intptr_t)ours.words[0]);
  free((void *)(intptr_t)threaded.words[0]);
  free((void *)(intptr_t)upstream.words[0]);
  return bad;
}

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : "";
  int points = sizeof(kPoints) / sizeof(kPoints[0]);
  int failures = 0;
  Evictor caches = makeEvictor();
  for (int i = 0; i < points; ++i) {
    const BenchPoint *p = &kPoints[i];
    if (*only && !strstr(only, p->size))
      continue;
    int64_t inCount = elements(p->inRank, p->inShape);
    int64_t outCount = elements(p->outRank, p->outShape);
    size_t bytes = (size_t)outCount * sizeof(float);
    float *input = aligned_alloc(64, (size_t)inCount * sizeof(float) + 64);
    float *target = aligned_alloc(64, bytes + 64);
    for (int64_t k = 0; k < inCount; ++k)
      input[k] = (float)k;
    memset(target, 0, bytes);
    Descriptor in, out;
    describe(&in, input, p->inRank, p->inShape);
    describe(&out, target, p->outRank, p->outShape);

    if (check(p, &in, &out, target, bytes)) {
      fprintf(stderr, "case %s %s: results differ\n", p->name, p->size);
      ++failures;
    }
    evictorClear(&caches);
    evictorTrack(&caches, input, (size_t)inCount * sizeof(float));
    evictorTrack(&caches, target, bytes);
    const Evictor *evictor =
        (size_t)(inCount + outCount) * sizeof(float) > caches.cacheBytes
            ? &caches
            : NULL;
    int rounds = !strcmp(p->size, "1MiB")    ? 101
                 : !strcmp(p->size, "64MiB") ? 21
                                             : 9;
    double samples[kVariants][101];
    // Phases, each with one variant that allocates: glibc's malloc adapts
    // its mmap and trim thresholds to the sizes freed, so two allocating
    // variants in turn would make each other page-fault. into_mt has a
    // phase of its own too: where the point stays cached, a threaded copy
    // into a target that the calling thread wrote last (into, just before)
    // first moves the other threads' part of its lines to their cores,
    // which a threaded program copying into its buffers again and again
    // does not (nor PyTorch's threaded side, which times each form in
    // rounds of its own).
    for (int phase = 0; phase < kPhases; ++phase) {
      for (int v = 0; v < kVariants; ++v) // warm up
        if (phaseOf(v) == phase)
          timeVariant(v, p, &in, &out, input, target, bytes, evictor);
      for (int r = 0; r < rounds; ++r)
        for (int v = 0; v < kVariants; ++v)
          if (phaseOf(v) == phase)
            samples[v][r] =
                timeVariant(v, p, &in, &out, input, target, bytes, evictor);
    }
    for (int v = 0; v < kVariants; ++v)
      printf("{\"case\": \"%s\", \"size\": \"%s\", \"variant\": \"%s\", "
             "\"seconds\": %.9g, \"out_bytes\": %zu, \"rounds\": %d}\n",
             p->name, p->size, kVariantNames[v], median(samples[v], rounds),
             bytes, rounds);
    fflush(stdout);
    free(input);
    free(target);
  }
  return failures != 0;
}
