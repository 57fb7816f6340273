// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// The machine's memory state for the threaded timings (bench/run.sh runs it
// before and after each timing process). On the machine docs/performance.md
// is written on, the two cores together read at about 50 GB/s for minutes,
// then at about 82 GB/s for minutes, while one core reads at 40-41 GB/s
// throughout (the host places the virtual cores; measured with this
// probe): threaded timings are only comparable within one state.
//
//   probe LABEL [WAIT_SECONDS]
//
// prints one JSON line: the read bandwidth of one thread and of all cores
// (OpenMP, best of three passes over 256 MiB), and whether all cores read
// at least 1.6x one ("high"). With WAIT_SECONDS, it probes again until the
// state is high or the time has passed, and says how long it waited.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness_common.h"

static double readSeconds(const float *data, size_t count, int threads) {
  double best = 1e30;
  for (int pass = 0; pass < 3; ++pass) {
    double start = now();
    float s0 = 0, s1 = 0, s2 = 0, s3 = 0; // one load a cache line
#pragma omp parallel for num_threads(threads) reduction(+ : s0, s1, s2, s3)    \
    schedule(static)
    for (size_t i = 0; i < count; i += 64) {
      s0 += data[i];
      s1 += data[i + 16];
      s2 += data[i + 32];
      s3 += data[i + 48];
    }
    float sum = s0 + s1 + s2 + s3;
    double seconds = now() - start;
    if (sum < 0) // never: keeps the loads
      puts("");
    if (seconds < best)
      best = seconds;
  }
  return best;
}

int main(int argc, char **argv) {
  const char *label = argc > 1 ? argv[1] : "";
  double wait = argc > 2 ? atof(argv[2]) : 0;
  size_t count = (size_t)64 << 20; // 256 MiB of f32
  float *data = aligned_alloc(64, count * sizeof(float));
  if (!data)
    return 1;
  memset(data, 0, count * sizeof(float));
  int cores = omp_get_num_procs();
  double started = now(), one, all;
  int high;
  for (;;) {
    one = readSeconds(data, count, 1);
    all = readSeconds(data, count, cores);
    high = cores > 1 && one / all >= 1.6;
    if (high || cores < 2 || now() - started >= wait)
      break;
    sleep(2);
  }
  double bytes = (double)count * sizeof(float);
  printf("{\"probe\": \"%s\", \"cores\": %d, \"one_core_gbps\": %.1f, "
         "\"all_cores_gbps\": %.1f, \"high\": %s, \"waited_s\": %.0f}\n",
         label, cores, bytes / one / 1e9, bytes / all / 1e9,
         high ? "true" : "false", now() - started);
  free(data);
  return 0;
}
