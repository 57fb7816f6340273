//===- SliceOps.td - slice dialect ops ---------------------*- tablegen -*-===//
//
// The ops of the slice dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_IR_SLICEOPS_TD
#define SLICE_IR_SLICEOPS_TD

include "Slice/IR/SliceDialect.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// StridedOp
//===----------------------------------------------------------------------===//

def Slice_StridedOp : Slice_Op<"strided", [
    Pure,
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
    %s = slice.strided %y[%b : %e : %s, ::-1] : tensor<?x8xi32> to tensor<?x8xi32>
    ```

    A spec that Python syntax cannot express (say, a begin value kept under
    a `begin_mask` bit) prints in the raw form, every entry as
    `begin:end:stride` followed by the non-zero masks:

    ```mlir
    %r = slice.strided %x spec[5:8:1, 0:3:1] masks[begin_mask = 1]
        : tensor<8x8xf32> to tensor<8x3xf32>
    ```
  }];

  let arguments = (ins
    AnyRankedTensor:$source,
    Variadic<Index>:$begin,
    Variadic<Index>:$end,
    Variadic<Index>:$strides,
    DenseI64ArrayAttr:$static_begin,
    DenseI64ArrayAttr:$static_end,
    DenseI64ArrayAttr:$static_strides,
    DefaultValuedAttr<I64Attr, "0">:$begin_mask,
    DefaultValuedAttr<I64Attr, "0">:$end_mask,
    DefaultValuedAttr<I64Attr, "0">:$ellipsis_mask,
    DefaultValuedAttr<I64Attr, "0">:$new_axis_mask,
    DefaultValuedAttr<I64Attr, "0">:$shrink_axis_mask
  );
  let results = (outs AnyRankedTensor:$result);

  let builders = [
    // Infers the result type from the source type and the spec.
    OpBuilder<(ins "::mlir::Value":$source,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$begin,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$end,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$strides,
      CArg<"const ::mlir::slice::SliceMasks &", "{}">:$masks,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs)>,
    // With an explicit result type (which may be less static than inferred).
    OpBuilder<(ins "::mlir::RankedTensorType":$resultType,
      "::mlir::Value":$source,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$begin,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$end,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$strides,
      CArg<"const ::mlir::slice::SliceMasks &", "{}">:$masks,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs)>
  ];

  let extraClassDeclaration = [{
    /// The source and result types.
    ::mlir::RankedTensorType getSourceType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getSource().getType());
    }
    ::mlir::RankedTensorType getResultType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getResult().getType());
    }

    /// The number of entries of the sparse spec.
    unsigned getNumEntries() { return getStaticBegin().size(); }

    /// Static and dynamic entries merged, in spec order.
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedBegin();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedEnd();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedStrides();

    /// The five masks.
    ::mlir::slice::SliceMasks getMasks();

    /// The spec as the op's static lists state it: dynamic entries are
    /// unknown, even when their SSA value is a constant (verification must
    /// not depend on producers).
    ::mlir::slice::SparseSliceSpec getSparseSpec();

    /// Resolves the spec against the source type through the semantics
    /// library; std::nullopt with `error` set when the spec is invalid.
    std::optional<::mlir::slice::ResolvedSlice> resolve(std::string &error);

    /// The most precise result type for `sourceType` and `spec`, or
    /// std::nullopt with `error` set when the spec is invalid.
    static std::optional<::mlir::RankedTensorType>
    inferResultType(::mlir::RankedTensorType sourceType,
                    const ::mlir::slice::SparseSliceSpec &spec,
                    std::string &error);
  }];

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // SLICE_IR_SLICEOPS_TD
