#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes a module of slice.strided ops in the generic form covering every
combination of the five mask bits on two entries (plus random three-entry
specs), with canonical, odd and dynamic begin/end/stride values, so that
roundtrip-masks.test can check that the custom syntax prints and parses back
to the identical op in every case."""

import itertools
import random

RANK = 3
rng = random.Random(7)
ops = []


def kind(masks, i):
    bit = 1 << i
    if masks[2] & bit:
        return "ellipsis"
    if masks[3] & bit:
        return "newaxis"
    if masks[4] & bit:
        return "shrink"
    return "range"


def emit(num_entries, masks, variant):
    kinds = [kind(masks, i) for i in range(num_entries)]
    if kinds.count("ellipsis") > 1:
        return
    begin, end, strides, dyn = [], [], [], {"begin": 0, "end": 0, "strides": 0}
    for i, k in enumerate(kinds):
        if variant in ("canonical", "dynamic-canonical"):
            if k == "shrink":
                b = rng.randint(-4, 3)
                values = [b, b + 1, 1]
                if variant == "dynamic-canonical" and rng.random() < 0.5:
                    values = [None, 0, 1]
            elif k in ("ellipsis", "newaxis"):
                values = [0, 0, 1]
            else:
                values = [0 if masks[0] >> i & 1 else rng.randint(-5, 5),
                          0 if masks[1] >> i & 1 else rng.randint(-5, 5),
                          rng.choice([1, -1, 2])]
                if variant == "dynamic-canonical":
                    for j in range(3):
                        if rng.random() < 0.4 and not (
                                j < 2 and masks[j] >> i & 1):
                            values[j] = None
        else:
            values = [rng.randint(-5, 5), rng.randint(-5, 5),
                      rng.choice([1, 2, 3]) if k == "shrink"
                      else rng.choice([1, -1, 2, -3])]
            if k == "shrink":
                values[0] = rng.randint(-4, 3)
            for j, name in enumerate(("begin", "end", "strides")):
                if variant == "dynamic" and rng.random() < 0.4 and not (
                        k == "shrink" and name == "strides"):
                    values[j] = None
        for name, value, lst in zip(("begin", "end", "strides"), values,
                                    (begin, end, strides)):
            if value is None:
                dyn[name] += 1
                lst.append("-9223372036854775808")
            else:
                lst.append(str(value))
    rank = RANK - kinds.count("shrink") + kinds.count("newaxis")
    result = "tensor<" + "?x" * rank + "f32>"
    operands = ["%x"] + ["%i"] * (dyn["begin"] + dyn["end"] + dyn["strides"])
    types = ["tensor<4x4x4xf32>"] + ["index"] * (len(operands) - 1)
    ops.append(
        f'  %r{len(ops)} = "slice.strided"({", ".join(operands)}) <{{'
        f'static_begin = array<i64: {", ".join(begin)}>, '
        f'static_end = array<i64: {", ".join(end)}>, '
        f'static_strides = array<i64: {", ".join(strides)}>, '
        f'begin_mask = {masks[0]} : i64, end_mask = {masks[1]} : i64, '
        f'ellipsis_mask = {masks[2]} : i64, new_axis_mask = {masks[3]} : i64, '
        f'shrink_axis_mask = {masks[4]} : i64, operandSegmentSizes = '
        f'array<i32: 1, {dyn["begin"]}, {dyn["end"]}, {dyn["strides"]}>}}> : '
        f'({", ".join(types)}) -> {result}')


for bits in itertools.product(range(4), repeat=5):
    masks = list(bits)  # two bits per mask: entries 0 and 1
    for variant in ("canonical", "odd", "dynamic"):
        emit(2, masks, variant)
# Specs written the way the Python notation encodes them.
KINDS = ("range", "shrink", "newaxis", "ellipsis")
for kinds in itertools.product(KINDS, repeat=3):
    for bm, em in itertools.product(range(8), repeat=2):
        if rng.random() > 0.15:
            continue
        masks = [0, 0, 0, 0, 0]
        for i, k in enumerate(kinds):
            if k == "range":
                masks[0] |= bm & (1 << i)
                masks[1] |= em & (1 << i)
            else:
                masks[{"ellipsis": 2, "newaxis": 3, "shrink": 4}[k]] |= 1 << i
        if kinds.count("range") + kinds.count("shrink") > RANK:
            continue
        emit(3, masks, rng.choice(["canonical", "dynamic-canonical"]))
for _ in range(600):
    emit(3, [rng.randrange(8) for _ in range(5)],
         rng.choice(["canonical", "odd", "dynamic"]))

print("func.func @roundtrip(%x: tensor<4x4x4xf32>, %i: index) {")
print("\n".join(ops))
print("  return")
print("}")
