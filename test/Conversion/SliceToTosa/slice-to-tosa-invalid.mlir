// RUN: slice-opt %s -split-input-file -verify-diagnostics --convert-slice-to-tosa

func.func @dynamic_shape(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{cannot be expressed in TOSA: the source type tensor<?x8xf32> is not static}}
  %r = slice.strided %x[1:, :] : tensor<?x8xf32> to tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

func.func @dynamic_entry(%x: tensor<6x8xf32>, %b: index) -> tensor<?x8xf32> {
  // expected-error @+1 {{cannot be expressed in TOSA: begin, end or strides are run-time values}}
  %r = slice.strided %x[%b:, :] : tensor<6x8xf32> to tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

func.func @empty(%x: tensor<6x8xf32>) -> tensor<0x8xf32> {
  // expected-error @+1 {{cannot be expressed in TOSA: the result is empty, and TOSA tensors have no 0-size dimensions}}
  %r = slice.strided %x[4:2, :] : tensor<6x8xf32> to tensor<0x8xf32>
  return %r : tensor<0x8xf32>
}

// -----

func.func @f64(%x: tensor<6x8xf64>) -> tensor<3x8xf64> {
  // expected-error @+1 {{cannot be expressed in TOSA: TOSA has no tensors of f64}}
  %r = slice.strided %x[::2, :] : tensor<6x8xf64> to tensor<3x8xf64>
  return %r : tensor<3x8xf64>
}

// -----

func.func @rank7(%x: tensor<2x2x2x2x2x2xf32>) -> tensor<1x2x2x2x2x2x2xf32> {
  // expected-error @+1 {{cannot be expressed in TOSA: TOSA tensors have rank 6 at most; this slice goes from rank 6 to rank 7}}
  %r = slice.strided %x[newaxis] : tensor<2x2x2x2x2x2xf32> to tensor<1x2x2x2x2x2x2xf32>
  return %r : tensor<1x2x2x2x2x2x2xf32>
}
