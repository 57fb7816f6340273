// Element-wise ops on slice results, for elementwise.test: the issue's
// example (a run-time stride, possibly negative) and a 2-D one.
func.func @g(%a: tensor<?xf32>, %s: index) -> tensor<?xf32> attributes {llvm.emit_c_interface} {
  %t = arith.addf %a, %a : tensor<?xf32>
  %r = slice.strided %t[::%s] : tensor<?xf32> to tensor<?xf32>
  %m = arith.mulf %r, %r : tensor<?xf32>
  return %m : tensor<?xf32>
}

func.func @h(%a: tensor<?x?xf32>) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %r = slice.strided %a[1::2, ::-1] : tensor<?x?xf32> to tensor<?x?xf32>
  %m = arith.mulf %r, %r : tensor<?x?xf32>
  %p = arith.subf %m, %r : tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}

// Row %i of %a: a shrink whose index is known only at run time.
func.func @row(%a: tensor<?x?xf32>, %i: index) -> tensor<?xf32> attributes {llvm.emit_c_interface} {
  %r = slice.strided %a[%i, :] : tensor<?x?xf32> to tensor<?xf32>
  %m = arith.mulf %r, %r : tensor<?xf32>
  return %m : tensor<?xf32>
}

// Into a destination the caller owns (the benchmark's `ew`): the body does
// not read %out, which upstream's fusion then dropped for a fresh buffer
// that the caller, reading %out, never saw.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @into(%a: tensor<?x?xf32>, %out: tensor<?x?xf32> {bufferization.writable = true}) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %r = slice.strided %a[1::2, ::-1] : tensor<?x?xf32> to tensor<?x?xf32>
  %p = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %x : f32
    %q = arith.addf %m, %x : f32
    linalg.yield %q : f32
  } -> tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}
