// slice-lower-shard-to-mpi: what MLIR 22's convert-shard-to-mpi cannot
// lower. A shard.all_reduce of run-time shape becomes one mpi.allreduce of
// the input's buffer into a fresh one; a shard.send or shard.recv (the
// partitioned slices' exchange) one blocking mpi.send or mpi.recv. The
// buffers are seen flat (MLIR 22's MPIToLLVM counts the first dimension
// only), over the communicator of the grid axes, made once at the start
// of the function (a comm_split is collective; a send may run on some
// processes only). A static all_reduce is left to upstream.
// RUN: slice-opt %s -split-input-file --slice-lower-shard-to-mpi | FileCheck %s

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

// -----

shard.grid @grid(shape = 2x3) {sym_visibility = "private"}

// A send and a receive along axis 1 inside an scf.if: the communicator is
// made at the function's start, once for both; the peer's rank in it is
// its index along the axis.
// CHECK-LABEL: func.func @send_recv
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[PEER:.*]]: index, %[[GO:.*]]: i1)
// CHECK: %[[COMM:.*]] = mpi.comm_split
// CHECK-NOT: mpi.comm_split
// CHECK: scf.if %[[GO]]
// CHECK: %[[TAG:.*]] = arith.constant 0 : i32
// CHECK: %[[RANK:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[SEND:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<?x4xf32> to memref<?x4xf32>
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[SEND]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<?x4xf32> to memref<?xf32>
// CHECK: mpi.send(%[[FLAT]], %[[TAG]], %[[RANK]], %[[COMM]]) : memref<?xf32>, i32, i32
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}) : memref<?x4xf32>
// CHECK: %[[RFLAT:.*]] = memref.reinterpret_cast %[[BUF]]
// CHECK: mpi.recv(%[[RFLAT]], %{{.*}}, %{{.*}}, %[[COMM]]) : memref<?xf32>, i32, i32
// CHECK: bufferization.to_tensor %[[BUF]] restrict writable
// CHECK-NOT: shard.send
// CHECK-NOT: shard.recv
func.func @send_recv(%x: tensor<?x4xf32>, %peer: index, %go: i1) -> tensor<?x4xf32> {
  %r = scf.if %go -> tensor<?x4xf32> {
    %s = shard.send %x on @grid grid_axes = [1] destination = [%peer] : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
    %r = shard.recv %x on @grid grid_axes = [1] source = [%peer] : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
    scf.yield %r : tensor<?x4xf32>
  } else {
    scf.yield %x : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}
