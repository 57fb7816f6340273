// RUN: slice-opt %s -split-input-file -verify-diagnostics --slice-assert-to-stderr

// A user symbol named like one of the assert lowering's helpers, with
// another type, is reported rather than redefined.
// expected-error @+1 {{conflicts with the assert lowering's @write}}
func.func private @write(i32) -> ()

func.func @check(%ok: i1) {
  cf.assert %ok, "message"
  return
}

// -----

// A declaration with the helper's own type is reused.
llvm.func @write(i32, !llvm.ptr, i64) -> i64

func.func @check(%ok: i1) {
  cf.assert %ok, "message"
  return
}
