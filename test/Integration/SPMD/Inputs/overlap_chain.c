// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// Driver of overlap-chain.test: each of 2 processes passes its 4 rows of
// x = arange(48).reshape(8, 6) and writes the replicated result and the
// bytes it received (counted through MPI's profiling interface) to
// DIR/rankR.txt: mpirun forwards the processes' standard output in pieces,
// in any order, so each process writes a file of its own.
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} MemRef2D;

void _mlir_ciface_chain(MemRef2D *, MemRef2D *);
void _mlir_ciface_kept(MemRef2D *, MemRef2D *);

static long long received;
int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag,
             MPI_Comm comm, MPI_Status *status) {
  int size;
  PMPI_Type_size(type, &size);
  received += (long long)count * size;
  return PMPI_Recv(buf, count, type, source, tag, comm, status);
}

static void print(FILE *f, const char *name, int rank, MemRef2D r) {
  fprintf(f, "rank %d %s %lldx%lld:", rank, name, (long long)r.sizes[0],
          (long long)r.sizes[1]);
  for (int64_t i = 0; i < r.sizes[0]; ++i)
    for (int64_t j = 0; j < r.sizes[1]; ++j)
      fprintf(f, " %g",
              r.aligned[r.offset + i * r.strides[0] + j * r.strides[1]]);
  fprintf(f, " (received %lld bytes)\n", received);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (argc != 2) {
    fprintf(stderr, "usage: %s DIR\n", argv[0]);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/rank%d.txt", argv[1], rank);
  FILE *f = fopen(path, "w");
  if (!f) {
    perror(path);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  float mine[4][6];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j)
      mine[i][j] = (float)((4 * rank + i) * 6 + j);
  MemRef2D x = {&mine[0][0], &mine[0][0], 0, {4, 6}, {6, 1}}, r;
  for (int turn = 0; turn < 2; ++turn) {
    received = 0;
    if (turn == 0)
      _mlir_ciface_kept(&r, &x);
    else
      _mlir_ciface_chain(&r, &x);
    print(f, turn == 0 ? "kept" : "chain", rank, r);
    if (r.allocated != x.allocated)
      free(r.allocated);
  }
  if (fclose(f) != 0) {
    perror(path);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Finalize();
  return 0;
}
