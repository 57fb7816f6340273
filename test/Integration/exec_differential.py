#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Differential execution test: random slices compiled through
--slice-to-llvm, executed by mlir-runner, compared with NumPy.

Specs come from the semantics differential test's generators
(test/Semantics/numpy_differential.py): TensorFlow specs with every mask,
extreme int64 values and invalid specs, TFLite offset mode, and the
Paddle / ONNX axes encoding. Each valid spec runs twice: static (constant
spec values, static input shape) and dynamic (input shape and every index
run-time values, passed into a function called with `no_inline`). The
printed result must equal NumPy's x[...] element by element, shape
included. Each invalid spec must be rejected by the verifier (one
-split-input-file chunk per spec, errors matched by line).

With --update, each spec writes instead (slice.strided_update for TF and
offset-mode specs, slice.strided_axes_update for the axes encoding): a value of the slice's shape, or one that broadcasts
to it (unit dimensions, fewer or extra leading ones), or one that does not
(which the verifier must reject), into the iota; the printed result must
equal NumPy's `y = x.copy(); y[...] = v`.

With --gradient, each TF or offset-mode slice is replaced by its gradient
(buildStridedSliceGradient, through the test pass --slice-test-gradient)
for a dy of the slice's shape; the printed result must equal NumPy's
`g = zeros(x.shape); g[...] = dy`.

Usage: exec_differential.py SLICE_OPT --runner MLIR_RUNNER --libs LIB,LIB [--count N]
           [--seed S] [--batch B] [--slices view|copy|model] [--update]
Exits 1 on any mismatch.
"""

import argparse
import os
import random
import re
import shlex
import subprocess
import sys
import zlib

import numpy as np

import check_no_wrap
import slicegen as g

nd = g.nd


def random_case(rng):
    """A Case from one of the generators, with a small input."""
    while True:
        roll = rng.random()
        if roll < 0.6:
            shape, begin, end, strides, masks = nd.random_spec(rng)
            case = g.Case("raw", shape, "i64", begin=begin, end=end,
                          strides=strides, masks=masks)
        elif roll < 0.75:
            shape, begin, end, strides, masks, _ = nd.random_offset_spec(rng)
            case = g.Case("raw", shape, "i64", begin=begin, end=end,
                          strides=strides, masks=masks, offset=True)
        else:
            shape, axes, starts, ends, strides = nd.random_axes_spec(rng)
            case = leave_out_defaults(g.Case(
                "axes", shape, "i64", axes=axes, begin=starts, end=ends,
                strides=strides))
        if int(np.prod(shape, dtype=np.int64)) <= 2000:
            return case


def leave_out_defaults(case):
    """A third of the axes cases leave out `axes` (slicing the first
    dimensions instead), a third, independently, `strides` (all 1), as
    importers write them. The choice hashes the case, so the random stream
    (and every other case) stays as it was."""
    key = zlib.crc32(repr((case.shape, case.axes, case.begin, case.end,
                           case.strides)).encode())
    if key % 3 == 0:
        case.axes, case.default_axes = list(range(len(case.begin))), True
    if (key // 3) % 3 == 0 and len(case.strides) == len(case.begin):
        case.strides, case.default_strides = [1] * len(case.begin), True
    return case


def random_value_shape(rng, slice_shape):
    """The shape of an update's value for a slice of `slice_shape`: mostly
    the same, else broadcast from unit dimensions, fewer or extra leading
    dimensions, or (sometimes invalid) one size off."""
    shape = list(slice_shape)
    roll = rng.random()
    if roll < 0.45:
        return shape
    if roll < 0.65:
        return [1 if rng.random() < 0.5 else d for d in shape]
    if roll < 0.75:
        return shape[rng.randint(0, len(shape)):]
    if roll < 0.85:
        return [1] * rng.randint(1, 2) + shape
    if not shape:
        return [rng.choice([0, 2])]
    d = rng.randrange(len(shape))
    shape[d] += rng.choice([-1, 1]) if shape[d] else 1
    return shape


def random_update_case(rng):
    """A TF, offset-mode or axes Case (slice.strided_update or
    slice.strided_axes_update) with a value shape; the value shape of an
    invalid spec does not matter."""
    while True:
        case = random_case(rng)
        index = g.numpy_index(case) if is_structurally_valid(case) else None
        try:
            sliced = g.iota(case.shape, "i64")[index] if index else None
        except (IndexError, ValueError):
            sliced = None
        case.value_shape = (random_value_shape(rng, list(np.shape(sliced)))
                            if sliced is not None else [])
        return case


def is_structurally_valid(case):
    """The generic form needs equally long lists (mismatches are parse-time
    errors, checked apart) and mask bits below 64."""
    n = len(case.begin)
    return len(case.end) == n and len(case.strides) == n and (
        case.kind == "axes" or n <= 64)


def run_batch(args, cases):
    """Compiles and runs `cases` (all valid); returns mismatch messages."""
    builder = g.ModuleBuilder()
    expected = []
    for case in cases:
        result = g.numpy_result(case)
        builder.add(case, list(result.shape))
        expected.append(result)
    module = builder.text()
    if args.keep:
        with open(f"{args.keep}/batch{len(os.listdir(args.keep))}.mlir",
                  "w") as f:
            f.write(module)
    pipeline = "--slice-to-llvm=" + {
        "view": "slices=view", "copy": "slices=copy",
        "model": "slices=view via-bufferization=true"}[args.slices]
    if args.nontemporal_bytes is not None:
        pipeline += f" nontemporal-bytes={args.nontemporal_bytes}"
    if args.pipeline:
        pipeline = args.pipeline
    passes = [pipeline]
    if args.gradient:
        passes.insert(0, "--slice-test-gradient")
    lowered = subprocess.run([args.slice_opt] + passes, input=module,
                             capture_output=True, text=True)
    if lowered.returncode:
        return [f"slice-opt failed on a batch of {len(cases)}:\n"
                + lowered.stderr[:3000]]
    # No nuw that a possibly negative stride reaches (check_no_wrap.py).
    findings = check_no_wrap.find_violations(lowered.stdout)
    if findings:
        return [f"nuw on possibly negative strides in a batch of "
                f"{len(cases)}:\n  " + "\n  ".join(findings[:20])]
    run = subprocess.run(args.run, input=lowered.stdout, capture_output=True,
                         text=True)
    if run.returncode:
        return [f"mlir-runner failed ({run.returncode}):\n{run.stderr[:3000]}"]
    printed = g.parse_printed(run.stdout)
    if len(printed) != len(cases):
        return [f"{len(printed)} results printed for {len(cases)} cases"]
    problems = []
    for case, result, (sizes, values) in zip(cases, expected, printed):
        want = result.ravel().tolist()
        if sizes != list(result.shape) or (result.size and values != want):
            problems.append(f"MISMATCH {case.describe()}: got sizes {sizes} "
                            f"values {values[:12]}, NumPy {list(result.shape)}"
                            f" {want[:12]}")
    return problems


def check_rejected(args, cases):
    """Every case is invalid: slice-opt must report an error at each."""
    chunks, lines = [], []
    line = 1
    for n, case in enumerate(cases):
        shape = case.shape
        builder = g.ModuleBuilder()
        source = g.tensor_type(shape, "i64")
        params = f"%x: {source}"
        if case.value_shape is None:
            text = builder._op(case, "%x", source,
                               g.tensor_type([None] * 8, "i64"), None)
        else:
            # An update: its spec, or its value, does not fit.
            value = g.tensor_type(case.value_shape, "i64")
            params = f"%v: {value}, " + params
            text = builder._op(case, "%x", source, source, None,
                               ("%v", value))
        chunk = (f"func.func @f{n}({params}) {{\n"
                 f"  %r = {text}\n  return\n}}\n")
        lines.append(line + 1)
        line += chunk.count("\n") + 1
        chunks.append(chunk)
    source = "// -----\n".join(chunks)
    run = subprocess.run([args.slice_opt, "-split-input-file", "-"],
                         input=source, capture_output=True, text=True)
    errors = {int(m) for m in re.findall(r"^<stdin>:(\d+):\d+: error:",
                                         run.stderr, re.M)}
    return [f"ACCEPTED invalid spec {case.describe()}"
            for case, at in zip(cases, lines) if at not in errors]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("slice_opt")
    parser.add_argument("--runner", required=True,
                        help="the mlir-runner command (may hold a prefix "
                             "such as valgrind)")
    parser.add_argument("--libs", required=True,
                        help="comma-separated runner-utils libraries")
    parser.add_argument("--count", type=int, default=250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=160)
    parser.add_argument("--slices", choices=["view", "copy", "model"],
                        default="view",
                        help="views, dense copies, or views built by "
                             "one-shot-bufferize through slice.strided's "
                             "BufferizableOpInterface model "
                             "(via-bufferization)")
    parser.add_argument("--nontemporal-bytes", type=int,
                        help="--slice-to-llvm's nontemporal-bytes (0: every "
                             "copy stores non-temporally)")
    parser.add_argument("--pipeline",
                        help="a slice-opt pipeline argument used instead of "
                             "--slice-to-llvm (e.g. --pass-pipeline=...)")
    parser.add_argument("--update", action="store_true",
                        help="write values into the slices "
                             "(slice.strided_update) instead of reading")
    parser.add_argument("--gradient", action="store_true",
                        help="the gradient of each slice "
                             "(buildStridedSliceGradient through "
                             "--slice-test-gradient) against NumPy's "
                             "g = zeros; g[...] = dy; TF and offset-mode "
                             "specs only")
    parser.add_argument("--keep", metavar="DIR",
                        help="write each batch's module into DIR")
    args = parser.parse_args()
    # The sanitizer build's lit (lit.cfg.py) runs the first part of each
    # sequence: what it adds there is slice-opt under ASan, and the same
    # specs already ran against NumPy in the release build.
    scale = float(os.environ.get("SLICE_DIFFERENTIAL_SCALE", "1"))
    args.count = max(1, round(args.count * scale))
    args.run = shlex.split(args.runner) + [
        "-e", "main", "-entry-point-result=void", f"-shared-libs={args.libs}"]

    rng = random.Random(args.seed)
    valid, invalid = [], []
    kinds = {"raw": 0, "offset": 0, "axes": 0}
    for _ in range(args.count):
        case = random_update_case(rng) if args.update else random_case(rng)
        if args.gradient:
            if case.kind == "axes":
                continue    # canonicalized into slice.strided first
            case.gradient = True
        kinds["offset" if case.offset else case.kind] += 1
        if not is_structurally_valid(case):
            continue     # a parse-time error, not the verifier's
        if g.numpy_result(case) is None:
            invalid.append(case)
            continue
        valid.append(case)
        dynamic = g.Case(case.kind, case.shape, case.dtype, dynamic=True,
                         begin=case.begin, end=case.end, strides=case.strides,
                         masks=case.masks, offset=case.offset, axes=case.axes,
                         value_shape=case.value_shape, gradient=case.gradient)
        valid.append(dynamic)

    problems = []
    for start in range(0, len(valid), args.batch):
        problems += run_batch(args, valid[start:start + args.batch])
    problems += check_rejected(args, invalid)
    for problem in problems[:20]:
        print(problem)
    print(f"{args.count} specs ({kinds['raw']} TF, {kinds['offset']} offset "
          f"mode, {kinds['axes']} axes): {len(valid)} executed (static and "
          f"dynamic), {len(invalid)} rejected by the verifier, "
          f"{len(problems)} mismatches, slices as {args.slices}"
          + (", updates" if args.update else "")
          + (", gradients" if args.gradient else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
