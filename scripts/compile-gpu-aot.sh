#!/usr/bin/env bash
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
# /usr/local/cuda). SLICE_OPT overrides the slice-opt binary.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SLICE_BUILD_DIR:-$root/build}
llvm=/usr/lib/llvm-22
cuda=${CUDA_PATH:-/usr/local/cuda}
input=$1 output=$2 options=${3:-}
shift $(( $# < 3 ? $# : 3 ))
runtime=$build/lib/libslice_cuda_runtime.a
if [ ! -f "$runtime" ]; then
  echo "compile-gpu-aot.sh: $runtime is missing: the build found no CUDA toolkit" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
PATH=$cuda/bin:$PATH "${SLICE_OPT:-$build/bin/slice-opt}" "$input" \
  --slice-to-nvvm="cuda-path=$cuda${options:+ $options}" -o "$work/lowered.mlir"
"$llvm/bin/mlir-translate" --mlir-to-llvmir "$work/lowered.mlir" -o "$work/module.ll"
# Without a target triple llc expands llvm.memcpy into byte loops.
"$llvm/bin/llc" -O2 -mtriple="$("$llvm/bin/llvm-config" --host-target)" \
  -filetype=obj -relocation-model=pic "$work/module.ll" -o "$work/module.o"
${CC:-cc} -O2 -I"$root/runtime/cuda" "$work/module.o" "$@" "$runtime" -ldl -lpthread \
  -o "$output"
