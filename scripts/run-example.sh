#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# README command 1: installs what is missing, builds, and runs the main job:
# examples/slice-and-run.mlir through `slice-opt --slice-to-llvm` to a native
# executable (mlir-translate, llc, cc), which prints the input tensor and the
# sliced results.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SLICE_BUILD_DIR:-$root/build}
bash "$root/scripts/install-deps.sh"
log=$(mktemp)
if ! bash "$root/scripts/build.sh" >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
rm -f "$log"
example="$root/examples/slice-and-run.mlir"

echo "== the slices in examples/slice-and-run.mlir"
grep -E '^ *%[a-z]+ = slice\.strided' "$example" | sed 's/^ */  /'

echo
echo "== as upstream views (--convert-slice-to-tensor): the normal form's"
echo "== offsets, sizes and strides, and the run-time stride check"
"$build/bin/slice-opt" "$example" --canonicalize --convert-slice-to-tensor \
  --canonicalize | grep -E 'extract_slice|expand_shape|cf.assert' | sed 's/^ */  /'

echo
echo "== --slice-to-llvm -> mlir-translate -> llc -> native executable, run:"
exe=$(mktemp)
trap 'rm -f "$exe"' EXIT
bash "$root/scripts/compile-aot.sh" "$example" "$exe"
"$exe"
