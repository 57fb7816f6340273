// RUN: slice-opt %s -split-input-file --convert-tosa-to-slice -verify-diagnostics

// TOSA's verifier accepts a window that leaves the input (upstream's TOSA
// lowerings then build an invalid tensor.extract_slice); raising it would
// clamp it silently. It is an error, naming the dimension and the window.
func.func @past_the_end(%x: tensor<4xf32>) -> tensor<5xf32> {
  %s = tosa.const_shape {values = dense<[2]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %n = tosa.const_shape {values = dense<[5]> : tensor<1xindex>} : () -> !tosa.shape<1>
  // expected-error @+1 {{'tosa.slice' op selects outside its input: the window [2, 7) of dimension 0 leaves the input's 4 elements}}
  %r = tosa.slice %x, %s, %n : (tensor<4xf32>, !tosa.shape<1>, !tosa.shape<1>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

func.func @start_past_the_end(%x: tensor<4x3xf32>) -> tensor<4x?xf32> {
  %s = tosa.const_shape {values = dense<[0, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %n = tosa.const_shape {values = dense<[4, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-error @+1 {{'tosa.slice' op selects outside its input: dimension 1 starts at 3, past the input's 3 elements}}
  %r = tosa.slice %x, %s, %n : (tensor<4x3xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}

// -----

func.func @negative_start(%x: tensor<?xf32>) -> tensor<2xf32> {
  %s = tosa.const_shape {values = dense<[-1]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %n = tosa.const_shape {values = dense<[2]> : tensor<1xindex>} : () -> !tosa.shape<1>
  // expected-error @+1 {{'tosa.slice' op selects outside its input: dimension 0 starts at -1, before the input}}
  %r = tosa.slice %x, %s, %n : (tensor<?xf32>, !tosa.shape<1>, !tosa.shape<1>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @negative_size(%x: tensor<?xf32>) -> tensor<?xf32> {
  %s = tosa.const_shape {values = dense<[0]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %n = tosa.const_shape {values = dense<[-2]> : tensor<1xindex>} : () -> !tosa.shape<1>
  // expected-error @+1 {{'tosa.slice' op selects outside its input: dimension 0 has size -2; a size is positive or -1 (to the end)}}
  %r = tosa.slice %x, %s, %n : (tensor<?xf32>, !tosa.shape<1>, !tosa.shape<1>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
