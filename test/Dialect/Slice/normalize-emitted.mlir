// RUN: slice-opt %s -split-input-file --slice-normalize | FileCheck %s

// What --slice-normalize emits before any clean-up: the values the normal
// form uses and the run-time checks, nothing the semantics' formulas
// computed on the way and dropped (the stride-0 comparison before its
// inverse, the first element for a begin that is not masked, the bounds
// check of a plain range, the element counts the normal form does not
// carry, the shrink's end).

// CHECK-LABEL: func.func @dynamic_range_whole_and_shrink
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x?xf32>, %[[B:.*]]: index, %[[E:.*]]: index, %[[S:.*]]: index)
// CHECK:      %[[D0:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK:      %[[D1:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK:      %[[D2:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[NZ:.*]] = arith.cmpi ne, %[[S]], %[[C0]]
// CHECK-NEXT: cf.assert %[[NZ]], "slice.strided: entry 0 (input dimension 0) has stride 0"
// CHECK-NEXT: %[[POS:.*]] = arith.cmpi sgt, %[[S]], %[[C0]]
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[LAST:.*]] = arith.subi %[[D0]], %[[C1]]
// CHECK-NEXT: %[[CM1:.*]] = arith.constant -1 : index
// CHECK-NEXT: %[[LOW:.*]] = arith.select %[[POS]], %[[C0]], %[[CM1]]
// CHECK-NEXT: %[[HIGH:.*]] = arith.select %[[POS]], %[[D0]], %[[LAST]]
// CHECK-NEXT: %[[BNEG:.*]] = arith.cmpi slt, %[[B]], %[[C0]]
// CHECK-NEXT: %[[BADD:.*]] = arith.addi %[[B]], %[[D0]]
// CHECK-NEXT: %[[BW:.*]] = arith.select %[[BNEG]], %[[BADD]], %[[B]]
// CHECK-NEXT: %[[BMAX:.*]] = arith.maxsi %[[BW]], %[[LOW]]
// CHECK-NEXT: %[[START:.*]] = arith.minsi %[[BMAX]], %[[HIGH]]
// CHECK-NEXT: %[[ENEG:.*]] = arith.cmpi slt, %[[E]], %[[C0]]
// CHECK-NEXT: %[[EADD:.*]] = arith.addi %[[E]], %[[D0]]
// CHECK-NEXT: %[[EW:.*]] = arith.select %[[ENEG]], %[[EADD]], %[[E]]
// CHECK-NEXT: %[[EMAX:.*]] = arith.maxsi %[[EW]], %[[LOW]]
// CHECK-NEXT: %[[STOP:.*]] = arith.minsi %[[EMAX]], %[[HIGH]]
// CHECK-NEXT: %[[EXTENT:.*]] = arith.subi %[[STOP]], %[[START]]
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi sgt, %[[D2]], %[[C1]]
// CHECK-NEXT: cf.assert %[[IN]], "slice.strided: entry 2 (input dimension 2): the shrink index is out of range"
// CHECK-NEXT: %[[R:.*]] = slice.strided %[[X]][%[[START]]:%[[EXTENT]]:%[[S]], 0:%[[D1]], 1] offset
// CHECK-NEXT: return %[[R]]
func.func @dynamic_range_whole_and_shrink(%x: tensor<?x?x?xf32>, %b: index, %e: index, %s: index) -> tensor<?x?xf32> {
  %r = slice.strided %x[%b:%e:%s, :, 1] : tensor<?x?x?xf32> to tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_shrink_and_reversed
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x?xf32>, %[[B:.*]]: index)
// CHECK:      %[[D0:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK:      %[[D1:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK:      %[[D2:.*]] = tensor.dim %[[X]], %{{.*}}
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[BNEG:.*]] = arith.cmpi slt, %[[B]], %[[C0]]
// CHECK-NEXT: %[[BADD:.*]] = arith.addi %[[B]], %[[D0]]
// CHECK-NEXT: %[[I:.*]] = arith.select %[[BNEG]], %[[BADD]], %[[B]]
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[GE:.*]] = arith.cmpi sge, %[[I]], %[[C0]]
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[D0]]
// CHECK-NEXT: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]]
// CHECK-NEXT: cf.assert %[[IN]], "slice.strided: entry 0 (input dimension 0): the shrink index is out of range"
// CHECK-NEXT: %[[LAST:.*]] = arith.subi %[[D1]], %[[C1]]
// CHECK-NEXT: %[[EXTENT:.*]] = arith.subi %[[C0]], %[[D1]]
// CHECK-NEXT: %[[R:.*]] = slice.strided %[[X]][newaxis, %[[I]], %[[LAST]]:%[[EXTENT]]:-1, 0:%[[D2]]] offset
// CHECK-NEXT: return %[[R]]
func.func @dynamic_shrink_and_reversed(%x: tensor<?x?x?xf32>, %b: index) -> tensor<1x?x?xf32> {
  %r = slice.strided %x[%b, newaxis, ::-1] : tensor<?x?x?xf32> to tensor<1x?x?xf32>
  return %r : tensor<1x?x?xf32>
}
