// --slice-fuse-elementwise: upstream's element-wise fusion with a bound on
// the operands of a fused op, so that a chain of N ops costs O(N).
// RUN: slice-opt %s -split-input-file --convert-elementwise-to-linalg --slice-fuse-elementwise | FileCheck %s
// RUN: slice-opt %s -split-input-file --convert-elementwise-to-linalg --slice-fuse-elementwise=max-operands=4 | FileCheck %s --check-prefix=BOUND
// RUN: slice-opt %s -split-input-file --convert-elementwise-to-linalg --linalg-fuse-elementwise-ops | FileCheck %s

// acc + a + b + c + d: one op of six operands under the default bound (as
// upstream's pass makes it); at most four, two ops.
// CHECK-LABEL: func.func @sum
//       CHECK:   %[[R:.*]] = linalg.generic
//  CHECK-SAME:     ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[R]]
// BOUND-LABEL: func.func @sum
//       BOUND:   %[[A:.*]] = linalg.generic {{.*}} ins(%{{[^,]*}}, %{{[^,]*}}, %{{[^,:]*}} :
//       BOUND:   %[[B:.*]] = linalg.generic {{.*}} ins(%[[A]], %{{[^,]*}}, %{{[^,:]*}} :
//   BOUND-NOT:   linalg.generic
//       BOUND:   return %[[B]]
func.func @sum(%acc: tensor<8xf32>, %a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>, %d: tensor<8xf32>) -> tensor<8xf32> {
  %0 = arith.addf %acc, %a : tensor<8xf32>
  %1 = arith.addf %0, %b : tensor<8xf32>
  %2 = arith.addf %1, %c : tensor<8xf32>
  %3 = arith.addf %2, %d : tensor<8xf32>
  return %3 : tensor<8xf32>
}
