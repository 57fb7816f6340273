#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Runs every executed test (test/Integration) under valgrind's memcheck:
# any invalid read or write fails its test (docs/lowering.md, "Reading
# nothing out of bounds"). About 20 minutes on two cores, so not part of
# command 2; the last result is recorded in docs/testing.md.
# Usage: scripts/valgrind.sh [lit arguments...]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/env.sh"
build=${SLICE_BUILD_DIR:-$root/build}
command -v valgrind >/dev/null || {
  echo "valgrind.sh: valgrind is not installed (apt-get install valgrind)" >&2
  exit 1
}
bash "$root/scripts/build.sh" >/dev/null
exec "$SLICE_LLVM_PREFIX/bin/lit" -sv "$build/test/Integration" \
  --param valgrind=1 "$@"
