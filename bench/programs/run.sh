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
# (SLICE_BENCH_RUNS, default 5); and the GPU route's bytes on the emulated
# device (bench/programs/gpu.py bytes) where the build has it. Writes the
# "Whole programs" section of docs/performance.md
# (bench/programs/report.py). Not part of the tests; about 10 minutes and
# 1 GiB of memory.
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
# Two allocator regimes, every side under each (bench/programs/report.py):
#   reuse  memory freed is kept and reused (glibc's heap only, never
#          returned), as a framework's caching allocator does: after the
#          warm-up no call faults in fresh pages, so a timing is the code's;
#   fresh  every result of 32 MiB or more is mapped afresh and faulted in,
#          on transparent huge pages (bench/run.sh's setting; NumPy asks
#          for them itself, ours with --slice-huge-page-allocations). On
#          this machine faulting in 32 MiB takes 1.4 ms, and 20-50 ms in
#          stretches of seconds.
reuse=glibc.malloc.hugetlb=1:glibc.malloc.mmap_max=0:glibc.malloc.trim_threshold=4294967296
fresh=glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864
export SLICE_BENCH_EVICT="$out/libevict.so" OMP_PROC_BIND=true OMP_PLACES=cores
: > "$out/results.jsonl"
tag() { sed "s/^{\"program\"/{\"regime\": \"$1\", \"program\"/"; }
for ((run = 1; run <= ${SLICE_BENCH_RUNS:-5}; ++run)); do
  "$out/probe" "programs start" 10 >> "$out/results.jsonl"
  for regime in reuse fresh; do
    export GLIBC_TUNABLES=${!regime}
    # The sides take turns at going first too.
    for ((turn = 0; turn < 4; ++turn)); do
      case $(( (turn + run) % 4 )) in
        0) "$out/harness" "${only:-all}" "$run" ;;
        1) "$SLICE_PYTHON" "$here/programs.py" numpy $only ;;
        2) "$SLICE_PYTHON" "$here/programs.py" torch 1 $only ;;
        3) "$SLICE_PYTHON" "$here/programs.py" torch "$(nproc)" $only ;;
      esac | tag $regime >> "$out/results.jsonl"
    done
  done
  unset GLIBC_TUNABLES
  "$out/probe" "programs end" >> "$out/results.jsonl"
done
# The GPU route's bytes, on the emulated device where the build has it.
bytes=()
if [ -f "$build/lib/emulated-device/libcuda.so.1" ] &&
   [ -f "$build/lib/libslice_cuda_runtime.a" ]; then
  SLICE_BUILD_DIR="$build" "$SLICE_PYTHON" "$here/gpu.py" bytes "$out/gpu" \
    --json "$out/gpu_bytes.jsonl" >&2
  bytes=("$out/gpu_bytes.jsonl")
fi
"$SLICE_PYTHON" "$here/report.py" "$out/results.jsonl" "$root/docs/performance.md" "${bytes[@]}"
echo "== wrote the whole-program section of docs/performance.md" >&2
