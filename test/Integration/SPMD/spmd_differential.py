# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Executed differential test of slices and updates of sharded tensors
against NumPy.

Builds one module of random slices (or, with --update, updates
`slice.strided_update`, whose value is sharded too and whose result is
sharded as its dest), each in a function whose source is
sharded (shard.shard) over a grid of `--grid` processes and whose result is
annotated with a sharding chosen here; compiles it with
`slice-opt --slice-to-llvm="spmd=true"` and a generated C driver with
MPICH's mpicc (scripts/compile-aot.sh); runs it with `mpirun -np P`. Each
process passes its own shard of an iota input (docs/sharding.md's calling
convention) and writes the local results it gets back; this script
reassembles them from the result shardings and compares the global result
with NumPy's x[...].

Cases:
  structured  one entry per source dimension: whole (`:`, the sharding
              carries over: local code), a range with any stride, or a
              shrink index, plus new axes; the result sharded like the
              source where a whole dimension allows it, and at random
              elsewhere
  random      nd.random_spec (masks, ellipsis, new axes, shrinks, offset
              mode off), result replicated or sharded on a random dimension
Half of each kind pass begin/end/strides as run-time values (the result
type is then dynamic and the result replicated); a third of those slices
have a source of run-time size as well, split as the driver likes. About a third of the
sources, results and values are split unevenly at explicit offsets
(sharded_dims_offsets, empty shards included): their shards' sizes differ
from process to process.

Prints "N cases, M mismatches" and exits 1 on a mismatch or failure.
"""

import argparse
import os
import random
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                "Semantics"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import numpy_differential as nd  # noqa: E402
import slicegen  # noqa: E402

INT64_MIN = -(2**63)
DTYPES = {"f32": (np.float32, "float"), "f64": (np.float64, "double"),
          "i32": (np.int32, "int32_t"), "i8": (np.int8, "int8_t")}


def process_index(rank, grid):
    """The multi-index of MPI rank `rank` (the last grid axis fastest)."""
    index = []
    for size in reversed(grid):
        index.append(rank % size)
        rank //= size
    return index[::-1]


def shard_range(axes, size, grid, multi, table=None):
    """(offset, n) of this process's shard of a dimension of `size` split
    over grid axes `axes` (the first axis major): at the explicit offsets
    `table` (shards + 1 entries), or evenly."""
    count, linear = 1, 0
    for axis in axes:
        count *= grid[axis]
        linear = linear * grid[axis] + multi[axis]
    if table is not None:
        return table[linear], table[linear + 1] - table[linear]
    n = size // count
    return linear * n, n


def random_table(rng, size, shards):
    """Explicit shard offsets of a dimension of `size`: shards of unequal
    sizes, some possibly empty."""
    cuts = sorted(rng.randint(0, size) for _ in range(shards - 1))
    return [0] + cuts + [size]


def group_size(axes, grid):
    return int(np.prod([grid[a] for a in axes], dtype=np.int64))


def sharding_text(split, tables=None):
    """split_axes, and the explicit offsets of every split dimension when
    `tables` (per dimension: offsets or None) has any."""
    split = list(split) or [[]]
    while len(split) > 1 and not split[-1]:
        split = split[:-1]
    text = "[" + ", ".join("[" + ", ".join(map(str, a)) + "]"
                           for a in split) + "]"
    if tables and any(t is not None for t in tables):
        flat = [v for dim, axes in enumerate(split) if axes
                for v in tables[dim]]
        text += f" sharded_dims_offsets = [{', '.join(map(str, flat))}]"
    return text


def table_of(tables, dim):
    return tables[dim] if tables and dim < len(tables) else None


def random_source(rng, grid, rank):
    """A shape of `rank` and a sharding of it: an even split, or (a third
    of them, where each split dimension has one grid axis) uneven shards
    at explicit offsets. Returns (shape, split, tables)."""
    split = [[] for _ in range(rank)]
    for axis in range(len(grid)):
        if rank and rng.random() < 0.8:
            split[rng.randrange(rank)].append(axis)
    uneven = (any(split) and all(len(a) <= 1 for a in split)
              and rng.random() < 0.35)
    shape, tables = [], [None] * rank
    for dim in range(rank):
        k = group_size(split[dim], grid)
        if split[dim] and uneven:
            shape.append(rng.randint(0, 3 * k))
            tables[dim] = random_table(rng, shape[dim], k)
        else:
            shape.append(k * rng.choice([1, 1, 2, 3, 4]) if split[dim]
                         else rng.choice([1, 2, 3, 5]))
    if uneven:
        # Every split dimension lists offsets, the even ones too.
        for dim in range(rank):
            if split[dim] and tables[dim] is None:
                k = group_size(split[dim], grid)
                tables[dim] = [i * shape[dim] // k for i in range(k + 1)]
    return shape, split, (tables if uneven else None)


def structured_case(rng, shape, split):
    """Entries per dimension plus new axes; returns (text, result split)
    with whole dimensions keeping their axes."""
    entries, result_source = [], []
    for dim, size in enumerate(shape):
        if rng.random() < 0.2:
            entries.append("newaxis")
            result_source.append(None)
        roll = rng.random()
        if roll < 0.35 or (roll >= 0.8 and size == 0):
            entries.append(":")
            result_source.append(("whole", dim))
        elif roll < 0.8:
            b = rng.randint(-size - 1, size + 1)
            e = rng.randint(-size - 1, size + 1)
            s = rng.choice([1, 2, 3, -1, -2, -3, 5])
            parts = [str(b) if rng.random() < 0.7 else "",
                     str(e) if rng.random() < 0.7 else "", str(s)]
            entries.append(":".join(parts))
            result_source.append(("range", dim))
        else:
            entries.append(str(rng.randint(-size, size - 1)))
    return ", ".join(entries), result_source


def result_split(rng, result_shape, grid, carried, carried_tables):
    """A sharding of a static result: `carried` (per result dim, axes to
    keep or None, with their offsets in `carried_tables`) first, then
    random axes on evenly divisible dims, or (uneven, where a carried
    dimension is or a third of the time) on any dimension without axes
    at random offsets. Returns (split, tables or None)."""
    split = [list(c) if c else [] for c in carried]
    tables = list(carried_tables)
    uneven = (any(t is not None for t in tables) or rng.random() < 0.33) \
        and all(len(a) <= 1 for a in split)
    used = {a for axes in split for a in axes}
    for axis in range(len(grid)):
        if axis in used or rng.random() < 0.5 or not result_shape:
            continue
        dim = rng.randrange(len(result_shape))
        if uneven and not split[dim]:
            split[dim].append(axis)
            used.add(axis)
            tables[dim] = random_table(rng, result_shape[dim], grid[axis])
            continue
        k = group_size(split[dim] + [axis], grid)
        if not uneven and result_shape[dim] % k == 0 and result_shape[dim] > 0:
            split[dim].append(axis)
            used.add(axis)
    if not any(t is not None for t in tables):
        return split, None
    for dim, axes in enumerate(split):
        if axes and tables[dim] is None:
            k = group_size(axes, grid)
            tables[dim] = [i * result_shape[dim] // k for i in range(k + 1)]
    return split, tables


class Case:
    pass


def make_cases(rng, count, grid, updates=False):
    cases = []
    while len(cases) < count:
        c = Case()
        c.update = updates
        c.dtype = rng.choice(list(DTYPES))
        c.dynamic = rng.random() < 0.5
        c.shape, c.split, c.tables = random_source(rng, grid,
                                                   rng.randint(1, 3))
        # A third of the slices with run-time entries have a source of
        # run-time size too: the processes tell each other their shard
        # sizes, which the driver picks (unevenly where nothing says).
        c.source_dynamic = [False] * len(c.shape)
        c.driver_tables = list(c.tables or [None] * len(c.shape))
        if c.dynamic and not updates and rng.random() < 0.33:
            c.source_dynamic = [rng.random() < 0.6 for _ in c.shape]
            for dim, axes in enumerate(c.split):
                if axes and c.source_dynamic[dim] and \
                        c.driver_tables[dim] is None:
                    c.driver_tables[dim] = random_table(
                        rng, c.shape[dim], group_size(axes, grid))
        if rng.random() < 0.5:
            text, sources = structured_case(rng, c.shape, c.split)
            sc = slicegen.Case("py", c.shape, text=text)
            index = slicegen.numpy_index(sc)
            if index is None:
                continue
            c.kind, c.text, c.index = "structured", text, index
            c.sources = sources
        else:
            shape, begin, end, strides, masks = nd.random_spec(rng, c.shape)
            index = nd.numpy_index(shape, begin, end, strides, masks)
            if index is None:
                continue
            c.kind, c.index = "random", index
            c.begin, c.end, c.strides, c.masks = begin, end, strides, masks
            c.sources = None
        try:
            expected = np.asarray(slicegen.iota(c.shape, "i32")[tuple(c.index)])
        except (IndexError, ValueError, TypeError):
            continue
        if expected.ndim > 6:
            continue
        c.expected_shape = list(expected.shape)
        if c.update and not _add_value(rng, c, grid):
            continue
        if c.kind == "structured":
            c.spec = _python_to_raw(c.text, c.shape)
            if c.spec is None:
                continue
        else:
            c.spec = (c.begin, c.end, c.strides, c.masks)
        # An update's result is sharded as its dest. Results of dynamic
        # slices are replicated (their size is known at run time only);
        # static ones carry and take shardings.
        if c.update:
            c.result_split = [list(a) for a in c.split]
            c.result_tables = c.tables
        elif c.dynamic:
            c.result_split = [[] for _ in c.expected_shape]
            c.result_tables = None
        else:
            carried = [None] * len(c.expected_shape)
            carried_tables = [None] * len(c.expected_shape)
            if c.sources is not None and rng.random() < 0.7:
                for pos, source in enumerate(c.sources):
                    if source and source[0] == "whole":
                        carried[pos] = c.split[source[1]]
                        carried_tables[pos] = table_of(c.tables, source[1])
            c.result_split, c.result_tables = result_split(
                rng, c.expected_shape, grid, carried, carried_tables)
        cases.append(c)
    return cases


def _add_value(rng, c, grid):
    """Gives update case `c` a value (the slice's shape, or one that
    broadcasts to it) and a sharding of it: replicated, like the dest along
    the dimensions written whole, or split on a random dimension."""
    slice_shape = c.expected_shape
    shape = list(slice_shape)
    if shape and rng.random() < 0.3:
        shape[rng.randrange(len(shape))] = 1
    if shape and rng.random() < 0.2:
        shape = shape[1:]
    try:
        x = slicegen.iota(c.shape, c.dtype)
        x[tuple(c.index)] = slicegen.update_value(shape, c.dtype)
    except (IndexError, ValueError):
        return False
    c.value_shape = shape
    c.value_split = [[] for _ in shape]
    c.value_tables = [None] * len(shape)
    lead = len(slice_shape) - len(shape)
    roll = rng.random()
    if roll < 0.5 and c.sources is not None:
        for k in range(len(shape)):
            source = c.sources[k + lead]
            if (source and source[0] == "whole"
                    and shape[k] == slice_shape[k + lead]):
                c.value_split[k] = list(c.split[source[1]])
                c.value_tables[k] = table_of(c.tables, source[1])
    elif roll < 0.8 and shape:
        k = rng.randrange(len(shape))
        axis = rng.randrange(len(grid))
        if rng.random() < 0.3:
            c.value_split[k] = [axis]
            c.value_tables[k] = random_table(rng, shape[k], grid[axis])
        elif shape[k] % grid[axis] == 0 and shape[k] > 0:
            c.value_split[k] = [axis]
    if any(t is not None for t in c.value_tables):
        for k, axes in enumerate(c.value_split):
            if axes and c.value_tables[k] is None:
                n = group_size(axes, grid)
                if len(axes) > 1 or shape[k] % n:
                    return False
                c.value_tables[k] = [i * shape[k] // n for i in range(n + 1)]
    else:
        c.value_tables = None
    return True


def _python_to_raw(text, shape):
    """begin/end/strides/masks of a structured case's Python text (one
    entry per source dimension plus new axes, no ellipsis)."""
    begin, end, strides = [], [], []
    masks = [0, 0, 0, 0, 0]
    for i, entry in enumerate(text.split(", ")):
        bit = 1 << i
        if entry == "newaxis":
            begin.append(0), end.append(0), strides.append(1)
            masks[3] |= bit
        elif ":" in entry:
            parts = (entry.split(":") + [""])[:3]
            b, e, s = parts
            strides.append(int(s) if s else 1)
            begin.append(int(b) if b else 0)
            end.append(int(e) if e else 0)
            if not b:
                masks[0] |= bit
            if not e:
                masks[1] |= bit
        else:
            begin.append(int(entry)), end.append(int(entry) + 1)
            strides.append(1)
            masks[4] |= bit
    return begin, end, strides, masks


def tensor_type(shape, dtype):
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x"
                               for d in shape) + dtype + ">"


def module_text(cases, grid):
    lines = [f"shard.grid @grid(shape = {'x'.join(map(str, grid))}) "
             "{sym_visibility = \"private\"}"]
    for n, c in enumerate(cases):
        begin, end, strides, masks = c.spec
        source_type = tensor_type(
            [None if dyn else d for d, dyn in zip(c.shape, c.source_dynamic)],
            c.dtype)
        result_shape = ([None] * len(c.expected_shape) if c.dynamic
                        else c.expected_shape)
        result_type = tensor_type(result_shape, c.dtype)
        args = [f"%x: {source_type}"]
        operands = ["%a"]
        props = []
        segments = [1]
        if c.update:
            value_type = tensor_type(c.value_shape, c.dtype)
            result_type = source_type
            args.append(f"%v: {value_type}")
            operands = ["%w", "%a"]
            segments = [1, 1]
        for name, items, key in zip(["begin", "end", "strides"],
                                    [begin, end, strides], "bes"):
            if c.dynamic:
                names = [f"%{key}{i}" for i in range(len(items))]
                args += [f"{v}: index" for v in names]
                operands += names
                props.append(f"static_{name} = array<i64"
                             + (": " + ", ".join([str(INT64_MIN)] * len(items))
                                if items else "") + ">")
                segments.append(len(items))
            else:
                props.append(f"static_{name} = array<i64"
                             + (": " + ", ".join(
                                 str(slicegen._static(v)) for v in items)
                                if items else "") + ">")
                segments.append(0)
        for name, mask in zip(["begin_mask", "end_mask", "ellipsis_mask",
                               "new_axis_mask", "shrink_axis_mask"], masks):
            props.append(f"{name} = {mask} : i64")
        props.append("operandSegmentSizes = array<i32: "
                     + ", ".join(map(str, segments)) + ">")
        leading = [value_type, source_type] if c.update else [source_type]
        types = ", ".join(leading + ["index"] * (len(operands) - len(leading)))
        opname = "slice.strided_update" if c.update else "slice.strided"
        value_lines = [
            f"  %vs = shard.sharding @grid split_axes = "
            f"{sharding_text(c.value_split, c.value_tables)} : !shard.sharding",
            f"  %w = shard.shard %v to %vs : {value_type}"] if c.update else []
        lines += [
            f"func.func @f{n}({', '.join(args)}) -> {result_type} "
            "attributes {llvm.emit_c_interface} {",
            f"  %s = shard.sharding @grid split_axes = "
            f"{sharding_text(c.split, c.tables)} : !shard.sharding",
            f"  %a = shard.shard %x to %s : {source_type}"] + value_lines + [
            f'  %y = "{opname}"({", ".join(operands)}) '
            f'<{{{", ".join(props)}}}> : ({types}) -> {result_type}',
            f"  %r = shard.sharding @grid split_axes = "
            f"{sharding_text(c.result_split, c.result_tables)} : "
            "!shard.sharding",
            f"  %b = shard.shard %y to %r : {result_type}",
            f"  return %b : {result_type}",
            "}"]
    return "\n".join(lines) + "\n"


def local_shard(prefix, name, shape, split, grid, ctype, element,
                tables=None):
    """C statements that fill this process's shard of a tensor of `shape`
    split as `split`, at the explicit offsets `tables` if any (element =
    `element` of its global row-major index `flat`), and describe it as
    MemRef `name`."""
    rank = len(shape)
    locals_, offsets = [], []
    for dim, size in enumerate(shape):
        axes = split[dim] if dim < len(split) else []
        if not axes:
            locals_.append(str(size))
            offsets.append("0")
            continue
        k = group_size(axes, grid)
        lin = "0"
        for a in axes:
            lin = f"({lin} * {grid[a]} + multi[{a}])"
        table = table_of(tables, dim)
        if table is not None:
            at = f"((const int64_t[]){{{', '.join(map(str, table))}}})"
            locals_.append(f"({at}[{lin} + 1] - {at}[{lin}])")
            offsets.append(f"{at}[{lin}]")
            continue
        locals_.append(str(size // k))
        offsets.append(f"{lin} * {size // k}")
    p = prefix
    out = [f"    int64_t {p}n = {' * '.join(locals_) or '1'};",
           f"    {ctype} *{p} = malloc(({p}n ? {p}n : 1) * sizeof({ctype}));",
           f"    int64_t {p}off[] = {{{', '.join(offsets) or '0'}}};",
           f"    int64_t {p}loc[] = {{{', '.join(locals_) or '1'}}};",
           f"    int64_t {p}glob[] = {{{', '.join(map(str, shape)) or '1'}}};",
           f"    for (int64_t i = 0; i < {p}n; ++i) {{",
           "      int64_t rest = i, flat = 0, scale = 1;",
           f"      for (int d = {rank - 1}; d >= 0; --d) {{",
           f"        flat += ({p}off[d] + rest % {p}loc[d]) * scale;",
           f"        scale *= {p}glob[d]; rest /= {p}loc[d];",
           "      }",
           f"      {p}[i] = ({ctype})({element});",
           "    }"]
    strides, acc = [], "1"
    for d in reversed(range(rank)):
        strides.insert(0, acc)
        acc = f"{p}loc[{d}]" if acc == "1" else f"{acc} * {p}loc[{d}]"
    sizes = ", ".join(f"{p}loc[{d}]" for d in range(rank))
    out.append(f"    MemRef{rank} {name} = {{{p}, {p}, 0"
               + (f", {{{sizes}}}, {{{', '.join(strides)}}}" if rank else "")
               + "};")
    return out


def driver_text(cases, grid):
    out = ["#include <mpi.h>", "#include <stdint.h>", "#include <stdio.h>",
           "#include <stdlib.h>", ""]
    for rank in range(0, 8):
        fields = "void *allocated, *aligned; int64_t offset"
        if rank:
            fields += f", sizes[{rank}], strides[{rank}]"
        out.append(f"typedef struct {{ {fields}; }} MemRef{rank};")
    out.append("")
    for n, c in enumerate(cases):
        scalars = "".join(", int64_t" for _ in range(
            3 * len(c.spec[0]) if c.dynamic else 0))
        result_rank = len(c.shape) if c.update else len(c.expected_shape)
        value = f", MemRef{len(c.value_shape)} *" if c.update else ""
        out.append(f"void _mlir_ciface_f{n}(MemRef{result_rank} *, "
                   f"MemRef{len(c.shape)} *{value}{scalars});")
    out += [
        "",
        "/* The bytes this process sends and receives point to point, counted",
        "   through MPI's profiling interface (PMPI). */",
        "static long long sent, received;",
        "int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest,",
        "             int tag, MPI_Comm comm) {",
        "  int size;",
        "  PMPI_Type_size(type, &size);",
        "  sent += (long long)count * size;",
        "  return PMPI_Send(buf, count, type, dest, tag, comm);",
        "}",
        "int MPI_Recv(void *buf, int count, MPI_Datatype type, int source,",
        "             int tag, MPI_Comm comm, MPI_Status *status) {",
        "  int size;",
        "  PMPI_Type_size(type, &size);",
        "  received += (long long)count * size;",
        "  return PMPI_Recv(buf, count, type, source, tag, comm, status);",
        "}",
        "",
        "static void dump(FILE *f, int n, const char *type, void *aligned,",
        "                 int64_t offset, int rank, const int64_t *sizes,",
        "                 const int64_t *strides) {",
        "  int64_t count = 1;",
        "  fprintf(f, \"f%d\", n);",
        "  for (int d = 0; d < rank; ++d) {",
        "    fprintf(f, \" %lld\", (long long)sizes[d]);",
        "    count *= sizes[d];",
        "  }",
        "  fprintf(f, \" :\");",
        "  for (int64_t i = 0; i < count; ++i) {",
        "    int64_t rest = i, at = offset;",
        "    for (int d = rank - 1; d >= 0; --d) {",
        "      at += (rest % sizes[d]) * strides[d];",
        "      rest /= sizes[d];",
        "    }",
        "    if (type[0] == 'f' && type[1] == '3')",
        "      fprintf(f, \" %.9g\", (double)((float *)aligned)[at]);",
        "    else if (type[0] == 'f')",
        "      fprintf(f, \" %.17g\", ((double *)aligned)[at]);",
        "    else if (type[1] == '3')",
        "      fprintf(f, \" %d\", ((int32_t *)aligned)[at]);",
        "    else",
        "      fprintf(f, \" %d\", ((int8_t *)aligned)[at]);",
        "  }",
        "  fprintf(f, \"\\n\");",
        "}",
        "",
        "int main(int argc, char **argv) {",
        "  MPI_Init(&argc, &argv);",
        "  int rank;",
        "  MPI_Comm_rank(MPI_COMM_WORLD, &rank);",
        "  char path[4096];",
        "  snprintf(path, sizeof path, \"%s/rank%d.txt\", argv[1], rank);",
        "  FILE *f = fopen(path, \"w\");",
        "  if (!f) return 1;",
    ]
    grid_list = ", ".join(map(str, grid))
    out.append(f"  const int64_t grid[] = {{{grid_list}}};")
    out.append(f"  int64_t multi[{len(grid)}];")
    out.append("  { int64_t r = rank;")
    out.append(f"    for (int a = {len(grid) - 1}; a >= 0; --a) "
               "{ multi[a] = r % grid[a]; r /= grid[a]; } }")
    for n, c in enumerate(cases):
        ctype = DTYPES[c.dtype][1]
        out.append(f"  {{ /* f{n}: {c.shape} {c.kind} */")
        out += local_shard("x", "in", c.shape, c.split, grid, ctype, "flat",
                           c.driver_tables)
        if c.update:
            out += local_shard("v", "val", c.value_shape, c.value_split, grid,
                               ctype, "-1 - flat", c.value_tables)
        r = len(c.shape) if c.update else len(c.expected_shape)
        out.append(f"    MemRef{r} out;")
        scalars = ""
        if c.dynamic:
            begin, end, strides_, _ = c.spec
            values = begin + end + strides_
            scalars = "".join(f", (int64_t){v}LL" if v != INT64_MIN
                              else ", INT64_MIN" for v in values)
        value = ", &val" if c.update else ""
        out.append("    sent = received = 0;")
        out.append(f"    _mlir_ciface_f{n}(&out, &in{value}{scalars});")
        out.append(f"    fprintf(f, \"b{n} %lld %lld\\n\", sent, received);")
        if r:
            out.append(f"    dump(f, {n}, \"{c.dtype}\", out.aligned, "
                       f"out.offset, {r}, out.sizes, out.strides);")
        else:
            out.append(f"    dump(f, {n}, \"{c.dtype}\", out.aligned, "
                       "out.offset, 0, NULL, NULL);")
        out.append("  }")
    out += ["  fclose(f);", "  MPI_Finalize();", "  return 0;", "}", ""]
    return "\n".join(out)


def parse(path):
    """The results of a process, and the bytes it sent and received for
    each case (index -1 of the result map: {n: (sent, received)})."""
    results = {-1: {}}
    with open(path) as f:
        for line in f:
            if line.startswith("b"):
                n, sent, received = line[1:].split()
                results[-1][int(n)] = (int(sent), int(received))
                continue
            head, _, values = line.partition(" :")
            parts = head.split()
            n = int(parts[0][1:])
            sizes = [int(s) for s in parts[1:]]
            results[n] = (sizes, values.split())
    return results


def assemble(c, grid, per_rank):
    """The global result from the processes' local results, or a string
    saying what is inconsistent."""
    dtype = DTYPES[c.dtype][0]
    shape = c.expected_shape
    if any(d is None for d in shape):
        return "dynamic"
    # Dynamic results are replicated: every process must hold the whole.
    glob = None
    for rank, results in enumerate(per_rank):
        if c.number not in results:
            return f"rank {rank} wrote nothing"
        sizes, values = results[c.number]
        local = np.array([float(v) for v in values], dtype=np.float64)
        local = local.astype(dtype).reshape(sizes) if sizes else \
            local.astype(dtype).reshape(())
        if glob is None:
            glob = np.zeros(shape, dtype=dtype) if shape else None
        multi = process_index(rank, grid)
        index = []
        for dim, size in enumerate(shape):
            axes = c.result_split[dim] if dim < len(c.result_split) else []
            if axes:
                start, n = shard_range(axes, size, grid, multi,
                                       table_of(c.result_tables, dim))
            else:
                start, n = 0, size
            index.append(slice(start, start + n))
        if list(local.shape) != [s.stop - s.start for s in index]:
            return (f"rank {rank} returned shape {list(local.shape)}, "
                    f"expected {[s.stop - s.start for s in index]}")
        if not shape:
            glob = local
        else:
            glob[tuple(index)] = local
    return glob


def shard_slices(shape, split, tables, grid, multi):
    """The index of a process's shard of a tensor of `shape`."""
    index = []
    for dim, size in enumerate(shape):
        axes = split[dim] if dim < len(split) else []
        if axes:
            start, n = shard_range(axes, size, grid, multi,
                                   table_of(tables, dim))
        else:
            start, n = 0, size
        index.append(slice(start, start + n))
    return tuple(index)


def fewest_update_bytes(c, grid, rank, itemsize):
    """The fewest bytes process `rank` can receive for update `c`: the
    value elements written into its dest shard that its own shard of the
    value does not hold (the dest never needs to move)."""
    multi = process_index(rank, grid)
    ids = np.arange(int(np.prod(c.shape)), dtype=np.int64).reshape(c.shape)
    window = np.asarray(ids[tuple(c.index)])
    values = np.arange(int(np.prod(c.value_shape)),
                       dtype=np.int64).reshape(c.value_shape)
    written = np.broadcast_to(values, window.shape)
    here = np.isin(window, ids[shard_slices(c.shape, c.split,
                                            c.driver_tables, grid, multi)])
    needed = np.unique(written[here])
    held = values[shard_slices(c.value_shape, c.value_split, c.value_tables,
                               grid, multi)]
    return int(np.count_nonzero(~np.isin(needed, held.ravel()))) * itemsize


def fewest_bytes(c, grid, rank, itemsize):
    """The fewest bytes process `rank` can receive for slice `c`: its part
    of the result (the whole where replicated) less the elements its own
    shard of the source holds, computed on element identities."""
    ids = np.arange(int(np.prod(c.shape)), dtype=np.int64).reshape(c.shape)
    multi = process_index(rank, grid)
    held = ids[shard_slices(c.shape, c.split, c.driver_tables, grid, multi)]
    result = np.asarray(ids[tuple(c.index)])
    # Dynamic results are replicated: the part is the whole.
    part = () if c.dynamic else shard_slices(
        result.shape, c.result_split, c.result_tables, grid, multi)
    mine = result[part].ravel()
    return int(np.count_nonzero(~np.isin(mine, held.ravel()))) * itemsize


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", required=True)
    parser.add_argument("--grid", default="2")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compile", required=True,
                        help="scripts/compile-aot.sh")
    parser.add_argument("--mpicc", default="mpicc.mpich")
    parser.add_argument("--mpirun", default="mpirun.mpich")
    parser.add_argument("--update", action="store_true",
                        help="slice.strided_update cases instead of slices")
    args = parser.parse_args()
    # The sanitizer build's lit (lit.cfg.py) runs the first part of each
    # sequence, as for exec_differential.py: the same cases ran against
    # NumPy in the release build.
    scale = float(os.environ.get("SLICE_DIFFERENTIAL_SCALE", "1"))
    args.count = max(1, round(args.count * scale))
    grid = [int(g) for g in args.grid.split("x")]
    processes = int(np.prod(grid))
    rng = random.Random(args.seed)
    cases = make_cases(rng, args.count, grid, args.update)
    for n, c in enumerate(cases):
        c.number = n
    os.makedirs(args.work, exist_ok=True)
    module = os.path.join(args.work, "slices.mlir")
    with open(module, "w") as f:
        f.write(module_text(cases, grid))
    driver = os.path.join(args.work, "driver.c")
    with open(driver, "w") as f:
        f.write(driver_text(cases, grid))
    program = os.path.join(args.work, "program")
    # LLVM at -O0: the values and bytes check the partitioning and the
    # exchanges, and a module of a hundred sharded cases takes two thirds of
    # its compile time in opt -O3 and llc -O3 (the program differential's
    # aot modes compile at -O3).
    env = dict(os.environ, CC=args.mpicc,
               SLICE_AOT_OPT=os.environ.get("SLICE_AOT_OPT", "0"))
    subprocess.run(["bash", args.compile, module, program, "spmd=true",
                    driver], check=True, env=env)
    out = os.path.join(args.work, "out")
    os.makedirs(out, exist_ok=True)
    subprocess.run([args.mpirun, "-np", str(processes), program, out],
                   check=True, timeout=600)
    per_rank = [parse(os.path.join(out, f"rank{r}.txt"))
                for r in range(processes)]
    mismatches = 0
    moved = fewest = 0
    for c in cases:
        # Each process receives exactly what it lacks, and what is
        # sent is what is received.
        itemsize = np.dtype(DTYPES[c.dtype][0]).itemsize
        counts = [results[-1].get(c.number, (-1, -1))
                  for results in per_rank]
        fewest_of = fewest_update_bytes if c.update else fewest_bytes
        least = [fewest_of(c, grid, rank, itemsize)
                 for rank in range(processes)]
        moved += sum(received for _, received in counts)
        fewest += sum(least)
        if [received for _, received in counts] != least or \
                sum(sent for sent, _ in counts) != sum(least):
            mismatches += 1
            if mismatches <= 10:
                print(f"MISMATCH f{c.number} bytes: {c.shape} split "
                      f"{c.split} {c.text if c.kind == 'structured' else ''}"
                      f" result split {c.result_split}: sent, received "
                      f"per process {counts}, fewest {least}")
        x = slicegen.iota(c.shape, c.dtype)
        if c.update:
            x[tuple(c.index)] = slicegen.update_value(c.value_shape, c.dtype)
            expected = x
            c.expected_shape = list(x.shape)
        else:
            expected = np.asarray(x[tuple(c.index)])
        if c.dynamic and not c.update:
            # Replicated: each process's result is the whole one.
            got = None
            for rank, results in enumerate(per_rank):
                sizes, values = results.get(c.number, (None, None))
                if sizes is None:
                    got = f"rank {rank} wrote nothing"
                    break
                local = np.array([float(v) for v in values]).astype(
                    expected.dtype).reshape(sizes)
                if local.shape != expected.shape or not np.array_equal(
                        local, expected):
                    got = f"rank {rank}: {local.shape} {local.ravel()[:8]}"
                    break
            if got is None:
                continue
        else:
            got = assemble(c, grid, per_rank)
            if not isinstance(got, str) and got.shape == expected.shape and \
                    np.array_equal(got, expected):
                continue
        mismatches += 1
        if mismatches <= 10:
            spec = c.text if c.kind == "structured" else nd.encode_spec(
                c.begin, c.end, c.strides, c.masks)
            value = (f" = value {c.value_shape} split {c.value_split} "
                     f"offsets {c.value_tables}" if c.update else "")
            print(f"MISMATCH f{c.number}: {c.dtype} {c.shape} split "
                  f"{c.split} offsets {c.tables} {spec}{value} "
                  f"dynamic={c.dynamic} result split {c.result_split} "
                  f"offsets {c.result_tables}: expected {expected.shape} "
                  f"{expected.ravel()[:8]}, got {got if isinstance(got, str) else got.ravel()[:8]}")
    kind = "updates" if args.update else "slices"
    print(f"bytes received {moved}, the fewest possible {fewest}")
    print(f"{len(cases)} {kind} on {processes} processes ({args.grid} grid), "
          f"{mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
