# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the "Whole programs" section of docs/performance.md from the
results bench/programs/run.sh collected: per program and side, the least
of the runs' medians (this machine's noise only ever slows a run down:
faulting in a fresh 32 MiB buffer takes 1.4 ms, and 20-50 ms in stretches
of seconds that fall on whichever side runs then); ours against NumPy and PyTorch on one thread, and on
all cores against PyTorch; whether every side computed the same values.

Usage: report.py RESULTS.jsonl PERFORMANCE.md [GPU_BYTES.jsonl]
       report.py --gpu MACHINE_RESULTS.jsonl PERFORMANCE.md
       report.py --carry OLD.md NEW.md   (the sections of OLD into NEW)
The section sits between the markers BEGIN and END below in the page; the
rest of the page (bench/report.py's) is left as it is, and bench/run.sh
carries the section over when it rewrites the rest, with every `## `
section written by hand (one bench/report.py does not write). GPU_BYTES is
`gpu.py bytes --json`'s output (the emulated device's byte counts);
--gpu writes the GPU machine's section (scripts/gpu-bundle.sh's
`programs` part: ours on the GPU, PyTorch eager and torch.compile there,
and the CPU sides on that machine's cores) between GPU_BEGIN and GPU_END.
"""

import json
import re
import statistics
import sys

import programs

BEGIN = "<!-- whole-programs: begin (bench/programs/run.sh writes this) -->"
END = "<!-- whole-programs: end -->"
GPU_BEGIN = ("<!-- whole-programs-gpu: begin (report.py --gpu writes this "
             "from scripts/gpu-bundle.sh's results) -->")
GPU_END = "<!-- whole-programs-gpu: end -->"

DESCRIPTIONS = {
    "relu_rev": "`relu(x[::-1, ::2])`, x 4096x4096",
    "exp_slice": "`(exp(x) * 2)[::2, 1:-1]`, x 4096x4096",
    "exp_8m": "`exp(x)`, x 2048x4096 (8M elements)",
    "tanh_8m": "`tanh(x)`, x 2048x4096 (8M elements)",
    "chain": "`x[1:-1][::2, ::-1][:, 2:-2] * 2 + 1`, x 4096x4096",
    "rotary_concat": "rotary embedding with concat, x 2048x32x128",
    "rotary_dps": "rotary embedding, rotation by two updates",
    "kv_decode": "1,024 updates `cache[:, p:p+1, :] = k[:, i:i+1, :] * 0.5` "
                 "of a 32 MiB cache, prefix returned",
    "focus_relu": "YOLO Focus + relu, x 12x1024x1024",
    "softmax_rev": "`softmax(x[:, ::-1])` over rows, x 4096x4096",
    "layer_norm": "layer norm over the rows of `x[1:-1, 2:-2]`, x 4096x4096",
    "col_center": "`y - y.mean(0)`, `y = x[::-1, :]`, x 4096x4096",
}


def load(path):
    """{(regime, program, side): [records]}, and the machine's probes."""
    runs = {}
    states = []
    for line in open(path):
        record = json.loads(line)
        if "program" not in record:
            states.append(record)
            continue
        key = (record.get("regime", "fresh"), record["program"],
               record["side"])
        runs.setdefault(key, []).append(record)
    return runs, states


def place(section, performance, begin=BEGIN, end=END):
    """Puts `section` into the page at `performance`, replacing the one
    there, else before "Views cost O(1)"."""
    text = open(performance).read()
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = head + section.rstrip("\n") + tail
    else:
        marker = "\n## Views cost O(1)"
        if marker in text:
            text = text.replace(marker, "\n" + section + marker, 1)
        else:
            text = text.rstrip("\n") + "\n\n" + section
    with open(performance, "w") as f:
        f.write(text)


def carry_sections(old, performance):
    """Puts the `## ` sections of the page `old` (text) that the page at
    `performance` lacks (those written by hand, which bench/report.py does
    not write) into it, each before the section that came after it in
    `old`; the marked sections above are carried apart, not twice."""
    for begin, end in ((BEGIN, END), (GPU_BEGIN, GPU_END)):
        while begin in old and end in old:
            head, rest = old.split(begin, 1)
            old = head + rest.split(end, 1)[1]
    split = re.compile(r"(?m)^(?=## )")
    parts = split.split(open(performance).read())
    titles = [part.split("\n", 1)[0] for part in parts]
    following = None
    for part in reversed(split.split(old)):
        title = part.split("\n", 1)[0]
        if title.startswith("## ") and title not in titles:
            at = titles.index(following) if following in titles else len(
                parts)
            parts.insert(at, part.rstrip("\n") + "\n\n")
            titles.insert(at, title)
        following = title
    with open(performance, "w") as f:
        f.write("".join(parts))


def main():
    if sys.argv[1] == "--carry":
        old = open(sys.argv[2]).read()
        for begin, end in ((BEGIN, END), (GPU_BEGIN, GPU_END)):
            if begin in old and end in old:
                section = begin + old.split(begin, 1)[1].split(end, 1)[0] + end
                place(section + "\n", sys.argv[3], begin, end)
        carry_sections(old, sys.argv[3])
        return
    if sys.argv[1] == "--gpu":
        gpu_machine(sys.argv[2], sys.argv[3])
        return
    results, performance = sys.argv[1], sys.argv[2]
    gpu_bytes = sys.argv[3] if len(sys.argv) > 3 else None
    runs, states = load(results)

    def ms(regime, program, side):
        records = runs.get((regime, program, side))
        if not records:
            return None
        return min(r["seconds"] for r in records) * 1e3

    def checksum_agrees(program):
        sums = [r["checksum"] for (_, p, _), records in runs.items()
                if p == program for r in records]
        reference = sums[0]
        return all(abs(s - reference) <= 1e-5 * max(1.0, abs(reference))
                   for s in sums)

    def cell(value):
        return "—" if value is None else f"{value:.2f}"

    def ratio(a, b):
        return "—" if a is None or b is None else f"{a / b:.2f}"

    count = max((len(v) for v in runs.values()), default=0)
    lines = [BEGIN, "", "## Whole programs", "",
             "Slices inside programs, as ML code writes them, each four ways "
             "(`bench/programs/programs.py`): ours (slice ops through "
             "`--slice-to-llvm` and `scripts/compile-aot.sh`, which runs "
             "`opt -O3` for the host CPU; on all cores with "
             "`parallel-bytes=131072`), upstream's route (the same programs "
             "in `tensor.extract_slice` / `insert_slice` / `concat` and "
             "`linalg.generic`, lowered by upstream passes with identity "
             "layouts at the function boundary, and the same LLVM "
             "optimization), NumPy and PyTorch (eager, "
             "`torch.set_num_threads`). Milliseconds: the median of "
             f"{programs.ROUNDS} calls after a warm-up, each after the "
             "caches are evicted; then the least of those medians over "
             f"{count} runs of `bench/programs/run.sh`, every side in turn in "
             "each run (this machine's noise only ever slows a run down). "
             "Ratios are ours / theirs: below 1, ours is faster. `same "
             "values`: every side's checksum (a weighted sum, programs.py) agrees "
             "to 1e-5.", "",
             "Two allocator regimes, every side under each: **reuse**, "
             "where memory freed is kept and reused, as a framework's "
             "caching allocator does (glibc's heap only), so that after the "
             "warm-up no call faults in fresh pages and a timing is the "
             "code's; and **fresh**, where every result of 32 MiB or more is "
             "mapped afresh and faulted in on transparent huge pages "
             "(`bench/run.sh`'s setting). On this machine faulting in a "
             "fresh 32 MiB takes 1.4 ms, and 20-50 ms in stretches of "
             "seconds, which fall on whichever side runs then.", "",
             "One thread, memory reused:", "",
             "| program | ours | NumPy | PyTorch | upstream | ours/NumPy | "
             "ours/PyTorch | ours/upstream | same values |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name in programs.PROGRAMS:
        ours, numpy = ms("reuse", name, "ours"), ms("reuse", name, "numpy")
        torch = ms("reuse", name, "torch")
        upstream = ms("reuse", name, "upstream")
        lines.append(
            f"| {DESCRIPTIONS[name]} | {cell(ours)} | {cell(numpy)} | "
            f"{cell(torch)} | {cell(upstream)} | {ratio(ours, numpy)} | "
            f"{ratio(ours, torch)} | {ratio(ours, upstream)} | "
            f"{'yes' if checksum_agrees(name) else 'NO'} |")
    lines += ["", "All cores, memory reused (NumPy's element-wise ops use "
              "one):", "",
              "| program | ours | PyTorch | NumPy | ours/PyTorch | "
              "ours/NumPy |", "|---|---|---|---|---|---|"]
    for name in programs.PROGRAMS:
        ours, torch = ms("reuse", name, "ours_mt"), ms("reuse", name,
                                                       "torch_mt")
        numpy = ms("reuse", name, "numpy")
        lines.append(f"| {DESCRIPTIONS[name]} | {cell(ours)} | "
                     f"{cell(torch)} | {cell(numpy)} | {ratio(ours, torch)} "
                     f"| {ratio(ours, numpy)} |")
    lines += ["", "Fresh results every call (one thread; all cores):", "",
              "| program | ours | NumPy | PyTorch | ours/NumPy | "
              "ours/PyTorch | ours, all cores | PyTorch, all cores | "
              "ours/PyTorch, all cores |",
              "|---|---|---|---|---|---|---|---|---|"]
    for name in programs.PROGRAMS:
        ours, numpy = ms("fresh", name, "ours"), ms("fresh", name, "numpy")
        torch = ms("fresh", name, "torch")
        ours_mt, torch_mt = (ms("fresh", name, "ours_mt"),
                             ms("fresh", name, "torch_mt"))
        lines.append(f"| {DESCRIPTIONS[name]} | {cell(ours)} | "
                     f"{cell(numpy)} | {cell(torch)} | {ratio(ours, numpy)} "
                     f"| {ratio(ours, torch)} | {cell(ours_mt)} | "
                     f"{cell(torch_mt)} | {ratio(ours_mt, torch_mt)} |")
    lines += ["", NOTES.strip(), ""]
    if gpu_bytes:
        lines += ["The GPU route (`--slice-to-nvvm`), counted on the emulated "
                  "device (`bench/programs/gpu.py bytes`, the programs at "
                  "1/32 of the sizes above): the bytes of the distinct "
                  "32-byte sectors each launch loads and stores, summed over "
                  "the launches, against the fused minimum (the sectors "
                  "holding the input elements the result needs, plus the "
                  "result's). 1.00: every byte read once and written once, "
                  "no temporary.", "",
                  "| program | launches | bytes moved | fused minimum | "
                  "moved/minimum | loads per thread |",
                  "|---|---|---|---|---|---|"]
        for line in open(gpu_bytes):
            row = json.loads(line)
            lines.append(f"| {DESCRIPTIONS[row['program']]} | "
                         f"{row['launches']} | {row['moved']} | "
                         f"{row['minimum']} | {row['ratio']:.2f} | "
                         f"{row.get('loads_per_thread', 0):.1f} |")
        lines += ["", GPU_BYTES_NOTES.strip(), ""]
    lines.append(END)
    section = "\n".join(lines) + "\n"
    place(section, performance)


def gpu_machine(results, performance):
    """The GPU machine's section: ours on the GPU against the copy engine
    and PyTorch there; the CPU sides on its cores."""
    runs, _ = load(results)
    device = next((r["device"] for records in runs.values() for r in records
                   if "device" in r), "unknown")

    def ms(program, side, key="seconds"):
        records = runs.get(("fresh", program, side))
        if not records:
            return None
        return min(r[key] for r in records) * 1e3

    def cell(value):
        return "—" if value is None else f"{value:.3f}"

    def ratio(a, b):
        return "—" if a is None or b is None else f"{a / b:.2f}"

    def agrees(program):
        sums = [r["checksum"] for (_, p, _), records in runs.items()
                if p == program for r in records if "checksum" in r]
        return all(abs(s - sums[0]) <= 1e-5 * max(1.0, abs(sums[0]))
                   for s in sums)

    lines = [GPU_BEGIN, "", f"### Whole programs on {device}", "",
             "`scripts/gpu-bundle.sh`'s `programs` part "
             "(`bench/programs/gpu.py build`, `programs.py cuda`): ours "
             "through `--slice-to-nvvm` (fatbins built ahead of time), the "
             "median of the calls after a warm-up, the result freed between "
             "calls; `memcpy` is a device-to-device `cudaMemcpy` moving the "
             "program's fused minimum (reading half of it, writing half); "
             "PyTorch eager and `torch.compile`d on the GPU (default and "
             "`reduce-overhead` modes), synchronized after each call. Ours "
             "with the runtime's default allocator (the device's memory "
             "pool), its cache of freed blocks, and cuMemAlloc/cuMemFree "
             "at every call (`SLICE_CUDA_ALLOCATOR`). Milliseconds; ratios "
             "ours / theirs.", "",
             "| program | ours | memcpy of the minimum | ours/memcpy | "
             "ours, cache allocator | ours, cuMemAlloc per call | "
             "PyTorch | torch.compile | torch.compile reduce-overhead | "
             "ours/PyTorch | ours/torch.compile | "
             "ours/reduce-overhead | same values |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name in list(programs.PROGRAMS) + ["overhead"]:
        ours = ms(name, "ours_gpu")
        copy = ms(name, "ours_gpu", "memcpy_seconds")
        eager, compiled = ms(name, "torch_cuda"), ms(name,
                                                     "torch_cuda_compile")
        graphs = ms(name, "torch_cuda_compile_ro")
        described = DESCRIPTIONS.get(name, "a call alone: exp of one float")
        lines.append(f"| {described} | {cell(ours)} | {cell(copy)} "
                     f"| {ratio(ours, copy)} | "
                     f"{cell(ms(name, 'ours_gpu_cache'))} | "
                     f"{cell(ms(name, 'ours_gpu_driver'))} | {cell(eager)} | "
                     f"{cell(compiled)} | {cell(graphs)} | "
                     f"{ratio(ours, eager)} | {ratio(ours, compiled)} | "
                     f"{ratio(ours, graphs)} | "
                     f"{'yes' if agrees(name) else 'NO'} |")
    lines += ["", "The same machine's CPU, one thread and all cores (ours "
              "built for `x86-64-v3`; fresh results, transparent huge "
              "pages):", "",
              "| program | ours | torch.compile | NumPy | PyTorch | "
              "ours/torch.compile | ours, all cores | torch.compile, all "
              "cores | PyTorch, all cores | ours/torch.compile, all cores |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for name in programs.PROGRAMS:
        ours, compiled = ms(name, "ours"), ms(name, "torch_compile")
        ours_mt, compiled_mt = ms(name, "ours_mt"), ms(name,
                                                       "torch_compile_mt")
        lines.append(
            f"| {DESCRIPTIONS[name]} | {cell(ours)} | {cell(compiled)} | "
            f"{cell(ms(name, 'numpy'))} | {cell(ms(name, 'torch'))} | "
            f"{ratio(ours, compiled)} | {cell(ours_mt)} | "
            f"{cell(compiled_mt)} | {cell(ms(name, 'torch_mt'))} | "
            f"{ratio(ours_mt, compiled_mt)} |")
    lines += ["", GPU_END]
    place("\n".join(lines) + "\n", performance, GPU_BEGIN, GPU_END)


# What the numbers above come from, measured (bench/programs): kept by
# hand, checked against each regeneration.
NOTES = """
What the programs compile to, and why the ratios are what they are:

- `relu(x[::-1, ::2])`: one loop over a reversed stride-2 view of `x`,
  vectorized with two loads and a permute per 16 results (the entry
  point's dense path), into one fresh buffer. PyTorch makes a contiguous
  copy of the flipped half first, then applies relu to it: two passes.
- `(exp(x) * 2)[::2, 1:-1]`: the slice moves above `exp` and the product
  (`--slice-propagate`), so 8.4M of the 16.8M elements are computed, with
  a vectorized polynomial `exp`, in one fused loop; NumPy and PyTorch
  compute all of `exp(x) * 2`, then take a view.
- the chain of slices composes into one view; the product and sum fuse
  into one loop over it.
- rotary embedding: `x * cos + concat(-x[..., 64:], x[..., :64]) * sin`
  runs once per half of the result (`--slice-split-concat-consumers`;
  the two updates into an empty tensor count as a concat), each loop
  reading `x`, `cos` and `sin` where it needs them and writing its half of
  the one result buffer: no temporary. NumPy and PyTorch make four or five
  temporaries.
- the decode loop: each step's `k[:, i:i+1, :] * 0.5` is computed straight
  into the cache's window (32 x 1 x 128, static), no temporary; the prefix
  is a view. NumPy and PyTorch pay their per-operation overhead 2,048
  times.
- Focus + relu: relu runs on each of the four strided slices
  (`--slice-split-concat-consumers`), writing its quarter of the one
  result buffer: one pass, four loops over stride-2 views of `x`.
"""

GPU_BYTES_NOTES = """
Each program is one launch, the decode loop too: its steps write
disjoint windows, and `--slice-batch-update-loops` makes it one update (a
launch per step before). Rotary embedding and Focus + relu run the loops of their concat's
parts (or of the two updates) in one grid (`--slice-parallel-loops-to-
gpu`), the parts' blocks interleaved, so each sector of `x` is read once;
as a launch each, rotary embedding's two kernels both read all of `x`
(1.48) and Focus's four read the sectors its stride-2 slices share twice
(1.50). Loads per thread: the f32 elements a thread loads on average (the
most over a program's launches): 4 where a thread takes a vector of 4.
"""


if __name__ == "__main__":
    main()
