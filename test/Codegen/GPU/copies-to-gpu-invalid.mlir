// RUN: not slice-opt %s --slice-copies-to-gpu=block-size=0 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not slice-opt %s --slice-copies-to-gpu=vector-bytes=32 2>&1 | FileCheck %s --check-prefix=VECTOR
// RUN: not slice-opt %s '--slice-to-nvvm=format=ptx' 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not slice-opt %s '--slice-to-nvvm=chip=sm_90 features=+ptx60' 2>&1 | FileCheck %s --check-prefix=OLDPTX
// RUN: not slice-opt %s '--slice-to-nvvm=chip=sm_100' 2>&1 | FileCheck %s --check-prefix=SM100
// RUN: not slice-opt %s '--slice-to-nvvm=chip=banana' 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not slice-opt %s '--slice-to-nvvm=features=+ptxab' 2>&1 | FileCheck %s --check-prefix=FEATURE

// BLOCK: error: slice-copies-to-gpu: block-size must be 1 to 1024 and vector-bytes 4, 8 or 16, got block-size=0 vector-bytes=16
// VECTOR: error: slice-copies-to-gpu: block-size must be 1 to 1024 and vector-bytes 4, 8 or 16, got block-size=256 vector-bytes=32
// FORMAT: error: slice-to-nvvm: format must be isa, bin or fatbin, got 'ptx'
// LLVM's NVPTX back end would abort the process on these; they are
// diagnostics before it runs.
// OLDPTX: error: slice-to-nvvm: features '+ptx60' ask for PTX 6.0, but sm_90 needs PTX 7.8 or later (+ptx78)
// SM100: error: slice-to-nvvm: features '+ptx80' ask for PTX 8.0, but sm_100 needs PTX 8.6 or later (+ptx86)
// CHIP: error: slice-to-nvvm: unknown chip 'banana'; expected one of sm_50,
// FEATURE: error: slice-to-nvvm: malformed PTX feature '+ptxab' (expected +ptxNN, e.g. +ptx80)
// Each is the only output: no dump of the module, no crash.
// OLDPTX-NOT: LLVM ERROR
// OLDPTX-NOT: note
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  return
}
