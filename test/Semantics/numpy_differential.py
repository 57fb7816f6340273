#!/usr/bin/env python3
"""Differential test of the semantics library against NumPy.

Generates random tf.strided_slice specs (ranks 0-6, dims 0-12, specs shorter
and longer than the rank, every mask and combination, extreme int64 values,
invalid specs), feeds them to slice-spec-eval (the library) and compares
with the oracle: NumPy basic indexing on np.arange(...).reshape(shape) for
the values, plus TensorFlow core's rejections that NumPy cannot see (a
non-positive stride on a shrink entry, lists of different lengths) and the
project's rule that mask bits past the spec are errors.

Compared per spec: accept/reject, the result shape, and the flat input
indices selected, in order (count plus an order-sensitive hash).

Usage: numpy_differential.py SLICE_SPEC_EVAL [--count N] [--seed S]
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


def random_spec(rng):
    rank = rng.randint(0, 6)
    shape = random_shape(rng, rank)
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


def oracle(shape, begin, end, strides, masks):
    """Returns (shape, count, hash) or None when the spec is invalid."""
    n = len(begin)
    if len(end) != n or len(strides) != n or n > 64:
        return None
    if any(m >> n for m in masks):
        return None
    bm, em, ell, new, shrink = masks
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
        else:
            index.append(slice(None if bm & bit else begin[i],
                               None if em & bit else end[i], strides[i]))
    x = np.arange(int(np.prod(shape, dtype=np.int64)),
                  dtype=np.int64).reshape(shape)
    try:
        r = np.asarray(x[tuple(index)])
    except (IndexError, ValueError):
        return None
    flat = r.ravel().astype(np.uint64)
    weights = np.arange(1, flat.size + 1, dtype=np.uint64) * HASH_MULT
    h = int(np.sum((flat + np.uint64(1)) * weights, dtype=np.uint64))
    return list(r.shape), int(flat.size), h


def encode(shape, begin, end, strides, masks):
    def words(values):
        return " ".join(str(v) for v in values)
    return (f"shape {words(shape)} begin {words(begin)} end {words(end)} "
            f"strides {words(strides)} masks {words(masks)}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tool")
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--unknown-variants", type=int, default=3)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    specs = [random_spec(rng) for _ in range(args.count)]
    lines = "\n".join(encode(*spec) for spec in specs) + "\n"
    run = subprocess.run(
        [args.tool, f"--unknown-variants={args.unknown_variants}"],
        input=lines, capture_output=True, text=True, check=True)
    answers = run.stdout.splitlines()
    if len(answers) != len(specs):
        print(f"FAIL: {len(answers)} answers for {len(specs)} specs")
        return 1

    mismatches = accepted = 0
    for spec, answer in zip(specs, answers):
        expected = oracle(*spec)
        words = answer.split()
        problem = None
        if words[0] == "UNSOUND":
            problem = answer
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
                print(f"MISMATCH {encode(*spec)}: {problem}")
    print(f"{len(specs)} specs ({accepted} valid, {len(specs) - accepted} "
          f"invalid), {mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
