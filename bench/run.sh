#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Regenerates docs/performance.md: the copy benchmark (ours, memcpy, NumPy,
# PyTorch, TensorFlow's Eigen kernel, the upstream MLIR route) and the
# compile-time scaling of slice-opt.
# Usage: bench/run.sh [SIZES]   SIZES filters the sizes, e.g. "1MiB 64MiB".
# SLICE_BENCH_RUNS (3) sets how many times the copy timings run, in turn with
# NumPy's. Not part of the tests; takes about 25 minutes and 2-3 GiB of memory.
# SLICE_BENCH_CPU (native) is llc's -mcpu; with SLICE_BENCH_BUILD_ONLY=1 the
# script stops once the harnesses are built in bench/out (scripts/
# gpu-bundle.sh carries them to a machine with more cores).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/env.sh"
build=${SLICE_BUILD_DIR:-$root/build}
llvm=$SLICE_LLVM_PREFIX
only=${1:-}
bash "$root/scripts/install-deps.sh" --bench
bash "$root/scripts/build.sh" >/dev/null
out="$root/bench/out"
rm -rf "$out"
mkdir -p "$out"

echo "== generating and compiling the benchmark modules" >&2
"$SLICE_PYTHON" "$root/bench/gen.py" "$out"
# Ours: --slice-to-llvm. Views and copies into the caller's buffer return
# no buffer of their own, so they need no deallocation (which would clone a
# returned view).
"$build/bin/slice-opt" "$out/ours_alloc.mlir" "--slice-to-llvm=slices=copy" -o "$out/ours_alloc.ll.mlir"
"$build/bin/slice-opt" "$out/ours_into.mlir" "--slice-to-llvm=deallocate=false" -o "$out/ours_into.ll.mlir"
"$build/bin/slice-opt" "$out/ours_view.mlir" "--slice-to-llvm=deallocate=false" -o "$out/ours_view.ll.mlir"
# The same copies, those of 128 KiB or more on OpenMP threads (all cores;
# SLICE_BENCH_PARALLEL_BYTES sets the threshold), so that the 1 MiB points
# run on threads too, as PyTorch's do: each threaded variant times its
# rounds apart from the single-threaded ones (bench/harness.c), where at
# 1 MiB two threads beat one at every case ((a) into: 5.8 -> 3.8 us, (f)
# write: 9.8 -> 6.9). Timed in turn with ours on one thread, into the
# buffer that thread wrote last, a threaded copy first moved the other
# core's half of the lines ((a) into: 6.0 -> 11.3 us with 128 KiB, which
# is why this was 4 MiB before).
threads="parallel-bytes=${SLICE_BENCH_PARALLEL_BYTES:-131072}"
"$build/bin/slice-opt" "$out/ours_alloc_mt.mlir" "--slice-to-llvm=slices=copy $threads" -o "$out/ours_alloc_mt.ll.mlir"
"$build/bin/slice-opt" "$out/ours_into_mt.mlir" "--slice-to-llvm=deallocate=false $threads" -o "$out/ours_into_mt.ll.mlir"
# Upstream: one-shot-bufferize with identity layouts at function boundaries
# (the returned slice is copied with memref.copy), then the standard
# lowering, which calls the runtime's memrefCopy. No deallocation pipeline:
# the caller frees the fresh result, and the pipeline would clone the
# caller's buffer that the into functions return (a second copy).
upstream="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},convert-bufferization-to-memref,func.func(convert-linalg-to-loops),expand-strided-metadata,lower-affine,convert-scf-to-cf,finalize-memref-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)"
for kind in alloc into; do
  "$llvm/bin/mlir-opt" "$out/upstream_$kind.mlir" --pass-pipeline="$upstream" -o "$out/upstream_$kind.ll.mlir"
done
if ! grep -q "llvm.call @memrefCopy" "$out/upstream_alloc.ll.mlir"; then
  echo "the upstream route no longer calls memrefCopy; revisit the baseline" >&2
  exit 1
fi
triple=$("$llvm/bin/llvm-config" --host-target)
objects=()
for module in ours_alloc ours_alloc_mt ours_into ours_into_mt ours_view upstream_alloc upstream_into; do
  "$llvm/bin/mlir-translate" --mlir-to-llvmir "$out/$module.ll.mlir" -o "$out/$module.ll"
  # -mtriple: without a triple llc expands llvm.memcpy into a byte loop.
  "$llvm/bin/llc" -O3 -mcpu="${SLICE_BENCH_CPU:-native}" -mtriple="$triple" -filetype=obj -relocation-model=pic "$out/$module.ll" -o "$out/$module.o"
  objects+=("$out/$module.o")
done
cc -O2 -I"$out" "$root/bench/harness.c" "${objects[@]}" -o "$out/harness" \
  -L"$llvm/lib" -lmlir_c_runner_utils -lomp -Wl,-rpath,"$llvm/lib"
# The write side: y[...] = v in place, ours (on one thread and on all
# cores) and upstream's insert_slice.
"$build/bin/slice-opt" "$out/ours_update.mlir" "--slice-to-llvm=deallocate=false" -o "$out/ours_update.ll.mlir"
"$build/bin/slice-opt" "$out/ours_mt_update.mlir" "--slice-to-llvm=deallocate=false $threads" -o "$out/ours_mt_update.ll.mlir"
"$llvm/bin/mlir-opt" "$out/upstream_update.mlir" --pass-pipeline="$upstream" -o "$out/upstream_update.ll.mlir"
for module in ours_update ours_mt_update upstream_update; do
  "$llvm/bin/mlir-translate" --mlir-to-llvmir "$out/$module.ll.mlir" -o "$out/$module.ll"
  "$llvm/bin/llc" -O3 -mcpu="${SLICE_BENCH_CPU:-native}" -mtriple="$triple" -filetype=obj -relocation-model=pic "$out/$module.ll" -o "$out/$module.o"
done
cc -O2 -I"$out" "$root/bench/update_harness.c" "$out/ours_update.o" "$out/ours_mt_update.o" \
  "$out/upstream_update.o" -o "$out/update_harness" -L"$llvm/lib" -lmlir_c_runner_utils -lomp \
  -Wl,-rpath,"$llvm/lib"
# The machine's state for threaded timings (bench/probe.c).
cc -O2 -fopenmp -I"$root/bench" "$root/bench/probe.c" -o "$out/probe"
# The harnesses' eviction of the caches, for the Python sides
# (bench/caches.py).
cc -O2 -shared -fPIC -I"$root/bench" "$root/bench/evict.c" -o "$out/libevict.so"
# TensorFlow's CPU kernel: its Eigen expressions, compiled for this machine
# (bench/eigen_harness.cpp).
c++ -std=c++17 -O3 -march="${SLICE_BENCH_CPU:-native}" -DNDEBUG -I/usr/include/eigen3 \
  -I"$out" -I"$root/bench" "$root/bench/eigen_harness.cpp" -o "$out/eigen_harness" -pthread

# Sharded slices on 2 and 4 MPI processes (docs/sharding.md): the module
# for each process count from bench/spmd_gen.py, MPICH's mpicc.
for procs in 2 4; do
  "$SLICE_PYTHON" "$root/bench/spmd_gen.py" "$procs" > "$out/spmd_$procs.mlir"
  "$build/bin/slice-opt" "$out/spmd_$procs.mlir" "--slice-to-llvm=spmd=true slices=copy" -o "$out/spmd_$procs.ll.mlir"
  "$llvm/bin/mlir-translate" --mlir-to-llvmir "$out/spmd_$procs.ll.mlir" -o "$out/spmd_$procs.ll"
  "$llvm/bin/llc" -O3 -mcpu="${SLICE_BENCH_CPU:-native}" -mtriple="$triple" -filetype=obj -relocation-model=pic "$out/spmd_$procs.ll" -o "$out/spmd_$procs.o"
  mpicc.mpich -O2 -I"$root/bench" "$root/bench/spmd_harness.c" "$out/spmd_$procs.o" -o "$out/spmd_harness_$procs"
done

[ "${SLICE_BENCH_BUILD_ONLY:-}" = 1 ] && exit 0

echo "== timing (harnesses, then NumPy, Eigen and PyTorch)" >&2
# Fresh results are page-faulted in by whoever allocates them. NumPy asks
# for transparent huge pages for big arrays (madvise); glibc's malloc does
# so too with hugetlb=1, so that every side faults 2 MiB pages. The two
# thresholds fix glibc's malloc in the state its dynamic thresholds reach
# after a few calls (blocks under 32 MiB reused from the heap, larger ones
# mapped afresh): with hugetlb=1 and the dynamic thresholds, whether a
# 512 KiB result faulted on every call changed from process to process
# (ours alloc of (a) at 1 MiB: 5.5-6 us in some, 46-48 us in others).
export GLIBC_TUNABLES=glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864
export SLICE_BENCH_EVICT="$out/libevict.so"
# OpenMP threads (ours, and PyTorch's libgomp) bound one to a core: unbound,
# one process in about six ran every small parallel region of ours some
# 65 us late (a 1 MiB copy on two threads: 71 us against 5.5-6), as if
# the worker waited for the calling thread's core; bound, none in six.
export OMP_PROC_BIND=true OMP_PLACES=cores
# Ours and the peers in turn, several times (report.py takes the median of
# the runs): a slow stretch of this shared machine then falls on all sides.
: > "$out/results.jsonl"
# A process whose timings use threads runs between two probes of the
# machine's two states (bench/probe.c); the first waits up to 10 s for the
# high one. Each size has processes of its own, so that a process lasts
# seconds, not minutes, and ours and the peers' threaded processes of one
# size follow each other within a minute: with one process for all sizes,
# the state changed inside most of them (the report compared nothing in
# one state).
threaded() {
  local name=$1
  shift
  "$out/probe" "$name start" 10 >> "$out/results.jsonl"
  "$@" >> "$out/results.jsonl"
  "$out/probe" "$name end" >> "$out/results.jsonl"
}
for ((run = 1; run <= ${SLICE_BENCH_RUNS:-3}; ++run)); do
  for size in ${only:-1MiB 64MiB 512MiB}; do
    threaded "harness $size" "$out/harness" "$size"
    threaded "update $size" "$out/update_harness" "$size"
    "$SLICE_PYTHON" "$root/bench/numpy_bench.py" "$size" >> "$out/results.jsonl"
    threaded "eigen $size" "$out/eigen_harness" "$size"
    "$SLICE_PYTHON" "$root/bench/gpu/torch_bench.py" cpu 1 "$size" >> "$out/results.jsonl"
    threaded "torch $size" "$SLICE_PYTHON" "$root/bench/gpu/torch_bench.py" cpu "$(nproc)" "$size"
  done
done
# 4 processes oversubscribe the 2 cores.
for procs in 2 4; do
  mpirun.mpich -np "$procs" "$out/spmd_harness_$procs" >> "$out/results.jsonl"
done

echo "== compile-time scaling" >&2
unset GLIBC_TUNABLES OMP_PROC_BIND OMP_PLACES
"$SLICE_PYTHON" "$root/bench/compile_scaling.py" "$build/bin/slice-opt" "$llvm/bin/mlir-opt" "$out" > "$out/scaling.jsonl"

"$SLICE_PYTHON" "$root/bench/report.py" "$out/results.jsonl" "$out/scaling.jsonl" > "$out/performance.md"
# The whole-program section is bench/programs/run.sh's: carried over.
"$SLICE_PYTHON" "$root/bench/programs/report.py" --carry "$root/docs/performance.md" "$out/performance.md"
cp "$out/performance.md" "$root/docs/performance.md"
echo "== wrote docs/performance.md" >&2
