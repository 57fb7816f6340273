// A function that allocates a temporary and returns a fresh buffer twice
// its size (mirror_cat(max(x[1::3, ::3] + b, b)): the temporary is the
// element-wise value, the result its concat with its mirror), called over
// and over by repeated_calls.c.
func.func @prog(%x: tensor<192x300xf32>, %b: tensor<64xf32>) -> tensor<64x200xf32> attributes {llvm.emit_c_interface} {
  %v = slice.strided %x[1::3, ::3] : tensor<192x300xf32> to tensor<64x100xf32>
  %e = tensor.empty() : tensor<64x100xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %b : tensor<64x100xf32>, tensor<64xf32>) outs(%e : tensor<64x100xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %r = arith.maximumf %s, %c : f32
    linalg.yield %r : f32
  } -> tensor<64x100xf32>
  %w = slice.strided %m[:, ::-1] : tensor<64x100xf32> to tensor<64x100xf32>
  %cat = tensor.concat dim(1) %m, %w : (tensor<64x100xf32>, tensor<64x100xf32>) -> tensor<64x200xf32>
  return %cat : tensor<64x200xf32>
}
