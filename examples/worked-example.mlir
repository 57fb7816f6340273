// TensorFlow's worked example, foo[1, 2:4, None, ..., :-3:-1, :] on a
// 5x5x5x5x5x5 tensor, next to the same slice in the generic form with the
// masks TensorFlow lists (begin 48, end 32, ellipsis 8, new axis 4, shrink 1).
func.func @worked_example(%foo: tensor<5x5x5x5x5x5xf32>)
    -> (tensor<2x1x5x5x2x5xf32>, tensor<2x1x5x5x2x5xf32>) {
  %0 = slice.strided %foo[1, 2:4, newaxis, ..., :-3:-1, :]
      : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
  %1 = "slice.strided"(%foo) <{
      static_begin = array<i64: 1, 2, 0, 0, 0, 0>,
      static_end = array<i64: 2, 4, 0, 0, -3, 0>,
      static_strides = array<i64: 1, 1, 1, 1, -1, 1>,
      begin_mask = 48 : i64, end_mask = 32 : i64, ellipsis_mask = 8 : i64,
      new_axis_mask = 4 : i64, shrink_axis_mask = 1 : i64,
      operandSegmentSizes = array<i32: 1, 0, 0, 0>}>
      : (tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x2x5xf32>
  return %0, %1 : tensor<2x1x5x5x2x5xf32>, tensor<2x1x5x5x2x5xf32>
}
