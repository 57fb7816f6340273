//===- Passes.td - slice pipelines -------------------------*- tablegen -*-===//
//
// The end-to-end pipelines, declared as passes so that their options live in
// TableGen: each runs the pass pipeline its build function assembles.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_PIPELINES_PASSES_TD
#define SLICE_PIPELINES_PASSES_TD

include "mlir/Pass/PassBase.td"

def SliceToLLVM : Pass<"slice-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower a module of func.func on tensors with slice ops to "
                "the LLVM dialect";
  let description = [{
    The CPU pipeline. Input: a module of `func.func` on tensors holding
    slice ops and the usual upstream ops (arith, tensor including
    `tensor.generate`, linalg, scf, bufferization, func, memref). Output:
    LLVM dialect that `mlir-runner -e main -entry-point-result=void
    -shared-libs=<runner utils>` executes, or that `mlir-translate
    --mlir-to-llvmir` turns into an object.

    1. canonicalize (folds, `slice.strided_axes` into `slice.strided`,
       slice of slice) and inline (calls marked `no_inline` stay calls);
    2. slices become views (`--convert-slice-to-tensor`, the default; with
       `via-bufferization`, one-shot-bufferize builds the same views through
       slice.strided's BufferizableOpInterface model) or dense copies
       (`--convert-slice-to-linalg`, `slices=copy`), with the run-time
       checks of the normal form as `cf.assert`;
    3. elementwise arith on tensors becomes linalg; one-shot-bufferize with
       function boundaries (views stay `memref.subview`s); buffers are
       deallocated by the ownership-based deallocation pipeline;
    4. linalg to loops, strided metadata expanded, affine, scf, cf, arith,
       math, index, memref and func to LLVM.

    Calls to `func.func private @printMemrefF32(tensor<*xf32>)` (and the
    I32 / I64 / F64 variants; F16 and I8 with `llvm.emit_c_interface`) reach
    the runner-utils library as in upstream's integration tests.
  }];
  let options = [
    Option<"slices", "slices", "::mlir::slice::SliceLowering",
           "::mlir::slice::SliceLowering::View",
           "How slices hold their elements",
           [{::llvm::cl::values(
             clEnumValN(::mlir::slice::SliceLowering::View, "view",
                        "zero-copy views of the source (memref.subview)"),
             clEnumValN(::mlir::slice::SliceLowering::Copy, "copy",
                        "fresh dense buffers (linalg.copy)"))}]>,
    Option<"viaBufferization", "via-bufferization", "bool",
           /*default=*/"false",
           "With slices=view: let one-shot-bufferize turn slice.strided "
           "into views (its BufferizableOpInterface model) instead of "
           "converting it to tensor.extract_slice first">,
    Option<"deallocate", "deallocate", "bool", /*default=*/"true",
           "Free the buffers bufferization allocates "
           "(buffer-deallocation-pipeline)">
  ];
}

#endif // SLICE_PIPELINES_PASSES_TD
