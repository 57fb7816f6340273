// --slice-to-llvm="spmd=true": annotated functions become per-process code
// calling MPI with MPICH's ABI (docs/sharding.md).
// RUN: slice-opt %s -split-input-file --slice-to-llvm="spmd=true" | FileCheck %s
// RUN: slice-opt %s -split-input-file --slice-to-llvm="spmd=true deallocate=false" | FileCheck %s --check-prefix=NODEALLOC

// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}
// CHECK-NOT: shard.
// A reversal of a split dimension, replicated in the result: the two
// processes exchange their shards with a blocking send and receive, the
// lower index sending first (on a one-axis grid, over the world).
// CHECK-LABEL: llvm.func @reversed
// CHECK: llvm.call @MPI_Comm_rank
// CHECK-NOT: llvm.call @MPI_Allreduce
// CHECK: llvm.call @MPI_Send
// CHECK: llvm.call @MPI_Recv
// CHECK: llvm.call @MPI_Recv
// CHECK: llvm.call @MPI_Send
// CHECK-NOT: llvm.call @MPI_Allreduce
// CHECK-LABEL: llvm.func @local
// CHECK-NOT: llvm.call @MPI_
// CHECK: llvm.return
// NODEALLOC-LABEL: llvm.func @reversed
// NODEALLOC: llvm.call @MPI_Send
shard.grid @grid(shape = 2) {sym_visibility = "private"}
func.func @reversed(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[::-1, :] : tensor<8x6xf32> to tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}
func.func @local(%x: tensor<8x6xf32>) -> tensor<8x2xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[:, 1:5:2] : tensor<8x6xf32> to tensor<8x2xf32>
  return %y : tensor<8x2xf32>
}

// -----

// The module's own DLTI entries stay, MPICH is added beside them.
// CHECK: module attributes {dlti.map = #dlti.map<"other" = 1 : i32, "MPI:Implementation" = "MPICH">}
module attributes {dlti.map = #dlti.map<"other" = 1 : i32>} {
  shard.grid @grid(shape = 2) {sym_visibility = "private"}
  func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
    %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %a = shard.shard %x to %s : tensor<8xf32>
    %y = slice.strided %a[::-1] : tensor<8xf32> to tensor<8xf32>
    return %y : tensor<8xf32>
  }
}

// -----

// A module that names its MPI keeps it.
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// CHECK: llvm.mlir.global external @ompi_mpi_comm_world
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  shard.grid @grid(shape = 2) {sym_visibility = "private"}
  func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
    %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %a = shard.shard %x to %s : tensor<8xf32>
    %y = slice.strided %a[::-1] : tensor<8xf32> to tensor<8xf32>
    return %y : tensor<8xf32>
  }
}
