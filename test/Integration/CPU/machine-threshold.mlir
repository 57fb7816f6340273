// The default non-temporal threshold is the machine's, read at run time
// (a quarter of the last-level cache, --slice-lower-copies; the function
// that reads the cache size is emitted into the module): copies of 2 MiB
// into the caller's buffer, of unknown size (so the lookup sits behind the
// 1 MiB check) and of static size, one by rows (reversed) and one that
// turns out to be a single contiguous run (memcpy whatever the threshold).
// Each case prints corner elements of the result, NumPy's values for
// x = arange(1024 * 512).reshape(1024, 512).
//
// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s
// RUN: slice-opt %s "--slice-to-llvm=nontemporal-bytes=0" | %mlir_run | FileCheck %s
// RUN: slice-opt %s "--slice-to-llvm=nontemporal-bytes=-1" | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm | FileCheck %s --check-prefix=IR

// IR-LABEL: llvm.func linkonce_odr hidden @__slice_last_level_cache_bytes() -> i64
//       IR:   llvm.call @open
// The calls stay calls (no_inline), so that the copies in the callees keep
// their unknown sizes.
// IR-LABEL: llvm.func @main
//       IR:   llvm.call @reversed_into({{.*}}) {no_inline}
//       IR:   llvm.call @rows_into({{.*}}) {no_inline}
// IR-LABEL: llvm.func internal @__slice_copy(
//       IR:   llvm.mlir.constant(1048576 : index)
//       IR:   llvm.call @__slice_last_level_cache_bytes() : () -> i64

func.func private @printMemrefF32(tensor<*xf32>)

// x[::-1, :] into `out`: a run per row.
func.func @reversed_into(%x: tensor<?x?xf32>, %out: tensor<?x?xf32> {bufferization.writable = true}) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %s = slice.strided %x[::-1, :] : tensor<?x?xf32> to tensor<?x?xf32>
  %r = linalg.copy ins(%s : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// x[256:768, :] into `out`: one contiguous run.
func.func @rows_into(%x: tensor<?x?xf32>, %out: tensor<?x?xf32> {bufferization.writable = true}) -> tensor<?x?xf32> attributes {llvm.emit_c_interface} {
  %s = slice.strided %x[256:768, :] : tensor<?x?xf32> to tensor<?x?xf32>
  %r = linalg.copy ins(%s : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @print_corners(%r: tensor<?x?xf32>) {
  %first = slice.strided %r[:1, :3] : tensor<?x?xf32> to tensor<?x?xf32>
  %last = slice.strided %r[-1:, -3:] : tensor<?x?xf32> to tensor<?x?xf32>
  %f = tensor.cast %first : tensor<?x?xf32> to tensor<*xf32>
  %l = tensor.cast %last : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%f) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%l) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c512 = arith.constant 512 : index
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %flat = arith.muli %i, %c512 : index
    %k = arith.addi %flat, %j : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    tensor.yield %kf : f32
  } : tensor<1024x512xf32>
  %xd = tensor.cast %x : tensor<1024x512xf32> to tensor<?x?xf32>

  // CHECK: [523776,   523777,   523778]
  // CHECK: [509,   510,   511]
  %out1 = tensor.empty() : tensor<1024x512xf32>
  %o1 = tensor.cast %out1 : tensor<1024x512xf32> to tensor<?x?xf32>
  %r1 = call @reversed_into(%xd, %o1) {no_inline} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  call @print_corners(%r1) : (tensor<?x?xf32>) -> ()

  // CHECK: [131072,   131073,   131074]
  // CHECK: [393213,   393214,   393215]
  %out2 = tensor.empty() : tensor<512x512xf32>
  %o2 = tensor.cast %out2 : tensor<512x512xf32> to tensor<?x?xf32>
  %r2 = call @rows_into(%xd, %o2) {no_inline} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  call @print_corners(%r2) : (tensor<?x?xf32>) -> ()

  // The static copy: sizes known, the lookup unconditional.
  // CHECK: [523776,   523777,   523778]
  // CHECK: [509,   510,   511]
  %s3 = slice.strided %x[::-1, :] : tensor<1024x512xf32> to tensor<1024x512xf32>
  %out3 = tensor.empty() : tensor<1024x512xf32>
  %r3 = linalg.copy ins(%s3 : tensor<1024x512xf32>) outs(%out3 : tensor<1024x512xf32>) -> tensor<1024x512xf32>
  %r3d = tensor.cast %r3 : tensor<1024x512xf32> to tensor<?x?xf32>
  call @print_corners(%r3d) : (tensor<?x?xf32>) -> ()
  return
}
