// overlap-chain.test: slices of slices of a tensor split by rows over 2
// processes.
shard.grid @grid(shape = 2) {sym_visibility = "private"}

// x[1:] feeds only a slice, so its result is split where the source
// shards overlap it (rows 1-3 on process 0, 4-7 on process 1) and moves
// nothing; [:, ::2] of it takes rows whole, keeps that split, and returns
// each process its rows.
func.func @kept(%x: tensor<8x6xf32>) -> tensor<7x3xf32>
    attributes {llvm.emit_c_interface} {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[1:] : tensor<8x6xf32> to tensor<7x6xf32>
  %z = slice.strided %y[:, ::2] : tensor<7x6xf32> to tensor<7x3xf32>
  return %z : tensor<7x3xf32>
}

// x[1:][::-2][1:], returned replicated: rows 5 3 1 on both processes.
func.func @chain(%x: tensor<8x6xf32>) -> tensor<3x6xf32>
    attributes {llvm.emit_c_interface} {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[1:] : tensor<8x6xf32> to tensor<7x6xf32>
  %z = slice.strided %y[::-2] : tensor<7x6xf32> to tensor<4x6xf32>
  %w = slice.strided %z[1:] : tensor<4x6xf32> to tensor<3x6xf32>
  return %w : tensor<3x6xf32>
}
