// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// TensorFlow's CPU strided slice, timed as its kernels run it (bench/run.sh
// builds and runs this; bench/cases.py writes the points).
//
// TensorFlow's StridedSlice kernel (tensorflow/core/kernels/
// strided_slice_op_impl.h) reshapes the input and the result to the
// processing shape (the input's rank, shrunk dimensions kept as 1) and
// evaluates one Eigen expression on its CPU device, an Eigen
// ThreadPoolDevice with a thread per core: `out = in.slice(begin, sizes)`
// where every stride is 1, `out = in.stridedSlice(begin, end, strides)`
// otherwise. StridedSliceAssign evaluates `y.stridedSlice(begin, end,
// strides) = v`. This harness evaluates the same expressions on TensorMaps
// of row-major f32 buffers, on a ThreadPoolDevice of one thread and of one
// thread per core, and prints the median of each as one JSON line:
//   eigen_into     the slice into a buffer allocated before
//   eigen_alloc    a fresh buffer (aligned_alloc, as TensorFlow's CPU
//                  allocator), the slice into it, free
//   eigen_update   y[...] = v in place ("write": true)
// each on one thread and, as eigen_into_mt, ..., on a thread per core.
// Before timing, every result is compared with a scalar loop over the same
// begin and strides. Where the data exceed the last-level cache, the caches
// are evicted before every timed call, as in bench/harness.c.

#define EIGEN_USE_THREADS
#include <unsupported/Eigen/CXX11/Tensor>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

struct EigenPoint {
  const char *name, *size;
  int rank;
  int64_t shape[4], begin[4], end[4], strides[4], dims[4];
  bool simple;
};

#include "eigen_points.h"
#include "harness_common.h"

namespace {

// Element count of the slice.
int64_t sliceCount(const EigenPoint &p) { return elements(p.rank, p.dims); }

// The slice's elements as offsets into the input, in row-major order of
// the processing shape: what every route must read (or write).
std::vector<int64_t> sliceOffsets(const EigenPoint &p) {
  std::vector<int64_t> offsets(sliceCount(p));
  std::vector<int64_t> inStride(p.rank, 1), at(p.rank, 0);
  for (int d = p.rank - 2; d >= 0; --d)
    inStride[d] = inStride[d + 1] * p.shape[d + 1];
  for (int64_t &offset : offsets) {
    offset = 0;
    for (int d = 0; d < p.rank; ++d)
      offset += (p.begin[d] + at[d] * p.strides[d]) * inStride[d];
    for (int d = p.rank - 1; d >= 0 && ++at[d] == p.dims[d]; --d)
      at[d] = 0;
  }
  return offsets;
}

// The kernel's expressions on TensorMaps of rank N.
template <int N> struct Kernel {
  using Map = Eigen::TensorMap<Eigen::Tensor<float, N, Eigen::RowMajor>>;
  using Index = Eigen::DSizes<Eigen::DenseIndex, N>;
  Index shape, begin, end, strides, dims;

  explicit Kernel(const EigenPoint &p) {
    for (int d = 0; d < N; ++d) {
      shape[d] = p.shape[d];
      begin[d] = p.begin[d];
      end[d] = p.end[d];
      strides[d] = p.strides[d];
      dims[d] = p.dims[d];
    }
  }

  void read(const Eigen::ThreadPoolDevice &device, const EigenPoint &p,
            float *input, float *output) const {
    Map in(input, shape), out(output, dims);
    if (p.simple)
      out.device(device) = in.slice(begin, dims);
    else
      out.device(device) = in.stridedSlice(begin, end, strides);
  }

  void write(const Eigen::ThreadPoolDevice &device, float *target,
             float *value) const {
    Map y(target, shape), v(value, dims);
    y.stridedSlice(begin, end, strides).device(device) = v;
  }
};

enum Variant { kInto, kAlloc, kUpdate, kVariants };
const char *const kVariantNames[kVariants] = {"eigen_into", "eigen_alloc",
                                              "eigen_update"};

template <int N>
double timeVariant(Variant variant, const Eigen::ThreadPoolDevice &device,
                   const EigenPoint &p, float *input, float *output, float *y,
                   float *value, size_t outBytes, const Evictor *evictor) {
  Kernel<N> kernel(p);
  if (evictor)
    evictCaches(evictor);
  double start = now();
  switch (variant) {
  case kInto:
    kernel.read(device, p, input, output);
    break;
  case kAlloc: {
    float *fresh = static_cast<float *>(aligned_alloc(64, outBytes + 64));
    kernel.read(device, p, input, fresh);
    free(fresh);
    break;
  }
  case kUpdate:
    kernel.write(device, y, value);
    break;
  case kVariants:
    break;
  }
  return now() - start;
}

template <int N>
int runPoint(const EigenPoint &p, Evictor &caches, int threadCount,
             bool threaded) {
  int64_t inCount = elements(p.rank, p.shape), outCount = sliceCount(p);
  size_t inBytes = inCount * sizeof(float), outBytes = outCount * sizeof(float);
  auto *input = static_cast<float *>(aligned_alloc(64, inBytes + 64));
  auto *y = static_cast<float *>(aligned_alloc(64, inBytes + 64));
  auto *output = static_cast<float *>(aligned_alloc(64, outBytes + 64));
  auto *value = static_cast<float *>(aligned_alloc(64, outBytes + 64));
  for (int64_t k = 0; k < inCount; ++k)
    input[k] = y[k] = static_cast<float>(k);
  for (int64_t k = 0; k < outCount; ++k)
    value[k] = static_cast<float>(-1 - k);
  memset(output, 0, outBytes);

  Eigen::ThreadPool pool(threadCount);
  Eigen::ThreadPoolDevice device(&pool, threadCount);
  Kernel<N> kernel(p);
  int failures = 0;
  std::vector<int64_t> offsets = sliceOffsets(p);
  kernel.read(device, p, input, output);
  for (int64_t k = 0; k < outCount; ++k)
    if (output[k] != input[offsets[k]]) {
      fprintf(stderr, "eigen %s %s: element %lld differs\n", p.name, p.size,
              static_cast<long long>(k));
      ++failures;
      break;
    }
  kernel.write(device, y, value);
  std::vector<bool> written(inCount);
  for (int64_t k = 0; k < outCount; ++k) {
    written[offsets[k]] = true;
    if (y[offsets[k]] != value[k]) {
      fprintf(stderr, "eigen update %s %s: element %lld differs\n", p.name,
              p.size, static_cast<long long>(k));
      ++failures;
      break;
    }
  }
  for (int64_t k = 0; k < inCount; ++k)
    if (!written[k] && y[k] != static_cast<float>(k)) {
      fprintf(stderr, "eigen update %s %s: wrote outside the slice\n", p.name,
              p.size);
      ++failures;
      break;
    }

  const Evictor *evictor =
      inBytes + outBytes > caches.cacheBytes ? &caches : nullptr;
  int rounds = !strcmp(p.size, "1MiB")    ? 101
               : !strcmp(p.size, "64MiB") ? 21
                                          : 9;
  static double samples[kVariants][101];
  // As bench/harness.c: the allocating variant in a phase of its own.
  for (int phase = 0; phase < 2; ++phase) {
    for (int v = 0; v < kVariants; ++v) {
      if ((v == kAlloc) != (phase == 1))
        continue;
      timeVariant<N>(Variant(v), device, p, input, output, y, value, outBytes,
                     evictor); // warm up
    }
    for (int r = 0; r < rounds; ++r)
      for (int v = 0; v < kVariants; ++v)
        if ((v == kAlloc) == (phase == 1))
          samples[v][r] = timeVariant<N>(Variant(v), device, p, input, output,
                                         y, value, outBytes, evictor);
  }
  for (int v = 0; v < kVariants; ++v)
    printf("{\"case\": \"%s\", \"size\": \"%s\", \"variant\": \"%s%s\", "
           "\"seconds\": %.9g, \"out_bytes\": %zu, \"rounds\": %d, "
           "\"threads\": %d%s}\n",
           p.name, p.size, kVariantNames[v], threaded ? "_mt" : "",
           median(samples[v], rounds), outBytes, rounds, threadCount,
           v == kUpdate ? ", \"write\": true" : "");
  fflush(stdout);
  free(input);
  free(y);
  free(output);
  free(value);
  return failures;
}

} // namespace

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : "";
  Evictor caches = makeEvictor();
  int cores = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  int failures = 0;
  for (const EigenPoint &p : kEigenPoints) {
    if (*only && !strstr(only, p.size))
      continue;
    for (bool threaded : {false, true}) {
      int threads = threaded ? std::max(cores, 1) : 1;
      switch (p.rank) {
      case 1:
        failures += runPoint<1>(p, caches, threads, threaded);
        break;
      case 2:
        failures += runPoint<2>(p, caches, threads, threaded);
        break;
      case 4:
        failures += runPoint<4>(p, caches, threads, threaded);
        break;
      default:
        fprintf(stderr, "eigen %s: rank %d has no instance\n", p.name, p.rank);
        ++failures;
      }
    }
  }
  return failures != 0;
}
