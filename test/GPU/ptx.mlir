// The PTX of the copy kernels: widths of the global loads and stores.
// RUN: slice-opt %s --slice-to-nvvm="slices=copy format=isa" | %python %S/extract_ptx.py | FileCheck %s
//
// Arguments are dense (identity layout), so each copy keeps only the
// kernels its static layout allows; the host picks between the ones left
// by the source pointer's alignment, known only at run time.

// Contiguous rows: one aligned 16-byte load and store per thread.
// CHECK-LABEL: // kernel @rows_kernel
// CHECK: .entry rows_kernel(
// CHECK-NOT: div.
// CHECK: ld.global.v4.b32 {[[A:%r[0-9]+]], [[B:%r[0-9]+]], [[C:%r[0-9]+]], [[D:%r[0-9]+]]}, [%rd{{[0-9]+}}+4096];
// CHECK: st.global.v4.b32 [%rd{{[0-9]+}}], {[[A]], [[B]], [[C]], [[D]]};
// An unaligned source pointer: scalar loads packed into the same store.
// CHECK-LABEL: // kernel @rows_kernel_0
// CHECK-COUNT-4: ld.global.b32
// CHECK: st.global.v4.b32
// CHECK-NOT: // kernel @rows_kernel_
func.func @rows(%x: tensor<64x128xf32>) -> tensor<16x128xf32> {
  %r = slice.strided %x[8:24, :] : tensor<64x128xf32> to tensor<16x128xf32>
  return %r : tensor<16x128xf32>
}

// A reversed inner dim: the aligned vector below the run's start, stored
// reversed.
// CHECK-LABEL: // kernel @reversed_kernel
// CHECK: ld.global.v4.b32 {[[A:%r[0-9]+]], [[B:%r[0-9]+]], [[C:%r[0-9]+]], [[D:%r[0-9]+]]}, [%rd{{[0-9]+}}+-12];
// CHECK: st.global.v4.b32 [%rd{{[0-9]+}}], {[[D]], [[C]], [[B]], [[A]]};
// CHECK-LABEL: // kernel @reversed_kernel_1
// CHECK: ld.global.b32 {{%r[0-9]+}}, [[[P:%rd[0-9]+]]];
// CHECK: ld.global.b32 {{%r[0-9]+}}, [[[P]]+-4];
// CHECK: ld.global.b32 {{%r[0-9]+}}, [[[P]]+-8];
// CHECK: ld.global.b32 {{%r[0-9]+}}, [[[P]]+-12];
// CHECK: st.global.v4.b32
func.func @reversed(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %r = slice.strided %x[:, ::-1] : tensor<64x128xf32> to tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

// Stride 2: four scalar loads 8 bytes apart, one vector store; the only
// kernel, since no vector load can serve a gather. Row and column come
// from masks (no division survives).
// CHECK-LABEL: // kernel @strided_kernel
// CHECK-NOT: div.
// CHECK: ld.global.b32 {{%r[0-9]+}}, [[[P:%rd[0-9]+]]+4];
// CHECK: ld.global.b32 {{%r[0-9]+}}, [[[P]]+12];
// CHECK: ld.global.b32 {{%r[0-9]+}}, [[[P]]+20];
// CHECK: ld.global.b32 {{%r[0-9]+}}, [[[P]]+28];
// CHECK: st.global.v4.b32
// CHECK-NOT: // kernel @strided_kernel_
func.func @strided(%x: tensor<64x128xf32>) -> tensor<32x64xf32> {
  %r = slice.strided %x[::2, 1::2] : tensor<64x128xf32> to tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// Bytes: sixteen per thread, still one 16-byte access each way.
// CHECK-LABEL: // kernel @reversed_i8_kernel
// CHECK: ld.global.v4.b32 {{.*}}+-15];
// CHECK: st.global.v4.b32
func.func @reversed_i8(%x: tensor<64x128xi8>) -> tensor<64x128xi8> {
  %r = slice.strided %x[:, ::-1] : tensor<64x128xi8> to tensor<64x128xi8>
  return %r : tensor<64x128xi8>
}

// f64: two per thread.
// CHECK-LABEL: // kernel @rows_f64_kernel
// CHECK: ld.global.v2.b64 {[[A:%rd[0-9]+]], [[B:%rd[0-9]+]]}, [%rd{{[0-9]+}}+8192];
// CHECK: st.global.v2.b64 [%rd{{[0-9]+}}], {[[A]], [[B]]};
func.func @rows_f64(%x: tensor<64x128xf64>) -> tensor<16x128xf64> {
  %r = slice.strided %x[8:24, :] : tensor<64x128xf64> to tensor<16x128xf64>
  return %r : tensor<16x128xf64>
}

// Runs of 3 floats hold no whole vector: one element per thread.
// CHECK-LABEL: // kernel @short_runs_kernel
// CHECK: ld.global.b32 {{%r[0-9]+}}, [%rd{{[0-9]+}}+4];
// CHECK: st.global.b32
// CHECK-NOT: // kernel @short_runs_kernel_
func.func @short_runs(%x: tensor<64x128xf32>) -> tensor<64x3xf32> {
  %r = slice.strided %x[:, 1:4] : tensor<64x128xf32> to tensor<64x3xf32>
  return %r : tensor<64x3xf32>
}

// i1 takes a byte per element in memory but packs in vectors: scalar only.
// CHECK-LABEL: // kernel @booleans_kernel
// CHECK: ld.global.b8
// CHECK: st.global.b8
// CHECK-NOT: v4
// CHECK-NOT: // kernel @booleans_kernel_
func.func @booleans(%x: tensor<64x128xi1>) -> tensor<64x64xi1> {
  %r = slice.strided %x[:, ::2] : tensor<64x128xi1> to tensor<64x64xi1>
  return %r : tensor<64x64xi1>
}

// A dynamic shape: the row length is a kernel argument, divided by at run
// time; vectors when the host finds every run aligned.
// CHECK-LABEL: // kernel @dynamic_kernel
// CHECK: ld.global.v4.b32
// CHECK: st.global.v4.b32
func.func @dynamic(%x: tensor<?x?xf32>, %b: index) -> tensor<?x?xf32> {
  %r = slice.strided %x[%b:, :] : tensor<?x?xf32> to tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
