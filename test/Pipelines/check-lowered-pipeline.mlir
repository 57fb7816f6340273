// --slice-to-llvm never exits 0 with an op that is not LLVM's: an op that
// no step lowers (here one of a dialect the pipeline does not know) fails
// the pipeline with an error naming the op at its location.
// RUN: slice-opt %s -verify-diagnostics --allow-unregistered-dialect --slice-to-llvm=deallocate=false

func.func @f(%x: tensor<4xf32>) -> tensor<2xf32> {
  %s = slice.strided %x[::2] : tensor<4xf32> to tensor<2xf32>
  // expected-error @below {{'foreign.effect' op is left after --slice-to-llvm: no step of the pipeline lowers it to the LLVM dialect}}
  "foreign.effect"() : () -> ()
  return %s : tensor<2xf32>
}
