// The worked example with every result size left open: reifying the result
// shape runs the semantics library and folds to the sizes 2, 1, 5, 5, 2, 5.
func.func @inferred_sizes(%foo: tensor<5x5x5x5x5x5xf32>)
    -> (index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %r = slice.strided %foo[1, 2:4, newaxis, ..., :-3:-1, :]
      : tensor<5x5x5x5x5x5xf32> to tensor<?x?x?x?x?x?xf32>
  %d0 = tensor.dim %r, %c0 : tensor<?x?x?x?x?x?xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x?x?x?x?x?xf32>
  %d2 = tensor.dim %r, %c2 : tensor<?x?x?x?x?x?xf32>
  %d3 = tensor.dim %r, %c3 : tensor<?x?x?x?x?x?xf32>
  %d4 = tensor.dim %r, %c4 : tensor<?x?x?x?x?x?xf32>
  %d5 = tensor.dim %r, %c5 : tensor<?x?x?x?x?x?xf32>
  return %d0, %d1, %d2, %d3, %d4, %d5 : index, index, index, index, index, index
}
