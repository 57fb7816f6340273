#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Configures (once) and builds slice with clang-22, ASan + UBSan, libFuzzer
# coverage and our asserts on, into build-san/ (or $SLICE_SAN_BUILD_DIR):
# the build that the sanitizer run of the lit suite and the fuzzers use
# (docs/reliability.md). Needs clang-22 and libclang-rt-22-dev
# (scripts/install-deps.sh installs them).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/env.sh"
build=${SLICE_SAN_BUILD_DIR:-$root/build-san}
llvm=$SLICE_LLVM_PREFIX

if [ ! -f "$build/build.ninja" ]; then
  mkdir -p "$build"
  mapfile -t launcher < <(slice_launcher_args "$root")
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$llvm/bin/clang" -DCMAKE_CXX_COMPILER="$llvm/bin/clang++" \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" -DLLVM_DIR="$llvm/lib/cmake/llvm" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" -DPython3_EXECUTABLE="$SLICE_PYTHON" \
    -DLLVM_USE_SANITIZER="Address;Undefined" \
    -DLLVM_USE_SANITIZE_COVERAGE=ON \
    -DSLICE_ENABLE_ASSERTIONS=ON \
    -DSLICE_BUILD_FUZZERS=ON \
    "${launcher[@]}" ${SLICE_CMAKE_ARGS:-} > "$build/configure.log" 2>&1 ||
    { cat "$build/configure.log"; exit 1; }
fi
# Arguments name targets to build (default: all).
cmake --build "$build" ${1:+--target "$@"}
