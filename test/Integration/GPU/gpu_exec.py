#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Executed GPU tests: slices compiled by --slice-to-nvvm, run on the device,
compared with NumPy.

Two sets of cases, each run with slices as views and as dense copies:
  values        every case of the CPU value tests (gen_exec_tests.py: seed
                examples, masks, strides and ranks, dynamic, axes and offset
                mode, element types);
  differential  random valid specs (exec_differential.py's generators: TF
                masks, offset mode, the axes encoding), each static and
                dynamic (every index and dimension a run-time value).

Each batch of cases becomes one module of `@case_N` functions (device
tensors in, device tensors out, `llvm.emit_c_interface`) and one C driver
that, for each case, fills an iota input on the host, copies it to the
device, calls the function, copies the result back through its strides, and
checks the shape and every element against NumPy's answer (element k must
equal input element `expected[k]`, NumPy's x[...] on the flat indices; an
update's value elements follow the input's in that numbering), and that the
inputs are left intact.
`scripts/compile-gpu-aot.sh` links both with the CUDA runtime into an
executable that needs only the NVIDIA driver.

  gpu_exec.py build DIR [--count N] [--seed S]   compile the executables
  gpu_exec.py run DIR                            run them (no LLVM needed)
  gpu_exec.py check DIR ...                      build, then run

`run` prints one line per failing case and ends with `N passed, N failed`
(cases); it exits 1 on any failure. bash scripts/gpu-tests.sh does the
build here and prints the command that runs the bundle on a GPU machine.
"""

import argparse
import glob
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
# `run` needs only the standard library (the GPU machine may have no
# NumPy); the generators are imported by `build`.
diff = values = g = np = None

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

import check_no_wrap  # noqa: E402 (test/Integration, on the path above)

# element type -> the driver's kind letter (driver.c) and bytes in memory
KINDS = {"i1": "b", "i8": "i", "i32": "i", "i64": "i", "f16": "h",
         "f32": "f", "f64": "f"}
ELEMENT_BYTES = {"i1": 1, "i8": 1, "i32": 4, "i64": 8, "f16": 2, "f32": 4,
                 "f64": 8}


def flat_indices(case):
    """NumPy's x[...] on the flat indices of the input: which input element
    each result element is. For an update, `y = x.copy(); y[...] = v` with
    the value's elements numbered after the input's."""
    if case.value_shape is not None:
        count = int(np.prod(case.shape, dtype=np.int64))
        x = np.arange(count, dtype=np.int64).reshape(case.shape)
        value_count = int(np.prod(case.value_shape, dtype=np.int64))
        v = np.arange(count, count + value_count,
                      dtype=np.int64).reshape(case.value_shape)
        x[g.numpy_index(case)] = v
        return x
    as_index = g.Case(case.kind, case.shape, "i64", dynamic=case.dynamic,
                      text=case.text, begin=case.begin, end=case.end,
                      strides=case.strides, masks=case.masks,
                      offset=case.offset, axes=case.axes,
                      default_axes=case.default_axes,
                      default_strides=case.default_strides)
    return g.numpy_result(as_index)


def function(case, n, result_shape):
    """`@case_n` and the run-time index values its dynamic form takes."""
    builder = g.ModuleBuilder()
    rank = len(case.shape)
    update, params = None, [f"%x: SOURCE"]
    if case.value_shape is not None:
        # The dynamic form keeps unit value dimensions static (they
        # broadcast); every other dimension is a run-time size.
        value_shape = case.value_shape if not case.dynamic else [
            1 if d == 1 else None for d in case.value_shape]
        update = ("%v", g.tensor_type(value_shape, case.dtype))
        params.insert(0, f"%v: {update[1]}")
    if not case.dynamic:
        source_type = g.tensor_type(case.shape, case.dtype)
        result_type = g.tensor_type(result_shape, case.dtype)
        op = builder._op(case, "%x", source_type, result_type, None, update)
        args = []
    else:
        source_type = g.tensor_type([None] * rank, case.dtype)
        result_type = g.tensor_type([None] * len(result_shape), case.dtype)
        names, args = {}, []
        for key, items in case.dynamic_lists():
            names[key] = []
            for i, v in enumerate(items):
                names[key].append(f"%{key}{i}")
                params.append(f"%{key}{i}: index")
                args.append(v)
        op = builder._op(case, "%x", source_type, result_type, names, update)
    params = [p.replace("SOURCE", source_type) for p in params]
    text = (f"// {case.describe()}\n"
            f"func.func @case_{n}({', '.join(params)}) -> {result_type} "
            f"attributes {{llvm.emit_c_interface}} {{\n"
            f"  %r = {op}\n  return %r : {result_type}\n}}\n")
    return text, args


def c_int64(value):
    """An int64 C literal (INT64_MIN has none of its own)."""
    value = int(value)
    if value == g.INT64_MIN:
        return "(-9223372036854775807LL - 1)"
    return f"{value}LL"


def driver_case(case, n, args, indices):
    """The C table entry of one case."""
    size = ELEMENT_BYTES[case.dtype]
    shape = case.shape or [1]
    expected = indices.ravel().tolist()
    lines = [f"static const int64_t inShape{n}[] = {{{', '.join(map(str, shape))}}};",
             f"static const int64_t outShape{n}[] = "
             f"{{{', '.join(map(str, list(indices.shape) or [0]))}}};",
             f"static const int64_t expected{n}[] = "
             f"{{{', '.join(map(str, expected)) or '0'}}};"]
    update = case.value_shape is not None
    value_shape = case.value_shape or [1]
    lines.append(f"static const int64_t valueShape{n}[] = "
                 f"{{{', '.join(map(str, value_shape))}}};")
    params = ", ".join(["Descriptor *"] * (3 if update else 2) +
                       ["int64_t"] * len(args))
    call_args = ", ".join(["r", "v", "x"] if update else ["r", "x"])
    call_args = ", ".join([call_args] + [c_int64(a) for a in args])
    lines.append(f"extern void _mlir_ciface_case_{n}({params});")
    lines.append(f"static void call{n}(Descriptor *r, Descriptor *v, "
                 f"Descriptor *x) {{ (void)v; _mlir_ciface_case_{n}"
                 f"({call_args}); }}")
    description = case.describe().replace("\\", "\\\\").replace('"', '\\"')
    value_rank = len(case.value_shape) if update else -1
    entry = (f'{{"{description}", {len(case.shape)}, inShape{n}, '
             f"{value_rank}, valueShape{n}, "
             f"{indices.ndim}, outShape{n}, expected{n}, {indices.size}, "
             f"{size}, '{KINDS[case.dtype]}', "
             f"call{n}}}")
    return "\n".join(lines), entry


def cases_of(which, count, seed):
    if which == "values":
        cases = []
        for _, make in values.FILES.values():
            cases += make()
        return cases
    rng = random.Random(seed)
    cases = []
    while len(cases) < 2 * count:
        if which == "updates":
            case = diff.random_update_case(rng)
        else:
            case = diff.random_case(rng)
        # Every element type but i1 (whose iota would hold only 0 and 1),
        # each with its own vector width in the copy kernels.
        case.dtype = rng.choice(["i8", "i32", "i64", "f16", "f32", "f64"])
        if not diff.is_structurally_valid(case) or \
                g.numpy_result(case) is None:
            continue
        cases.append(case)
        dynamic = g.Case(case.kind, case.shape, case.dtype, dynamic=True,
                         begin=case.begin, end=case.end,
                         strides=case.strides, masks=case.masks,
                         offset=case.offset, axes=case.axes,
                      default_axes=case.default_axes,
                      default_strides=case.default_strides)
        dynamic.value_shape = case.value_shape
        cases.append(dynamic)
    return cases


def build_batch(directory, name, cases, slices, slice_opt, chip,
                kernel_format):
    functions, tables, entries = [], [], []
    for n, case in enumerate(cases):
        indices = flat_indices(case)
        text, args = function(case, n, list(indices.shape))
        functions.append(text)
        table, entry = driver_case(case, n, args, indices)
        tables.append(table)
        entries.append(entry)
    module = os.path.join(directory, f"{name}.mlir")
    with open(module, "w") as f:
        f.write("\n".join(functions))
    cases_h = os.path.join(directory, f"{name}_cases.h")
    with open(cases_h, "w") as f:
        f.write("\n".join(tables) + "\n\nstatic const Case cases[] = {\n  " +
                ",\n  ".join(entries) + "\n};\n")
    ir = os.path.join(directory, f"{name}.ir")
    env = dict(os.environ, SLICE_OPT=slice_opt, SLICE_AOT_IR=ir)
    subprocess.run(
        ["bash", os.path.join(ROOT, "scripts", "compile-gpu-aot.sh"), module,
         os.path.join(directory, name), f"slices={slices} format={kernel_format} chip={chip}",
         os.path.join(HERE, "driver.c"), f'-DSLICE_GPU_CASES="{cases_h}"'],
        check=True, env=env)
    # No nuw that a possibly negative stride reaches, host or kernels
    # (check_no_wrap.py, Slice/Compat/MemRefToLLVM.h).
    findings = []
    for part in ("host.mlir", "kernels.mlir"):
        with open(os.path.join(ir, part)) as f:
            findings += check_no_wrap.find_violations(f.read())
    if findings:
        raise SystemExit(f"{name}: nuw on possibly negative strides:\n  " +
                         "\n  ".join(findings[:20]))
    shutil.rmtree(ir)
    os.remove(module)
    os.remove(cases_h)
    return len(cases)


def build(args):
    global diff, values, g, np
    import numpy as np
    import exec_differential as diff
    import gen_exec_tests as values
    import slicegen as g
    os.makedirs(args.dir, exist_ok=True)
    total = 0
    for which in args.sets.split(","):
        count = args.count
        if which == "updates" and args.update_count is not None:
            count = args.update_count
        # The sanitizer build runs a share of the random specs.
        scale = float(os.environ.get("SLICE_DIFFERENTIAL_SCALE", "1"))
        count = max(1, int(count * scale))
        cases = cases_of(which, count, args.seed)
        for slices in args.slices.split(","):
            for start in range(0, len(cases), args.batch):
                name = f"{which}-{slices}-{start // args.batch}"
                total += build_batch(args.dir, name,
                                     cases[start:start + args.batch], slices,
                                     args.slice_opt, args.chip, args.format)
    print(f"built {total} GPU cases into {args.dir}")


def run(args):
    passed = failed = 0
    executables = sorted(glob.glob(os.path.join(args.dir, "*-*-*")))
    executables = [e for e in executables if os.access(e, os.X_OK)]
    if not executables:
        print(f"no GPU test executables in {args.dir}")
        return 1
    for exe in executables:
        result = subprocess.run([exe], capture_output=True, text=True)
        lines = result.stdout.splitlines()
        for line in lines[:-1]:
            print(f"{os.path.basename(exe)}: {line}")
        tail = lines[-1].split() if lines else []
        if result.returncode not in (0, 1) or len(tail) != 4 or \
                tail[1] != "passed,":
            print(f"{os.path.basename(exe)}: CRASHED ({result.returncode}) "
                  f"{result.stderr.strip()[:2000]}")
            failed += 1
            continue
        passed += int(tail[0])
        failed += int(tail[2])
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("action", choices=["build", "run", "check"])
    parser.add_argument("dir")
    parser.add_argument("--slice-opt", default="slice-opt")
    parser.add_argument("--count", type=int, default=200,
                        help="random specs (each run static and dynamic)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--sets", default="values,differential,updates",
                        help="which cases: values, differential, updates "
                             "(comma-separated)")
    parser.add_argument("--update-count", type=int, default=None,
                        help="random updates (default: --count)")
    parser.add_argument("--slices", default="view,copy",
                        help="--slice-to-nvvm's slices: view, copy or both")
    parser.add_argument("--chip", default="sm_90",
                        help="--slice-to-nvvm's chip (the kernels are a "
                             "fatbin: its cubin and PTX)")
    parser.add_argument("--format", default="fatbin",
                        choices=["fatbin", "isa", "bin"],
                        help="--slice-to-nvvm's format (the emulated device "
                             "runs fatbins' and isa's PTX)")
    parser.add_argument("--batch", type=int, default=200)
    args = parser.parse_args()
    if args.action in ("build", "check"):
        build(args)
    if args.action in ("run", "check"):
        return run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
