// The programs of test/Integration/GPU/driver-calls.test: what a call of
// each costs in driver calls, after a warm-up call.
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @exp_x(%x: tensor<256x256xf32>) -> tensor<256x256xf32>
    attributes {llvm.emit_c_interface} {
  %y = math.exp %x : tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}

func.func @relu_rev(%x: tensor<256x256xf32>) -> tensor<256x128xf32>
    attributes {llvm.emit_c_interface} {
  %v = slice.strided %x[::-1, ::2] : tensor<256x256xf32> to tensor<256x128xf32>
  %zero = arith.constant dense<0.0> : tensor<256x128xf32>
  %y = arith.maximumf %v, %zero : tensor<256x128xf32>
  return %y : tensor<256x128xf32>
}

func.func @softmax_rev(%x: tensor<64x256xf32>) -> tensor<64x256xf32>
    attributes {llvm.emit_c_interface} {
  %v = slice.strided %x[:, ::-1] : tensor<64x256xf32> to tensor<64x256xf32>
  %e = tensor.empty() : tensor<64x256xf32>
  %y = linalg.softmax dimension(1) ins(%v : tensor<64x256xf32>)
      outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// cache[64 + i] = k[i] * 0.5 for i < 64, in a loop, into the donated cache.
func.func @updates(%cache: tensor<128x256xf32> {bufferization.writable = true},
                   %k: tensor<64x256xf32>) -> tensor<128x256xf32>
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %half = arith.constant dense<0.5> : tensor<1x256xf32>
  %filled = scf.for %i = %c0 to %c64 step %c1 iter_args(%cc = %cache)
      -> (tensor<128x256xf32>) {
    %i1 = arith.addi %i, %c1 : index
    %p = arith.addi %i, %c64 : index
    %p1 = arith.addi %p, %c1 : index
    %ki = slice.strided %k[%i:%i1, :] : tensor<64x256xf32> to tensor<?x256xf32>
    %ks = tensor.cast %ki : tensor<?x256xf32> to tensor<1x256xf32>
    %kh = arith.mulf %ks, %half : tensor<1x256xf32>
    %next = slice.strided_update %kh into %cc[%p:%p1, :]
        : tensor<1x256xf32> into tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  }
  return %filled : tensor<128x256xf32>
}

// The rows of x, each reversed, as 16 parts of a concat.
func.func @concat16(%x: tensor<16x256xf32>) -> tensor<16x256xf32>
    attributes {llvm.emit_c_interface} {
  %r0 = slice.strided %x[0:1, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r1 = slice.strided %x[1:2, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r2 = slice.strided %x[2:3, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r3 = slice.strided %x[3:4, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r4 = slice.strided %x[4:5, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r5 = slice.strided %x[5:6, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r6 = slice.strided %x[6:7, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r7 = slice.strided %x[7:8, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r8 = slice.strided %x[8:9, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r9 = slice.strided %x[9:10, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r10 = slice.strided %x[10:11, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r11 = slice.strided %x[11:12, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r12 = slice.strided %x[12:13, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r13 = slice.strided %x[13:14, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r14 = slice.strided %x[14:15, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %r15 = slice.strided %x[15:16, ::-1] : tensor<16x256xf32> to tensor<1x256xf32>
  %y = tensor.concat dim(0) %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9,
      %r10, %r11, %r12, %r13, %r14, %r15
      : (tensor<1x256xf32>, tensor<1x256xf32>, tensor<1x256xf32>,
         tensor<1x256xf32>, tensor<1x256xf32>, tensor<1x256xf32>,
         tensor<1x256xf32>, tensor<1x256xf32>, tensor<1x256xf32>,
         tensor<1x256xf32>, tensor<1x256xf32>, tensor<1x256xf32>,
         tensor<1x256xf32>, tensor<1x256xf32>, tensor<1x256xf32>,
         tensor<1x256xf32>) -> tensor<16x256xf32>
  return %y : tensor<16x256xf32>
}

// Concats of differently shaped parts, each a copy of its own kind (rows
// as vectors, reversed vectors, gathered every other element, single
// columns): one grid for all parts (slice-copies-to-gpu's merge-copies).
// Along rows: x[0:5], x[15:6:-1, ::-1], x[1:3].
func.func @concat_rows(%x: tensor<16x256xf32>) -> tensor<16x256xf32>
    attributes {llvm.emit_c_interface} {
  %a = slice.strided %x[0:5, :] : tensor<16x256xf32> to tensor<5x256xf32>
  %b = slice.strided %x[15:6:-1, ::-1] : tensor<16x256xf32> to tensor<9x256xf32>
  %c = slice.strided %x[1:3, :] : tensor<16x256xf32> to tensor<2x256xf32>
  %y = tensor.concat dim(0) %a, %b, %c
      : (tensor<5x256xf32>, tensor<9x256xf32>, tensor<2x256xf32>)
      -> tensor<16x256xf32>
  return %y : tensor<16x256xf32>
}

// Along columns (the parts' boxes interleave in memory):
// x[:, 0:100], x[::-1, ::-2], x[:, 255:251:-1], x[:, 1:2].
func.func @concat_cols(%x: tensor<16x256xf32>) -> tensor<16x233xf32>
    attributes {llvm.emit_c_interface} {
  %a = slice.strided %x[:, 0:100] : tensor<16x256xf32> to tensor<16x100xf32>
  %b = slice.strided %x[::-1, ::-2] : tensor<16x256xf32> to tensor<16x128xf32>
  %c = slice.strided %x[:, 255:251:-1] : tensor<16x256xf32> to tensor<16x4xf32>
  %d = slice.strided %x[:, 1:2] : tensor<16x256xf32> to tensor<16x1xf32>
  %y = tensor.concat dim(1) %a, %b, %c, %d
      : (tensor<16x100xf32>, tensor<16x128xf32>, tensor<16x4xf32>,
         tensor<16x1xf32>) -> tensor<16x233xf32>
  return %y : tensor<16x233xf32>
}

// acc[i + 1] = acc[i] * 0.5 for i < 15: each step reads the last one's
// row, so the loop stays a loop (a launch per step, on one stream).
func.func @dependent(%acc0: tensor<16x256xf32> {bufferization.writable = true})
    -> tensor<16x256xf32> attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %half = arith.constant dense<0.5> : tensor<1x256xf32>
  %r = scf.for %i = %c0 to %c15 step %c1 iter_args(%acc = %acc0)
      -> (tensor<16x256xf32>) {
    %i1 = arith.addi %i, %c1 : index
    %i2 = arith.addi %i1, %c1 : index
    %row = slice.strided %acc[%i:%i1, :] : tensor<16x256xf32> to tensor<?x256xf32>
    %rs = tensor.cast %row : tensor<?x256xf32> to tensor<1x256xf32>
    %h = arith.mulf %rs, %half : tensor<1x256xf32>
    %next = slice.strided_update %h into %acc[%i1:%i2, :]
        : tensor<1x256xf32> into tensor<16x256xf32>
    scf.yield %next : tensor<16x256xf32>
  }
  return %r : tensor<16x256xf32>
}
