// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// The C harnesses' eviction of the caches (harness_common.h) as a shared
// library, for the Python sides (bench/caches.py loads it with ctypes), so
// that NumPy and PyTorch start every timed call from the same state as
// ours and Eigen: none of the point's lines cached on any core.

#include "harness_common.h"

static Evictor evictor;
static int ready;

// Evicts the caches and flushes `count` buffers (addresses and sizes in
// bytes) of the point from every core's caches.
void sliceBenchEvict(const void *const *buffers, const size_t *bytes,
                     int count) {
  if (!ready) {
    evictor = makeEvictor();
    ready = 1;
  }
  evictorClear(&evictor);
  for (int i = 0; i < count; ++i)
    evictorTrack(&evictor, buffers[i], bytes[i]);
  evictCaches(&evictor);
}

// The last-level cache's size by the harnesses' rule.
size_t sliceBenchCacheBytes(void) { return lastLevelCacheBytes(); }
