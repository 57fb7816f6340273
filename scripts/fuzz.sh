#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Runs the libFuzzer targets (fuzz/, docs/reliability.md) at once, for a
# bounded time each, from the seed corpus in fuzz/corpus plus what earlier runs found
# (build-san/fuzz-runs/corpus-*). Builds them first (scripts/build-sanitized.sh:
# clang-22, ASan + UBSan, our asserts on).
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#   default 60 s (what command 2 runs); for a long run, e.g. 4 hours each:
#   bash scripts/fuzz.sh 14400
# Prints one line per target, `fuzz TARGET: N executions in S s, K crashes`,
# and writes build-san/fuzz-runs/results.jsonl. A crash leaves its input in
# build-san/fuzz-runs/crash-TARGET-*; rerun it with
#   build-san/bin/TARGET build-san/fuzz-runs/crash-TARGET-<hash>
# Exit status: 0 when no target crashed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SLICE_SAN_BUILD_DIR:-$root/build-san}
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(slice-spec-fuzzer slice-syntax-fuzzer)

bash "$root/scripts/build-sanitized.sh" "${targets[@]}" >/dev/null
out="$build/fuzz-runs"  # (build-san/fuzz is CMake's folder for fuzz/)
mkdir -p "$out"
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The targets run at once (a machine with a core per target spends
# SECONDS in all, not SECONDS per target); each writes its report line to
# its own file, printed in order at the end.
run_target() {  # run_target TARGET
  local target=$1 seeds extra corpus log rc runs crashes
  case $target in
    slice-spec-fuzzer) seeds=$root/fuzz/corpus/spec; extra=(-max_len=1024) ;;
    slice-syntax-fuzzer) seeds=$root/fuzz/corpus/syntax
                         extra=(-dict="$root/fuzz/syntax.dict") ;;
    *) echo "fuzz.sh: unknown target $target" >&2; return 2 ;;
  esac
  corpus="$out/corpus-$target"
  mkdir -p "$corpus"
  log="$out/$target.log"
  rc=0
  # -rss_limit_mb: ASan's quarantine and MLIR contexts stay well below it;
  # a leak or a runaway allocation does not.
  "$build/bin/$target" "$corpus" "$seeds" "${extra[@]}" \
    -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=60 \
    -print_final_stats=1 -artifact_prefix="$out/crash-$target-" \
    > "$log" 2>&1 || rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  runs=${runs:-0}
  crashes=0
  if [ "$rc" -ne 0 ]; then
    crashes=1
    echo "fuzz $target: FAILED (exit $rc), log $log:" >&2
    grep -E "check failed|runtime error|ERROR: |SUMMARY|Test unit written" "$log" | head -20 >&2
  fi
  echo "fuzz $target: $runs executions in $seconds s, $crashes crashes" \
    > "$out/$target.report"
  printf '{"target": "%s", "seconds": %s, "executions": %s, "crashes": %s, "date": "%s"}\n' \
    "$target" "$seconds" "$runs" "$crashes" "$(date -u +%FT%TZ)" \
    > "$out/$target.result"
  return $((crashes > 0))
}

status=0
pids=()
for target in "${targets[@]}"; do
  rm -f "$out/$target.report" "$out/$target.result"
  run_target "$target" &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
for target in "${targets[@]}"; do
  if [ -f "$out/$target.report" ]; then
    cat "$out/$target.report"
    cat "$out/$target.result" >> "$out/results.jsonl"
  fi
done
exit $status
