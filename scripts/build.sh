#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Configures (once) and builds slice into build/ (or $SLICE_BUILD_DIR).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/env.sh"
build=${SLICE_BUILD_DIR:-$root/build}
llvm=$SLICE_LLVM_PREFIX

# LLVM's clang (installed with it by install-deps.sh) compiles MLIR's
# headers about a fifth faster than g++; SLICE_CC / SLICE_CXX choose
# another compiler (the sanitizer build uses clang too).
cc=${SLICE_CC:-}
cxx=${SLICE_CXX:-}
if [ -z "$cxx" ] && [ -x "$llvm/bin/clang++" ]; then
  cc=$llvm/bin/clang
  cxx=$llvm/bin/clang++
fi
if [ ! -f "$build/build.ninja" ]; then
  mapfile -t launcher < <(slice_launcher_args "$root")
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE="${SLICE_BUILD_TYPE:-Release}" \
    ${cxx:+-DCMAKE_CXX_COMPILER="$cxx"} ${cc:+-DCMAKE_C_COMPILER="$cc"} \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" -DLLVM_DIR="$llvm/lib/cmake/llvm" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" -DPython3_EXECUTABLE="$SLICE_PYTHON" \
    "${launcher[@]}" ${SLICE_CMAKE_ARGS:-}
fi
cmake --build "$build"
