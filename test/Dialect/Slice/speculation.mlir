// RUN: slice-opt %s -split-input-file -loop-invariant-code-motion | FileCheck %s

// The ops are speculatable exactly when no check is left to run time: LICM
// hoists those out of a loop that may run zero times and keeps the others
// inside, where a failing check only stops a program that reaches it.

// A run-time stride may be 0: kept in the loop. A static one, with
// run-time begin and end (clamped, never checked), is hoisted.
// CHECK-LABEL: func @stride
// CHECK: %[[HOISTED:.*]] = slice.strided %{{.*}}[%{{.*}}:%{{.*}}:2]
// CHECK: scf.for
// CHECK:   slice.strided %{{.*}}[::%{{.*}}]
// CHECK:   tensor.extract %[[HOISTED]]
func.func @stride(%a: tensor<8xf32>, %s: index, %b: index, %e: index,
                  %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = slice.strided %a[::%s] : tensor<8xf32> to tensor<?xf32>
    %w = slice.strided %a[%b:%e:2] : tensor<8xf32> to tensor<?xf32>
    %x = tensor.extract %v[%c0] : tensor<?xf32>
    %y = tensor.extract %w[%c0] : tensor<?xf32>
    %s1 = arith.addf %acc, %x : f32
    %s2 = arith.addf %s1, %y : f32
    scf.yield %s2 : f32
  }
  return %r : f32
}

// -----

// A shrink index: checked when the index or the dimension is known only
// at run time; a static index in a static dimension is not.
// CHECK-LABEL: func @shrink
// CHECK: %[[STATIC:.*]] = slice.strided %{{.*}}[-1, :] : tensor<4x?xf32>
// CHECK: scf.for
// CHECK:   slice.strided %{{.*}}[%{{.*}}, :] : tensor<4x?xf32>
// CHECK:   slice.strided %{{.*}}[:, 2] : tensor<4x?xf32>
// CHECK:   tensor.extract %[[STATIC]]
func.func @shrink(%a: tensor<4x?xf32>, %i: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %row = slice.strided %a[%i, :] : tensor<4x?xf32> to tensor<?xf32>
    %col = slice.strided %a[:, 2] : tensor<4x?xf32> to tensor<4xf32>
    %last = slice.strided %a[-1, :] : tensor<4x?xf32> to tensor<?xf32>
    %x = tensor.extract %row[%c0] : tensor<?xf32>
    %y = tensor.extract %col[%c0] : tensor<4xf32>
    %w = tensor.extract %last[%c0] : tensor<?xf32>
    %s1 = arith.addf %acc, %x : f32
    %s2 = arith.addf %s1, %y : f32
    %s3 = arith.addf %s2, %w : f32
    scf.yield %s3 : f32
  }
  return %r : f32
}

// -----

// Offset mode: a window known to fit is hoisted; one placed by a run-time
// begin is checked.
// CHECK-LABEL: func @offset
// CHECK: %[[FITS:.*]] = slice.strided %{{.*}}[2:4] offset
// CHECK: scf.for
// CHECK:   slice.strided %{{.*}}[%{{.*}}:4] offset
// CHECK:   tensor.extract %[[FITS]]
func.func @offset(%a: tensor<16xf32>, %b: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %w = slice.strided %a[%b:4] offset : tensor<16xf32> to tensor<4xf32>
    %f = slice.strided %a[2:4] offset : tensor<16xf32> to tensor<4xf32>
    %x = tensor.extract %w[%c0] : tensor<4xf32>
    %y = tensor.extract %f[%c0] : tensor<4xf32>
    %s1 = arith.addf %acc, %x : f32
    %s2 = arith.addf %s1, %y : f32
    scf.yield %s2 : f32
  }
  return %r : f32
}

// -----

// Updates: the spec's checks, and a value dimension that only run time
// matches with the slice's.
// CHECK-LABEL: func @update
// CHECK: %[[STATIC:.*]] = slice.strided_update %{{.*}} into %{{.*}}[1:3]
// CHECK: scf.for
// CHECK:   slice.strided_update %{{.*}} into %{{.*}}[::%{{.*}}]
// CHECK:   slice.strided_update %{{.*}} into %{{.*}}[%{{.*}}:%{{.*}}]
// CHECK:   tensor.extract %[[STATIC]]
func.func @update(%d: tensor<8xf32>, %v: tensor<2xf32>, %u: tensor<?xf32>,
                  %s: index, %b: index, %e: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %x = slice.strided_update %v into %d[::%s] : tensor<2xf32> into tensor<8xf32>
    %y = slice.strided_update %u into %d[%b:%e] : tensor<?xf32> into tensor<8xf32>
    %w = slice.strided_update %v into %d[1:3] : tensor<2xf32> into tensor<8xf32>
    %x0 = tensor.extract %x[%c0] : tensor<8xf32>
    %y0 = tensor.extract %y[%c0] : tensor<8xf32>
    %w0 = tensor.extract %w[%c0] : tensor<8xf32>
    %s1 = arith.addf %acc, %x0 : f32
    %s2 = arith.addf %s1, %y0 : f32
    %s3 = arith.addf %s2, %w0 : f32
    scf.yield %s3 : f32
  }
  return %r : f32
}

// -----

// The axes encoding: a run-time stride is checked, static ones are not.
// CHECK-LABEL: func @axes
// CHECK: %[[SLICE:.*]] = slice.strided_axes %{{.*}} starts [%{{.*}}] ends [%{{.*}}] strides [-1]
// CHECK: %[[UPDATE:.*]] = slice.strided_axes_update %{{.*}} into %{{.*}} starts [0] ends [8] strides [4]
// CHECK: scf.for
// CHECK:   slice.strided_axes %{{.*}} starts [0] ends [8] strides [%{{.*}}]
// CHECK:   slice.strided_axes_update %{{.*}} into %{{.*}} starts [0] ends [8] strides [%{{.*}}]
func.func @axes(%a: tensor<8xf32>, %v: tensor<2xf32>, %s: index, %b: index,
                %e: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %x = slice.strided_axes %a axes [0] starts [0] ends [8] strides [%s]
        : tensor<8xf32> to tensor<?xf32>
    %y = slice.strided_axes %a axes [0] starts [%b] ends [%e] strides [-1]
        : tensor<8xf32> to tensor<?xf32>
    %u = slice.strided_axes_update %v into %a axes [0] starts [0] ends [8]
        strides [%s] : tensor<2xf32> into tensor<8xf32>
    %w = slice.strided_axes_update %v into %a axes [0] starts [0] ends [8]
        strides [4] : tensor<2xf32> into tensor<8xf32>
    %x0 = tensor.extract %x[%c0] : tensor<?xf32>
    %y0 = tensor.extract %y[%c0] : tensor<?xf32>
    %u0 = tensor.extract %u[%c0] : tensor<8xf32>
    %w0 = tensor.extract %w[%c0] : tensor<8xf32>
    %s1 = arith.addf %acc, %x0 : f32
    %s2 = arith.addf %s1, %y0 : f32
    %s3 = arith.addf %s2, %u0 : f32
    %s4 = arith.addf %s3, %w0 : f32
    scf.yield %s4 : f32
  }
  return %r : f32
}
