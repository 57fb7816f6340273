// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Times the write side, y[index] = v into the caller's buffer y (bench/run.sh
// builds and runs it; bench/cases.py writes the functions).
//
// For each point (case x size), every variant runs once per round, rounds
// repeated (update_mt in rounds of its own after the others), and the
// median of each is printed as one JSON line:
//   memcpy           memcpy of v's bytes (what the write must move at least)
//   update           ours: slice.strided_update, y writable, in place
//   update_mt        the same, big copies on OpenMP threads (bench/run.sh)
//   upstream_update  tensor.insert_slice through one-shot-bufferize and
//                    upstream's lowering (memref.copy, the runtime's
//                    memrefCopy where the view is not contiguous)
// Before timing, the three results are compared with the expected y byte
// for byte, and whether ours returned y's own buffer (updated in place, no
// byte of y copied) is printed as "in_place" with the update lines.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *name, *size;
  int inRank;
  int64_t inShape[4];
  int outRank;
  int64_t outShape[4];
  void *update, *updateMt, *upstreamUpdate;
} UpdatePoint;

#include "harness_common.h"
#include "update_points.h"

typedef void (*Fn3)(void *, void *, void *);

enum { kMemcpy, kUpdate, kUpdateMt, kUpstreamUpdate, kVariants };
static const char *kVariantNames[kVariants] = {"memcpy", "update", "update_mt",
                                               "upstream_update"};

static double timeVariant(int variant, const UpdatePoint *p, Descriptor *v,
                          Descriptor *y, float *scratch, float *value,
                          size_t valueBytes, const Evictor *evictor) {
  Descriptor result;
  if (evictor)
    evictCaches(evictor);
  double start = now();
  switch (variant) {
  case kMemcpy:
    memcpy(scratch, value, valueBytes);
    break;
  case kUpdate:
    ((Fn3)p->update)(&result, v, y);
    break;
  case kUpdateMt:
    ((Fn3)p->updateMt)(&result, v, y);
    break;
  case kUpstreamUpdate:
    ((Fn3)p->upstreamUpdate)(&result, v, y);
    break;
  }
  return now() - start;
}

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : "";
  int points = sizeof(kUpdates) / sizeof(kUpdates[0]);
  int failures = 0;
  Evictor caches = makeEvictor();
  for (int i = 0; i < points; ++i) {
    const UpdatePoint *p = &kUpdates[i];
    if (*only && !strstr(only, p->size))
      continue;
    int64_t yCount = elements(p->inRank, p->inShape);
    int64_t vCount = elements(p->outRank, p->outShape);
    size_t yBytes = (size_t)yCount * sizeof(float);
    size_t vBytes = (size_t)vCount * sizeof(float);
    float *y = aligned_alloc(64, yBytes + 64);
    float *expected = aligned_alloc(64, yBytes + 64);
    float *value = aligned_alloc(64, vBytes + 64);
    float *scratch = aligned_alloc(64, vBytes + 64);
    for (int64_t k = 0; k < vCount; ++k)
      value[k] = (float)(-1 - k);
    Descriptor v, yd, result;
    describe(&v, value, p->outRank, p->outShape);
    describe(&yd, y, p->inRank, p->inShape);

    // The expected y from ours; the threaded route and upstream, each on a
    // fresh y, compared with it.
    for (int64_t k = 0; k < yCount; ++k)
      y[k] = (float)k;
    ((Fn3)p->update)(&result, &v, &yd);
    int inPlace = result.words[1] == (int64_t)(intptr_t)y;
    memcpy(expected, (float *)(intptr_t)result.words[1] + result.words[2],
           yBytes);
    for (int other = kUpdateMt; other <= kUpstreamUpdate; ++other) {
      for (int64_t k = 0; k < yCount; ++k)
        y[k] = (float)k;
      ((Fn3)(other == kUpdateMt ? p->updateMt : p->upstreamUpdate))(&result, &v,
                                                                    &yd);
      if (other == kUpdateMt)
        inPlace &= result.words[1] == (int64_t)(intptr_t)y;
      if (memcmp(expected, (float *)(intptr_t)result.words[1] + result.words[2],
                 yBytes)) {
        fprintf(stderr, "%s %s %s: results differ\n", kVariantNames[other],
                p->name, p->size);
        ++failures;
      }
    }
    if (!inPlace) {
      fprintf(stderr, "update %s %s: not in place\n", p->name, p->size);
      ++failures;
    }

    // As bench/harness.c: the caches evicted before every timed call where
    // the data cannot stay cached between calls.
    evictorClear(&caches);
    evictorTrack(&caches, y, yBytes);
    evictorTrack(&caches, value, vBytes);
    evictorTrack(&caches, scratch, vBytes);
    const Evictor *evictor =
        yBytes + vBytes > caches.cacheBytes ? &caches : NULL;
    int rounds = !strcmp(p->size, "1MiB")    ? 101
                 : !strcmp(p->size, "64MiB") ? 21
                                             : 9;
    double samples[kVariants][101];
    // update_mt in rounds of its own, after the others: where the point
    // stays cached, a threaded update of the y that the calling thread
    // wrote last (update, just before) first moves the other threads' part
    // of its lines to their cores, which a threaded program updating its
    // buffers again and again does not (nor PyTorch's threaded side, which
    // times each form in rounds of its own).
    for (int phase = 0; phase < 2; ++phase) {
      for (int v0 = 0; v0 < kVariants; ++v0) // warm up
        if ((v0 == kUpdateMt) == phase)
          timeVariant(v0, p, &v, &yd, scratch, value, vBytes, evictor);
      for (int r = 0; r < rounds; ++r)
        for (int variant = 0; variant < kVariants; ++variant)
          if ((variant == kUpdateMt) == phase)
            samples[variant][r] = timeVariant(variant, p, &v, &yd, scratch,
                                              value, vBytes, evictor);
    }
    for (int variant = 0; variant < kVariants; ++variant)
      printf("{\"case\": \"%s\", \"size\": \"%s\", \"variant\": \"%s\", "
             "\"seconds\": %.9g, \"out_bytes\": %zu, \"rounds\": %d, "
             "\"write\": true%s}\n",
             p->name, p->size, kVariantNames[variant],
             median(samples[variant], rounds), vBytes, rounds,
             variant == kUpdate || variant == kUpdateMt
                 ? (inPlace ? ", \"in_place\": true" : ", \"in_place\": false")
                 : "");
    fflush(stdout);
    free(y);
    free(expected);
    free(value);
    free(scratch);
  }
  return failures != 0;
}
