#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The facts the slice ops give upstream's value-bounds analysis
(lib/IR/SliceValueBounds.cpp), checked exhaustively against Python's own
slicing (NumPy basic indexing selects the same) for dimensions 0 to 9,
begins and ends -13 to 13, strides +-1 to +-4. For n elements and
x[b:e:s]:

  always                      0 <= size <= ceil(n / |s|)
  begin and end masked        size == ceil(n / |s|)
  s > 0, e >= b               size <= ceil((e - b) / s)
  s > 0, begin masked, e >= 0 size <= ceil(e / s)
  s > 0, end masked, 0 <= b <= n      size == ceil((n - b) / s)
  s < 0, b >= e               size <= ceil((b - e) / |s|)
  s < 0, end masked, 0 <= b < n       size == ceil((b + 1) / |s|)
  offset mode, extent k in the stride's direction: ceil(k / s) elements
  (the window's check keeps it inside; it has no clamping to test here).

Prints the number of cases and the claims that failed (none expected).
"""

import sys


def ceil_div(a, b):
    return -(-a // b)


def main():
    cases = failures = 0
    for n in range(10):
        for s in [1, 2, 3, 4, -1, -2, -3, -4]:
            step = abs(s)
            for b in [None] + list(range(-13, 14)):
                for e in [None] + list(range(-13, 14)):
                    cases += 1
                    size = len(range(n)[b:e:s])
                    claims = [0 <= size <= ceil_div(n, step)]
                    if b is None and e is None:
                        claims.append(size == ceil_div(n, step))
                    if s > 0 and b is not None and e is not None and e >= b:
                        claims.append(size <= ceil_div(e - b, s))
                    if s > 0 and b is None and e is not None and e >= 0:
                        claims.append(size <= ceil_div(e, s))
                    if s > 0 and e is None and b is not None and 0 <= b <= n:
                        claims.append(size == ceil_div(n - b, s))
                    if s < 0 and b is not None and e is not None and b >= e:
                        claims.append(size <= ceil_div(b - e, step))
                    if s < 0 and e is None and b is not None and 0 <= b < n:
                        claims.append(size == ceil_div(b + 1, step))
                    if not all(claims):
                        failures += 1
                        print(f"FAILED n={n} x[{b}:{e}:{s}] has {size}")
    print(f"{cases} cases, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
