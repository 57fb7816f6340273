# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The NVIDIA GPU section of docs/performance.md, and the section of the
CPU benchmark on the GPU machine's cores, from the JSON lines that the GPU
bundle writes (scripts/gpu-bundle.sh, scripts/gpu-run.sh).

  report.py [RESULTS.jsonl [CPU.jsonl]]           print the sections
  report.py --update DOC [RESULTS [CPU]]          replace them in DOC

Without results (no GPU run yet) the GPU section says so and how to run
it. bench/report.py appends the same sections (from bench/gpu/results.jsonl
and cpu-results.jsonl, the last GPU run's results, committed) when it
regenerates the file.
"""

import json
import os
import sys

HEADING = "## NVIDIA GPU"
CPU_HEADING = "## Many cores (the GPU machine's CPU)"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "results.jsonl")
CPU_DEFAULT = os.path.join(HERE, "cpu-results.jsonl")
NCU_DEFAULT = os.path.join(HERE, "ncu-profile.txt")

HOW = """Run it: `bash scripts/gpu-bundle.sh` here builds the GPU tests, this
benchmark and the CPU harnesses ahead of time into `build/gpu-bundle`
(needs LLVM 22 and the CUDA toolkit, no GPU); on the GPU machine (needs
only the NVIDIA driver and python3; PyTorch for its columns),
`bash build/gpu-bundle/run.sh OUT` runs everything and writes
`OUT/gpu-bench.jsonl` and `OUT/torch-gpu.jsonl`. Concatenate the two into
`bench/gpu/results.jsonl` (and `OUT/cpu.jsonl` into
`bench/gpu/cpu-results.jsonl`) and run `/usr/bin/python3
bench/gpu/report.py --update docs/performance.md`.

Cases a-f of the CPU benchmark (f32) on 256 MiB and 1 GiB inputs, in one
run. Ours (`--slice-to-nvvm`, the host function as a caller sees it:
launch and wait): `slice` copies the slice into a device buffer of the
caller, `update` writes y[index] = v in place, `ew` computes s * s + s on
the slice s into a buffer of the caller. `DtoD` is `cudaMemcpy`
device-to-device of the same output bytes followed by
`cudaDeviceSynchronize`, timed the same way. PyTorch is the same GPU's
`out.copy_(x[index])`, `x[index] = v` and `torch.addcmul(s, s, s,
out=out)`, with `torch.flip` for the reversed dimensions PyTorch's
indexing has not; each call waits for the device too. GB/s are output (or
value) bytes per second. Every result of ours and PyTorch's is checked
element by element before timing.

Targets (issue 40): at least 0.85x DtoD where the inner dimension is
contiguous or reversed (a, b, c, e), at least 0.6x for the gathers (d, f),
at least 1.0x PyTorch everywhere. `bound` is the ceiling the DRAM traffic
sets (DtoD moves 2 bytes per output byte; a gather of stride k < 8 on f32
reads every 32-byte sector of its rows, k bytes per output byte, and an
update of such a window also reads and writes back every sector it
writes part of: HBM3 with ECC writes whole sectors)."""

# DRAM bytes per output byte that each side must move (the sector model
# above): slices read `touched` and write 1; updates read the value (1) and
# read and write `touched` of dest.
TOUCHED = {"d": 2, "f": 7}


def bound(case, side):
    touched = TOUCHED.get(case, 1)
    if side == "update" and touched > 1:
        return 2 / (1 + 2 * touched)
    return min(1.0, 2 / (1 + touched))


def target(case):
    return 0.6 if case in TOUCHED else 0.85


def model_bytes(case, side, out):
    """The DRAM bytes the sector model says a kernel moves."""
    touched = TOUCHED.get(case, 1)
    if side == "update" and touched > 1:
        return out * (1 + 2 * touched)
    return out * (1 + touched)


def ncu_kernels(path=NCU_DEFAULT):
    """(kernel, duration us, DRAM %, memory TB/s) of each kernel's first
    profile in Nsight Compute's text output."""
    if not os.path.exists(path):
        return []
    kernels, current, seen = [], None, set()
    with open(path) as f:
        for line in f:
            words = line.split()
            if line.startswith("  ") and not line.startswith("   ") and \
                    words and words[0].endswith("_kernel"):
                current = None if words[0] in seen else {"kernel": words[0]}
                if current:
                    seen.add(words[0])
                    kernels.append(current)
            elif current is not None and len(words) >= 3:
                value = words[-1].replace(",", "")
                if words[:2] == ["DRAM", "Throughput"]:
                    current["dram"] = float(value)
                elif words[0] == "Duration":
                    current["us"] = float(value)
                elif words[:2] == ["Memory", "Throughput"] and \
                        words[2] == "Tbyte/s":
                    current["tbps"] = float(value)
    return [k for k in kernels if {"dram", "us", "tbps"} <= k.keys()]


def ncu_table(rows, path=NCU_DEFAULT):
    kernels = ncu_kernels(path)
    if not kernels:
        return []
    out = {r["case"]: r["out_bytes"] for r in rows
           if r.get("impl") != "torch" and r["size"] == "256MiB"}
    lines = ["Nsight Compute on the 256 MiB kernels (`bench/gpu/ncu-profile.txt`, "
             "the same run): every kernel is bound by DRAM bandwidth, and "
             "moves what the sector model says; the gathers and the "
             "updates of gathered windows are below their targets because "
             "their bytes are sectors they do not use, not because the "
             "kernels are slow.", "",
             "| kernel | duration us | DRAM throughput % of peak | "
             "DRAM MB moved | MB by the sector model |",
             "|---|---|---|---|---|"]
    for k in kernels:
        case, _, side = k["kernel"].split("_")[:3]
        side = {"into": "slice"}.get(side, side)
        moved = k["tbps"] * 1e12 * k["us"] * 1e-6 / 1e6
        model = model_bytes(case, side, out[case]) / 1e6 if case in out \
            else None
        lines.append(f"| {k['kernel']} | {k['us']:.1f} | {k['dram']:.1f} | "
                     f"{moved:.0f} | {f'{model:.0f}' if model else '-'} |")
    return lines + [""]


def load(path):
    if not path or not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip().startswith("{")]


def gbps(out, seconds):
    return f"{out / seconds / 1e9:.0f}"


def section(path=DEFAULT):
    rows = load(path)
    lines = [HEADING, ""]
    ours = [r for r in rows if r.get("impl") != "torch"]
    if not ours:
        lines += ["**Not measured yet**: no GPU was available to the session "
                  "that built the GPU pipeline; the figures are owed.", ""]
        lines += [HOW, ""]
        return "\n".join(lines)
    torch = {(r["case"], r["size"]): r for r in rows
             if r.get("impl") == "torch"}
    device = ours[0]["device"]
    version = next(iter(torch.values()))["torch"] if torch else None
    lines += [f"Device: **{device}**" +
              (f"; PyTorch {version}." if version else "."), "", HOW, ""]
    misses = []
    sides = [("slice", "ours_s", "into_s", "checked"),
             ("update", "update_s", "update_s", "update_checked"),
             ("ew", "ew_s", "ew_s", "ew_checked")]
    for side, ours_key, torch_key, checked_key in sides:
        lines += [f"**{side}**", "",
                  "| case | input | output MiB | ours GB/s | DtoD GB/s | "
                  "ours / DtoD | target | bound | PyTorch GB/s | "
                  "ours / PyTorch | checked |",
                  "|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in ours:
            out = r["out_bytes"]
            ratio = r["dtod_s"] / r[ours_key]
            t = torch.get((r["case"], r["size"]))
            versus = t[torch_key] / r[ours_key] if t else None
            checked = r[checked_key] and (
                not t or t.get(checked_key, t["checked"]))
            tgt = target(r["case"]) if side != "ew" else None
            lines.append(
                f"| {r['case']} {r['description']} | {r['size']} | "
                f"{out / 2**20:.0f} | {gbps(out, r[ours_key])} | "
                f"{gbps(out, r['dtod_s'])} | {ratio:.2f} | "
                f"{tgt if tgt else '-'} | {bound(r['case'], side):.2f} | "
                f"{gbps(out, t[torch_key]) if t else '-'} | "
                f"{f'{versus:.2f}' if versus else '-'} | "
                f"{'yes' if checked else 'NO'} |")
            if tgt and ratio < tgt:
                misses.append(f"{side} {r['case']} {r['size']} {ratio:.2f}x "
                              f"DtoD (bound {bound(r['case'], side):.2f})")
            if versus is not None and versus < 1.0:
                misses.append(f"{side} {r['case']} {r['size']} "
                              f"{versus:.2f}x PyTorch")
        lines.append("")
    lines += ["Targets: " + ("met everywhere." if not misses else
                             "missed at " + "; ".join(misses) + "."), ""]
    lines += ncu_table(rows)
    return "\n".join(lines)


def cpu_section(path=CPU_DEFAULT):
    """The CPU copy benchmark on the GPU machine's cores: ours on one
    thread (`into`) and on all (`into_mt`, OpenMP), memcpy, NumPy and
    PyTorch on all the cores."""
    rows = load(path)
    if not rows:
        return ""
    seconds = {}
    threads = None
    for r in rows:
        if r.get("impl") == "torch":
            threads = r["threads"]
            seconds[(r["case"], r["size"], "torch_into")] = r["into_s"]
            seconds[(r["case"], r["size"], "torch_update")] = r["update_s"]
        else:
            variant = r["variant"] + ("_write" if r.get("write") and
                                      r["variant"] == "memcpy" else "")
            seconds[(r["case"], r["size"], variant)] = r["seconds"]
    points = sorted({(c, z) for c, z, _ in seconds},
                    key=lambda p: (p[1] != "64MiB", p[0]))
    out = {(r["case"], r["size"]): r["out_bytes"] for r in rows}
    lines = [CPU_HEADING, "",
             f"The CPU copy benchmark's harnesses (built here for x86-64-v3) "
             f"on the {threads or 'all'} cores of the GPU machine, in the "
             "same run as NumPy (one thread: its copies have no others) and "
             f"PyTorch (`torch.set_num_threads({threads})`). GB/s are output "
             "bytes per second; `into` is ours on one thread, `into_mt` the "
             "same copies of 4 MiB or more on OpenMP threads, `update` "
             "y[index] = v in place.", "",
             "| case | input | memcpy | into | into_mt | into_mt / into | "
             "NumPy into | PyTorch into | into_mt / NumPy | "
             "into_mt / PyTorch | update | PyTorch update |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]

    def rate(case, size, variant):
        t = seconds.get((case, size, variant))
        return out[(case, size)] / t / 1e9 if t else None

    def cell(value, digits=1):
        return f"{value:.{digits}f}" if value else "-"

    behind, scaling = [], []
    for case, size in points:
        r = {v: rate(case, size, v) for v in (
            "memcpy", "into", "into_mt", "numpy_into", "torch_into",
            "update", "torch_update")}
        ratio = lambda a, b: r[a] / r[b] if r[a] and r[b] else None
        scaling.append(ratio("into_mt", "into"))
        if (ratio("into_mt", "torch_into") or 1) < 1:
            behind.append(f"{case} {size} "
                          f"({ratio('into_mt', 'torch_into'):.2f}x)")
        lines.append(
            f"| {case} | {size} | {cell(r['memcpy'])} | {cell(r['into'])} | "
            f"{cell(r['into_mt'])} | {cell(ratio('into_mt', 'into'), 2)} | "
            f"{cell(r['numpy_into'])} | {cell(r['torch_into'])} | "
            f"{cell(ratio('into_mt', 'numpy_into'), 2)} | "
            f"{cell(ratio('into_mt', 'torch_into'), 2)} | "
            f"{cell(r['update'])} | {cell(r['torch_update'])} |")
    lines += ["", "Readings: the threaded copies scale "
              f"{min(x for x in scaling if x):.1f}-"
              f"{max(x for x in scaling if x):.1f}x over one thread. "
              "Against PyTorch on all the cores they are behind at " +
              (", ".join(behind) if behind else "no point") + "; the "
              "update has no threaded variant yet (`update` is one thread "
              "against PyTorch's all), so it trails wherever PyTorch "
              "threads its writes."]
    return "\n".join(lines + [""])


def replace_section(text, heading, body):
    start = text.find(heading)
    if start < 0:
        return text.rstrip("\n") + "\n\n" + body if body else text
    end = text.find("\n## ", start + len(heading))
    rest = text[end + 1:] if end >= 0 else ""
    return text[:start] + body + ("\n" + rest if rest else "")


def update(doc, path, cpu_path=CPU_DEFAULT):
    with open(doc) as f:
        text = f.read()
    text = replace_section(text, HEADING, section(path))
    text = replace_section(text, CPU_HEADING, cpu_section(cpu_path))
    with open(doc, "w") as f:
        f.write(text.rstrip("\n") + "\n")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--update":
        update(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else DEFAULT,
               sys.argv[4] if len(sys.argv) > 4 else CPU_DEFAULT)
    else:
        print(section(sys.argv[1] if len(sys.argv) > 1 else DEFAULT))
        print(cpu_section(sys.argv[2] if len(sys.argv) > 2 else CPU_DEFAULT))
