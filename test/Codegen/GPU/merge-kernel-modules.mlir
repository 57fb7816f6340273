// RUN: slice-opt %s --slice-merge-kernel-modules -split-input-file | FileCheck %s
// RUN: slice-opt %s --slice-merge-kernel-modules=per-function=true -split-input-file | FileCheck %s --check-prefix=PER

// Outlining's modules, one kernel each, the second kernel with the first's
// name: one module, each kernel named after its module, launches updated.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @slice_kernels {
// CHECK-NEXT: gpu.func @f_kernel(%{{.*}}: memref<4xf32>) kernel
// CHECK: gpu.func @f_kernel_0() kernel
// CHECK-NOT: gpu.module
// CHECK-LABEL: func.func @f(
// CHECK: gpu.launch_func @slice_kernels::@f_kernel blocks
// CHECK: gpu.launch_func @slice_kernels::@f_kernel_0 blocks
module attributes {gpu.container_module} {
  gpu.module @f_kernel {
    gpu.func @f_kernel(%m: memref<4xf32>) kernel { gpu.return }
  }
  gpu.module @f_kernel_0 {
    gpu.func @f_kernel() kernel { gpu.return }
  }
  func.func @f(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @f_kernel::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @f_kernel_0::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// A module of several symbols: each takes `<module>_<name>`, with its uses
// in the module; one kernel alone is moved too, so that a program's kernels
// are always in @slice_kernels.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @slice_kernels {
// CHECK-NEXT: func.func @g_kernel_helper(
// CHECK: gpu.func @g_kernel_g_kernel() kernel
// CHECK: func.call @g_kernel_helper(
// CHECK-LABEL: func.func @g(
// CHECK: gpu.launch_func @slice_kernels::@g_kernel_g_kernel blocks
module attributes {gpu.container_module} {
  gpu.module @g_kernel {
    func.func @helper(%x: f32) -> f32 { return %x : f32 }
    gpu.func @g_kernel() kernel {
      %c = arith.constant 1.0 : f32
      %r = func.call @helper(%c) : (f32) -> f32
      gpu.return
    }
  }
  func.func @g() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @g_kernel::@g_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// The name is taken: the merged module gets another.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: func.func private @slice_kernels()
// CHECK: gpu.module @[[MERGED:slice_kernels_[0-9]+]] {
// CHECK: gpu.launch_func @[[MERGED]]::@h_kernel blocks
module attributes {gpu.container_module} {
  func.func private @slice_kernels()
  gpu.module @h_kernel {
    gpu.func @h_kernel() kernel { gpu.return }
  }
  func.func @h() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @h_kernel::@h_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// Modules with other attributes (targets attached differently) stay apart.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @a_kernel [#nvvm.target<chip = "sm_80">]
// CHECK: gpu.module @b_kernel [#nvvm.target<chip = "sm_90">]
// CHECK-NOT: slice_kernels
module attributes {gpu.container_module} {
  gpu.module @a_kernel [#nvvm.target<chip = "sm_80">] {
    gpu.func @a_kernel() kernel { gpu.return }
  }
  gpu.module @b_kernel [#nvvm.target<chip = "sm_90">] {
    gpu.func @b_kernel() kernel { gpu.return }
  }
  func.func @k() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @a_kernel::@a_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @b_kernel::@b_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// No kernels: nothing to do.
// CHECK-LABEL: func.func @none(
// CHECK-NOT: gpu.module
func.func @none() {
  return
}

// -----

// Kernels alike in all but their names (the copies of a chain of updates,
// the kernels of functions of one shape): kept once, the first, whichever
// function launches them, every launch naming it; kernels that differ
// stay apart.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @slice_kernels {
// CHECK-NEXT: gpu.func @h_kernel(%{{.*}}: memref<4xf32>) kernel
// CHECK-NEXT: arith.constant 1.000000e+00
// CHECK: gpu.func @h_kernel_1(%{{.*}}: memref<4xf32>) kernel
// CHECK-NEXT: arith.constant 2.000000e+00
// CHECK-NOT: gpu.func
// CHECK-LABEL: func.func @h(
// CHECK: gpu.launch_func @slice_kernels::@h_kernel blocks
// CHECK: gpu.launch_func @slice_kernels::@h_kernel blocks
// CHECK: gpu.launch_func @slice_kernels::@h_kernel_1 blocks
// CHECK-LABEL: func.func @k(
// CHECK: gpu.launch_func @slice_kernels::@h_kernel blocks
// With per-function, @k's kernel stays its own (a profile tells the two
// functions apart); @h's alike kernels still merge.
// PER: gpu.func @h_kernel_1(
// PER-NEXT: arith.constant 2.000000e+00
// PER: gpu.func @k_kernel(
// PER-NOT: gpu.func
// PER: gpu.launch_func @slice_kernels::@h_kernel_1 blocks
// PER: func.func @k(
// PER: gpu.launch_func @slice_kernels::@k_kernel blocks
module attributes {gpu.container_module} {
  gpu.module @h_kernel {
    gpu.func @h_kernel(%m: memref<4xf32>) kernel {
      %c = arith.constant 1.0 : f32
      %i = arith.constant 0 : index
      memref.store %c, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @h_kernel_0 {
    gpu.func @h_kernel(%m: memref<4xf32>) kernel {
      %c = arith.constant 1.0 : f32
      %i = arith.constant 0 : index
      memref.store %c, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @h_kernel_1 {
    gpu.func @h_kernel(%m: memref<4xf32>) kernel {
      %c = arith.constant 2.0 : f32
      %i = arith.constant 0 : index
      memref.store %c, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @k_kernel {
    gpu.func @k_kernel(%m: memref<4xf32>) kernel {
      %c = arith.constant 1.0 : f32
      %i = arith.constant 0 : index
      memref.store %c, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func @h(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @h_kernel::@h_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @h_kernel_0::@h_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @h_kernel_1::@h_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
  func.func @k(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k_kernel::@k_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
}
