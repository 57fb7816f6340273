// --slice-check-lowered="gpu=true" (the step of --slice-to-nvvm before the
// kernels are serialized): the host keeps LLVM ops and GPU launches, the
// kernels LLVM and NVVM ops; anything else fails the pipeline.
// RUN: slice-opt %s -split-input-file -verify-diagnostics --slice-check-lowered="pipeline=slice-to-nvvm gpu=true"

// Host and kernel as --slice-to-nvvm leaves them: nothing to report.
module attributes {gpu.container_module} {
  llvm.func @host() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
  gpu.module @kernels {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      %t = nvvm.read.ptx.sreg.tid.x : i32
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @k(%p: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %y = llvm.load %p : !llvm.ptr -> f32
      // expected-error @below {{'math.erf' op is left after --slice-to-nvvm in a kernel: no step of the pipeline lowers it to the NVVM and LLVM dialects}}
      %x = math.erf %y : f32
      llvm.return
    }
  }
  // expected-error @below {{'func.func' op is left after --slice-to-nvvm: no step of the pipeline lowers it to the LLVM dialect and GPU launches}}
  func.func @host() {
    // expected-error @below {{'func.return' op is left after --slice-to-nvvm}}
    return
  }
}

