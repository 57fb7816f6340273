#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes test/Integration/CPU/copy-loops.mlir: the run loops of
--slice-lower-copies executed on views big enough for every loop (unrolled
vectors, single vectors, scalar tails, memcpy runs, alignment peeling of
non-temporal stores), for each element type's vector width.

Every case copies a strided view of an iota buffer into a dense buffer
filled with a sentinel, then counts the elements that differ from the
view's, read one by one through upstream's own memref.load lowering: the
test prints 0 for each case, and anything else is a miscompiled copy. Each
case runs with the view's layout known statically (copied in place) and
with every size, stride and offset a run-time value (copied in a no_inline
function). The file runs four times: as compiled by default, with
nontemporal-bytes=0 (every copy takes the non-temporal path), and with
parallel-bytes=0 (every copy on OpenMP threads, rows or 1 MiB chunks of one
run spread over them), with and without non-temporal stores.

Regenerate (test/Integration/generated.test fails while it is stale):
    /usr/bin/python3 test/Integration/gen_copy_tests.py [OUT_DIR]
OUT_DIR defaults to test/Integration/CPU.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# Rows long enough for the non-temporal main loop, which moves 4 pages
# (16 KiB) at a time.
ROWS, COLS = 8, 20000

# name, offsets, sizes, strides (a subview of the ROWS x COLS source)
VIEWS = [
    ("rows_reversed", (ROWS - 1, 0), (ROWS, COLS), (-1, 1)),     # memcpy runs
    ("inner_reversed", (0, COLS - 1), (ROWS, COLS), (1, -1)),    # shuffles
    ("both_reversed", (ROWS - 1, COLS - 1), (ROWS, COLS), (-1, -1)),  # one run
    ("row_block", (2, 0), (5, COLS), (1, 1)),                    # contiguous
    ("columns_odd", (1, 3), (ROWS - 2, 61), (1, 1)),             # short runs
    ("stride_7", (0, 3), (ROWS, 2857), (1, 7)),                  # gathered
    ("stride_minus_3", (2, COLS - 2), (ROWS - 2, 6666), (1, -3)),
    ("stride_2_rows_3", (1, 1), (3, 9999), (3, 2)),
    # Whole vectors loaded and shuffled (strides 2 to 8): the last element
    # of this one is the source's last, which no load may read past.
    ("stride_3_at_end", (0, COLS - 1 - 3 * 6665), (ROWS, 6666), (1, 3)),
    ("stride_4", (0, 1), (ROWS, 4999), (1, 4)),
    ("stride_8_rows_2", (1, 6), (3, 2499), (2, 8)),
]

# element type, MLIR conversion from the i64 iota, comparison
TYPES = [
    ("f32", "arith.sitofp {v} : i64 to f32", "arith.cmpf une"),
    ("f64", "arith.sitofp {v} : i64 to f64", "arith.cmpf une"),
    ("i8", "arith.trunci {v} : i64 to i8", "arith.cmpi ne"),
    ("i16", "arith.trunci {v} : i64 to i16", "arith.cmpi ne"),
    ("i1", "arith.trunci {v} : i64 to i1", "arith.cmpi ne"),
]

DYN2 = "strided<[?, ?], offset: ?>"


def layout(offsets, strides):
    offset = offsets[0] * COLS + offsets[1]
    return (f"strided<[{strides[0] * COLS}, {strides[1]}], offset: {offset}>")


def helpers(t, convert, compare):
    sentinel = convert.format(v="%minus1")
    return f"""
func.func @fill_{t}(%m: memref<{ROWS}x{COLS}x{t}>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant {ROWS} : index
  %cols = arith.constant {COLS} : index
  scf.for %i = %c0 to %rows step %c1 {{
    scf.for %j = %c0 to %cols step %c1 {{
      %row = arith.muli %i, %cols : index
      %flat = arith.addi %row, %j : index
      %v = arith.index_cast %flat : index to i64
      %e = {convert.format(v="%v")}
      memref.store %e, %m[%i, %j] : memref<{ROWS}x{COLS}x{t}>
    }}
  }}
  return
}}

func.func @sentinel_{t}(%m: memref<?x?x{t}>) {{
  %minus1 = arith.constant -1 : i64
  %e = {sentinel}
  linalg.fill ins(%e : {t}) outs(%m : memref<?x?x{t}>)
  return
}}

func.func @copy_{t}(%v: memref<?x?x{t}, {DYN2}>, %d: memref<?x?x{t}>) {{
  memref.copy %v, %d : memref<?x?x{t}, {DYN2}> to memref<?x?x{t}>
  return
}}

func.func @mismatches_{t}(%v: memref<?x?x{t}, {DYN2}>, %d: memref<?x?x{t}>) -> index {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n0 = memref.dim %v, %c0 : memref<?x?x{t}, {DYN2}>
  %n1 = memref.dim %v, %c1 : memref<?x?x{t}, {DYN2}>
  %count = scf.for %i = %c0 to %n0 step %c1 iter_args(%acc = %c0) -> index {{
    %row = scf.for %j = %c0 to %n1 step %c1 iter_args(%a = %acc) -> index {{
      %x = memref.load %v[%i, %j] : memref<?x?x{t}, {DYN2}>
      %y = memref.load %d[%i, %j] : memref<?x?x{t}>
      %ne = {compare}, %x, %y : {t}
      %one = arith.select %ne, %c1, %c0 : index
      %next = arith.addi %a, %one : index
      scf.yield %next : index
    }}
    scf.yield %row : index
  }}
  return %count : index
}}
"""


def case(t, name, offsets, sizes, strides, checks):
    ty = f"memref<{sizes[0]}x{sizes[1]}x{t}, {layout(offsets, strides)}>"
    dense = f"memref<{sizes[0]}x{sizes[1]}x{t}>"
    v, d = f"%{name}_{t}", f"%{name}_{t}_dst"
    checks.append(f"// CHECK: {name} {t} static: 0")
    checks.append(f"// CHECK-NEXT: {name} {t} dynamic: 0")
    return f"""
  // {name} ({t}): x[{offsets[0]}::{strides[0]}][:{sizes[0]}], [{offsets[1]}::{strides[1]}][:{sizes[1]}]
  {v} = memref.subview %src_{t}[{offsets[0]}, {offsets[1]}] [{sizes[0]}, {sizes[1]}] [{strides[0]}, {strides[1]}] : memref<{ROWS}x{COLS}x{t}> to {ty}
  {v}_any = memref.cast {v} : {ty} to memref<?x?x{t}, {DYN2}>
  {d} = memref.alloc() : {dense}
  {d}_any = memref.cast {d} : {dense} to memref<?x?x{t}>
  call @sentinel_{t}({d}_any) : (memref<?x?x{t}>) -> ()
  memref.copy {v}, {d} : {ty} to {dense}
  {v}_static = call @mismatches_{t}({v}_any, {d}_any) {{no_inline}} : (memref<?x?x{t}, {DYN2}>, memref<?x?x{t}>) -> index
  vector.print str "{name} {t} static: "
  vector.print {v}_static : index
  call @sentinel_{t}({d}_any) : (memref<?x?x{t}>) -> ()
  call @copy_{t}({v}_any, {d}_any) {{no_inline}} : (memref<?x?x{t}, {DYN2}>, memref<?x?x{t}>) -> ()
  {v}_dynamic = call @mismatches_{t}({v}_any, {d}_any) {{no_inline}} : (memref<?x?x{t}, {DYN2}>, memref<?x?x{t}>) -> index
  vector.print str "{name} {t} dynamic: "
  vector.print {v}_dynamic : index
  memref.dealloc {d} : {dense}
"""


def main():
    checks, body, funcs = [], [], []
    for t, convert, compare in TYPES:
        funcs.append(helpers(t, convert, compare))
        body.append(f"  %src_{t} = memref.alloc() : memref<{ROWS}x{COLS}x{t}>")
        body.append(f"  call @fill_{t}(%src_{t}) : (memref<{ROWS}x{COLS}x{t}>) -> ()")
        for name, offsets, sizes, strides in VIEWS:
            body.append(case(t, name, offsets, sizes, strides, checks))
        body.append(f"  memref.dealloc %src_{t} : memref<{ROWS}x{COLS}x{t}>")
    header = """// GENERATED by test/Integration/gen_copy_tests.py; do not edit.
//
// The run loops of --slice-lower-copies, executed (and, in the last RUN,
// the GPU kernel loops of --slice-copies-to-gpu run on the CPU): each case
// prints how many elements of the copied view differ from the view read
// element by element (upstream's memref.load lowering); 0 is right.
//
// RUN: slice-opt %s --slice-to-llvm=deallocate=false | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm="deallocate=false nontemporal-bytes=0" | %mlir_run | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm="deallocate=false parallel-bytes=0" | env OMP_NUM_THREADS=2 %mlir_run_omp | FileCheck %s
// RUN: slice-opt %s --slice-to-llvm="deallocate=false parallel-bytes=0 nontemporal-bytes=0" | env OMP_NUM_THREADS=3 %mlir_run_omp | FileCheck %s
// RUN: slice-opt %s %gpu_loops_on_cpu_buffers | %mlir_run | FileCheck %s
"""
    text = header + "\n".join(checks) + "\n" + "".join(funcs) + \
        "\nfunc.func @main() {\n" + "\n".join(body) + "  return\n}\n"
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "CPU")
    with open(os.path.join(out, "copy-loops.mlir"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
