// RUN: slice-opt %s -split-input-file -verify-diagnostics

// TensorFlow core's rejections, through the semantics library.

func.func @zero_stride(%x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided' op stride of entry 1 is 0}}
  %0 = slice.strided %x[:, 1:3:0] : tensor<5x5xf32> to tensor<5x2xf32>
  return
}

// -----

func.func @zero_stride_on_shrink(%x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided' op stride of entry 0 is 0 (a shrink_axis_mask entry needs a positive stride)}}
  %0 = slice.strided %x spec[1:2:0] masks[shrink_axis_mask = 1] : tensor<5x5xf32> to tensor<5xf32>
  return
}

// -----

func.func @negative_stride_on_shrink(%x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided' op entry 1 shrinks (shrink_axis_mask bit 1) but its stride is -1; a shrink entry needs a positive stride}}
  %0 = slice.strided %x spec[0:0:1, 2:3:-1] masks[begin_mask = 1, end_mask = 1, shrink_axis_mask = 2] : tensor<5x5xf32> to tensor<5xf32>
  return
}

// -----

func.func @negative_stride_on_shrink_dynamic_dim(%x: tensor<?xf32>) {
  // expected-error @+1 {{'slice.strided' op entry 0 shrinks (shrink_axis_mask bit 0) but its stride is -2}}
  %0 = slice.strided %x spec[2:3:-2] masks[shrink_axis_mask = 1] : tensor<?xf32> to tensor<f32>
  return
}

// -----

func.func @two_ellipses(%x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided' op ellipsis_mask has more than one bit set (entries 0 and 2); a slice can have only one ellipsis}}
  %0 = slice.strided %x[..., 1:2, ...] : tensor<5x5xf32> to tensor<5x1xf32>
  return
}

// -----

func.func @length_mismatch(%x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided' op begin, end and strides must have the same length, but have 2, 1 and 2 entries}}
  %0 = "slice.strided"(%x) <{static_begin = array<i64: 0, 0>, static_end = array<i64: 1>,
      static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}>
      : (tensor<5x5xf32>) -> tensor<1x5xf32>
  return
}

// -----

func.func @too_many_entries(%x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided' op the spec indexes 3 input dimensions (range and shrink entries), but the input has rank 2}}
  %0 = slice.strided %x[1, newaxis, :, 2:3] : tensor<5x5xf32> to tensor<1x5x1xf32>
  return
}

// -----

func.func @index_into_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{'slice.strided' op the spec indexes 1 input dimensions (range and shrink entries), but the input has rank 0}}
  %0 = slice.strided %x[0] : tensor<f32> to tensor<f32>
  return
}

// -----

func.func @shrink_index_out_of_range(%x: tensor<5x5x5xf32>) {
  // expected-error @+1 {{'slice.strided' op shrink index 7 of entry 2 (shrink_axis_mask bit 2) is out of range [-5, 5) for dimension 2 of size 5}}
  %0 = slice.strided %x[:, :, 7] : tensor<5x5x5xf32> to tensor<5x5xf32>
  return
}

// -----

func.func @shrink_negative_index_out_of_range(%x: tensor<5x4xf32>) {
  // expected-error @+1 {{'slice.strided' op shrink index -5 of entry 1 (shrink_axis_mask bit 1) is out of range [-4, 4) for dimension 1 of size 4}}
  %0 = slice.strided %x[..., -5] : tensor<5x4xf32> to tensor<5xf32>
  return
}

// -----

func.func @shrink_into_empty_dim(%x: tensor<0x4xf32>) {
  // expected-error @+1 {{'slice.strided' op shrink index 0 of entry 0 (shrink_axis_mask bit 0) is out of range [-0, 0) for dimension 0 of size 0}}
  %0 = slice.strided %x[0] : tensor<0x4xf32> to tensor<4xf32>
  return
}

// -----

// Mask bits past the spec.

func.func @mask_bit_past_spec(%x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided' op end_mask has bit 3 set, but the spec has only 2 entries}}
  %0 = slice.strided %x spec[0:1:1, 0:1:1] masks[end_mask = 8] : tensor<5x5xf32> to tensor<1x1xf32>
  return
}

// -----

func.func @mask_bit_63_past_spec(%x: tensor<5xf32>) {
  // expected-error @+1 {{'slice.strided' op shrink_axis_mask has bit 63 set, but the spec has only 1 entries}}
  %0 = slice.strided %x spec[0:1:1] masks[shrink_axis_mask = -9223372036854775808] : tensor<5xf32> to tensor<1xf32>
  return
}

// -----

func.func @sixty_five_entries_generic(%x: tensor<5xf32>) {
  // expected-error @+1 {{'slice.strided' op the spec has 65 entries; at most 64 fit the 64-bit masks}}
  %0 = "slice.strided"(%x) <{
      static_begin = array<i64: 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0>,
      static_end = array<i64: 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0>,
      static_strides = array<i64: 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1>,
      operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

// Op-level checks.

func.func @dynamic_count_mismatch(%x: tensor<5xf32>, %i: index) {
  // expected-error @+1 {{expected 1 dynamic begin values}}
  %0 = "slice.strided"(%x) <{static_begin = array<i64: -9223372036854775808>,
      static_end = array<i64: 3>, static_strides = array<i64: 1>,
      operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<5xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_strides_count_mismatch(%x: tensor<5xf32>, %i: index) {
  // expected-error @+1 {{expected 0 dynamic strides values}}
  %0 = "slice.strided"(%x, %i) <{static_begin = array<i64: 0>,
      static_end = array<i64: 3>, static_strides = array<i64: 1>,
      operandSegmentSizes = array<i32: 1, 0, 0, 1>}> : (tensor<5xf32>, index) -> tensor<?xf32>
  return
}

// -----

func.func @element_type_mismatch(%x: tensor<5xf32>) {
  // expected-error @+1 {{'slice.strided' op result element type 'f16' differs from the source element type 'f32'}}
  %0 = slice.strided %x[1:3] : tensor<5xf32> to tensor<2xf16>
  return
}

// -----

func.func @rank_mismatch(%x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided' op result type 'tensor<2x5xf32>' has rank 2 but the slice of 'tensor<5x5xf32>' has rank 1 (inferred 'tensor<5xf32>')}}
  %0 = slice.strided %x[1] : tensor<5x5xf32> to tensor<2x5xf32>
  return
}

// -----

func.func @size_mismatch(%x: tensor<5x5xf32>) {
  // expected-error @+1 {{'slice.strided' op result dimension 1 is 3 but the slice has size 2 (inferred 'tensor<5x2xf32>')}}
  %0 = slice.strided %x[:, :-3:-1] : tensor<5x5xf32> to tensor<5x3xf32>
  return
}

// -----

func.func @static_size_where_dynamic(%x: tensor<?x5xf32>) {
  // expected-error @+1 {{'slice.strided' op result dimension 0 is 4 but the slice has a size known only at run time (inferred 'tensor<?x5xf32>')}}
  %0 = slice.strided %x[1:5] : tensor<?x5xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @unranked_source(%x: tensor<*xf32>) {
  // expected-error @+1 {{'slice.strided' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "slice.strided"(%x) <{static_begin = array<i64>, static_end = array<i64>,
      static_strides = array<i64>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}>
      : (tensor<*xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @missing_static_begin(%x: tensor<5xf32>) {
  // expected-error @+1 {{'slice.strided' op requires attribute 'static_begin'}}
  %0 = "slice.strided"(%x) <{static_end = array<i64>, static_strides = array<i64>,
      operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

// Parser diagnostics point at the token.

// INT64_MIN marks dynamic entries; as a begin or end it becomes the static
// value that selects the same (ops.mlir), but a stride, a shrink index or a
// begin with a negative stride on a `?` dimension have none.
func.func @reserved_static_stride(%x: tensor<5xf32>) {
  // expected-error @+1 {{static index -9223372036854775808 (INT64_MIN) marks dynamic entries, and no other static value selects the same here; pass it as an SSA value}}
  %0 = slice.strided %x[::-9223372036854775808] : tensor<5xf32> to tensor<1xf32>
  return
}

// -----

func.func @reserved_static_shrink(%x: tensor<5xf32>) {
  // expected-error @+1 {{static index -9223372036854775808 (INT64_MIN) marks dynamic entries}}
  %0 = slice.strided %x[-9223372036854775808] : tensor<5xf32> to tensor<f32>
  return
}

// -----

func.func @reserved_static_begin(%x: tensor<?xf32>) {
  // expected-error @+1 {{static index -9223372036854775808 (INT64_MIN) marks dynamic entries}}
  %0 = slice.strided %x[-9223372036854775808::-1] : tensor<?xf32> to tensor<?xf32>
  return
}

// -----

func.func @empty_entry(%x: tensor<5xf32>) {
  // expected-error @+1 {{expected a slice entry: an index, 'begin:end:stride', '...' or 'newaxis'}}
  %0 = slice.strided %x[1:2, ] : tensor<5xf32> to tensor<1xf32>
  return
}

// -----

func.func @raw_entry_missing_part(%x: tensor<5xf32>) {
  // expected-error @+1 {{expected an integer or an SSA value}}
  %0 = slice.strided %x spec[1::1] : tensor<5xf32> to tensor<1xf32>
  return
}

// -----

func.func @unknown_mask(%x: tensor<5xf32>) {
  // expected-error @+1 {{unknown mask 'start_mask'; expected begin_mask, end_mask, ellipsis_mask, new_axis_mask or shrink_axis_mask}}
  %0 = slice.strided %x spec[1:2:1] masks[start_mask = 1] : tensor<5xf32> to tensor<1xf32>
  return
}

// -----

func.func @integer_too_large(%x: tensor<5xf32>) {
  // expected-error @+1 {{integer value too large}}
  %0 = slice.strided %x[9223372036854775808:] : tensor<5xf32> to tensor<5xf32>
  return
}

// -----

func.func @non_index_operand(%x: tensor<5xf32>, %i: i32) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  %0 = slice.strided %x[%i:] : tensor<5xf32> to tensor<?xf32>
  return
}

// -----

func.func @missing_to(%x: tensor<5xf32>) {
  // expected-error @+1 {{expected 'to'}}
  %0 = slice.strided %x[1:] : tensor<5xf32>, tensor<4xf32>
  return
}

// -----

func.func @sixty_five_entries_custom(%x: tensor<5xf32>) {
  // expected-error @+1 {{a slice spec has at most 64 entries}}
  %0 = slice.strided %x[:, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :, :] : tensor<5xf32> to tensor<5xf32>
  return
}
