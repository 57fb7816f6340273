#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random upstream pass orders before --slice-to-llvm, executed against
NumPy.

Embedders run their own passes around ours. Each module here holds random
slices and updates (the differentials' specs, every entry a run-time
value) inside control flow whose trip counts and conditions are run-time
arguments:

  loop    x[spec] summed over `trips` more loop iterations (the loop's own
          slice is loop-invariant), then squared element-wise;
  branch  scf.if choosing between two slices of one structure, doubled;
  update  y = x, then `trips` times y[spec] = v (an update in a loop).

Zero-trip loops and the branch not taken get entries that are invalid at
run time (a stride of 0, a shrink index out of range): the program must
never stop for them. A random sequence of upstream passes (canonicalize,
cse, inline, LICM, loop-invariant-subset-hoisting, sccp,
control-flow-sink, remove-dead-values, symbol-dce,
scf-for-loop-canonicalization) runs first, then --slice-to-llvm; the
printed results must equal NumPy's, and the LLVM output must carry no
`nuw` a possibly negative stride reaches (check_no_wrap.py). Some modules
also have an entry point whose taken path is invalid: it must stop with
the run-time check's message.

The case functions are private: remove-dead-values leaves a null operand
in calls of a public function whose argument it finds dead (an upstream
bug, llvm-project issue 82788, with or without slice ops).

Usage: pass_orders.py SLICE_OPT --runner MLIR_RUNNER --libs LIB,LIB
           [--count N] [--seed S] [--show-passes]
Exits 1 on any mismatch.
"""

import argparse
import os
import random
import subprocess
import sys

import numpy as np

import check_no_wrap
import exec_differential as diff
import slicegen as g

PASSES = ["canonicalize", "cse", "inline", "loop-invariant-code-motion",
          "loop-invariant-subset-hoisting", "sccp", "control-flow-sink",
          "remove-dead-values", "symbol-dce", "scf-for-loop-canonicalization"]

CASES_PER_MODULE = 2


def valid_case(rng):
    """A random valid slice (TF masks, offset mode or the axes encoding) of
    an i64 iota of rank 3 at most, all entries run-time values, and its
    NumPy result. (The other differentials cover ranks and specs; the
    small ones keep these modules' code, and the JIT's time, small.)"""
    while True:
        case = diff.random_case(rng)
        if len(case.shape) > 3 or np.prod(case.shape, dtype=np.int64) > 300:
            continue
        case.dtype, case.dynamic = "i64", True
        result = g.numpy_result(case)
        if result is not None:
            return case, result


def invalid_values(case):
    """The case's entry values made invalid at run time where the spec
    allows: the first range's stride 0 (TF and axes), else a shrink index
    far out of range; the valid values when neither exists. Also says
    which message a taken path with them stops with."""
    begin, end, strides = list(case.begin), list(case.end), list(case.strides)
    if case.kind == "axes":
        if strides and not case.default_strides:
            strides[0] = 0
            return (begin, end, strides), "has stride 0"
        return (begin, end, strides), None
    ellipsis, new_axis, shrink = case.masks[2], case.masks[3], case.masks[4]
    for i in range(len(begin)):
        bit = 1 << i
        if ellipsis & bit or new_axis & bit:
            continue
        if shrink & bit:
            if case.offset:
                continue
            begin[i] = 1 << 40
            return (begin, end, strides), "the shrink index is out of range"
        strides[i] = 0
        return (begin, end, strides), "has stride 0"
    return (begin, end, strides), None


class PassOrderModule:
    """One module: cases as functions, @main calling each, @error_main
    (when there is one) calling a case whose taken path fails."""

    def __init__(self):
        self.builder = g.ModuleBuilder()
        self.expected = []
        self.error = None
        self.count = 0

    def _params(self, case, prefix):
        """Parameters and SSA names of the case's run-time entries."""
        params, names = [], {}
        for key, items in case.dynamic_lists():
            names[key] = []
            for i in range(len(items)):
                name = f"%{prefix}{key}{i}"
                names[key].append(name)
                params.append(f"{name}: index")
        return params, names

    def _args(self, case, values, n, tag):
        """Constants in @main for the entry values, in parameter order."""
        lines, args = [], []
        keyed = dict(zip("bes", values))
        for key, items in case.dynamic_lists():
            for i, v in enumerate(keyed[key][:len(items)]):
                lines.append(f"  %a{n}{tag}{key}{i} = arith.constant {v} : index")
                args.append(f"%a{n}{tag}{key}{i}")
        return lines, args

    def add(self, rng, kind, error_entry=False):
        n = self.count
        self.count += 1
        case, result = valid_case(rng)
        b = self.builder
        rank = len(case.shape)
        static_x = g.tensor_type(case.shape, "i64")
        dyn_x = g.tensor_type([None] * rank, "i64")
        slice_rank = result.ndim
        dyn_r = g.tensor_type([None] * slice_rank, "i64")
        valid = (case.begin, case.end, case.strides)
        bad, message = invalid_values(case)
        if error_entry and message is None:
            error_entry = False
        params_a, names_a = self._params(case, "p")
        params_b, names_b = self._params(case, "q")
        iota = b._iota_func(case.shape, "i64")
        x = g.iota(case.shape, "i64")
        inline = rng.random() < 0.5
        call_attr = "" if inline else " {no_inline}"

        if kind == "update":
            value = g.update_value(list(result.shape), "i64")
            value_iota = b._iota_func(list(result.shape), "i64", True)
            dyn_v = g.tensor_type([None] * value.ndim, "i64")
            case.value_shape = list(result.shape)
            op = b._op(case, "%acc", dyn_x, dyn_x, names_b, ("%v", dyn_v))
            func = (
                f"func.func private @case_{n}(%x: {dyn_x}, %v: {dyn_v}, "
                f"{', '.join(params_b + ['%trips: index'])}) -> {dyn_x} {{\n"
                f"  %c0 = arith.constant 0 : index\n"
                f"  %c1 = arith.constant 1 : index\n"
                f"  %r = scf.for %i = %c0 to %trips step %c1 "
                f"iter_args(%acc = %x) -> ({dyn_x}) {{\n"
                f"    %u = {op}\n    scf.yield %u : {dyn_x}\n  }}\n"
                f"  return %r : {dyn_x}\n}}\n")
            b.funcs.append(func)

            def call(tag, trips, values):
                lines = [f"  %x{n}{tag} = call {iota}() : () -> {static_x}",
                         f"  %xd{n}{tag} = tensor.cast %x{n}{tag} : {static_x} to {dyn_x}",
                         f"  %v{n}{tag} = call {value_iota}() : () -> {g.tensor_type(list(result.shape), 'i64')}",
                         f"  %vd{n}{tag} = tensor.cast %v{n}{tag} : {g.tensor_type(list(result.shape), 'i64')} to {dyn_v}",
                         f"  %t{n}{tag} = arith.constant {trips} : index"]
                more, args = self._args(case, values, n, tag)
                lines += more
                lines.append(
                    f"  %r{n}{tag} = call @case_{n}(%xd{n}{tag}, %vd{n}{tag}, "
                    f"{', '.join(args + [f'%t{n}{tag}'])}){call_attr} : "
                    f"({', '.join([dyn_x, dyn_v] + ['index'] * (len(args) + 1))}) -> {dyn_x}")
                return lines, f"%r{n}{tag}", dyn_x, rank

            trips = rng.choice([0, 0, 1, 2])
            values = valid if trips else bad
            expected = x.copy()
            if trips:
                expected[g.numpy_index(case)] = value
        elif kind == "loop":
            op_a = b._op(case, "%x", dyn_x, dyn_r, names_a)
            op_b = b._op(case, "%x", dyn_x, dyn_r, names_b)
            b.funcs.append(
                f"func.func private @case_{n}(%x: {dyn_x}, "
                f"{', '.join(params_a + params_b + ['%trips: index'])}) -> {dyn_r} {{\n"
                f"  %c0 = arith.constant 0 : index\n"
                f"  %c1 = arith.constant 1 : index\n"
                f"  %init = {op_a}\n"
                f"  %r = scf.for %i = %c0 to %trips step %c1 "
                f"iter_args(%acc = %init) -> ({dyn_r}) {{\n"
                f"    %s = {op_b}\n"
                f"    %t = arith.addi %acc, %s : {dyn_r}\n"
                f"    scf.yield %t : {dyn_r}\n  }}\n"
                f"  %m = arith.muli %r, %r : {dyn_r}\n"
                f"  return %m : {dyn_r}\n}}\n")

            def call(tag, trips, values):
                lines = [f"  %x{n}{tag} = call {iota}() : () -> {static_x}",
                         f"  %xd{n}{tag} = tensor.cast %x{n}{tag} : {static_x} to {dyn_x}",
                         f"  %t{n}{tag} = arith.constant {trips} : index"]
                more_a, args_a = self._args(case, valid, n, tag + "a")
                more_b, args_b = self._args(case, values, n, tag + "b")
                lines += more_a + more_b
                args = args_a + args_b + [f"%t{n}{tag}"]
                lines.append(
                    f"  %r{n}{tag} = call @case_{n}(%xd{n}{tag}, {', '.join(args)})"
                    f"{call_attr} : ({', '.join([dyn_x] + ['index'] * len(args))}) -> {dyn_r}")
                return lines, f"%r{n}{tag}", dyn_r, slice_rank

            trips = rng.choice([0, 0, 1, 3])
            values = valid if trips else bad
            expected = (result * (trips + 1)) ** 2
        else:  # branch
            op_a = b._op(case, "%x", dyn_x, dyn_r, names_a)
            op_b = b._op(case, "%x", dyn_x, dyn_r, names_b)
            b.funcs.append(
                f"func.func private @case_{n}(%x: {dyn_x}, "
                f"{', '.join(params_a + params_b + ['%c: i1'])}) -> {dyn_r} {{\n"
                f"  %r = scf.if %c -> ({dyn_r}) {{\n"
                f"    %a = {op_a}\n    scf.yield %a : {dyn_r}\n  }} else {{\n"
                f"    %q = {op_b}\n    scf.yield %q : {dyn_r}\n  }}\n"
                f"  %m = arith.addi %r, %r : {dyn_r}\n"
                f"  return %m : {dyn_r}\n}}\n")
            first = rng.random() < 0.5

            def call(tag, take_first, taken, other):
                lines = [f"  %x{n}{tag} = call {iota}() : () -> {static_x}",
                         f"  %xd{n}{tag} = tensor.cast %x{n}{tag} : {static_x} to {dyn_x}",
                         f"  %k{n}{tag} = arith.constant {'true' if take_first else 'false'}"]
                a_values, b_values = (taken, other) if take_first else \
                    (other, taken)
                more_a, args_a = self._args(case, a_values, n, tag + "a")
                more_b, args_b = self._args(case, b_values, n, tag + "b")
                lines += more_a + more_b
                args = args_a + args_b + [f"%k{n}{tag}"]
                lines.append(
                    f"  %r{n}{tag} = call @case_{n}(%xd{n}{tag}, {', '.join(args)})"
                    f"{call_attr} : ({', '.join([dyn_x] + ['index'] * (len(args) - 1) + ['i1'])}) -> {dyn_r}")
                return lines, f"%r{n}{tag}", dyn_r, slice_rank

            expected = result * 2

        if kind == "branch":
            lines, value, ttype, out_rank = call("", first, valid, bad)
        else:
            lines, value, ttype, out_rank = call("", trips, values)
        lines.insert(0, f"  // case {n}: {kind} {case.describe()}")
        lines += b._print(value, ttype, "i64", out_rank, n, known_empty=None)
        b.main.append("\n".join(lines))
        self.expected.append((f"{kind} {case.describe()}", expected))
        if error_entry and self.error is None:
            # The same function with the invalid values on the path taken.
            if kind == "branch":
                err_lines, err, err_type, err_rank = call("err", first, bad,
                                                          valid)
            else:
                err_lines, err, err_type, err_rank = call("err", 1, bad)
            # Printed, so that the failing slice is not dead code.
            err_lines += b._print(err, err_type, "i64", err_rank,
                                  f"{n}err", known_empty=None)
            op_name = ("slice.strided_update" if kind == "update" else
                       "slice.strided")
            self.error = ("\n".join(err_lines), op_name, message,
                          f"@case_{n}")

    def text(self):
        return self.builder.text()

    def error_text(self):
        """A module of its own for the error entry (the JIT's time grows
        with the code): the case's function and what it calls, and
        @error_main."""
        body, _, _, case_func = self.error
        builder = g.ModuleBuilder()
        builder.funcs = [f for f in self.builder.funcs
                         if f.startswith(f"func.func private {case_func}(")
                         or not f.startswith("func.func private @case_")]
        builder.printers = self.builder.printers
        builder.main = []
        text = builder.text().replace("func.func @main() {\n\n  return\n}\n",
                                      "")
        return text + ("\nfunc.func @error_main() {\n" + body +
                       "\n  return\n}\n")


def check_module(args, rng, index):
    """Builds one module, runs a random pass order and the pipeline,
    executes it; returns (problems, passes, whether an error entry
    stopped as it must)."""
    module = PassOrderModule()
    for _ in range(CASES_PER_MODULE):
        module.add(rng, rng.choice(["loop", "branch", "update"]),
                   error_entry=rng.random() < 0.25)
    passes = [f"--{rng.choice(PASSES)}" for _ in range(rng.randint(1, 6))]
    where = f"module {index} ({' '.join(passes)})"
    lowered = subprocess.run([args.slice_opt] + passes + ["--slice-to-llvm"],
                             input=module.text(), capture_output=True,
                             text=True)
    if lowered.returncode:
        return [f"{where}: slice-opt failed:\n{lowered.stderr[:3000]}"], \
            passes, False
    findings = check_no_wrap.find_violations(lowered.stdout)
    if findings:
        return [f"{where}: nuw on possibly negative strides:\n  " +
                "\n  ".join(findings[:10])], passes, False
    run = subprocess.run(args.run, input=lowered.stdout, capture_output=True,
                         text=True)
    if run.returncode:
        return [f"{where}: mlir-runner failed ({run.returncode}):\n"
                f"{run.stderr[:3000]}"], passes, False
    printed = g.parse_printed(run.stdout)
    problems = []
    if len(printed) != len(module.expected):
        return [f"{where}: {len(printed)} results for "
                f"{len(module.expected)} cases"], passes, False
    for (what, want), (sizes, values) in zip(module.expected, printed):
        flat = want.ravel().tolist()
        if sizes != list(want.shape) or (want.size and values != flat):
            problems.append(f"{where}: MISMATCH {what}: got {sizes} "
                            f"{values[:12]}, NumPy {list(want.shape)} "
                            f"{flat[:12]}")
    if module.error:
        _, op_name, message, _ = module.error
        errors = subprocess.run(
            [args.slice_opt] + passes + ["--slice-to-llvm"],
            input=module.error_text(), capture_output=True, text=True)
        if errors.returncode:
            return problems + [f"{where}: slice-opt failed on the error "
                               f"entry:\n{errors.stderr[:3000]}"], passes, \
                False
        failed = subprocess.run(args.run[:1] + ["-e", "error_main"] +
                                args.run[3:], input=errors.stdout,
                                capture_output=True, text=True)
        if failed.returncode == 0 or op_name not in failed.stderr or \
                message not in failed.stderr:
            problems.append(f"{where}: the invalid path taken did not stop "
                            f"with '{op_name}: ... {message}' (exit "
                            f"{failed.returncode}): {failed.stderr[:500]}")
        else:
            return problems, passes, True
    return problems, passes, False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("slice_opt")
    parser.add_argument("--runner", required=True)
    parser.add_argument("--libs", required=True)
    parser.add_argument("--count", type=int, default=250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show-passes", action="store_true")
    args = parser.parse_args()
    # -O0: the JIT's time grows with the code and no test here measures
    # speed.
    args.run = [args.runner, "-e", "main", "-entry-point-result=void",
                "-O0", f"-shared-libs={args.libs}"]
    # The sanitizer build runs the first share of the sequence.
    scale = float(os.environ.get("SLICE_DIFFERENTIAL_SCALE", "1"))
    args.count = max(1, int(args.count * scale))
    rng = random.Random(args.seed)
    problems, used, stopped = [], set(), 0
    for index in range(args.count):
        found, passes, stop = check_module(args, rng, index)
        problems += found
        used.update(passes)
        stopped += stop
        if args.show_passes:
            print(f"module {index}: {' '.join(passes)}")
    for problem in problems:
        print(problem)
    print(f"{args.count} modules ({args.count * CASES_PER_MODULE} cases, "
          f"{len(used)} distinct passes, {stopped} invalid paths taken "
          f"stopped), {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
