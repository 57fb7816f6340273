# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The NVIDIA GPU section of docs/performance.md, from the JSON lines that
the GPU bundle's benchmark writes (scripts/gpu-bundle.sh, run.sh).

  report.py [RESULTS.jsonl]             print the section
  report.py --update DOC [RESULTS]      replace the section in DOC

Without results (no GPU run yet) the section says so and how to run it.
bench/report.py appends the same section (from bench/gpu/results.jsonl,
the last GPU run's results, committed) when it regenerates the file.
"""

import json
import os
import sys

HEADING = "## NVIDIA GPU"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "results.jsonl")

HOW = """Run it: `bash scripts/gpu-bundle.sh` here builds the GPU tests and
this benchmark ahead of time into `build/gpu-bundle` (needs LLVM 22 and
the CUDA toolkit, no GPU); on the GPU machine (needs only the NVIDIA
driver and python3), `bash build/gpu-bundle/run.sh OUT` runs the tests
and writes `OUT/gpu-bench.jsonl`. Copy that file to
`bench/gpu/results.jsonl` and run `/usr/bin/python3 bench/gpu/report.py
--update docs/performance.md`.

Cases a-f of the CPU benchmark (f32) on 256 MiB and 1 GiB inputs. `ours`
is the slice copied into a device buffer of the caller (`--slice-to-nvvm`,
the host function as a caller sees it: launch and wait); `DtoD` is
`cudaMemcpy` device-to-device of the same output bytes followed by
`cudaDeviceSynchronize`, timed the same way in the same run; `DtoD (events)`
is the copy engine alone (back-to-back copies between CUDA events). Every
result is checked against the view read on the host before timing.
Targets: at least 0.8x DtoD for contiguous inner dimensions (a, b, e), at
least 0.6x for the reversed inner dimension (c)."""


def load(path):
    if not path or not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip().startswith("{")]


def section(path=DEFAULT):
    rows = load(path)
    lines = [HEADING, ""]
    if not rows:
        lines += ["**Not measured yet**: no GPU was available to the session "
                  "that built the GPU pipeline; the figures are owed.", ""]
        lines += [HOW, ""]
        return "\n".join(lines)
    device = rows[0]["device"]
    lines += [f"Device: **{device}**.", "", HOW, "",
              "| case | input | output MiB | ours GB/s | DtoD GB/s | "
              "ours / DtoD | DtoD (events) GB/s | checked |",
              "|---|---|---|---|---|---|---|---|"]
    misses = []
    for r in rows:
        out = r["out_bytes"]
        ratio = r["dtod_s"] / r["ours_s"]
        lines.append(
            f"| {r['case']} {r['description']} | {r['size']} | "
            f"{out / 2**20:.0f} | {out / r['ours_s'] / 1e9:.0f} | "
            f"{out / r['dtod_s'] / 1e9:.0f} | {ratio:.2f} | "
            f"{out / r['dtod_events_s'] / 1e9:.0f} | "
            f"{'yes' if r['checked'] else 'NO'} |")
        bound = 0.8 if r["case"] in "abe" else 0.6 if r["case"] == "c" else None
        if bound and ratio < bound:
            misses.append(f"{r['case']} {r['size']} {ratio:.2f}")
    lines += ["", "Targets: " + ("met everywhere." if not misses else
                                 "missed at " + ", ".join(misses) + "."), ""]
    return "\n".join(lines)


def update(doc, path):
    with open(doc) as f:
        text = f.read()
    start = text.find(HEADING)
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + section(path)
    else:
        end = text.find("\n## ", start + len(HEADING))
        rest = text[end + 1:] if end >= 0 else ""
        text = text[:start] + section(path) + ("\n" + rest if rest else "")
    with open(doc, "w") as f:
        f.write(text.rstrip("\n") + "\n")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--update":
        update(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else DEFAULT)
    else:
        print(section(sys.argv[1] if len(sys.argv) > 1 else DEFAULT))
