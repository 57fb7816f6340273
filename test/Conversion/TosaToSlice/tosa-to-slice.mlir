// RUN: slice-opt %s -split-input-file --convert-tosa-to-slice | FileCheck %s
// RUN: slice-opt %s -split-input-file --convert-tosa-to-slice --canonicalize | FileCheck %s --check-prefix=CANON

// tosa.slice with constant start and size is x[s0:s0+n0, ...].
// CHECK-LABEL: func.func @window(
// CHECK: %[[R:.*]] = slice.strided %arg0[3:7, 0:8] : tensor<10x8xf32> to tensor<4x8xf32>
// CHECK-NOT: tosa.slice
// CHECK: return %[[R]]
func.func @window(%x: tensor<10x8xf32>) -> tensor<4x8xf32> {
  %s = tosa.const_shape {values = dense<[3, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %z = tosa.const_shape {values = dense<[4, 8]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.slice %x, %s, %z : (tensor<10x8xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A size of -1 runs to the end (a masked end), on a dynamic dimension too.
// CHECK-LABEL: func.func @to_the_end(
// CHECK: slice.strided %arg0[2:, 1:3] : tensor<?x8xi32> to tensor<?x2xi32>
func.func @to_the_end(%x: tensor<?x8xi32>) -> tensor<?x2xi32> {
  %s = tosa.const_shape {values = dense<[2, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %z = tosa.const_shape {values = dense<[-1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.slice %x, %s, %z : (tensor<?x8xi32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<?x2xi32>
  return %r : tensor<?x2xi32>
}

// -----

// Two tosa.slice in a row become one slice after canonicalization (slice
// of slice).
// CANON-LABEL: func.func @chain(
// CANON: %[[R:.*]] = slice.strided %arg0[4:6, 2:5] : tensor<10x8xf32> to tensor<2x3xf32>
// CANON-NEXT: return %[[R]]
func.func @chain(%x: tensor<10x8xf32>) -> tensor<2x3xf32> {
  %s = tosa.const_shape {values = dense<[3, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %z = tosa.const_shape {values = dense<[5, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %a = tosa.slice %x, %s, %z : (tensor<10x8xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<5x6xf32>
  %s2 = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %z2 = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b = tosa.slice %a, %s2, %z2 : (tensor<5x6xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x3xf32>
  return %b : tensor<2x3xf32>
}

// -----

// tosa.reverse is x[:, ::-1] along its axis; on a dynamic shape too.
// CHECK-LABEL: func.func @reverse(
// CHECK: %[[R:.*]] = slice.strided %arg0[:, ::-1] : tensor<?x8xf32> to tensor<?x8xf32>
// CHECK-NOT: tosa.reverse
// CHECK: return %[[R]]
func.func @reverse(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %r = tosa.reverse %x {axis = 1 : i32} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

// A chain of reversals and slices becomes one slice.
// NumPy: x[3:8][::-1][1:3, ::-1] == x[6:4:-1, 7::-1]
// CANON-LABEL: func.func @reverse_slice_chain(
// CANON: %[[R:.*]] = slice.strided %arg0[6:4:-1, 7::-1] : tensor<10x8xf32> to tensor<2x8xf32>
// CANON-NEXT: return %[[R]]
func.func @reverse_slice_chain(%x: tensor<10x8xf32>) -> tensor<2x8xf32> {
  %s = tosa.const_shape {values = dense<[3, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %z = tosa.const_shape {values = dense<[5, 8]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %a = tosa.slice %x, %s, %z : (tensor<10x8xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<5x8xf32>
  %b = tosa.reverse %a {axis = 0 : i32} : (tensor<5x8xf32>) -> tensor<5x8xf32>
  %s2 = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %z2 = tosa.const_shape {values = dense<[2, 8]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %c = tosa.slice %b, %s2, %z2 : (tensor<5x8xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x8xf32>
  %d = tosa.reverse %c {axis = 1 : i32} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %d : tensor<2x8xf32>
}
