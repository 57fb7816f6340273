// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Times bench/spmd.mlir under `mpirun -np 2`: each process passes its half
// of the rows; a round is a barrier, the call, a barrier (so the time is
// the slowest process's), and the caller's free. Rank 0 then times the
// same slices of the whole tensor alone, in the same run, while the other
// process waits; and both time a bare MPI_Allreduce (bitwise or, in place)
// of the gathered bytes on a buffer written before, the bound of the
// exchange. Checks a few elements of every result; prints one JSON line
// per case from rank 0.
#include "harness_common.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define N 4096
#define ROUNDS 9

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRef2D;

void _mlir_ciface_sharded_reverse(MemRef2D *, MemRef2D *);
void _mlir_ciface_sharded_columns(MemRef2D *, MemRef2D *);
void _mlir_ciface_single_reverse(MemRef2D *, MemRef2D *);
void _mlir_ciface_single_columns(MemRef2D *, MemRef2D *);

typedef void (*Slice)(MemRef2D *, MemRef2D *);

static float at(MemRef2D m, int64_t i, int64_t j) {
  return m.aligned[m.offset + i * m.strides[0] + j * m.strides[1]];
}

/// Median seconds of ROUNDS calls of `fn` on `x`, timed between barriers
/// of `comm`; `check` verifies the first result.
static double timeCalls(Slice fn, MemRef2D *x, MPI_Comm comm, int *wrong,
                        int (*check)(MemRef2D, int64_t), int64_t firstRow) {
  double t[ROUNDS];
  for (int round = 0; round < ROUNDS; ++round) {
    MemRef2D r;
    MPI_Barrier(comm);
    double start = MPI_Wtime();
    fn(&r, x);
    MPI_Barrier(comm);
    t[round] = MPI_Wtime() - start;
    if (round == 0)
      *wrong += check(r, firstRow);
    if (r.allocated != x->allocated)
      free(r.allocated);
  }
  return median(t, ROUNDS);
}

// x[i, j] = i * N + j (exact in f32 only for small values: compare the
// values computed the same way).
static int checkReverse(MemRef2D r, int64_t unused) {
  (void)unused;
  int wrong = 0;
  for (int64_t i = 0; i < N; i += 1021)
    for (int64_t j = 0; j < N; j += 1023)
      wrong += at(r, i, j) != (float)((N - 1 - i) * N + j);
  return wrong;
}

static int checkColumns(MemRef2D r, int64_t firstRow) {
  int wrong = 0;
  for (int64_t i = 0; i < r.sizes[0]; i += 511)
    for (int64_t j = 0; j < N / 2; j += 509)
      wrong += at(r, i, j) != (float)((firstRow + i) * N + 2 * j);
  return wrong;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 2) {
    if (rank == 0)
      fprintf(stderr, "spmd_harness: run with mpirun -np 2\n");
    MPI_Finalize();
    return 1;
  }
  int64_t rows = N / size, first = rank * rows;
  float *mine = malloc(rows * N * sizeof(float));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < N; ++j)
      mine[i * N + j] = (float)((first + i) * N + j);
  MemRef2D local = {mine, mine, 0, {rows, N}, {N, 1}};
  int wrong = 0;
  double shardedReverse = timeCalls(_mlir_ciface_sharded_reverse, &local,
                                    MPI_COMM_WORLD, &wrong, checkReverse, 0);
  double shardedColumns =
      timeCalls(_mlir_ciface_sharded_columns, &local, MPI_COMM_WORLD, &wrong,
                checkColumns, first);
  double singleReverse = 0, singleColumns = 0;
  if (rank == 0) {
    float *whole = malloc((int64_t)N * N * sizeof(float));
    for (int64_t i = 0; i < (int64_t)N * N; ++i)
      whole[i] = (float)i;
    MemRef2D all = {whole, whole, 0, {N, N}, {N, 1}};
    singleReverse = timeCalls(_mlir_ciface_single_reverse, &all, MPI_COMM_SELF,
                              &wrong, checkReverse, 0);
    singleColumns = timeCalls(_mlir_ciface_single_columns, &all, MPI_COMM_SELF,
                              &wrong, checkColumns, 0);
    free(whole);
  }
  // The exchange alone: the same bytes, reduced the same way.
  int *bits = malloc((int64_t)N * N * sizeof(int));
  memset(bits, rank, (int64_t)N * N * sizeof(int));
  double exchange[ROUNDS];
  for (int round = 0; round < ROUNDS; ++round) {
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    MPI_Allreduce(MPI_IN_PLACE, bits, N * N, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    exchange[round] = MPI_Wtime() - start;
  }
  free(bits);
  double allreduce = median(exchange, ROUNDS);

  int allWrong = 0;
  MPI_Reduce(&wrong, &allWrong, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    // The reversal gathers its 64 MiB result with one all_reduce; MPICH's
    // allreduce of B bytes over P processes moves about 2 B (P - 1) / P
    // per process. The column slice moves nothing.
    double block = (double)N * N * sizeof(float);
    printf("{\"spmd\": \"reverse\", \"processes\": %d, \"global_bytes\": %.0f, "
           "\"allreduce_bytes\": %.0f, \"moved_per_process\": %.0f, "
           "\"sharded\": %.9f, \"single\": %.9f, \"allreduce\": %.9f, "
           "\"rounds\": %d, \"wrong\": %d}\n",
           size, block, block, 2 * block * (size - 1) / size, shardedReverse,
           singleReverse, allreduce, ROUNDS, allWrong);
    printf("{\"spmd\": \"columns\", \"processes\": %d, \"global_bytes\": %.0f, "
           "\"allreduce_bytes\": 0, \"moved_per_process\": 0, "
           "\"sharded\": %.9f, \"single\": %.9f, \"allreduce\": 0, "
           "\"rounds\": %d, \"wrong\": %d}\n",
           size, block, shardedColumns, singleColumns, ROUNDS, allWrong);
  }
  free(mine);
  MPI_Finalize();
  return allWrong != 0;
}
