// --slice-gpu-one-stream after upstream's --gpu-async-region: one stream
// per call of a host function, made at its entry and waited for once,
// right before each return; left alone where the host could observe device
// work in flight.
// RUN: slice-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(gpu-async-region,slice-gpu-one-stream))' | FileCheck %s

// A launch per step of a loop, then one more: one stream, no wait in the
// loop, one before the return (gpu-async-region alone waits in every
// step).
// CHECK-LABEL: func.func @loop
//       CHECK:   %[[S:.*]] = gpu.wait async
//   CHECK-NOT:   gpu.wait
//       CHECK:   scf.for
//  CHECK-NEXT:     gpu.launch_func async [%[[S]]] @kernels::@fill
//   CHECK-NOT:     gpu.wait
//       CHECK:   }
//       CHECK:   %[[A:.*]] = gpu.launch_func async [%[[S]]] @kernels::@fill
//  CHECK-NEXT:   gpu.wait [%[[S]]]
//  CHECK-NEXT:   return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fill(%m: memref<64xf32>) kernel {
      gpu.return
    }
  }
  func.func @loop(%m: memref<64xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      gpu.launch_func @kernels::@fill blocks in (%c1, %c1, %c1)
          threads in (%c1, %c1, %c1) args(%m : memref<64xf32>)
    }
    gpu.launch_func @kernels::@fill blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1) args(%m : memref<64xf32>)
    return
  }
}

// -----

// An allocation, a launch in each branch of an if, and the returned
// buffer: all on the entry's stream; one wait before each return.
// CHECK-LABEL: func.func @branches
//       CHECK:   %[[S:.*]] = gpu.wait async
//       CHECK:   gpu.alloc async [%[[S]]]
//       CHECK:   scf.if
//       CHECK:     gpu.launch_func async [%[[S]]]
//       CHECK:   } else {
//       CHECK:     gpu.launch_func async [%[[S]]]
//       CHECK:   }
//  CHECK-NEXT:   gpu.wait [%[[S]]]
//  CHECK-NEXT:   return
//   CHECK-NOT:   gpu.wait
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fill(%m: memref<64xf32>) kernel {
      gpu.return
    }
  }
  func.func @branches(%flag: i1) -> memref<64xf32> {
    %c1 = arith.constant 1 : index
    %m = gpu.alloc () : memref<64xf32>
    scf.if %flag {
      gpu.launch_func @kernels::@fill blocks in (%c1, %c1, %c1)
          threads in (%c1, %c1, %c1) args(%m : memref<64xf32>)
    } else {
      gpu.launch_func @kernels::@fill blocks in (%c1, %c1, %c1)
          threads in (%c1, %c1, %c1) args(%m : memref<64xf32>)
    }
    return %m : memref<64xf32>
  }
}

// -----

// A call: its GPU work would run on a stream of its own, unordered with
// this one's. Left as gpu-async-region leaves it: a wait after the launch.
// CHECK-LABEL: func.func @calls
//       CHECK:   %[[S:.*]] = gpu.wait async
//  CHECK-NEXT:   %[[L:.*]] = gpu.launch_func async [%[[S]]]
//  CHECK-NEXT:   gpu.wait [%[[L]]]
//  CHECK-NEXT:   call @other
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fill(%m: memref<64xf32>) kernel {
      gpu.return
    }
  }
  func.func private @other(memref<64xf32>)
  func.func @calls(%m: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@fill blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1) args(%m : memref<64xf32>)
    call @other(%m) : (memref<64xf32>) -> ()
    return
  }
}

// -----

// The host reads memory: left alone.
// CHECK-LABEL: func.func @host_reads
//       CHECK:   gpu.launch_func async
//  CHECK-NEXT:   gpu.wait [
//  CHECK-NEXT:   memref.load
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fill(%m: memref<64xf32>) kernel {
      gpu.return
    }
  }
  func.func @host_reads(%m: memref<64xf32>) -> f32 {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@fill blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1) args(%m : memref<64xf32>)
    %v = memref.load %m[%c1] : memref<64xf32>
    return %v : f32
  }
}

// -----

// No GPU work: no stream.
// CHECK-LABEL: func.func @host_only
//   CHECK-NOT:   gpu.wait
//       CHECK:   return
func.func @host_only(%x: index) -> index {
  %y = arith.addi %x, %x : index
  return %y : index
}
