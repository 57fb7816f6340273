//===- Passes.td - slice-level transformations -------------*- tablegen -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Program-level passes: slice ops rewritten into other slice ops
// (lib/Transforms), the program transforms around them that know no slice
// op (lib/Transforms/Program), the MLIR 22 patch before bufferization
// (lib/Compat/ProtectViewReads.cpp) and the per-process code of sharded
// functions (lib/Transforms/Sharding).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_TRANSFORMS_PASSES_TD
#define SLICE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SliceCanonicalize : Pass<"slice-canonicalize"> {
  let summary = "Upstream's canonicalization, marking every analysis "
                "preserved when it changed nothing";
  let description = [{
    `--canonicalize` with its default options (every loaded dialect's and
    registered op's canonicalization patterns, top-down, normal region
    simplification, at most 10 iterations), applied greedily; when no
    pattern and no fold changed the IR, the pass marks every analysis
    preserved, so that the pass manager does not verify the IR after it
    (upstream's pass verifies after every run). The pipelines run it
    wherever they canonicalize: on many small functions, half of the
    canonicalizations change nothing, and verifying after each was a large
    share of the compile time (docs/performance.md).
  }];
}

def SliceNormalize : Pass<"slice-normalize"> {
  let summary = "Rewrite every slice op into the explicit per-dimension "
                "normal form the lowerings consume";
  let description = [{
    Rewrites every `slice.strided_axes` into `slice.strided` (and every
    `slice.strided_axes_update` into `slice.strided_update`), and every
    `slice.strided` and `slice.strided_update` into its normal form
    (docs/normal-form.md; an update takes the normal form of the slice it
    writes): offset
    mode, no ellipsis, begin or end mask bits, one entry per input dimension
    (plus one per new axis) holding the final start, the extent and the
    stride. Static values are computed now; for dynamic dimensions and
    operands the wrap / clamp / size arithmetic is emitted as `arith` ops
    by the semantics library, folding whatever is known.

    What only run time can check (a dynamic stride of 0, a shrink index or
    an offset-mode window out of bounds) becomes a `cf.assert` with a
    message naming the op and the entry, ahead of the slice, so that the
    normal form's values can be trusted by the lowerings.

    Ops already in normal form are left alone: the pass is idempotent.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def SliceFoldConstants : Pass<"slice-fold-constants"> {
  let summary = "Fold slices of constants, whatever their size";
  let description = [{
    Replaces every `slice.strided` of a constant (`arith.constant` with a
    dense value) by the constant it computes. The folder run by
    canonicalize only folds splats and results of up to 4096 elements, so
    that big constants are not duplicated by default; this pass folds up to
    `max-elements` elements (any size when negative).
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"-1",
           "The largest result to fold, in elements (negative: no limit)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def SlicePropagate : Pass<"slice-propagate"> {
  let summary = "Move slices above the element-wise ops that produce their "
                "sources";
  let description = [{
    A `slice.strided` of an element-wise producer becomes the producer
    applied to slices of its inputs, so that only the elements the slice
    reads are computed, and a consumer of the slice reads the inputs
    through views. Any spec moves: strides of either sign, run-time
    values, shrink entries and new axes. Producers are `linalg.generic`
    ops whose loops are all parallel, whose result is indexed by the
    identity and whose inputs by projected permutations (broadcasts and
    transposes move with the maps), with no `linalg.index`; the named
    linalg ops of that kind (`linalg.broadcast`, `linalg.transpose`,
    `linalg.map`, the element-wise ops) are generalized first; and
    element-wise ops on tensors (`arith`, `math`). A producer whose result
    another op needs whole is left alone: the slice moves only when the
    producer has no other user, or when all its users are slices that
    together read no more elements than it holds.

    Chains move step by step (a slice of a generic of a generic ends at the
    inputs), and slices of slices compose as they meet (the slice ops'
    canonicalization). `populateSlicePropagationPatterns` gives the
    patterns to an embedder's pipeline, with a control function of its
    own.

    ```mlir
    // Before: all of exp(x) * 2 is computed, a quarter of it read.
    %y = linalg.generic {...} ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {...}
    %s = slice.strided %y[::2, 1:-1:2] : tensor<8x8xf32> to tensor<4x3xf32>
    // After: the generic runs on the 4x3 elements the slice selects.
    %x2 = slice.strided %x[0:8:2, 1:6:2] offset : tensor<8x8xf32> to tensor<4x3xf32>
    %s = linalg.generic {...} ins(%x2 : tensor<4x3xf32>) outs(%e2 : tensor<4x3xf32>) {...}
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def SliceReuseInputBuffers : Pass<"slice-reuse-input-buffers"> {
  let summary = "Let element-wise results take the buffers of inputs that "
                "die at them";
  let description = [{
    Upstream's element-wise fusion gives every `linalg.generic` a
    `tensor.empty` init, so one-shot-bufferize allocates each result. This
    pass makes an input the init instead when the op is element-wise (all
    loops parallel, the init not read), the input has the result's type and
    the identity map, the op is its only user, and its buffer may be
    written: a temporary (a destination-style result whose init is a
    `tensor.empty`), or a function argument, or a view of one, that is not
    marked `bufferization.writable = false` (a caller that donates its
    buffers). An argument's view is taken only where that pays: not a view
    that skips elements of its rows (a step other than 1 or -1 along the
    last dimension: it would be written a fraction of each sector at a
    time, and returned sparse), and not for a result a reduction reads
    (the reduction's loop computes it where it reads it instead of storing
    it: writable-arguments=true had `max(-x[a:b, ::-2], b).min(0)` at 2.6x
    NumPy's time). The result then needs no allocation and no fresh pages; an
    element-wise op reads each element before writing it, and
    one-shot-bufferize still copies where something else reads the buffer
    later. The pipelines run it after the fusion.

    ```mlir
    // Before:
    %e = tensor.empty() : tensor<5xi32>
    %r = linalg.generic {...} ins(%v, %v : tensor<5xi32>, tensor<5xi32>)
        outs(%e : tensor<5xi32>) {...}
    // After (%v a dense view of a donated argument, used here only):
    %r = linalg.generic {...} ins(%v, %v : tensor<5xi32>, tensor<5xi32>)
        outs(%v : tensor<5xi32>) {...}
    ```

    The fusion also drops the destination a caller passed: `outs(%out)` of
    an argument marked `bufferization.writable = true` that the body does
    not read becomes a `tensor.empty`, so the result would be a fresh
    allocation and `%out` never written. A result the function returns
    whose init is a `tensor.empty` (not read, indexed by a permutation)
    takes back the first argument of its type that is marked
    `bufferization.writable = true` and whose elements nothing in the
    function reads any more (`tensor.dim` of it, which the fusion's
    `tensor.empty` takes its sizes from, may stay).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def SliceSplitConcatConsumers : Pass<"slice-split-concat-consumers"> {
  let summary = "Run the element-wise consumers of a concat on its operands";
  let description = [{
    An element-wise `linalg.generic` (all loops parallel, inits indexed by
    permutations, inputs by projected permutations, no `linalg.index`) that
    reads a `tensor.concat` no other op reads, along a dimension that
    follows one of its loops, becomes one generic per operand of the
    concat, on that operand and on unit-stride slices of its other inputs
    (an input broadcast along that loop is read whole), and the concat
    moves to its results. Chains of consumers split step by step.

    The concat then joins the program's last values: upstream's
    element-wise fusion merges each part's producer into it, and
    `--slice-decompose-concats` with `--eliminate-empty-tensors` has every
    part write straight into the result. `relu(concat(a, b))` then reads
    `a` and `b` once and writes the result once, where the concat first
    writes a temporary that relu reads again. The pipelines run it before
    the fusion; `populateSliceSplitConcatConsumersPatterns` gives the
    pattern to an embedder.

    ```mlir
    // Before:
    %c = tensor.concat dim(1) %a, %b : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
    %r = linalg.generic {...} ins(%c, %row : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {...}
    // After:
    %row0 = tensor.extract_slice %row[0] [3] [1] : tensor<8xf32> to tensor<3xf32>
    %r0 = linalg.generic {...} ins(%a, %row0 : tensor<4x3xf32>, tensor<3xf32>) outs(%e0 : tensor<4x3xf32>) {...}
    %row1 = tensor.extract_slice %row[3] [5] [1] : tensor<8xf32> to tensor<5xf32>
    %r1 = linalg.generic {...} ins(%b, %row1 : tensor<4x5xf32>, tensor<5xf32>) outs(%e1 : tensor<4x5xf32>) {...}
    %r = tensor.concat dim(1) %r0, %r1 : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def SliceFuseElementwise : Pass<"slice-fuse-elementwise"> {
  let summary = "Fuse element-wise linalg ops, each fused op within a "
                "bound on its operands";
  let description = [{
    Upstream's `--linalg-fuse-elementwise-ops`: the same patterns (fusion
    of a producer with one use into its consumer, reshapes folded by
    expansion, the canonicalizations and constant folds it runs), with
    one more condition: the fused op has at most `max-operands` operands.
    Each fusion builds a new op holding the operands of both, so fusing a
    chain of N element-wise ops into one op copies O(N^2) operands and
    walks as many uses: `acc = acc + x[v_i]` 4096 times spent 6.8 s of a
    7.5 s compile in upstream's pass. Bounded, the chain becomes ops of up
    to `max-operands` operands each, one loop nest per op, in time linear in
    N. The pipelines run it where they ran upstream's pass.

    Upstream's patterns fuse generics only; importers write reductions and
    transposes as named ops. A `linalg.reduce` of an element-wise op's only
    result, and a `linalg.transpose` next to element-wise ops, become the
    generics they stand for first, so that `tanh(v).mean(0)` and
    `(v[:, ::s] * 2).sum(1)` read v once and write no temporary. Into a
    reduction along its innermost loop, a producer fuses only where it
    reads each input along that loop's rows: `(v.T * 2).sum(1)` fused
    would read v a column apart, element by element, and stays two ops
    (the transposed product in cache-sized blocks, then the row sums).
  }];
  let options = [
    Option<"maxOperands", "max-operands", "unsigned", /*default=*/"64",
           "The most operands a fused op may have (0: no bound)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def SliceBufferizeChains : Pass<"slice-bufferize-chains"> {
  let summary = "Write long chains of inserts and wide concats on buffers "
                "before one-shot-bufferize";
  let description = [{
    One-shot-bufferize decides each in-place write by searching the reads
    and writes of every alias of the buffer written. A chain of N
    `tensor.insert_slice` ops, each into the result of the one before, is
    one alias set of N values: the analysis, and empty-tensor elimination,
    which follows the chain backwards from each insert, grow as N^3 (a
    200-deep chain took minutes; llvm-project #81959 has 471 inserts from a
    concat take 2,667 s). So do wide `tensor.concat` ops, which become such
    chains.

    A chain whose intermediate values each have one use, the next insert,
    is written in place by construction. For chains of at least
    `min-length` inserts this pass writes it on buffers itself: a
    `bufferization.to_buffer` of the chain's root where its first insert
    was (one-shot-bufferize decides whether that buffer is the root's own,
    when nothing reads the root later and it may be written, or a copy, as
    it decides for the first insert), one `memref.copy` into a view of the
    buffer per insert, and a `bufferization.to_tensor` (`restrict
    writable`) of the buffer for the chain's result. Where an insert's
    value is computed by a destination-style op that writes a
    `tensor.empty`, used by the insert only and placed after the insert
    before it, the op computes into the view instead (what empty-tensor
    elimination would have made of it). A concat of at least `min-length`
    operands becomes one buffer and one write per operand the same way; with
    a static shape each operand's producer computes into its part
    wherever it is (the parts are apart). One-shot then analyses only where
    the buffer comes from and what the writes read: linear in the chain.
    Chains sharing one root get this for the first one only.

    ```mlir
    // Before (min-length=2):
    %0 = tensor.insert_slice %a into %t[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
    %1 = tensor.insert_slice %b into %0[4, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x4xf32>
    // After:
    %buf = bufferization.to_buffer %t : tensor<8x4xf32> to memref<8x4xf32, strided<[?, ?], offset: ?>>
    %v0 = memref.subview %buf[0, 0] [2, 4] [1, 1] : ...
    %a0 = bufferization.to_buffer %a read_only : ...
    memref.copy %a0, %v0 : ...
    %v1 = memref.subview %buf[4, 0] [2, 4] [1, 1] : ...
    %b0 = bufferization.to_buffer %b read_only : ...
    memref.copy %b0, %v1 : ...
    %1 = bufferization.to_tensor %buf restrict writable : ...
    ```
  }];
  let options = [
    Option<"minLength", "min-length", "unsigned", /*default=*/"8",
           "Chains with fewer inserts, and concats with fewer operands, are "
           "left to one-shot-bufferize">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def SliceBatchUpdateLoops : Pass<"slice-batch-update-loops"> {
  let summary = "A loop of updates of consecutive windows as one update";
  let description = [{
    An `scf.for` (constant bounds) whose one loop-carried tensor is written
    by one `slice.strided_update` a step, at a window that moves by its own
    size each step (stride 1, inside the tensor at every step), with a
    value computed element-wise from slices of tensors defined outside the
    loop that move the same way (and from splat constants), is one update
    of the whole range, computed from one slice of each source. Steps
    write disjoint windows and read nothing another step writes, so the
    order does not matter: one copy instead of one per step, one launch on
    the GPU (a loop of 64 updates made 64).

    ```mlir
    // Before:
    %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %cache) -> (tensor<128x256xf32>) {
      %i1 = arith.addi %i, %c1 : index
      %p = arith.addi %i, %c64 : index
      %p1 = arith.addi %p, %c1 : index
      %k_i = slice.strided %k[%i:%i1, :] : tensor<64x256xf32> to tensor<?x256xf32>
      %v = tensor.cast %k_i : tensor<?x256xf32> to tensor<1x256xf32>
      %h = arith.mulf %v, %half : tensor<1x256xf32>
      %u = slice.strided_update %h into %acc[%p:%p1, :] : tensor<1x256xf32> into tensor<128x256xf32>
      scf.yield %u : tensor<128x256xf32>
    }
    // After:
    %k_all = slice.strided %k[0:64, :] : tensor<64x256xf32> to tensor<64x256xf32>
    %h = arith.mulf %k_all, %half64 : tensor<64x256xf32>
    %r = slice.strided_update %h into %cache[64:128, :] : tensor<64x256xf32> into tensor<128x256xf32>
    ```

    Loops of any other shape stay loops. `--slice-to-llvm` and
    `--slice-to-nvvm` run it before `--slice-propagate`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def SliceDecomposeConcats : Pass<"slice-decompose-concats"> {
  let summary = "Write the operands of tensor.concat into one tensor";
  let description = [{
    Rewrites every `tensor.concat` into a `tensor.empty` of its result and
    one `tensor.insert_slice` per operand (upstream's
    `populateDecomposeTensorConcatPatterns`). `tensor.concat`'s own
    bufferization allocates the result and copies every operand into it;
    inserts let `--eliminate-empty-tensors` make each operand's producer
    (an element-wise op, a copy of a slice) write straight into its part of
    the result. The pipelines run both before one-shot-bufferize.

    ```mlir
    // Before:
    %c = tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
    // After:
    %e = tensor.empty() : tensor<5x4xf32>
    %0 = tensor.insert_slice %a into %e[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<5x4xf32>
    %c = tensor.insert_slice %b into %0[2, 0] [3, 4] [1, 1] : tensor<3x4xf32> into tensor<5x4xf32>
    ```
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def SliceDecomposeAggregates : Pass<"slice-decompose-aggregates"> {
  let summary = "Decompose linalg.softmax and the other aggregated ops";
  let description = [{
    Rewrites every op that implements `linalg::AggregatedOpInterface`
    (`linalg.softmax`, the Winograd transforms) into the ops of its
    `decomposeOperation` (upstream's decomposition: for softmax, a max
    reduction, `exp(x - max)`, a sum reduction and a division, as
    `linalg.generic` and `linalg.fill`). The named ops that importers emit
    (torch-mlir, StableHLO) are not structured ops, so neither the
    conversion to loops nor to parallel loops would lower them; the
    pipelines run this pass before slices are propagated, so that the
    slices of the decomposition reach their producers too.

    ```mlir
    // Before:
    %r = linalg.softmax dimension(1) ins(%x : tensor<2x16xf32>) outs(%e : tensor<2x16xf32>) -> tensor<2x16xf32>
    // After: linalg.fill of -inf, linalg.generic max, linalg.generic
    // exp(x - max), linalg.fill of 0, linalg.generic sum, linalg.generic
    // division.
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SliceCollapseUnitViews : Pass<"slice-collapse-unit-views"> {
  let summary = "Drop the unit dimensions of views by slices, which "
                "bufferize as views";
  let description = [{
    One-shot-bufferize (MLIR 22) keeps a `tensor.collapse_shape` a view
    only when it can prove the collapsed dimensions contiguous from static
    strides, even where a dimension of size 1 makes its stride irrelevant;
    otherwise it allocates and copies. A slice that shrinks a dimension
    beside a kept one of run-time size keeps every dimension and collapses
    the shrunk one (test/Regression/frontdoor-ambiguous-after-cast.mlir),
    so `y[:, 0]` on a run-time shape was an allocation and a copy.

    This pass rewrites each `tensor.collapse_shape` that only drops
    dimensions of static size 1 (each group has at most one dimension of
    another size), of a function argument or a view (`tensor.extract_slice`,
    `slice.strided`), into the `slice.strided` that shrinks those
    dimensions; its bufferization model builds a `memref.subview` and a
    `memref.collapse_shape`, a view. Collapses of fresh values, which
    bufferize as views anyway, are left. Run it right before
    one-shot-bufferize; the pipelines do.

    ```mlir
    %c = tensor.collapse_shape %v [[0], [1, 2]] : tensor<?x?x1xf32> into tensor<?x?xf32>
    // becomes
    %c = slice.strided %v[:, :, 0] : tensor<?x?x1xf32> to tensor<?x?xf32>
    ```
  }];
  let dependentDialects = ["::mlir::slice::SliceDialect"];
}

def SliceProtectViewReads : Pass<"slice-protect-view-reads"> {
  let summary = "Keep one-shot-bufferize from writing over what a view of "
                "the same buffer still reads";
  let description = [{
    One-shot-bufferize (MLIR 22) lets a subset insertion (`linalg.copy`,
    `tensor.insert_slice`, `tensor.parallel_insert_slice`,
    `bufferization.materialize_in_destination`) write in place when its
    source seems to come from the subset it writes: it follows every alias
    of the source backwards, views included. A copy of `y[::-1]` into a
    tensor that ends up in `y`'s buffer then passes for a copy of `y` onto
    itself, and overwrites what the reversed view still reads
    (docs/reliability.md).

    This pass rewrites each insertion whose source reaches such a
    candidate through a view (a non-equivalent alias, such as
    `tensor.extract_slice` or `slice.strided`): a `linalg.copy` becomes the
    equivalent element-wise `linalg.generic`, and other insertions take
    their source through an element-wise copy into the subset they write.
    One-shot-bufferize checks element-wise ops soundly (equivalent buffers
    only), so each copy stays in place when nothing conflicts and gets a
    buffer of its own when something does. Run it right before
    one-shot-bufferize; the pipelines do.

    ```mlir
    // Before:
    %v = tensor.extract_slice %y[7] [8] [-1] : tensor<8xf32> to tensor<8xf32>
    %r = linalg.copy ins(%v : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    // After:
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%v : tensor<8xf32>) outs(%e : tensor<8xf32>) {...} -> tensor<8xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

//===----------------------------------------------------------------------===//
// lib/Transforms/Sharding: the per-process code of sharded functions
//===----------------------------------------------------------------------===//
// The steps `--slice-to-llvm="spmd=true"` runs besides upstream's
// sharding propagation, partitioning and convert-shard-to-mpi.

def SliceLowerShardToMPI
    : Pass<"slice-lower-shard-to-mpi", "::mlir::ModuleOp"> {
  let summary = "Lower the shard ops MLIR 22's convert-shard-to-mpi cannot";
  let description = [{
    The step of `--slice-to-llvm="spmd=true"` before `convert-shard-to-mpi`,
    which in MLIR 22 lowers `shard.all_reduce` of static shapes only (and
    reports an error on any other) and no `shard.send` or `shard.recv`.
    - Each `shard.send` and `shard.recv` (the point-to-point exchange of a
      partitioned slice) becomes one blocking `mpi.send` or `mpi.recv` of
      the flattened buffer, to or from the peer's rank in the
      communicator of its grid axes (`mpi.comm_split` of the world by the
      other axes). The partition orders them so that they cannot
      deadlock.
    - Each `shard.all_reduce` of run-time shape (the shard sizes of a
      source of run-time size are static; a hand-written one may not be)
      becomes one `mpi.allreduce` of the flattened tensor from its buffer
      into a fresh one, over the same communicator. Static all_reduces
      are left to upstream.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::mpi::MPIDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def SliceForwardMPIBuffers
    : Pass<"slice-forward-mpi-buffers", "::mlir::func::FuncOp"> {
  let summary = "Send from and receive into contiguous views directly";
  let description = [{
    The step of `--slice-to-llvm="spmd=true"` after bufferization. A
    partitioned slice receives each block of its part into a fresh buffer
    and copies it into its place in the result, and packs each block it
    sends into a fresh buffer first: as bufferized, an `mpi.recv` into a
    buffer that a `memref.copy` then copies into a view, or an `mpi.send`
    of a buffer that a `memref.copy` filled from a view. Where that view
    is contiguous (rows of a row-major buffer: a block along the first
    dimension, or one whole), this pass makes MPI receive into it, or
    send from it, directly, and drops the buffer and the copy: one pass
    over the data fewer on each side. A view with gaps or a negative
    stride keeps its copy.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SliceFinishSpmd : Pass<"slice-finish-spmd", "::mlir::ModuleOp"> {
  let summary = "Check that every shard op became MPI and drop the grids";
  let description = [{
    The step of `--slice-to-llvm="spmd=true"` after `convert-shard-to-mpi`.
    MLIR 22's conversion lowers some collectives only (all_reduce,
    process indices, shard shapes) and leaves the others in place without
    failing; this pass names each shard op left with an error instead of
    letting the LLVM conversion fail on it later. Then it erases the
    `shard.grid` symbols, which nothing uses any more and nothing lowers,
    and names MPICH as the module's MPI ABI (a DLTI entry
    "MPI:Implementation", which MPIToLLVM reads) unless it names one.
  }];
  let dependentDialects = ["::mlir::DLTIDialect"];
}

#endif // SLICE_TRANSFORMS_PASSES_TD
