//===- SliceOps.td - slice dialect ops ---------------------*- tablegen -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ops of the slice dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_IR_SLICEOPS_TD
#define SLICE_IR_SLICEOPS_TD

include "Slice/IR/SliceDialect.td"
include "Slice/IR/SliceInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ValueBoundsOpInterface.td"

//===----------------------------------------------------------------------===//
// StridedOp
//===----------------------------------------------------------------------===//

def Slice_StridedOp : Slice_Op<"strided", [
    Slice_SliceSpecOpInterface,
    NoMemoryEffect,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    DeclareOpInterfaceMethods<ValueBoundsOpInterface,
        ["populateBoundsForShapedValueDim"]>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
        ["reifyResultShapes"]>
  ]> {
  let summary = "TensorFlow-style strided slice (begin, end, strides, masks)";
  let description = [{
    Extracts a strided slice of `source` exactly as `tf.strided_slice` does,
    with the values of NumPy basic indexing: entry `i` of the sparse spec is
    `begin[i]:end[i]:strides[i]`, modified by bit `i` of the masks:

    - `begin_mask` / `end_mask`: ignore `begin[i]` / `end[i]` and use the
      fullest range for the stride's sign (`0` / `dim` for a positive
      stride, `dim - 1` / "before the front" for a negative one);
    - `ellipsis_mask` (at most one bit): the entry is `...`, covering every
      input dimension the other entries do not name; without one, an
      ellipsis is implied after the last entry;
    - `new_axis_mask`: the entry inserts a unit dimension (`newaxis`) and
      consumes no input dimension;
    - `shrink_axis_mask`: the entry is the single index `begin[i]`, which
      removes the dimension; `end[i]` and the begin/end mask bits are
      ignored, the stride must be positive.

    When several bits are set on one entry, ellipsis beats new axis and new
    axis beats shrink. Negative indices count from the back once; indices
    out of range clamp like Python slices. A slice may select nothing: an
    empty result is legal.

    Each of `begin`, `end` and `strides` is a list of static values in
    `static_begin` / `static_end` / `static_strides`, where
    `ShapedType::kDynamic` marks an entry given by the next SSA value of the
    matching variadic operand group.

    The verifier works on the static entries only (a dynamic entry is
    unknown even when its value is a constant) and rejects what TensorFlow
    core rejects: a zero stride on a
    range or shrink entry, a negative stride on a shrink entry, more than one
    ellipsis bit, lists of different lengths, more range and shrink entries
    than input dimensions, a known shrink index outside `[-n, n)` of a known
    dimension; also mask bits at or beyond the spec length. The result type
    must equal the inferred one, except that any dimension may be `?`.

    Syntax: the spec is written in Python slice notation, with `newaxis` for
    a new axis; SSA values may stand in any position.

    ```mlir
    // foo[1, 2:4, None, ..., :-3:-1, :] (TensorFlow's worked example)
    %r = slice.strided %x[1, 2:4, newaxis, ..., :-3:-1, :]
        : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
    // Dynamic entries.
    %d = slice.strided %y[%b:%e:%s, ::-1] : tensor<?x8xi32> to tensor<?x8xi32>
    ```

    The op has no memory effects, but a check left to run time (a dynamic
    stride that may be 0, a shrink index or offset window that only run-time
    sizes place) stops the program when it fails. Such an op is not
    speculatable, so that no pass moves it where the program would not run
    it (out of a loop that runs zero times, say); one whose checks are all
    decided by its types and static entries is.

    With the `offset` flag (TFLite's offset mode), the end of every entry
    whose end is not masked is an extent relative to its start: the entry
    selects the `ceil(end / stride)` elements `start, start + stride, ...`
    from the begin wrapped once (or the first element for the stride's sign
    under `begin_mask`), without clamping. The window must lie inside the
    dimension: a known window that leaves it is a verifier error, an unknown
    one a run-time error. A dynamic begin with a static extent and stride
    thus keeps a static result size.

    ```mlir
    // Four elements from %i, TFLite offset mode.
    %w = slice.strided %x[%i:4] offset : tensor<16xf32> to tensor<4xf32>
    ```

    A spec that Python syntax cannot express (say, a begin value kept under
    a `begin_mask` bit) prints in the raw form, every entry as
    `begin:end:stride` followed by the non-zero masks:

    ```mlir
    %r = slice.strided %x spec[5:8:1, 0:3:1] masks[begin_mask = 1]
        : tensor<8x8xf32> to tensor<8x3xf32>
    ```
  }];

  let arguments = !con((ins AnyRankedTensor:$source), Slice_TFSpecArguments);
  let results = (outs AnyRankedTensor:$result);

  let builders = [
    // Infers the result type from the source type and the spec.
    OpBuilder<(ins "::mlir::Value":$source,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$begin,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$end,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$strides,
      CArg<"const ::mlir::slice::SliceMasks &", "{}">:$masks,
      CArg<"bool", "false">:$offset,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs)>,
    // With an explicit result type (which may be less static than inferred).
    OpBuilder<(ins "::mlir::RankedTensorType":$resultType,
      "::mlir::Value":$source,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$begin,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$end,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$strides,
      CArg<"const ::mlir::slice::SliceMasks &", "{}">:$masks,
      CArg<"bool", "false">:$offset,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs)>
  ];

  // The spec's accessors come from SliceSpecOpInterface.
  let extraClassDeclaration = [{
    ::mlir::RankedTensorType getSourceType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getSource().getType());
    }
    ::mlir::RankedTensorType getResultType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getResult().getType());
    }
    /// The interface's indexed tensor and written value.
    ::mlir::TypedValue<::mlir::RankedTensorType> getIndexed() {
      return ::llvm::cast<::mlir::TypedValue<::mlir::RankedTensorType>>(
          getSource());
    }
    ::mlir::Value getWrittenValue() { return {}; }
    ::mlir::RankedTensorType getSliceType() { return getResultType(); }

    /// The most precise result type for `sourceType` and `spec`, or
    /// std::nullopt with `error` set when the spec is invalid.
    static std::optional<::mlir::RankedTensorType>
    inferResultType(::mlir::RankedTensorType sourceType,
                    const ::mlir::slice::SparseSliceSpec &spec,
                    std::string &error) {
      return ::mlir::slice::inferSliceType(sourceType, spec, error);
    }
  }];

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// StridedUpdateOp
//===----------------------------------------------------------------------===//

def Slice_StridedUpdateOp : Slice_Op<"strided_update", [
    Slice_SliceSpecOpInterface,
    NoMemoryEffect,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    DeclareOpInterfaceMethods<ValueBoundsOpInterface,
        ["populateBoundsForShapedValueDim"]>,
    AttrSizedOperandSegments,
    AllTypesMatch<["dest", "result"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>
  ]> {
  let summary = "writes a value into the strided slice of a tensor "
                "(`y = dest.copy(); y[spec] = value`)";
  let description = [{
    The write side of `slice.strided`: the result is `dest` with the
    elements that `slice.strided %dest[spec]` selects replaced by `value`,
    NumPy's `y = dest.copy(); y[spec] = value` (TensorFlow's
    `tensor_strided_slice_update`, Paddle's `set_value`). The spec, its
    properties and its syntax are exactly `slice.strided`'s, masks and
    `offset` included; the result type is `dest`'s.

    `value` has the shape of the slice, or broadcasts to it by NumPy's
    assignment rules: aligned from the back, a value dimension of static
    size 1 is stretched to the slice's, and extra leading value dimensions
    must have size 1. A dynamic value dimension is never stretched: it must
    equal the slice's at run time. A mismatch the types show is a verifier
    error naming the dimension; one known only at run time (and every
    check `slice.strided` makes at run time) stops the program with a
    message.

    ```mlir
    // y = x.copy(); y[1:3, ::-1, None] = v
    %y = slice.strided_update %v into %x[1:3, ::-1, newaxis]
        : tensor<2x4x1xf32> into tensor<5x4xf32>
    // A scalar broadcast into every other row.
    %z = slice.strided_update %s into %x[::2] : tensor<f32> into tensor<5x4xf32>
    ```
  }];

  let arguments = !con((ins AnyRankedTensor:$value, AnyRankedTensor:$dest),
                       Slice_TFSpecArguments);
  let results = (outs AnyRankedTensor:$result);

  let builders = [
    OpBuilder<(ins "::mlir::Value":$value, "::mlir::Value":$dest,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$begin,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$end,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$strides,
      CArg<"const ::mlir::slice::SliceMasks &", "{}">:$masks,
      CArg<"bool", "false">:$offset,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs)>
  ];

  // The spec's accessors come from SliceSpecOpInterface.
  let extraClassDeclaration = [{
    ::mlir::RankedTensorType getValueType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getValue().getType());
    }
    ::mlir::RankedTensorType getDestType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getDest().getType());
    }
    /// The interface's indexed tensor and written value.
    ::mlir::TypedValue<::mlir::RankedTensorType> getIndexed() {
      return ::llvm::cast<::mlir::TypedValue<::mlir::RankedTensorType>>(
          getDest());
    }
    ::mlir::Value getWrittenValue() { return getValue(); }
    ::mlir::RankedTensorType getSliceType() {
      std::string error;
      return inferSliceType(error).value_or(::mlir::RankedTensorType());
    }
  }];

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// StridedAxesOp
//===----------------------------------------------------------------------===//

def Slice_StridedAxesOp : Slice_Op<"strided_axes", [
    Slice_SliceAxesSpecOpInterface,
    NoMemoryEffect,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    DeclareOpInterfaceMethods<ValueBoundsOpInterface,
        ["populateBoundsForShapedValueDim"]>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>
  ]> {
  let summary = "Paddle / ONNX strided slice (axes, starts, ends, strides)";
  let description = [{
    Slices `source` along the dimensions named by `axes`, as Paddle's
    `strided_slice(x, axes, starts, ends, strides)` and ONNX `Slice` do,
    with the values of NumPy slicing: entry `i` slices dimension `axes[i]`
    with `starts[i]:ends[i]:strides[i]` (Python clamping for either stride
    sign: past the end clamps to the end, below the front to the front);
    dimensions no entry names are kept whole. A negative axis counts from
    the back.

    The verifier rejects lists of different lengths, an axis outside
    `[-rank, rank)`, an axis that names a dimension twice and a zero
    stride, naming the entry. The result type is inferred like
    `slice.strided`'s (any dimension may be `?`).

    `starts`, `ends` and `strides` are static lists (`static_starts`, ...)
    where `ShapedType::kDynamic` marks an entry given by the next SSA value
    of the matching operand group; `axes` is always static.

    `axes` and `strides` are optional, as importers write them: without
    `axes`, entry `i` slices dimension `i` (`[0, 1, ..., n - 1]` for `n`
    entries, Paddle's and ONNX's default); without `static_strides` (and
    then without stride operands), every stride is 1 (ONNX's `steps`).
    The custom syntax leaves out what equals the default.

    Canonicalization rewrites the op into the `slice.strided` that means
    the same.

    ```mlir
    // paddle.strided_slice(x, axes=[0, 2], starts=[1, -1], ends=[3, 0],
    //                      strides=[1, -1]) on a 3x4x5 tensor.
    %r = slice.strided_axes %x axes [0, 2] starts [1, -1] ends [3, 0]
        strides [1, -1] : tensor<3x4x5xf32> to tensor<2x4x4xf32>
    // ONNX Slice(x, starts=[1], ends=[3]): axes [0], steps [1].
    %s = slice.strided_axes %x starts [1] ends [3]
        : tensor<3x4x5xf32> to tensor<2x4x5xf32>
    ```
  }];

  let arguments = !con((ins AnyRankedTensor:$source), Slice_AxesSpecArguments);
  let results = (outs AnyRankedTensor:$result);

  let builders = [
    // Infers the result type from the source type and the spec. Without
    // `axes` or `strides` (std::nullopt), the op has the defaults.
    OpBuilder<(ins "::mlir::Value":$source,
      "std::optional<::llvm::ArrayRef<int64_t>>":$axes,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$starts,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$ends,
      "std::optional<::llvm::ArrayRef<::mlir::OpFoldResult>>":$strides,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs)>
  ];

  // The spec's accessors come from SliceAxesSpecOpInterface.
  let extraClassDeclaration = [{
    ::mlir::RankedTensorType getSourceType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getSource().getType());
    }
    ::mlir::RankedTensorType getResultType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getResult().getType());
    }
    /// The interface's indexed tensor and written value.
    ::mlir::TypedValue<::mlir::RankedTensorType> getIndexed() {
      return ::llvm::cast<::mlir::TypedValue<::mlir::RankedTensorType>>(
          getSource());
    }
    ::mlir::Value getWrittenValue() { return {}; }
  }];

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// StridedAxesUpdateOp
//===----------------------------------------------------------------------===//

def Slice_StridedAxesUpdateOp : Slice_Op<"strided_axes_update", [
    Slice_SliceAxesSpecOpInterface,
    NoMemoryEffect,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    DeclareOpInterfaceMethods<ValueBoundsOpInterface,
        ["populateBoundsForShapedValueDim"]>,
    AttrSizedOperandSegments,
    AllTypesMatch<["dest", "result"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>
  ]> {
  let summary = "writes a value into an axes-encoded strided slice of a tensor "
                "(Paddle `set_value`, PyTorch `slice_scatter`)";
  let description = [{
    The write side of `slice.strided_axes`: the result is `dest` with the
    elements that `slice.strided_axes %dest axes ... starts ... ends ...
    strides ...` selects replaced by `value`, as Paddle's `set_value` and
    ONNX-style `ScatterSlice` write them; PyTorch's `slice_scatter(dest,
    value, dim, start, end, step)` is its one-axis case. `value` fits the
    slice by `slice.strided_update`'s broadcasting rules (a static size 1
    stretches, a dynamic size must match at run time); the result type is
    `dest`'s.

    The verifier checks the axes as `slice.strided_axes` does and the value
    as `slice.strided_update` does, naming the entry or the dimension.
    `axes` and `strides` are optional, with `slice.strided_axes`'s
    defaults.
    Canonicalization (and `--slice-normalize`) rewrites the op into the
    `slice.strided_update` that means the same.

    ```mlir
    // paddle set_value: x[:, 1:3] = v on a 4x5 tensor.
    %y = slice.strided_axes_update %v into %x axes [1] starts [1] ends [3]
        strides [1] : tensor<4x2xf32> into tensor<4x5xf32>
    ```
  }];

  let arguments = !con((ins AnyRankedTensor:$value, AnyRankedTensor:$dest),
                       Slice_AxesSpecArguments);
  let results = (outs AnyRankedTensor:$result);

  let builders = [
    // Without `axes` or `strides` (std::nullopt), the defaults.
    OpBuilder<(ins "::mlir::Value":$value, "::mlir::Value":$dest,
      "std::optional<::llvm::ArrayRef<int64_t>>":$axes,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$starts,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$ends,
      "std::optional<::llvm::ArrayRef<::mlir::OpFoldResult>>":$strides,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs)>
  ];

  // The spec's accessors come from SliceAxesSpecOpInterface.
  let extraClassDeclaration = [{
    ::mlir::RankedTensorType getValueType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getValue().getType());
    }
    ::mlir::RankedTensorType getDestType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getDest().getType());
    }
    /// The interface's indexed tensor and written value.
    ::mlir::TypedValue<::mlir::RankedTensorType> getIndexed() {
      return ::llvm::cast<::mlir::TypedValue<::mlir::RankedTensorType>>(
          getDest());
    }
    ::mlir::Value getWrittenValue() { return getValue(); }
  }];

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

#endif // SLICE_IR_SLICEOPS_TD
