// A resharding that MLIR 22 cannot lower to MPI (here an all_gather: the
// argument is sharded, its user wants it replicated) stops
// --slice-to-llvm="spmd=true" with an error naming the op, instead of a
// module the LLVM conversion chokes on (convert-shard-to-mpi reports its
// own failure but does not fail).
// RUN: slice-opt %s -verify-diagnostics --slice-to-llvm="spmd=true"

shard.grid @grid(shape = 2) {sym_visibility = "private"}
func.func @gather(%x: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %r = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8xf32>
  // expected-error @+2 {{failed to legalize operation 'shard.all_gather' that was explicitly marked illegal}}
  // expected-error @+1 {{'shard.all_gather' op is left after convert-shard-to-mpi: MLIR 22 lowers only all_reduce, process indices, neighbors and shard shapes to MPI, so this partitioned function cannot run (see docs/sharding.md)}}
  %b = shard.shard %a to %r annotate_for_users : tensor<8xf32>
  %y = slice.strided %b[::-1] : tensor<8xf32> to tensor<8xf32>
  return %y : tensor<8xf32>
}
