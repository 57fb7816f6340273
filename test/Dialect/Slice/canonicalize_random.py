#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random-module test of canonicalize: convergence, fixed point and values.

Writes random functions that apply chains of one to three random valid
slices and updates (any masks, negative strides, shrink and new axes,
extreme values, some entries as constant index operands, some result
dimensions `?`, constant values that broadcast) to a constant np.arange
tensor, then:

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

And functions that write their argument v into a constant and read a slice
back (see emit_read_after_write): the read folds to NumPy's constant
exactly when it takes nothing v wrote (the disjointness fold is exact on
these small shapes), to v when it reads the slice written with the same
spec, and is never a constant when it depends on v.

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


def dense_literal(x):
    """The dense attribute literal of the array `x`."""
    if not x.size:
        return "dense<>"
    if not x.ndim:
        return f"dense<{int(x)}>"
    return "dense<" + np.array2string(
        x, separator=", ", threshold=1 << 30).replace("\n", "") + ">"


def value_shape(rng, slice_shape):
    """The shape of an update's value for a slice of `slice_shape`: the
    same, or broadcasting to it (unit dimensions, fewer leading ones)."""
    roll = rng.random()
    if roll < 0.5:
        return list(slice_shape)
    if roll < 0.8:
        return [1 if rng.random() < 0.5 else d for d in slice_shape]
    return list(slice_shape)[rng.randint(0, len(slice_shape)):]


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
    lines = [f"  %v0 = arith.constant {dense_literal(x)} : {mlir_type(shape)}"]
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
        update = rng.random() < 0.3
        if update:
            # y = current.copy(); y[index] = v, with a constant v.
            v_shape = value_shape(rng, result.shape)
            v = -1 - nd.arange(v_shape)
            counter += 1
            v_name = f"%w{counter}"
            lines.append(f"  {v_name} = arith.constant {dense_literal(v)} : "
                         f"{mlir_type(v_shape)}")
            updated = current.copy()
            updated[tuple(index)] = v
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
        spec_text = (f"spec[{', '.join(entries)}]"
                     + (f" masks[{mask_text}]" if mask_text else ""))
        if update:
            lines.append(f"  %v{step + 1} = slice.strided_update {v_name} "
                         f"into {value} {spec_text} : {mlir_type(v_shape)} "
                         f"into {current_type}")
            current, value = updated, f"%v{step + 1}"
            continue
        result_type = mlir_type(result.shape, dynamic)
        lines.append(f"  %v{step + 1} = slice.strided {value} {spec_text}"
                     f" : {current_type} to {result_type}")
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


def emit_read_after_write(rng, name):
    """A function that writes its argument into a constant and reads a slice
    of the result back: y = x.copy(); y[s1] = v; return y[s2]. Returns
    (mlir text, (kind, NumPy's result for a v of distinct negative values,
    whether the folds must return v)). The kind is "constant" when the read
    takes nothing v wrote (it must fold to NumPy's constant), "value" when
    the read is v itself (it may fold to v, and must when s2 is s1 and v has
    the slice's type), else "depends" (nothing may fold it)."""
    rank = rng.randint(1, 3)
    shape = nd.random_shape(rng, rank)
    while int(np.prod(shape, dtype=np.int64)) > 200:
        shape = nd.random_shape(rng, rank)
    x = nd.arange(shape)
    written, write_index = valid_spec(rng, shape)
    read, read_index = valid_spec(rng, shape)
    if written is None or read is None:
        return None, None
    same = rng.random() < 0.3
    if same:
        read, read_index = written, write_index
    slice_shape = list(np.asarray(x[tuple(write_index)]).shape)
    v_shape = value_shape(rng, slice_shape)
    v = -1 - nd.arange(v_shape)  # x >= 0: what v writes is negative
    y = x.copy()
    y[tuple(write_index)] = v
    result = np.asarray(y[tuple(read_index)])
    if not (result < 0).any():
        kind = "constant"
    elif result.shape == v.shape and np.array_equal(result, v):
        kind = "value"
    else:
        kind = "depends"
    must_be_value = same and v_shape == slice_shape and result.size > 0
    expected = (kind, result, must_be_value)
    names = ["begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
             "shrink_axis_mask"]

    def spec_text(spec):
        begin, end, strides, masks = spec
        entries = ", ".join(
            ":".join(str(max(v, INT64_MIN + 1)) for v in entry)
            for entry in zip(begin, end, strides))
        mask_text = ", ".join(f"{n} = {m}" for n, m in zip(names, masks) if m)
        return f"spec[{entries}]" + (f" masks[{mask_text}]" if mask_text
                                     else "")

    x_type, v_type = mlir_type(shape), mlir_type(v_shape)
    r_type = mlir_type(result.shape)
    text = (f"func.func @{name}(%v: {v_type}) -> {r_type} {{\n"
            f"  %x = arith.constant {dense_literal(x)} : {x_type}\n"
            f"  %u = slice.strided_update %v into %x {spec_text(written)} : "
            f"{v_type} into {x_type}\n"
            f"  %r = slice.strided %u {spec_text(read)} : {x_type} to "
            f"{r_type}\n"
            f"  return %r : {r_type}\n}}\n")
    return text, expected


def read_after_write_outcomes(output):
    """Maps each function name to what it returns: "value" (its argument),
    a dense literal, or None (anything else)."""
    found = {}
    for match in re.finditer(r"func\.func @(\w+)\(%arg0(.*?)\n  \}", output,
                             re.S):
        name, body = match.group(1), match.group(2)
        returned = re.search(r"return (%\w+)", body).group(1)
        dense = re.search(re.escape(returned) +
                          r" = arith\.constant dense<(.*?)> : tensor<", body)
        found[name] = ("value" if returned == "%arg0"
                       else dense.group(1) if dense else None)
    return found


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
    writes = [emit_read_after_write(rng, f"h{i}") for i in range(args.count)]
    writes = [(text, expected) for text, expected in writes if text]
    module = "\n".join([text for text, _ in functions] +
                       [text for text, _ in casts] +
                       [text for text, _ in writes])
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
    outcomes = read_after_write_outcomes(first.stdout)
    kinds = {"constant": 0, "value": 0, "depends": 0}
    for i, (_, (kind, expected, must_be_value)) in enumerate(writes):
        got = outcomes.get(f"h{i}")
        kinds[kind] += 1
        if kind == "constant":
            # An empty read has no value to check: it may stay a slice (of
            # v, when the write covered all of x) or fold to v first.
            if expected.size == 0:
                continue
            if got is None or got == "value":
                problems.append(f"h{i}: a read of nothing the write wrote "
                                f"should fold to the constant, got {got}")
            elif not np.array_equal(values_of(got, expected), expected):
                problems.append(f"h{i}: folded {got[:80]}, NumPy "
                                f"{expected.ravel()[:10]}")
        elif kind == "value":
            if got not in (None, "value") or (must_be_value and got is None):
                problems.append(f"h{i}: the read of the write should be the "
                                f"value, got {got}")
        elif got is not None:
            problems.append(f"h{i}: a read that depends on the value folded "
                            f"to {got[:80]}")
    for problem in problems[:20]:
        print("MISMATCH", problem)
    print(f"read after write: {kinds['constant']} constant, "
          f"{kinds['value']} the value, {kinds['depends']} depending on it")
    print(f"{len(functions) + len(casts) + len(writes)} functions, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
