#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# README command 2: installs what is missing, builds, runs every test and
# ends with the line `N passed, N failed` holding the real counts:
#   1. the release build (build/): lit suites and the gtest unit tests;
#   2. the sanitizer build (build-san/: clang-22, ASan + UBSan, our asserts
#      on): the same lit suites and unit tests, executed tests included,
#      where any sanitizer report fails its test;
#   3. each libFuzzer target's reproducible check (`scripts/fuzz.sh --ci`:
#      the seed and regression corpus, then a fixed number of mutations
#      from a fixed seed), one test each (docs/reliability.md).
# SLICE_SKIP_SANITIZERS=1 runs step 1 only (a quick local check; CI never
# sets it).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SLICE_BUILD_DIR:-$root/build}
san=${SLICE_SAN_BUILD_DIR:-$root/build-san}
. "$root/scripts/env.sh"
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"

status=0
results=()
run_lit() {  # run_lit LABEL BUILD_DIR
  local json="$2/test-results.json"
  rm -f "$json"
  echo "== lit: $1 ($2)"
  "$SLICE_LLVM_PREFIX/bin/lit" -sv -o "$json" "$2/test" "$2/test/Unit" || status=1
  results+=("$1=$json")
}
run_lit release "$build"

fuzz_results=""
if [ "${SLICE_SKIP_SANITIZERS:-0}" != 1 ]; then
  echo "== building the sanitizer build ($san)"
  bash "$root/scripts/build-sanitized.sh"
  run_lit sanitizers "$san"
  echo "== fuzzing"
  fuzz_results="$san/fuzz-runs/ci-results.txt"
  mkdir -p "$san/fuzz-runs"
  bash "$root/scripts/fuzz.sh" --ci | tee "$fuzz_results" || status=1
fi

"$SLICE_PYTHON" - "$fuzz_results" "${results[@]}" <<'PY'
import json, sys
fuzz, stages = sys.argv[1], sys.argv[2:]
passed = failed = 0
skipped = []
known = []  # XFAIL: a known, open bug that its test tracks
for stage in stages:
    label, path = stage.split("=", 1)
    try:
        tests = json.load(open(path))["tests"]
    except (OSError, ValueError, KeyError):
        print(f"{label}: lit itself broke, no results")
        failed += 1
        continue
    p = f = 0
    for test in tests:
        code = test["code"]
        if code in ("PASS", "XFAIL", "FLAKYPASS"):
            p += 1
            if code == "XFAIL":
                known.append(f"{label}: {test['name']}")
        elif code in ("UNSUPPORTED", "SKIPPED", "EXCLUDED"):
            skipped.append(f"{label}: {test['name']}")
        else:  # FAIL, XPASS, UNRESOLVED, TIMEOUT
            f += 1
    print(f"{label}: {p} passed, {f} failed")
    passed, failed = passed + p, failed + f
if fuzz:
    lines = [l for l in open(fuzz) if l.startswith("fuzz ")] if fuzz else []
    for line in lines:
        if line.rstrip().endswith(", 0 crashes"):
            passed += 1
        else:
            failed += 1
    if len(lines) != 2:  # a target that did not report
        failed += 2 - len(lines)
    print(f"fuzz: {len(lines)} targets run")
# Tests whose REQUIRES this machine lacks (a GPU) are neither.
for name in skipped:
    print(f"skipped (unsupported here): {name}")
for name in known:
    print(f"expected failure (known open bug, docs/reliability.md): {name}")
print(f"{passed} passed, {failed} failed")
PY
exit $status
