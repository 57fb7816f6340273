#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random-module test of canonicalize: convergence, fixed point and values.

Writes random functions that apply chains of one to three random valid
slices (any masks, negative strides, shrink and new axes, extreme values,
some entries as constant index operands, some result dimensions `?`) to a
constant np.arange tensor, then:

  1. runs `slice-opt -canonicalize="test-convergence"`, which fails if the
     patterns do not converge;
  2. runs canonicalize again on the output and requires it unchanged (a
     fixed point);
  3. requires every function to fold to one constant whose values are
     NumPy's x[s1][s2][s3].

It also writes functions that slice an argument through a `tensor.cast`
that erases some static sizes, with shrink indices and offset-mode windows
that are fine on a `?` dimension but, about half of them, out of range of
the known size (a run-time error there, a verifier error once the size is
known). Canonicalize must keep every function valid: the cast folds into
the slice exactly when the spec is valid on the known shape.

Usage: canonicalize_random.py SLICE_OPT [--count N] [--seed S]
"""

import argparse
import os
import random
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                "Semantics"))
import numpy_differential as nd  # noqa: E402

INT64_MIN = -(2**63)


def valid_spec(rng, shape):
    """A random spec valid on `shape` with the NumPy result it selects."""
    for _ in range(50):
        spec = nd.random_spec(rng, list(shape))[1:]
        index = nd.numpy_index(list(shape), *spec)
        if index is None:
            continue
        try:
            np.asarray(nd.arange(shape)[tuple(index)])
        except (IndexError, ValueError):
            continue
        return spec, index
    return None, None


def mlir_type(shape, dynamic=()):
    dims = ["?" if i in dynamic else str(d) for i, d in enumerate(shape)]
    return "tensor<" + "".join(d + "x" for d in dims) + "i64>"


def emit_function(rng, name):
    """Returns (mlir text, expected flat values, expected shape)."""
    rank = rng.randint(0, 4)
    shape = nd.random_shape(rng, rank)
    while int(np.prod(shape, dtype=np.int64)) > 400:
        shape = nd.random_shape(rng, rank)
    x = nd.arange(shape)
    lines = []
    if not x.size:
        const = "dense<>"
    elif not x.ndim:
        const = f"dense<{int(x)}>"
    else:
        const = "dense<" + np.array2string(
            x, separator=", ", threshold=1 << 30).replace("\n", "") + ">"
    lines.append(f"  %v0 = arith.constant {const} : {mlir_type(shape)}")
    current, value, counter = x, "%v0", 0
    current_type = mlir_type(shape)
    for step in range(rng.randint(1, 3)):
        spec, index = valid_spec(rng, current.shape)
        if spec is None:
            break
        begin, end, strides, masks = spec
        begin, end, strides = ([max(v, INT64_MIN + 1) for v in values]
                               for values in (begin, end, strides))
        index = nd.numpy_index(list(current.shape), begin, end, strides, masks)
        if index is None:
            break
        result = np.asarray(current[tuple(index)])
        entries = []
        uses_operands = False
        for b, e, s in zip(begin, end, strides):
            parts = []
            for v in (b, e, s):
                # INT64_MIN marks dynamic entries: it can only be an operand,
                # which no pattern makes static, so nothing would fold.
                v = max(v, INT64_MIN + 1)
                if rng.random() < 0.15:
                    counter += 1
                    lines.append(f"  %c{counter} = arith.constant {v} : index")
                    parts.append(f"%c{counter}")
                    uses_operands = True
                else:
                    parts.append(str(v))
            entries.append(":".join(parts))
        names = ["begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                 "shrink_axis_mask"]
        mask_text = ", ".join(f"{n} = {m}" for n, m in zip(names, masks) if m)
        # What the verifier can infer from static entries only: with an
        # operand or a `?` input, every result dimension is written `?`.
        if uses_operands or "?" in current_type:
            dynamic = set(range(result.ndim))
        else:
            dynamic = {i for i in range(result.ndim) if rng.random() < 0.2}
        result_type = mlir_type(result.shape, dynamic)
        lines.append(f"  %v{step + 1} = slice.strided {value} "
                     f"spec[{', '.join(entries)}]"
                     + (f" masks[{mask_text}]" if mask_text else "")
                     + f" : {current_type} to {result_type}")
        current, value, current_type = result, f"%v{step + 1}", result_type
    text = (f"func.func @{name}() -> {current_type} {{\n" + "\n".join(lines)
            + f"\n  return {value} : {current_type}\n}}\n")
    return text, current


def emit_cast_function(rng, name):
    """Returns (mlir text, whether the spec is valid on the known shape)."""
    rank = rng.randint(1, 3)
    shape = [rng.randint(1, 6) for _ in range(rank)]
    erased = [rng.random() < 0.5 for _ in range(rank)]
    target = rng.randrange(rank)
    erased[target] = True
    dim = shape[target]
    invalid = rng.random() < 0.5
    entries, result_rank, offset = [], 0, rng.random() < 0.3
    for d, size in enumerate(shape):
        if d != target:
            entries.append("0:%d:1" % size)
            result_rank += 1
            continue
        if offset:
            # A window of `extent` elements from `begin`.
            extent = rng.randint(1, size)
            if invalid:
                begin = rng.choice([size - extent + rng.randint(1, 3),
                                    -size - rng.randint(1, 3)])
            else:  # a start inside, written from the front or the back
                begin = rng.randint(0, size - extent) - rng.choice([0, size])
            entries.append("%d:%d:1" % (begin, extent))
            result_rank += 1
        else:
            if invalid:
                index = rng.choice([size + rng.randint(0, 3),
                                    -size - 1 - rng.randint(0, 3)])
            else:
                index = rng.randint(-size, size - 1)
            entries.append("%d:%d:1" % (index, index + 1))
    shrink = 0 if offset else 1 << target
    source = "tensor<" + "".join(f"{d}x" for d in shape) + "i64>"
    cast = "tensor<" + "".join(("?" if e else str(d)) + "x"
                               for d, e in zip(shape, erased)) + "i64>"
    result = "tensor<" + "?x" * result_rank + "i64>"
    masks = f" masks[shrink_axis_mask = {shrink}]" if shrink else ""
    text = (f"func.func @{name}(%a: {source}) -> {result} {{\n"
            f"  %c = tensor.cast %a : {source} to {cast}\n"
            f"  %s = slice.strided %c spec[{', '.join(entries)}]{masks}"
            f"{' offset' if offset else ''} : {cast} to {result}\n"
            f"  return %s : {result}\n}}\n")
    return text, not invalid


def cast_folded(output):
    """Maps each function name to whether its slice reads the argument."""
    found = {}
    for match in re.finditer(r"func\.func @(\w+)\((.*?)\n  \}", output, re.S):
        slices = re.findall(r"slice\.strided (%\w+)", match.group(2))
        # No slice left: the cast folded and the slice was the identity.
        found[match.group(1)] = not slices or slices[0] == "%arg0"
    return found


def parse_constants(output):
    """Maps each function name to the dense literal its result folds to."""
    found = {}
    for match in re.finditer(r"func\.func @(\w+)\(\)(.*?)\n  \}", output,
                             re.S):
        name, body = match.group(1), match.group(2)
        if "slice.strided" in body:
            found[name] = None
            continue
        dense = re.search(r"arith\.constant dense<(.*?)> : tensor<", body)
        found[name] = dense.group(1) if dense else None
    return found


def values_of(literal, expected):
    if literal == "":
        return np.zeros(expected.shape, dtype=np.int64)
    parsed = np.array(eval(literal), dtype=np.int64)  # noqa: S307
    if parsed.ndim == 0:  # splat
        return np.full(expected.shape, int(parsed), dtype=np.int64)
    return parsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("slice_opt")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    functions = [emit_function(rng, f"f{i}") for i in range(args.count)]
    casts = [emit_cast_function(rng, f"g{i}") for i in range(args.count)]
    module = "\n".join([text for text, _ in functions] +
                       [text for text, _ in casts])
    hexflag = "--mlir-print-elementsattrs-with-hex-if-larger=-1"
    first = subprocess.run(
        [args.slice_opt, "-", "-canonicalize=test-convergence", hexflag],
        input=module, capture_output=True, text=True)
    if first.returncode:
        print("FAIL: canonicalize did not converge or failed:\n"
              + first.stderr[:3000])
        return 1
    second = subprocess.run(
        [args.slice_opt, "-", "-canonicalize", hexflag], input=first.stdout,
        capture_output=True, text=True, check=True)
    problems = []
    if second.stdout != first.stdout:
        problems.append("a second canonicalize changed the output")
    constants = parse_constants(first.stdout)
    for i, (_, expected) in enumerate(functions):
        literal = constants.get(f"f{i}")
        if literal is None:
            problems.append(f"f{i} did not fold to a constant")
            continue
        got = values_of(literal, expected)
        if got.shape != expected.shape or not np.array_equal(got, expected):
            problems.append(f"f{i}: folded {literal[:80]}, NumPy "
                            f"{expected.ravel()[:10]} shape {expected.shape}")
    folded = cast_folded(first.stdout)
    for i, (_, valid) in enumerate(casts):
        if folded.get(f"g{i}") != valid:
            problems.append(f"g{i}: the cast {'should' if valid else 'must not'}"
                            " fold into the slice")
    for problem in problems[:20]:
        print("MISMATCH", problem)
    print(f"{len(functions) + len(casts)} functions, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
