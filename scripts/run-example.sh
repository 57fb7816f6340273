#!/usr/bin/env bash
# README command 1: installs what is missing, builds, and runs the main job on
# examples/: the TensorFlow worked example through slice-opt (the op in
# Python notation), the result sizes the semantics library infers, and the
# verifier's diagnostic for a wrong result type.
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
opt="$build/bin/slice-opt"

echo "== examples/worked-example.mlir through slice-opt (parsed, verified, printed)"
"$opt" "$root/examples/worked-example.mlir"

echo
echo "== the same slice with a '?' result type: the sizes the semantics library"
echo "== infers, reified as index values (--resolve-ranked-shaped-type-result-dims)"
"$opt" "$root/examples/inferred-sizes.mlir" \
  --resolve-ranked-shaped-type-result-dims --canonicalize

echo
echo "== examples/wrong-result-type.mlir: the verifier names the mismatch"
if "$opt" "$root/examples/wrong-result-type.mlir" 2>&1; then
  echo "error: the invalid example was accepted" >&2
  exit 1
fi
