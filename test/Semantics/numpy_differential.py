#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Differential test of the semantics library against NumPy.

Generates random tf.strided_slice specs (ranks 0-6, dims 0-12, specs shorter
and longer than the rank, every mask and combination, extreme int64 values,
invalid specs), feeds them to slice-spec-eval (the library) and compares
with the oracle: NumPy basic indexing on np.arange(...).reshape(shape) for
the values, plus TensorFlow core's rejections that NumPy cannot see (a
non-positive stride on a shrink entry, lists of different lengths) and the
project's rule that mask bits past the spec are errors.

Three more kinds of line (--kind):
  offset   TF specs in TFLite offset mode: a window of ceil(end / stride)
           elements from the wrapped begin, which must fit the dimension
           (docs/semantics.md); the oracle slices NumPy with that window.
  axes     Paddle/ONNX axes-encoded specs: NumPy slicing along the named
           axes, the others whole; repeated or out-of-range axes and zero
           strides are errors.
  compose  pairs of TF specs: the library composes them into one spec,
           which must select what NumPy's x[first][second] selects. Pairs
           the library declines to compose are counted, not failed.
  update   TF and offset-mode specs with a value shape (the slice's, one
           that broadcasts to it, or one that does not): the library's
           write of -1, -2, ... must leave what NumPy's `y = x.copy();
           y[...] = v` leaves, and reject the values NumPy rejects.

Compared per spec: accept/reject, the result shape, and the flat input
indices selected, in order (count plus an order-sensitive hash).

Usage: numpy_differential.py SLICE_SPEC_EVAL [--kind K] [--count N] [--seed S]
Prints one line per mismatch (at most 20) and a summary; exits 1 on any.
"""

import argparse
import random
import subprocess
import sys

import numpy as np

INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)
INT32_MAX = 2**31 - 1
EXTREMES = [INT64_MAX, INT64_MIN, INT32_MAX, -INT64_MAX, -INT32_MAX - 1,
            INT64_MAX - 1, INT64_MIN + 1]
HASH_MULT = np.uint64(0x9E3779B97F4A7C15)


def random_value(rng, dim):
    roll = rng.random()
    if roll < 0.1:
        return rng.choice(EXTREMES)
    if roll < 0.3:
        return rng.choice([0, 1, -1, dim, -dim, dim + 1, -dim - 1, dim - 1])
    return rng.randint(-dim - 3, dim + 3)


def random_stride(rng):
    roll = rng.random()
    if roll < 0.04:
        return 0
    if roll < 0.1:
        return rng.choice(EXTREMES)
    return rng.choice([1, 1, 1, -1, -1, 2, -2, 3, -3, 5, -4, 13])


def random_shape(rng, rank):
    # Dims 0-12, redrawn towards small ones so inputs stay cheap.
    while True:
        shape = [rng.choice([0, 1, 2, 3, 4, 5, 7, 12]) if rng.random() < 0.3
                 else rng.randint(1, 6) for _ in range(rank)]
        if int(np.prod(shape, dtype=np.int64)) <= 20000:
            return shape


def random_spec(rng, shape=None):
    if shape is None:
        shape = random_shape(rng, rng.randint(0, 6))
    rank = len(shape)
    length = rng.randint(0, rank + 3)
    dim_for = lambda i: shape[i] if i < rank else 3
    begin = [random_value(rng, dim_for(i)) for i in range(length)]
    end = [random_value(rng, dim_for(i)) for i in range(length)]
    strides = [random_stride(rng) for _ in range(length)]

    def mask(p):
        return sum(1 << i for i in range(length) if rng.random() < p)

    masks = [mask(0.3), mask(0.3), 0, mask(0.15), mask(0.25)]
    roll = rng.random()
    if length and roll < 0.4:
        masks[2] = 1 << rng.randrange(length)       # one ellipsis
    elif length >= 2 and roll < 0.45:
        masks[2] = mask(0.5)                          # maybe several
    if rng.random() < 0.4:
        # Python-style shrink entries: end = begin + 1, stride 1.
        for i in range(length):
            if masks[4] >> i & 1:
                strides[i] = 1 if rng.random() < 0.9 else strides[i]
                if rng.random() < 0.5:
                    begin[i] = rng.randint(-dim_for(i) - 1, dim_for(i))
    if rng.random() < 0.02:
        masks[rng.randrange(5)] |= 1 << (length + rng.randint(0, 3))
    if rng.random() < 0.02 and length:
        [begin, end, strides][rng.randrange(3)].pop()
    return shape, begin, end, strides, masks


def entry_dims(rank, masks, n):
    """The input dimension of each entry (None for ellipsis / new axis), or
    None when the entries index more dimensions than the input has."""
    _, _, ell, new, _ = masks
    kinds = ["ell" if ell >> i & 1 else "new" if new >> i & 1 else "dim"
             for i in range(n)]
    consumed = kinds.count("dim")
    if consumed > rank or kinds.count("ell") > 1:
        return None
    dims, d = [], 0
    for kind in kinds:
        if kind == "ell":
            dims.append(None)
            d += rank - consumed
        elif kind == "new":
            dims.append(None)
        else:
            dims.append(d)
            d += 1
    return dims


def offset_window(dim, begin, extent, stride, begin_masked):
    """TFLite offset mode on one dimension: a NumPy slice, or None when the
    window does not fit."""
    if stride == 0:
        return None
    if begin_masked:
        start = 0 if stride > 0 else dim - 1
    else:
        start = begin + dim if begin < 0 else begin
    count = 0
    if extent != 0 and (extent > 0) == (stride > 0):
        count = (abs(extent) - 1) // abs(stride) + 1
    if count == 0:
        return slice(0, 0, 1)
    last = start + (count - 1) * stride
    if not (0 <= start < dim and 0 <= last < dim):
        return None
    stop = start + count * stride
    return slice(start, stop if stop >= 0 else None, stride)


def selection(x, index):
    """(shape, count, hash) of x[index], or None when NumPy rejects it."""
    try:
        r = np.asarray(x[tuple(index)])
    except (IndexError, ValueError):
        return None
    return summarize(r)


def arange(shape):
    return np.arange(int(np.prod(shape, dtype=np.int64)),
                     dtype=np.int64).reshape(shape)


def numpy_index(shape, begin, end, strides, masks, offset=False):
    """The NumPy index tuple the spec encodes, or None when invalid."""
    n = len(begin)
    if len(end) != n or len(strides) != n or n > 64:
        return None
    if any(m >> n for m in masks):
        return None
    bm, em, ell, new, shrink = masks
    dims = entry_dims(len(shape), masks, n)
    index = []
    for i in range(n):
        bit = 1 << i
        if ell & bit:
            index.append(Ellipsis)
        elif new & bit:
            index.append(None)
        elif shrink & bit:
            if strides[i] <= 0:      # TensorFlow: shrink needs stride > 0
                return None
            index.append(begin[i])
        elif offset and not em & bit and dims is not None:
            window = offset_window(shape[dims[i]], begin[i], end[i],
                                   strides[i], bm & bit)
            if window is None:
                return None
            index.append(window)
        else:
            index.append(slice(None if bm & bit else begin[i],
                               None if em & bit else end[i], strides[i]))
    return index


def oracle(shape, begin, end, strides, masks, offset=False):
    """Returns (shape, count, hash) or None when the spec is invalid."""
    index = numpy_index(shape, begin, end, strides, masks, offset)
    if index is None:
        return None
    return selection(arange(shape), index)


def summarize(r):
    flat = r.ravel().astype(np.uint64)
    weights = np.arange(1, flat.size + 1, dtype=np.uint64) * HASH_MULT
    h = int(np.sum((flat + np.uint64(1)) * weights, dtype=np.uint64))
    return list(r.shape), int(flat.size), h


def words(values):
    return " ".join(str(v) for v in values)


def encode_spec(begin, end, strides, masks, offset=False):
    return (f"begin {words(begin)} end {words(end)} strides {words(strides)} "
            f"masks {words(masks)}" + (" offset" if offset else ""))


def encode(shape, begin, end, strides, masks, offset=False):
    return f"shape {words(shape)} " + encode_spec(begin, end, strides, masks,
                                                  offset)


def random_offset_spec(rng):
    shape, begin, end, strides, masks = random_spec(rng)
    # Extents mostly small and in the stride's direction, so that many
    # windows fit.
    for i in range(min(len(end), len(strides))):
        if rng.random() < 0.7:
            sign = -1 if strides[i] < 0 else 1
            end[i] = sign * rng.randint(0, 6)
    return shape, begin, end, strides, masks, True


def random_axes_spec(rng):
    rank = rng.randint(0, 5)
    shape = random_shape(rng, rank)
    length = rng.randint(0, rank + 1)
    axes = [rng.randint(-rank - 1, rank) for _ in range(length)]
    if rng.random() < 0.8:      # mostly distinct, valid axes
        axes = rng.sample(range(-rank, rank), min(length, 2 * rank))
        axes = [a for a in axes if (a % rank if rank else a) not in
                [b % rank for b in axes[:axes.index(a)]]] if rank else []
    dims = [shape[a % rank] if rank else 3 for a in axes]
    starts = [random_value(rng, d) for d in dims]
    ends = [random_value(rng, d) for d in dims]
    strides = [random_stride(rng) for _ in axes]
    if rng.random() < 0.02 and axes:
        [starts, ends, strides][rng.randrange(3)].pop()
    return shape, axes, starts, ends, strides


def axes_oracle(shape, axes, starts, ends, strides):
    rank = len(shape)
    if not len(axes) == len(starts) == len(ends) == len(strides):
        return None
    index = [slice(None)] * rank
    seen = set()
    for axis, start, end, stride in zip(axes, starts, ends, strides):
        if not -rank <= axis < rank or axis % rank in seen or stride == 0:
            return None
        seen.add(axis % rank)
        index[axis % rank] = slice(start, end, stride)
    return selection(arange(shape), index)


def encode_axes(shape, axes, starts, ends, strides):
    return (f"axes-spec shape {words(shape)} axes {words(axes)} starts "
            f"{words(starts)} ends {words(ends)} strides {words(strides)}")


def random_compose_spec(rng):
    # Mostly valid pairs (a few tries each), so that most compose.
    for _ in range(10):
        shape, begin, end, strides, masks = random_spec(rng)
        first = numpy_index(shape, begin, end, strides, masks)
        inner = selection(arange(shape), first) if first else None
        if inner is not None:
            break
    # The second spec is drawn for the first one's result shape.
    inner_shape = inner[0] if inner else shape
    for _ in range(10):
        second = random_spec(rng, inner_shape)[1:]
        if numpy_index(inner_shape, *second) is not None:
            break
    return shape, (begin, end, strides, masks), second


def compose_oracle(shape, first, second):
    index1 = numpy_index(shape, *first)
    if index1 is None:
        return None
    x = arange(shape)
    try:
        inner = np.asarray(x[tuple(index1)])
    except (IndexError, ValueError):
        return None
    index2 = numpy_index(list(inner.shape), *second)
    if index2 is None:
        return None
    return selection(inner, index2)


def encode_compose(shape, first, second):
    return (f"compose shape {words(shape)} {encode_spec(*first)} then "
            f"{encode_spec(*second)}")


def random_value_shape(rng, slice_shape):
    """The shape of an update's value for a slice of `slice_shape`: mostly
    the same, else broadcast from unit dimensions, fewer or extra leading
    dimensions, or one size off (which NumPy rejects unless it makes 1)."""
    shape = list(slice_shape)
    roll = rng.random()
    if roll < 0.4:
        return shape
    if roll < 0.6:
        return [1 if rng.random() < 0.5 else d for d in shape]
    if roll < 0.7:
        return shape[rng.randint(0, len(shape)):]
    if roll < 0.8:
        return [rng.choice([1, 1, 2])] * rng.randint(1, 2) + shape
    if not shape:
        return [rng.choice([0, 2])]
    d = rng.randrange(len(shape))
    shape[d] += rng.choice([-1, 1]) if shape[d] else 1
    return shape


def random_update_spec(rng):
    if rng.random() < 0.8:
        shape, begin, end, strides, masks = random_spec(rng)
        offset = False
    else:
        shape, begin, end, strides, masks, offset = random_offset_spec(rng)
    index = numpy_index(shape, begin, end, strides, masks, offset)
    slice_shape = []
    if index is not None:
        try:
            slice_shape = list(np.asarray(arange(shape)[tuple(index)]).shape)
        except (IndexError, ValueError):
            pass
    value = random_value_shape(rng, slice_shape)
    return shape, value, begin, end, strides, masks, offset


def update_oracle(shape, value, begin, end, strides, masks, offset):
    index = numpy_index(shape, begin, end, strides, masks, offset)
    if index is None:
        return None
    y = arange(shape)
    try:
        y[tuple(index)] = -1 - arange(value)
    except (IndexError, ValueError):
        return None
    return summarize(y)


def encode_update(shape, value, begin, end, strides, masks, offset):
    return (f"update shape {words(shape)} value {words(value)} "
            + encode_spec(begin, end, strides, masks, offset))


KINDS = {
    "update": (random_update_spec, update_oracle, encode_update),
    "tf": (lambda rng: random_spec(rng), oracle, encode),
    "offset": (random_offset_spec, oracle, encode),
    "axes": (random_axes_spec, axes_oracle, encode_axes),
    "compose": (random_compose_spec, compose_oracle, encode_compose),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tool")
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--unknown-variants", type=int, default=3)
    parser.add_argument("--kind", choices=sorted(KINDS), default="tf")
    parser.add_argument("--show-declined", action="store_true")
    args = parser.parse_args()

    generate, expect, encode_line = KINDS[args.kind]
    rng = random.Random(args.seed)
    specs = [generate(rng) for _ in range(args.count)]
    lines = "\n".join(encode_line(*spec) for spec in specs) + "\n"
    run = subprocess.run(
        [args.tool, f"--unknown-variants={args.unknown_variants}"],
        input=lines, capture_output=True, text=True, check=True)
    answers = run.stdout.splitlines()
    if len(answers) != len(specs):
        print(f"FAIL: {len(answers)} answers for {len(specs)} specs")
        return 1

    mismatches = accepted = declined = 0
    for spec, answer in zip(specs, answers):
        expected = expect(*spec)
        words = answer.split()
        problem = None
        if words[0] == "UNSOUND":
            problem = answer
        elif words[0] == "NOCOMPOSE" and expected is not None:
            declined += 1
            if args.show_declined:
                print(f"DECLINED {encode_line(*spec)}: {answer}")
        elif expected is None:
            if words[0] != "ERR":
                problem = f"library accepts ({answer}), NumPy/TF reject"
        elif words[0] != "OK":
            problem = f"library rejects ({answer}), NumPy gives {expected}"
        else:
            rank = int(words[1])
            got = ([int(w) for w in words[2:2 + rank]],
                   int(words[2 + rank]), int(words[3 + rank]))
            if got != tuple(expected):
                problem = f"library {got}, NumPy {expected}"
        if expected is not None:
            accepted += 1
        if problem:
            mismatches += 1
            if mismatches <= 20:
                print(f"MISMATCH {encode_line(*spec)}: {problem}")
    summary = (f"{len(specs)} specs ({accepted} valid, {len(specs) - accepted}"
               f" invalid), {mismatches} mismatches")
    if args.kind == "compose":
        summary += f", {declined} not composed"
    print(summary)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
