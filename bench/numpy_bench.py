# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""NumPy's side of the copy benchmark: np.ascontiguousarray(x[index]) (a
fresh array; x[index].copy() where ascontiguousarray would return the slice
itself) and np.copyto(out, x[index]) (into an existing array), medians over
the harness's round counts, as JSON lines; and the write side, x[index] = v
in place (marked "write"). As in bench/harness.c, where the input and the
output together exceed the last-level cache, the caches are evicted before
every timed call."""

import json
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import caches  # noqa: E402
import cases  # noqa: E402

ROUNDS = {"1MiB": 101, "64MiB": 21, "512MiB": 9}
only = sys.argv[1] if len(sys.argv) > 1 else ""


for case, _, size, shape, index, out_shape in cases.variants():
    if only and size not in only:
        continue
    x = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
    out = np.zeros(out_shape, dtype=np.float32)
    timings = {"numpy_alloc": [], "numpy_into": []}
    v = -1 - np.arange(out.size, dtype=np.float32).reshape(out_shape)
    before = caches.before_each_call(
        [caches.numpy_buffer(a) for a in (x, out, v)])
    # np.ascontiguousarray returns an already contiguous slice (x[a:b, :])
    # itself, without copying; time a copy then, so that both sides
    # materialize.
    copies = not np.shares_memory(np.ascontiguousarray(x[index]), x)
    for _ in range(ROUNDS[size]):
        before()
        start = time.perf_counter()
        y = np.ascontiguousarray(x[index]) if copies else x[index].copy()
        timings["numpy_alloc"].append(time.perf_counter() - start)
        del y
        before()
        start = time.perf_counter()
        np.copyto(out, x[index])
        timings["numpy_into"].append(time.perf_counter() - start)
    for variant, samples in timings.items():
        print(json.dumps({"case": case, "size": size, "variant": variant,
                          "seconds": statistics.median(samples),
                          "out_bytes": out.nbytes, "rounds": ROUNDS[size],
                          "ascontiguousarray_copies": copies}))
    # The write side: x[index] = v in place (bench/update_harness.c).
    samples = []
    for _ in range(ROUNDS[size]):
        before()
        start = time.perf_counter()
        x[index] = v
        samples.append(time.perf_counter() - start)
    print(json.dumps({"case": case, "size": size, "variant": "numpy_update",
                      "seconds": statistics.median(samples),
                      "out_bytes": out.nbytes, "rounds": ROUNDS[size],
                      "write": True}))
    sys.stdout.flush()
    del x, out, v
