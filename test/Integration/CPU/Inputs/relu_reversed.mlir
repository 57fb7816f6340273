// relu(x[::-1, ::-2]) (reversed-elementwise.test).
func.func @relu_reversed(%x: tensor<256x256xf32>) -> tensor<256x128xf32> attributes {llvm.emit_c_interface} {
  %s = slice.strided %x[::-1, ::-2] : tensor<256x256xf32> to tensor<256x128xf32>
  %z = arith.constant dense<0.0> : tensor<256x128xf32>
  %r = arith.maximumf %s, %z : tensor<256x128xf32>
  return %r : tensor<256x128xf32>
}
