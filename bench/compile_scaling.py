# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compile-time scaling: slice-opt --canonicalize --slice-to-llvm on
generated modules of 1k, 10k and 100k slice ops, against the same functions
written with upstream ops and lowered by upstream's passes (mlir-opt), timed
interleaved (ours, upstream, ours, ...) in one run; wall time and peak
memory (maximum resident set) of each process as JSON lines, the medians of
the repeats.

The ops cycle through eleven patterns in equal shares: six static ones
(new axis in the middle and at the back, a shrink, a static ellipsis,
negative strides, an end mask, TFLite offset mode), four dynamic ones and
the axes encoding. Each function holds ten ops, each of another pattern, so
that no two are alike and CSE merges none; the constants vary from one
function to the next. Each function returns all ten, so that none is dead.
At 10k ops the static and the dynamic patterns are also measured apart
(MIXES): ten ops per function still, a pattern met twice in one function
with other values. The printed LLVM dialect is counted in lines (about one
op each) by one more, untimed, run per route up to 10k ops.

The upstream module writes each slice as `tensor.extract_slice` (negative
strides, rank-reducing for a shrink) plus `tensor.expand_shape` for a new
axis, with the dynamic values as bare offsets, sizes and strides: no
wrapping, clamping or checks, so its time is a lower bound for the same
semantics.
Usage: compile_scaling.py SLICE_OPT MLIR_OPT WORK_DIR [OPS ...]
"""

import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cases import result_shape, tensor_type, upstream_slice  # noqa: E402

OPS_PER_FUNCTION = 10
SHAPE = (8, 16, 32)
STATIC = tensor_type(SHAPE)
DYNAMIC = "tensor<?x?x?xf32>"
ARGS = "%x, %y, %b, %e, %s"


def static_pattern(p, v):
    """Static pattern p with variation v: (our spec text, NumPy index)."""
    a, b = v % 3, v % 5
    s = slice
    return [
        (f"%x[{a}:7:2, ::-1, newaxis, {b}]",
         (s(a, 7, 2), s(None, None, -1), None, b)),
        (f"%x[..., {b}::-2]", (Ellipsis, s(b, None, -2))),
        (f"%x[{a}, :, {b}:20]", (a, s(None), s(b, 20))),
        (f"%x[::-1, newaxis, {a + 1}:, ::3]",
         (s(None, None, -1), None, s(a + 1, None), s(None, None, 3))),
        (f"%x spec [{a}:-1:1, 0:{b + 3}:1, 1:0:-1] masks [end_mask = 4]",
         (s(a, -1, 1), s(0, b + 3, 1), s(1, None, -1))),
        (f"%x[{a}:4, {b}:9] offset", (s(a, a + 4), s(b, b + 9))),
    ][p]


def expand_ellipsis(index):
    """NumPy's index with the ellipsis spelled out (upstream_slice wants
    one entry per dimension)."""
    if Ellipsis not in index:
        return index
    at = index.index(Ellipsis)
    used = sum(1 for e in index if e is not None and e is not Ellipsis)
    return (index[:at] + (slice(None),) * (len(SHAPE) - used) +
            index[at + 1:])


def dims(names):
    """tensor.dim ops of %y for the dimensions in `names` {dim: name}."""
    return [f"%{n} = tensor.dim %y, %c{d} : {DYNAMIC}"
            for d, n in names.items()]


def dynamic_pattern(p, v, tag):
    """Dynamic pattern p with variation v: (our text, result type, upstream
    ops, upstream result). `tag` makes the upstream SSA names unique."""
    k = 1 + v % 3
    t = tag
    if p == 0:
        return (f"%y[%b:%e:%s, :, {1 + v % 2}]", "tensor<?x?xf32>",
                dims({1: f"{t}d1"}) + [
                    f"%{t} = tensor.extract_slice %y[%b, 0, {1 + v % 2}] "
                    f"[%e, %{t}d1, 1] [%s, 1, 1] : {DYNAMIC} to "
                    "tensor<?x?xf32>"], f"%{t}")
    if p == 1:
        return (f"%y[..., %b:{v % 7 + 1}:%s]", "tensor<?x?x?xf32>",
                dims({0: f"{t}d0", 1: f"{t}d1"}) + [
                    f"%{t} = tensor.extract_slice %y[0, 0, %b] "
                    f"[%{t}d0, %{t}d1, %e] [1, 1, %s] : {DYNAMIC} to "
                    f"{DYNAMIC}"], f"%{t}")
    if p == 2:
        return (f"%y[%b, newaxis, ::-{k}]", "tensor<1x?x?xf32>",
                dims({1: f"{t}d1", 2: f"{t}d2"}) + [
                    f"%{t}l = arith.subi %{t}d1, %c1 : index",
                    f"%{t}s = tensor.extract_slice %y[%b, %{t}l, 0] "
                    f"[1, %e, %{t}d2] [1, -{k}, 1] : {DYNAMIC} to "
                    "tensor<?x?xf32>",
                    f"%{t} = tensor.expand_shape %{t}s [[0, 1], [2]] "
                    f"output_shape [1, %e, %{t}d2] : tensor<?x?xf32> into "
                    "tensor<1x?x?xf32>"], f"%{t}")
    return (f"%y[%b:%e, %b:%e:%s, {v % 4}:]", "tensor<?x?x?xf32>",
            [f"%{t} = tensor.extract_slice %y[%b, %b, {v % 4}] "
             f"[%e, %e, %e] [1, %s, 1] : {DYNAMIC} to {DYNAMIC}"], f"%{t}")


STATIC_PATTERNS, DYNAMIC_PATTERNS = 6, 4
PATTERNS = STATIC_PATTERNS + DYNAMIC_PATTERNS + 1  # + the axes encoding

# The mixes of patterns measured: all eleven (the figures the targets are
# checked on), and apart the static ones, whose semantics are resolved at
# compile time, and the ones with run-time values (the axes encoding's
# start is one), whose wrapping, clamping and checks upstream's bare
# extract_slice leaves out.
MIXES = {
    "all": list(range(PATTERNS)),
    "static": list(range(STATIC_PATTERNS)),
    "dynamic": list(range(STATIC_PATTERNS, PATTERNS)),
}


def op(k, i, patterns=MIXES["all"]):
    """Op k (the i-th of its function) of the mix `patterns`: (our op text,
    its result type, upstream ops, upstream result)."""
    p, v = patterns[k % len(patterns)], k // len(patterns)
    r, t = f"%r{i}", f"u{i}"
    if p < STATIC_PATTERNS:
        text, index = static_pattern(p, v)
        result = tensor_type(result_shape(SHAPE, index))
        ops, value = upstream_slice(t, "%x", SHAPE, expand_ellipsis(index))
        return (f"{r} = slice.strided {text} : {STATIC} to {result}", result,
                ops, value)
    p -= STATIC_PATTERNS
    if p < DYNAMIC_PATTERNS:
        text, result, ops, value = dynamic_pattern(p, v, t)
        return (f"{r} = slice.strided {text} : {DYNAMIC} to {result}", result,
                ops, value)
    start = v % 4
    result = f"tensor<{8 - start}x16x?xf32>"
    return (f"{r} = slice.strided_axes %x axes [0, 2] starts [{start}, %b] "
            f"ends [8, 30] strides [1, 2] : {STATIC} to {result}", result,
            [f"%{t} = tensor.extract_slice %x[{start}, 0, %b] "
             f"[{8 - start}, 16, %e] [1, 1, 2] : {STATIC} to {result}"],
            f"%{t}")


def module(ops, upstream=False, patterns=MIXES["all"]):
    """The module of `ops` slices of the mix `patterns`, ours or
    upstream's."""
    lines = []
    for f in range(ops // OPS_PER_FUNCTION):
        body, types, results = [], [], []
        if upstream:
            body += [f"  %c{d} = arith.constant {d} : index" for d in range(3)]
        for i in range(OPS_PER_FUNCTION):
            text, result, upstream_ops, value = op(f * OPS_PER_FUNCTION + i, i,
                                                   patterns)
            types.append(result)
            if upstream:
                body += ["  " + line for line in upstream_ops]
                results.append(value)
            else:
                body.append("  " + text)
                results.append(f"%r{i}")
        signature = ", ".join(types)
        lines.append(f"func.func @f{f}(%x: {STATIC}, %y: {DYNAMIC}, "
                     f"%b: index, %e: index, %s: index) -> ({signature}) {{")
        lines += body
        lines.append(f"  return {', '.join(results)} : {signature}")
        lines.append("}")
    return "\n".join(lines) + "\n"


# The default pipeline, and without deallocation: a public function must
# return buffers its caller owns, so with deallocation every slice these
# functions return is cloned (an allocation and a copy each), which about
# doubles the IR.
PIPELINES = {"default": "--slice-to-llvm",
             "deallocate=false": "--slice-to-llvm=deallocate=false"}

# Upstream's passes in the order --slice-to-llvm runs its own (the same
# bufferization, deallocation and lowering; lib/Pipelines), as mlir-opt
# pipelines, after the --canonicalize that ours gets too.
_FRONT = ("canonicalize,inline,func.func(canonicalize,convert-elementwise-to-linalg,"
          "canonicalize,cse),one-shot-bufferize{bufferize-function-boundaries}")
_DEALLOC = ("func.func(expand-realloc{emit-deallocs=false},canonicalize),"
            "ownership-based-buffer-deallocation,func.func(canonicalize,"
            "buffer-deallocation-simplification),bufferization-lower-deallocations,"
            "func.func(cse,canonicalize)")
_BACK = ("convert-bufferization-to-memref,func.func(convert-linalg-to-loops,"
         "expand-strided-metadata,lower-affine,convert-scf-to-cf),"
         "convert-to-llvm,reconcile-unrealized-casts")
UPSTREAM = {
    "default": f"builtin.module({_FRONT},{_DEALLOC},{_BACK})",
    "deallocate=false": f"builtin.module({_FRONT},{_BACK})",
}


def printed_lines(command, work):
    """Runs `command` once more, untimed, printing to a file: the lines of
    LLVM dialect it prints (about one op each)."""
    path = os.path.join(work, "printed.mlir")
    subprocess.run(command[:-1] + [path], check=True,
                   stderr=subprocess.DEVNULL)
    with open(path, "rb") as f:
        lines = sum(1 for _ in f)
    os.remove(path)
    return lines


def measure(command):
    """Runs `command`; returns (seconds, peak resident KiB) of that one
    process (os.wait4 reports its own resource usage)."""
    start = time.perf_counter()
    with open(os.devnull, "w") as sink:
        process = subprocess.Popen(command, stdout=sink,
                                   stderr=subprocess.PIPE)
        # Read stderr while it runs, so that a chatty failure cannot fill
        # the pipe and block the child.
        errors = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{command[0]} failed on {command[1]}:\n"
                 f"{errors.decode()[-2000:]}")
    return seconds, usage.ru_maxrss


def repeats(ops):
    """Runs per route: the median of three, one at 100k ops (a minute
    each); SLICE_BENCH_COMPILE_REPEATS overrides."""
    if "SLICE_BENCH_COMPILE_REPEATS" in os.environ:
        return int(os.environ["SLICE_BENCH_COMPILE_REPEATS"])
    return 3 if ops <= 10000 else 1


def runs_of(counts):
    """(ops, mix) to measure: every count with all patterns, and the static
    and dynamic mixes apart at 10k ops."""
    for ops in counts:
        yield ops, "all"
        if ops == 10000:
            yield ops, "static"
            yield ops, "dynamic"


def main():
    slice_opt, mlir_opt, work = sys.argv[1:4]
    counts = [int(n) for n in sys.argv[4:]] or [1000, 10000, 100000]
    for ops, mix in runs_of(counts):
        ours = os.path.join(work, f"scaling-{ops}-{mix}.mlir")
        theirs = os.path.join(work, f"scaling-{ops}-{mix}-upstream.mlir")
        with open(ours, "w") as f:
            f.write(module(ops, patterns=MIXES[mix]))
        with open(theirs, "w") as f:
            f.write(module(ops, upstream=True, patterns=MIXES[mix]))
        for name, pipeline in PIPELINES.items():
            commands = {
                "ours": [slice_opt, ours, "--canonicalize", pipeline,
                         "-o", os.devnull],
                "upstream": [mlir_opt, theirs,
                             f"--pass-pipeline={UPSTREAM[name]}",
                             "-o", os.devnull],
            }
            runs = {route: [] for route in commands}
            for _ in range(repeats(ops)):
                for route, command in commands.items():  # interleaved
                    runs[route].append(measure(command))
            record = {"ops": ops, "mix": mix, "pipeline": name,
                      "repeats": repeats(ops),
                      "input_bytes": os.path.getsize(ours)}
            for route, samples in runs.items():
                record[route] = {
                    "seconds": statistics.median(t for t, _ in samples),
                    "peak_kib": max(m for _, m in samples)}
                # The output's size grows with the ops; counted up to 10k.
                if ops <= 10000:
                    record[route]["lines"] = printed_lines(commands[route],
                                                           work)
            record["ratio"] = (record["ours"]["seconds"] /
                               record["upstream"]["seconds"])
            print(json.dumps(record))
            sys.stdout.flush()
        os.remove(ours)
        os.remove(theirs)


if __name__ == "__main__":
    main()
