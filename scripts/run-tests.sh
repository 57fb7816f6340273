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
# Each stage's wall time, printed at the end (docs/testing.md keeps a table).
stage_times=()
timed() {  # timed LABEL COMMAND...: runs it, records its wall time
  local label=$1 start=$SECONDS rc=0
  shift
  "$@" || rc=$?
  stage_times+=("$label=$((SECONDS - start))")
  return $rc
}
timed install bash "$root/scripts/install-deps.sh"
timed build bash "$root/scripts/build.sh"

status=0
results=()
run_lit() {  # run_lit LABEL BUILD_DIR
  local json="$2/test-results.json"
  rm -f "$json"
  echo "== lit: $1 ($2)"
  # Both cores (lit's default is one worker per core), the slowest tests
  # first: lit orders by the times of the last run in this build
  # (.lit_test_times.txt), or on a fresh one by test/.lit_test_times.txt.
  timed "lit $1" "$SLICE_LLVM_PREFIX/bin/lit" -sv -j "$(nproc)" -o "$json" \
    "$2/test" "$2/test/Unit" || status=1
  results+=("$1=$json")
}
run_lit release "$build"

fuzz_results=""
if [ "${SLICE_SKIP_SANITIZERS:-0}" != 1 ]; then
  echo "== building the sanitizer build ($san)"
  timed "sanitizer build" bash "$root/scripts/build-sanitized.sh"
  run_lit sanitizers "$san"
  echo "== fuzzing"
  fuzz_results="$san/fuzz-runs/ci-results.txt"
  mkdir -p "$san/fuzz-runs"
  timed fuzz bash -o pipefail -c \
    'bash "$1/scripts/fuzz.sh" --ci | tee "$2"' _ "$root" "$fuzz_results" ||
    status=1
fi

"$SLICE_PYTHON" - "$fuzz_results" "$(IFS=";"; echo "${stage_times[*]}")" "${results[@]}" <<'PY'
import json, sys
fuzz, times, stages = sys.argv[1], sys.argv[2], sys.argv[3:]
slowest = []
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
        slowest.append((test.get("elapsed") or 0.0, label, test["name"]))
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
# What the run cost: each stage's wall time and the ten slowest tests, so
# that the next slow test is seen the day it lands.
print("stage times: " + ", ".join(
    f"{label} {int(t) // 60}m{int(t) % 60:02d}s"
    for label, t in (entry.rsplit("=", 1) for entry in times.split(";") if entry)))
print("slowest tests:")
for elapsed, label, name in sorted(slowest, reverse=True)[:10]:
    print(f"  {elapsed:7.1f} s  {label}: {name}")
print(f"{passed} passed, {failed} failed")
PY
exit $status
