// REQUIRES: ptxas
// The kernels' PTX assembles for sm_80 and sm_90 (ptxas of the CUDA
// toolkit), and the pipeline's own serialization to cubins and fatbins
// works with the toolkit.
// RUN: slice-opt %s --slice-to-nvvm="slices=copy format=isa chip=sm_80" | %python %S/extract_ptx.py --ptxas %ptxas --arch sm_80 | FileCheck %s --check-prefix=SM80
// RUN: slice-opt %s --slice-to-nvvm="slices=copy format=isa chip=sm_90" | %python %S/extract_ptx.py --ptxas %ptxas --arch sm_90 | FileCheck %s --check-prefix=SM90
// RUN: slice-opt %s --slice-to-nvvm="slices=copy format=bin cuda-path=%cuda_path" | FileCheck %s --check-prefix=BIN
// RUN: slice-opt %s --slice-to-nvvm="slices=copy format=fatbin chip=sm_80 cuda-path=%cuda_path" | FileCheck %s --check-prefix=FATBIN

// SM80: .target sm_80
// SM80-NOT: ptxas FAILED
// SM80: ptxas ok @slice_kernels sm_80
// SM80-NOT: ptxas FAILED
// SM90: .target sm_90
// SM90-NOT: ptxas FAILED
// SM90: ptxas ok @slice_kernels sm_90
// SM90-NOT: ptxas FAILED

// A cubin is an ELF file; a fatbin starts with its own magic (0xBA55ED50).
// BIN: gpu.binary @slice_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, {{.*}}bin = "\7FELF
// FATBIN: gpu.binary @slice_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">, {{.*}}"P\EDU\BA

func.func @rows(%x: tensor<64x128xf32>) -> tensor<16x128xf32> {
  %r = slice.strided %x[8:24, :] : tensor<64x128xf32> to tensor<16x128xf32>
  return %r : tensor<16x128xf32>
}

func.func @reversed(%x: tensor<64x128xf16>) -> tensor<64x128xf16> {
  %r = slice.strided %x[:, ::-1] : tensor<64x128xf16> to tensor<64x128xf16>
  return %r : tensor<64x128xf16>
}

func.func @booleans(%x: tensor<?x?xi1>, %b: index) -> tensor<?x?xi1> {
  %r = slice.strided %x[%b::3, ::-1] : tensor<?x?xi1> to tensor<?x?xi1>
  return %r : tensor<?x?xi1>
}

func.func @gather(%x: tensor<8x4x64xf64>) -> tensor<8x2x21xf64> {
  %r = slice.strided %x[:, ::2, 1::3] : tensor<8x4x64xf64> to tensor<8x2x21xf64>
  return %r : tensor<8x2x21xf64>
}
