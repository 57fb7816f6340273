#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Compiles a module of func.func on tensors with slice ops for NVIDIA GPUs
# ahead of time:
#   slice-opt --slice-to-nvvm -> mlir-translate -> llc -> cc
# into a native executable linked with the slice CUDA runtime
# (build/lib/libslice_cuda_runtime.a) and the given C sources or objects
# (the program's main). The executable needs only the NVIDIA driver
# (libcuda.so.1) where it runs: no LLVM, no CUDA toolkit.
#
# Usage: compile-gpu-aot.sh INPUT.mlir OUTPUT [slice-to-nvvm options] [cc args...]
# The kernels are a fatbin (cubin for `chip` plus PTX) by default, which
# needs ptxas and fatbinary (the CUDA toolkit; CUDA_PATH, default
# /usr/local/cuda). SLICE_OPT overrides the slice-opt binary. With
# SLICE_AOT_IR set to a directory, the LLVM dialect is kept there for
# checks: the host code (host.mlir) and the kernels as convert-gpu-to-nvvm
# leaves them (kernels.mlir).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# In the source tree (scripts/compile-gpu-aot.sh): build/ or
# $SLICE_BUILD_DIR, and scripts/env.sh. Installed
# (<prefix>/bin/slice-compile-gpu-aot): the slice-opt beside it, the runtime
# and its header under the prefix, and the LLVM slice was built with.
if [ -f "$here/env.sh" ]; then
  . "$here/env.sh"
  build=${SLICE_BUILD_DIR:-$here/../build}
  runtime=$build/lib/libslice_cuda_runtime.a
  runtime_include=$here/../runtime/cuda
  slice_opt=${SLICE_OPT:-$build/bin/slice-opt}
else
  runtime=$here/../lib/libslice_cuda_runtime.a
  runtime_include=$here/../include
  slice_opt=${SLICE_OPT:-$here/slice-opt}
fi
llvm=${SLICE_LLVM_PREFIX:-@SLICE_LLVM_PREFIX@}
cuda=${CUDA_PATH:-/usr/local/cuda}
if [ $# -lt 2 ]; then
  echo "usage: $(basename "$0") INPUT.mlir OUTPUT [slice-to-nvvm options] [cc args...]" >&2
  exit 2
fi
input=$1 output=$2 options=${3:-}
shift $(( $# < 3 ? $# : 3 ))
if [ ! -f "$runtime" ]; then
  echo "$(basename "$0"): $runtime is missing: the build found no CUDA toolkit" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${SLICE_AOT_IR:-}" ]; then
  mkdir -p "$SLICE_AOT_IR"
  PATH=$cuda/bin:$PATH "$slice_opt" "$input" \
    --slice-to-nvvm="cuda-path=$cuda${options:+ $options}" -o "$work/lowered.mlir" \
    --mlir-print-ir-after=convert-gpu-to-nvvm 2> "$SLICE_AOT_IR/kernels.mlir" || {
      cat "$SLICE_AOT_IR/kernels.mlir" >&2
      exit 1
    }
  cp "$work/lowered.mlir" "$SLICE_AOT_IR/host.mlir"
else
  PATH=$cuda/bin:$PATH "$slice_opt" "$input" \
    --slice-to-nvvm="cuda-path=$cuda${options:+ $options}" -o "$work/lowered.mlir"
fi
"$llvm/bin/mlir-translate" --mlir-to-llvmir "$work/lowered.mlir" -o "$work/module.ll"
# Without a target triple llc expands llvm.memcpy into byte loops.
"$llvm/bin/llc" -O2 -mtriple="$("$llvm/bin/llvm-config" --host-target)" \
  -filetype=obj -relocation-model=pic "$work/module.ll" -o "$work/module.o"
${CC:-cc} -O2 -I"$runtime_include" "$work/module.o" "$@" "$runtime" -ldl -lpthread \
  -o "$output"
