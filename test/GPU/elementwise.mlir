// Element-wise ops on slice results are kernels of blocks of threads over a
// 1-D grid (--slice-parallel-loops-to-gpu), as the copy kernels are:
// indexed by ctaid.x * block-size + tid.x and guarded by the count, not
// upstream's greedy mapping (one thread per block, indexed by ctaid.x
// alone). Where the row length is a multiple of 4, a thread takes 4
// elements with 16-byte loads and stores (each memref's layout decides on
// the host whether it is read as one vector); otherwise one element.
// RUN: slice-opt %s --slice-to-nvvm="format=isa" | %python %S/extract_ptx.py | FileCheck %s
// RUN: slice-opt %s --slice-to-nvvm="format=isa block-size=128" | %python %S/extract_ptx.py | FileCheck %s --check-prefix=B128

// The product reads the slice where it lies (nothing copies it first): 4
// elements per thread, read backwards as one 16-byte load, then 1.
// CHECK-LABEL: // kernel @square_kernel{{$}}
// CHECK: .maxntid 256, 1, 1
// CHECK-DAG: mov.u32 [[BLOCK:%r[0-9]+]], %ctaid.x;
// CHECK-DAG: mov.u32 [[THREAD:%r[0-9]+]], %tid.x;
// CHECK-DAG: mul.wide.u32 [[BASE:%rd[0-9]+]], [[BLOCK]], 256;
// CHECK: setp.ge.u64 [[OUT:%p[0-9]+]],
// CHECK: @[[OUT]] bra
// CHECK: ld.global.v4.b32 {[[X0:%r[0-9]+]], [[X1:%r[0-9]+]], [[X2:%r[0-9]+]], [[X3:%r[0-9]+]]}
// CHECK: ld.global.b32
// CHECK-COUNT-4: mul.rn.f32
// CHECK: st.global.v4.b32
// CHECK: st.global.b32
// CHECK-LABEL: // kernel @square_kernel_0
// CHECK: .maxntid 256, 1, 1
// CHECK: setp.ge.u64 [[OUT1:%p[0-9]+]],
// CHECK: @[[OUT1]] bra
// CHECK: ld.global.b32
// CHECK-NEXT: mul.rn.f32
// CHECK: st.global.b32
// CHECK-NOT: // gpu.binary
// B128-LABEL: // kernel @square_kernel{{$}}
// B128: .maxntid 128, 1, 1
// B128: mul.wide.u32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 128;
// B128-LABEL: // kernel @square_kernel_0
// B128: .maxntid 128, 1, 1
func.func @square(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = slice.strided %a[1::2, ::-1] : tensor<?x?xf32> to tensor<?x?xf32>
  %m = arith.mulf %r, %r : tensor<?x?xf32>
  return %m : tensor<?x?xf32>
}
