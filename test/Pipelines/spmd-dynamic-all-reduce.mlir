// slice-lower-dynamic-all-reduce: a shard.all_reduce of run-time shape
// (which MLIR 22's convert-shard-to-mpi refuses) becomes one mpi.allreduce
// of the input's buffer into a fresh one, both seen flat (MLIR 22's
// MPIToLLVM counts the first dimension only), over the communicator of its
// grid axes; a static one is left to upstream.
// RUN: slice-opt %s -split-input-file --slice-lower-dynamic-all-reduce | FileCheck %s

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// CHECK-LABEL: func.func @whole_grid
// CHECK-SAME: (%[[X:.*]]: tensor<?x6xi32>)
// CHECK: %[[SEND:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<?x6xi32> to memref<?x6xi32>
// CHECK: %[[ROWS:.*]] = memref.dim %[[SEND]], %c0
// CHECK: arith.muli
// CHECK: %[[COUNT:.*]] = arith.muli
// CHECK: %[[RECV:.*]] = memref.alloc(%[[ROWS]]) : memref<?x6xi32>
// CHECK: %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK: %[[SENDFLAT:.*]] = memref.reinterpret_cast %[[SEND]] to offset: [0], sizes: [%[[COUNT]]], strides: [1] : memref<?x6xi32> to memref<?xi32>
// CHECK: %[[RECVFLAT:.*]] = memref.reinterpret_cast %[[RECV]] to offset: [0], sizes: [%[[COUNT]]], strides: [1] : memref<?x6xi32> to memref<?xi32>
// CHECK: mpi.allreduce(%[[SENDFLAT]], %[[RECVFLAT]], MPI_BOR, %[[WORLD]]) : memref<?xi32>, memref<?xi32>
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[RECV]] restrict writable : memref<?x6xi32> to tensor<?x6xi32>
// CHECK: return %[[R]]
func.func @whole_grid(%x: tensor<?x6xi32>) -> tensor<?x6xi32> {
  %r = shard.all_reduce %x on @grid grid_axes = [0] reduction = bitwise_or : tensor<?x6xi32> -> tensor<?x6xi32>
  return %r : tensor<?x6xi32>
}

// CHECK-LABEL: func.func @static_left_to_upstream
// CHECK: shard.all_reduce
// CHECK-NOT: mpi.
func.func @static_left_to_upstream(%x: tensor<4xi64>) -> tensor<4xi64> {
  %r = shard.all_reduce %x on @grid grid_axes = [0] : tensor<4xi64> -> tensor<4xi64>
  return %r : tensor<4xi64>
}

// -----

shard.grid @grid(shape = 2x3) {sym_visibility = "private"}

// Over one axis of a 2-D grid: the world split by the other axis (color)
// and keyed by this one.
// CHECK-LABEL: func.func @one_axis_of_two
// CHECK: %[[P:.*]]:2 = shard.process_multi_index on @grid : index, index
// CHECK: %[[COLOR:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[KEY:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[COMM:.*]] = mpi.comm_split(%{{.*}}, %[[COLOR]], %[[KEY]]) : !mpi.comm
// CHECK: mpi.allreduce(%{{.*}}, %{{.*}}, MPI_SUM, %[[COMM]]) : memref<?xf64>, memref<?xf64>
func.func @one_axis_of_two(%x: tensor<?xf64>) -> tensor<?xf64> {
  %r = shard.all_reduce %x on @grid grid_axes = [1] reduction = sum : tensor<?xf64> -> tensor<?xf64>
  return %r : tensor<?xf64>
}
