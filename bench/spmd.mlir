// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The sharded-slice benchmark (bench/spmd_harness.c): a 4096 x 4096 f32
// tensor (64 MiB) split by rows over two processes, reversed along the
// split (gathered: one all_reduce of the 64 MiB result) and sliced along
// the other dimension (local), against the same slices of the whole tensor
// on one process. Compiled with --slice-to-llvm="spmd=true slices=copy":
// every result is a fresh buffer.

shard.grid @grid(shape = 2) {sym_visibility = "private"}

func.func @sharded_reverse(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    attributes {llvm.emit_c_interface} {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<4096x4096xf32>
  %y = slice.strided %a[::-1] : tensor<4096x4096xf32> to tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}

func.func @sharded_columns(%x: tensor<4096x4096xf32>) -> tensor<4096x2048xf32>
    attributes {llvm.emit_c_interface} {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<4096x4096xf32>
  %y = slice.strided %a[:, ::2] : tensor<4096x4096xf32> to tensor<4096x2048xf32>
  return %y : tensor<4096x2048xf32>
}

func.func @single_reverse(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    attributes {llvm.emit_c_interface} {
  %y = slice.strided %x[::-1] : tensor<4096x4096xf32> to tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}

func.func @single_columns(%x: tensor<4096x4096xf32>) -> tensor<4096x2048xf32>
    attributes {llvm.emit_c_interface} {
  %y = slice.strided %x[:, ::2] : tensor<4096x4096xf32> to tensor<4096x2048xf32>
  return %y : tensor<4096x2048xf32>
}
