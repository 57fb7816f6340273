// RUN: slice-opt %s -split-input-file | FileCheck %s
//
// Every example of the five reference pages in shared/seeds, with the result
// type NumPy gives. The verifier rejects a static result size that differs
// from the inferred one, so each written type is checked. Where a page is
// wrong (or lost minus signs in extraction), NumPy wins; the comment says so.

// Seed 000: TensorFlow Python tf.strided_slice.
// CHECK-LABEL: func @seed_000_tf_python
func.func @seed_000_tf_python(%a: tensor<7x8x9xf32>, %b: tensor<8xf32>,
    %c: tensor<10x3x3x10xf32>, %d: tensor<5x6xf32>, %e: tensor<5x6x7xf32>) {
  // foo[5:,:,:3] on 7x8x9 is foo[5:7,0:8,0:3].
  // CHECK: %{{.*}}[5:, :, :3] : tensor<7x8x9xf32> to tensor<2x8x3xf32>
  %0 = slice.strided %a[5:, :, :3] : tensor<7x8x9xf32> to tensor<2x8x3xf32>
  // CHECK: %{{.*}}[5:7, 0:8, 0:3] : tensor<7x8x9xf32> to tensor<2x8x3xf32>
  %1 = slice.strided %a[5:7, 0:8, 0:3] : tensor<7x8x9xf32> to tensor<2x8x3xf32>
  // foo[::-1] reverses a tensor of shape 8 (the page lost the minus sign).
  // CHECK: %{{.*}}[::-1] : tensor<8xf32> to tensor<8xf32>
  %2 = slice.strided %b[::-1] : tensor<8xf32> to tensor<8xf32>
  // foo[3:5,...,4:5] on 10x3x3x10 is foo[3:5,:,:,4:5]; foo[3:5,...] is
  // foo[3:5,:,:,:].
  // CHECK: %{{.*}}[3:5, ..., 4:5] : tensor<10x3x3x10xf32> to tensor<2x3x3x1xf32>
  %3 = slice.strided %c[3:5, ..., 4:5] : tensor<10x3x3x10xf32> to tensor<2x3x3x1xf32>
  // CHECK: %{{.*}}[3:5, :, :, 4:5] : tensor<10x3x3x10xf32> to tensor<2x3x3x1xf32>
  %4 = slice.strided %c[3:5, :, :, 4:5] : tensor<10x3x3x10xf32> to tensor<2x3x3x1xf32>
  // CHECK: %{{.*}}[3:5, ...] : tensor<10x3x3x10xf32> to tensor<2x3x3x10xf32>
  %5 = slice.strided %c[3:5, ...] : tensor<10x3x3x10xf32> to tensor<2x3x3x10xf32>
  // foo[:4, tf.newaxis, :2] has shape (4, 1, 2).
  // CHECK: %{{.*}}[:4, newaxis, :2] : tensor<5x6xf32> to tensor<4x1x2xf32>
  %6 = slice.strided %d[:4, newaxis, :2] : tensor<5x6xf32> to tensor<4x1x2xf32>
  // foo[:, 3, :] has shrink_axis_mask 2.
  // CHECK: %{{.*}}[:, 3, :] : tensor<5x6x7xf32> to tensor<5x7xf32>
  %7 = slice.strided %e[:, 3, :] : tensor<5x6x7xf32> to tensor<5x7xf32>
  %8 = "slice.strided"(%e) <{static_begin = array<i64: 0, 3, 0>,
      static_end = array<i64: 0, 4, 0>, static_strides = array<i64: 1, 1, 1>,
      begin_mask = 5 : i64, end_mask = 5 : i64, shrink_axis_mask = 2 : i64,
      operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<5x6x7xf32>) -> tensor<5x7xf32>
  return
}

// -----

// Seed 000's three tf.strided_slice calls on t of shape 3x2x3. The third
// one's minus signs are restored: begin [1, -1, 0], end [2, -3, 3],
// strides [1, -1, 1] gives [[[4, 4, 4], [3, 3, 3]]].
// CHECK-LABEL: func @seed_000_tf_strided_slice_calls
// CHECK: %{{.*}}[1:2, 0:1, 0:3] : tensor<3x2x3xi32> to tensor<1x1x3xi32>
// CHECK: %{{.*}}[1:2, 0:2, 0:3] : tensor<3x2x3xi32> to tensor<1x2x3xi32>
// CHECK: %{{.*}}[1:2, -1:-3:-1, 0:3] : tensor<3x2x3xi32> to tensor<1x2x3xi32>
func.func @seed_000_tf_strided_slice_calls(%t: tensor<3x2x3xi32>) {
  %0 = slice.strided %t[1:2, 0:1, 0:3] : tensor<3x2x3xi32> to tensor<1x1x3xi32>
  %1 = slice.strided %t[1:2, 0:2, 0:3] : tensor<3x2x3xi32> to tensor<1x2x3xi32>
  %2 = slice.strided %t[1:2, -1:-3:-1, 0:3] : tensor<3x2x3xi32> to tensor<1x2x3xi32>
  return
}

// -----

// Seed 001: TensorFlow Java StridedSlice.
// CHECK-LABEL: func @seed_001_tf_java
func.func @seed_001_tf_java(%x: tensor<5x5x5x5x5x5xf32>, %m: tensor<3x4xf32>,
    %v: tensor<4xi32>, %s: tensor<3xi32>, %w: tensor<5x6xf32>,
    %q: tensor<4x5x6x9xf32>) {
  // The worked example foo[1, 2:4, None, ..., :-3:-1, :] (masks checked in
  // ops.mlir's generic form).
  // CHECK: %{{.*}}[1, 2:4, newaxis, ..., :-3:-1, :] : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
  %0 = slice.strided %x[1, 2:4, newaxis, ..., :-3:-1, :] : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
  // foo[...] is the identity slice.
  // CHECK: %{{.*}}[...] : tensor<3x4xf32> to tensor<3x4xf32>
  %1 = slice.strided %m[...] : tensor<3x4xf32> to tensor<3x4xf32>
  // The page says foo[:, ...] on (3, 4) gives (1, 3, 4); NumPy gives (3, 4),
  // and foo[newaxis, ...] gives (1, 3, 4).
  // CHECK: %{{.*}}[:, ...] : tensor<3x4xf32> to tensor<3x4xf32>
  %2 = slice.strided %m[:, ...] : tensor<3x4xf32> to tensor<3x4xf32>
  // CHECK: %{{.*}}[newaxis, ...] : tensor<3x4xf32> to tensor<1x3x4xf32>
  %3 = slice.strided %m[newaxis, ...] : tensor<3x4xf32> to tensor<1x3x4xf32>
  // foo[:] on shape (3,) is 0:3, foo[0:-1] is 0:2.
  // CHECK: %{{.*}}[:] : tensor<3xi32> to tensor<3xi32>
  %4 = slice.strided %s[:] : tensor<3xi32> to tensor<3xi32>
  // CHECK: %{{.*}}[0:-1] : tensor<3xi32> to tensor<2xi32>
  %5 = slice.strided %s[0:-1] : tensor<3xi32> to tensor<2xi32>
  // [1,2,3,4][-2::-1]: the page says [4,3]; NumPy gives [3,2,1].
  // CHECK: %{{.*}}[-2::-1] : tensor<4xi32> to tensor<3xi32>
  %6 = slice.strided %v[-2::-1] : tensor<4xi32> to tensor<3xi32>
  // foo[2, :] on (5, 6) gives (6,).
  // CHECK: %{{.*}}[2, :] : tensor<5x6xf32> to tensor<6xf32>
  %7 = slice.strided %w[2, :] : tensor<5x6xf32> to tensor<6xf32>
  // foo[3:5] == foo[3:5, ...] (the implicit trailing ellipsis).
  // CHECK: %{{.*}}[3:5] : tensor<4x5x6x9xf32> to tensor<1x5x6x9xf32>
  %8 = slice.strided %q[3:5] : tensor<4x5x6x9xf32> to tensor<1x5x6x9xf32>
  // CHECK: %{{.*}}[3:5, ...] : tensor<4x5x6x9xf32> to tensor<1x5x6x9xf32>
  %9 = slice.strided %q[3:5, ...] : tensor<4x5x6x9xf32> to tensor<1x5x6x9xf32>
  // foo[2, ..., 5:8] on a 4-D tensor is foo[2, :, :, 5:8].
  // CHECK: %{{.*}}[2, ..., 5:8] : tensor<4x5x6x9xf32> to tensor<5x6x3xf32>
  %10 = slice.strided %q[2, ..., 5:8] : tensor<4x5x6x9xf32> to tensor<5x6x3xf32>
  // CHECK: %{{.*}}[2, :, :, 5:8] : tensor<4x5x6x9xf32> to tensor<5x6x3xf32>
  %11 = slice.strided %q[2, :, :, 5:8] : tensor<4x5x6x9xf32> to tensor<5x6x3xf32>
  // foo[:4, tf.newaxis, :2] gives (4, 1, 2).
  // CHECK: %{{.*}}[:4, newaxis, :2] : tensor<5x6xf32> to tensor<4x1x2xf32>
  %12 = slice.strided %w[:4, newaxis, :2] : tensor<5x6xf32> to tensor<4x1x2xf32>
  return
}

// -----

// Seed 002: MindSpore ops.StridedSlice.
// CHECK-LABEL: func @seed_002_mindspore
func.func @seed_002_mindspore(%x: tensor<5x6x7xf32>, %y: tensor<5x6x7x8xf32>,
    %input: tensor<3x2x3xf32>) {
  // x[2:,:3,:] on 5x6x7 is x[2:5,0:3,0:7].
  // CHECK: %{{.*}}[2:, :3, :] : tensor<5x6x7xf32> to tensor<3x3x7xf32>
  %0 = slice.strided %x[2:, :3, :] : tensor<5x6x7xf32> to tensor<3x3x7xf32>
  // CHECK: %{{.*}}[2:5, 0:3, 0:7] : tensor<5x6x7xf32> to tensor<3x3x7xf32>
  %1 = slice.strided %x[2:5, 0:3, 0:7] : tensor<5x6x7xf32> to tensor<3x3x7xf32>
  // x[2:,...,:6] on 5x6x7x8 is x[2:5,:,:,0:6]; x[2:,...] is x[2:5,:,:,:].
  // CHECK: %{{.*}}[2:, ..., :6] : tensor<5x6x7x8xf32> to tensor<3x6x7x6xf32>
  %2 = slice.strided %y[2:, ..., :6] : tensor<5x6x7x8xf32> to tensor<3x6x7x6xf32>
  // CHECK: %{{.*}}[2:5, :, :, 0:6] : tensor<5x6x7x8xf32> to tensor<3x6x7x6xf32>
  %3 = slice.strided %y[2:5, :, :, 0:6] : tensor<5x6x7x8xf32> to tensor<3x6x7x6xf32>
  // CHECK: %{{.*}}[2:, ...] : tensor<5x6x7x8xf32> to tensor<3x6x7x8xf32>
  %4 = slice.strided %y[2:, ...] : tensor<5x6x7x8xf32> to tensor<3x6x7x8xf32>
  // x[:2, newaxis, :6] on 5x6x7: the page says (2, 1, 7); NumPy gives
  // (2, 1, 6, 7).
  // CHECK: %{{.*}}[:2, newaxis, :6] : tensor<5x6x7xf32> to tensor<2x1x6x7xf32>
  %5 = slice.strided %x[:2, newaxis, :6] : tensor<5x6x7xf32> to tensor<2x1x6x7xf32>
  // x[:, 5, :] on 5x6x7: the page says shrink_axis_mask 4; the index is
  // entry 1, so the mask is 2.
  // CHECK: %{{.*}}[:, 5, :] : tensor<5x6x7xf32> to tensor<5x7xf32>
  %6 = slice.strided %x[:, 5, :] : tensor<5x6x7xf32> to tensor<5x7xf32>
  // strided_slice(input_x, (1, 0, 2), (3, 1, 3), (1, 1, 1)) is [[[3]], [[5]]].
  // CHECK: %{{.*}}[1:3, 0:1, 2:3] : tensor<3x2x3xf32> to tensor<2x1x1xf32>
  %7 = slice.strided %input[1:3, 0:1, 2:3] : tensor<3x2x3xf32> to tensor<2x1x1xf32>
  // strided_slice(input_x, (1, 0, 0), (2, 1, 3), (1, 1, 1)) is [[[3, 3, 3]]].
  // CHECK: %{{.*}}[1:2, 0:1, 0:3] : tensor<3x2x3xf32> to tensor<1x1x3xf32>
  %8 = slice.strided %input[1:2, 0:1, 0:3] : tensor<3x2x3xf32> to tensor<1x1x3xf32>
  return
}

// -----

// Seeds 003 and 004: Paddle strided_slice(x, axes, starts, ends, strides),
// written here in the mask encoding (slice.strided_axes takes them as they
// are). data = [[1, 2, 3, 4], [5, 6, 7, 8]].
// CHECK-LABEL: func @seed_003_004_paddle_cases
func.func @seed_003_004_paddle_cases(%data: tensor<2x4xi32>) {
  // Case 1: axes [0, 1], starts [1, 0], ends [2, 3], strides [1, 1]
  // gives [[5, 6, 7]].
  // CHECK: %{{.*}}[1:2, 0:3] : tensor<2x4xi32> to tensor<1x3xi32>
  %0 = slice.strided %data[1:2, 0:3] : tensor<2x4xi32> to tensor<1x3xi32>
  // Seed 003's case 2: starts [1, 3], ends [2, 0], strides [1, -1] gives
  // [[8, 7, 6]].
  // CHECK: %{{.*}}[1:2, 3:0:-1] : tensor<2x4xi32> to tensor<1x3xi32>
  %1 = slice.strided %data[1:2, 3:0:-1] : tensor<2x4xi32> to tensor<1x3xi32>
  // Seed 004's case 2: starts [0, 1], ends [2, 0], strides [1, -1]; the page
  // says [[8, 7, 6]], which does not follow: NumPy gives [[2], [6]].
  // CHECK: %{{.*}}[0:2, 1:0:-1] : tensor<2x4xi32> to tensor<2x1xi32>
  %2 = slice.strided %data[0:2, 1:0:-1] : tensor<2x4xi32> to tensor<2x1xi32>
  // Case 3: starts [0, 1], ends [-1, 1000], strides [1, 3] gives [[2]]
  // (seed 003's extraction garbled the starts; 004's lost the result).
  // CHECK: %{{.*}}[0:-1, 1:1000:3] : tensor<2x4xi32> to tensor<1x1xi32>
  %3 = slice.strided %data[0:-1, 1:1000:3] : tensor<2x4xi32> to tensor<1x1xi32>
  // Seed 003's case 3 as extracted (starts [-1, 1000], ends [-1, 1000]):
  // empty in both dimensions.
  // CHECK: %{{.*}}[-1:-1, 1000:1000:3] : tensor<2x4xi32> to tensor<0x0xi32>
  %4 = slice.strided %data[-1:-1, 1000:1000:3] : tensor<2x4xi32> to tensor<0x0xi32>
  return
}

// -----

// Seeds 003 and 004's code example on a 3x4x5x6 input: axes [1, 2, 3],
// starts [-3, 0, 2], ends [3, 2, 4]. -3 on a dimension of 4 is 1, so
// sliced_1 is input[:, 1:3, 0:2, 2:4] (004 says so; 003 says 0:3). The
// second example passes starts[0] as a tensor: a dynamic begin.
// CHECK-LABEL: func @seed_003_004_paddle_code_example
// CHECK-SAME: %[[IN:[^:]*]]: tensor<3x4x5x6xf32>, %[[M3:[^:]*]]: index
// CHECK: %[[IN]][:, -3:3, 0:2, 2:4] : tensor<3x4x5x6xf32> to tensor<3x2x2x2xf32>
// CHECK: %[[IN]][:, 1:3, 0:2, 2:4] : tensor<3x4x5x6xf32> to tensor<3x2x2x2xf32>
// CHECK: %[[IN]][:, -3:3, 0:2, 2:4:2] : tensor<3x4x5x6xf32> to tensor<3x2x2x1xf32>
// CHECK: %[[IN]][:, %[[M3]]:3, 0:2, 2:4:2] : tensor<3x4x5x6xf32> to tensor<3x?x2x1xf32>
func.func @seed_003_004_paddle_code_example(%input: tensor<3x4x5x6xf32>, %minus_3: index) {
  %0 = slice.strided %input[:, -3:3, 0:2, 2:4] : tensor<3x4x5x6xf32> to tensor<3x2x2x2xf32>
  %1 = slice.strided %input[:, 1:3, 0:2, 2:4] : tensor<3x4x5x6xf32> to tensor<3x2x2x2xf32>
  %2 = slice.strided %input[:, -3:3, 0:2, 2:4:2] : tensor<3x4x5x6xf32> to tensor<3x2x2x1xf32>
  %3 = slice.strided %input[:, %minus_3:3, 0:2, 2:4:2] : tensor<3x4x5x6xf32> to tensor<3x?x2x1xf32>
  return
}
