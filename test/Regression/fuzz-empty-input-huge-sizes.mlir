// Found by slice-spec-fuzzer's 1-hour run (docs/reliability.md, finding
// 17): an empty input (a dimension of size 0) whose other sizes multiply
// past INT64_MAX, sliced on its empty dimension with an unknown end. The
// semantics library left that result dimension unknown, so the result's
// known sizes multiplied past INT64_MAX once the other end was folded: the
// normal form did not verify and --slice-normalize failed on a valid
// module. A range or window on a dimension of size 0 now selects 0
// elements whatever its unknowns, so the result counts 0 elements.
//
// RUN: slice-opt %s --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: slice-opt %s --canonicalize --slice-normalize --canonicalize | FileCheck %s --check-prefix=NORM
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm=format=isa | FileCheck %s --check-prefix=GPU

// CANON-LABEL: func.func @empty
//       CANON:   slice.strided %{{.*}}[:, 0:%{{.*}}:-3, :, 0:4553769036265620272:3] : tensor<68719476736x0x7x4553769036265620272xi8> to tensor<68719476736x0x7x1517923012088540091xi8>

// NORM-LABEL: func.func @empty
//       NORM:   slice.strided {{.*}} offset : tensor<68719476736x0x7x4553769036265620272xi8> to tensor<68719476736x0x7x1517923012088540091xi8>

// The result's dynamic sizes (runner-utils' printMemref cannot print an
// empty memref whose other sizes are this large).
// CHECK: 0
// CHECK-NEXT: 1517923012088540091

// GPU-LABEL: llvm.func @empty

func.func @empty(%x: tensor<68719476736x0x7x4553769036265620272xi8>, %end: index) -> tensor<68719476736x?x7x?xi8> {
  %huge = arith.constant 4553769036265620272 : index
  %r = slice.strided_axes %x axes [1, -1] starts [0, 0] ends [%end, %huge] strides [-3, 3] : tensor<68719476736x0x7x4553769036265620272xi8> to tensor<68719476736x?x7x?xi8>
  return %r : tensor<68719476736x?x7x?xi8>
}

func.func @main() {
  %x = tensor.empty() : tensor<68719476736x0x7x4553769036265620272xi8>
  %end = arith.constant 5 : index
  %r = call @empty(%x, %end) {no_inline} : (tensor<68719476736x0x7x4553769036265620272xi8>, index) -> tensor<68719476736x?x7x?xi8>
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d1 = tensor.dim %r, %c1 : tensor<68719476736x?x7x?xi8>
  %d3 = tensor.dim %r, %c3 : tensor<68719476736x?x7x?xi8>
  vector.print %d1 : index
  vector.print %d3 : index
  return
}
