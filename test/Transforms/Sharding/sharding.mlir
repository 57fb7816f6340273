// slice.strided's ShardingInterface model: what sharding-propagation
// chooses and what shard-partition makes of it (docs/sharding.md).
// RUN: slice-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(sharding-propagation))" | FileCheck %s --check-prefix=PROP
// RUN: slice-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition,canonicalize,cse))" | FileCheck %s

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// A sharded dimension taken whole keeps its sharding: purely local code,
// the op itself on the shard (so that slices=view|copy still decides).
// PROP-LABEL: func.func @whole_dim_stays_local
// PROP: %[[SRC:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]]
// PROP: slice.strided
// PROP-NEXT: %[[RES:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]]
// PROP-NEXT: shard.shard %{{.*}} to %[[RES]] : tensor<8x2xf32>
// CHECK-LABEL: func.func @whole_dim_stays_local
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>) -> tensor<4x2xf32>
// CHECK-NOT: shard.
// CHECK: %[[S:.*]] = slice.strided %[[X]][:, 1:5:2] : tensor<4x6xf32> to tensor<4x2xf32>
// CHECK-NEXT: return %[[S]]
func.func @whole_dim_stays_local(%x: tensor<8x6xf32>) -> tensor<8x2xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[:, 1:5:2] : tensor<8x6xf32> to tensor<8x2xf32>
  return %y : tensor<8x2xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// A reversed sharded dimension, the result replicated: each process puts
// the result rows its shard holds in place and exchanges them with the
// other process, point to point (sharding-plan.mlir reads the plan on
// each process). The lower index sends first.
// PROP-LABEL: func.func @reversed_sharded_dim
// PROP: slice.strided
// PROP-NEXT: %[[RES:.*]] = shard.sharding @grid split_axes = {{\[\[}}]]
// PROP-NEXT: shard.shard %{{.*}} to %[[RES]] : tensor<8x6xf32>
// CHECK-LABEL: func.func @reversed_sharded_dim
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>) -> tensor<8x6xf32>
// CHECK-NOT: linalg.fill
// CHECK: %[[P:.*]] = shard.process_multi_index on @grid : index
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<8x6xf32>
// CHECK: %[[OWN:.*]] = scf.if %{{.*}} -> (tensor<8x6xf32>) {
// CHECK:   %[[PART:.*]] = tensor.extract_slice %[[X]][%{{.*}}, 0] [%[[N:.*]], 6] [-1, 1] : tensor<4x6xf32> to tensor<?x6xf32>
// CHECK:   tensor.insert_slice %[[PART]] into %[[EMPTY]][%{{.*}}, 0] [%[[N]], 6] [1, 1] : tensor<?x6xf32> into tensor<8x6xf32>
// CHECK: %[[FIRST:.*]] = arith.cmpi slt, %[[P]], %{{.*}} : index
// CHECK: scf.if %[[FIRST]] -> (tensor<8x6xf32>) {
// CHECK:   shard.send %{{.*}} on @grid grid_axes = [0] destination = [%{{.*}}] : (tensor<?x6xf32>, index) -> tensor<?x6xf32>
// CHECK:   shard.recv %{{.*}} on @grid grid_axes = [0] source = [%{{.*}}] : (tensor<?x6xf32>, index) -> tensor<?x6xf32>
// CHECK: } else {
// CHECK:   shard.recv
// CHECK:   shard.send
// CHECK-NOT: shard.all_reduce
// CHECK: return
func.func @reversed_sharded_dim(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[::-1, :] : tensor<8x6xf32> to tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// An annotated result keeps its annotation: each process builds just its
// own rows (x[::2] split 2 + 2: here its own shard holds them all, so the
// plan's counts are 0 at run time; sharding-plan.mlir).
// PROP-LABEL: func.func @result_annotated
// PROP: slice.strided
// PROP-NEXT: %[[RES:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]]
// CHECK-LABEL: func.func @result_annotated
// CHECK-SAME: -> tensor<2x6xf32>
// CHECK: tensor.empty() : tensor<2x6xf32>
// CHECK: tensor.extract_slice %{{.*}} [%{{.*}}, 6] [2, 1] : tensor<4x6xf32> to tensor<?x6xf32>
// CHECK-NOT: shard.all_reduce
// CHECK: return %{{.*}} : tensor<2x6xf32>
func.func @result_annotated(%x: tensor<8x6xf32>) -> tensor<4x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[::2, :] : tensor<8x6xf32> to tensor<4x6xf32>
  %r = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %b = shard.shard %y to %r : tensor<4x6xf32>
  return %b : tensor<4x6xf32>
}

// -----

shard.grid @grid2d(shape = 2x2) {sym_visibility = "private"}

// Two grid axes: the whole dimension stays local, the reversed one is
// exchanged along its own axis only.
// CHECK-LABEL: func.func @two_axes
// CHECK-SAME: (%{{.*}}: tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: shard.send %{{.*}} on @grid2d grid_axes = [1]
// CHECK-NOT: grid_axes = [0]
// CHECK: return
func.func @two_axes(%x: tensor<8x6xf32>) -> tensor<8x3xf32> {
  %s = shard.sharding @grid2d split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[:, ::-2] : tensor<8x6xf32> to tensor<8x3xf32>
  return %y : tensor<8x3xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// A shrink of the sharded dimension (one process holds row 5) and a new
// axis: one row of 6 moves.
// CHECK-LABEL: func.func @shrink_newaxis
// CHECK-SAME: (%{{.*}}: tensor<4x6xi8>) -> tensor<1x6xi8>
// CHECK: tensor.empty() : tensor<1x6xi8>
// CHECK: shard.send %{{.*}} : (tensor<?x6xi8>, index) -> tensor<?x6xi8>
// CHECK: shard.recv %{{.*}} : (tensor<?x6xi8>, index) -> tensor<?x6xi8>
// CHECK-NOT: shard.all_reduce
// CHECK: return %{{.*}} : tensor<1x6xi8>
func.func @shrink_newaxis(%x: tensor<8x6xi8>) -> tensor<1x6xi8> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xi8>
  %y = slice.strided %a[5, newaxis, :] : tensor<8x6xi8> to tensor<1x6xi8>
  return %y : tensor<1x6xi8>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// Backward: an unannotated source takes the result's sharding of the
// dimensions taken whole, and the slice is local.
// PROP-LABEL: func.func @backward
// PROP: %[[SRC:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]]
// PROP-NEXT: shard.shard %{{.*}} to %[[SRC]] annotate_for_users : tensor<8x6xf32>
// CHECK-LABEL: func.func @backward
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>) -> tensor<4x3xf32>
// CHECK-NOT: shard.
// CHECK: slice.strided %[[X]][:, 0:3] : tensor<4x6xf32> to tensor<4x3xf32>
func.func @backward(%x: tensor<8x6xf32>) -> tensor<8x3xf32> {
  %y = slice.strided %x[:, 0:3] : tensor<8x6xf32> to tensor<8x3xf32>
  %r = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %b = shard.shard %y to %r : tensor<8x3xf32>
  return %b : tensor<8x3xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// Run-time entries: the plan is the same formulas on run-time values, the
// result of the run-time count (the checks first, on every process).
// CHECK-LABEL: func.func @dynamic_entries
// CHECK-SAME: (%{{.*}}: tensor<4x6xf32>, %{{.*}}: index, %{{.*}}: index) -> tensor<?x6xf32>
// CHECK: cf.assert %{{.*}}, "slice.strided: entry 0 (input dimension 0) has stride 0"
// CHECK: tensor.empty(%{{.*}}) : tensor<?x6xf32>
// CHECK: shard.send %{{.*}} : (tensor<?x6xf32>, index) -> tensor<?x6xf32>
// CHECK: shard.recv %{{.*}} : (tensor<?x6xf32>, index) -> tensor<?x6xf32>
// CHECK-NOT: shard.all_reduce
func.func @dynamic_entries(%x: tensor<8x6xf32>, %b: index, %st: index) -> tensor<?x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[%b::%st] : tensor<8x6xf32> to tensor<?x6xf32>
  return %y : tensor<?x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// A replicated source and result: the op as it is.
// CHECK-LABEL: func.func @replicated
// CHECK-NOT: shard.
// CHECK: slice.strided %{{.*}}[::2] : tensor<8x6xf32> to tensor<4x6xf32>
func.func @replicated(%x: tensor<8x6xf32>) -> tensor<4x6xf32> {
  %s = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[::2] : tensor<8x6xf32> to tensor<4x6xf32>
  return %y : tensor<4x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// Nothing selected: nothing moves.
// CHECK-LABEL: func.func @empty
// CHECK-NOT: shard.
// CHECK: %[[E:.*]] = tensor.empty() : tensor<0x6xf32>
// CHECK-NEXT: return %[[E]]
func.func @empty(%x: tensor<8x6xf32>) -> tensor<0x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[3:3] : tensor<8x6xf32> to tensor<0x6xf32>
  return %y : tensor<0x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// An update of columns into a dest sharded on rows, the value sharded the
// same way: each process updates its own rows with its own value rows.
// PROP-LABEL: func.func @update_local
// PROP: slice.strided_update
// PROP-NEXT: %[[RES:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]]
// CHECK-LABEL: func.func @update_local
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>, %[[V:.*]]: tensor<4x2xf32>) -> tensor<4x6xf32>
// CHECK-NOT: shard.
// CHECK: %[[U:.*]] = slice.strided_update %[[V]] into %[[X]][:, 1:5:2] : tensor<4x2xf32> into tensor<4x6xf32>
// CHECK-NEXT: return %[[U]]
func.func @update_local(%x: tensor<8x6xf32>, %v: tensor<8x2xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %b = shard.shard %v to %s : tensor<8x2xf32>
  %y = slice.strided_update %b into %a[:, 1:5:2] : tensor<8x2xf32> into tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// A value that broadcasts along the sharded rows stays local too, and an
// unannotated value is replicated.
// PROP-LABEL: func.func @update_broadcast
// PROP: %[[VS:.*]] = shard.sharding @grid split_axes = {{\[\[}}]]
// PROP-NEXT: shard.shard %{{.*}} to %[[VS]] annotate_for_users : tensor<6xf32>
// CHECK-LABEL: func.func @update_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>, %[[V:.*]]: tensor<6xf32>) -> tensor<4x6xf32>
// CHECK-NOT: shard.
// CHECK: slice.strided_update %[[V]] into %[[X]][:, :] : tensor<6xf32> into tensor<4x6xf32>
func.func @update_broadcast(%x: tensor<8x6xf32>, %v: tensor<6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided_update %v into %a[:, :] : tensor<6xf32> into tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// Reversed rows written into a dest sharded on rows, the value replicated:
// each process writes its part of the window in place, with the value
// rows that land there; nothing moves (the dest is never gathered).
// CHECK-LABEL: func.func @update_reversed
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>, %[[V:.*]]: tensor<8x6xf32>) -> tensor<4x6xf32>
// CHECK-NOT: shard.all_reduce
// CHECK-NOT: shard.send
// CHECK: %[[PART:.*]] = tensor.extract_slice %[[V]][%{{.*}}, 0] [%{{.*}}, 6] [1, 1] : tensor<8x6xf32> to tensor<?x6xf32>
// CHECK: scf.if %{{.*}} -> (tensor<4x6xf32>) {
// CHECK:   slice.strided_update %[[PART]] into %[[X]][%{{.*}}:%{{.*}}:-1, 0:6] offset : tensor<?x6xf32> into tensor<4x6xf32>
// CHECK: } else {
// CHECK:   scf.yield %[[X]]
func.func @update_reversed(%x: tensor<8x6xf32>, %v: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided_update %v into %a[::-1] : tensor<8x6xf32> into tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// Whole by its static values (0:8 of 8 rows) but not by masks: on a shard
// of 4 rows the same entry would mean something else only in offset mode,
// so the slice is rebuilt from the global spec instead of cloned (still
// no collective; here the whole shard).
// CHECK-LABEL: func.func @whole_by_values
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK-NOT: shard.
// CHECK: return %[[X]]
func.func @whole_by_values(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[0:8] offset : tensor<8x6xf32> to tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// An update whose rows are written whole by values (0:8 of 8) in offset
// mode: on a shard the window would leave it, so the update is not cloned
// onto the shards (it was, and the clone did not verify).
// CHECK-LABEL: func.func @update_whole_by_values
// CHECK-SAME: -> tensor<4x6xf32>
// CHECK-NOT: shard.all_reduce
// CHECK: slice.strided_update %{{.*}} into %{{.*}}[%{{.*}}:%{{.*}}, 0:6] offset : tensor<?x6xf32> into tensor<4x6xf32>
func.func @update_whole_by_values(%x: tensor<8x6xf32>, %v: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %b = shard.shard %v to %s : tensor<8x6xf32>
  %y = slice.strided_update %b into %a[0:8] offset : tensor<8x6xf32> into tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// Uneven shards (3 and 2 rows): the annotations keep the explicit offsets,
// each process's shard has a run-time size, and a whole dimension still
// stays local.
// PROP-LABEL: func.func @uneven_whole_dim_stays_local
// PROP: slice.strided
// PROP-NEXT: %[[RES:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 3, 5]
// PROP-NEXT: shard.shard %{{.*}} to %[[RES]] : tensor<5x2xf32>
// CHECK-LABEL: func.func @uneven_whole_dim_stays_local
// CHECK-SAME: (%[[X:.*]]: tensor<?x6xf32>) -> tensor<?x2xf32>
// CHECK-NOT: shard.
// CHECK: %[[S:.*]] = slice.strided %[[X]][:, 1:5:2] : tensor<?x6xf32> to tensor<?x2xf32>
// CHECK-NEXT: return %[[S]]
func.func @uneven_whole_dim_stays_local(%x: tensor<5x6xf32>) -> tensor<5x2xf32> {
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 3, 5] : !shard.sharding
  %a = shard.shard %x to %s : tensor<5x6xf32>
  %y = slice.strided %a[:, 1:5:2] : tensor<5x6xf32> to tensor<5x2xf32>
  return %y : tensor<5x2xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// A reversal of uneven shards: each process's offset and size come from
// the offsets by its index.
// CHECK-LABEL: func.func @uneven_reversed
// CHECK-SAME: (%[[X:.*]]: tensor<?x6xf32>) -> tensor<5x6xf32>
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %[[P:.*]] = shard.process_multi_index on @grid : index
// CHECK: %[[SECOND:.*]] = arith.cmpi eq, %[[P]], %c1 : index
// CHECK: %[[START:.*]] = arith.select %[[SECOND]], %[[C3]], %c0 : index
// CHECK: %[[END:.*]] = arith.select %[[SECOND]], %[[C5]], %[[C3]] : index
// CHECK: tensor.extract_slice %[[X]][%{{.*}}, 0] [%{{.*}}, 6] [-1, 1] : tensor<?x6xf32> to tensor<?x6xf32>
// CHECK: shard.send
// CHECK-NOT: shard.all_reduce
func.func @uneven_reversed(%x: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 3, 5] : !shard.sharding
  %a = shard.shard %x to %s : tensor<5x6xf32>
  %y = slice.strided %a[::-1, :] : tensor<5x6xf32> to tensor<5x6xf32>
  return %y : tensor<5x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// A result of 3 rows split 1 + 2: each process builds just its rows, a
// part of run-time size.
// CHECK-LABEL: func.func @uneven_result
// CHECK-SAME: -> tensor<?x6xf32>
// CHECK: %[[MINE:.*]] = tensor.empty(%{{.*}}) : tensor<?x6xf32>
// CHECK: shard.send
// CHECK-NOT: shard.all_reduce
// CHECK: return %{{.*}} : tensor<?x6xf32>
func.func @uneven_result(%x: tensor<8x6xf32>) -> tensor<3x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[::3] : tensor<8x6xf32> to tensor<3x6xf32>
  %r = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 1, 3] : !shard.sharding
  %c = shard.shard %y to %r : tensor<3x6xf32>
  return %c : tensor<3x6xf32>
}

// -----

shard.grid @grid(shape = 2x2) {sym_visibility = "private"}

// Two uneven dimensions: the rows, taken whole, keep their offsets and
// stay local; the reversed columns are exchanged over grid axis 1, in
// blocks of the process's own rows.
// PROP-LABEL: func.func @uneven_two_dims
// PROP: slice.strided
// PROP-NEXT: shard.sharding @grid split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 3, 5]
// CHECK-LABEL: func.func @uneven_two_dims
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>) -> tensor<?x7xf32>
// CHECK: %[[ROWS:.*]] = tensor.dim %[[X]], %c0 : tensor<?x?xf32>
// CHECK: tensor.empty(%[[ROWS]]) : tensor<?x7xf32>
// CHECK: tensor.extract_slice %[[X]][0, %{{.*}}] [%[[ROWS]], %{{.*}}] [1, -1] : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK: shard.send %{{.*}} on @grid grid_axes = [1]
// CHECK-NOT: shard.all_reduce
func.func @uneven_two_dims(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %s = shard.sharding @grid split_axes = [[0], [1]] sharded_dims_offsets = [0, 3, 5, 0, 2, 7] : !shard.sharding
  %a = shard.shard %x to %s : tensor<5x7xf32>
  %y = slice.strided %a[:, ::-1] : tensor<5x7xf32> to tensor<5x7xf32>
  return %y : tensor<5x7xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// An update of uneven shards written whole along the split rows: the
// value takes the dest's offsets and the update stays local.
// PROP-LABEL: func.func @update_uneven_local
// PROP: shard.shard %arg0 to
// PROP-NEXT: %[[VS:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 4, 5]
// PROP-NEXT: shard.shard %{{.*}} to %[[VS]] annotate_for_users : tensor<5x2xf32>
// CHECK-LABEL: func.func @update_uneven_local
// CHECK-SAME: (%[[X:.*]]: tensor<?x6xf32>, %[[V:.*]]: tensor<?x2xf32>) -> tensor<?x6xf32>
// CHECK-NOT: shard.
// CHECK: %[[U:.*]] = slice.strided_update %[[V]] into %[[X]][:, 1:5:2] : tensor<?x2xf32> into tensor<?x6xf32>
// CHECK-NEXT: return %[[U]]
func.func @update_uneven_local(%x: tensor<5x6xf32>, %v: tensor<5x2xf32>) -> tensor<5x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 4, 5] : !shard.sharding
  %a = shard.shard %x to %s : tensor<5x6xf32>
  %y = slice.strided_update %v into %a[:, 1:5:2] : tensor<5x2xf32> into tensor<5x6xf32>
  return %y : tensor<5x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// A source of run-time size split over the processes: they tell each
// other their shard sizes (a sum all_reduce of a vector of them), each
// shard starts where the ones before it end, and the replicated result
// has the run-time size of the whole.
// CHECK-LABEL: func.func @dynamic_source
// CHECK-SAME: (%[[X:.*]]: tensor<?x6xf32>) -> tensor<?x6xf32>
// CHECK: %[[P:.*]] = shard.process_multi_index on @grid : index
// CHECK: %[[MINE:.*]] = tensor.dim %[[X]], %c0 : tensor<?x6xf32>
// CHECK: %[[SIZE:.*]] = arith.index_cast %[[MINE]] : index to i64
// CHECK: %[[SLOT:.*]] = tensor.insert %[[SIZE]] into %{{.*}}[%[[P]]] : tensor<2xi64>
// CHECK: %[[SIZES:.*]] = shard.all_reduce %[[SLOT]] on @grid grid_axes = [0] : tensor<2xi64> -> tensor<2xi64>
// CHECK: tensor.empty(%{{.*}}) : tensor<?x6xf32>
// CHECK: tensor.extract_slice %[[X]][%{{.*}}, 0] [%{{.*}}, 6] [-1, 1] : tensor<?x6xf32> to tensor<?x6xf32>
// CHECK: shard.send
// CHECK-NOT: shard.all_reduce
// CHECK: return
func.func @dynamic_source(%x: tensor<?x6xf32>) -> tensor<?x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<?x6xf32>
  %y = slice.strided %a[::-1] : tensor<?x6xf32> to tensor<?x6xf32>
  return %y : tensor<?x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// A whole dimension of run-time size stays local, as a static one does.
// CHECK-LABEL: func.func @dynamic_whole_dim_stays_local
// CHECK-SAME: (%[[X:.*]]: tensor<?x6xf32>) -> tensor<?x2xf32>
// CHECK-NOT: shard.
// CHECK: %[[S:.*]] = slice.strided %[[X]][:, 1:5:2] : tensor<?x6xf32> to tensor<?x2xf32>
// CHECK-NEXT: return %[[S]]
func.func @dynamic_whole_dim_stays_local(%x: tensor<?x6xf32>) -> tensor<?x2xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<?x6xf32>
  %y = slice.strided %a[:, 1:5:2] : tensor<?x6xf32> to tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// An update of a dest of run-time size written whole along its split
// rows, with a value that broadcasts along them, stays local.
// CHECK-LABEL: func.func @dynamic_update_local
// CHECK-SAME: (%[[X:.*]]: tensor<?x6xf32>, %[[V:.*]]: tensor<2xf32>) -> tensor<?x6xf32>
// CHECK-NOT: shard.
// CHECK: slice.strided_update %[[V]] into %[[X]][:, 1:5:2] : tensor<2xf32> into tensor<?x6xf32>
func.func @dynamic_update_local(%x: tensor<?x6xf32>, %v: tensor<2xf32>) -> tensor<?x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<?x6xf32>
  %y = slice.strided_update %v into %a[:, 1:5:2] : tensor<2xf32> into tensor<?x6xf32>
  return %y : tensor<?x6xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// A sub-range that only a slice consumes keeps the split where the source
// shards overlap it (rows 1-3 and 4-7 of x[1:]: offsets 0, 3, 7), so it
// moves nothing; the slice of it taken whole keeps those offsets.
// PROP-LABEL: func.func @overlap_split
// PROP: %[[Y:.*]] = slice.strided %{{.*}}[1:]
// PROP-NEXT: %[[OVERLAP:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]] sharded_dims_offsets = [0, 3, 7]
// PROP-NEXT: shard.shard %[[Y]] to %[[OVERLAP]] : tensor<7x6xf32>
// CHECK-LABEL: func.func @overlap_split
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>) -> tensor<?x3xf32>
// CHECK-NOT: shard.all_reduce
// CHECK: return
func.func @overlap_split(%x: tensor<8x6xf32>) -> tensor<7x3xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[1:] : tensor<8x6xf32> to tensor<7x6xf32>
  %z = slice.strided %y[:, ::2] : tensor<7x6xf32> to tensor<7x3xf32>
  return %z : tensor<7x3xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// The same sub-range returned from the function: its result keeps the
// calling convention of an unannotated result (replicated).
// PROP-LABEL: func.func @sub_range_returned
// PROP: slice.strided %{{.*}}[1:]
// PROP-NEXT: shard.sharding @grid split_axes = {{\[\[}}]]
func.func @sub_range_returned(%x: tensor<8x6xf32>) -> tensor<7x6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf32>
  %y = slice.strided %a[1:] : tensor<8x6xf32> to tensor<7x6xf32>
  return %y : tensor<7x6xf32>
}
