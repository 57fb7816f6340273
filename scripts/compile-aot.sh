#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Compiles a module of func.func on tensors with slice ops ahead of time:
#   slice-opt --slice-to-llvm -> mlir-translate -> opt -O3 -> llc -O3 -> cc
# into a native executable linked with the MLIR runner-utils libraries (for
# printMemref*), LLVM's libomp when the module runs copies on threads, and
# the given C sources, objects or flags: a C program that calls the
# module's `_mlir_ciface_` functions (docs/calling-convention.md) brings its
# own main; a module with a @main needs none.
#
# Usage: compile-aot.sh [-c] [--cpu=CPU] INPUT.mlir OUTPUT [slice-to-llvm options] [cc args...]
# With -c it stops at the object file, to link into a program of your own.
# LLVM's optimizing pipeline (opt -O3: the loop vectorizer among others)
# and the code generator target CPU, by default `native`, the machine
# compiling (AVX2 or AVX-512 where it has them); a program to run on other
# machines names a portable target: --cpu=x86-64-v2, x86-64-v3, generic.
# Environment: SLICE_OPT (the slice-opt to run), SLICE_LLVM_PREFIX (the
# LLVM 22 installation, default /usr/lib/llvm-22), SLICE_AOT_CPU (the
# default of --cpu), SLICE_AOT_OPT (0-3, default 3: opt's and llc's level;
# 0 skips opt, for tests whose values check the lowering and not LLVM's
# optimizations), CC.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# In the source tree (scripts/compile-aot.sh): build/ or $SLICE_BUILD_DIR,
# and scripts/env.sh. Installed (<prefix>/bin/slice-compile-aot): the
# slice-opt beside it and the LLVM slice was built with.
if [ -f "$here/env.sh" ]; then
  . "$here/env.sh"
fi
build=${SLICE_BUILD_DIR:-$here/../build}
slice_opt=${SLICE_OPT:-}
if [ -z "$slice_opt" ]; then
  if [ -x "$here/slice-opt" ]; then slice_opt=$here/slice-opt
  else slice_opt=$build/bin/slice-opt; fi
fi
llvm=${SLICE_LLVM_PREFIX:-@SLICE_LLVM_PREFIX@}
object_only=0
cpu=${SLICE_AOT_CPU:-native}
while [ $# -gt 0 ]; do
  case $1 in
    -c) object_only=1; shift ;;
    --cpu=*) cpu=${1#--cpu=}; shift ;;
    *) break ;;
  esac
done
if [ $# -lt 2 ]; then
  echo "usage: $(basename "$0") [-c] [--cpu=CPU] INPUT.mlir OUTPUT [slice-to-llvm options] [cc args...]" >&2
  exit 2
fi
input=$1 output=$2 options=${3:-}
shift $(( $# < 3 ? $# : 3 ))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$slice_opt" "$input" --slice-to-llvm${options:+="$options"} -o "$work/lowered.mlir"
"$llvm/bin/mlir-translate" --mlir-to-llvmir "$work/lowered.mlir" -o "$work/module.ll"
# The module has no target triple; without one llc's library info knows no
# memcpy and expands every llvm.memcpy into a byte-by-byte loop.
object=$work/module.o
[ $object_only = 1 ] && object=$output
triple=$("$llvm/bin/llvm-config" --host-target)
level=${SLICE_AOT_OPT:-3}
case $level in
  0) cp "$work/module.ll" "$work/module.bc" ;;
  [123]) "$llvm/bin/opt" -O"$level" -mtriple="$triple" -mcpu="$cpu" "$work/module.ll" \
         -o "$work/module.bc" ;;
  *) echo "$(basename "$0"): SLICE_AOT_OPT=$level is not 0, 1, 2 or 3" >&2; exit 2 ;;
esac
"$llvm/bin/llc" -O"$level" -mtriple="$triple" -mcpu="$cpu" \
  -filetype=obj -relocation-model=pic "$work/module.bc" -o "$object"
[ $object_only = 1 ] && exit 0
# libomp only when the module uses it (--slice-to-llvm's parallel-bytes).
${CC:-cc} "$object" "$@" -o "$output" -L"$llvm/lib" -lmlir_runner_utils \
  -lmlir_c_runner_utils -Wl,--push-state,--as-needed -lomp -Wl,--pop-state \
  -Wl,-rpath,"$llvm/lib"
