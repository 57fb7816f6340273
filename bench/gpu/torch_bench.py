# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""PyTorch's side of the GPU and CPU benchmarks, as JSON lines.

  torch_bench.py cuda [ROUNDS REPS]   the GPU benchmark's points (gen.py:
                                      cases a-f at 256 MiB and 1 GiB)
  torch_bench.py cpu THREADS [SIZES]  the CPU benchmark's points
                                      (bench/cases.py) on THREADS threads

For each point, as a PyTorch user writes it (PyTorch has no negative
steps: a reversed dimension is the positive slice of the same elements,
then torch.flip):
  slice   x[index].contiguous() (a fresh tensor: .clone() where the slice
          is contiguous already and .contiguous() would return it)
  into    out.copy_(x[index]) (a buffer of the caller)
  update  y[index] = v in place
  ew      torch.addcmul(s, s, s, out=out) with s = x[index] (s * s + s,
          one kernel; on the GPU only)
Each is timed per call with the wait for the device (as bench/gpu/harness.c
times ours); the median of ROUNDS rounds of REPS calls is reported. On the
CPU, where a point's data exceed the last-level cache, the caches are
evicted before every call (bench/caches.py, the rule of bench/harness.c). The
results are checked against the same element positions as ours: x holds
its flat indices, so every element of a slice tells where it came from.
"""

import json
import os
import statistics
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))
import cases  # noqa: E402


def resolve(index, shape):
    """`index` on `shape` with negative-step slices turned into positive
    slices of the same elements (flipped back by torch_index's flips)."""
    resolved, dim = [], 0
    for entry in index:
        if entry is None or isinstance(entry, int):
            resolved.append(entry)
            dim += 0 if entry is None else 1
            continue
        start, stop, step = entry.indices(shape[dim])
        if step < 0:
            count = len(range(start, stop, step))
            last = start + (count - 1) * step
            resolved.append(slice(last, start + 1, -step) if count else
                            slice(0, 0, 1))
            resolved[-1] = _Negative(resolved[-1])
        else:
            resolved.append(entry)
        dim += 1
    return resolved


class _Negative:
    """A positive slice that stands for a negative one (flipped after)."""

    def __init__(self, positive):
        self.positive = positive


def plan(index, shape):
    """(torch index, dims to flip) of x[index]."""
    torch_idx, flips, result_dim = [], [], 0
    for entry in resolve(index, shape):
        if entry is None:
            torch_idx.append(None)
            result_dim += 1
        elif isinstance(entry, int):
            torch_idx.append(entry)
        elif isinstance(entry, _Negative):
            torch_idx.append(entry.positive)
            flips.append(result_dim)
            result_dim += 1
        else:
            torch_idx.append(entry)
            result_dim += 1
    return tuple(torch_idx), flips


def sliced(x, idx, flips):
    s = x[idx]
    return torch.flip(s, flips) if flips else s


def timed(fn, sync, rounds, reps, before):
    medians = []
    for _ in range(rounds):
        before()
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
            sync()
        medians.append((time.perf_counter() - t0) / reps)
    return statistics.median(medians)


def flat_positions(index, shape, device):
    """The flat input index of every element of x[index] (int64, in
    NumPy's order), for the checks."""
    idx, flips = plan(index, shape)
    n = 1
    for d in shape:
        n *= d
    flat = torch.arange(n, dtype=torch.int64, device=device).view(shape)
    return sliced(flat, idx, flips).contiguous().view(-1)


def point(device, case, description, size, shape, index, rounds, reps,
          elementwise):
    idx, flips = plan(index, shape)
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    n = 1
    for d in shape:
        n *= d
    x = (torch.arange(n, dtype=torch.int64, device=device) & 0xffffff).to(
        torch.float32).view(shape)
    s = sliced(x, idx, flips)
    out = torch.empty(s.shape, dtype=torch.float32, device=device)
    v = -1.0 - (torch.arange(s.numel(), dtype=torch.int64, device=device)
                & 0xffffff).to(torch.float32).view(s.shape)
    # The checks: the slice's elements are x's at NumPy's positions, and
    # the update writes v there.
    at = flat_positions(index, shape, device)
    out.copy_(sliced(x, idx, flips))
    checked = bool(torch.equal(out.view(-1), x.view(-1)[at]))
    y = x.clone()
    y[idx] = torch.flip(v, flips) if flips else v
    update_checked = bool(torch.equal(y.view(-1)[at], v.view(-1)))
    del y, at
    before = lambda: None  # noqa: E731
    if device == "cpu":
        import caches
        before = caches.before_each_call(
            [(t.data_ptr(), t.numel() * t.element_size())
             for t in (x, out, v)])

    def fresh():
        t = sliced(x, idx, flips)
        return t.clone() if t.is_contiguous() else t.contiguous()
    results = {
        "slice_s": timed(fresh, sync, rounds, reps, before),
        "into_s": timed(lambda: out.copy_(sliced(x, idx, flips)), sync,
                        rounds, reps, before),
    }

    def update():
        x[idx] = torch.flip(v, flips) if flips else v
    results["update_s"] = timed(update, sync, rounds, reps, before)
    if elementwise:
        def ew():
            t = sliced(x, idx, flips)
            torch.addcmul(t, t, t, out=out)
        results["ew_s"] = timed(ew, sync, rounds, reps, before)
    name = torch.cuda.get_device_name() if device == "cuda" else "cpu"
    line = {"device": name, "impl": "torch", "torch": torch.__version__,
            "threads": torch.get_num_threads(), "case": case,
            "description": description, "size": size,
            "out_bytes": s.numel() * 4, "checked": checked,
            "update_checked": update_checked}
    line.update(results)
    print(json.dumps(line), flush=True)
    del x, s, out, v
    if device == "cuda":
        torch.cuda.empty_cache()


def main():
    device = sys.argv[1]
    if device == "cuda":
        import gen
        rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
        reps = int(sys.argv[3]) if len(sys.argv) > 3 else 10
        for case, description, size, shape, index, _ in gen.points():
            point("cuda", case, description, size, shape, index, rounds,
                  reps, True)
        return
    torch.set_num_threads(int(sys.argv[2]))
    only = sys.argv[3].split(",") if len(sys.argv) > 3 else list(cases.SIZES)
    for name, description, shape_fn, index_fn in cases.CASES:
        for size in only:
            shape = shape_fn(size)
            rounds = {"1MiB": 101, "64MiB": 21}.get(size, 9)
            point("cpu", name, description, size, shape, index_fn(shape),
                  rounds, 1, False)


if __name__ == "__main__":
    main()
