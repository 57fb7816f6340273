# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the "Whole programs" section of docs/performance.md from the
results bench/programs/run.sh collected: per program and side, the median
of the runs' medians; ours against NumPy and PyTorch on one thread, and on
all cores against PyTorch; whether every side computed the same values.

Usage: report.py RESULTS.jsonl PERFORMANCE.md
       report.py --carry OLD.md NEW.md   (the section of OLD into NEW)
The section sits between the markers BEGIN and END below in the page; the
rest of the page (bench/report.py's) is left as it is, and bench/run.sh
carries the section over when it rewrites the rest.
"""

import json
import statistics
import sys

import programs

BEGIN = "<!-- whole-programs: begin (bench/programs/run.sh writes this) -->"
END = "<!-- whole-programs: end -->"

DESCRIPTIONS = {
    "relu_rev": "`relu(x[::-1, ::2])`, x 4096x4096",
    "exp_slice": "`(exp(x) * 2)[::2, 1:-1]`, x 4096x4096",
    "chain": "`x[1:-1][::2, ::-1][:, 2:-2] * 2 + 1`, x 4096x4096",
    "rotary_concat": "rotary embedding with concat, x 2048x32x128",
    "rotary_dps": "rotary embedding, rotation by two updates",
    "kv_decode": "1,024 updates `cache[:, p:p+1, :] = k[:, i:i+1, :] * 0.5` "
                 "of a 32 MiB cache, prefix returned",
    "focus_relu": "YOLO Focus + relu, x 12x1024x1024",
}


def load(path):
    runs = {}
    states = []
    for line in open(path):
        record = json.loads(line)
        if "program" not in record:
            states.append(record)
            continue
        runs.setdefault((record["program"], record["side"]), []).append(
            record)
    return runs, states


def place(section, performance):
    """Puts `section` into the page at `performance`, replacing the one
    there, else before "Views cost O(1)"."""
    text = open(performance).read()
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        text = head + section.rstrip("\n") + tail
    else:
        marker = "\n## Views cost O(1)"
        if marker in text:
            text = text.replace(marker, "\n" + section + marker, 1)
        else:
            text = text.rstrip("\n") + "\n\n" + section
    with open(performance, "w") as f:
        f.write(text)


def main():
    if sys.argv[1] == "--carry":
        old = open(sys.argv[2]).read()
        if BEGIN in old and END in old:
            section = BEGIN + old.split(BEGIN, 1)[1].split(END, 1)[0] + END
            place(section + "\n", sys.argv[3])
        return
    results, performance = sys.argv[1], sys.argv[2]
    runs, _ = load(results)

    def ms(program, side):
        records = runs.get((program, side))
        if not records:
            return None
        return statistics.median(r["seconds"] for r in records) * 1e3

    def checksum_agrees(program):
        sums = [r["checksum"] for (p, _), records in runs.items()
                if p == program for r in records]
        reference = sums[0]
        return all(abs(s - reference) <= 1e-5 * max(1.0, abs(reference))
                   for s in sums)

    def cell(value):
        return "—" if value is None else f"{value:.2f}"

    def ratio(a, b):
        return "—" if a is None or b is None else f"{a / b:.2f}"

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
             f"`torch.set_num_threads`). Milliseconds, the median of "
             f"{programs.ROUNDS} calls after a warm-up, each after the caches "
             "are evicted; then the median over the runs of "
             "`bench/programs/run.sh`, every side in turn in each run. Every "
             "side's big fresh results on transparent huge pages "
             "(`glibc.malloc.hugetlb=1`, as `bench/run.sh`). Ratios are "
             "ours / theirs: below 1, ours is faster. `same values`: every "
             "side's checksum (the sum of the result) agrees to 1e-5.", "",
             "One thread:", "",
             "| program | ours | NumPy | PyTorch | upstream | ours/NumPy | "
             "ours/PyTorch | ours/upstream | same values |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name in programs.PROGRAMS:
        ours, numpy = ms(name, "ours"), ms(name, "numpy")
        torch, upstream = ms(name, "torch"), ms(name, "upstream")
        lines.append(
            f"| {DESCRIPTIONS[name]} | {cell(ours)} | {cell(numpy)} | "
            f"{cell(torch)} | {cell(upstream)} | {ratio(ours, numpy)} | "
            f"{ratio(ours, torch)} | {ratio(ours, upstream)} | "
            f"{'yes' if checksum_agrees(name) else 'NO'} |")
    lines += ["", "All cores (NumPy's element-wise ops use one):", "",
              "| program | ours | PyTorch | NumPy | ours/PyTorch | "
              "ours/NumPy |", "|---|---|---|---|---|---|"]
    for name in programs.PROGRAMS:
        ours, torch = ms(name, "ours_mt"), ms(name, "torch_mt")
        numpy = ms(name, "numpy")
        lines.append(f"| {DESCRIPTIONS[name]} | {cell(ours)} | "
                     f"{cell(torch)} | {cell(numpy)} | {ratio(ours, torch)} "
                     f"| {ratio(ours, numpy)} |")
    lines += ["", END]
    section = "\n".join(lines) + "\n"

    place(section, performance)


if __name__ == "__main__":
    main()
