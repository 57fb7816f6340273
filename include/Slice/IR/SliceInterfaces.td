//===- SliceInterfaces.td - The spec the slice ops share ---*- tablegen -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A slice and its update hold one spec under the same names, as upstream's
// ops with offsets, sizes and strides do (OffsetSizeAndStrideOpInterface):
// the arguments are defined once here, and what is derived from them (the
// mixed entries, the masks, the spec the semantics library resolves) is
// written once, against the interface, for the verifiers, folds, syntax,
// normal form and C API.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_IR_SLICEINTERFACES_TD
#define SLICE_IR_SLICEINTERFACES_TD

include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Shared arguments
//===----------------------------------------------------------------------===//

/// The TensorFlow spec of slice.strided and slice.strided_update, after
/// their tensor operands.
defvar Slice_TFSpecArguments = (ins
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
  DefaultValuedAttr<I64Attr, "0">:$shrink_axis_mask,
  UnitAttr:$offset
);

/// The axes spec of slice.strided_axes and slice.strided_axes_update,
/// after their tensor operands.
defvar Slice_AxesSpecArguments = (ins
  Variadic<Index>:$starts,
  Variadic<Index>:$ends,
  Variadic<Index>:$strides,
  OptionalAttr<DenseI64ArrayAttr>:$axes,
  DenseI64ArrayAttr:$static_starts,
  DenseI64ArrayAttr:$static_ends,
  OptionalAttr<DenseI64ArrayAttr>:$static_strides
);

//===----------------------------------------------------------------------===//
// SliceSpecOpInterface
//===----------------------------------------------------------------------===//

def Slice_SliceSpecOpInterface : OpInterface<"SliceSpecOpInterface"> {
  let cppNamespace = "::mlir::slice";
  let description = [{
    An op that indexes a tensor with a TensorFlow strided-slice spec
    (`Slice_TFSpecArguments`): slice.strided reads the elements, and
    slice.strided_update writes them. The interface gives the spec as the
    semantics library takes it and resolves it on the indexed tensor.
  }];
  let methods = [
    InterfaceMethod<"The tensor the spec indexes: a slice's source, an "
      "update's dest.", "::mlir::TypedValue<::mlir::RankedTensorType>",
      "getIndexed">,
    InterfaceMethod<"The value an update writes; null for a slice.",
      "::mlir::Value", "getWrittenValue">,
    InterfaceMethod<"The type of the slice: a slice's result type, the "
      "inferred type of the part of `dest` an update writes (null when the "
      "spec is invalid).", "::mlir::RankedTensorType", "getSliceType">,
    // The accessors ODS generates for Slice_TFSpecArguments.
    InterfaceMethod<"", "::mlir::OperandRange", "getBegin">,
    InterfaceMethod<"", "::mlir::OperandRange", "getEnd">,
    InterfaceMethod<"", "::mlir::OperandRange", "getStrides">,
    InterfaceMethod<"", "::llvm::ArrayRef<int64_t>", "getStaticBegin">,
    InterfaceMethod<"", "::llvm::ArrayRef<int64_t>", "getStaticEnd">,
    InterfaceMethod<"", "::llvm::ArrayRef<int64_t>", "getStaticStrides">,
    InterfaceMethod<"", "uint64_t", "getBeginMask">,
    InterfaceMethod<"", "uint64_t", "getEndMask">,
    InterfaceMethod<"", "uint64_t", "getEllipsisMask">,
    InterfaceMethod<"", "uint64_t", "getNewAxisMask">,
    InterfaceMethod<"", "uint64_t", "getShrinkAxisMask">,
    InterfaceMethod<"", "bool", "getOffset">,

    InterfaceMethod<"The type of the indexed tensor.",
      "::mlir::RankedTensorType", "getIndexedType", (ins), [{}], [{
        return $_op.getIndexed().getType();
      }]>,
    InterfaceMethod<"The number of entries of the sparse spec.",
      "unsigned", "getNumEntries", (ins), [{}], [{
        return $_op.getStaticBegin().size();
      }]>,
    InterfaceMethod<"Static and dynamic begins merged, in spec order.",
      "::llvm::SmallVector<::mlir::OpFoldResult>", "getMixedBegin", (ins),
      [{}], [{
        return ::mlir::getMixedValues($_op.getStaticBegin(), $_op.getBegin(),
                                      $_op.getContext());
      }]>,
    InterfaceMethod<"Static and dynamic ends merged, in spec order.",
      "::llvm::SmallVector<::mlir::OpFoldResult>", "getMixedEnd", (ins),
      [{}], [{
        return ::mlir::getMixedValues($_op.getStaticEnd(), $_op.getEnd(),
                                      $_op.getContext());
      }]>,
    InterfaceMethod<"Static and dynamic strides merged, in spec order.",
      "::llvm::SmallVector<::mlir::OpFoldResult>", "getMixedStrides", (ins),
      [{}], [{
        return ::mlir::getMixedValues($_op.getStaticStrides(),
                                      $_op.getStrides(), $_op.getContext());
      }]>,
    InterfaceMethod<"The five masks.", "::mlir::slice::SliceMasks",
      "getMasks", (ins), [{}], [{
        ::mlir::slice::SliceMasks masks;
        masks.begin = $_op.getBeginMask();
        masks.end = $_op.getEndMask();
        masks.ellipsis = $_op.getEllipsisMask();
        masks.newAxis = $_op.getNewAxisMask();
        masks.shrinkAxis = $_op.getShrinkAxisMask();
        return masks;
      }]>,
    InterfaceMethod<[{
        The spec as the op's static lists state it: dynamic entries are
        unknown, even when their SSA value is a constant (verification must
        not depend on producers).
      }], "::mlir::slice::SparseSliceSpec", "getSparseSpec", (ins), [{}], [{
        return ::mlir::slice::detail::getSparseSpec(
            $_op.getStaticBegin(), $_op.getStaticEnd(),
            $_op.getStaticStrides(), $_op.getMasks(), $_op.getOffset());
      }]>,
    InterfaceMethod<[{
        Resolves the spec on the indexed tensor's type through the
        semantics library; std::nullopt with `error` set when the spec is
        invalid there.
      }], "std::optional<::mlir::slice::ResolvedSlice>", "resolve",
      (ins "std::string &":$error), [{}], [{
        return ::mlir::slice::resolveStridedSlice(
            $_op.getSparseSpec(),
            ::mlir::slice::toMaybeInts($_op.getIndexedType().getShape()),
            error);
      }]>,
    InterfaceMethod<[{
        The type of the slice of the indexed tensor (a slice's inferred
        result type, the part of `dest` an update writes), or std::nullopt
        with `error` set when the spec is invalid.
      }], "std::optional<::mlir::RankedTensorType>", "inferSliceType",
      (ins "std::string &":$error), [{}], [{
        return ::mlir::slice::inferSliceType($_op.getIndexedType(),
                                             $_op.getSparseSpec(), error);
      }]>,
    InterfaceMethod<[{
        Whether the spec is in the normal form the lowerings consume (see
        docs/normal-form.md) with nothing left to check at run time: offset
        mode; no ellipsis, begin or end mask bits; one entry per input
        dimension plus one per new axis; every window and shrink index
        provably inside its dimension; empty ranges 0:0:1, single elements
        with stride 1, new axes 0:0:1, shrink strides 1.
      }], "bool", "isNormalForm", (ins), [{}], [{
        return ::mlir::slice::detail::isNormalForm($_op);
      }]>,
    InterfaceMethod<[{
        Whether `other` holds the same spec: the same static lists, masks
        and mode, and the same SSA values for the dynamic entries. On the
        same shape the two select the same elements.
      }], "bool", "hasSameSpecAs",
      (ins "::mlir::slice::SliceSpecOpInterface":$other), [{}], [{
        return $_op.getStaticBegin() == other.getStaticBegin() &&
               $_op.getStaticEnd() == other.getStaticEnd() &&
               $_op.getStaticStrides() == other.getStaticStrides() &&
               $_op.getMasks() == other.getMasks() &&
               $_op.getOffset() == other.getOffset() &&
               ::llvm::equal($_op.getBegin(), other.getBegin()) &&
               ::llvm::equal($_op.getEnd(), other.getEnd()) &&
               ::llvm::equal($_op.getStrides(), other.getStrides());
      }]>,
  ];
  let verify = [{
    return ::mlir::slice::detail::verifySliceSpecOp($_op);
  }];
}

//===----------------------------------------------------------------------===//
// SliceAxesSpecOpInterface
//===----------------------------------------------------------------------===//

def Slice_SliceAxesSpecOpInterface : OpInterface<"SliceAxesSpecOpInterface"> {
  let cppNamespace = "::mlir::slice";
  let description = [{
    An op that indexes a tensor with Paddle's and ONNX's axes encoding
    (`Slice_AxesSpecArguments`): slice.strided_axes reads the elements, and
    slice.strided_axes_update writes them. `axes` and `strides` are
    optional, with the defaults `[0, 1, ..., n - 1]` and all 1.
  }];
  let methods = [
    InterfaceMethod<"The tensor the spec indexes: a slice's source, an "
      "update's dest.", "::mlir::TypedValue<::mlir::RankedTensorType>",
      "getIndexed">,
    InterfaceMethod<"The value an update writes; null for a slice.",
      "::mlir::Value", "getWrittenValue">,
    // The accessors ODS generates for Slice_AxesSpecArguments.
    InterfaceMethod<"", "::mlir::OperandRange", "getStarts">,
    InterfaceMethod<"", "::mlir::OperandRange", "getEnds">,
    InterfaceMethod<"", "::mlir::OperandRange", "getStrides">,
    InterfaceMethod<"", "std::optional<::llvm::ArrayRef<int64_t>>",
      "getAxes">,
    InterfaceMethod<"", "::llvm::ArrayRef<int64_t>", "getStaticStarts">,
    InterfaceMethod<"", "::llvm::ArrayRef<int64_t>", "getStaticEnds">,
    InterfaceMethod<"", "std::optional<::llvm::ArrayRef<int64_t>>",
      "getStaticStrides">,

    InterfaceMethod<"The type of the indexed tensor.",
      "::mlir::RankedTensorType", "getIndexedType", (ins), [{}], [{
        return $_op.getIndexed().getType();
      }]>,
    InterfaceMethod<"The number of entries (of `static_starts`).",
      "unsigned", "getNumEntries", (ins), [{}], [{
        return $_op.getStaticStarts().size();
      }]>,
    InterfaceMethod<"The axes, or the default `[0, 1, ..., n - 1]`.",
      "::llvm::SmallVector<int64_t>", "getEffectiveAxes", (ins), [{}], [{
        if (std::optional<::llvm::ArrayRef<int64_t>> axes = $_op.getAxes())
          return ::llvm::to_vector(*axes);
        return ::llvm::to_vector(::llvm::seq<int64_t>(0, $_op.getNumEntries()));
      }]>,
    InterfaceMethod<"The static strides, or all 1 when the op has none.",
      "::llvm::SmallVector<int64_t>", "getEffectiveStaticStrides", (ins),
      [{}], [{
        if (std::optional<::llvm::ArrayRef<int64_t>> strides =
                $_op.getStaticStrides())
          return ::llvm::to_vector(*strides);
        return ::llvm::SmallVector<int64_t>($_op.getNumEntries(), 1);
      }]>,
    InterfaceMethod<"Static and dynamic starts merged, in entry order.",
      "::llvm::SmallVector<::mlir::OpFoldResult>", "getMixedStarts", (ins),
      [{}], [{
        return ::mlir::getMixedValues($_op.getStaticStarts(),
                                      $_op.getStarts(), $_op.getContext());
      }]>,
    InterfaceMethod<"Static and dynamic ends merged, in entry order.",
      "::llvm::SmallVector<::mlir::OpFoldResult>", "getMixedEnds", (ins),
      [{}], [{
        return ::mlir::getMixedValues($_op.getStaticEnds(), $_op.getEnds(),
                                      $_op.getContext());
      }]>,
    InterfaceMethod<"Static and dynamic strides merged, in entry order "
      "(all 1 when the op has none).",
      "::llvm::SmallVector<::mlir::OpFoldResult>", "getMixedStrides", (ins),
      [{}], [{
        return ::mlir::getMixedValues($_op.getEffectiveStaticStrides(),
                                      $_op.getStrides(), $_op.getContext());
      }]>,
    InterfaceMethod<[{
        The equivalent TF sparse spec of the static entries (dynamic ones
        unknown) on the indexed tensor's rank, through the semantics
        library; std::nullopt with `error` set when the axes are invalid.
      }], "std::optional<::mlir::slice::SparseSliceSpec>", "getSparseSpec",
      (ins "std::string &":$error), [{}], [{
        return ::mlir::slice::buildAxesSpec(
            $_op.getEffectiveAxes(),
            ::mlir::slice::toMaybeInts($_op.getStaticStarts()),
            ::mlir::slice::toMaybeInts($_op.getStaticEnds()),
            ::mlir::slice::toMaybeInts($_op.getEffectiveStaticStrides()),
            $_op.getIndexedType().getRank(), error);
      }]>,
    InterfaceMethod<[{
        The slice.strided spec the op means (what canonicalization builds),
        its mixed values carried over entry by entry; std::nullopt for an
        invalid op.
      }], "std::optional<::mlir::slice::MixedSliceSpec>",
      "getEquivalentStridedSpec", (ins), [{}], [{
        return ::mlir::slice::detail::getEquivalentStridedSpec($_op);
      }]>,
  ];
  let verify = [{
    return ::mlir::slice::detail::verifySliceAxesSpecOp($_op);
  }];
}

#endif // SLICE_IR_SLICEINTERFACES_TD
