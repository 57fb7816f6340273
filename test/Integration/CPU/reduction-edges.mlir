// Row reductions whose values depend on the vector loop's neutral
// elements and lane order (--slice-vectorize-reductions): NaN in the vector
// part of one row and in the scalar rest of the other (maximumf keeps it,
// maxnumf and minnumf skip it), a sum of negative zeros (-0.0, not +0.0),
// integer sums, signed minimums and unsigned maximums of views walked
// backwards. Values from NumPy (np.maximum.reduce, np.fmax.reduce, ...)
// over x[:, ::-1] and x[:, ::-2], 40 columns: two vectors of 16 and 8
// elements left (16 and 3 for stride -2 and i32).
//
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=via-bufferization=true | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=parallel-bytes=0 | env OMP_NUM_THREADS=2 %mlir_run_omp | FileCheck %s

func.func @reduce_f32(%x: tensor<2x40xf32>, %init: f32, %kind: index) -> tensor<2xf32> {
  %s = slice.strided %x[:, ::-1] : tensor<2x40xf32> to tensor<2x40xf32>
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%init : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = scf.index_switch %kind -> tensor<2xf32>
  case 0 {
    %m = linalg.reduce ins(%s : tensor<2x40xf32>) outs(%f : tensor<2xf32>) dimensions = [1]
      (%a: f32, %b: f32) { %c = arith.maximumf %a, %b : f32
        linalg.yield %c : f32 }
    scf.yield %m : tensor<2xf32>
  }
  case 1 {
    %m = linalg.reduce ins(%s : tensor<2x40xf32>) outs(%f : tensor<2xf32>) dimensions = [1]
      (%a: f32, %b: f32) { %c = arith.maxnumf %a, %b : f32
        linalg.yield %c : f32 }
    scf.yield %m : tensor<2xf32>
  }
  case 2 {
    %m = linalg.reduce ins(%s : tensor<2x40xf32>) outs(%f : tensor<2xf32>) dimensions = [1]
      (%a: f32, %b: f32) { %c = arith.minnumf %a, %b : f32
        linalg.yield %c : f32 }
    scf.yield %m : tensor<2xf32>
  }
  default {
    %m = linalg.reduce ins(%s : tensor<2x40xf32>) outs(%f : tensor<2xf32>) dimensions = [1]
      (%a: f32, %b: f32) { %c = arith.addf %a, %b : f32
        linalg.yield %c : f32 }
    scf.yield %m : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

func.func @reduce_i32(%x: tensor<2x40xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %s = slice.strided %x[:, ::-2] : tensor<2x40xi32> to tensor<2x20xi32>
  %r = slice.strided %x[:, ::-1] : tensor<2x40xi32> to tensor<2x40xi32>
  %e = tensor.empty() : tensor<2xi32>
  %zero = arith.constant 0 : i32
  %big = arith.constant 2147483647 : i32
  %z = linalg.fill ins(%zero : i32) outs(%e : tensor<2xi32>) -> tensor<2xi32>
  %b = linalg.fill ins(%big : i32) outs(%e : tensor<2xi32>) -> tensor<2xi32>
  %sum = linalg.reduce ins(%s : tensor<2x20xi32>) outs(%z : tensor<2xi32>) dimensions = [1]
    (%a: i32, %c: i32) { %v = arith.addi %a, %c : i32
      linalg.yield %v : i32 }
  %min = linalg.reduce ins(%s : tensor<2x20xi32>) outs(%b : tensor<2xi32>) dimensions = [1]
    (%a: i32, %c: i32) { %v = arith.minsi %a, %c : i32
      linalg.yield %v : i32 }
  %maxu = linalg.reduce ins(%r : tensor<2x40xi32>) outs(%z : tensor<2xi32>) dimensions = [1]
    (%a: i32, %c: i32) { %v = arith.maxui %a, %c : i32
      linalg.yield %v : i32 }
  return %sum, %min, %maxu : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @main() {
  %x = arith.constant dense<[[-11.0, -4.0, 3.0, 10.0, -6.0, 0x7FC00000, 8.0, -8.0, -1.0, 6.0, -10.0, -3.0, 4.0, 11.0, -5.0, 2.0, 9.0, -7.0, 0.0, 7.0, -9.0, -2.0, 5.0, -11.0, -4.0, 3.0, 10.0, -6.0, 1.0, 8.0, -8.0, -1.0, 6.0, -10.0, -3.0, 4.0, 11.0, -5.0, 2.0, 9.0], [-7.0, 0.0, 7.0, -9.0, -2.0, 5.0, -11.0, -4.0, 3.0, 10.0, -6.0, 1.0, 8.0, -8.0, -1.0, 6.0, -10.0, -3.0, 4.0, 11.0, -5.0, 2.0, 9.0, -7.0, 0.0, 7.0, -9.0, -2.0, 5.0, -11.0, 0x7FC00000, 3.0, 10.0, -6.0, 1.0, 8.0, -8.0, -1.0, 6.0, -10.0]]> : tensor<2x40xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %nzero = arith.constant -0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %max = call @reduce_f32(%x, %ninf, %c0) : (tensor<2x40xf32>, f32, index) -> tensor<2xf32>
  %u0 = tensor.cast %max : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %maxnum = call @reduce_f32(%x, %nan, %c1) : (tensor<2x40xf32>, f32, index) -> tensor<2xf32>
  %u1 = tensor.cast %maxnum : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %minnum = call @reduce_f32(%x, %pinf, %c2) : (tensor<2x40xf32>, f32, index) -> tensor<2xf32>
  %u2 = tensor.cast %minnum : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %zeros = arith.constant dense<-0.0> : tensor<2x40xf32>
  %sum = call @reduce_f32(%zeros, %nzero, %c3) : (tensor<2x40xf32>, f32, index) -> tensor<2xf32>
  %u3 = tensor.cast %sum : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  %xi = arith.constant dense<[[-1000, 919, 838, 757, 676, 595, 514, 433, 352, 271, 190, 109, 28, -53, -134, -215, -296, -377, -458, -539, -620, -701, -782, -863, -944, 975, 894, 813, 732, 651, 570, 489, 408, 327, 246, 165, 84, 3, -78, -159], [-240, -321, -402, -483, -564, -645, -726, -807, -888, -969, 950, 869, 788, 707, 626, 545, 464, 383, 302, 221, 140, 59, -22, -103, -184, -265, -346, -427, -508, -589, -670, -751, -832, -913, -994, 925, 844, 763, 682, 601]]> : tensor<2x40xi32>
  %is, %im, %iu = call @reduce_i32(%xi) : (tensor<2x40xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
  %u4 = tensor.cast %is : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%u4) : (tensor<*xi32>) -> ()
  %u5 = tensor.cast %im : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%u5) : (tensor<*xi32>) -> ()
  %u6 = tensor.cast %iu : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%u6) : (tensor<*xi32>) -> ()
  return
}
// CHECK: [nan,  nan]
// CHECK: [11,  11]
// CHECK: [-11,  -11]
// CHECK: [-0,  -0]
// CHECK: [3600,  -1200]
// CHECK: [-863,  -969]
// CHECK: [-53,  -22]
