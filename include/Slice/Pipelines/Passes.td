//===- Passes.td - slice pipelines -------------------------*- tablegen -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The end-to-end pipelines, declared as passes so that their options live in
// TableGen: each runs the pass pipeline its build function assembles.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_PIPELINES_PASSES_TD
#define SLICE_PIPELINES_PASSES_TD

include "mlir/Pass/PassBase.td"

// The options of the front end that every pipeline shares.
defvar sliceFrontEndOptions = [
    Option<"slices", "slices", "::mlir::slice::SliceLowering",
           "::mlir::slice::SliceLowering::View",
           "How slices hold their elements",
           [{::llvm::cl::values(
             clEnumValN(::mlir::slice::SliceLowering::View, "view",
                        "zero-copy views of the source (memref.subview)"),
             clEnumValN(::mlir::slice::SliceLowering::Copy, "copy",
                        "fresh dense buffers (a copy)"))}]>,
    Option<"viaBufferization", "via-bufferization", "bool",
           /*default=*/"false",
           "With slices=view: let one-shot-bufferize turn slice.strided "
           "into views (its BufferizableOpInterface model) instead of "
           "converting it to tensor.extract_slice first">,
    Option<"writableArguments", "writable-arguments", "bool",
           /*default=*/"false",
           "Let public functions write into the buffers of their tensor "
           "arguments (callers that donate them); by default arguments are "
           "read-only, and an explicit bufferization.writable on an "
           "argument wins either way">,
    Option<"minChainLength", "min-chain-length", "unsigned",
           /*default=*/"8",
           "Chains of at least this many inserts into one tensor, and "
           "concats of at least this many operands, are written on buffers "
           "before one-shot-bufferize (--slice-bufferize-chains), whose "
           "analysis of them grows as the cube of their length; 0: never">
];

defvar deallocateOption =
    Option<"deallocate", "deallocate", "bool", /*default=*/"true",
           "Free the buffers bufferization allocates "
           "(buffer-deallocation-pipeline)">;

def SliceToBuffers : Pass<"slice-to-buffers", "::mlir::ModuleOp"> {
  let summary = "Bufferize a module of func.func on tensors with slice ops "
                "(the front end of --slice-to-llvm)";
  let description = [{
    Steps 1 to 3 of `--slice-to-llvm`, and nothing target-specific:
    canonicalize and inline, slices as views or dense copies with their
    run-time checks, elementwise ops as linalg, one-shot-bufferize with
    function boundaries (tensor arguments of public functions read-only
    unless `writable-arguments`), the ownership-based deallocation
    pipeline (unless `deallocate=false`) with views of arguments returned
    as views, and `--convert-bufferization-to-memref`. The output holds
    memref, linalg, scf, arith, cf (the checks) and func ops, for a back
    end of the embedder's own; `--slice-to-llvm` continues from it.
  }];
  let options = !listconcat(sliceFrontEndOptions, [deallocateOption]);
}

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
       slices move above the element-wise ops that produce their sources
       (`--slice-propagate`);
    2. slices become views (`--convert-slice-to-tensor`, the default; with
       `via-bufferization`, one-shot-bufferize builds the same views through
       slice.strided's BufferizableOpInterface model) or dense copies
       (`--convert-slice-to-linalg`, `slices=copy`), with the run-time
       checks of the normal form as `cf.assert`;
    3. elementwise arith on tensors becomes linalg and fuses, through
       concats (`--slice-split-concat-consumers`); concat operands, update
       values and results are written where they go
       (`--slice-bufferize-chains` for chains of `min-chain-length`
       inserts or more and concats as wide, on buffers before
       one-shot-bufferize, whose analysis of them grows as the cube of
       their length; `--slice-decompose-concats`,
       `--slice-reuse-input-buffers`,
       `--eliminate-empty-tensors`, `--slice-protect-view-reads`);
       one-shot-bufferize with function boundaries (views stay
       `memref.subview`s); buffers are deallocated by the ownership-based
       deallocation pipeline; entry points get a path for dense arguments
       (`--slice-specialize-dense-arguments`);
    4. copies out of views (`linalg.copy` from `slices=copy`, the
       `memref.copy` of a clone or of bufferization) become vectorized run
       loops (`--slice-lower-copies`), never the runtime's element-wise
       `memrefCopy`;
    5. exp and tanh as polynomial approximations that vectorize
       (`--slice-approximate-math`), linalg to loops, strided metadata
       expanded, affine, scf, cf, vector, arith, math, index, memref
       (allocations as `malloc`, aligned to 64 bytes by a GEP) and func
       to LLVM.

    With `parallel-bytes=N` (N >= 0), copies and element-wise ops of at
    least N bytes run on OpenMP threads (`scf.parallel`,
    `--slice-parallel-elementwise`, `--convert-scf-to-openmp`), and the
    program must be linked with (or run by `mlir-runner` with) LLVM's
    `libomp`. By default everything runs on the calling thread.

    Tensors are values at the boundary of public functions: their tensor
    arguments are read-only (`--slice-read-only-arguments`), so a function
    copies what it would otherwise overwrite and never writes into its
    caller's buffers; `writable-arguments=true` lets it write in place
    (callers that donate their buffers), and `bufferization.writable` on
    an argument wins either way. A result is a buffer the caller frees, or,
    from an entry point (a public function nothing in the module calls), a
    view of one of its arguments, which stays a view
    (`--slice-forward-argument-views`); functions that the module calls
    return buffers they own, as upstream's deallocation pipeline wants.
    docs/calling-convention.md says how a caller tells them apart. With
    `deallocate=false` nothing is freed and every view stays a view.

    Calls to `func.func private @printMemrefF32(tensor<*xf32>)` (and the
    I32 / I64 / F64 variants; F16 and I8 with `llvm.emit_c_interface`) reach
    the runner-utils library as in upstream's integration tests.
  }];
  let options = !listconcat(sliceFrontEndOptions, [
    deallocateOption,
    // The defaults of the pass that takes them (Slice/Codegen/Passes.td).
    Option<"nontemporalBytes", "nontemporal-bytes", "int64_t",
           /*default=*/"::mlir::slice::SliceLowerCopiesOptions{}"
                       ".nontemporalBytes",
           "Copies of at least this many bytes store non-temporally "
           "(--slice-lower-copies; -1: never; -2: the threshold of the "
           "machine the program runs on)">,
    Option<"parallelBytes", "parallel-bytes", "int64_t",
           /*default=*/"::mlir::slice::SliceLowerCopiesOptions{}"
                       ".parallelBytes",
           "Copies of at least this many bytes run on OpenMP threads "
           "(--slice-lower-copies, --convert-scf-to-openmp; the program then "
           "needs libomp); negative: one thread, no OpenMP">,
    Option<"hugePages", "huge-pages", "bool", /*default=*/"true",
           "Advise buffers of 4 MiB or more onto transparent huge pages "
           "(--slice-huge-page-allocations)">,
    Option<"fuseRows", "fuse-rows", "bool", /*default=*/"true",
           "Run a row reduction and the ops that share its rows one row at "
           "a time, on one thread (--slice-fuse-rows; softmax reads its "
           "input once)">,
    Option<"approximateMath", "approximate-math", "bool", /*default=*/"true",
           "Compute exp and tanh with polynomial approximations that "
           "vectorize, within 1 and 2 ulp over the whole float32 range "
           "(--slice-approximate-math), instead of libm's scalar calls">,
    Option<"specializeDenseArguments", "specialize-dense-arguments", "bool",
           /*default=*/"true",
           "Give each entry point a path for dense arguments, taken when "
           "its arguments are dense row-major buffers at run time, on which "
           "views of them have static strides "
           "(--slice-specialize-dense-arguments)">,
    Option<"spmd", "spmd", "bool", /*default=*/"false",
           "Partition functions annotated with shard.shard into per-process "
           "code (sharding-propagation, shard-partition, "
           "convert-shard-to-mpi) calling MPI (docs/sharding.md)">
  ]);
}

def SliceToNVVM : Pass<"slice-to-nvvm", "::mlir::ModuleOp"> {
  let summary = "Lower a module of func.func on tensors with slice ops to "
                "host LLVM dialect and NVIDIA GPU kernels";
  let description = [{
    The NVIDIA GPU pipeline (docs/gpu.md). Input: what `--slice-to-llvm`
    takes. Output: host code in the LLVM dialect that calls the `mgpu*`
    runtime (runtime/cuda), and one `gpu.binary` per kernel module, which
    `mlir-translate --mlir-to-llvmir` embeds in the host object.

    Tensors live in device memory: a public function's tensor arguments
    and results are device buffers (a `cuMemAlloc` pointer in a memref
    descriptor). Arguments are dense row-major buffers (identity layout,
    `--slice-dense-arguments`); results are allocated with
    `gpu.alloc` and owned by the caller, or are views of an argument. Views of device memory stay views (a slice returned as a view
    aliases its argument; nothing is copied).

    1. the front end of `--slice-to-llvm` (canonicalize, inline, slices as
       views or dense copies, elementwise ops as linalg, one-shot-bufferize
       with function boundaries);
    2. buffers in device memory (`--slice-device-buffers`): `gpu.alloc`,
       temporaries freed, constants copied to the device;
    3. copies out of views as GPU-mapped parallel loops with coalesced,
       vectorized accesses (`--slice-copies-to-gpu`), other linalg ops as
       parallel loops (`--gpu-map-parallel-loops`), then `gpu.launch`
       (`--convert-parallel-loops-to-gpu`) and kernel outlining;
    4. host: gpu ops on one stream per region (`--gpu-async-region`),
       run-time checks to stderr, everything to LLVM (`gpu-to-llvm`);
    5. kernels: NVVM (`--convert-gpu-to-nvvm`) for `chip` with `features`,
       serialized by `gpu-module-to-binary` in `format`: `isa` (PTX text,
       JIT-compiled by the driver at load), `bin` (a cubin, needs `ptxas`),
       or `fatbin` (cubin and PTX, needs `ptxas` and `fatbinary`).

    LLVM 22's NVPTX back end needs PTX ISA 7.8 or later for sm_90: keep
    `+ptx78` or newer in `features`.
  }];
  let options = !listconcat(sliceFrontEndOptions, [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "The GPU architecture (sm_80, sm_90, ...)">,
    Option<"features", "features", "std::string", /*default=*/"\"+ptx80\"",
           "NVPTX target features: the PTX ISA version (+ptx78 or later "
           "for sm_90)">,
    Option<"format", "format", "std::string", /*default=*/"\"fatbin\"",
           "What gpu-module-to-binary embeds: isa (PTX), bin (cubin) or "
           "fatbin">,
    Option<"optLevel", "opt-level", "int", /*default=*/"3",
           "LLVM optimization level for the kernels">,
    Option<"cudaPath", "cuda-path", "std::string", /*default=*/"\"\"",
           "CUDA toolkit holding ptxas and fatbinary (empty: MLIR's "
           "default, then PATH)">,
    Option<"blockSize", "block-size", "int64_t",
           /*default=*/"::mlir::slice::SliceCopiesToGPUOptions{}.blockSize",
           "Threads per block of the copy kernels">,
    Option<"vectorBytes", "vector-bytes", "int64_t",
           /*default=*/"::mlir::slice::SliceCopiesToGPUOptions{}.vectorBytes",
           "Bytes per vector access in the copy kernels (4, 8 or 16)">,
    Option<"mergeCopies", "merge-copies", "int64_t",
           /*default=*/"::mlir::slice::SliceCopiesToGPUOptions{}.mergeCopies",
           "The most independent copies (a concat's parts) one launch "
           "moves (1: a launch per copy)">,
    Option<"perFunctionKernels", "per-function-kernels", "bool",
           /*default=*/"false",
           "Keep alike kernels of different functions apart, so that a "
           "kernel's name tells a profile which function launched it">
  ]);
}

def SliceCheckPipelineDependencies
    : Pass<"slice-check-pipeline-dependencies", "::mlir::ModuleOp"> {
  let summary = "Check that the context has the external models and "
                "interfaces the slice pipelines need";
  let description = [{
    The first pass of `--slice-to-llvm` and `--slice-to-nvvm`. The
    pipelines need external models (bufferization and deallocation of the
    upstream dialects, the func inliner, for the GPU pipeline the
    conversions to LLVM, the NVVM target and the LLVM IR translations)
    that only the registry a context is created from can provide. A
    context made without `mlir::slice::registerPipelineDependencies` (C:
    `mlirSliceRegisterPipelineDependencies`) would fail deep in
    bufferization ("op was not bufferized"); this pass fails first, with
    one error that names each missing piece and the call that registers
    it.
  }];
  let options = [
    Option<"pipeline", "pipeline", "std::string",
           /*default=*/"\"slice-to-llvm\"",
           "The pipeline named in the diagnostic">,
    Option<"gpu", "gpu", "bool", /*default=*/"false",
           "Check what the GPU pipeline needs too">
  ];
}

#endif // SLICE_PIPELINES_PASSES_TD
