#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the emulated device can say about the copy kernels' speed: the
32-byte sectors their global accesses touch, as Nsight Compute counts them.

For the benchmark's cases a-f (bench/cases.py, f32) at a few MiB, slices
copied into a caller's buffer and updates written into one, compiled by
--slice-to-nvvm and run once on the emulated device with
SLICE_EMULATED_DEVICE_STATS set. For each kernel launch and direction:

  sectors/request  distinct sectors per warp-wide access (a coalesced
                   16-byte access by 32 threads: 16; 4-byte: 4)
  request eff.     bytes the threads asked for / bytes of those sectors
  distinct eff.    bytes asked for / bytes of the distinct sectors of the
                   whole launch (what DRAM moves with perfect caching)

Targets: every store, and the loads of the contiguous and reversed cases
(a, b, c, e), at request efficiency 1 (ideal sectors per request); the
gathers' loads (d, f) touching no sector beyond those that hold the
elements they need (distinct efficiency at the bound their stride allows,
computed from the elements' addresses).

  sectors.py DIR [--elements N] [--json FILE]

Prints a Markdown table and `Targets: N met, N missed`; exits 1 on a miss.
Needs SLICE_BUILD_DIR (slice-opt, the CUDA runtime, the emulated device).
"""

import argparse
import json
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import cases  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))


def shapes(elements):
    side = int(round(elements ** 0.5))
    return {"a": (side, side), "b": (side, side), "c": (side, side),
            "d": (side, side), "e": (max(2, elements // (2 * 128 * 64)), 2,
                                     128, 64),
            "f": (elements,)}


def points(elements):
    for case, description, _, index_fn in cases.CASES:
        shape = shapes(elements)[case]
        index = index_fn(shape)
        yield case, description, shape, index, cases.result_shape(shape, index)


def module(elements):
    lines = []
    for case, _, shape, index, out in points(elements):
        tin, tout = cases.tensor_type(shape), cases.tensor_type(out)
        spec = cases.python_notation(index)
        lines += [
            f"func.func @{case}_slice(%x: {tin}, %out: {tout} "
            f"{{bufferization.writable = true}}) -> {tout} "
            "attributes {llvm.emit_c_interface} {",
            f"  %s = slice.strided %x{spec} : {tin} to {tout}",
            f"  %r = linalg.copy ins(%s : {tout}) outs(%out : {tout}) -> {tout}",
            f"  return %r : {tout}", "}",
            f"func.func @{case}_update(%x: {tin} "
            f"{{bufferization.writable = true}}, %v: {tout}) -> {tin} "
            "attributes {llvm.emit_c_interface} {",
            f"  %r = slice.strided_update %v into %x{spec} : {tout} into {tin}",
            f"  return %r : {tin}", "}"]
    return "\n".join(lines) + "\n"


HARNESS = r"""
#include "SliceCudaRuntime.h"
#include <stdint.h>
#include <string.h>
typedef struct { int64_t words[3 + 2 * 8]; } Descriptor;
#include "calls.h"
static void *describe(Descriptor *d, int rank, const int64_t *shape) {
  int64_t count = 1;
  for (int i = 0; i < rank; ++i)
    count *= shape[i];
  void *p = mgpuMemAlloc((uint64_t)count * 4, NULL, false);
  memset(d, 0, sizeof(*d));
  d->words[0] = d->words[1] = (int64_t)(intptr_t)p;
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    d->words[3 + i] = shape[i];
    d->words[3 + rank + i] = stride;
    stride *= shape[i];
  }
  return p;
}
int main(void) {
  for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); ++i) {
    Descriptor a, b, r;
    void *pa = describe(&a, calls[i].rankA, calls[i].shapeA);
    void *pb = describe(&b, calls[i].rankB, calls[i].shapeB);
    calls[i].function(&r, &a, &b);
    mgpuMemFree(pa, NULL);
    mgpuMemFree(pb, NULL);
  }
  return 0;
}
"""


def harness(elements):
    """calls.h: each function with its two arguments' shapes (a slice
    takes the input and the buffer it fills, an update the input and the
    value: both the input's and the result's shapes)."""
    dims = lambda s: "{" + ", ".join(map(str, s or [1])) + "}"
    decls, rows = [], []
    for case, _, shape, _, out in points(elements):
        for kind in ("slice", "update"):
            decls.append(f"void _mlir_ciface_{case}_{kind}(Descriptor *, "
                         "Descriptor *, Descriptor *);")
            rows.append(f"{{_mlir_ciface_{case}_{kind}, {len(shape)}, "
                        f"{dims(shape)}, {len(out)}, {dims(out)}}}")
    return ("\n".join(decls) + "\nstatic const struct {\n  void (*function)"
            "(Descriptor *, Descriptor *, Descriptor *);\n  int rankA;\n"
            "  int64_t shapeA[8];\n  int rankB;\n  int64_t shapeB[8];\n"
            "} calls[] = {\n" + ",\n".join(rows) + "\n};\n")


def gather_bound(shape, index):
    """Bytes needed / bytes of the distinct sectors holding them, for the
    slice's elements in a row-major f32 buffer at a 256-byte boundary."""
    flat = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
    addresses = np.asarray(flat[index]).ravel() * 4
    return addresses.size * 4 / (np.unique(addresses // 32).size * 32)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--elements", type=int, default=1 << 20,
                        help="input elements per case (f32)")
    parser.add_argument("--slice-opt", default=None,
                        help="the slice-opt to compile with (SLICE_OPT)")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    build = os.environ.get("SLICE_BUILD_DIR", os.path.join(ROOT, "build"))
    os.makedirs(args.dir, exist_ok=True)
    source = os.path.join(args.dir, "sectors.mlir")
    with open(source, "w") as f:
        f.write(module(args.elements))
    main_c = os.path.join(args.dir, "sectors_main.c")
    with open(os.path.join(args.dir, "calls.h"), "w") as f:
        f.write(harness(args.elements))
    with open(main_c, "w") as f:
        f.write(HARNESS)
    env = dict(os.environ, SLICE_BUILD_DIR=build)
    if args.slice_opt:
        env["SLICE_OPT"] = args.slice_opt
    program = os.path.join(args.dir, "sectors")
    subprocess.run(["bash", os.path.join(ROOT, "scripts",
                                         "compile-gpu-aot.sh"), source,
                    program, "format=isa", main_c, f"-I{args.dir}"],
                   check=True, env=env)
    stats = os.path.join(args.dir, "stats.jsonl")
    if os.path.exists(stats):
        os.remove(stats)
    subprocess.run([program], check=True, env=dict(
        env, LD_LIBRARY_PATH=os.path.join(build, "lib", "emulated-device"),
        SLICE_EMULATED_DEVICE_STATS=stats))
    launches = [json.loads(line) for line in open(stats)]

    rows, results, met, missed = [], [], 0, 0
    print("| case | side | launches | load sectors/request | load request "
          "eff. | load distinct eff. | store sectors/request | store "
          "request eff. | target |")
    print("|---|---|---|---|---|---|---|---|---|")
    for case, description, shape, index, out in points(args.elements):
        bound = gather_bound(shape, index)
        for kind in ("slice", "update"):
            mine = [l for l in launches
                    if l["kernel"].startswith(f"{case}_{kind}_kernel")]
            total = {d: {k: sum(l[d][k] for l in mine)
                         for k in ("requests", "sectors", "bytes",
                                   "distinct_sectors")}
                     for d in ("loads", "stores")}
            eff = lambda t: t["bytes"] / (32 * t["sectors"]) if t["sectors"] \
                else 1.0
            distinct = lambda t: t["bytes"] / (32 * t["distinct_sectors"]) \
                if t["distinct_sectors"] else 1.0
            per = lambda t: t["sectors"] / t["requests"] if t["requests"] \
                else 0.0
            loads, stores = total["loads"], total["stores"]
            # Which side gathers: a slice reads the strided source, an
            # update writes the strided target (its loads are contiguous).
            gathers = case in "df"
            checks = [eff(stores) >= 0.999 or (gathers and kind == "update"
                                               and distinct(stores) >=
                                               bound - 1e-9)]
            if gathers and kind == "slice":
                checks.append(distinct(loads) >= bound - 1e-9)
            else:
                checks.append(eff(loads) >= 0.999)
            ok = bool(mine) and all(checks)
            met += ok
            missed += not ok
            target = ("met" if ok else "MISSED") + (
                f" (bound {bound:.3f})" if gathers else "")
            print(f"| {case} | {kind} | {len(mine)} | {per(loads):.1f} | "
                  f"{eff(loads):.3f} | {distinct(loads):.3f} | "
                  f"{per(stores):.1f} | {eff(stores):.3f} | {target} |")
            results.append({"case": case, "description": description,
                            "kind": kind, "loads": loads, "stores": stores,
                            "bound": bound, "met": ok})
    print(f"Targets: {met} met, {missed} missed")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
