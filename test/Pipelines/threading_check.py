#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The pipelines give the same output on MLIR's thread pool as on one
thread, run after run.

MLIR runs the pipelines' function passes on several functions at once.
A data race in them (or in the models and patterns they call) would show
as output that depends on the schedule. This builds a module of many
functions (the executed differential's random slices and updates, each in
a function of its own), lowers it with threading several times and once
with --mlir-disable-threading, for each pipeline given, and compares the
outputs byte for byte (the kernels' serialization time, which varies, is
blanked). It needs no instrumentation: it pairs with the ThreadSanitizer
run of scripts/tsan.sh (docs/reliability.md).

Usage: threading_check.py SLICE_OPT [--functions N] [--runs R]
           [--pipeline ARG]... [--input FILE]... [--spmd N]
Prints one line per input and pipeline, then `N identical, N differ`.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Integration"))


def random_module(count, seed):
    """`count` random slices and updates of i64 iotas, each in a function
    of its own (the dynamic form), called from @main."""
    import exec_differential as diff
    import slicegen as g
    rng = random.Random(seed)
    builder = g.ModuleBuilder()
    added = 0
    while added < count:
        case = (diff.random_update_case(rng) if added % 3 == 2
                else diff.random_case(rng))
        case.dtype, case.dynamic = "i64", True
        result = g.numpy_result(case)
        if result is None:
            continue
        builder.add(case, list(result.shape))
        added += 1
    return builder.text()


def spmd_module(count, seed):
    """`count` random sharded slices and updates on a grid of 2 (the SPMD
    differential's), for --slice-to-llvm=spmd=true."""
    sys.path.insert(0, os.path.join(HERE, "..", "Integration", "SPMD"))
    import spmd_differential as spmd
    rng = random.Random(seed)
    cases = (spmd.make_cases(rng, count - count // 3, [2]) +
             spmd.make_cases(rng, count // 3, [2], updates=True))
    for n, case in enumerate(cases):
        case.number = n
    return spmd.module_text(cases, [2])


def lower(slice_opt, source, pipeline, threads):
    command = [slice_opt, source, pipeline]
    if not threads:
        command.append("--mlir-disable-threading")
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{run.stderr[:2000]}")
    return re.sub(r"TimeInMs = \d+", "TimeInMs", run.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("slice_opt")
    parser.add_argument("--functions", type=int, default=120)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--pipeline", action="append", default=[])
    parser.add_argument("--spmd", type=int, default=0,
                        help="also this many sharded cases through "
                             "--slice-to-llvm=spmd=true")
    parser.add_argument("--input", action="append", default=[])
    args = parser.parse_args()
    # The sanitizer stage (lit.cfg.py) checks fewer functions: a threaded
    # pass manager still runs every pipeline on more functions than cores.
    scale = float(os.environ.get("SLICE_DIFFERENTIAL_SCALE", "1"))
    if scale < 1:
        args.functions = max(16, round(args.functions * scale * 2.5))
        args.spmd = max(12, round(args.spmd * scale * 2.5)) if args.spmd else 0
    pipelines = args.pipeline or ["--slice-to-llvm"]
    with tempfile.TemporaryDirectory() as scratch:
        inputs = list(args.input)
        if args.functions:
            generated = os.path.join(scratch, "functions.mlir")
            with open(generated, "w") as f:
                f.write(random_module(args.functions, args.seed))
            inputs.insert(0, generated)
        runs = [(source, pipelines) for source in inputs]
        if args.spmd:
            sharded = os.path.join(scratch, "sharded.mlir")
            with open(sharded, "w") as f:
                f.write(spmd_module(args.spmd, args.seed))
            runs.append((sharded, ["--slice-to-llvm=spmd=true"]))
        same = differ = 0
        for source, chosen in runs:
            name = os.path.basename(source)
            for pipeline in chosen:
                reference = lower(args.slice_opt, source, pipeline, False)
                outputs = [lower(args.slice_opt, source, pipeline, True)
                           for _ in range(args.runs)]
                bad = sum(output != reference for output in outputs)
                functions = reference.count("llvm.func @")
                print(f"{name} {pipeline}: {functions} functions, "
                      f"{args.runs - bad} of {args.runs} threaded runs "
                      f"identical to one thread's")
                same += bad == 0
                differ += bad != 0
    print(f"{same} identical, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
