func.func @reverse(%x: tensor<8xf32>) -> tensor<8xf32> attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[::-1] : tensor<8xf32> to tensor<8xf32>
  return %r : tensor<8xf32>
}
