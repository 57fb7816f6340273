// The main job of README command 1: slices of a 3x4x5 tensor holding
// 0, 1, ..., 59, lowered by `slice-opt --slice-to-llvm` to LLVM, compiled
// to a native executable and run.
//
//   x[-1, ::-2, newaxis, 1:4]   static: a shrink, a reversed stride-2 range,
//                               a new axis, a window
//   x[b::s, 2]                  begin and stride known only at run time
//                               (here b = 2, s = -1), in a function the
//                               pipeline keeps out of line (no_inline)

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<*xf32>) {
  call @printMemrefF32(%t) : (tensor<*xf32>) -> ()
  return
}

func.func @input() -> tensor<3x4x5xf32> {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %ij = arith.muli %i, %c4 : index
    %row = arith.addi %ij, %j : index
    %row5 = arith.muli %row, %c5 : index
    %flat = arith.addi %row5, %k : index
    %int = arith.index_cast %flat : index to i64
    %value = arith.sitofp %int : i64 to f32
    tensor.yield %value : f32
  } : tensor<3x4x5xf32>
  return %x : tensor<3x4x5xf32>
}

func.func @rows_from(%x: tensor<?x?x?xf32>, %b: index, %s: index) -> tensor<?x?xf32> {
  %r = slice.strided %x[%b::%s, 2] : tensor<?x?x?xf32> to tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @main() -> i32 {
  %x = call @input() : () -> tensor<3x4x5xf32>
  %ux = tensor.cast %x : tensor<3x4x5xf32> to tensor<*xf32>
  call @print(%ux) : (tensor<*xf32>) -> ()

  %s = slice.strided %x[-1, ::-2, newaxis, 1:4] : tensor<3x4x5xf32> to tensor<2x1x3xf32>
  %us = tensor.cast %s : tensor<2x1x3xf32> to tensor<*xf32>
  call @print(%us) : (tensor<*xf32>) -> ()

  %c2 = arith.constant 2 : index
  %m1 = arith.constant -1 : index
  %xd = tensor.cast %x : tensor<3x4x5xf32> to tensor<?x?x?xf32>
  %d = call @rows_from(%xd, %c2, %m1) {no_inline}
      : (tensor<?x?x?xf32>, index, index) -> tensor<?x?xf32>
  %ud = tensor.cast %d : tensor<?x?xf32> to tensor<*xf32>
  call @print(%ud) : (tensor<*xf32>) -> ()

  %ok = arith.constant 0 : i32
  return %ok : i32
}
