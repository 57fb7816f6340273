// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Calls the copies of machine-threshold.mlir compiled ahead of time, whose
// objects read the machine's last-level cache size for the non-temporal
// threshold, with 2 MiB buffers it owns, and checks every element against
// the NumPy formula (x = arange(1024 * 512).reshape(1024, 512)). Then calls
// the object's cache lookup itself and checks its figure against the
// kernel's (or, without it, sysconf's, or the fallback's).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRefF32_2D;

void _mlir_ciface_reversed_into(MemRefF32_2D *result, MemRefF32_2D *x,
                                MemRefF32_2D *out);
void _mlir_ciface_rows_into(MemRefF32_2D *result, MemRefF32_2D *x,
                            MemRefF32_2D *out);
int64_t __slice_last_level_cache_bytes(void);

/// The last-level cache's size as the lookup should find it.
static int64_t expectedCacheBytes(void) {
  FILE *f = fopen("/sys/devices/system/cpu/cpu0/cache/index3/size", "r");
  long long kib = 0;
  if (f) {
    int read = fscanf(f, "%lldK", &kib);
    fclose(f);
    if (read == 1 && kib > 0)
      return (int64_t)kib << 10;
  }
  long reported = sysconf(_SC_LEVEL3_CACHE_SIZE);
  return reported > 0 ? reported : (int64_t)128 << 20;
}

static MemRefF32_2D dense(float *data, int64_t rows, int64_t cols) {
  MemRefF32_2D m = {data, data, 0, {rows, cols}, {cols, 1}};
  return m;
}

/// Counts the elements of `r` (rows x 512) that differ from x[first + i *
/// step, j], and checks that `r` is the caller's `out` buffer.
static void check(const char *name, MemRefF32_2D r, float *out, int64_t rows,
                  int64_t first, int64_t step) {
  int64_t wrong = 0;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < 512; ++j)
      wrong += r.aligned[r.offset + i * r.strides[0] + j * r.strides[1]] !=
               (float)((first + i * step) * 512 + j);
  printf("%s: %lld wrong, %s\n", name, (long long)wrong,
         r.aligned == out ? "into the caller's buffer" : "a new buffer");
}

int main(void) {
  float *x = malloc(1024 * 512 * sizeof(float));
  for (int64_t i = 0; i < 1024 * 512; ++i)
    x[i] = (float)i;
  float *out1 = calloc(1024 * 512, sizeof(float));
  float *out2 = calloc(512 * 512, sizeof(float));
  MemRefF32_2D input = dense(x, 1024, 512), o1 = dense(out1, 1024, 512),
               o2 = dense(out2, 512, 512), r;
  _mlir_ciface_reversed_into(&r, &input, &o1);
  check("reversed_into", r, out1, 1024, 1023, -1);
  _mlir_ciface_rows_into(&r, &input, &o2);
  check("rows_into", r, out2, 512, 256, 1);
  // Read on the copies' first call and kept: the same figure again.
  int64_t expected = expectedCacheBytes();
  int64_t first = __slice_last_level_cache_bytes();
  int64_t again = __slice_last_level_cache_bytes();
  printf("last-level cache: %s\n", first == expected && again == expected
                                       ? "as the machine says"
                                       : "wrong");
  if (first != expected || again != expected)
    fprintf(stderr, "got %lld and %lld, expected %lld\n", (long long)first,
            (long long)again, (long long)expected);
  free(x);
  free(out1);
  free(out2);
  return 0;
}
