# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compile time at a model's scale: the shapes whose compile time grew as
the cube of their length (llvm-project #81959, issue 68), at N = 64 ...
4096, through --slice-to-llvm and --slice-to-nvvm. One JSON line per
(shape, N, pipeline): wall time and peak memory (maximum resident set) of
slice-opt, the growth exponent from the N a quarter as large
(log(t(N) / t(N/4)) / log 4: 1 is linear, 3 cubic), and the five passes
that took longest (--mlir-timing, one more run). Upstream's route beside
ours where it exists (the update chain as tensor.insert_slice through
mlir-opt's fusion, empty-tensor elimination and one-shot-bufferize), up to
the N it finishes in SLICE_BENCH_UPSTREAM_SECONDS (default 120).

The shapes, each one function unless said:
  updates    N chained slice.strided_update into one 512x512 buffer
             (windows, reversed windows, stride-2 views), each value
             x[view] * 0.5;
  concat     tensor.concat of N parts of 1x7x7x1 along the last
             dimension (ConvNeXt's), each part x[..., j:j+1] * 0.5;
  body       acc = acc + x[view_i], N times (one long element-wise body);
  torch      N chained torch.aten.slice_scatter on one base
             (--convert-torch-to-slice first);
  stablehlo  N chained stablehlo.dynamic_update_slice on one base
             (--convert-stablehlo-to-slice first);
  functions  N functions, each relu(x[view]) * 2;
  loop       an scf.for whose body makes N chained updates of its
             iteration tensor.
Usage: compile_chains.py SLICE_OPT MLIR_OPT WORK_DIR [--gpu] [N ...]
       compile_chains.py report RUN.jsonl   (the table of a run)
SLICE_BENCH_SHAPES=updates,concat,... measures those shapes alone,
SLICE_BENCH_PIPELINES=slice-to-nvvm that pipeline alone.
"""

import json
import math
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_scaling import measure  # noqa: E402

BIG = "tensor<512x512xf32>"


def view(i):
    """(spec, shape) of the i-th view of a 512x512 buffer."""
    a = (i * 37) % 384
    kind = i % 3
    if kind == 0:
        return f"{a}:{a + 64}, {a // 2}:{a // 2 + 64}", (64, 64)
    if kind == 1:
        end = f"{a - 1}" if a else ""
        return f"{a + 63}:{end}:-1, {a}:{a + 64}", (64, 64)
    return f"{a}:{a + 128}:2, ::2", (64, 256)


def halve(value, t, out):
    """`out = value * 0.5`, two lines."""
    half = "%h" + out[1:]
    return (f"  {half} = arith.constant dense<0.5> : {t}\n"
            f"  {out} = arith.mulf {value}, {half} : {t}")


def updates(n, upstream=False):
    lines = [f"func.func @chain(%x: {BIG}, %y: {BIG}) -> {BIG} {{"]
    cur = "%y"
    for i in range(n):
        spec, (r, c) = view(i)
        t = f"tensor<{r}x{c}xf32>"
        if upstream:
            offsets, sizes, strides = upstream_view(i)
            lines.append(f"  %v{i} = tensor.extract_slice %x{offsets} "
                         f"{sizes} {strides} : {BIG} to {t}")
        else:
            lines.append(f"  %v{i} = slice.strided %x[{spec}] : {BIG} to {t}")
        lines.append(halve(f"%v{i}", t, f"%m{i}"))
        if upstream:
            lines.append(f"  %u{i} = tensor.insert_slice %m{i} into {cur}"
                         f"{offsets} {sizes} {strides} : {t} into {BIG}")
        else:
            lines.append(f"  %u{i} = slice.strided_update %m{i} into "
                         f"{cur}[{spec}] : {t} into {BIG}")
        cur = f"%u{i}"
    lines.append(f"  return {cur} : {BIG}\n}}")
    return "\n".join(lines) + "\n"


def upstream_view(i):
    """view(i) as tensor.extract_slice's offsets, sizes and strides."""
    a = (i * 37) % 384
    kind = i % 3
    if kind == 0:
        return f"[{a}, {a // 2}]", "[64, 64]", "[1, 1]"
    if kind == 1:
        return f"[{a + 63}, {a}]", "[64, 64]", "[-1, 1]"
    return f"[{a}, 0]", "[64, 256]", "[2, 2]"


def concat(n):
    t = "tensor<1x7x7x1xf32>"
    src = f"tensor<1x7x7x{n}xf32>"
    lines = [f"func.func @concat(%x: {src}) -> {src} {{"]
    parts = []
    for i in range(n):
        j = n - 1 - i
        lines.append(f"  %p{i} = slice.strided %x[:, :, :, {j}:{j + 1}] : "
                     f"{src} to {t}")
        lines.append(halve(f"%p{i}", t, f"%q{i}"))
        parts.append(f"%q{i}")
    lines.append(f"  %c = tensor.concat dim(3) {', '.join(parts)} : "
                 f"({', '.join([t] * n)}) -> {src}")
    lines.append(f"  return %c : {src}\n}}")
    return "\n".join(lines) + "\n"


def body(n):
    t = "tensor<64x64xf32>"
    lines = [f"func.func @body(%x: {BIG}) -> {t} {{",
             f"  %acc0 = slice.strided %x[0:64, 0:64] : {BIG} to {t}"]
    for i in range(n):
        a, b = (i * 7) % 448, (i * 13) % 448
        lines.append(f"  %v{i} = slice.strided %x[{a}:{a + 64}, "
                     f"{b}:{b + 64}] : {BIG} to {t}")
        lines.append(f"  %acc{i + 1} = arith.addf %acc{i}, %v{i} : {t}")
    lines.append(f"  return %acc{n} : {t}\n}}")
    return "\n".join(lines) + "\n"


def torch(n):
    vt, wt = "!torch.vtensor<[512,512],f32>", "!torch.vtensor<[4,512],f32>"
    lines = [f"func.func @scatters(%arg0: {BIG}, %arg1: tensor<4x512xf32>) "
             f"-> {BIG} {{",
             f'  %x = "torch_c.from_builtin_tensor"(%arg0) : ({BIG}) -> {vt}',
             f'  %v = "torch_c.from_builtin_tensor"(%arg1) : '
             f'(tensor<4x512xf32>) -> {wt}',
             '  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> '
             '!torch.int',
             '  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> '
             '!torch.int']
    cur = "%x"
    for i in range(n):
        s = (i * 4) % 508
        for name, value in ((f"%s{i}", s), (f"%t{i}", s + 4)):
            lines.append(f'  {name} = "torch.constant.int"() <{{value = '
                         f'{value} : i64}}> : () -> !torch.int')
        lines.append(f'  %a{i} = "torch.aten.slice_scatter"({cur}, %v, %c0, '
                     f'%s{i}, %t{i}, %c1) : ({vt}, {wt}, !torch.int, '
                     f'!torch.int, !torch.int, !torch.int) -> {vt}')
        cur = f"%a{i}"
    lines.append(f'  %r = "torch_c.to_builtin_tensor"({cur}) : ({vt}) -> '
                 f'{BIG}')
    lines.append(f"  return %r : {BIG}\n}}")
    return "\n".join(lines) + "\n"


def stablehlo(n):
    lines = [f"func.func @updates(%x: {BIG}, %v: tensor<4x512xf32>) -> "
             f"{BIG} {{",
             '  %zero = "stablehlo.constant"() <{value = dense<0> : '
             'tensor<i64>}> : () -> tensor<i64>']
    cur = "%x"
    for i in range(n):
        s = (i * 4) % 508
        lines.append(f'  %s{i} = "stablehlo.constant"() <{{value = '
                     f'dense<{s}> : tensor<i64>}}> : () -> tensor<i64>')
        lines.append(f'  %u{i} = "stablehlo.dynamic_update_slice"({cur}, %v, '
                     f'%s{i}, %zero) : ({BIG}, tensor<4x512xf32>, '
                     f'tensor<i64>, tensor<i64>) -> {BIG}')
        cur = f"%u{i}"
    lines.append(f"  return {cur} : {BIG}\n}}")
    return "\n".join(lines) + "\n"


def functions(n):
    t = "tensor<64x64xf32>"
    out = []
    for i in range(n):
        spec, _ = view(3 * (i // 3))  # windows only: 64x64
        out.append(f"func.func @f{i}(%x: {BIG}) -> {t} {{\n"
                   f"  %v = slice.strided %x[{spec}] : {BIG} to {t}\n"
                   f"  %z = arith.constant dense<0.0> : {t}\n"
                   f"  %r = arith.maximumf %v, %z : {t}\n"
                   f"  %two = arith.constant dense<2.0> : {t}\n"
                   f"  %s = arith.mulf %r, %two : {t}\n"
                   f"  return %s : {t}\n}}")
    return "\n".join(out) + "\n"


def loop(n):
    lines = [f"func.func @loop(%x: {BIG}, %y: {BIG}) -> {BIG} {{",
             "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index",
             "  %c4 = arith.constant 4 : index",
             f"  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%t = %y) "
             f"-> ({BIG}) {{"]
    cur = "%t"
    for i in range(n):
        spec, (r, c) = view(i)
        t = f"tensor<{r}x{c}xf32>"
        lines.append(f"    %v{i} = slice.strided %x[{spec}] : {BIG} to {t}")
        lines.append("  " + halve(f"%v{i}", t, f"%m{i}")
                     .replace("\n", "\n  "))
        lines.append(f"    %u{i} = slice.strided_update %m{i} into "
                     f"{cur}[{spec}] : {t} into {BIG}")
        cur = f"%u{i}"
    lines.append(f"    scf.yield {cur} : {BIG}")
    lines.append("  }")
    lines.append(f"  return %r : {BIG}\n}}")
    return "\n".join(lines) + "\n"


SHAPES = {
    "updates": (updates, []),
    "concat": (concat, []),
    "body": (body, []),
    "torch": (torch, ["--allow-unregistered-dialect",
                      "--convert-torch-to-slice"]),
    "stablehlo": (stablehlo, ["--allow-unregistered-dialect",
                              "--convert-stablehlo-to-slice"]),
    "functions": (functions, []),
    "loop": (loop, []),
}
UPSTREAM = ("builtin.module(func.func(convert-elementwise-to-linalg,"
            "linalg-fuse-elementwise-ops,"
            "eliminate-empty-tensors),one-shot-bufferize{"
            "bufferize-function-boundaries})")


def top_passes(command, count=5):
    """The `count` passes (not pipelines) that took longest, by wall time,
    from one more run with --mlir-timing."""
    run = subprocess.run(command + ["--mlir-timing",
                                    "--mlir-timing-display=list"],
                         capture_output=True, text=True)
    passes = []
    for line in run.stderr.splitlines():
        match = re.match(r"\s*([0-9.]+) \(\s*[0-9.]+%\)\s+(?:[0-9.]+ "
                         r"\(\s*[0-9.]+%\)\s+)?(.+)$", line)
        if not match:
            continue
        name = match.group(2).strip()
        if name in ("Total", "Parser", "Output", "root") or "Pipeline" in name or \
                name.startswith("SliceTo") or "Collection" in name:
            continue
        passes.append((float(match.group(1)), name))
    return [{"pass": name, "seconds": seconds}
            for seconds, name in sorted(passes, reverse=True)[:count]]


def report(path):
    """The markdown table of a run's JSON lines (docs/performance.md)."""
    print("| shape | N | pipeline | seconds | peak MiB | growth from N/4 | "
          "upstream s | the passes that took longest (s) |")
    print("|---|---|---|---|---|---|---|---|")
    for line in open(path):
        r = json.loads(line)
        upstream = r.get("upstream")
        up = "" if upstream is None else (
            f"{upstream['seconds']:.2f}" if upstream["seconds"] is not None
            else upstream["note"])
        passes = ", ".join(f"{p['pass']} {p['seconds']:.2f}"
                           for p in r["top_passes"][:3])
        growth = f"{r['growth']:.2f}" if "growth" in r else ""
        print(f"| {r['shape']} | {r['n']} | {r['pipeline']} | "
              f"{r['seconds']:.2f} | {r['peak_kib'] / 1024:.0f} | {growth} | "
              f"{up} | {passes} |")


def main():
    args = sys.argv[1:]
    if args[0] == "report":
        report(args[1])
        return
    gpu = "--gpu" in args
    args = [a for a in args if a != "--gpu"]
    slice_opt, mlir_opt, work = args[:3]
    counts = [int(n) for n in args[3:]] or [64, 256, 1024, 4096]
    limit = float(os.environ.get("SLICE_BENCH_UPSTREAM_SECONDS", "120"))
    pipelines = ["--slice-to-llvm"] + (["--slice-to-nvvm"] if gpu else [])
    if os.environ.get("SLICE_BENCH_PIPELINES"):
        pipelines = ["--" + p for p in
                     os.environ["SLICE_BENCH_PIPELINES"].split(",")]
    only = os.environ.get("SLICE_BENCH_SHAPES")
    for shape, (make, front) in SHAPES.items():
        if only and shape not in only.split(","):
            continue
        for pipeline in pipelines:
            seconds_at = {}
            upstream_done = False
            for n in counts:
                path = os.path.join(work, f"chains-{shape}-{n}.mlir")
                with open(path, "w") as f:
                    f.write(make(n))
                command = [slice_opt, path] + front + [pipeline, "-o",
                                                       os.devnull]
                seconds, peak = measure(command)
                seconds_at[n] = seconds
                record = {"shape": shape, "n": n, "pipeline": pipeline[2:],
                          "seconds": round(seconds, 3), "peak_kib": peak}
                if n // 4 in seconds_at:
                    record["growth"] = round(math.log(
                        seconds / seconds_at[n // 4]) / math.log(4), 2)
                record["top_passes"] = top_passes(command)
                if shape == "updates" and pipeline == "--slice-to-llvm" \
                        and not upstream_done:
                    theirs = os.path.join(work, f"chains-upstream-{n}.mlir")
                    with open(theirs, "w") as f:
                        f.write(updates(n, upstream=True))
                    try:
                        up_seconds, up_peak = measure_with_limit(
                            [mlir_opt, theirs,
                             f"--pass-pipeline={UPSTREAM}", "-o",
                             os.devnull], limit)
                        record["upstream"] = {"seconds": round(up_seconds, 3),
                                              "peak_kib": up_peak}
                    except subprocess.TimeoutExpired:
                        record["upstream"] = {"seconds": None,
                                              "note": f"over {limit:.0f} s"}
                        upstream_done = True
                    os.remove(theirs)
                print(json.dumps(record))
                sys.stdout.flush()
                os.remove(path)


def measure_with_limit(command, limit):
    """measure(), or TimeoutExpired past `limit` seconds."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - start > limit:
            process.kill()
            os.wait4(process.pid, 0)
            raise subprocess.TimeoutExpired(command, limit)
        time.sleep(0.05)
    seconds = time.perf_counter() - start
    if status:
        sys.exit(f"{command[0]} failed on {command[1]}")
    return seconds, usage.ru_maxrss


if __name__ == "__main__":
    main()
