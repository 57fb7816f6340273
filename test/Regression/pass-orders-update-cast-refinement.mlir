// Found by the random pass orders (pass_orders.py --seed 77 --count 400,
// module 336): --canonicalize folded a tensor.cast into the dest of an
// update unchecked (upstream's FoldTensorCastProducerOp does so for every
// DestinationStyleOpInterface op), and the update on the refined type was
// invalid: a static shrink index out of range of dest's now known size,
// or a value that no longer fits the slice. The update ops are no longer
// destination-style; their own FoldCastsIntoUpdate folds a cast only where
// the op stays valid, and casts the result back.
//
// RUN: slice-opt %s --canonicalize | FileCheck %s
// RUN: slice-opt %s --canonicalize --slice-to-llvm > %t.ll
// RUN: not --crash %mlir_runner %t.ll -e run_bad_index -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not --crash %mlir_runner %t.ll -e run_no_longer_fits -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=FITS
// RUN: %mlir_runner %t.ll -e run_valid -entry-point-result=void -shared-libs=%mlir_runner_libs 2>&1 | FileCheck %s --check-prefix=VALID
// NumPy raises for the first two (index 9 is out of bounds for axis 0 with
// size 4; could not broadcast input array from shape (3,) into shape (4,)).
// BAD: slice.strided_update: entry 0 (input dimension 0): the shrink index is out of range
// BAD-NOT: Memref
// FITS: slice.strided_update: value dimension 0 does not match slice dimension 0
// FITS-NOT: Memref
// x = np.arange(8).reshape(4, 2); x[1, :] = [100, 101]
// VALID: sizes = [4, 2]
// VALID-NEXT: [0,   1]
// VALID-NEXT: [100,   101]
// VALID-NEXT: [4,   5]
// VALID-NEXT: [6,   7]

// CHECK-LABEL: func.func @bad_index
// CHECK: %[[CAST:.*]] = tensor.cast %{{.*}} : tensor<4x2xi64> to tensor<?x?xi64>
// CHECK: slice.strided_update %{{.*}} into %[[CAST]]{{.*}} : tensor<?xi64> into tensor<?x?xi64>
func.func @bad_index(%x: tensor<4x2xi64>, %v: tensor<?xi64>) -> tensor<?x?xi64> {
  %d = tensor.cast %x : tensor<4x2xi64> to tensor<?x?xi64>
  %u = slice.strided_update %v into %d[9, :] : tensor<?xi64> into tensor<?x?xi64>
  return %u : tensor<?x?xi64>
}

// The dest's cast folds; the value's stays (3 elements into a row of 4 is
// an error only run time may report now).
// CHECK-LABEL: func.func @no_longer_fits
// CHECK: %[[V:.*]] = tensor.cast %{{.*}} : tensor<3xi64> to tensor<?xi64>
// CHECK: %[[U:.*]] = slice.strided_update %[[V]] into %{{.*}} : tensor<?xi64> into tensor<2x4xi64>
// CHECK: tensor.cast %[[U]] : tensor<2x4xi64> to tensor<?x?xi64>
func.func @no_longer_fits(%x: tensor<2x4xi64>, %w: tensor<3xi64>) -> tensor<?x?xi64> {
  %d = tensor.cast %x : tensor<2x4xi64> to tensor<?x?xi64>
  %v = tensor.cast %w : tensor<3xi64> to tensor<?xi64>
  %u = slice.strided_update %v into %d[1, :] : tensor<?xi64> into tensor<?x?xi64>
  return %u : tensor<?x?xi64>
}

// Both casts fold; the result is cast back to the type its users expect.
// CHECK-LABEL: func.func @valid
// CHECK-NOT: tensor.cast %arg
// CHECK: %[[U:.*]] = slice.strided_update %arg1 into %arg0[1, :] : tensor<2xi64> into tensor<4x2xi64>
// CHECK: tensor.cast %[[U]] : tensor<4x2xi64> to tensor<?x?xi64>
func.func @valid(%x: tensor<4x2xi64>, %w: tensor<2xi64>) -> tensor<?x?xi64> {
  %d = tensor.cast %x : tensor<4x2xi64> to tensor<?x?xi64>
  %v = tensor.cast %w : tensor<2xi64> to tensor<?xi64>
  %u = slice.strided_update %v into %d[1, :] : tensor<?xi64> into tensor<?x?xi64>
  return %u : tensor<?x?xi64>
}

func.func private @printMemrefI64(tensor<*xi64>)

func.func @run_bad_index() {
  %x = arith.constant dense<[[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>
  %w = arith.constant dense<[100, 101]> : tensor<2xi64>
  %v = tensor.cast %w : tensor<2xi64> to tensor<?xi64>
  %r = call @bad_index(%x, %v) : (tensor<4x2xi64>, tensor<?xi64>) -> tensor<?x?xi64>
  %p = tensor.cast %r : tensor<?x?xi64> to tensor<*xi64>
  call @printMemrefI64(%p) : (tensor<*xi64>) -> ()
  return
}

func.func @run_no_longer_fits() {
  %x = arith.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>
  %w = arith.constant dense<[100, 101, 102]> : tensor<3xi64>
  %r = call @no_longer_fits(%x, %w) : (tensor<2x4xi64>, tensor<3xi64>) -> tensor<?x?xi64>
  %p = tensor.cast %r : tensor<?x?xi64> to tensor<*xi64>
  call @printMemrefI64(%p) : (tensor<*xi64>) -> ()
  return
}

func.func @run_valid() {
  %x = arith.constant dense<[[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>
  %w = arith.constant dense<[100, 101]> : tensor<2xi64>
  %r = call @valid(%x, %w) : (tensor<4x2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  %p = tensor.cast %r : tensor<?x?xi64> to tensor<*xi64>
  call @printMemrefI64(%p) : (tensor<*xi64>) -> ()
  return
}
