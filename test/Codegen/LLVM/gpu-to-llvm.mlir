// --slice-gpu-to-llvm: upstream's --gpu-to-llvm with the stream and
// allocation functions declared at the front of the module first (each of
// upstream's lookups then stops at once; it declared them at the end, past
// every function). The calls are upstream's; the declarations nothing
// calls go again.
// RUN: slice-opt %s --slice-gpu-to-llvm | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: slice-opt %s --gpu-to-llvm | FileCheck %s --check-prefixes=CHECK,UPSTREAM

// OURS: module attributes {gpu.container_module} {
// OURS-NEXT:   llvm.func @mgpuStreamCreate() -> !llvm.ptr
// OURS-NEXT:   llvm.func @mgpuStreamDestroy(!llvm.ptr)
// OURS-NEXT:   llvm.func @mgpuStreamSynchronize(!llvm.ptr)
// OURS-NEXT:   llvm.func @mgpuMemAlloc(i64, !llvm.ptr, i8) -> !llvm.ptr
//  OURS-NOT:   llvm.func @mgpuMemFree
// CHECK-LABEL: llvm.func @alloc
//       CHECK:   %[[S:.*]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
//       CHECK:   llvm.call @mgpuMemAlloc(%{{.*}}, %[[S]], %{{.*}}) : (i64, !llvm.ptr, i8) -> !llvm.ptr
//       CHECK:   llvm.call @mgpuStreamSynchronize(%[[S]]) : (!llvm.ptr) -> ()
//       CHECK:   llvm.call @mgpuStreamDestroy(%[[S]]) : (!llvm.ptr) -> ()
// CHECK-LABEL: llvm.func @again
//       CHECK:   llvm.call @mgpuStreamCreate()
// UPSTREAM-DAG:   llvm.func @mgpuStreamCreate() -> !llvm.ptr
// UPSTREAM-DAG:   llvm.func @mgpuMemAlloc(i64, !llvm.ptr, i8) -> !llvm.ptr
module attributes {gpu.container_module} {
  llvm.func @alloc(%n: i64) -> !llvm.ptr {
    %n_index = builtin.unrealized_conversion_cast %n : i64 to index
    %t0 = gpu.wait async
    %m, %t1 = gpu.alloc async [%t0] (%n_index) : memref<?xf32>
    gpu.wait [%t1]
    %d = builtin.unrealized_conversion_cast %m : memref<?xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %p = llvm.extractvalue %d[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.return %p : !llvm.ptr
  }
  llvm.func @again() {
    %t0 = gpu.wait async
    gpu.wait [%t0]
    llvm.return
  }
}
