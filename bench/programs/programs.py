# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The whole-program benchmark: slices between element-wise producers and
consumers, chains, concats and loop updates, as ML programs write them.

Each program is written four ways: with slice ops (ours, compiled by
--slice-to-llvm), with upstream's tensor ops (tensor.extract_slice with
negative strides, insert_slice, concat, linalg.generic: upstream's route,
lowered by upstream passes alone), in NumPy and in PyTorch (eager). The
programs:

  relu_rev      relu(x[::-1, ::2]), x 4096x4096 (64 MiB), arith on tensors
  exp_slice     (exp(x) * 2)[::2, 1:-1], x 4096x4096
  exp_8m        exp(x), x 2048x4096 (8M elements): the math function alone
  tanh_8m       tanh(x), x 2048x4096
  chain         (x[1:-1][::2, ::-1][:, 2:-2]) * 2 + 1, x 4096x4096
  rotary_concat rotary embedding of x 2048x32x128 (32 MiB):
                x * cos + concat(-x[..., 64:], x[..., :64]) * sin
  rotary_dps    the same with the rotation written by two updates into an
                empty tensor (destination-passing style)
  kv_decode     1,024 steps of cache[:, p:p+1, :] = k[:, i:i+1, :] * 0.5 on
                a 32x2048x128 cache (32 MiB, donated) and the prefix
                cache[:, :p, :] returned
  focus_relu    YOLO's Focus (four stride-2 slices of x 12x1024x1024
                concatenated along the channels), then relu
  softmax_rev   softmax(x[:, ::-1]) over rows, x 4096x4096 (ours:
                linalg.softmax, as importers emit it; upstream's route its
                four ops written out)
  layer_norm    (s - mean) / sqrt(mean((s - mean)^2) + 1) over the rows of
                s = x[1:-1, 2:-2], x 4096x4096
  col_center    y - y.mean(0), y = x[::-1, :], x 4096x4096

Usage:
  programs.py gen OUT        the MLIR modules and the C harness
  programs.py numpy          NumPy's timings, JSON lines
  programs.py torch THREADS  PyTorch's timings on THREADS threads
  programs.py torch_compile THREADS
                             torch.compile's (PyTorch 2), on the CPU
  programs.py cuda           PyTorch on the GPU, eager and torch.compile'd
                             (default and reduce-overhead modes), and a
                             call alone ("overhead", exp of one float)
                             (scripts/gpu-bundle.sh; gpu.py has ours)
The inputs are the harness's: element i of each input holds
((i * 7 + 3) % 23 - 11) * 0.125 (and + k for the k-th input), so that every
side computes the same values; each side reports a checksum (the sum over
the result's elements x_k, k in row-major order, of (x_k + x_k^2) *
(1 + k % 3), in double: a centered or normalized result would sum to
about 0, below its rounding) that bench/programs/report.py compares.
"""

import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROUNDS = 7

# The programs' sizes at scale 1 (the benchmark's); the emulated device's
# byte counts (gpu.py bytes) run them at a fraction of it.
SCALE = 1


def sizes():
    """The dimensions at SCALE: N (relu, exp, chain: N x N), S (rotary:
    S x 32 x 128), T (decode: a 32 x T x 128 cache, T / 2 steps), M (Focus:
    12 x M x M)."""
    return {"N": 4096 // SCALE, "S": 2048 // SCALE, "T": 2048 // SCALE,
            "M": 1024 // SCALE}


def programs_table():
    """name: (inputs [(shape, donated)], result rank)."""
    d = sizes()
    n, s_, tt, m = d["N"], d["S"], d["T"], d["M"]
    return {
        "relu_rev": ([([n, n], False)], 2),
        "exp_slice": ([([n, n], False)], 2),
        "exp_8m": ([([n // 2, n], False)], 2),
        "tanh_8m": ([([n // 2, n], False)], 2),
        "chain": ([([n, n], False)], 2),
        "rotary_concat": ([([s_, 32, 128], False), ([s_, 128], False),
                           ([s_, 128], False)], 3),
        "rotary_dps": ([([s_, 32, 128], False), ([s_, 128], False),
                        ([s_, 128], False)], 3),
        "kv_decode": ([([32, tt, 128], True), ([32, tt // 2, 128], False)], 3),
        "focus_relu": ([([12, m, m], False)], 3),
        "softmax_rev": ([([n, n], False)], 2),
        "layer_norm": ([([n, n], False)], 2),
        "col_center": ([([n, n], False)], 2),
    }


PROGRAMS = programs_table()


def t(shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


ID2 = "affine_map<(d0, d1) -> (d0, d1)>"
ID3 = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"
ROW3 = "affine_map<(d0, d1, d2) -> (d0, d2)>"


def rotary_generic(x, rot, cos, sin):
    """out = x * cos + rot * sin, cos and sin broadcast over the heads."""
    s_ = sizes()["S"]
    shape = [s_, 32, 128]
    return f"""  %oe = tensor.empty() : {t(shape)}
  %out = linalg.generic {{indexing_maps = [{ID3}, {ID3}, {ROW3}, {ROW3}, {ID3}],
      iterator_types = ["parallel", "parallel", "parallel"]}}
      ins({x}, {rot}, {cos}, {sin} : {t(shape)}, {t(shape)}, {t([s_, 128])}, {t([s_, 128])})
      outs(%oe : {t(shape)}) {{
  ^bb0(%a: f32, %r: f32, %c: f32, %s: f32, %o: f32):
    %ac = arith.mulf %a, %c : f32
    %rs = arith.mulf %r, %s : f32
    %v = arith.addf %ac, %rs : f32
    linalg.yield %v : f32
  }} -> {t(shape)}
"""


ROW2 = "affine_map<(d0, d1) -> (d0)>"
COL2 = "affine_map<(d0, d1) -> (d1)>"


def reduce2(src, shape, dim, init, combine, out):
    """`out` = the reduction of the 2-D `src` over `dim` from `init` by
    `combine` (a body line on %in and %acc giving %v)."""
    kept = [shape[1 - dim]]
    return f"""  %{out}_e = tensor.empty() : {t(kept)}
  %{out}_i = arith.constant {init} : f32
  %{out}_f = linalg.fill ins(%{out}_i : f32) outs(%{out}_e : {t(kept)}) -> {t(kept)}
  %{out} = linalg.reduce ins({src} : {t(shape)}) outs(%{out}_f : {t(kept)}) dimensions = [{dim}]
    (%in: f32, %acc: f32) {{
      {combine}
      linalg.yield %v : f32
    }}
"""


def broadcast2(src, vec, shape, vec_map, body, out):
    """`out`[i, j] = `body` of %a = `src`[i, j] and %b = `vec` read through
    `vec_map` (a body giving %v)."""
    vec_shape = [shape[0] if vec_map == ROW2 else shape[1]]
    return f"""  %{out}_e = tensor.empty() : {t(shape)}
  %{out} = linalg.generic {{indexing_maps = [{ID2}, {vec_map}, {ID2}],
      iterator_types = ["parallel", "parallel"]}}
      ins({src}, {vec} : {t(shape)}, {t(vec_shape)}) outs(%{out}_e : {t(shape)}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    {body}
    linalg.yield %v : f32
  }} -> {t(shape)}
"""


def reduction_body(name, s, shape, aggregate):
    """The ops of the reduction programs after the slice `s` (of `shape`):
    (body, result). With `aggregate`, softmax is linalg.softmax (ours);
    without, its four ops (upstream's route lowers no aggregate op)."""
    cols = shape[1]
    if name == "softmax_rev":
        if aggregate:
            return (f"""  %e = tensor.empty() : {t(shape)}
  %r = linalg.softmax dimension(1) ins({s} : {t(shape)}) outs(%e : {t(shape)}) -> {t(shape)}
""", "%r")
        return (reduce2(s, shape, 1, "0xFF800000",
                        "%v = arith.maximumf %in, %acc : f32", "mx") +
                broadcast2(s, "%mx", shape, ROW2,
                           "%d = arith.subf %a, %b : f32\n    "
                           "%v = math.exp %d : f32", "ex") +
                reduce2("%ex", shape, 1, "0.0",
                        "%v = arith.addf %in, %acc : f32", "sm") +
                broadcast2("%ex", "%sm", shape, ROW2,
                           "%v = arith.divf %a, %b : f32", "r"), "%r")
    def centered(dim, out):
        """`s` minus its mean over `dim`, read broadcast."""
        return (reduce2(s, shape, dim, "0.0",
                        "%v = arith.addf %in, %acc : f32", "sum") +
                broadcast2(s, "%sum", shape, ROW2 if dim else COL2,
                           f"%n = arith.constant {float(shape[dim])} : f32"
                           "\n    %m = arith.divf %b, %n : f32\n    "
                           "%v = arith.subf %a, %m : f32", out))
    if name == "layer_norm":
        return (centered(1, "c") +
                reduce2("%c", shape, 1, "0.0",
                        "%q = arith.mulf %in, %in : f32\n      "
                        "%v = arith.addf %q, %acc : f32", "sq") +
                broadcast2("%c", "%sq", shape, ROW2,
                           f"%n = arith.constant {float(cols)} : f32\n    "
                           "%one = arith.constant 1.0 : f32\n    "
                           "%var = arith.divf %b, %n : f32\n    "
                           "%d = arith.addf %var, %one : f32\n    "
                           "%sd = math.sqrt %d : f32\n    "
                           "%v = arith.divf %a, %sd : f32", "r"), "%r")
    if name == "col_center":
        return centered(0, "r"), "%r"
    raise KeyError(name)


# The reduction programs: (spec of x NxN, the sliced shape, the same as
# tensor.extract_slice offsets / sizes / strides).
def reduction_slice(name):
    n = sizes()["N"]
    if name == "softmax_rev":
        return "[:, ::-1]", [n, n], f"[0, {n - 1}] [{n}, {n}] [1, -1]"
    if name == "layer_norm":
        return ("[1:-1, 2:-2]", [n - 2, n - 4],
                f"[1, 2] [{n - 2}, {n - 4}] [1, 1]")
    return "[::-1, :]", [n, n], f"[{n - 1}, 0] [{n}, {n}] [-1, 1]"


REDUCTIONS = ("softmax_rev", "layer_norm", "col_center")


def reduction_program(name, ours_side):
    """A reduction program (ours's or upstream's side, as ours() and
    upstream() return it): x sliced by slice.strided or
    tensor.extract_slice, then reduction_body()."""
    n = sizes()["N"]
    spec, shape, extract = reduction_slice(name)
    body, value = reduction_body(name, "%s", shape, ours_side)
    x, s = t([n, n]), t(shape)
    slicing = (f"  %s = slice.strided %x{spec} : {x} to {s}\n" if ours_side
               else f"  %s = tensor.extract_slice %x{extract} : {x} to {s}\n")
    return f"%x: {x}", s, slicing + body, value


def ours(name):
    """The body of program `name` with slice ops: (args, result type, body,
    result value)."""
    if name in REDUCTIONS:
        return reduction_program(name, True)
    d = sizes()
    n, s_, tt, m = d["N"], d["S"], d["T"], d["M"]
    big = [n, n]
    if name == "relu_rev":
        r = [n, n // 2]
        return (f"%x: {t(big)}", t(r), f"""  %s = slice.strided %x[::-1, ::2] : {t(big)} to {t(r)}
  %z = arith.constant dense<0.0> : {t(r)}
  %r = arith.maximumf %s, %z : {t(r)}
""", "%r")
    if name == "exp_slice":
        r = [n // 2, n - 2]
        return (f"%x: {t(big)}", t(r), f"""  %e = math.exp %x : {t(big)}
  %two = arith.constant dense<2.0> : {t(big)}
  %m = arith.mulf %e, %two : {t(big)}
  %r = slice.strided %m[::2, 1:-1] : {t(big)} to {t(r)}
""", "%r")
    if name in ("exp_8m", "tanh_8m"):
        half = [n // 2, n]
        op = name.split("_")[0]
        return (f"%x: {t(half)}", t(half),
                f"  %r = math.{op} %x : {t(half)}\n", "%r")
    if name == "chain":
        a, b_, r = [n - 2, n], [n // 2 - 1, n], [n // 2 - 1, n - 4]
        return (f"%x: {t(big)}", t(r), f"""  %a = slice.strided %x[1:-1] : {t(big)} to {t(a)}
  %b = slice.strided %a[::2, ::-1] : {t(a)} to {t(b_)}
  %c = slice.strided %b[:, 2:-2] : {t(b_)} to {t(r)}
  %two = arith.constant dense<2.0> : {t(r)}
  %one = arith.constant dense<1.0> : {t(r)}
  %m = arith.mulf %c, %two : {t(r)}
  %r = arith.addf %m, %one : {t(r)}
""", "%r")
    if name in ("rotary_concat", "rotary_dps"):
        x, h = [s_, 32, 128], [s_, 32, 64]
        args = f"%x: {t(x)}, %cos: {t([s_, 128])}, %sin: {t([s_, 128])}"
        body = f"""  %x1 = slice.strided %x[..., :64] : {t(x)} to {t(h)}
  %x2 = slice.strided %x[..., 64:] : {t(x)} to {t(h)}
  %n2 = arith.negf %x2 : {t(h)}
"""
        if name == "rotary_concat":
            body += f"""  %rot = tensor.concat dim(2) %n2, %x1 : ({t(h)}, {t(h)}) -> {t(x)}
"""
        else:
            body += f"""  %re = tensor.empty() : {t(x)}
  %r1 = slice.strided_update %n2 into %re[..., :64] : {t(h)} into {t(x)}
  %rot = slice.strided_update %x1 into %r1[..., 64:] : {t(h)} into {t(x)}
"""
        body += rotary_generic("%x", "%rot", "%cos", "%sin")
        return (args, t(x), body, "%out")
    if name == "kv_decode":
        c, k = [32, tt, 128], [32, tt // 2, 128]
        return (f"%cache: {t(c)} {{bufferization.writable = true}}, "
                f"%k: {t(k)}", "tensor<32x?x128xf32>", f"""  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = arith.constant {tt // 2} : index
  %p0 = arith.constant {tt // 2} : index
  %half = arith.constant dense<0.5> : {t([32, 1, 128])}
  %filled = scf.for %i = %c0 to %steps step %c1 iter_args(%cc = %cache) -> ({t(c)}) {{
    %i1 = arith.addi %i, %c1 : index
    %p = arith.addi %p0, %i : index
    %p1 = arith.addi %p, %c1 : index
    %ki = slice.strided %k[:, %i:%i1, :] : {t(k)} to tensor<32x?x128xf32>
    %ks = tensor.cast %ki : tensor<32x?x128xf32> to {t([32, 1, 128])}
    %kh = arith.mulf %ks, %half : {t([32, 1, 128])}
    %next = slice.strided_update %kh into %cc[:, %p:%p1, :] : {t([32, 1, 128])} into {t(c)}
    scf.yield %next : {t(c)}
  }}
  %end = arith.addi %p0, %steps : index
  %prefix = slice.strided %filled[:, :%end, :] : {t(c)} to tensor<32x?x128xf32>
""", "%prefix")
    if name == "focus_relu":
        x, q, r = [12, m, m], [12, m // 2, m // 2], [48, m // 2, m // 2]
        return (f"%x: {t(x)}", t(r), f"""  %a = slice.strided %x[:, ::2, ::2] : {t(x)} to {t(q)}
  %b = slice.strided %x[:, 1::2, ::2] : {t(x)} to {t(q)}
  %c = slice.strided %x[:, ::2, 1::2] : {t(x)} to {t(q)}
  %d = slice.strided %x[:, 1::2, 1::2] : {t(x)} to {t(q)}
  %cat = tensor.concat dim(0) %a, %b, %c, %d : ({t(q)}, {t(q)}, {t(q)}, {t(q)}) -> {t(r)}
  %z = arith.constant dense<0.0> : {t(r)}
  %r = arith.maximumf %cat, %z : {t(r)}
""", "%r")
    raise KeyError(name)


def generic1(src, src_type, out_type, shape, body, rank):
    ident = ID2 if rank == 2 else ID3
    iters = ", ".join(['"parallel"'] * rank)
    return f"""  %e_{body[0]} = tensor.empty() : {out_type}
  {body[1]} = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = [{iters}]}}
      ins({src} : {src_type}) outs(%e_{body[0]} : {out_type}) {{
  ^bb0(%in: f32, %o: f32):
{body[2]}
  }} -> {out_type}
"""


def upstream(name):
    """The same program with upstream's tensor ops only."""
    if name in REDUCTIONS:
        return reduction_program(name, False)
    d = sizes()
    n, s_, tt, m = d["N"], d["S"], d["T"], d["M"]
    big = [n, n]
    relu = ("  %zero = arith.constant 0.0 : f32\n"
            "  %v = arith.maximumf %in, %zero : f32\n  linalg.yield %v : f32")
    if name == "relu_rev":
        r = [n, n // 2]
        return (f"%x: {t(big)}", t(r), f"""  %s = tensor.extract_slice %x[{n - 1}, 0] [{n}, {n // 2}] [-1, 2] : {t(big)} to {t(r)}
""" + generic1("%s", t(r), t(r), r, ("r", "%r", relu), 2), "%r")
    if name == "exp_slice":
        r = [n // 2, n - 2]
        body = ("  %two = arith.constant 2.0 : f32\n  %ex = math.exp %in : f32\n"
                "  %v = arith.mulf %ex, %two : f32\n  linalg.yield %v : f32")
        return (f"%x: {t(big)}", t(r), generic1(
            "%x", t(big), t(big), big, ("m", "%m", body), 2) + f"""  %r = tensor.extract_slice %m[0, 1] [{n // 2}, {n - 2}] [2, 1] : {t(big)} to {t(r)}
""", "%r")
    if name in ("exp_8m", "tanh_8m"):
        half = [n // 2, n]
        body = (f"  %v = math.{name.split('_')[0]} %in : f32\n"
                "  linalg.yield %v : f32")
        return (f"%x: {t(half)}", t(half), generic1(
            "%x", t(half), t(half), half, ("r", "%r", body), 2), "%r")
    if name == "chain":
        a, b_, r = [n - 2, n], [n // 2 - 1, n], [n // 2 - 1, n - 4]
        body = ("  %two = arith.constant 2.0 : f32\n  %one = arith.constant 1.0 : f32\n"
                "  %m = arith.mulf %in, %two : f32\n  %v = arith.addf %m, %one : f32\n"
                "  linalg.yield %v : f32")
        return (f"%x: {t(big)}", t(r), f"""  %a = tensor.extract_slice %x[1, 0] [{n - 2}, {n}] [1, 1] : {t(big)} to {t(a)}
  %b = tensor.extract_slice %a[0, {n - 1}] [{n // 2 - 1}, {n}] [2, -1] : {t(a)} to {t(b_)}
  %c = tensor.extract_slice %b[0, 2] [{n // 2 - 1}, {n - 4}] [1, 1] : {t(b_)} to {t(r)}
""" + generic1("%c", t(r), t(r), r, ("r", "%r", body), 2), "%r")
    if name in ("rotary_concat", "rotary_dps"):
        x, h = [s_, 32, 128], [s_, 32, 64]
        neg = "  %v = arith.negf %in : f32\n  linalg.yield %v : f32"
        body = f"""  %x1 = tensor.extract_slice %x[0, 0, 0] [{s_}, 32, 64] [1, 1, 1] : {t(x)} to {t(h)}
  %x2 = tensor.extract_slice %x[0, 0, 64] [{s_}, 32, 64] [1, 1, 1] : {t(x)} to {t(h)}
""" + generic1("%x2", t(h), t(h), h, ("n", "%n2", neg), 3)
        if name == "rotary_concat":
            body += f"""  %rot = tensor.concat dim(2) %n2, %x1 : ({t(h)}, {t(h)}) -> {t(x)}
"""
        else:
            body += f"""  %re = tensor.empty() : {t(x)}
  %r1 = tensor.insert_slice %n2 into %re[0, 0, 0] [{s_}, 32, 64] [1, 1, 1] : {t(h)} into {t(x)}
  %rot = tensor.insert_slice %x1 into %r1[0, 0, 64] [{s_}, 32, 64] [1, 1, 1] : {t(h)} into {t(x)}
"""
        body += rotary_generic("%x", "%rot", "%cos", "%sin")
        return (f"%x: {t(x)}, %cos: {t([s_, 128])}, %sin: {t([s_, 128])}",
                t(x), body, "%out")
    if name == "kv_decode":
        c, k, sl = [32, tt, 128], [32, tt // 2, 128], [32, 1, 128]
        half = "  %h = arith.constant 0.5 : f32\n  %v = arith.mulf %in, %h : f32\n  linalg.yield %v : f32"
        return (f"%cache: {t(c)} {{bufferization.writable = true}}, "
                f"%k: {t(k)}", "tensor<32x?x128xf32>", f"""  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = arith.constant {tt // 2} : index
  %p0 = arith.constant {tt // 2} : index
  %filled = scf.for %i = %c0 to %steps step %c1 iter_args(%cc = %cache) -> ({t(c)}) {{
    %p = arith.addi %p0, %i : index
    %ki = tensor.extract_slice %k[0, %i, 0] [32, 1, 128] [1, 1, 1] : {t(k)} to {t(sl)}
""" + generic1("%ki", t(sl), t(sl), sl, ("k", "%kh", half), 3).replace("\n", "\n  ") + f"""  %next = tensor.insert_slice %kh into %cc[0, %p, 0] [32, 1, 128] [1, 1, 1] : {t(sl)} into {t(c)}
    scf.yield %next : {t(c)}
  }}
  %end = arith.addi %p0, %steps : index
  %prefix = tensor.extract_slice %filled[0, 0, 0] [32, %end, 128] [1, 1, 1] : {t(c)} to tensor<32x?x128xf32>
""", "%prefix")
    if name == "focus_relu":
        x, q, r = [12, m, m], [12, m // 2, m // 2], [48, m // 2, m // 2]
        q2 = m // 2
        return (f"%x: {t(x)}", t(r), f"""  %a = tensor.extract_slice %x[0, 0, 0] [12, {q2}, {q2}] [1, 2, 2] : {t(x)} to {t(q)}
  %b = tensor.extract_slice %x[0, 1, 0] [12, {q2}, {q2}] [1, 2, 2] : {t(x)} to {t(q)}
  %c = tensor.extract_slice %x[0, 0, 1] [12, {q2}, {q2}] [1, 2, 2] : {t(x)} to {t(q)}
  %d = tensor.extract_slice %x[0, 1, 1] [12, {q2}, {q2}] [1, 2, 2] : {t(x)} to {t(q)}
  %cat = tensor.concat dim(0) %a, %b, %c, %d : ({t(q)}, {t(q)}, {t(q)}, {t(q)}) -> {t(r)}
""" + generic1("%cat", t(r), t(r), r, ("r", "%r", relu), 3), "%r")
    raise KeyError(name)


def module(build, prefix):
    funcs = []
    for name in PROGRAMS:
        args, result, body, value = build(name)
        funcs.append(f"func.func @{prefix}{name}({args}) -> {result} "
                     f"attributes {{llvm.emit_c_interface}} {{\n{body}"
                     f"  return {value} : {result}\n}}\n")
    return "\n".join(funcs)


HARNESS_HEAD = r"""// Generated by bench/programs/programs.py: times each program's three
// compiled sides (ours on one thread, ours on all cores, upstream's route)
// on the same inputs, evicting the caches before every timed call, and
// prints one JSON line per program and side: the median seconds and the
// result's checksum.
#include "harness_common.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static float *input(int64_t n, int k) {
  float *p = aligned_alloc(64, (size_t)n * sizeof(float) + 64);
  for (int64_t i = 0; i < n; ++i)
    p[i] = (float)((i * 7 + 3) % 23 - 11) * 0.125f + (float)k;
  return p;
}

static double checksum(const Descriptor *d, int rank) {
  const float *base = (const float *)(intptr_t)d->words[1] + d->words[2];
  int64_t n = 1;
  for (int r = 0; r < rank; ++r)
    n *= d->words[3 + r];
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    int64_t rem = i, at = 0;
    for (int r = rank - 1; r >= 0; --r) {
      at += (rem % d->words[3 + r]) * d->words[3 + rank + r];
      rem /= d->words[3 + r];
    }
    double x = base[at];
    sum += (x + x * x) * (double)(1 + i % 3);
  }
  return sum;
}

static void report(const char *program, const char *side, double *samples,
                   int rounds, double sum) {
  printf("{\"program\": \"%s\", \"side\": \"%s\", \"seconds\": %.9g, "
         "\"checksum\": %.17g, \"rounds\": %d}\n",
         program, side, median(samples, rounds), sum, rounds);
  fflush(stdout);
}
"""


def harness():
    decls, bodies = [], []
    for name, (inputs, rank) in PROGRAMS.items():
        params = ", ".join(["Descriptor *"] * (1 + len(inputs)))
        for side in ("ours_", "ours_mt_", "upstream_"):
            decls.append(f"void _mlir_ciface_{side}{name}({params});")
        lines = [f"static void run_{name}(const char *only, int rotation) {{",
                 f"  if (only && strcmp(only, \"{name}\")) return;"]
        for k, (shape, _) in enumerate(inputs):
            dims = ", ".join(map(str, shape))
            lines.append(f"  const int64_t shape{k}[] = {{{dims}}};")
            lines.append(f"  int64_t n{k} = elements({len(shape)}, shape{k});")
            lines.append(f"  float *in{k} = input(n{k}, {k});")
            lines.append(f"  Descriptor d{k};")
        lines.append("  Evictor evictor = makeEvictor();")
        for k in range(len(inputs)):
            lines.append(f"  evictorTrack(&evictor, in{k}, "
                         f"(size_t)n{k} * sizeof(float));")
        args = ", ".join(f"&d{k}" for k in range(len(inputs)))
        lines.append("  double samples[64];")
        lines.append("  const char *sides[] = {\"ours\", \"ours_mt\", \"upstream\"};")
        lines.append(f"  void (*fns[])({params}) = {{_mlir_ciface_ours_{name}, "
                     f"_mlir_ciface_ours_mt_{name}, _mlir_ciface_upstream_{name}}};")
        lines.append("  for (int k = 0; k < 3; ++k) {")
        lines.append("    int s = (k + rotation) % 3;")
        lines.append("    double sum = 0;")
        lines.append(f"    for (int round = -1; round < {ROUNDS}; ++round) {{")
        for k, (shape, _) in enumerate(inputs):
            lines.append(f"      describe(&d{k}, in{k}, {len(shape)}, shape{k});")
        lines.append("      Descriptor out;")
        lines.append("      evictCaches(&evictor);")
        lines.append("      double start = now();")
        lines.append(f"      fns[s](&out, {args});")
        lines.append("      double seconds = now() - start;")
        lines.append("      if (round >= 0) samples[round] = seconds;")
        lines.append(f"      if (round == {ROUNDS} - 1) sum = checksum(&out, {rank});")
        frees = " && ".join(f"out.words[0] != (int64_t)(intptr_t)in{k}"
                            for k in range(len(inputs)))
        lines.append(f"      if ({frees}) free((void *)(intptr_t)out.words[0]);")
        lines.append("    }")
        lines.append(f"    report(\"{name}\", sides[s], samples, {ROUNDS}, sum);")
        lines.append("  }")
        for k in range(len(inputs)):
            lines.append(f"  free(in{k});")
        lines.append("}")
        bodies.append("\n".join(lines))
    main = ["int main(int argc, char **argv) {",
            "  // argv[1]: one program, or \"all\"; argv[2]: which side first",
            "  // (the runs of bench/programs/run.sh take turns, so that a",
            "  // slow stretch of the machine falls on a different side).",
            "  const char *only = argc > 1 && strcmp(argv[1], \"all\") ? "
            "argv[1] : NULL;",
            "  int rotation = argc > 2 ? atoi(argv[2]) : 0;"]
    main += [f"  run_{name}(only, rotation);" for name in PROGRAMS]
    main += ["  return 0;", "}"]
    return "\n\n".join([HARNESS_HEAD + "#include <string.h>",
                        "\n".join(decls)] + bodies + ["\n".join(main)]) + "\n"


# --------------------------------------------------------------------------
# NumPy and PyTorch
# --------------------------------------------------------------------------

def checksum_np(np, result):
    """The checksum of a NumPy result (HARNESS_HEAD's checksum())."""
    weights = np.arange(result.size, dtype=np.int64) % 3 + 1
    flat = result.astype(np.float64).ravel()
    return float(np.sum((flat + flat * flat) * weights))


def checksum_torch(torch, result):
    """The same of a PyTorch result, on its device."""
    flat = result.double().flatten()
    weights = torch.arange(flat.numel(), device=flat.device) % 3 + 1
    return float(((flat + flat * flat) * weights).sum())


def inputs_np(np, name):
    arrays = []
    for k, (shape, _) in enumerate(PROGRAMS[name][0]):
        n = 1
        for d in shape:
            n *= d
        i = np.arange(n, dtype=np.int64)
        arrays.append((((i * 7 + 3) % 23 - 11).astype(np.float32) * 0.125
                       + k).reshape(shape))
    return arrays


def numpy_program(np, name):
    if name == "relu_rev":
        return lambda x: np.maximum(x[::-1, ::2], np.float32(0))
    if name == "exp_slice":
        return lambda x: (np.exp(x) * np.float32(2))[::2, 1:-1]
    if name == "exp_8m":
        return np.exp
    if name == "tanh_8m":
        return np.tanh
    if name == "chain":
        return lambda x: x[1:-1][::2, ::-1][:, 2:-2] * np.float32(2) + \
            np.float32(1)
    if name in ("rotary_concat", "rotary_dps"):
        def rotary(x, cos, sin):
            if name == "rotary_concat":
                rot = np.concatenate([-x[..., 64:], x[..., :64]], axis=-1)
            else:
                rot = np.empty_like(x)
                rot[..., :64] = -x[..., 64:]
                rot[..., 64:] = x[..., :64]
            return x * cos[:, None, :] + rot * sin[:, None, :]
        return rotary
    if name == "kv_decode":
        def decode(cache, k):
            steps = k.shape[1]
            p = steps
            for i in range(steps):
                cache[:, p:p + 1, :] = k[:, i:i + 1, :] * np.float32(0.5)
                p += 1
            return cache[:, :p, :]
        return decode
    if name == "softmax_rev":
        def softmax(x):
            s = x[:, ::-1]
            e = np.exp(s - s.max(1, keepdims=True))
            return e / e.sum(1, keepdims=True)
        return softmax
    if name == "layer_norm":
        def layer_norm(x):
            s = x[1:-1, 2:-2]
            c = s - s.mean(1, keepdims=True)
            return c / np.sqrt((c * c).mean(1, keepdims=True) + np.float32(1))
        return layer_norm
    if name == "col_center":
        return lambda x: x[::-1, :] - x[::-1, :].mean(0, keepdims=True)
    if name == "focus_relu":
        return lambda x: np.maximum(np.concatenate(
            [x[:, ::2, ::2], x[:, 1::2, ::2], x[:, ::2, 1::2],
             x[:, 1::2, 1::2]], axis=0), np.float32(0))
    raise KeyError(name)


def torch_program(torch, name):
    if name == "relu_rev":
        return lambda x: torch.relu(torch.flip(x[:, ::2], [0]))
    if name == "exp_slice":
        return lambda x: (torch.exp(x) * 2)[::2, 1:-1]
    if name == "exp_8m":
        return torch.exp
    if name == "tanh_8m":
        return torch.tanh
    if name == "chain":
        return lambda x: torch.flip(x[1:-1][::2], [1])[:, 2:-2] * 2 + 1
    if name in ("rotary_concat", "rotary_dps"):
        def rotary(x, cos, sin):
            if name == "rotary_concat":
                rot = torch.cat([-x[..., 64:], x[..., :64]], dim=-1)
            else:
                rot = torch.empty_like(x)
                torch.neg(x[..., 64:], out=rot[..., :64])
                rot[..., 64:] = x[..., :64]
            return x * cos[:, None, :] + rot * sin[:, None, :]
        return rotary
    if name == "kv_decode":
        def decode(cache, k):
            steps = k.shape[1]
            p = steps
            for i in range(steps):
                cache[:, p:p + 1, :] = k[:, i:i + 1, :] * 0.5
                p += 1
            return cache[:, :p, :]
        return decode
    if name == "softmax_rev":
        return lambda x: torch.softmax(torch.flip(x, [1]), dim=1)
    if name == "layer_norm":
        return lambda x: torch.nn.functional.layer_norm(
            x[1:-1, 2:-2], (x.shape[1] - 4,), eps=1.0)
    if name == "col_center":
        def col_center(x):
            y = torch.flip(x, [0])
            return y - y.mean(0, keepdim=True)
        return col_center
    if name == "focus_relu":
        return lambda x: torch.relu(torch.cat(
            [x[:, ::2, ::2], x[:, 1::2, ::2], x[:, ::2, 1::2],
             x[:, 1::2, 1::2]], dim=0))
    raise KeyError(name)


def time_side(side, run, arrays, total, before):
    samples = []
    result = None
    for round_ in range(-1, ROUNDS):
        before()
        start = time.perf_counter()
        result = run(*arrays)
        seconds = time.perf_counter() - start
        if round_ >= 0:
            samples.append(seconds)
        if round_ < ROUNDS - 1:
            del result
    return statistics.median(samples), total(result)


def main():
    sys.path.insert(0, os.path.join(HERE, ".."))
    command = sys.argv[1]
    if command == "gen":
        out = sys.argv[2]
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "programs_ours.mlir"), "w") as f:
            f.write(module(ours, "ours_"))
        with open(os.path.join(out, "programs_ours_mt.mlir"), "w") as f:
            f.write(module(ours, "ours_mt_"))
        with open(os.path.join(out, "programs_upstream.mlir"), "w") as f:
            f.write(module(upstream, "upstream_"))
        with open(os.path.join(out, "programs_harness.c"), "w") as f:
            f.write(harness())
        return 0
    import caches  # noqa: E402 (bench/caches.py)
    import numpy as np
    only = sys.argv[3] if len(sys.argv) > 3 else None
    if command == "numpy":
        only = sys.argv[2] if len(sys.argv) > 2 else None
        for name in PROGRAMS:
            if only and name != only:
                continue
            arrays = inputs_np(np, name)
            before = caches.before_each_call(
                [caches.numpy_buffer(a) for a in arrays])
            seconds, sum_ = time_side(
                "numpy", numpy_program(np, name), arrays,
                lambda r: checksum_np(np, r), before)
            print(json.dumps({"program": name, "side": "numpy",
                              "seconds": seconds, "checksum": sum_,
                              "rounds": ROUNDS}), flush=True)
        return 0
    if command in ("torch", "torch_compile"):
        # PyTorch eager, or torch.compile's fused C++ loops (PyTorch 2; the
        # GPU machine has it, Debian's PyTorch 1.13 does not).
        import torch
        compile_ = command == "torch_compile"
        if compile_ and not hasattr(torch, "compile"):
            print(f"programs.py: PyTorch {torch.__version__} has no "
                  "torch.compile", file=sys.stderr)
            return 0
        threads = int(sys.argv[2])
        torch.set_num_threads(threads)
        for name in PROGRAMS:
            if only and name != only:
                continue
            arrays = [torch.from_numpy(a) for a in inputs_np(np, name)]
            before = caches.before_each_call(
                [caches.numpy_buffer(a.numpy()) for a in arrays])
            run = torch_program(torch, name)
            with torch.no_grad():
                if compile_:
                    run = torch.compile(run)
                    run(*arrays)  # compiles
                seconds, sum_ = time_side(
                    command, run, arrays,
                    lambda r: checksum_torch(torch, r), before)
            print(json.dumps({"program": name,
                              "side": command if threads == 1
                              else command + "_mt",
                              "threads": threads, "seconds": seconds,
                              "checksum": sum_, "rounds": ROUNDS}),
                  flush=True)
        return 0
    if command == "cuda":
        # PyTorch on the GPU, eager and torch.compile'd, timed with the
        # device synchronized after each call.
        import torch
        only = sys.argv[2] if len(sys.argv) > 2 else None
        device = torch.cuda.get_device_name()
        # "overhead": a call alone, exp of one float (gpu.py times ours).
        for name in list(PROGRAMS) + ["overhead"]:
            if only and name != only:
                continue
            if name == "overhead":
                arrays = [torch.full((1,), -1.0, device="cuda")]
                program = torch.exp
            else:
                arrays = [torch.from_numpy(a).cuda()
                          for a in inputs_np(np, name)]
                program = torch_program(torch, name)
            sides = [("torch_cuda", program)]
            if hasattr(torch, "compile"):
                sides.append(("torch_cuda_compile", torch.compile(program)))
                # CUDA graphs: the launches of a call replayed at once.
                sides.append(("torch_cuda_compile_ro",
                              torch.compile(program, mode="reduce-overhead")))
            for side, fn in sides:
                with torch.no_grad():
                    try:
                        for _ in range(3):  # compiles, records the graphs
                            fn(*arrays)
                        torch.cuda.synchronize()
                    except Exception as error:  # noqa: BLE001
                        print(f"programs.py: {name} {side}: {error}",
                              file=sys.stderr)
                        continue

                    def call(*a, fn=fn):
                        r = fn(*a)
                        torch.cuda.synchronize()
                        return r
                    seconds, sum_ = time_side(
                        side, call, arrays,
                        lambda r: checksum_torch(torch, r), lambda: None)
                print(json.dumps({"program": name, "side": side,
                                  "device": device, "seconds": seconds,
                                  "checksum": sum_, "rounds": ROUNDS}),
                      flush=True)
            del arrays
            torch.cuda.empty_cache()
        return 0
    raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    sys.exit(main())
