//===- Passes.td - slice codegen ---------------------------*- tablegen -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The passes that take slices the last steps to machine code, beside
// upstream's, in one section per room of lib/Codegen (each its own
// library): the calling convention of compiled functions (ABI), run-time
// checks (Checks), buffer programs for either target (Buffers), CPU loops
// (CPU), GPU kernels (GPU) and the last conversion to LLVM (LLVM). None of
// them knows the slice dialect: they work on func, memref, linalg, gpu and
// cf ops.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CODEGEN_PASSES_TD
#define SLICE_CODEGEN_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// lib/Codegen/ABI: the calling convention of compiled functions
//===----------------------------------------------------------------------===//
// Read-only, dense and forwarded arguments of entry points.

def SliceMarkRuntimeReadOnly
    : Pass<"slice-mark-runtime-read-only", "::mlir::ModuleOp"> {
  let summary = "Mark the tensor arguments of the runner-utils printers as "
                "read-only for bufferization";
  let description = [{
    One-shot bufferization must assume that an external function writes
    its tensor arguments. For the runner-utils printers
    (`func.func private @printMemref*(tensor<*x...>)`, the way upstream's
    integration tests print) that assumption makes every printed view a
    write into its source: a later read of the source then conflicts, and
    bufferization either copies or gives up ("cannot avoid RaW conflict"
    on the `tensor.cast` to the unranked type). The printers only read, so
    this pass sets `bufferization.access = "read"` on the tensor arguments
    of such declarations that do not already say otherwise.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def SliceReadOnlyArguments
    : Pass<"slice-read-only-arguments", "::mlir::ModuleOp"> {
  let summary = "Make the tensor arguments of public functions read-only "
                "for bufferization (value semantics at the boundary)";
  let description = [{
    One-shot bufferization with function boundaries assumes that a
    function may write into the buffers of its tensor arguments: a view of
    an argument followed by an elementwise op then writes into the
    caller's buffer. Tensors are values, so this pass sets
    `bufferization.writable = false` on every tensor argument of every
    public `func.func` with a body, unless the argument already carries
    `bufferization.writable` (either value is honoured). Bufferization
    then copies only what would otherwise be overwritten (the elements a
    write touches, into a fresh buffer), and nothing when no op writes.

    Private functions are left alone: only the module calls them, and
    bufferization resolves their conflicts at the call sites. Callers that
    donate their buffers run `--slice-to-llvm` / `--slice-to-nvvm` with
    `writable-arguments=true`, which skips this pass.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def SliceForwardArgumentViews
    : Pass<"slice-forward-argument-views", "::mlir::ModuleOp"> {
  let summary = "Return views of arguments from entry points without "
                "cloning them";
  let description = [{
    Upstream's ownership-based deallocation makes every function return
    buffers it owns: a result that is a view of an argument (which the
    function does not own) is cloned (`bufferization.clone`) before the
    return. For an entry point (a public function with a body that nothing
    in the module calls), that copy is not needed: its caller, outside the
    module, tells a view of one of its arguments from a fresh buffer by
    the descriptor's allocated pointer (docs/calling-convention.md).

    Run after the deallocation pipeline, before
    `--convert-bufferization-to-memref`, this pass replaces such a clone
    by the view when the clone's source is a chain of view ops
    (`ViewLikeOpInterface`: subview, cast, reshape, reinterpret_cast, ...)
    on an argument of the entry block, and the clone is only returned or
    retained by `bufferization.dealloc`. Functions that the module calls
    keep the clone: their callers in the module own their results.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def SliceDenseArguments : Pass<"slice-dense-arguments", "::mlir::ModuleOp"> {
  let summary = "Give the memref arguments of entry points the identity "
                "layout";
  let description = [{
    After one-shot-bufferize with function boundaries, every tensor
    argument is a memref with a fully dynamic layout, so nothing about its
    strides is known. For each public function with a body that nothing in
    the module calls (an entry point, called from outside), this pass makes
    each such argument an identity-layout memref (a dense row-major buffer,
    which is what a caller allocates) and casts it back to the old type for
    the body; canonicalization then folds the casts into the subviews, and
    slices of the argument get static strides and offsets.

    Results are untouched: a slice returned as a view keeps its layout.
    The GPU pipeline runs it so that its copy kernels fold their index
    arithmetic and alignment checks at compile time.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SliceSpecializeDenseArguments
    : Pass<"slice-specialize-dense-arguments", "::mlir::ModuleOp"> {
  let summary = "Give each entry point a fast path for dense arguments";
  let description = [{
    After one-shot-bufferize with function boundaries, an entry point's
    memref arguments have fully dynamic layouts (a caller may pass any
    strided view), so the views the function takes of them have unknown
    strides, and LLVM vectorizes the loops over them with gathers, if at
    all. Callers mostly pass dense row-major buffers. For each entry point
    (a public function with a body that nothing in the module calls) with
    such arguments and loops over elements (linalg ops, copies, loops; a
    function of views alone gains nothing), this pass makes a private copy, `@<name>__dense`, whose
    arguments have the strides of a dense buffer of their shape (static
    where the static sizes give them; the offset stays dynamic), cast back
    for the body, and makes the entry point check its arguments' strides at
    run time: dense, it calls the copy. Otherwise, where some argument
    has two dimensions or more, a second copy, `@<name>__rows`, takes
    arguments whose rows are contiguous (inner stride 1, the other strides
    and the offset dynamic: a caller's window of columns, every k-th row,
    padded rows): the entry point checks the inner strides and calls it,
    and runs its own body for any other layout, on the function's own
    arguments. At most three bodies per entry point.
    Canonicalization then folds the casts into the copy's views, which get
    static strides. Nothing else changes: the signature, the calling
    convention (results are fresh buffers or views of arguments) and the
    values computed are the same on both paths.

    The CPU pipeline runs it after bufferization
    (`--slice-to-llvm`'s `specialize-dense-arguments`, on by default); the
    GPU pipeline makes its arguments dense outright
    (`--slice-dense-arguments`).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

//===----------------------------------------------------------------------===//
// lib/Codegen/Checks: run-time checks and the pipelines' own
//===----------------------------------------------------------------------===//
// Asserts proven or refuted, code behind failing asserts, poison,
// messages on stderr, and the check that a pipeline's output is lowered.

def SliceRefinePoisonTensors
    : Pass<"slice-refine-poison-tensors", "::mlir::func::FuncOp"> {
  let summary = "Make ub.poison of a tensor type an empty tensor, which "
                "bufferizes";
  let description = [{
    Upstream's `--remove-dead-values` replaces a value it erased, where dead
    code still names it, by `ub.poison`; of a tensor type that stops
    one-shot-bufferize ("op was not bufferized"). Poison may be refined to
    any value: this pass makes each such `ub.poison` a `tensor.empty` (its
    dynamic sizes 0). The GPU and CPU pipelines run it before
    bufferization; `populateRefinePoisonTensorsPatterns` gives the pattern.

    ```mlir
    %p = ub.poison : tensor<?x4xf32>
    // becomes
    %c0 = arith.constant 0 : index
    %p = tensor.empty(%c0) : tensor<?x4xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def SliceEraseAfterFailingAsserts
    : Pass<"slice-erase-after-failing-asserts", "::mlir::func::FuncOp"> {
  let summary = "Erase the code that follows an assert known to fail in its "
                "block";
  let description = [{
    A `cf.assert` whose condition is the constant `false` stops the program
    whenever it runs, so nothing after it in its block ever runs. The
    lowerings emit such asserts where a run-time check is known to fail
    (a stride that inlining made a constant 0), and the views behind them
    are placeholders: canonicalization gives them static sizes that the
    code after them may contradict (an element-wise op pairing a
    placeholder of 4 elements with a value of 1), which upstream's
    verifiers reject, so a valid program would not compile.

    This pass erases every operation between such an assert and its
    block's terminator. A value of theirs that is still used (by the
    terminator, or in blocks the assert dominates) is replaced by one of
    the same type that no code reads: `tensor.empty` and `memref.alloc`
    (dynamic sizes 0, cast to the type's layout) for tensors and memrefs,
    `ub.poison` otherwise. The pipelines run it after lowering the slice
    ops and after bufferization.

    ```mlir
    cf.assert %false, "slice.strided: entry 0 (input dimension 0) has stride 0"
    %s = tensor.extract_slice %x[0] [4] [1] : tensor<4xi64> to tensor<4xi64>
    %t = arith.addi %acc, %s : tensor<4xi64>
    scf.yield %t : tensor<4xi64>
    // becomes
    cf.assert %false, "slice.strided: entry 0 (input dimension 0) has stride 0"
    %t = tensor.empty() : tensor<4xi64>
    scf.yield %t : tensor<4xi64>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::ub::UBDialect"
  ];
}

def SliceIntRangeOptimizations
    : Pass<"slice-int-range-optimizations", "::mlir::func::FuncOp"> {
  let summary = "Upstream's int-range-optimizations, on the functions it "
                "does not crash on";
  let description = [{
    Runs upstream's `--int-range-optimizations` (index arithmetic that the
    ranges of loop counters and sizes decide folds: the negative-index
    select and range check of a view at `i - 1` in a loop from 1) on each
    function, except those holding an integer constant with no elements
    (`arith.constant dense<> : tensor<2x0xi64>`), whose range MLIR 22
    computes by reading past an empty buffer. Such a function keeps its
    arithmetic as it is.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def SliceAssertToStderr : Pass<"slice-assert-to-stderr", "::mlir::ModuleOp"> {
  let summary = "Lower cf.assert to a message on stderr and abort";
  let description = [{
    Upstream's lowering of `cf.assert` prints the message with `puts` and
    calls `abort`: when stdout is a pipe or a file the message sits in
    stdio's buffer, which `abort` never flushes, and the program dies
    without saying why. This pass replaces every `cf.assert` with a call to
    an internal LLVM function that, when the condition is false, writes the
    message and a newline to file descriptor 2 (`write`, unbuffered) and
    calls `abort`. It needs only libc, so ahead-of-time executables report
    the slice's run-time errors too. An assert whose condition (the same
    SSA value) an earlier assert of its block checks is dropped: it can
    never fail, and the first one's message is the one a failing run
    prints either way. Run it where the asserts' regions may
    hold LLVM calls (the `--slice-to-llvm` pipeline runs it just before the
    conversion to LLVM).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SliceCheckLowered : Pass<"slice-check-lowered", "::mlir::ModuleOp"> {
  let summary = "Fail on any op that the pipeline's target does not take";
  let description = [{
    The last pass of `--slice-to-llvm` and the step of `--slice-to-nvvm`
    before the kernels are serialized: a pipeline's output is what it
    promises, or the pipeline fails. Partial conversions leave an op they
    have no pattern for where it was (`linalg.softmax` on memrefs, say), and
    the pipeline would exit 0 with output that `mlir-translate` then
    rejects. This pass reports each such op (the first of each name, at its
    location) and fails.

    What is taken: ops of the `llvm` dialect, `builtin.module`, and `omp`
    ops (translated by `mlir-translate` too); with `gpu`, also
    `gpu.module`, `gpu.binary` and `gpu.launch_func` on the host and `nvvm`
    ops inside the kernels' `gpu.module`.

    ```
    error: 'linalg.softmax' op is left after --slice-to-llvm: no step of
    the pipeline lowers it to the LLVM dialect
    ```
  }];
  let options = [
    Option<"pipeline", "pipeline", "std::string",
           /*default=*/"\"slice-to-llvm\"",
           "The pipeline named in the diagnostic">,
    Option<"gpu", "gpu", "bool", /*default=*/"false",
           "Take the GPU route's ops (gpu.module, gpu.binary, "
           "gpu.launch_func, nvvm in kernels)">
  ];
}

//===----------------------------------------------------------------------===//
// lib/Codegen/Buffers: buffer programs for either target
//===----------------------------------------------------------------------===//
// Temporaries computed in place and reductions fused with their rows.

def SliceElideTemporaries
    : Pass<"slice-elide-temporaries", "::mlir::func::FuncOp"> {
  let summary = "Compute into the views that temporaries are copied to, "
                "read from the views they are copied from";
  let description = [{
    One-shot-bufferize decides whether a write may go in place from SSA
    use-def chains, so it cannot tell row `i - 1` of a buffer from row `i`,
    nor `x[::2]` from `x[1::2]`: a loop body `t[i] = f(t[i-1], t[i])`
    copies the row it reads into a temporary, and `x[::2] = f(x[1::2])`
    computes into one and then copies it into the window. On buffers the
    views are explicit, and this pass removes both temporaries where the
    subviews prove it safe:

    - `%t = memref.alloc; W(ins(...) outs(%t)); memref.copy %t, %v`, with
      `W` an element-wise linalg op (all loops parallel) that writes every
      element of `%t` without reading it: `W` writes `%v`, at the copy. Each
      input of `W` must be apart from `%v`, or be `%v` itself read through
      the same indexing map; nothing between `W` and the copy may write
      what `W` reads.
    - `%a = memref.alloc; memref.copy %s, %a`, then only reads of `%a` (a
      linalg input, a copy's source, a load) in the same block: they read
      `%s`, when nothing up to the last of them writes an element of `%s`,
      except that last reader writing `%s` itself element-wise.

    Apart means views of different buffers (one of them a
    `memref.alloc`), or subviews of one source whose index ranges differ
    in some dimension (value bounds of the offsets, which
    `--int-range-optimizations` has freed from the negative-index
    selects), or that step by the same constant from offsets it does not
    divide. The vector loops and the threads ask the same question.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SliceFuseRows : Pass<"slice-fuse-rows", "::mlir::func::FuncOp"> {
  let summary = "Run a reduction and the ops around it that share its "
                "rows one row at a time";
  let description = [{
    Softmax, layer norm or mean-centering on buffers are several loop nests
    over the whole input: the row maxima, `exp(x - max)`, the row sums, the
    division; each streams the matrix through memory, and upstream's
    element-wise fusion stops at each reduction. This pass replaces a run
    of consecutive linalg ops on buffers (pure ops between them move
    first) by one `scf.for` over their rows, each op on its row, when:

    - every op's outer loop is parallel, of the same extent (value bounds),
      and indexes each memref operand in its first dimension or not at all
      (a row vector read whole is fine; no `linalg.index`);
    - what an op writes and another touches is apart (`ViewOverlap.h`), or
      is the same buffer indexed by the row in both: row `r` of the later
      op needs only row `r` of the earlier one;
    - the run holds a reduction and another op that computes.

    A buffer that only the run uses, row by row (the row maxima and sums),
    becomes one row's worth, allocated once before the loop. The row's
    values stay in cache from the first op to the last: softmax reads its
    input once and writes its result once. The ops in the loop are the
    element-wise ops and reductions the vector passes take.
  }];
  let options = [
    Option<"lone", "lone-reductions", "bool", /*default=*/"false",
           "For the GPU pipeline: also a run whose only op that computes "
           "is its reduction (a fill and a row sum), and only runs whose "
           "ops --slice-rows-to-gpu turns into a kernel (at most two "
           "loops, operands read through the identity or broadcast, one "
           "combiner)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

//===----------------------------------------------------------------------===//
// lib/Codegen/CPU: copy loops and vector loops on the host
//===----------------------------------------------------------------------===//
// Copies as run loops, threads, vector loops over strided views,
// cache blocking and huge pages.

def SliceLowerCopies : Pass<"slice-lower-copies", "::mlir::ModuleOp"> {
  let summary = "Lower memref copies out of strided views to vectorized "
                "loops that move whole runs";
  let description = [{
    Rewrites `memref.copy` and `linalg.copy` on buffers, the copies that
    materialize a slice, into loops (docs/performance.md):

    - dimensions of size 1 are dropped and neighbours contiguous in both
      memrefs are merged, so that `x[a:b, :]` is one run and `x[::-1, :]`
      one run per row;
    - the innermost dimension is a run: with a contiguous target, when
      the source stride is 1, `memcpy` (the LLVM intrinsic) for runs that
      may be 256 bytes or longer and otherwise vector loads and stores
      (`vector-bytes` per access, `unroll` accesses per iteration); vector
      loads reversed by a shuffle when it is -1; scalar loads packed into
      vectors (`vector.from_elements`) for any other stride; scalar loads
      and stores for a non-contiguous target or an element type without a
      vector form (i1). A stride or size known only at run time gets a
      run-time choice between these loops, and a copy whose layouts are
      dynamic is copied as one run when it turns out contiguous;
    - copies of at least `nontemporal-bytes` bytes store non-temporally
      (except into a buffer `memref.alloc` made just before, and except a
      copy that is one contiguous run, which is one `memcpy`), each run
      peeled until the target is aligned to a vector, the vectors spread
      over four consecutive pages, and end with a fence: the target's cache
      lines are then written without being read first. By default
      (`-2`) the threshold is the machine's, read at run time: a quarter
      of the last-level cache, looked up only for copies of 1 MiB or more
      by `@__slice_last_level_cache_bytes`, which the pass adds to the
      module (linkonce_odr, hidden): it reads the kernel's figure
      (/sys/devices/system/cpu/cpu0/cache/index3/size) once, else
      sysconf's, else 128 MiB. Single-threaded gathers of a stride of 2
      to 8 shuffle whole vectors until the bytes they touch reach three
      quarters of that cache, and load scalars from there on.

    The loops of a copy go into a private function with internal linkage
    (`@__slice_copy`, `@__slice_copy_0`, ...), one per pair of memref
    types, and the copy becomes a call: a module with many copies of the
    same types, above all dynamic ones whose run-time choices make the
    loops long, compiles them once.

    With `parallel-bytes`, copies of at least that many bytes run their
    outermost loop as an `scf.parallel` (one run is cut into 1 MiB chunks),
    which `--convert-scf-to-openmp` maps to threads; smaller copies keep the
    sequential loops, chosen at run time when the size is dynamic.

    A copy between two contiguous memrefs, which upstream lowers to one
    `memcpy`, stays a `memref.copy` (a `linalg.copy` becomes one). Nothing
    else is left for the generic element-by-element runtime `memrefCopy`.
    `populateSliceCopyLoweringPatterns` (CopyLowering.h) expands copies in
    place instead, for pipelines of their own; `outline=false` runs it.

    Run it on bufferized IR, before `--convert-linalg-to-loops`; the result
    needs `--expand-strided-metadata` and `--convert-vector-to-llvm`.
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"64",
           "Bytes per vector access (a power of two, at least 16)">,
    Option<"unroll", "unroll", "int64_t", /*default=*/"4",
           "Vector accesses per iteration of a run's main loop">,
    Option<"nontemporalBytes", "nontemporal-bytes", "int64_t",
           /*default=*/"-2",
           "Copies of at least this many bytes use non-temporal stores "
           "(-1: never; -2: the threshold of the machine the program runs "
           "on, a quarter of its last-level cache as glibc's memcpy)">,
    Option<"parallelBytes", "parallel-bytes", "int64_t", /*default=*/"-1",
           "Copies of at least this many bytes run their outermost loop as "
           "scf.parallel (negative: never)">,
    Option<"outline", "outline", "bool", /*default=*/"true",
           "Put the loops in one function per pair of memref types (false: "
           "expand each copy in place, with "
           "populateSliceCopyLoweringPatterns)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def SliceParallelElementwise
    : Pass<"slice-parallel-elementwise", "::mlir::ModuleOp"> {
  let summary = "Run big element-wise loops on threads, as the copies";
  let description = [{
    Each element-wise `linalg.generic` on buffers (all loops parallel, the
    result indexed by the identity, no `linalg.index`) becomes a choice made
    at run time on its result's size: at least `parallel-bytes`, its
    outermost loop runs in chunks on threads (`scf.parallel` over rows, for
    `--convert-scf-to-openmp`; each chunk calls a private `noinline`
    function holding the op, on subviews of the operands that loop indexes,
    so that LLVM vectorizes its loops, which it leaves scalar inside the
    OpenMP region); below, the op as it was. Chunks are a 64th
    of the rows, of 16 KiB to 1 MiB where the rows allow, as the copies'
    (`--slice-lower-copies`). Negative `parallel-bytes` leaves every op on
    the calling thread.

    Row reductions (`linalg.reduce` and `linalg.generic` ops whose
    outermost loop is parallel and indexes the one result first, as in
    `x.sum(1)`; no input viewing the result's buffer) are taken the same
    way, chosen on the bytes they read (the loops' elements times the
    widest input element), since their result is small. Reductions over
    the outermost loop (`x.sum(0)`) stay on the calling thread.

    `--slice-to-llvm="parallel-bytes=N"` runs it with the copies' threshold,
    after bufferization: element-wise producers and consumers of slices,
    and the broadcasts of updates, then use the cores the copies use.
  }];
  let options = [
    Option<"parallelBytes", "parallel-bytes", "int64_t", /*default=*/"-1",
           "Ops whose result holds at least this many bytes run on threads "
           "(negative: never)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def SliceVectorizeReversedElementwise
    : Pass<"slice-vectorize-reversed-elementwise", "::mlir::func::FuncOp"> {
  let summary = "Vector loops for element-wise ops that walk a view "
                "backwards";
  let description = [{
    Rewrites each element-wise `linalg.generic` on buffers (all loops
    parallel, no `linalg.index`, a body of element-wise mappable ops)
    whose innermost loop walks some operand backwards, with a static
    stride, into loops of its own: for each row, a vector loop and a
    scalar loop over the rest of the row. Each input's lanes come from whole
    contiguous vectors and shuffles: one reversing shuffle for stride -1,
    k vectors and k - 1 shuffles for stride +-k up to 8, a broadcast for an
    input the innermost loop does not move along; each result is stored
    whole (stride 1) or reversed (stride -1). A vector reads up to k - 1
    elements past the last one it uses, so the last element of a row with
    such an input is left to the scalar loop.

    An op whose inner step is known only at run time, on a buffer of
    static strides or a fresh allocation, is first versioned on that
    stride: an `scf.index_switch` runs the op with the operand cast to 1,
    -1, 2, -2, 3, -3, 4 or -4 (1, -1, 2, -2 each when two operands are
    versioned; 1 or -1 for a result), and as it was for any other stride;
    at most two operands are versioned. So is an op over a view of a
    function argument whose own inner stride is dynamic (a caller's
    layout, the general body `--slice-specialize-dense-arguments` leaves),
    when the loop walks the view's last dimension and its rows are a
    vector long or longer: on k and -k where the views on the way step
    statically by a product k (the caller's rows forwards or backwards),
    on the cases above past a step known only at run time.

    LLVM's loop vectorizer makes masked gathers (AVX-512) or scalar code
    of the same accesses: `relu(x[::-1, ::-2])` ran 2-8x slower than its
    stride +2 twin. Ops with no negative inner stride stay as they are for
    LLVM, which vectorizes them well, but for an input read every k-th
    element (k of 2 or more) whose rows are apart by a run-time stride:
    LLVM's cost model leaves that loop scalar (the +2 version of a
    run-time step on an argument of run-time shape ran 3x its static
    twin's time). The rewrite needs the lanes of a step
    to be independent: every operand views a fresh allocation, a global or
    a function argument (arguments do not overlap one another, as
    one-shot-bufferize assumes at function boundaries), and an input that
    views a result's buffer is that result's operand itself, through the
    same map (in place, element for element); otherwise the op stays.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def SliceVectorizeReductions
    : Pass<"slice-vectorize-reductions", "::mlir::func::FuncOp"> {
  let summary = "Vector loops with partial results for reductions along "
                "the innermost loop";
  let description = [{
    Rewrites each `linalg.reduce` and `linalg.generic` on buffers whose
    innermost loop is a reduction (`x.sum(1)`, `x[:, ::-2].max(1)`, the
    sums inside softmax and layer norm, a fused element-wise producer
    included) into loops of its own: for each row, a vector of partial
    results per result (from the combiner's neutral element: -0.0 for a
    float sum, -inf for `maximumf`, NaN for `maxnumf`, ...) carried
    through a vector loop over the row, a `vector.reduction` across its
    lanes into the result's value, the scalar rest of the row, one store.
    Inputs are read as `--slice-vectorize-reversed-elementwise` reads them
    (static inner strides 0, +-1 .. +-8: contiguous loads and shuffles);
    a run-time inner step on a buffer of static strides or a fresh
    allocation is versioned first, as there.

    The body must yield, for each result, `combiner(v, acc)` with `acc`
    the result's block argument used nowhere else: `addf`, `mulf`,
    `maximumf`, `minimumf`, `maxnumf`, `minnumf` and their integer
    counterparts, `andi`, `ori`, `xori`. No input may view a result's
    buffer.

    A float sum is reassociated: each lane sums every `lanes`-th element
    of a row (16 for f32), the lanes are added as a tree, then the rest of
    the row in order. Its error is at most about (n / lanes + log2(lanes)
    + r) u sum|x| for n elements, r of them past the last whole vector,
    and u the unit roundoff, where the scalar loop's is n u sum|x|
    (NumPy's pairwise sum: about log2(n) u sum|x|). Minimum, maximum and
    integer results are exact. LLVM keeps a float reduction in source
    order: one scalar add a step, 3-7x slower than the memory.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def SliceBlockTransposes
    : Pass<"slice-block-transposes", "::mlir::func::FuncOp"> {
  let summary = "Element-wise ops that read across rows, in cache-sized "
                "blocks";
  let description = [{
    Rewrites each element-wise op on buffers (`linalg.transpose`, and
    `linalg.generic` ops with all loops parallel, one result indexed by
    the identity, no `linalg.index`, no input viewing the result's buffer)
    that reads an input across its rows
    (its innermost loop moves the input along a dimension other than its
    last: `x[::2, ::-1].T` copied) into loops over blocks of 32 x 32 of the
    two loops involved (the one that moves that input along its last
    dimension, and the innermost), the other loops one step at a time,
    around a copy of the op on subviews of its operands. A block reads 32
    rows of 128 bytes of the input and writes 32 of the result, in L1; as
    one loop nest, every element read fetched a cache line from memory
    (`np.ascontiguousarray(x.T)` of 10K x 1.2K f32 takes NumPy 49 ms).
    Each block first prefetches the lines the next block along the
    result's rows reads (`memref.prefetch`, one a cache line of each of
    its input rows): 32 rows read at once are more streams than the
    hardware prefetchers follow.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def SliceHugePageAllocations
    : Pass<"slice-huge-page-allocations", "::mlir::ModuleOp"> {
  let summary = "Advise big buffers onto transparent huge pages";
  let description = [{
    After each `memref.alloc` of an identity-layout buffer that may hold at
    least `min-bytes` (checked at run time for dynamic sizes), calls
    `madvise(MADV_HUGEPAGE)` (Linux) on the whole pages inside it, as NumPy
    does for its arrays of 4 MiB or more: the first writes into a fresh
    result then fault in 2 MiB pages instead of 4 KiB ones, 512 times fewer
    faults, where the kernel's transparent huge pages are in `madvise`
    mode (the default of many distributions; `always` needs no advice,
    `never` ignores it). The pass declares `madvise` in the module (index,
    index, i32) -> i32 when it is not declared yet, and leaves the buffers
    alone when the module declares it otherwise. `--slice-to-llvm` runs it
    unless `huge-pages=false`.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"4194304",
           "Buffers of at least this many bytes are advised">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

//===----------------------------------------------------------------------===//
// lib/Codegen/GPU: kernels and device buffers
//===----------------------------------------------------------------------===//
// Row and column reductions, copies and element-wise ops as kernels,
// and the buffers they run on.

def SliceColumnsToRows
    : Pass<"slice-columns-to-rows", "::mlir::func::FuncOp"> {
  let summary = "Column reductions and their broadcast consumers over "
                "transposed views, the columns their outer loop";
  let description = [{
    For the GPU pipeline, before `--slice-fuse-rows`: a 2-loop linalg op on
    buffers that reduces over its outer loop only (`y.sum(0)`, the means of
    `y - y.mean(0)`), and each 2-loop element-wise op that reads such a
    result (or a 1-loop op's result computed from one) broadcast down the
    rows, become the same ops with their loops swapped, each operand they
    read row-major through a `memref.transpose` view (no copy) and the
    identity map. The columns are then their outer, parallel loop:
    `--slice-fuse-rows` runs them one column at a time and
    `--slice-rows-to-gpu` gives a block a sector's worth of neighbouring
    columns, its threads walking the rows. Before, a column reduction kept
    its reduction loop outside: a host loop of one launch per row.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

def SliceRowsToGPU : Pass<"slice-rows-to-gpu", "::mlir::func::FuncOp"> {
  let summary = "A loop over rows with reductions as one launch, a block "
                "of threads per row";
  let description = [{
    For the GPU pipeline, after `--slice-fuse-rows`: each `scf.for` over
    rows (from 0 by 1) whose body is views, constants and row steps
    (`linalg.generic` ops on buffers of at most one loop: element-wise over
    1-D row views, reductions into a 0-d buffer by a combiner, or 0-loop
    ops such as a fill), with at least one reduction, becomes one
    `gpu.launch` of a block of `block-size` threads per row:

    - an element-wise step: the threads stride along the row together
      (thread `t` takes elements `t`, `t + block-size`, ...: a warp reads
      32 consecutive elements), then a barrier;
    - a reduction: each thread combines the elements it strides to from
      the combiner's neutral element, the partial results meet in shared
      memory in a tree of halving steps, and the row's result (with what
      the 0-d buffer held before) is in a register of every thread;
    - a 0-d buffer allocated for the loop alone (the row maxima and sums
      `--slice-fuse-rows` shrinks) is that register: no memory; another is
      written by thread 0.

    When the rows are columns of transposed views (`--slice-columns-to-
    rows`), a block takes a 32-byte sector's worth of neighbouring rows
    (8 of f32): thread `t` works on row `t % 8` and strides along it by
    `block-size / 8`, so the threads of a warp read whole sectors across
    the rows, and the tree combines the threads of each row. Where rows
    of a known length would give a thread more than 32 elements a pass,
    a block has more threads, up to 1,024.

    Rows of a known length that would still give a thread more than 64
    elements are split across blocks, a slab of at most 32 elements a
    thread each (the grid's y): a launch per reduction runs the body up
    to it and stores each slab's partial result; one more launch combines
    a row's partials in slab order and runs the whole body over its slab,
    storing the 0-d results from the first slab's block. The body must
    write each 0-d buffer in memory before it reads it, and store its
    rows only at the end; otherwise the rows stay whole.

    Softmax over rows is then one launch reading each row once from
    memory and writing its result once, where it was six launches, its
    reductions one thread per row storing a running total every step. A
    float sum is reassociated: each thread sums every `block-size`-th
    element, the partial sums are added as a tree.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block, one block per row or per sector of "
           "neighbouring columns (a power of two)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::ub::UBDialect"
  ];
}

def SliceDeviceBuffers : Pass<"slice-device-buffers", "::mlir::func::FuncOp"> {
  let summary = "Put the buffers of host functions in GPU memory";
  let description = [{
    For the GPU pipeline, after bufferization: tensor data lives in device
    memory, host functions only describe it.

    - `memref.alloc` becomes `gpu.alloc`, `memref.dealloc` `gpu.dealloc`;
    - a device buffer that no result, call, store or `memref` view that
      escapes reaches is freed (`gpu.dealloc`) before the `func.return` of
      its block: temporaries do not leak;
    - a `memref.get_global` (a constant tensor) is copied into a fresh
      device buffer (`gpu.memcpy`) where it is used as data, and freed the
      same way.

    Views (`memref.subview` and friends) of device memory stay views.
    Element accesses on the host (`memref.load` and `memref.store` of a
    device buffer outside a kernel) are reported as errors: they would read
    device pointers on the CPU.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

def SliceSinkIntoLaunches : Pass<"slice-sink-into-launches"> {
  let summary = "Move constants and index computations into the gpu.launch "
                "bodies that use them, in linear time";
  let description = [{
    Upstream's `--gpu-launch-sink-index-computations`: every constant,
    `memref.dim`, `arith.select` and `arith.cmpi` defined outside a
    `gpu.launch` and used in it (with the ops it needs, when those can
    move too) is cloned at the start of the launch's body, in the same
    order, so that the kernel gets the value, not an argument, and the back
    end folds it. Upstream rewrites each use with
    `replaceAllUsesInRegionWith`, which visits every use of the value in
    the function: a constant that N launches share costs O(N) per launch,
    O(N^2) in all (27 of 37 s of a chain of 4096 `slice_scatter` through
    `--slice-to-nvvm`). This pass rewrites the uses by one walk of each
    body; the output is upstream's. `--slice-to-nvvm` runs it.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def SliceBatchCopies : Pass<"slice-batch-copies", "::mlir::func::FuncOp"> {
  let summary = "Consecutive copies of alike views as one copy";
  let description = [{
    A run of `memref.copy` ops (with only side-effect-free ops between
    them) of one static shape, each from a view of one buffer into a view
    of another, of the same strides, at offsets that step by a constant
    from one copy to the next (the parts of a concat of alike views:
    `tensor.concat` of `x[i:i+1, ::-1]`), becomes one copy between two
    `memref.reinterpret_cast` views with one more dimension, the step's.
    `--slice-to-nvvm` runs it before `--slice-copies-to-gpu`: one launch
    instead of one per part.

    Only where that is the same copy: the target is a buffer the function
    allocated (so the source cannot alias it) and no two parts write one
    element (the stepped layout is injective).
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SliceGPUOneStream : Pass<"slice-gpu-one-stream", "::mlir::func::FuncOp"> {
  let summary = "One stream per call of a host function, waited for once, "
                "before it returns";
  let description = [{
    After `gpu-async-region`, which gives every block its own stream
    (`gpu.wait async`) and waits for it at the block's end (`gpu.wait`): a
    loop of launches synchronizes at every step, and a function with two
    regions of GPU work twice. Work on one stream runs in order, and the
    host code of `--slice-to-nvvm` never reads device memory, so a
    function needs one stream, made at its entry, and one wait, right
    before each `func.return`: every `gpu.wait async` becomes the entry's
    stream and every other `gpu.wait` goes. The lowering then calls
    `mgpuStreamSynchronize` once per call.

    A function is left as it is when its host code calls another function
    (whose GPU work would run on a stream of its own, unordered with this
    one's) or reads or writes memory itself (outside gpu ops).
    `--slice-to-nvvm` runs it.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def SliceMergeKernelModules
    : Pass<"slice-merge-kernel-modules", "::mlir::ModuleOp"> {
  let summary = "Put every outlined kernel in one gpu.module";
  let description = [{
    After `gpu-kernel-outlining`, which makes a `gpu.module` per kernel:
    the kernels move into one module, `@slice_kernels` (renamed when that
    name is taken; one kernel too, so that a program's kernels are always
    there), and every `gpu.launch_func` names its kernel there. Kernels
    alike in all but their names (signature, attributes, body) are kept
    once, under the first one's name, whichever functions launch them: a
    chain of a thousand updates copies at a few hundred offsets, and 4096
    functions of one shape made 129 kinds of kernel. With `per-function`,
    only kernels that one function launches merge, so that a kernel's name
    tells a profile which function ran it (bench/programs/gpu.py counts
    each program's bytes so).
    `gpu-module-to-binary` then runs the NVPTX back end and ptxas once, not
    once per kernel, and a program loads one module. Modules that differ
    in their attributes, or whose symbols clash, are left as they are.
  }];
  let options = [
    Option<"perFunction", "per-function", "bool", /*default=*/"false",
           "Merge alike kernels only when one function launches them">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def SliceCopiesToGPU : Pass<"slice-copies-to-gpu", "::mlir::func::FuncOp"> {
  let summary = "Turn memref copies out of strided views into GPU-mapped "
                "parallel loops";
  let description = [{
    The GPU counterpart of `--slice-lower-copies`: every `memref.copy` and
    buffer `linalg.copy` between strided memrefs (both in device memory)
    becomes a nest of two `scf.parallel` loops mapped to GPU blocks and
    threads (`#gpu.loop_dim_map`), which `--convert-parallel-loops-to-gpu`
    turns into a `gpu.launch` (docs/gpu.md).

    The copy is flattened as on the CPU (unit dimensions dropped,
    dimensions contiguous in both memrefs merged). Thread `t` of block `b`
    moves chunk `b * block-size + t` of the result in row-major order, so
    consecutive threads touch consecutive target addresses: stores, and
    loads along a source stride of 1 or -1, are coalesced along the
    innermost result dimension. A chunk is one vector of `vector-bytes`
    bytes when the target's innermost run holds whole aligned vectors:
    then the source is read with one aligned vector load (stride 1), one
    aligned vector load reversed by a shuffle (stride -1), or scalar loads
    packed into the vector (any other stride). Otherwise, and for i1, each
    thread moves one element. The alignment (pointers, offset, strides,
    run length) is checked on the host when it is not known, choosing
    between the kernels at launch; an empty copy launches nothing.

    Consecutive copies (only ops free of memory effects between them)
    into disjoint boxes of one buffer the function allocated, each from a
    buffer that cannot alias it (an argument or another allocation), share
    one grid, up to `merge-copies` of them (the parts of a concat of
    differently shaped views): each gets the blocks its own kernel would
    launch, in order, and a block runs the kernel of the copy its index
    falls in, chosen as that copy's own (the alignment checks are the
    same, made on the host, read in the kernel). One launch instead of
    one per part. Disjointness is proved from static types: each target's
    offset and strides give its box of the buffer.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block (1 to 1024)">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Bytes per vector access (4, 8 or 16)">,
    Option<"mergeCopies", "merge-copies", "int64_t", /*default=*/"16",
           "The most independent copies one grid moves (1: a grid per "
           "copy)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def SliceParallelLoopsToGPU
    : Pass<"slice-parallel-loops-to-gpu", "::mlir::func::FuncOp"> {
  let summary = "Map the parallel loops of element-wise ops to blocks of "
                "threads over a 1-D grid";
  let description = [{
    For the GPU pipeline, after `--convert-linalg-to-parallel-loops`: every
    top-level `scf.parallel` without a GPU mapping and without reductions
    (the loops of element-wise linalg ops on slice results) becomes the
    block/thread nest of the copy kernels: element `e` of the iteration
    space, in row-major order, is handled by thread `e % block-size` of
    block `e / block-size`, so a warp covers 32 consecutive innermost
    iterations and its accesses are coalesced along the innermost
    dimension. An empty iteration space launches nothing (a grid of no
    blocks is a launch error).

    Where the body is identity loads and stores (every index the loop's
    own, in order) around element-wise ops on scalars, and the innermost
    trip count is a multiple of `lanes` (`vector-bytes` over the widest
    element accessed, checked on the host), a thread takes `lanes`
    consecutive innermost iterations instead, the ops on vectors: each
    memref is read or written by one aligned vector access where its
    innermost stride is 1 and its runs of lanes start on vector boundaries,
    by one reversed by a shuffle where the stride is -1, and element by
    element otherwise (decided per memref on the host). Other trip counts
    and bodies get one iteration per thread.

    Consecutive loops of one block (only pure ops between them) that are
    apart, what each writes neither read nor written by the others
    (`ViewOverlap.h`: the halves of a concat's consumer, the slices of
    YOLO's Focus, each writing its part of a new buffer), share one grid:
    a chain of `scf.if` on the block picks the loop. With as many blocks
    each, block `b` of `k` loops runs block `b / k` of loop `b % k`, so
    that the blocks reading the same sectors of an input run side by side;
    otherwise each loop's blocks follow the previous loop's. One launch
    then reads each sector the loops share once.

    Upstream's `--gpu-map-parallel-loops` maps one loop dimension per
    hardware dimension instead, one thread per block for a 1-D loop.

    ```mlir
    scf.parallel (%i) = (%c0) to (%n) step (%c1) { ... }
    // becomes, with %blocks = ceildiv(%n, 256) and %n > 0 checked first:
    scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
      scf.parallel (%t) = (%c0) to (%c256) step (%c1) {
        %e = %b * 256 + %t, guarded by %e < %n: the body at %i = %e
      } {mapping = [#gpu.loop_dim_map<processor = thread_x, ...>]}
    } {mapping = [#gpu.loop_dim_map<processor = block_x, ...>]}
    ```
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block (1 to 1024)">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Bytes of a thread's vector accesses (4, 8 or 16; 1: one "
           "iteration per thread)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

//===----------------------------------------------------------------------===//
// lib/Codegen/LLVM: math and the last conversion to LLVM
//===----------------------------------------------------------------------===//
// Math functions the targets lack, and the one-conversion finish of both
// pipelines.

def SliceApproximateMath
    : Pass<"slice-approximate-math", "::mlir::func::FuncOp"> {
  let summary = "Math functions as polynomial approximations that vectorize";
  let description = [{
    Rewrites `math.exp` and `math.tanh` (on f32, and on f16 / bf16 through
    f32) into approximations of their own: arith and math.fma ops, which
    LLVM vectorizes with the loop around them, where a call of libm's
    scalar function keeps the loop scalar. exp: Cody-Waite reduction with
    a split ln(2), a degree-6 polynomial, and the scaling by 2^k in two
    steps so that results near overflow and subnormal results are rounded
    once; tanh: an odd polynomial below |x| = 0.625, 1 - 2 / (exp(2|x|) + 1)
    above. Measured against NumPy over a dense sweep of float32
    (`test/Integration/CPU/approximate-math.test`: 1.7 million inputs):
    exp within 0.98 ulp, subnormal results included; tanh within 1.20 ulp;
    infinities, NaN and signed zeros as libm's. Upstream's approximations
    (5.5 and 4.9 ulp, exp's subnormals flushed) are not used.
    `--slice-to-llvm` runs it unless `approximate-math=false` (libm for
    every function).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def SliceMathToLibm : Pass<"slice-math-to-libm", "::mlir::ModuleOp"> {
  let summary = "The math functions LLVM has no intrinsic for as libm calls";
  let description = [{
    `math.acosh`, `math.asinh`, `math.atanh`, `math.cbrt`, `math.erf` and
    `math.erfc` have no LLVM intrinsic, so `--convert-math-to-llvm` leaves
    them and the CPU pipeline failed ("failed to legalize operation
    'math.erf'": GELU did not compile); it lowers `math.expm1` as
    `exp(x) - 1` and `math.log1p` as `log(1 + x)`, 0 for small inputs
    (expm1(1e-20) = 0, not 1e-20). This pass calls libm's function
    for each (`erff`, `erf`, ...; upstream's `populateMathToLibmConversionPatterns`,
    vectors element by element) and leaves every other math op to the
    LLVM conversion. f16 and bf16 operands are computed in f32 and
    rounded back, as the GPU route's libdevice does.
    `--slice-to-llvm` runs it after `--slice-approximate-math`, which
    takes the functions that have a vectorizing approximation first.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def SliceSCFToControlFlow : Pass<"slice-scf-to-cf"> {
  let summary = "Lower scf ops to the cf dialect, the last op of a block "
                "first";
  let description = [{
    `--convert-scf-to-cf`'s patterns (`scf.for`, `scf.if`, `scf.while`,
    `scf.parallel`, `scf.forall`, `scf.index_switch`, `scf.execute_region`)
    applied from the back of each block. Each lowering splits the block at
    its op, and the split moves every op after it into the new block one at
    a time; upstream's pass lowers the first op first, so a body of N loops
    moves O(N^2) ops (a 4096-way concat's parts: 50 s of a 54 s compile).
    From the back, each op moves once. The result is upstream's, block for
    block. An scf op the patterns leave (none that the pipelines make) is an
    error, as in upstream's pass.
  }];
  let dependentDialects = ["::mlir::cf::ControlFlowDialect"];
}

def SliceGPUToLLVM : Pass<"slice-gpu-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Upstream's --gpu-to-llvm with the runtime functions "
                "declared first, in linear time";
  let description = [{
    Upstream's `--gpu-to-llvm` looks each runtime function up by name for
    every call it builds (`mgpuStreamCreate`, `mgpuMemAlloc`, ...), a scan
    of the module's ops from the front, and declares a missing one at the
    end of the module: every lookup walks past every function, O(N^2) for N
    functions (2.7 s of 22 s at 4096 functions through `--slice-to-nvvm`).
    This pass declares the stream and allocation functions that every host
    function of the pipelines calls at the front of the module, runs
    upstream's pass, and erases the declarations nothing calls: the output
    is upstream's but for where the declarations stand.
    `--slice-to-nvvm` runs it.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SliceExpandBF16 : Pass<"slice-expand-bf16", "::mlir::func::FuncOp"> {
  let summary = "bf16 conversions as integer arithmetic that keeps subnormals";
  let description = [{
    `arith.truncf` to bf16 and `arith.extf` from bf16 as upstream's integer
    expansions (`arith::populateExpandBFloat16Patterns`: round to nearest
    even on the bits). LLVM lowers an f32 to bf16 truncation on CPUs
    without bf16 instructions to a call of `__truncsfbf2`, and the one the
    MLIR runtime provides flushes subnormal results to zero
    (math_coverage.py: erfc(9.25) in bf16 was 0, not 4.2e-39); the integer
    form is exact and vectorizes. The CPU pipeline runs it; NVVM has
    `cvt.rn.bf16.f32`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def SliceFinalizeBodiesToLLVM
    : Pass<"slice-finalize-bodies-to-llvm", "::mlir::func::FuncOp"> {
  let summary = "Convert the function-local ops (arith, index, math, ub, "
                "vector, memref views and accesses) of one function to LLVM";
  let description = [{
    The first half of `--slice-finalize-to-llvm`, nested on `func.func` so
    that the pass manager converts several functions at once: every op
    whose lowering needs nothing outside its function. What needs the
    module (the functions and calls themselves, `memref.alloc`, `dealloc`
    and `copy` with their runtime declarations, `vector.print`) and what
    changes block signatures (`cf`) is left for `--slice-finalize-to-llvm`;
    values crossing between the two halves meet in
    `builtin.unrealized_conversion_cast`s, which that conversion folds.

    The converted body is then cleaned up as `--cse` would: the lowering of
    views takes each descriptor apart field by field and makes each
    constant again where it is used, so that about 40% of its ops repeat
    others or are never read (10k slice ops of bench/compile_scaling.py:
    467k printed lines before, 284k after), which the module's half, the
    printer and the translation to LLVM IR would otherwise walk on one
    thread.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
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

    Two steps that would otherwise be passes of their own, each verifying
    the whole module once more: `cf.assert` is lowered first, as
    `--slice-assert-to-stderr` does; the `builtin.unrealized_conversion_cast`s
    left between the two halves are folded last, as
    `--reconcile-unrealized-casts` does (casts still in use between
    unrelated types stay, for a later conversion). Vector ops must be 1-D
    (the ones `--slice-lower-copies` emits).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // SLICE_CODEGEN_PASSES_TD
