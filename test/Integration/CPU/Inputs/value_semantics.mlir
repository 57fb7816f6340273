// Entry points called from C (value-semantics.test, value_semantics.c):
// tensors are values, so none of these may write into its caller's
// buffers unless the argument (or the pipeline) says it may.

// x[::2] * x[::2]: the elementwise op would write into the view.
func.func @sq(%x: tensor<10xi32>) -> tensor<5xi32>
    attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[::2] : tensor<10xi32> to tensor<5xi32>
  %m = arith.muli %r, %r : tensor<5xi32>
  return %m : tensor<5xi32>
}

// Dynamic shape and begin: x[b:, ::-1] squared.
func.func @dyn(%x: tensor<?x?xf32>, %b: index) -> tensor<?x?xf32>
    attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[%b:, ::-1] : tensor<?x?xf32> to tensor<?x?xf32>
  %m = arith.mulf %r, %r : tensor<?x?xf32>
  return %m : tensor<?x?xf32>
}

// Returns a view of its argument: zero-copy in view mode.
func.func @view(%x: tensor<10xi32>) -> tensor<5xi32>
    attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[1::2] : tensor<10xi32> to tensor<5xi32>
  return %r : tensor<5xi32>
}

// A view of the argument and a computed slice of it, both returned.
func.func @both(%x: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>)
    attributes {llvm.emit_c_interface} {
  %odd = slice.strided %x[1::2] : tensor<?xi32> to tensor<?xi32>
  %even = slice.strided %x[::2] : tensor<?xi32> to tensor<?xi32>
  %twice = arith.addi %even, %even : tensor<?xi32>
  return %odd, %twice : tensor<?xi32>, tensor<?xi32>
}

// The caller donates this buffer: the function may write into it.
func.func @donated(%x: tensor<10xi32> {bufferization.writable = true})
    -> tensor<5xi32> attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[::2] : tensor<10xi32> to tensor<5xi32>
  %m = arith.muli %r, %r : tensor<5xi32>
  return %m : tensor<5xi32>
}

// Read-only even when the pipeline runs with writable-arguments=true.
func.func @kept(%x: tensor<10xi32> {bufferization.writable = false})
    -> tensor<5xi32> attributes {llvm.emit_c_interface} {
  %r = slice.strided %x[::2] : tensor<10xi32> to tensor<5xi32>
  %m = arith.muli %r, %r : tensor<5xi32>
  return %m : tensor<5xi32>
}

// y = x.copy(); y[::-2] = v: a fresh result, unless the caller donates x.
func.func @upd(%x: tensor<10xi32>, %v: tensor<5xi32>) -> tensor<10xi32>
    attributes {llvm.emit_c_interface} {
  %r = slice.strided_update %v into %x[::-2] : tensor<5xi32> into tensor<10xi32>
  return %r : tensor<10xi32>
}

// The caller donates x: the update writes into it, nothing is copied.
func.func @upd_donated(%x: tensor<10xi32> {bufferization.writable = true},
                       %v: tensor<5xi32>) -> tensor<10xi32>
    attributes {llvm.emit_c_interface} {
  %r = slice.strided_update %v into %x[::-2] : tensor<5xi32> into tensor<10xi32>
  return %r : tensor<10xi32>
}
