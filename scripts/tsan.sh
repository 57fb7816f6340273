#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# The pipelines on MLIR's thread pool under ThreadSanitizer
# (docs/reliability.md): builds slice-opt with clang-22 and
# -fsanitize=thread into build-tsan/ (or $SLICE_TSAN_BUILD_DIR), then runs
# --slice-to-llvm (views and copies), --slice-to-nvvm and spmd=true with
# threading on, over modules of many functions (threading_check.py's: 120
# random slices and updates, each a function of its own; 40 sharded ones),
# each $SLICE_TSAN_RUNS times (default 3). Debian's libMLIR.so is not
# instrumented: TSan sees what our code does and the pthread calls it
# intercepts, not the atomics inside libMLIR; scripts/tsan.supp suppresses
# only reports shown to lie in upstream's code. Prints one line per run
# and `tsan: N runs, N reports`; exit status 1 on any report.
# Not part of command 2 (the build takes a quarter of an hour on 2 cores);
# test/Pipelines/threading.test is its check without instrumentation.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/env.sh"
build=${SLICE_TSAN_BUILD_DIR:-$root/build-tsan}
llvm=$SLICE_LLVM_PREFIX
runs=${SLICE_TSAN_RUNS:-3}

bash "$root/scripts/install-deps.sh"
if [ ! -f "$build/build.ninja" ]; then
  mkdir -p "$build"
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$llvm/bin/clang" -DCMAKE_CXX_COMPILER="$llvm/bin/clang++" \
    -DCMAKE_CXX_FLAGS="-g" \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" -DLLVM_DIR="$llvm/lib/cmake/llvm" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" -DPython3_EXECUTABLE="$SLICE_PYTHON" \
    -DLLVM_USE_SANITIZER=Thread \
    -DSLICE_ENABLE_ASSERTIONS=ON \
    ${SLICE_CMAKE_ARGS:-} > "$build/configure.log" 2>&1 ||
    { cat "$build/configure.log"; exit 1; }
fi
cmake --build "$build" --target slice-opt

work="$build/tsan-runs"
rm -rf "$work"
mkdir -p "$work"
# The modules: threading_check.py's generators, written out.
SLICE_ROOT=$root "$SLICE_PYTHON" - "$work" <<'EOF'
import os, sys
sys.path.insert(0, os.path.join(os.environ.get("SLICE_ROOT", "."),
                                "test", "Pipelines"))
import threading_check as t
with open(os.path.join(sys.argv[1], "functions.mlir"), "w") as f:
    f.write(t.random_module(120, 7))
with open(os.path.join(sys.argv[1], "sharded.mlir"), "w") as f:
    f.write(t.spmd_module(40, 7))
EOF
export TSAN_OPTIONS="halt_on_error=0 report_signal_unsafe=0 suppressions=$root/scripts/tsan.supp ${TSAN_OPTIONS:-}"
total=0
reports=0
run() {  # run MODULE PIPELINE
  local module=$1 pipeline=$2 log count
  for ((i = 1; i <= runs; ++i)); do
    log="$work/$(basename "$module" .mlir)-${pipeline//[^a-z0-9]/_}-$i.log"
    PATH=${CUDA_PATH:-/usr/local/cuda}/bin:$PATH \
      "$build/bin/slice-opt" "$module" "$pipeline" -o /dev/null > "$log" 2>&1 || true
    count=$(grep -c "^WARNING: ThreadSanitizer" "$log" || true)
    echo "tsan $(basename "$module") $pipeline run $i: $count reports"
    total=$((total + 1))
    reports=$((reports + count))
  done
}
for pipeline in --slice-to-llvm --slice-to-llvm=slices=copy \
    --slice-to-nvvm=format=isa; do
  run "$work/functions.mlir" "$pipeline"
done
run "$work/sharded.mlir" --slice-to-llvm=spmd=true
echo "tsan: $total runs, $reports reports (logs in $work)"
[ "$reports" -eq 0 ]
