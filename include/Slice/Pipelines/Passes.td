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
    4. copies out of views (`linalg.copy` from `slices=copy`, the
       `memref.copy` of a clone or of bufferization) become vectorized run
       loops (`--slice-lower-copies`), never the runtime's element-wise
       `memrefCopy`;
    5. linalg to loops, strided metadata expanded, affine, scf, cf, vector,
       arith, math, index, memref and func to LLVM.

    With `parallel-bytes=N` (N >= 0), copies of at least N bytes run on
    OpenMP threads (`scf.parallel`, `--convert-scf-to-openmp`), and the
    program must be linked with (or run by `mlir-runner` with) LLVM's
    `libomp`. By default everything runs on the calling thread.

    A function must return buffers it owns under the deallocation
    pipeline, so a view returned from a function is cloned (a fast copy);
    with `deallocate=false` it stays a view.

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
           "(buffer-deallocation-pipeline)">,
    Option<"nontemporalBytes", "nontemporal-bytes", "int64_t",
           /*default=*/"33554432",
           "Copies of at least this many bytes store non-temporally "
           "(--slice-lower-copies; negative: never)">,
    Option<"parallelBytes", "parallel-bytes", "int64_t", /*default=*/"-1",
           "Copies of at least this many bytes run on OpenMP threads "
           "(--slice-lower-copies, --convert-scf-to-openmp; the program then "
           "needs libomp); negative: one thread, no OpenMP">
  ];
}

def SliceFinalizeToLLVM : Pass<"slice-finalize-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Convert arith, cf, func, index, math, memref, ub, vector "
                "and the types in omp ops to LLVM in one conversion";
  let description = [{
    The last step of `--slice-to-llvm`: one dialect conversion with the
    upstream patterns of every dialect left after the loops are lowered,
    instead of one pass (and one walk over the module) per dialect.

    Function calls and memref allocations look their callees up in one
    symbol table collection: upstream's separate passes (and
    `--convert-to-llvm`) search the module for each call, O(calls x
    functions), which made a module of 30k slice ops take 13 s in the
    conversion alone.

    `cf.assert` must be gone (`--slice-assert-to-stderr`); vector ops must
    be 1-D (the ones `--slice-lower-copies` emits).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // SLICE_PIPELINES_PASSES_TD
