// :-3:-1 on a dimension of 5 selects 2 elements (indices 4 and 3), not 3.
func.func @wrong_result_type(%foo: tensor<5x5x5x5x5x5xf32>) -> tensor<2x1x5x5x3x5xf32> {
  %0 = slice.strided %foo[1, 2:4, newaxis, ..., :-3:-1, :]
      : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x3x5xf32>
  return %0 : tensor<2x1x5x5x3x5xf32>
}
