// RUN: slice-opt %s -split-input-file -verify-diagnostics

func.func @element_type(%v: tensor<2xi32>, %x: tensor<5xf32>) {
  // expected-error @+1 {{'slice.strided_update' op value element type 'i32' differs from the dest element type 'f32'}}
  %0 = slice.strided_update %v into %x[1:3] : tensor<2xi32> into tensor<5xf32>
  return
}

// -----

func.func @zero_stride(%v: tensor<5x2xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_update' op stride of entry 1 is 0}}
  %0 = slice.strided_update %v into %x[:, 1:3:0] : tensor<5x2xf32> into tensor<5x5xf32>
  return
}

// -----

func.func @shrink_out_of_range(%v: tensor<5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_update' op shrink index 7 of entry 0 (shrink_axis_mask bit 0) is out of range [-5, 5) for dimension 0 of size 5}}
  %0 = slice.strided_update %v into %x[7] : tensor<5xf32> into tensor<5x5xf32>
  return
}

// -----

func.func @size_mismatch(%v: tensor<3x5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_update' op value of type 'tensor<3x5xf32>' does not fit the slice of type 'tensor<2x5xf32>': value dimension 0 has size 3 but slice dimension 0 has size 2 (the value broadcasts only from size 1)}}
  %0 = slice.strided_update %v into %x[1:3] : tensor<3x5xf32> into tensor<5x5xf32>
  return
}

// -----

func.func @extra_leading_dim(%v: tensor<2x2x5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_update' op value of type 'tensor<2x2x5xf32>' does not fit the slice of type 'tensor<2x5xf32>': value dimension 0 has size 2 and lines up with no slice dimension (the value has rank 3, the slice 2): it must have size 1}}
  %0 = slice.strided_update %v into %x[1:3] : tensor<2x2x5xf32> into tensor<5x5xf32>
  return
}

// -----

func.func @result_type(%v: tensor<2x5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_update' op failed to verify that all of {dest, result} have same type}}
  %0 = "slice.strided_update"(%v, %x) <{static_begin = array<i64: 1>, static_end = array<i64: 3>, static_strides = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (tensor<2x5xf32>, tensor<5x5xf32>) -> tensor<?x5xf32>
  return
}

// -----

func.func @operand_count(%v: tensor<2x5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{expected 1 dynamic begin values}}
  %0 = "slice.strided_update"(%v, %x) <{static_begin = array<i64: -9223372036854775808>, static_end = array<i64: 3>, static_strides = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (tensor<2x5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
  return
}

// -----

func.func @lengths(%v: tensor<2x5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_update' op begin, end and strides must have the same length, but have 1, 2 and 1 entries}}
  %0 = "slice.strided_update"(%v, %x) <{static_begin = array<i64: 1>, static_end = array<i64: 3, 4>, static_strides = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (tensor<2x5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
  return
}

// -----

func.func @axes_update_repeated_axis(%v: tensor<2x5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_axes_update' op axis -2 of entry 1 names dimension 0, which entry 0 already slices (axis 0)}}
  %0 = slice.strided_axes_update %v into %x axes [0, -2] starts [0, 0] ends [2, 2] strides [1, 1] : tensor<2x5xf32> into tensor<5x5xf32>
  return
}

// -----

func.func @axes_update_axis_range(%v: tensor<2x5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_axes_update' op axis 2 of entry 0 is out of range [-2, 2) for an input of rank 2}}
  %0 = slice.strided_axes_update %v into %x axes [2] starts [0] ends [2] strides [1] : tensor<2x5xf32> into tensor<5x5xf32>
  return
}

// -----

func.func @axes_update_zero_stride(%v: tensor<2x5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_axes_update' op stride of entry 0 (axis 0) is 0}}
  %0 = slice.strided_axes_update %v into %x axes [0] starts [0] ends [2] strides [0] : tensor<2x5xf32> into tensor<5x5xf32>
  return
}

// -----

func.func @axes_update_value_shape(%v: tensor<3x5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_axes_update' op value of type 'tensor<3x5xf32>' does not fit the slice of type 'tensor<2x5xf32>': value dimension 0 has size 3 but slice dimension 0 has size 2}}
  %0 = slice.strided_axes_update %v into %x axes [0] starts [4] ends [0] strides [-2] : tensor<3x5xf32> into tensor<5x5xf32>
  return
}

// -----

func.func @axes_update_element_type(%v: tensor<2x5xi32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_axes_update' op value element type 'i32' differs from the dest element type 'f32'}}
  %0 = slice.strided_axes_update %v into %x axes [0] starts [0] ends [2] strides [1] : tensor<2x5xi32> into tensor<5x5xf32>
  return
}

// -----

func.func @axes_update_lengths(%v: tensor<2x5xf32>, %x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided_axes_update' op axes, starts, ends and strides must have the same length, but have 1, 2, 1 and 1 entries}}
  %0 = slice.strided_axes_update %v into %x axes [0] starts [0, 1] ends [2] strides [1] : tensor<2x5xf32> into tensor<5x5xf32>
  return
}
