// Shardings shard-partition cannot partition slice.strided under yet: each
// is a diagnostic naming the op, the operand and the value, never a wrong
// partition (docs/sharding.md, "Not yet").
// RUN: slice-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition))"

shard.grid @grid(shape = 2) {sym_visibility = "private"}

func.func @uneven(%x: tensor<7x6xf32>) -> tensor<7x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<7x6xf32>
  // expected-error @+1 {{'slice.strided' op has source dimension 0 of size 7 split over 2 processes, which is uneven; an uneven split needs its shard offsets (sharded_dims_offsets)}}
  %y = slice.strided %a[::-1] : tensor<7x6xf32> to tensor<7x6xf32>
  return %y : tensor<7x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

func.func @halo(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] halo_sizes = [1, 1] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %b = shard.shard %a to %s annotate_for_users : tensor<8x6xf32>
  // expected-error @+1 {{'slice.strided' op has a source sharding with halo sizes, which is not partitioned yet}}
  %y = slice.strided %b[::-1] : tensor<8x6xf32> to tensor<8x6xf32>
  %r = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %c = shard.shard %y to %r : tensor<8x6xf32>
  return %c : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

func.func @offsets_short(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 3, 7] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %b = shard.shard %a to %s annotate_for_users : tensor<8x6xf32>
  // expected-error @+1 {{'slice.strided' op has source dimension 0 of size 8 split at offsets [0, 3, 7], which do not span it}}
  %y = slice.strided %b[::-1] : tensor<8x6xf32> to tensor<8x6xf32>
  %r = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %c = shard.shard %y to %r : tensor<8x6xf32>
  return %c : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2x2) {sym_visibility = "private"}

func.func @offsets_over_two_axes(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0, 1]] sharded_dims_offsets = [0, 1, 2, 3, 8] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %b = shard.shard %a to %s annotate_for_users : tensor<8x6xf32>
  // expected-error @+1 {{'slice.strided' op has a source sharding with shard offsets (sharded_dims_offsets) of a dimension split over more than one grid axis, which is not partitioned yet}}
  %y = slice.strided %b[::-1] : tensor<8x6xf32> to tensor<8x6xf32>
  %r = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %c = shard.shard %y to %r : tensor<8x6xf32>
  return %c : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

func.func @offsets_at_run_time(%x: tensor<8x6xf32>, %n: i64) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, %n, 8] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %b = shard.shard %a to %s annotate_for_users : tensor<8x6xf32>
  // expected-error @+1 {{'slice.strided' op has a source sharding with shard offsets known at run time only, which is not partitioned yet}}
  %y = slice.strided %b[::-1] : tensor<8x6xf32> to tensor<8x6xf32>
  %r = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %c = shard.shard %y to %r : tensor<8x6xf32>
  return %c : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

func.func @dynamic_result_split(%x: tensor<?x6xf32>) -> tensor<?x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<?x6xf32>
  // expected-error @+1 {{'slice.strided' op has result dimension 0 of dynamic size split over 2 processes; only a source's or a dest's dynamic sizes are partitioned yet}}
  %y = slice.strided %a[::-1] : tensor<?x6xf32> to tensor<?x6xf32>
  %c = shard.shard %y to %s : tensor<?x6xf32>
  return %c : tensor<?x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

func.func @result_uneven(%x: tensor<8x6xf32>) -> tensor<3x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  // expected-error @+1 {{'slice.strided' op has result dimension 0 of size 3 split over 2 processes, which is uneven; an uneven split needs its shard offsets (sharded_dims_offsets)}}
  %y = slice.strided %a[::3] : tensor<8x6xf32> to tensor<3x6xf32>
  %r = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %c = shard.shard %y to %r : tensor<3x6xf32>
  return %c : tensor<3x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

func.func @index_elements(%x: tensor<8x6xindex>) -> tensor<8x6xindex> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xindex>
  // expected-error @+1 {{'slice.strided' op moves elements of type 'index' between processes; only integers and floats of 8 to 64 bits are moved}}
  %y = slice.strided %a[::-1] : tensor<8x6xindex> to tensor<8x6xindex>
  return %y : tensor<8x6xindex>
}

