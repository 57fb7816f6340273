// RUN: slice-opt %s --slice-merge-kernel-modules --allow-unregistered-dialect -verify-diagnostics

// A module that something other than a launch names cannot go away.
module attributes {gpu.container_module} {
  // expected-error @below {{still referenced after its kernels moved to @slice_kernels}}
  gpu.module @a_kernel {
    gpu.func @a_kernel() kernel { gpu.return }
  }
  func.func @f() {
    "some.op"() {module = @a_kernel} : () -> ()
    return
  }
}
