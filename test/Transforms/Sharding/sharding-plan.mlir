// The communication plan of partitioned slices (docs/sharding.md), read on
// one process: --slice-test-place-process puts the process at a grid
// position, and canonicalization folds the plan to what that process
// runs. Each process sends exactly the elements another one needs of its
// shard (tensor.extract_slice: first index, count, stride), receives what
// it needs of the others' (shard.recv, its count), and nothing else: no
// all_reduce, no zero fill, no full-size block. The lower index of a pair
// sends first. An update moves only value elements, to the process whose
// dest shard they are written into.
// RUN: slice-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition,slice-test-place-process{at=0,1},canonicalize,cse))" | FileCheck %s --check-prefix=P0
// RUN: slice-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition,slice-test-place-process{at=1,0},canonicalize,cse))" | FileCheck %s --check-prefix=P1

// P0-NOT: shard.all_reduce
// P0-NOT: linalg.fill
// P1-NOT: shard.all_reduce
// P1-NOT: linalg.fill

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// x[::-1] on 2 processes, the result split like the source: one exchange
// of whole shards with the mirror, nothing kept.
// P0-LABEL: func.func @reversal
// P0: %[[OUT:.*]] = tensor.extract_slice %arg0[3, 0] [4, 6] [-1, 1]
// P0: %[[CAST:.*]] = tensor.cast %[[OUT]]
// P0: shard.send %[[CAST]] on @grid grid_axes = [0] destination = [%c1]
// P0: %[[IN:.*]] = tensor.empty() : tensor<4x6xf32>
// P0: shard.recv %{{.*}} on @grid grid_axes = [0] source = [%c1]
// P0-NOT: shard.send
// P0: return
// P1-LABEL: func.func @reversal
// P1: shard.recv %{{.*}} on @grid grid_axes = [0] source = [%c0] : (tensor<?x6xf32>, index)
// P1: tensor.extract_slice %arg0[3, 0] [4, 6] [-1, 1]
// P1: shard.send %{{.*}} on @grid grid_axes = [0] destination = [%c0]
// P1: return
func.func @reversal(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[::-1] : tensor<8x6xf32> to tensor<8x6xf32>
  %b = shard.shard %y to %s annotate_for_users : tensor<8x6xf32>
  return %b : tensor<8x6xf32>
}

// x[1:-1] with the split kept (3 + 3 rows of 6): each result shard lies in
// the process's own source shard, so nothing moves.
// P0-LABEL: func.func @sub_range_kept
// P0-NOT: shard.
// P0: %[[S:.*]] = tensor.extract_slice %arg0[1, 0] [3, 6] [1, 1]
// P0: return %[[S]]
// P1-LABEL: func.func @sub_range_kept
// P1-NOT: shard.
// P1: %[[S:.*]] = tensor.extract_slice %arg0[0, 0] [3, 6] [1, 1]
// P1: return %[[S]]
func.func @sub_range_kept(%x: tensor<8x6xf32>) -> tensor<6x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[1:-1] : tensor<8x6xf32> to tensor<6x6xf32>
  %b = shard.shard %y to %s annotate_for_users : tensor<6x6xf32>
  return %b : tensor<6x6xf32>
}

// x[2:] split 3 + 3: process 0 keeps rows 2 and 3 and needs row 4, the one
// row that changes owner.
// P0-LABEL: func.func @sub_range_shifted
// P0: tensor.extract_slice %arg0[2, 0] [2, 6] [1, 1]
// P0: tensor.empty() : tensor<1x6xf32>
// P0: shard.recv %{{.*}} source = [%c1]
// P0: tensor.insert_slice %{{.*}}[2, 0] [1, 6] [1, 1]
// P0-NOT: shard.send
// P0: return
// P1-LABEL: func.func @sub_range_shifted
// P1: tensor.extract_slice %arg0[1, 0] [3, 6] [1, 1]
// P1: tensor.extract_slice %arg0[0, 0] [1, 6] [1, 1]
// P1: shard.send %{{.*}} destination = [%c0]
// P1-NOT: shard.recv
// P1: return
func.func @sub_range_shifted(%x: tensor<8x6xf32>) -> tensor<6x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[2:] : tensor<8x6xf32> to tensor<6x6xf32>
  %b = shard.shard %y to %s annotate_for_users : tensor<6x6xf32>
  return %b : tensor<6x6xf32>
}

// x[::-2]: only the selected rows move (2 of each shard's 4, stride -2).
// P0-LABEL: func.func @stride
// P0: tensor.extract_slice %arg0[3, 0] [2, 6] [-2, 1]
// P0: shard.send
// P0: tensor.empty() : tensor<2x6xf32>
// P0: shard.recv
// P1-LABEL: func.func @stride
// P1: shard.recv
// P1: tensor.extract_slice %arg0[3, 0] [2, 6] [-2, 1]
// P1: shard.send
func.func @stride(%x: tensor<8x6xf32>) -> tensor<4x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[::-2] : tensor<8x6xf32> to tensor<4x6xf32>
  %b = shard.shard %y to %s annotate_for_users : tensor<4x6xf32>
  return %b : tensor<4x6xf32>
}

// x[5], replicated: the one row goes from its owner to the other process.
// P0-LABEL: func.func @shrink
// P0: tensor.empty() : tensor<1x6xf32>
// P0: shard.recv %{{.*}} source = [%c1]
// P0-NOT: shard.send
// P0: return
// P1-LABEL: func.func @shrink
// P1-NOT: shard.recv
// P1: tensor.extract_slice %arg0[1, 0] [1, 6] [1, 1]
// P1: shard.send %{{.*}} destination = [%c0]
// P1: return
func.func @shrink(%x: tensor<8x6xf32>) -> tensor<6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[5] : tensor<8x6xf32> to tensor<6xf32>
  return %y : tensor<6xf32>
}

// x[::-1] replicated: each process keeps its reversed shard in place and
// receives the other's, straight into the result.
// P0-LABEL: func.func @replicated
// P0: %[[OWN:.*]] = tensor.extract_slice %arg0[3, 0] [4, 6] [-1, 1]
// P0: %[[KEPT:.*]] = tensor.insert_slice %[[OWN]] into %{{.*}}[4, 0] [4, 6] [1, 1] : tensor<4x6xf32> into tensor<8x6xf32>
// P0: shard.send
// P0: shard.recv
// P0: tensor.insert_slice %{{.*}} into %[[KEPT]][0, 0] [4, 6] [1, 1]
func.func @replicated(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[::-1] : tensor<8x6xf32> to tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// x[::-1] of 5 rows split 3 + 2: process 0 keeps row 2 (result row 2),
// sends rows 1 and 0, receives rows 4 and 3.
// P0-LABEL: func.func @uneven
// P0: tensor.extract_slice %arg0[2, 0] [1, 6] [-1, 1]
// P0: tensor.insert_slice %{{.*}}[2, 0] [1, 6] [1, 1] : tensor<1x6xf32> into tensor<3x6xf32>
// P0: tensor.extract_slice %arg0[1, 0] [2, 6] [-1, 1]
// P0: shard.send
// P0: tensor.empty() : tensor<2x6xf32>
// P0: shard.recv
// P0: tensor.insert_slice %{{.*}}[0, 0] [2, 6] [1, 1] : tensor<2x6xf32> into tensor<3x6xf32>
// P1-LABEL: func.func @uneven
// P1: shard.recv
// P1: tensor.extract_slice %arg0[1, 0] [2, 6] [-1, 1]
// P1: shard.send
func.func @uneven(%x: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 3, 5] : !shard.sharding
  %a = shard.shard %x to %s : tensor<5x6xf32>
  %y = slice.strided %a[::-1] : tensor<5x6xf32> to tensor<5x6xf32>
  %b = shard.shard %y to %s annotate_for_users : tensor<5x6xf32>
  return %b : tensor<5x6xf32>
}

// y[::-1] = v, the value split like the dest: each process receives the
// mirror's value shard and writes it in place; the dest never moves.
// P0-LABEL: func.func @update_reversal
// P0: shard.send %{{.*}} destination = [%c1]
// P0: tensor.empty() : tensor<4x6xf32>
// P0: %[[V:.*]] = shard.recv %{{.*}} source = [%c1]
// P0: %[[VC:.*]] = tensor.cast %[[V]]
// P0: slice.strided_update %[[VC]] into %arg0[3:-4:-1, 0:6] offset
// P1-LABEL: func.func @update_reversal
// P1: shard.recv %{{.*}} source = [%c0]
// P1: shard.send %{{.*}} destination = [%c0]
// P1: slice.strided_update
func.func @update_reversal(%x: tensor<8x6xf32>, %v: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %w = shard.shard %v to %s : tensor<8x6xf32>
  %y = slice.strided_update %w into %a[::-1] : tensor<8x6xf32> into tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// y[2:7:2] = v, the value replicated: each process writes the rows that
// land in its shard from its own copy of the value (rows 2 of process 0;
// 4 and 6 of process 1); nothing moves.
// P0-LABEL: func.func @update_replicated_value
// P0-NOT: shard.
// P0: %[[PART:.*]] = tensor.extract_slice %arg1[0, 0] [1, 6] [1, 1]
// P0: slice.strided_update %[[PART]] into %arg0[2:2:2, 0:6] offset
// P1-LABEL: func.func @update_replicated_value
// P1-NOT: shard.
// P1: %[[PART:.*]] = tensor.extract_slice %arg1[1, 0] [2, 6] [1, 1]
// P1: slice.strided_update %[[PART]] into %arg0[0:4:2, 0:6] offset
func.func @update_replicated_value(%x: tensor<8x6xf32>, %v: tensor<3x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided_update %v into %a[2:7:2] : tensor<3x6xf32> into tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// y[5] = v, v split by columns: row 5 lies in process 1's shard, so
// process 1 receives the value half it lacks; process 0 writes nothing and
// receives nothing, it only sends its half.
// P0-LABEL: func.func @update_row_split_value
// P0-NOT: shard.recv
// P0: shard.send %{{.*}} destination = [%c1] : (tensor<?xf32>, index)
// P0-NOT: shard.recv
// P0: return
// P1-LABEL: func.func @update_row_split_value
// P1-NOT: shard.send
// P1: shard.recv %{{.*}} source = [%c0] : (tensor<?xf32>, index)
// P1-NOT: shard.send
// P1: slice.strided_update
func.func @update_row_split_value(%x: tensor<8x6xf32>, %v: tensor<6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %w = shard.shard %v to %s : tensor<6xf32>
  %y = slice.strided_update %w into %a[5] : tensor<6xf32> into tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 4) {sym_visibility = "private"}

// x[::-1] on 4 processes: each exchanges with its mirror only (0 with 3,
// 1 with 2), though the rounds pair it with every process.
// P0-LABEL: func.func @reversal_four
// P0: tensor.extract_slice %arg0[1, 0] [2, 6] [-1, 1]
// P0: shard.send %{{.*}} destination = [%c3]
// P0: shard.recv %{{.*}} source = [%c3]
// P0-NOT: shard.send
// P0-NOT: shard.recv
// P0: return
// P1-LABEL: func.func @reversal_four
// P1: shard.send %{{.*}} destination = [%c2]
// P1: shard.recv %{{.*}} source = [%c2]
// P1-NOT: shard.send
// P1-NOT: shard.recv
// P1: return
func.func @reversal_four(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[::-1] : tensor<8x6xf32> to tensor<8x6xf32>
  %b = shard.shard %y to %s annotate_for_users : tensor<8x6xf32>
  return %b : tensor<8x6xf32>
}

// -----

shard.grid @grid2d(shape = 2x2) {sym_visibility = "private"}

// x[:, ::-1] on a 2 x 2 grid: the columns move along grid axis 1 only,
// the row split stays local.
// P0-LABEL: func.func @columns
// P0: shard.recv %{{.*}} on @grid2d grid_axes = [1] source = [%c0]
// P0: tensor.extract_slice %arg0[0, 2] [4, 3] [1, -1]
// P0: shard.send %{{.*}} on @grid2d grid_axes = [1] destination = [%c0]
// P1-LABEL: func.func @columns
// P1: tensor.extract_slice %arg0[0, 2] [4, 3] [1, -1]
// P1: shard.send %{{.*}} on @grid2d grid_axes = [1] destination = [%c1]
// P1: shard.recv %{{.*}} on @grid2d grid_axes = [1] source = [%c1]
func.func @columns(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid2d split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[:, ::-1] : tensor<8x6xf32> to tensor<8x6xf32>
  %b = shard.shard %y to %s annotate_for_users : tensor<8x6xf32>
  return %b : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// x[1:] split at the overlaps (chosen by propagation: only a slice
// consumes it): each process keeps its own rows, nothing is sent.
// P0-LABEL: func.func @overlap_split
// P0-NOT: shard.send
// P0-NOT: shard.recv
// P0: return
// P1-LABEL: func.func @overlap_split
// P1-NOT: shard.send
// P1-NOT: shard.recv
// P1: return
func.func @overlap_split(%x: tensor<8x6xf32>) -> tensor<7x3xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[1:] : tensor<8x6xf32> to tensor<7x6xf32>
  %z = slice.strided %y[:, ::2] : tensor<7x6xf32> to tensor<7x3xf32>
  return %z : tensor<7x3xf32>
}
