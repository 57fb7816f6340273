// The entry points of machine-threshold-aot.test: copies of 2 MiB of
// unknown size into the caller's buffer, whose non-temporal threshold is
// read at run time (machine-threshold.mlir executes the same two).

// x[::-1, :] into `out`: a run per row.
func.func @reversed_into(%x: tensor<?x?xf32>, %out: tensor<?x?xf32> {bufferization.writable = true}) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %s = slice.strided %x[::-1, :] : tensor<?x?xf32> to tensor<?x?xf32>
  %r = linalg.copy ins(%s : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// x[256:768, :] into `out`: one contiguous run.
func.func @rows_into(%x: tensor<?x?xf32>, %out: tensor<?x?xf32> {bufferization.writable = true}) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %s = slice.strided %x[256:768, :] : tensor<?x?xf32> to tensor<?x?xf32>
  %r = linalg.copy ins(%s : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
