#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Runs the libFuzzer targets (fuzz/, docs/reliability.md) at once, from the
# seed corpus in fuzz/corpus. Builds them first (scripts/build-sanitized.sh:
# clang-22, ASan + UBSan, our asserts on).
#
# Usage: scripts/fuzz.sh [--ci] [SECONDS_PER_TARGET] [TARGET...]
#   Targets: slice-spec-fuzzer, slice-syntax-fuzzer (libFuzzer), and
#   slice-programs (random programs against NumPy, hunting only).
#   Hunting (the default): random seeds, for SECONDS each (default 60),
#   growing the corpus of earlier runs (build-san/fuzz-runs/corpus-*);
#   for a long run, e.g. 4 hours each: bash scripts/fuzz.sh 14400
#   --ci (what command 2 runs): a reproducible check of the tree. Each
#   target replays the seed corpus (every regression input included), then
#   runs a fixed number of mutations from a fixed seed
#   ($SLICE_FUZZ_SEED, default 1; $SLICE_FUZZ_RUNS_SPEC / _SYNTAX) on a
#   fresh corpus, so that its verdict depends on the tree, not on the
#   machine's speed or luck; SECONDS (default 900) only caps a hang. Three
#   things made the same tree's runs differ (docs/reliability.md, finding
#   19): given a directory, libFuzzer takes the seeds in the file system's
#   order, which differs between clones, and keeps it among seeds of one
#   size; and the coverage an input reaches varies with the addresses
#   ASLR gives (MLIR hashes pointers), which steers which mutants are
#   kept. So the seeds go in as a list in name order (-seed_inputs), and
#   the targets run without address randomization (setarch -R) where the
#   kernel allows it.
#   New bugs are the hunting runs' to find.
# Prints one line per target,
# `fuzz TARGET: N executions in S s[ (seed K)], C crashes`, and appends to
# build-san/fuzz-runs/results.jsonl. A crash leaves its input in
# build-san/fuzz-runs/crash-TARGET-*; rerun it with
#   build-san/bin/TARGET build-san/fuzz-runs/crash-TARGET-<hash>
# Exit status: 0 when no target crashed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/env.sh"
build=${SLICE_SAN_BUILD_DIR:-$root/build-san}
ci=0
if [ "${1:-}" = --ci ]; then
  ci=1
  shift
fi
seconds=${1:-$((ci ? 900 : 60))}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(slice-spec-fuzzer slice-syntax-fuzzer)
  # Command 2's lit stages run the program differential from a fixed seed
  # already; hunting runs it from random ones too.
  [ "$ci" = 1 ] || targets+=(slice-programs)
fi

build_targets=()
for target in "${targets[@]}"; do
  case $target in
    slice-programs) build_targets+=(slice-opt) ;;
    *) build_targets+=("$target") ;;
  esac
done
bash "$root/scripts/build-sanitized.sh" "${build_targets[@]}" >/dev/null
out="$build/fuzz-runs"  # (build-san/fuzz is CMake's folder for fuzz/)
mkdir -p "$out"
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The targets run at once (a machine with a core per target spends
# SECONDS in all, not SECONDS per target); each writes its report line to
# its own file, printed in order at the end.
# The program differential (test/Integration/program_differential.py) as a
# hunting target: batches of random programs from random seeds through every
# CPU mode of the sanitizer build's slice-opt until the time is up. A batch
# that fails as a whole is split, so that each failure names one program;
# each failing program is kept in fuzz/programs-failures/ alone
# (seedS-programP-MODE.mlir), reduced (...-reduced.mlir), with its report
# (.txt): a program the compiler refuses or crashes on is reduced until no
# step keeps that error (a value as the only result, ops dropped or made
# arguments), and its failing function kept alone with the command that
# fails (...-reproducer.mlir); wrong values, to the fewest ops found.
run_programs() {
  local target=slice-programs runs=0 failures=0 start=$SECONDS seed log
  local llvm_lib="$SLICE_LLVM_PREFIX/lib" keep="$root/fuzz/programs-failures"
  log="$out/$target.log"
  : > "$log"
  # The differentials' runner (code generated at -O0, three times as many
  # programs an hour as mlir-runner), where the build has it.
  local runner="$build/bin/slice-runner"
  [ -x "$runner" ] || runner="$llvm_lib/../bin/mlir-runner"
  while [ $((SECONDS - start)) -lt "$seconds" ]; do
    seed=$(( (RANDOM << 15 | RANDOM) + 1 ))
    if "$SLICE_PYTHON" "$root/test/Integration/program_differential.py" \
        "$build/bin/slice-opt" --runner "$runner" \
        --libs "$llvm_lib/libmlir_runner_utils.so,$llvm_lib/libmlir_c_runner_utils.so" \
        --omp-lib "$llvm_lib/libomp.so" --count 25 --seed "$seed" \
        --keep-failures "$keep" >> "$log" 2>&1; then :; else
      failures=$((failures + 1))
      echo "fuzz $target: seed $seed failed (kept in $keep)" >&2
    fi
    runs=$((runs + 25))
  done
  echo "fuzz $target: $runs executions in $((SECONDS - start)) s, $failures crashes" \
    > "$out/$target.report"
  printf '{"target": "%s", "mode": "hunt", "seconds": %s, "executions": %s, "crashes": %s, "date": "%s"}\n' \
    "$target" "$((SECONDS - start))" "$runs" "$failures" "$(date -u +%FT%TZ)" \
    > "$out/$target.result"
  return $((failures > 0))
}

run_target() {  # run_target TARGET
  local target=$1 seeds extra corpus log rc runs crashes start elapsed
  local ci_runs seed_note=""
  case $target in
    slice-programs) run_programs; return ;;
    slice-spec-fuzzer) seeds=$root/fuzz/corpus/spec; extra=(-max_len=1024)
                       ci_runs=${SLICE_FUZZ_RUNS_SPEC:-3000} ;;
    slice-syntax-fuzzer) seeds=$root/fuzz/corpus/syntax
                         extra=(-dict="$root/fuzz/syntax.dict")
                         ci_runs=${SLICE_FUZZ_RUNS_SYNTAX:-16000} ;;
    *) echo "fuzz.sh: unknown target $target" >&2; return 2 ;;
  esac
  local inputs=("$seeds") fixed=()
  if [ "$ci" = 1 ]; then
    if setarch "$(uname -m)" -R true 2>/dev/null; then
      fixed=(setarch "$(uname -m)" -R)
    fi
    local seed=${SLICE_FUZZ_SEED:-1}
    corpus="$out/ci-corpus-$target"
    rm -rf "$corpus"
    find "$seeds" -type f | LC_ALL=C sort | paste -sd, > "$out/seeds-$target"
    inputs=(-seed_inputs=@"$out/seeds-$target")
    extra+=(-seed="$seed" -runs="$ci_runs" -reload=0)
    seed_note=" (seed $seed)"
  else
    corpus="$out/corpus-$target"
  fi
  mkdir -p "$corpus"
  log="$out/$target.log"
  rc=0
  start=$SECONDS
  # -rss_limit_mb: ASan's quarantine and MLIR contexts stay well below it;
  # a leak or a runaway allocation does not.
  "${fixed[@]}" "$build/bin/$target" "$corpus" "${inputs[@]}" "${extra[@]}" \
    -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=60 \
    -print_final_stats=1 -artifact_prefix="$out/crash-$target-" \
    > "$log" 2>&1 || rc=$?
  elapsed=$((SECONDS - start))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  runs=${runs:-0}
  crashes=0
  if [ "$rc" -ne 0 ]; then
    crashes=1
    echo "fuzz $target: FAILED (exit $rc), log $log:" >&2
    grep -E "check failed|runtime error|ERROR: |SUMMARY|Test unit written" "$log" | head -20 >&2
  fi
  echo "fuzz $target: $runs executions in $elapsed s$seed_note, $crashes crashes" \
    > "$out/$target.report"
  printf '{"target": "%s", "mode": "%s", "seconds": %s, "executions": %s, "crashes": %s, "date": "%s"}\n' \
    "$target" "$([ "$ci" = 1 ] && echo "ci$seed_note" || echo hunt)" \
    "$elapsed" "$runs" "$crashes" "$(date -u +%FT%TZ)" \
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
