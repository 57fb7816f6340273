#!/usr/bin/env bash
# Compiles a module of func.func on tensors with slice ops ahead of time:
#   slice-opt --slice-to-llvm -> mlir-translate -> llc -> cc
# into a native executable linked with the MLIR runner-utils libraries (for
# printMemref*) and, when the module runs copies on threads, LLVM's libomp. Usage: compile-aot.sh INPUT.mlir OUTPUT [slice-to-llvm options]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SLICE_BUILD_DIR:-$root/build}
llvm=/usr/lib/llvm-22
input=$1 output=$2 options=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bin/slice-opt" "$input" --slice-to-llvm${options:+="$options"} -o "$work/lowered.mlir"
"$llvm/bin/mlir-translate" --mlir-to-llvmir "$work/lowered.mlir" -o "$work/module.ll"
# The module has no target triple; without one llc's library info knows no
# memcpy and expands every llvm.memcpy into a byte-by-byte loop.
"$llvm/bin/llc" -O2 -mtriple="$("$llvm/bin/llvm-config" --host-target)" \
  -filetype=obj -relocation-model=pic "$work/module.ll" -o "$work/module.o"
# libomp only when the module uses it (--slice-to-llvm's parallel-bytes).
${CC:-cc} "$work/module.o" -o "$output" -L"$llvm/lib" -lmlir_runner_utils \
  -lmlir_c_runner_utils -Wl,--push-state,--as-needed -lomp -Wl,--pop-state \
  -Wl,-rpath,"$llvm/lib"
