// x[:, ::-2].sum(1) (strided-reductions.test).
func.func @row_sum_reversed(%x: tensor<256x256xf32>) -> tensor<256xf32> attributes {llvm.emit_c_interface} {
  %s = slice.strided %x[:, ::-2] : tensor<256x256xf32> to tensor<256x128xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %r = linalg.reduce ins(%s : tensor<256x128xf32>) outs(%f : tensor<256xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %t = arith.addf %a, %b : f32
      linalg.yield %t : f32
    }
  return %r : tensor<256xf32>
}
