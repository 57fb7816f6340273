// --slice-protect-view-reads: subset insertions whose source reads, through
// a view, a value one-shot-bufferize may take for the subset they write.
// RUN: slice-opt %s -split-input-file --slice-protect-view-reads | FileCheck %s
// What one-shot-bufferize then makes of them: the reversed read gets a
// buffer of its own, the copies that conflict with nothing stay in place.
// RUN: slice-opt %s -split-input-file --slice-protect-view-reads --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUF

#id = affine_map<(d0) -> (d0)>

// A copy of y[::-1] into the tensor.empty that y itself was computed into:
// a linalg.copy lets the analysis write y's buffer while reading it
// backwards; the element-wise form does not.
// CHECK-LABEL: func.func @copy_of_reversed_producer
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<8xf32>)
// CHECK: %[[V:.*]] = tensor.extract_slice %[[Y]][7] [8] [-1]
// CHECK-NOT: linalg.copy
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel"]} ins(%[[V]] : tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK: return %[[R]]
// BUF-LABEL: func.func @copy_of_reversed_producer
// BUF: %[[A:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// BUF: %[[B:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// BUF: linalg.generic {{.*}} outs(%[[B]] : memref<8xf32>)
// BUF: %[[V:.*]] = memref.subview %[[B]][7] [8] [-1]
// BUF: linalg.generic {{.*}} ins(%[[V]] : {{.*}}) outs(%[[A]] : memref<8xf32>)
func.func @copy_of_reversed_producer(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %c1 = arith.constant 1.0 : f32
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %c1 : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %v = tensor.extract_slice %y[7] [8] [-1] : tensor<8xf32> to tensor<8xf32>
  %r = linalg.copy ins(%v : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// The same through slice.strided's own view (via-bufferization=true).
// CHECK-LABEL: func.func @copy_of_reversed_slice_op
// CHECK: %[[V:.*]] = slice.strided
// CHECK-NOT: linalg.copy
// CHECK: linalg.generic {{.*}} ins(%[[V]] : tensor<8xf32>)
// BUF-LABEL: func.func @copy_of_reversed_slice_op
// BUF-COUNT-2: memref.alloc()
func.func @copy_of_reversed_slice_op(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %y = linalg.copy ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %v = slice.strided %y[::-1] : tensor<8xf32> to tensor<8xf32>
  %r = linalg.copy ins(%v : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A slice of a slice of the region an insert_slice writes, reversed: the
// analysis stops at the inner extract_slice, which matches the insertion,
// and would copy the region onto itself backwards in place. The source now
// goes through an element-wise copy into the subset.
// CHECK-LABEL: func.func @insert_of_reversed_region
// CHECK-SAME: (%[[T:.*]]: tensor<16xf32>)
// CHECK: %[[B:.*]] = tensor.extract_slice %{{.*}}[7] [8] [-1]
// CHECK: %[[D:.*]] = tensor.extract_slice %[[Y:.*]][0] [8] [1]
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<8xf32>) outs(%[[D]] : tensor<8xf32>)
// CHECK: tensor.insert_slice %[[C]] into %[[Y]][0] [8] [1]
// BUF-LABEL: func.func @insert_of_reversed_region
// BUF: %[[Y:.*]] = memref.alloc() {{.*}} : memref<16xf32>
// BUF: %[[TMP:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// BUF: memref.copy %{{.*}}, %[[TMP]]
// BUF: %[[REV:.*]] = memref.subview %[[TMP]][7] [8] [-1]
// BUF: linalg.generic {{.*}} ins(%[[REV]] : {{.*}}) outs(%{{.*}} : memref<8xf32, strided<[1]>>)
func.func @insert_of_reversed_region(%t: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %y = linalg.copy ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %a = tensor.extract_slice %y[0] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %b = tensor.extract_slice %a[7] [8] [-1] : tensor<8xf32> to tensor<8xf32>
  %r = tensor.insert_slice %b into %y[0] [8] [1] : tensor<8xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

// A parallel insertion: the copy goes before the loop's terminator.
// CHECK-LABEL: func.func @parallel_insert_of_reversed_region
// CHECK: scf.forall
// CHECK: %[[B:.*]] = tensor.extract_slice %{{.*}}[7] [8] [-1]
// CHECK: %[[D:.*]] = tensor.extract_slice %[[O:.*]][0] [8] [1]
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<8xf32>) outs(%[[D]] : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: } -> tensor<8xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %[[C]] into %[[O]][0] [8] [1]
func.func @parallel_insert_of_reversed_region(%t: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %y = linalg.copy ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %r = scf.forall (%i) in (1) shared_outs(%o = %y) -> tensor<16xf32> {
    %a = tensor.extract_slice %o[0] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %b = tensor.extract_slice %a[7] [8] [-1] : tensor<8xf32> to tensor<8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %b into %o[0] [8] [1] : tensor<8xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}

// -----

// negative: the usual in-place pattern (extract, compute, insert the same
// region) reaches its own subset before any view and stays as it is.
// CHECK-LABEL: func.func @negative_extract_compute_insert
// CHECK: %[[A:.*]] = tensor.extract_slice %{{.*}}[0] [8] [1]
// CHECK-NEXT: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : tensor<8xf32>)
// CHECK-NEXT: tensor.insert_slice %[[F]] into
// CHECK-NOT: linalg.generic
// BUF-LABEL: func.func @negative_extract_compute_insert
// BUF-NOT: memref.alloc
func.func @negative_extract_compute_insert(%t: tensor<16xf32> {bufferization.writable = true}, %c: f32) -> tensor<16xf32> {
  %a = tensor.extract_slice %t[0] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %f = linalg.fill ins(%c : f32) outs(%a : tensor<8xf32>) -> tensor<8xf32>
  %r = tensor.insert_slice %f into %t[0] [8] [1] : tensor<8xf32> into tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

// negative: a view of an argument reaches no value the analysis could take
// for the destination (a block argument never matches a subset), and a copy
// of a value read without a view is judged soundly already.
// CHECK-LABEL: func.func @negative_no_candidate_behind_view
// CHECK: linalg.copy ins(%{{.*}} : tensor<8xf32>)
// CHECK: linalg.copy ins(%{{.*}} : tensor<8xf32>)
// BUF-LABEL: func.func @negative_no_candidate_behind_view
func.func @negative_no_candidate_behind_view(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %v = tensor.extract_slice %x[7] [8] [-1] : tensor<8xf32> to tensor<8xf32>
  %r = linalg.copy ins(%v : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %f = linalg.copy ins(%r : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r, %f : tensor<8xf32>, tensor<8xf32>
}
