# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the sharded-slice benchmark module for P processes
(bench/spmd_harness.c, docs/sharding.md): for a 64 MiB and a 512 MiB f32
tensor split by rows over a grid of P, four slices along the split
dimension with the result split too, and the same four on one process:

  rev  x[::-1]         each process's part comes from its mirror
  mid  x[1:-1]         the result split where the source shards overlap it
                       (as IMEX does): nothing moves
  str  x[::2]          split evenly: each part lies in its own shard
  upd  y[::-1] = v     v split like y: each process receives the mirror's v

Usage: spmd_gen.py P > spmd_P.mlir
"""
import sys

SIZES = {"64": (4096, 4096), "512": (16384, 8192)}


def main():
    p = int(sys.argv[1])
    out = [f"shard.grid @grid(shape = {p}) {{sym_visibility = \"private\"}}",
           ""]
    split = "shard.sharding @grid split_axes = [[0]] : !shard.sharding"
    for name, (rows, cols) in SIZES.items():
        t = f"tensor<{rows}x{cols}xf32>"
        mid = f"tensor<{rows - 2}x{cols}xf32>"
        half = f"tensor<{rows // 2}x{cols}xf32>"
        n = rows // p
        # Shard k of the source holds rows [k n, (k + 1) n); of x[1:-1] it
        # holds result rows [k n - 1, (k + 1) n - 1), clamped.
        overlaps = [max(0, min(rows - 2, k * n - 1)) for k in range(p + 1)]
        overlaps[-1] = rows - 2
        mid_split = ("shard.sharding @grid split_axes = [[0]] "
                     f"sharded_dims_offsets = {overlaps} : !shard.sharding")
        attrs = "attributes {llvm.emit_c_interface}"
        for case, spec, rt, result_split in (
                ("rev", "::-1", t, split), ("mid", "1:-1", mid, mid_split),
                ("str", "::2", half, split)):
            out += [
                f"func.func @{case}_{name}(%x: {t}) -> {rt} {attrs} {{",
                f"  %s = {split}",
                f"  %a = shard.shard %x to %s : {t}",
                f"  %y = slice.strided %a[{spec}] : {t} to {rt}",
                f"  %r = {result_split}",
                f"  %b = shard.shard %y to %r annotate_for_users : {rt}",
                f"  return %b : {rt}",
                "}",
                f"func.func @single_{case}_{name}(%x: {t}) -> {rt} {attrs} {{",
                f"  %y = slice.strided %x[{spec}] : {t} to {rt}",
                f"  return %y : {rt}",
                "}"]
        out += [
            f"func.func @upd_{name}(%x: {t}, %v: {t}) -> {t} {attrs} {{",
            f"  %s = {split}",
            f"  %a = shard.shard %x to %s : {t}",
            f"  %w = shard.shard %v to %s : {t}",
            f"  %y = slice.strided_update %w into %a[::-1] : {t} into {t}",
            f"  %b = shard.shard %y to %s annotate_for_users : {t}",
            f"  return %b : {t}",
            "}",
            f"func.func @single_upd_{name}(%x: {t}, %v: {t}) -> {t} {attrs} {{",
            f"  %y = slice.strided_update %v into %x[::-1] : {t} into {t}",
            f"  return %y : {t}",
            "}"]
    print("\n".join(out))


if __name__ == "__main__":
    main()
