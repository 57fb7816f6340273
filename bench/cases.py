# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The benchmark's slices, sizes and the MLIR and C code that times them.

Each case is a NumPy index tuple on an f32 input whose shape depends on the
size (1 MiB, 64 MiB, 512 MiB). From it come:
  - our slice.strided in Python notation (slice-opt --slice-to-llvm);
  - the upstream route: tensor.extract_slice (rank-reducing for a shrink,
    negative strides) plus tensor.expand_shape for a new axis, bufferized by
    one-shot-bufferize and lowered by upstream passes only (mlir-opt);
  - NumPy's x[index].
The write side times y[index] = v in place the same three ways
(slice.strided_update, tensor.insert_slice, NumPy).
"""

MIB = 1 << 20

SIZES = {"1MiB": 1 * MIB, "64MiB": 64 * MIB, "512MiB": 512 * MIB}

# 2-D shapes by size: rows x columns of f32.
MATRIX = {"1MiB": (512, 512), "64MiB": (4096, 4096), "512MiB": (8192, 16384)}
# 4-D shapes for case e.
TENSOR4 = {"1MiB": (16, 2, 64, 128), "64MiB": (64, 2, 256, 512),
           "512MiB": (128, 2, 512, 1024)}


def _row_block(shape):
    return (slice(shape[0] // 4, 3 * shape[0] // 4), slice(None))


CASES = [
    # name, description, shape function, index function
    ("a", "contiguous row block x[n/4:3n/4, :]",
     lambda size: MATRIX[size], _row_block),
    ("b", "reversed rows x[::-1, :]",
     lambda size: MATRIX[size], lambda shape: (slice(None, None, -1), slice(None))),
    ("c", "reversed inner dim x[:, ::-1]",
     lambda size: MATRIX[size], lambda shape: (slice(None), slice(None, None, -1))),
    ("d", "inner stride 2 x[:, ::2]",
     lambda size: MATRIX[size], lambda shape: (slice(None), slice(None, None, 2))),
    ("e", "4-D x[::-1, newaxis, 1, ::-2, :]",
     lambda size: TENSOR4[size],
     lambda shape: (slice(None, None, -1), None, 1, slice(None, None, -2),
                    slice(None))),
    ("f", "1-D stride-7 gather x[::7]",
     lambda size: (SIZES[size] // 4,), lambda shape: (slice(None, None, 7),)),
]


def tensor_type(shape):
    return "tensor<" + "x".join(str(d) for d in shape) + "xf32>"


def python_notation(index):
    """The index tuple in slice.strided's custom syntax."""
    parts = []
    for entry in index:
        if entry is None:
            parts.append("newaxis")
        elif isinstance(entry, int):
            parts.append(str(entry))
        else:
            text = ("" if entry.start is None else str(entry.start)) + ":" + \
                   ("" if entry.stop is None else str(entry.stop))
            if entry.step is not None:
                text += ":" + str(entry.step)
            parts.append(text)
    return "[" + ", ".join(parts) + "]"


def result_shape(shape, index):
    """NumPy's result shape of x[index], from a zero-strided stand-in for x
    (nothing the size of x is allocated)."""
    import numpy as np  # here: the GPU machine's torch_bench.py has none
    return np.broadcast_to(np.empty((), np.float32), shape)[index].shape


def upstream_slice(name, value, shape, index):
    """tensor.extract_slice (+ expand_shape) computing x[index]; returns the
    ops and the SSA name of the result."""
    offsets, sizes, strides, reduced = [], [], [], []
    groups, dim = [], 0
    for entry in index:
        if entry is None:
            # A new axis joins the group of the next dimension (of the last
            # one at the back).
            groups.append("new")
            continue
        if isinstance(entry, int):
            offsets.append(entry % shape[dim])
            sizes.append(1)
            strides.append(1)
        else:
            start, stop, step = entry.indices(shape[dim])
            count = len(range(start, stop, step))
            offsets.append(start)
            sizes.append(count)
            strides.append(step)
            reduced.append(count)
            groups.append("dim")
        dim += 1
    for rest in shape[dim:]:
        offsets.append(0)
        sizes.append(rest)
        strides.append(1)
        reduced.append(rest)
        groups.append("dim")
    ops = [f"%{name}_s = tensor.extract_slice {value}"
           f"[{', '.join(map(str, offsets))}] [{', '.join(map(str, sizes))}]"
           f" [{', '.join(map(str, strides))}] : "
           f"{tensor_type(shape)} to {tensor_type(reduced)}"]
    if "new" not in groups:
        return ops, f"%{name}_s"
    # Reassociation of the expanded result onto the reduced dims.
    reassociation, current = [], []
    for position, kind in enumerate(groups):
        current.append(position)
        if kind == "dim":
            reassociation.append(current)
            current = []
    if current:
        reassociation[-1].extend(current)
    out = result_shape(shape, index)
    ops.append(f"%{name}_e = tensor.expand_shape %{name}_s "
               f"{[list(g) for g in reassociation]} output_shape "
               f"[{', '.join(map(str, out))}] : {tensor_type(reduced)} into "
               f"{tensor_type(out)}")
    return ops, f"%{name}_e"


def variants():
    """(case, size, shape, index, out_shape) for every benchmark point."""
    for name, description, shape_fn, index_fn in CASES:
        for size in SIZES:
            shape = shape_fn(size)
            index = index_fn(shape)
            yield name, description, size, shape, index, result_shape(shape, index)


def symbol(case, size, kind):
    return f"{kind}_{case}_{size}"


def ours_module(kind):
    """Our functions: `alloc` returns a fresh dense slice (slices=copy),
    `into` copies the slice into a caller's buffer, `view` returns the view;
    `alloc_mt` and `into_mt` are compiled to run big copies on threads."""
    lines = []
    for case, _, size, shape, index, out in variants():
        fn = symbol(case, size, kind)
        tin, tout = tensor_type(shape), tensor_type(out)
        spec = python_notation(index)
        if kind in ("into", "into_mt"):
            lines += [
                f"func.func @{fn}(%x: {tin}, %out: {tout} "
                "{bufferization.writable = true}) -> " + tout +
                " attributes {llvm.emit_c_interface} {",
                f"  %s = slice.strided %x{spec} : {tin} to {tout}",
                f"  %r = linalg.copy ins(%s : {tout}) outs(%out : {tout}) -> {tout}",
                f"  return %r : {tout}", "}"]
        else:
            lines += [
                f"func.func @{fn}(%x: {tin}) -> {tout} "
                "attributes {llvm.emit_c_interface} {",
                f"  %r = slice.strided %x{spec} : {tin} to {tout}",
                f"  return %r : {tout}", "}"]
    return "\n".join(lines) + "\n"


def upstream_module(kind):
    """The upstream route: `alloc` returns the extracted slice (bufferization
    copies it into a new identity-layout buffer with memref.copy), `into`
    materializes it in the caller's buffer (memref.copy)."""
    lines = []
    for case, _, size, shape, index, out in variants():
        fn = symbol(case, size, "upstream_" + kind)
        tin, tout = tensor_type(shape), tensor_type(out)
        ops, result = upstream_slice("v", "%x", shape, index)
        if kind in ("into", "into_mt"):
            lines += [
                f"func.func @{fn}(%x: {tin}, %out: {tout} "
                "{bufferization.writable = true}) -> " + tout +
                " attributes {llvm.emit_c_interface} {"]
            lines += ["  " + op for op in ops]
            lines += [
                f"  %r = bufferization.materialize_in_destination {result} in "
                f"%out : ({tout}, {tout}) -> {tout}",
                f"  return %r : {tout}", "}"]
        else:
            lines += [
                f"func.func @{fn}(%x: {tin}) -> {tout} "
                "attributes {llvm.emit_c_interface} {"]
            lines += ["  " + op for op in ops]
            lines += [f"  return {result} : {tout}", "}"]
    return "\n".join(lines) + "\n"


def upstream_insert(name, value, dest, shape, index):
    """tensor.insert_slice (after a tensor.collapse_shape of the value's new
    axes) writing `value` (x[index]'s shape) into `dest` at index; returns
    the ops and the SSA name of the result."""
    ops, _ = upstream_slice(name, dest, shape, index)
    # The extract_slice's operands, reused for the insert.
    extract = ops[0]
    where = extract[extract.index("["):extract.index(" : ")]
    reduced = extract[extract.index(" to ") + 4:]
    source = value
    if len(ops) > 1:
        expand = ops[1]
        reassociation = expand[expand.index("[["):expand.index(" output_shape")]
        out = tensor_type(result_shape(shape, index))
        ops = [f"%{name}_c = tensor.collapse_shape {value} {reassociation} : "
               f"{out} into {reduced}"]
        source = f"%{name}_c"
    else:
        ops = []
    ops.append(f"%{name}_u = tensor.insert_slice {source} into {dest}{where}"
               f" : {reduced} into {tensor_type(shape)}")
    return ops, f"%{name}_u"


UPDATE_SYMBOLS = {"ours": "update", "ours_mt": "update_mt",
                  "upstream": "upstream_update"}


def update_module(route):
    """The write y[index] = v into the caller's buffer y (writable, so that
    it is updated in place): `ours` with slice.strided_update (`ours_mt`
    the same, compiled to run big copies on threads), `upstream` with
    tensor.insert_slice, all bufferized with function boundaries."""
    lines = []
    for case, _, size, shape, index, out in variants():
        fn = symbol(case, size, UPDATE_SYMBOLS[route])
        tin, tout = tensor_type(shape), tensor_type(out)
        lines.append(f"func.func @{fn}(%v: {tout}, %y: {tin} "
                     "{bufferization.writable = true}) -> " + tin +
                     " attributes {llvm.emit_c_interface} {")
        if route != "upstream":
            lines.append(f"  %r = slice.strided_update %v into %y"
                         f"{python_notation(index)} : {tout} into {tin}")
            result = "%r"
        else:
            ops, result = upstream_insert("u", "%v", "%y", shape, index)
            lines += ["  " + op for op in ops]
        lines += [f"  return {result} : {tin}", "}"]
    return "\n".join(lines) + "\n"


def update_table():
    """C declarations and the table of update points for update_harness.c."""
    decls, rows = [], []
    for case, _, size, shape, index, out in variants():
        fns = [symbol(case, size, kind) for kind in UPDATE_SYMBOLS.values()]
        for fn in fns:
            decls.append(f"void _mlir_ciface_{fn}(void *, void *, void *);")
        dims = lambda s: "{" + ", ".join(map(str, s)) + "}"
        rows.append(f'  {{"{case}", "{size}", {len(shape)}, {dims(shape)}, '
                    f"{len(out)}, {dims(out)}, " +
                    ", ".join(f"(void *)_mlir_ciface_{fn}" for fn in fns) +
                    "},")
    return "\n".join(decls) + "\n\nstatic const UpdatePoint kUpdates[] = {\n" \
        + "\n".join(rows) + "\n};\n"


def harness_table():
    """C declarations and the table of benchmark points for harness.c."""
    decls, rows = [], []
    for case, _, size, shape, index, out in variants():
        rin, rout = len(shape), len(out)
        names = {k: symbol(case, size, k) for k in
                 ("alloc", "alloc_mt", "into", "into_mt", "view",
                  "upstream_alloc", "upstream_into")}
        for kind in ("alloc", "alloc_mt", "view", "upstream_alloc"):
            decls.append(f"void _mlir_ciface_{names[kind]}(void *, void *);")
        for kind in ("into", "into_mt", "upstream_into"):
            decls.append(f"void _mlir_ciface_{names[kind]}(void *, void *, "
                         "void *);")
        dims = lambda s: "{" + ", ".join(map(str, s)) + "}"
        rows.append(
            f'  {{"{case}", "{size}", {rin}, {dims(shape)}, {rout}, {dims(out)}, '
            + ", ".join(f"(void *)_mlir_ciface_{names[k]}" for k in
                        ("alloc", "alloc_mt", "into", "into_mt", "view",
                         "upstream_alloc", "upstream_into"))
            + "},")
    return "\n".join(decls) + "\n\nstatic const BenchPoint kPoints[] = {\n" + \
        "\n".join(rows) + "\n};\n"


def tf_encoding(shape, index):
    """TensorFlow's CPU kernel's view of x[index] (strided_slice_op.cc and
    strided_slice_op_impl.h): begin, end and strides for every input
    dimension once the masks are resolved (a shrink entry is [i, i+1) with
    stride 1; a negative stride runs from its first element down to one
    below its last), the processing shape (the result with the shrunk
    dimensions kept as 1 and no new axes), and whether every stride is 1,
    when the kernel evaluates Eigen's `slice` instead of `stridedSlice`."""
    begin, end, strides, dims = [], [], [], []
    dim = 0
    entries = [e for e in index if e is not None]
    entries += [slice(None)] * (len(shape) - len(entries))
    for entry in entries:
        n = shape[dim]
        if isinstance(entry, int):
            first = entry % n
            begin.append(first)
            end.append(first + 1)
            strides.append(1)
            dims.append(1)
        else:
            start, stop, step = entry.indices(n)
            count = len(range(start, stop, step))
            begin.append(start)
            end.append(stop)
            strides.append(step)
            dims.append(count)
        dim += 1
    return begin, end, strides, dims, all(s == 1 for s in strides)


def eigen_table():
    """The points of bench/eigen_harness.cpp: TensorFlow's encoding of each
    slice (tf_encoding)."""
    rows = []
    for case, _, size, shape, index, out in variants():
        begin, end, strides, dims, simple = tf_encoding(shape, index)
        braces = lambda s: "{" + ", ".join(map(str, s)) + "}"
        rows.append(f'  {{"{case}", "{size}", {len(shape)}, {braces(shape)}, '
                    f"{braces(begin)}, {braces(end)}, {braces(strides)}, "
                    f"{braces(dims)}, {str(simple).lower()}}},")
    return "static const EigenPoint kEigenPoints[] = {\n" + "\n".join(rows) \
        + "\n};\n"
