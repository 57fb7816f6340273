#!/usr/bin/env bash
# Configures (once) and builds slice into build/ (or $SLICE_BUILD_DIR).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/env.sh"
build=${SLICE_BUILD_DIR:-$root/build}
llvm=$SLICE_LLVM_PREFIX

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE="${SLICE_BUILD_TYPE:-Release}" \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" -DLLVM_DIR="$llvm/lib/cmake/llvm" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" -DPython3_EXECUTABLE="$SLICE_PYTHON" \
    ${SLICE_CMAKE_ARGS:-}
fi
cmake --build "$build"
