// RUN: slice-opt %s -split-input-file --slice-normalize -canonicalize | FileCheck %s
// Static ops in normal form are left alone: a second run changes nothing.
// RUN: slice-opt %s -split-input-file --slice-normalize -canonicalize --slice-normalize -canonicalize | FileCheck %s --check-prefix=TWICE

// TensorFlow's worked example foo[1, 2:4, newaxis, ..., :-3:-1, :]: one
// entry per input dimension plus the new axis, offset mode (start:extent),
// no ellipsis / begin / end masks; the reversed range runs to index 3.
// CHECK-LABEL: func @static_masks
// CHECK: slice.strided %{{.*}}[1, 2:2, newaxis, 0:5, 0:5, 4:-2:-1, 0:5] offset : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
// TWICE-LABEL: func @static_masks
// TWICE-NEXT: slice.strided %{{.*}}[1, 2:2, newaxis, 0:5, 0:5, 4:-2:-1, 0:5] offset
// TWICE-NEXT: return
func.func @static_masks(%x: tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x2x5xf32> {
  %r = slice.strided %x[1, 2:4, newaxis, ..., :-3:-1, :] : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
  return %r : tensor<2x1x5x5x2x5xf32>
}

// -----

// Empty ranges are 0:0:1, single elements have stride 1, and a reversal to
// the front needs no mask: 7:-8:-3 is 7, 4, 1.
// CHECK-LABEL: func @empty_and_single
// CHECK: slice.strided %{{.*}}[0:0, 7:1, 7:-8:-3] offset : tensor<8x8x8xf32> to tensor<0x1x3xf32>
func.func @empty_and_single(%x: tensor<8x8x8xf32>) -> tensor<0x1x3xf32> {
  %r = slice.strided %x[5:2, -1:, ::-3] : tensor<8x8x8xf32> to tensor<0x1x3xf32>
  return %r : tensor<0x1x3xf32>
}

// -----

// A dynamic dimension: x[::-1] starts at dim - 1 with extent -dim.
// CHECK-LABEL: func @dynamic_dim
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[START:.*]] = arith.subi %[[D]], %[[C1]]
// CHECK: %[[EXTENT:.*]] = arith.subi %[[C0]], %[[D]]
// CHECK: slice.strided %[[X]][%[[START]]:%[[EXTENT]]:-1] offset : tensor<?xf32> to tensor<?xf32>
func.func @dynamic_dim(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = slice.strided %x[::-1] : tensor<?xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A dynamic stride: checked for 0 before the size arithmetic divides by it;
// the clamping selects between both signs' ranges.
// CHECK-LABEL: func @dynamic_stride
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>, %[[S:.*]]: index)
// CHECK: cf.assert %{{.*}}, "slice.strided: entry 0 (input dimension 0) has stride 0"
// CHECK: %[[START:.*]] = arith.minsi
// CHECK: %[[EXTENT:.*]] = arith.subi %{{.*}}, %[[START]]
// CHECK: slice.strided %[[X]][%[[START]]:%[[EXTENT]]:%[[S]]] offset : tensor<8xf32> to tensor<?xf32>
func.func @dynamic_stride(%x: tensor<8xf32>, %s: index) -> tensor<?xf32> {
  %r = slice.strided %x[1::%s] : tensor<8xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A dynamic shrink index wraps once and is checked at run time.
// CHECK-LABEL: func @dynamic_shrink
// CHECK-SAME: (%[[X:.*]]: tensor<8x4xf32>, %[[I:.*]]: index)
// CHECK: %[[WRAPPED:.*]] = arith.select %{{.*}}, %{{.*}}, %[[I]]
// CHECK: cf.assert %{{.*}}, "slice.strided: entry 0 (input dimension 0): the shrink index is out of range"
// CHECK: slice.strided %[[X]][%[[WRAPPED]], 0:4] offset : tensor<8x4xf32> to tensor<4xf32>
func.func @dynamic_shrink(%x: tensor<8x4xf32>, %i: index) -> tensor<4xf32> {
  %r = slice.strided %x[%i] : tensor<8x4xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// An offset-mode window with a dynamic begin keeps its static size; the
// window is checked at run time: start in [0, 16) and 15 - start >= 3.
// CHECK-LABEL: func @offset_window
// CHECK-SAME: (%[[X:.*]]: tensor<16xf32>, %[[I:.*]]: index)
// CHECK: %[[START:.*]] = arith.select %{{.*}}, %{{.*}}, %[[I]]
// CHECK: cf.assert %{{.*}}, "slice.strided: entry 0 (input dimension 0): the offset-mode window leaves the dimension"
// CHECK: slice.strided %[[X]][%[[START]]:4] offset : tensor<16xf32> to tensor<4xf32>
func.func @offset_window(%x: tensor<16xf32>, %i: index) -> tensor<4xf32> {
  %r = slice.strided %x[%i:4] offset : tensor<16xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A constant zero stride (kept as an operand by the folders) fails at run
// time. The view behind the assert gets stride 1 (here the whole input),
// never a zero stride that later folding would make static (regression:
// test/Regression/fuzz-zero-stride-view.mlir).
// CHECK-LABEL: func @constant_zero_stride
// CHECK: cf.assert %false, "slice.strided: entry 0 (input dimension 0) has stride 0"
// CHECK-NEXT: %[[CAST:.*]] = tensor.cast %arg0 : tensor<8xf32> to tensor<?xf32>
// CHECK-NEXT: return %[[CAST]]
func.func @constant_zero_stride(%x: tensor<8xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %r = slice.strided %x[::%c0] : tensor<8xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// The axes form is converted first.
// CHECK-LABEL: func @axes
// CHECK: slice.strided %{{.*}}[1:2, 0:4, 4:-4:-1] offset : tensor<3x4x5xf32> to tensor<2x4x4xf32>
func.func @axes(%x: tensor<3x4x5xf32>) -> tensor<2x4x4xf32> {
  %r = slice.strided_axes %x axes [0, 2] starts [1, -1] ends [3, 0] strides [1, -1] : tensor<3x4x5xf32> to tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}

// -----

// Offset mode with a static start counted from the back is not yet in
// normal form: the start is wrapped (it once passed as normal and reached
// the lowering as a negative offset).
// CHECK-LABEL: func @offset_negative_start
//       CHECK:   slice.strided %{{.*}}[14:-5:-3] offset : tensor<16xf32> to tensor<2xf32>
func.func @offset_negative_start(%x: tensor<16xf32>) -> tensor<2xf32> {
  %r = slice.strided %x[-2:-5:-3] offset : tensor<16xf32> to tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// The same for a shrink index: -1 becomes 3.
// CHECK-LABEL: func @shrink_negative_index
//       CHECK:   slice.strided %{{.*}}[3, 0:6] offset : tensor<4x6xf32> to tensor<6xf32>
func.func @shrink_negative_index(%x: tensor<4x6xf32>) -> tensor<6xf32> {
  %r = slice.strided %x[-1, 0:6] offset : tensor<4x6xf32> to tensor<6xf32>
  return %r : tensor<6xf32>
}
