// What shard-partition refuses in modules annotated by hand (propagation
// never produces these): each a diagnostic naming the op and the value.
// RUN: slice-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(shard-partition))"

shard.grid @grid(shape = 2) {sym_visibility = "private"}

func.func @update_result_resharded(%x: tensor<8x6xf32>, %v: tensor<8x2xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %r = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %a2 = shard.shard %a to %s annotate_for_users : tensor<8x6xf32>
  %w = shard.shard %v to %s annotate_for_users : tensor<8x2xf32>
  // expected-error @+1 {{'slice.strided_update' op has a result sharded other than its dest along dimension 0, which is not partitioned yet}}
  %y = slice.strided_update %w into %a2[:, 1:5:2] : tensor<8x2xf32> into tensor<8x6xf32>
  %b = shard.shard %y to %r : tensor<8x6xf32>
  return %b : tensor<8x6xf32>
}
