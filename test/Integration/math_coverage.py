#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Every math op on every float type, on a slice, through a route, every
result bit compared with NumPy.

For each (op, element type), one function applies `math.OP` element-wise to
`x[::-1]` of an input that holds the special values (signed zeros,
infinities, NaN, subnormals, the overflow and underflow edges of exp, the
largest finite values, large arguments of the trigonometric functions) and
a sweep of the range; each result is bitcast to an integer, so that every
bit comes back. The reference is NumPy in float64 (Python's math.erf and
math.erfc for erf and erfc), rounded to the element type as the routes
round: f16 and bf16 results are computed in f32 and rounded (so is NumPy's
float16).

Routes (--route):
  cpu   --slice-to-llvm (OPTIONS: its options), run by mlir-runner;
  gpu   --slice-to-nvvm, compiled ahead of time with a C driver that owns
        the device buffers (scripts/compile-gpu-aot.sh), run on the
        emulated device (--emulated-device) or a GPU.

Per case, a line `math.OP TYPE: N inputs, largest error E ulp (bound B),
F flushed, S special mismatches`; MISMATCH where the error exceeds the
bound (the route's documented one: docs/lowering.md) or NaN, infinities or
the sign of zero differ; REFUSED where the route refused the op or (gpu)
the emulated device refused an instruction (--known-refusals lists the
ones known: they do not fail the run, and one that goes away does). A
result below the type's
smallest normal may be flushed to 0 only where --flush names the op. The
summary line counts the cases, mismatches and refusals; exit 1 on any.

  math_coverage.py SLICE_OPT --route cpu --runner R --libs L [--options O]
  math_coverage.py SLICE_OPT --route gpu --build-dir B [--emulated-device D]
      [--ops a,b] [--types f32,f64] [--flush exp] [--worst]
      [--known-refusals op:type,...]
"""

import argparse
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))

def _round_away(x):
    return np.copysign(np.floor(np.abs(x) + 0.5), x)


# op: NumPy in float64
OPS = {
    "absf": np.abs, "acos": np.arccos, "acosh": np.arccosh,
    "asin": np.arcsin, "asinh": np.arcsinh, "atan": np.arctan,
    "atanh": np.arctanh, "cbrt": np.cbrt, "ceil": np.ceil, "cos": np.cos,
    "cosh": np.cosh, "erf": np.vectorize(math.erf, otypes=[np.float64]),
    "erfc": np.vectorize(math.erfc, otypes=[np.float64]), "exp": np.exp,
    "exp2": np.exp2, "expm1": np.expm1, "floor": np.floor, "log": np.log,
    "log10": np.log10, "log1p": np.log1p, "log2": np.log2,
    "round": _round_away, "roundeven": np.rint,
    "rsqrt": lambda x: 1.0 / np.sqrt(x), "sin": np.sin, "sinh": np.sinh,
    "sqrt": np.sqrt, "tan": np.tan, "tanh": np.tanh, "trunc": np.trunc,
}

# The routes' bounds in ulp of the element type, f32 / f64 (f16 and bf16:
# computed in f32 and rounded once, 1 ulp). CPU: glibc's libm (its
# documented worst cases, plus 1 for f64, whose reference is NumPy's own
# float64) and the approximations of --slice-approximate-math. GPU:
# libdevice's bounds (the CUDA C Programming Guide's tables), plus 1 for
# f64. Correctly rounded ops (rounding, abs, sqrt) are within 0.5 ulp of the
# unrounded reference. The CPU computes rsqrt as 1 / sqrt(x) (two
# roundings).
EXACT = {"absf", "ceil", "floor", "round", "roundeven", "trunc", "sqrt"}
CPU_F32 = {"acos": 1, "acosh": 2, "asin": 1, "asinh": 2, "atan": 1,
           "atanh": 2, "cbrt": 1, "cos": 1, "cosh": 2, "erf": 1, "erfc": 3,
           "exp": 2, "exp2": 1, "expm1": 1, "log": 1, "log10": 2,
           "log1p": 1, "log2": 1, "rsqrt": 2, "sin": 1, "sinh": 2,
           "tan": 1, "tanh": 2}
GPU_F32 = {"acos": 2, "acosh": 4, "asin": 2, "asinh": 3, "atan": 2,
           "atanh": 3, "cbrt": 1, "cos": 2, "cosh": 2, "erf": 2, "erfc": 4,
           "exp": 2, "exp2": 2, "expm1": 1, "log": 1, "log10": 2,
           "log1p": 1, "log2": 1, "rsqrt": 2, "sin": 2, "sinh": 3,
           "tan": 4, "tanh": 2}
GPU_F64 = {"acos": 2, "acosh": 3, "asin": 2, "asinh": 3, "atan": 2,
           "atanh": 2, "cbrt": 1, "cos": 2, "cosh": 2, "erf": 2, "erfc": 5,
           "exp": 1, "exp2": 1, "expm1": 1, "log": 1, "log10": 1,
           "log1p": 1, "log2": 1, "rsqrt": 1, "sin": 2, "sinh": 2,
           "tan": 2, "tanh": 2}


def bound(route, op, ty):
    if op in EXACT:
        return 0.5
    if ty in ("f16", "bf16"):
        return 1.0
    if route == "gpu":
        return (GPU_F32 if ty == "f32" else GPU_F64)[op] + (ty == "f64")
    return CPU_F32[op] + (ty == "f64")


# --------------------------------------------------------------------------
# Element types: bits <-> values, rounding from float64
# --------------------------------------------------------------------------

WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


def to_bf16_bits(x32):
    """Round-to-nearest-even float32 -> bfloat16 bits (NaN kept quiet)."""
    bits = np.asarray(x32, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = np.isnan(np.asarray(x32, dtype=np.float32))
    rounded = np.where(nan, (bits >> 16) | 0x40, rounded)
    return rounded.astype(np.uint16)


def from_bf16_bits(bits):
    return (np.asarray(bits, dtype=np.uint32) << 16).view(np.float32)


def round_to(values, ty):
    """float64 values rounded to `ty`, as float64 (bf16 through f32, as the
    routes compute it)."""
    values = np.asarray(values, dtype=np.float64)
    if ty == "f64":
        return values
    with np.errstate(over="ignore"):
        return _round_to(values, ty)


def _round_to(values, ty):
    if ty == "f32":
        return values.astype(np.float32).astype(np.float64)
    if ty == "f16":
        return values.astype(np.float32).astype(np.float16).astype(np.float64)
    return from_bf16_bits(to_bf16_bits(values.astype(np.float32))).astype(
        np.float64)


def to_bits(values, ty):
    values = np.asarray(values, dtype=np.float64)
    if ty == "f64":
        return values.view(np.uint64).astype(np.uint64)
    if ty == "f32":
        return values.astype(np.float32).view(np.uint32).astype(np.uint64)
    if ty == "f16":
        return values.astype(np.float16).view(np.uint16).astype(np.uint64)
    return to_bf16_bits(values.astype(np.float32)).astype(np.uint64)


def from_bits(bits, ty):
    bits = np.asarray(bits, dtype=np.uint64)
    if ty == "f64":
        return bits.view(np.float64).copy()
    if ty == "f32":
        return bits.astype(np.uint32).view(np.float32).astype(np.float64)
    if ty == "f16":
        return bits.astype(np.uint16).view(np.float16).astype(np.float64)
    return from_bf16_bits(bits.astype(np.uint16)).astype(np.float64)


FINFO = {"f16": (65504.0, 2.0 ** -14, 2.0 ** -24, 10),
         "bf16": (3.3895313892515355e38, 2.0 ** -126, 2.0 ** -133, 7),
         "f32": (float(np.finfo(np.float32).max), 2.0 ** -126, 2.0 ** -149,
                 23),
         "f64": (float(np.finfo(np.float64).max), 2.0 ** -1022,
                 2.0 ** -1074, 52)}


def ulp_of(want, ty):
    """The spacing of `ty` at |want| (float64 arithmetic)."""
    _, tiny, smallest, mantissa = FINFO[ty]
    a = np.abs(want)
    exponent = np.floor(np.log2(np.where(a >= tiny, a, tiny)))
    return np.where(a >= tiny, 2.0 ** (exponent - mantissa), smallest)


def inputs_for(ty):
    big, tiny, smallest, _ = FINFO[ty]
    special = [0.0, -0.0, np.inf, -np.inf, np.nan, smallest, -smallest,
               tiny, -tiny, tiny * 0.75, big, -big, 1.0, -1.0, 0.5, -0.5,
               2.0, 1e-3, -1e-3, 1e-8, -1e-8, 5.126039, -5.126039, 0.55,
               -0.55, 9.0, -9.0, 20.0, -20.0, 100.0, -100.0, 1e4, -1e4]
    if ty in ("f32", "bf16", "f64"):
        special += [88.72167, 88.7228, 88.73, 89.0, -87.33, -103.97,
                    -104.0, -150.0, 1e10, -1e10, 1e20, 3e38, 1e-30]
    if ty == "f64":
        special += [709.78, 709.8, -708.4, -745.1, -746.0, 1e300, 1e-300]
    if ty == "f16":
        special += [11.09, 11.1, -9.7, -17.3, 1000.0, 60000.0]
    sweep = np.linspace(-12.0, 12.0, 193)
    mags = np.logspace(-20, 20, 41) if ty != "f16" else np.logspace(
        -7, 4, 23)
    values = np.concatenate([special, sweep, mags, -mags, 1.0 + mags[:10],
                             1.0 - mags[:10]])
    return round_to(values, ty)


def reference(op, x, ty):
    with np.errstate(all="ignore"):
        if ty in ("f16", "bf16"):
            # Computed in f32 and rounded, as NumPy's float16 and the routes.
            return round_to(round_to(OPS[op](x), "f32"), ty)
        return OPS[op](x)


# --------------------------------------------------------------------------
# Modules
# --------------------------------------------------------------------------

def int_type(ty):
    return f"i{WIDTH[ty]}"


def case_function(name, op, ty, n, public):
    it = int_type(ty)
    attrs = " attributes {llvm.emit_c_interface}" if public else ""
    visibility = "" if public else "private "
    return f"""func.func {visibility}@{name}(%x: tensor<{n}x{ty}>) -> tensor<{n}x{it}>{attrs} {{
  %s = slice.strided %x[::-1] : tensor<{n}x{ty}> to tensor<{n}x{ty}>
  %e = tensor.empty() : tensor<{n}x{it}>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}} ins(%s : tensor<{n}x{ty}>) outs(%e : tensor<{n}x{it}>) {{
  ^bb0(%a: {ty}, %o: {it}):
    %v = math.{op} %a : {ty}
    %b = arith.bitcast %v : {ty} to {it}
    linalg.yield %b : {it}
  }} -> tensor<{n}x{it}>
  return %r : tensor<{n}x{it}>
}}
"""


def hex_data(bits, ty):
    """A dense attribute's hex form: little-endian raw bytes."""
    width = WIDTH[ty] // 8
    return "0x" + "".join(int(b).to_bytes(width, "little").hex().upper()
                          for b in bits)


def cpu_module(cases):
    funcs, main = [], ["func.func @main() {"]
    for k, (op, ty, x) in enumerate(cases):
        n, it = len(x), int_type(ty)
        funcs.append(case_function(f"case{k}", op, ty, n, False))
        # Reversed: the function computes on x[::-1].
        bits = to_bits(x[::-1], ty)
        main.append(f'  %x{k} = arith.constant dense<"{hex_data(bits, ty)}">'
                    f" : tensor<{n}x{ty}>")
        main.append(f"  %r{k} = call @case{k}(%x{k}) {{no_inline}} : "
                    f"(tensor<{n}x{ty}>) -> tensor<{n}x{it}>")
        value = f"%r{k}"
        if it == "i16":
            main.append(f"  %w{k} = arith.extui %r{k} : tensor<{n}xi16> to "
                        f"tensor<{n}xi32>")
            value, it = f"%w{k}", "i32"
        printer = "printMemrefI64" if it == "i64" else "printMemrefI32"
        main.append(f"  %u{k} = tensor.cast {value} : tensor<{n}x{it}> to "
                    f"tensor<*x{it}>")
        main.append(f"  call @{printer}(%u{k}) : (tensor<*x{it}>) -> ()")
    main += ["  return", "}"]
    decls = ["func.func private @printMemrefI32(tensor<*xi32>)",
             "func.func private @printMemrefI64(tensor<*xi64>)"]
    return "\n".join(decls + funcs + main) + "\n"


def parse_runner(output, cases):
    results = []
    for (op, ty, x), chunk in zip(cases, output.split("data =")[1:]):
        numbers = chunk.split("Unranked")[0].replace("[", " ").replace(
            "]", " ").replace(",", " ").split()
        mask = (1 << WIDTH[ty]) - 1
        results.append(np.array([int(v) & mask for v in numbers],
                                dtype=np.uint64))
    return results


DRIVER = r"""// Generated by math_coverage.py: calls each case with device buffers it
// owns and prints every result as an unsigned integer.
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "SliceCudaRuntime.h"
typedef struct { void *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } M1;
@DECLS@
static void run(void (*f)(M1 *, M1 *), const void *data, int64_t n, int in,
                int out) {
  void *buffer = mgpuMemAlloc((uint64_t)(n * in), NULL, false);
  sliceCudaCopy(buffer, (void *)data, (size_t)(n * in));
  M1 x = {buffer, buffer, 0, {n}, {1}}, r;
  f(&r, &x);
  unsigned char *host = malloc((size_t)(n * out));
  for (int64_t i = 0; i < n; ++i)
    sliceCudaCopy(host + i * out,
                  (char *)r.aligned + (r.offset + i * r.strides[0]) * out,
                  (size_t)out);
  printf("data =");
  for (int64_t i = 0; i < n; ++i) {
    uint64_t v = 0;
    for (int b = out - 1; b >= 0; --b)
      v = v << 8 | host[i * out + b];
    printf(" %" PRIu64, v);
  }
  printf("\n");
  free(host);
}
int main(void) {
@CALLS@
  return 0;
}
"""


def gpu_program(cases):
    funcs, decls, calls = [], [], []
    for k, (op, ty, x) in enumerate(cases):
        n, width = len(x), WIDTH[ty] // 8
        funcs.append(case_function(f"case{k}", op, ty, n, True))
        bits = to_bits(x[::-1], ty)
        raw = b"".join(int(b).to_bytes(width, "little") for b in bits)
        decls.append(f"void _mlir_ciface_case{k}(M1 *, M1 *);")
        decls.append(f"static const unsigned char data{k}[] = {{"
                     + ",".join(str(c) for c in raw) + "};")
        calls.append(f"  run(_mlir_ciface_case{k}, data{k}, {n}, {width}, "
                     f"{width});")
    driver = DRIVER.replace("@DECLS@", "\n".join(decls)).replace(
        "@CALLS@", "\n".join(calls))
    return "\n".join(funcs), driver


# --------------------------------------------------------------------------
# Running and comparing
# --------------------------------------------------------------------------

def run_cpu(args, cases):
    module = cpu_module(cases)
    pipeline = "--slice-to-llvm" + (f"={args.options}" if args.options
                                    else "")
    lowered = subprocess.run([args.slice_opt, pipeline], input=module,
                             capture_output=True, text=True)
    if lowered.returncode:
        return None, lowered.stderr
    run = subprocess.run([args.runner, "-e", "main",
                          "-entry-point-result=void",
                          f"-shared-libs={args.libs}"], input=lowered.stdout,
                         capture_output=True, text=True)
    if run.returncode:
        return None, run.stderr
    return parse_runner(run.stdout, cases), ""


def run_gpu(args, cases):
    module, driver = gpu_program(cases)
    with tempfile.TemporaryDirectory() as work:
        mlir, c = os.path.join(work, "m.mlir"), os.path.join(work, "d.c")
        exe = os.path.join(work, "prog")
        with open(mlir, "w") as f:
            f.write(module)
        with open(c, "w") as f:
            f.write(driver)
        env = dict(os.environ)
        if args.build_dir:
            env["SLICE_BUILD_DIR"] = args.build_dir
        built = subprocess.run(
            ["bash", os.path.join(ROOT, "scripts", "compile-gpu-aot.sh"),
             mlir, exe, args.options or "", c], capture_output=True,
            text=True, env=env)
        if built.returncode:
            return None, built.stderr
        run_env = dict(os.environ)
        run_env["ASAN_OPTIONS"] = "detect_leaks=0"
        if args.emulated_device:
            run_env["LD_LIBRARY_PATH"] = args.emulated_device
        run = subprocess.run([exe], capture_output=True, text=True,
                             env=run_env)
        if run.returncode:
            return None, run.stderr
        results = []
        for (op, ty, x), line in zip(cases, run.stdout.splitlines()):
            results.append(np.array([int(v) for v in line.split()[2:]],
                                    dtype=np.uint64))
        return results, ""


def compare(args, op, ty, x, bits, limit=None):
    got = from_bits(bits, ty)
    want = reference(op, x, ty)
    want_t = round_to(want, ty)
    big = FINFO[ty][0]
    # Inputs whose reference overflows the type in float64 compare as inf.
    finite = np.isfinite(want_t) & np.isfinite(got)
    mismatched = np.isnan(want_t) != np.isnan(got)
    inf = ~np.isnan(want_t) & ~np.isfinite(want_t)
    mismatched |= inf & (got != want_t)
    mismatched |= np.isfinite(want_t) & ~np.isfinite(got)
    zero = finite & (want_t == 0) & (got == 0)
    mismatched |= zero & (np.signbit(got) != np.signbit(want_t))
    tiny = finite & (np.abs(want) < FINFO[ty][1])
    flush = op in args.flush
    flushed = int((tiny & (got == 0) & (want != 0)).sum()) if flush else 0
    if flush:
        want = np.where(tiny & (got == 0), 0.0, want)
    # Results past the largest finite value that rounded down to it.
    want = np.clip(want, -big, big)
    errors = np.abs(got[finite] - want[finite]) / ulp_of(want[finite], ty)
    worst = float(errors.max()) if errors.size else 0.0
    if limit is None:
        limit = bound(args.route, op, ty)
    print(f"math.{op} {ty}: {len(x)} inputs, largest error {worst:.2f} ulp "
          f"(bound {limit:g}), {flushed} flushed, "
          f"{int(mismatched.sum())} special mismatches")
    bad = worst > limit + 1e-9 or mismatched.any()
    if bad or args.worst:
        order = np.argsort(errors)[-3:][::-1]
        xs, gs, ws = x[finite], got[finite], want[finite]
        where = np.nonzero(mismatched)[0][:4]
        print(f"{'MISMATCH' if bad else 'worst'} math.{op} {ty}: errors at "
              f"{[(float(xs[i]), float(gs[i]), float(ws[i])) for i in order]}"
              f"; specials at "
              f"{[(float(x[i]), float(got[i]), float(want_t[i])) for i in where]}")
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slice_opt")
    parser.add_argument("--route", choices=["cpu", "gpu"], default="cpu")
    parser.add_argument("--runner")
    parser.add_argument("--libs")
    parser.add_argument("--options", default="")
    parser.add_argument("--build-dir")
    parser.add_argument("--emulated-device")
    parser.add_argument("--ops", default=",".join(OPS))
    parser.add_argument("--types", default="f32,f64,f16,bf16")
    parser.add_argument("--flush", default="")
    parser.add_argument("--worst", action="store_true")
    parser.add_argument("--known-refusals", default="")
    args = parser.parse_args()
    # op:type pairs the route is known to refuse: reported, not failed; one
    # that is not refused any more fails, so that the list only shrinks.
    known = set(filter(None, args.known_refusals.split(",")))
    args.flush = set(filter(None, args.flush.split(",")))
    cases = [(op, ty, inputs_for(ty)) for ty in args.types.split(",")
             for op in args.ops.split(",")]
    runner = run_gpu if args.route == "gpu" else run_cpu
    results, error = runner(args, cases)
    refused, bad = [], 0
    if results is None:
        # Each case alone, so that a refusal names its op and type.
        results = []
        for case in cases:
            got, why = runner(args, [case])
            if got is None:
                refused.append(case)
                lines = [l for l in why.splitlines()
                         if "error" in l or "unsupported" in l]
                print(f"REFUSED math.{case[0]} {case[1]}: "
                      f"{(lines or why.splitlines() or ['?'])[0][:300]}")
                results.append(None)
            else:
                results.append(got[0])
    for (op, ty, x), bits in zip(cases, results):
        if bits is not None:
            bad += compare(args, op, ty, x, bits)
    names = {f"{op}:{ty}" for op, ty, _ in refused}
    unexpected = names - known
    for name in sorted(known - names):
        print(f"NOT REFUSED {name}: take it off --known-refusals")
    print(f"{len(cases)} cases ({args.route}): {bad} mismatches, "
          f"{len(refused)} refused ({len(names & known)} known)")
    return 1 if bad or unexpected or (known - names) else 0


if __name__ == "__main__":
    sys.exit(main())
