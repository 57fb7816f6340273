#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# The whole-program benchmark (bench/programs/programs.py): ours (compiled
# by scripts/compile-aot.sh, as a user's program is, on one thread and with
# threads from 128 KiB), upstream's route (the same programs in upstream's
# tensor ops, lowered by upstream passes and the same LLVM optimization),
# NumPy, and PyTorch on one thread and on all cores, in turn, several times
# (SLICE_BENCH_RUNS, default 3). Writes the "Whole programs" section of
# docs/performance.md (bench/programs/report.py). Not part of the tests;
# about 5 minutes and 1 GiB of memory.
# Usage: bench/programs/run.sh [PROGRAM]
# SLICE_BENCH_BUILD_ONLY=1 stops once the harness is built in
# bench/programs/out (scripts/gpu-bundle.sh carries it to the GPU machine).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/scripts/env.sh"
build=${SLICE_BUILD_DIR:-$root/build}
llvm=$SLICE_LLVM_PREFIX
only=${1:-}
bash "$root/scripts/install-deps.sh" --bench
bash "$root/scripts/build.sh" >/dev/null
out="$here/out"
rm -rf "$out"
mkdir -p "$out"
"$SLICE_PYTHON" "$here/programs.py" gen "$out"

echo "== compiling the programs" >&2
aot() {  # aot MODULE OPTIONS: an object, as a user compiles it
  env SLICE_BUILD_DIR="$build" bash "$root/scripts/compile-aot.sh" -c \
    "$out/$1.mlir" "$out/$1.o" "$2"
}
aot programs_ours ""
aot programs_ours_mt "parallel-bytes=131072"
# Upstream's route: element-wise ops fused, one-shot-bufferize with
# identity layouts at function boundaries, the deallocation pipeline, the
# standard lowering; then the same LLVM optimization as ours.
upstream="builtin.module(func.func(convert-elementwise-to-linalg,linalg-fuse-elementwise-ops),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},buffer-deallocation-pipeline,convert-bufferization-to-memref,func.func(convert-linalg-to-loops),expand-strided-metadata,lower-affine,convert-scf-to-cf,finalize-memref-to-llvm,convert-math-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,convert-ub-to-llvm,reconcile-unrealized-casts)"
"$llvm/bin/mlir-opt" "$out/programs_upstream.mlir" --pass-pipeline="$upstream" \
  -o "$out/programs_upstream.ll.mlir"
"$llvm/bin/mlir-translate" --mlir-to-llvmir "$out/programs_upstream.ll.mlir" \
  -o "$out/programs_upstream.ll"
cpu=${SLICE_AOT_CPU:-native}
"$llvm/bin/opt" -O3 -mcpu="$cpu" "$out/programs_upstream.ll" -o "$out/programs_upstream.bc"
"$llvm/bin/llc" -O3 -mcpu="$cpu" -mtriple="$("$llvm/bin/llvm-config" --host-target)" \
  -filetype=obj -relocation-model=pic "$out/programs_upstream.bc" \
  -o "$out/programs_upstream.o"
cc -O2 -I"$root/bench" "$out/programs_harness.c" "$out/programs_ours.o" \
  "$out/programs_ours_mt.o" "$out/programs_upstream.o" -o "$out/harness" \
  -L"$llvm/lib" -lmlir_c_runner_utils -lomp -lm -Wl,-rpath,"$llvm/lib"
cc -O2 -shared -fPIC -I"$root/bench" "$root/bench/evict.c" -o "$out/libevict.so"
cc -O2 -fopenmp -I"$root/bench" "$root/bench/probe.c" -o "$out/probe"
[ "${SLICE_BENCH_BUILD_ONLY:-}" = 1 ] && exit 0

echo "== timing" >&2
# As bench/run.sh: every side's big fresh results on transparent huge
# pages (NumPy asks for them itself), threads bound one to a core.
export GLIBC_TUNABLES=glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864
export SLICE_BENCH_EVICT="$out/libevict.so" OMP_PROC_BIND=true OMP_PLACES=cores
: > "$out/results.jsonl"
for ((run = 1; run <= ${SLICE_BENCH_RUNS:-3}; ++run)); do
  "$out/probe" "programs start" 10 >> "$out/results.jsonl"
  "$out/harness" $only >> "$out/results.jsonl"
  "$SLICE_PYTHON" "$here/programs.py" numpy $only >> "$out/results.jsonl"
  "$SLICE_PYTHON" "$here/programs.py" torch 1 $only >> "$out/results.jsonl"
  "$SLICE_PYTHON" "$here/programs.py" torch "$(nproc)" $only >> "$out/results.jsonl"
  "$out/probe" "programs end" >> "$out/results.jsonl"
done
"$SLICE_PYTHON" "$here/report.py" "$out/results.jsonl" "$root/docs/performance.md"
echo "== wrote the whole-program section of docs/performance.md" >&2
