#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# The GPU bundle's run.sh (scripts/gpu-bundle.sh copies it there): runs
# everything on the GPU machine in one go, in order of what matters most,
# each part under a time limit so that one slow part leaves the others
# their results. Needs the NVIDIA driver and python3; PyTorch and NumPy
# where present.
#   bash run.sh OUT [PARTS]   PARTS: any of
#                             tests,errors,bench,programs,torch,profile,cpu
# Writes OUT/summary.txt (one line a part) and OUT/<part> results. A part
# that would start after SLICE_GPU_RUN_DEADLINE seconds (420) is skipped
# and says so.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:-$here/out}
parts=${2:-tests,errors,bench,programs,torch,profile,cpu}
mkdir -p "$out"
summary=$out/summary.txt
: > "$summary"
note() { echo "$*" | tee -a "$summary"; }
started=$(date +%s)
elapsed() { echo $(( $(date +%s) - started ))s; }
wants() {
  [[ ",$parts," == *",$1,"* ]] || return 1
  if (( $(date +%s) - started > ${SLICE_GPU_RUN_DEADLINE:-420} )); then
    note "$1: skipped, past the deadline at $(elapsed)"
    return 1
  fi
}
{ nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv; nproc; lscpu | grep -E 'Model name|^CPU\(s\)'; } > "$out/machine.txt" 2>&1

if wants tests; then
  timeout 240 python3 "$here/tests/gpu_exec.py" run "$here/tests" > "$out/gpu-tests.txt" 2>&1
  note "tests: exit $? ($(tail -1 "$out/gpu-tests.txt")) at $(elapsed)"
fi

if wants errors; then
  log=$out/errors.txt
  : > "$log"
  check() {  # NAME WANT-EXIT GREP-PATTERN ARGS...
    local name=$1 want=$2 pattern=$3
    shift 3
    timeout 60 "$here/errors/prog" "$@" > "$out/errors-$name.out" 2>&1
    local rc=$?
    local ok=1
    case $want in
      0) [ "$rc" = 0 ] || ok=0 ;;
      crash) { [ "$rc" != 0 ] && [ "$rc" != 124 ]; } || ok=0 ;;
    esac
    grep -q -- "$pattern" "$out/errors-$name.out" || ok=0
    echo "$name: exit $rc, $([ $ok = 1 ] && echo PASS || echo FAIL)" >> "$log"
  }
  timeout 60 "$here/errors/prog" > "$out/errors-values.out" 2>&1
  if diff -q "$here/errors/expected" "$out/errors-values.out" > /dev/null; then
    echo "values: PASS" >> "$log"
  else
    echo "values: FAIL" >> "$log"
  fi
  check zero-stride crash "has stride 0" zero-stride
  check row-37 crash "shrink index is out of range" row 37
  check row-minus-1 0 "row -1, element 2: 784$" row -1
  note "errors: $(grep -c PASS "$log") passed, $(grep -c FAIL "$log") failed at $(elapsed)"
fi

if wants bench; then
  timeout 150 "$here/bench/gpu-bench" > "$out/gpu-bench.jsonl" 2> "$out/gpu-bench.err"
  note "bench: exit $? ($(wc -l < "$out/gpu-bench.jsonl") points) at $(elapsed)"
fi

# The whole-program benchmark (bench/programs): ours on the GPU (with each
# allocator of the runtime) and PyTorch there, eager and torch.compile'd
# (default and reduce-overhead modes), and a call alone ("overhead"); then the CPU sides on this
# machine's cores (fresh results on transparent huge pages). Render with
# bench/programs/report.py --gpu OUT/programs.jsonl docs/performance.md.
if wants programs; then
  log=$out/programs.err
  : > "$out/programs.jsonl"
  timeout 60 "$here/programs/programs_gpu" 9 >> "$out/programs.jsonl" 2>> "$log"
  rc=$?
  # The runtime's other allocators (the default is the device's pool): the
  # cache of freed blocks, and cuMemAlloc/cuMemFree at every call.
  for allocator in cache driver; do
    SLICE_CUDA_ALLOCATOR=$allocator timeout 60 "$here/programs/programs_gpu" 9 \
      >> "$out/programs.jsonl" 2>> "$log"
    rc="$rc $?"
  done
  timeout 200 python3 "$here/programs/programs.py" cuda >> "$out/programs.jsonl" 2>> "$log"
  rc="$rc $?"
  (
    export LD_LIBRARY_PATH=$here/cpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    export GLIBC_TUNABLES=glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864
    export SLICE_BENCH_EVICT=$here/programs/libevict.so OMP_PROC_BIND=true OMP_PLACES=cores
    cores=$(nproc)
    timeout 60 "$here/programs/harness" all >> "$out/programs.jsonl" 2>> "$log"
    for side in "numpy" "torch 1" "torch $cores" "torch_compile 1" "torch_compile $cores"; do
      wants programs || break
      # shellcheck disable=SC2086
      timeout 120 python3 "$here/programs/programs.py" $side >> "$out/programs.jsonl" 2>> "$log"
    done
  )
  note "programs: exit $rc ($(wc -l < "$out/programs.jsonl") lines) at $(elapsed)"
fi

if wants torch; then
  timeout 150 python3 "$here/bench/torch_bench.py" cuda > "$out/torch-gpu.jsonl" 2> "$out/torch-gpu.err"
  note "torch: exit $? ($(wc -l < "$out/torch-gpu.jsonl") points) at $(elapsed)"
fi

# The benchmark's 256 MiB kernels under Nsight Compute (or Nsight Systems'
# kernel times) where the machine has it: what a kernel below its target
# spends its time on.
if wants profile; then
  ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null || true)
  nsys=$(command -v nsys || ls /usr/local/cuda/bin/nsys 2>/dev/null || true)
  if [ -n "$ncu" ]; then
    timeout 120 "$ncu" --section SpeedOfLight --section MemoryWorkloadAnalysis \
      -k regex:256MiB -c 48 "$here/bench/gpu-bench" 1 1 > "$out/profile.txt" 2>&1
    note "profile: ncu exit $? at $(elapsed)"
  elif [ -n "$nsys" ]; then
    timeout 120 "$nsys" profile --stats=true -o /tmp/slice-nsys --force-overwrite true \
      "$here/bench/gpu-bench" 1 3 > "$out/profile.txt" 2>&1
    note "profile: nsys exit $? at $(elapsed)"
  else
    note "profile: neither ncu nor nsys on this machine"
  fi
fi

if wants cpu; then
  cores=$(nproc)
  export LD_LIBRARY_PATH=$here/cpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export GLIBC_TUNABLES=glibc.malloc.hugetlb=1
  : > "$out/cpu.jsonl"
  for size in 64MiB 512MiB; do
    wants cpu || break
    OMP_NUM_THREADS=$cores timeout 90 "$here/cpu/harness" "$size" >> "$out/cpu.jsonl" 2>> "$out/cpu.err"
    OMP_NUM_THREADS=$cores timeout 45 "$here/cpu/update_harness" "$size" >> "$out/cpu.jsonl" 2>> "$out/cpu.err"
    timeout 60 python3 "$here/cpu/numpy_bench.py" "$size" >> "$out/cpu.jsonl" 2>> "$out/cpu.err"
    timeout 60 python3 "$here/cpu/torch_bench.py" cpu "$cores" "$size" >> "$out/cpu.jsonl" 2>> "$out/cpu.err"
  done
  note "cpu: $(wc -l < "$out/cpu.jsonl") lines on $cores cores at $(elapsed)"
fi
