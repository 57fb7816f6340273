# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Python sides' eviction of the caches between timed calls, by the
rule of bench/harness_common.h: where a point's data exceed the last-level
cache, every timed call starts with none of them cached.

bench/run.sh builds the harnesses' own eviction as a shared library
(bench/evict.c) and names it in SLICE_BENCH_EVICT: the caches are then
evicted exactly as for ours and Eigen, the point's buffers flushed from
every core's caches. Without it (the GPU machine's bundle), a NumPy read of
twice the last-level cache stands in."""

import ctypes
import os

import numpy as np

_LIBRARY = (ctypes.CDLL(os.environ["SLICE_BENCH_EVICT"])
            if os.environ.get("SLICE_BENCH_EVICT") else None)


def last_level_cache_bytes():
    """As lastLevelCacheBytes in bench/harness_common.h (the copies' own
    rule): the kernel's figure, then sysconf, then 128 MiB."""
    if _LIBRARY:
        _LIBRARY.sliceBenchCacheBytes.restype = ctypes.c_size_t
        return _LIBRARY.sliceBenchCacheBytes()
    try:
        with open("/sys/devices/system/cpu/cpu0/cache/index3/size") as f:
            text = f.read().strip()
        if text.endswith("K") and int(text[:-1]) > 0:
            return int(text[:-1]) << 10
    except (OSError, ValueError):
        pass
    try:
        size = os.sysconf("SC_LEVEL3_CACHE_SIZE")
        if size > 0:
            return size
    except (ValueError, OSError):
        pass
    return 128 << 20


CACHE_BYTES = last_level_cache_bytes()
# Without the library: one int64 a cache line of a buffer twice the
# last-level cache, written once; summing it leaves the caches holding
# clean lines of it only.
_EVICTION_LINES = (None if _LIBRARY else
                   np.ones(2 * CACHE_BYTES // 8, dtype=np.int64)[::8])


def _nothing():
    pass


def before_each_call(buffers):
    """What to run before each timed call on `buffers`, (address, bytes)
    pairs of the point's input and output: the eviction where they exceed
    the last-level cache together, nothing where they stay cached between
    calls."""
    if sum(size for _, size in buffers) <= CACHE_BYTES:
        return _nothing
    if not _LIBRARY:
        return _EVICTION_LINES.sum
    count = len(buffers)
    addresses = (ctypes.c_void_p * count)(*[a for a, _ in buffers])
    sizes = (ctypes.c_size_t * count)(*[s for _, s in buffers])
    evict = _LIBRARY.sliceBenchEvict
    return lambda: evict(addresses, sizes, count)


def numpy_buffer(array):
    """An array's (address, bytes)."""
    return array.ctypes.data, array.nbytes
