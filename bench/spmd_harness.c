// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Times the module bench/spmd_gen.py writes, under `mpirun -np P`: each
// process passes its rows of an f32 tensor (64 MiB, then 512 MiB) split
// evenly; a round is a barrier, the call, a barrier (so the time is the
// slowest process's), and the free of the result. In the same run:
// rank 0 alone doing the same slice of the whole tensor while the others
// wait, and the bare bound of the plan: an MPI_Sendrecv of exactly the
// bytes the call received, with the process it received them from, plus
// one copy of the process's part into a fresh buffer. The bytes are
// counted through MPI's profiling interface (MPI_Send, MPI_Recv). Checks
// elements of every result; prints one JSON line per case from rank 0.
#include "harness_common.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRef2D;

#define DECLARE(size)                                                          \
  void _mlir_ciface_rev_##size(MemRef2D *, MemRef2D *);                        \
  void _mlir_ciface_mid_##size(MemRef2D *, MemRef2D *);                        \
  void _mlir_ciface_str_##size(MemRef2D *, MemRef2D *);                        \
  void _mlir_ciface_upd_##size(MemRef2D *, MemRef2D *, MemRef2D *);            \
  void _mlir_ciface_single_rev_##size(MemRef2D *, MemRef2D *);                 \
  void _mlir_ciface_single_mid_##size(MemRef2D *, MemRef2D *);                 \
  void _mlir_ciface_single_str_##size(MemRef2D *, MemRef2D *);                 \
  void _mlir_ciface_single_upd_##size(MemRef2D *, MemRef2D *, MemRef2D *);
DECLARE(64)
DECLARE(512)

static long long sent, received;
// Keeps the bound's copies from being optimized away.
static volatile float sink;
int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag,
             MPI_Comm comm) {
  int size;
  PMPI_Type_size(type, &size);
  sent += (long long)count * size;
  return PMPI_Send(buf, count, type, dest, tag, comm);
}
int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag,
             MPI_Comm comm, MPI_Status *status) {
  int size;
  PMPI_Type_size(type, &size);
  received += (long long)count * size;
  return PMPI_Recv(buf, count, type, source, tag, comm, status);
}

typedef void (*Slice)(MemRef2D *, MemRef2D *);
typedef void (*Update)(MemRef2D *, MemRef2D *, MemRef2D *);

typedef struct {
  const char *name;
  Slice slice, single;
  Update update, singleUpdate;
} Case;

static int64_t rows, cols;

static float at(MemRef2D m, int64_t i, int64_t j) {
  return m.aligned[m.offset + i * m.strides[0] + j * m.strides[1]];
}

/// Element (i, j) of the global result of `name`, of x[i, j] = i cols + j
/// and v = -x.
static float expected(const char *name, int64_t i, int64_t j) {
  switch (name[0]) {
  case 'r':
    return (float)((rows - 1 - i) * cols + j);
  case 'm':
    return (float)((i + 1) * cols + j);
  case 's':
    return (float)(2 * i * cols + j);
  default:
    return -(float)((rows - 1 - i) * cols + j);
  }
}

/// Wrong elements among a sample of `r`, the rows of the global result
/// from `first`.
static int check(const char *name, MemRef2D r, int64_t first) {
  int wrong = 0;
  for (int64_t i = 0; i < r.sizes[0]; i += 1 + r.sizes[0] / 7)
    for (int64_t j = 0; j < r.sizes[1]; j += 1 + r.sizes[1] / 5)
      wrong += at(r, i, j) != expected(name, first + i, j);
  return wrong;
}

static MemRef2D filled(int64_t first, int64_t n, float sign) {
  float *data = malloc((size_t)(n ? n : 1) * cols * sizeof(float));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < cols; ++j)
      data[i * cols + j] = sign * (float)((first + i) * cols + j);
  MemRef2D m = {data, data, 0, {n, cols}, {cols, 1}};
  return m;
}

/// Median seconds of `rounds` calls between barriers of `comm`; the first
/// result is checked against the global rows from `first`.
static double timeCalls(const Case *c, int single, MemRef2D *x, MemRef2D *v,
                        MPI_Comm comm, int rounds, int64_t first, int *wrong,
                        long long *bytesIn, long long *bytesOut) {
  double t[16];
  for (int round = 0; round < rounds; ++round) {
    MemRef2D r;
    sent = received = 0;
    MPI_Barrier(comm);
    double start = MPI_Wtime();
    if (c->slice)
      (single ? c->single : c->slice)(&r, x);
    else
      (single ? c->singleUpdate : c->update)(&r, x, v);
    MPI_Barrier(comm);
    t[round] = MPI_Wtime() - start;
    if (round == 0) {
      *wrong += check(c->name, r, first);
      *bytesIn = received;
      *bytesOut = sent;
    }
    if (r.allocated != x->allocated)
      free(r.allocated);
  }
  return median(t, rounds);
}

/// The bare bound: the same bytes exchanged with `partner` in one
/// MPI_Sendrecv, and one copy of `part` bytes of the shard into a fresh
/// buffer.
static double timeBound(const void *shard, long long bytes, int partner,
                        size_t part, int rounds) {
  double t[16];
  for (int round = 0; round < rounds; ++round) {
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    char *in = malloc(bytes ? bytes : 1);
    if (bytes)
      PMPI_Sendrecv(shard, (int)bytes, MPI_BYTE, partner, 1, in, (int)bytes,
                    MPI_BYTE, partner, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    char *copy = malloc(part ? part : 1);
    memcpy(copy, shard, part);
    if (part)
      sink = ((float *)copy)[part / sizeof(float) - 1];
    if (bytes)
      sink = ((float *)in)[bytes / sizeof(float) - 1];
    MPI_Barrier(MPI_COMM_WORLD);
    t[round] = MPI_Wtime() - start;
    free(in);
    free(copy);
  }
  return median(t, rounds);
}

static void runSize(const char *size, int64_t r, int64_t c, Case *cases,
                    int rounds, int rank, int processes) {
  rows = r;
  cols = c;
  int64_t n = rows / processes, first = rank * n;
  MemRef2D x = filled(first, n, 1), v = filled(first, n, -1);
  for (Case *k = cases; k->name; ++k) {
    int wrong = 0;
    long long in = 0, out = 0;
    // This process's rows of the result, and the fewest bytes it can
    // receive: the whole part where it comes from the mirror.
    int64_t partFirst = first, partRows = n;
    long long fewest = 0;
    switch (k->name[0]) {
    case 'm': {
      int64_t begin = first == 0 ? 0 : first - 1;
      int64_t end = rank == processes - 1 ? rows - 2 : first + n - 1;
      partFirst = begin;
      partRows = end - begin;
      break;
    }
    case 's':
      partFirst = first / 2;
      partRows = n / 2;
      break;
    default:
      fewest = (long long)n * cols * sizeof(float);
    }
    double sharded = timeCalls(k, 0, &x, &v, MPI_COMM_WORLD, rounds, partFirst,
                               &wrong, &in, &out);
    long long inAll = 0, outAll = 0, fewestAll = 0, inMax = 0;
    MPI_Allreduce(&in, &inAll, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&in, &inMax, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&out, &outAll, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&fewest, &fewestAll, 1, MPI_LONG_LONG, MPI_SUM,
                  MPI_COMM_WORLD);
    int partner = processes - 1 - rank;
    double bound = timeBound(x.aligned, partner == rank ? 0 : in, partner,
                             (size_t)partRows * cols * sizeof(float), rounds);
    double single = 0;
    if (rank == 0) {
      MemRef2D wx = filled(0, rows, 1), wv = filled(0, rows, -1);
      single = timeCalls(k, 1, &wx, &wv, MPI_COMM_SELF, rounds, 0, &wrong, &in,
                         &out);
      free(wx.allocated);
      free(wv.allocated);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    int allWrong = 0;
    MPI_Reduce(&wrong, &allWrong, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
      printf("{\"spmd\": \"%s\", \"size_mib\": %s, \"processes\": %d, "
             "\"received\": %lld, \"received_max\": %lld, \"sent\": %lld, "
             "\"fewest\": %lld, \"sharded\": %.9f, \"single\": %.9f, "
             "\"bound\": %.9f, \"rounds\": %d, \"wrong\": %d}\n",
             k->name, size, processes, inAll, inMax, outAll, fewestAll, sharded,
             single, bound, rounds, allWrong);
    fflush(stdout);
  }
  free(x.allocated);
  free(v.allocated);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, processes;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &processes);
  // SLICE_BENCH_SPMD_LARGE=0 skips the 512 MiB tensor (rank 0's single
  // process needs about 2 GiB for it).
  const char *large = getenv("SLICE_BENCH_SPMD_LARGE");
#define CASES(size)                                                            \
  {                                                                            \
    {"rev", _mlir_ciface_rev_##size, _mlir_ciface_single_rev_##size, 0, 0},    \
        {"mid", _mlir_ciface_mid_##size, _mlir_ciface_single_mid_##size, 0,    \
         0},                                                                   \
        {"str", _mlir_ciface_str_##size, _mlir_ciface_single_str_##size, 0,    \
         0},                                                                   \
        {"upd", 0, 0, _mlir_ciface_upd_##size,                                 \
         _mlir_ciface_single_upd_##size},                                      \
        {0, 0, 0, 0, 0}                                                        \
  }
  Case small[] = CASES(64), big[] = CASES(512);
  runSize("64", 4096, 4096, small, 9, rank, processes);
  if (!large || strcmp(large, "0") != 0)
    runSize("512", 16384, 8192, big, 3, rank, processes);
  MPI_Finalize();
  return 0;
}
