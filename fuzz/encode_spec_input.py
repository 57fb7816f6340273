#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Encodes an input of slice-spec-fuzzer from the values it should draw.

libFuzzer's FuzzedDataProvider takes ConsumeIntegralInRange values from the
end of the input, most significant byte first, one byte per 8 bits of the
range; ConsumeBool is one byte. This writes the bytes that make the fuzzer
draw the given values in the order SpecFuzzer.cpp draws them, so that a
finding reduced by hand (or a case worth keeping) becomes a corpus file.

Usage: encode_spec_input.py NAME   writes fuzz/corpus/spec/NAME from the
recipe of that name below.
"""
import pathlib
import sys

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def encode(draws):
    """draws: (value, low, high) in drawing order. Returns the bytes."""
    tail = bytearray()  # tail[0] is the last byte of the input
    for value, low, high in draws:
        span = high - low
        assert low <= value <= high, (value, low, high)
        count = 0
        while count < 8 and (span >> (8 * count)) > 0:
            count += 1
        offset = value - low
        # The first byte read is the most significant of `count` bytes.
        for i in range(count - 1, -1, -1):
            tail.append((offset >> (8 * i)) & 0xFF)
    return bytes(reversed(tail))


def int_(value, low, high):
    return (value, low, high)


U64 = (0, 2**64 - 1)


def mask(bits, sparsity):
    """Generator::mask: the bits, not raw, not ANDed with more bits."""
    return [int_(bits, *U64), int_(1, 0, 31), int_(0, 0, sparsity)]


RECIPES = {
    # test/Regression/fuzz-int64-min-stride.mlir: x[:%min:%min] on
    # tensor<?x7xf32>, the end and the stride INT64_MIN constants. A constant
    # stride of INT64_MIN reached upstream's extract_slice folder, which read
    # it as the dynamic marker and crashed.
    "regression-int64-min-stride": (
        [int_(1, 0, 7), int_(2, 0, 4),            # rank 2
         int_(0, 0, 11),                          # dim 0: ?
         int_(5, 0, 11), int_(7, 1, 9),           # dim 1: 7
         int_(0, 0, 4),                           # f32
         int_(1, 0, 3),                           # TF encoding
         int_(0, 0, 255),                         # views
         int_(1, 0, 15), int_(1, 0, 6)]           # one entry
        + mask(1, 1) + mask(0, 1) + mask(0, 8) + mask(0, 4) + mask(0, 4)
        + [int_(1, 0, 7),                         # no offset mode
           int_(11, 0, 15), int_(0, -4, 4),       # begin 0 (masked)
           int_(2, 0, 5),                         # static
           int_(0, 0, 15), int_(0, 0, 5),         # end INT64_MIN, constant
           int_(1, 0, 9), int_(0, 0, 15),         # stride INT64_MIN,
           int_(0, 0, 5)]),                       # constant
}


def main():
    name = sys.argv[1]
    out = pathlib.Path(__file__).resolve().parent / "corpus" / "spec" / name
    out.write_bytes(encode(RECIPES[name]))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
