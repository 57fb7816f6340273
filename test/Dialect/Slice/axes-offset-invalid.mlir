// RUN: slice-opt %s -split-input-file -verify-diagnostics

func.func @axes_repeated(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'slice.strided_axes' op axis -2 of entry 1 names dimension 0, which entry 0 already slices (axis 0)}}
  %0 = slice.strided_axes %x axes [0, -2] starts [0, 0] ends [1, 1] strides [1, 1] : tensor<3x4xf32> to tensor<1x4xf32>
  return
}

// -----

func.func @axes_out_of_range(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'slice.strided_axes' op axis -3 of entry 0 is out of range [-2, 2) for an input of rank 2}}
  %0 = slice.strided_axes %x axes [-3] starts [0] ends [1] strides [1] : tensor<3x4xf32> to tensor<3x4xf32>
  return
}

// -----

func.func @axes_zero_stride(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'slice.strided_axes' op stride of entry 1 (axis 1) is 0}}
  %0 = slice.strided_axes %x axes [0, 1] starts [0, 0] ends [1, 4] strides [1, 0] : tensor<3x4xf32> to tensor<1x4xf32>
  return
}

// -----

func.func @axes_lengths(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'slice.strided_axes' op axes, starts, ends and strides must have the same length, but have 1, 2, 1 and 1 entries}}
  %0 = slice.strided_axes %x axes [0] starts [0, 1] ends [1] strides [1] : tensor<3x4xf32> to tensor<1x4xf32>
  return
}

// -----

func.func @axes_wrong_result(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'slice.strided_axes' op result dimension 1 is 3 but the slice has size 2 (inferred 'tensor<3x2xf32>')}}
  %0 = slice.strided_axes %x axes [1] starts [1] ends [3] strides [1] : tensor<3x4xf32> to tensor<3x3xf32>
  return
}

// -----

func.func @axes_dynamic_count(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{expected 1 dynamic starts values}}
  %0 = "slice.strided_axes"(%x) <{axes = array<i64: 0>, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_starts = array<i64: -9223372036854775808>, static_ends = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<3x4xf32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @offset_window_past_end(%x: tensor<8xf32>) {
  // expected-error @+1 {{'slice.strided' op entry 0 (offset mode) selects 3 elements from index 6 with stride 1, which leaves dimension 0 of size 8 (begin 6, extent 3)}}
  %0 = slice.strided %x[6:3] offset : tensor<8xf32> to tensor<3xf32>
  return
}

// -----

func.func @offset_window_before_front(%x: tensor<8xf32>) {
  // expected-error @+1 {{'slice.strided' op entry 0 (offset mode) selects 3 elements from index 1 with stride -1, which leaves dimension 0 of size 8 (begin 1, extent -3)}}
  %0 = slice.strided %x[1:-3:-1] offset : tensor<8xf32> to tensor<3xf32>
  return
}

// -----

func.func @offset_static_size(%x: tensor<?xf32>, %i: index) {
  // expected-error @+1 {{'slice.strided' op result dimension 0 is 5 but the slice has size 4 (inferred 'tensor<4xf32>')}}
  %0 = slice.strided %x[%i:4] offset : tensor<?xf32> to tensor<5xf32>
  return
}

// -----

func.func @shrink_index_message(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'slice.strided' op shrink index 7 of entry 1 (shrink_axis_mask bit 1) is out of range [-5, 5) for dimension 1 of size 5}}
  %0 = slice.strided %x[:, 7] : tensor<4x5xf32> to tensor<4xf32>
  return
}

// -----

// Dynamic strides need the static list that places them.
func.func @axes_dynamic_strides_without_list(%x: tensor<3x4xf32>, %s: index) {
  // expected-error @+1 {{'slice.strided_axes' op has 1 dynamic strides but no 'static_strides' to place them}}
  %0 = "slice.strided_axes"(%x, %s) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, static_starts = array<i64: 0>, static_ends = array<i64: 1>}> : (tensor<3x4xf32>, index) -> tensor<?x4xf32>
  return
}

// -----

// Without axes, n entries slice the first n dimensions: more entries than
// dimensions name an axis out of range.
func.func @axes_default_too_many(%x: tensor<3xf32>) {
  // expected-error @+1 {{'slice.strided_axes' op axis 1 of entry 1 is out of range [-1, 1) for an input of rank 1}}
  %0 = slice.strided_axes %x starts [0, 0] ends [1, 1] : tensor<3xf32> to tensor<1xf32>
  return
}

// -----

// Given axes still must match the other lists.
func.func @axes_update_lengths(%x: tensor<3x4xf32>, %v: tensor<1x4xf32>) {
  // expected-error @+1 {{'slice.strided_axes_update' op axes, starts, ends and strides must have the same length, but have 2, 1, 1 and 1 entries}}
  %0 = slice.strided_axes_update %v into %x axes [0, 1] starts [0] ends [1] : tensor<1x4xf32> into tensor<3x4xf32>
  return
}
