//===- SliceOpsSyntax.cpp - Custom assembly of the slice ops --------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// slice.strided prints its spec in Python slice notation:
//
//   %r = slice.strided %x[1, 2:4, newaxis, ..., :-3:-1, :]
//       : tensor<5x5x5x5x5x5xf32> to tensor<2x1x5x5x2x5xf32>
//
// Each entry is `...` (ellipsis_mask), `newaxis` (new_axis_mask), a single
// index (shrink_axis_mask) or `begin:end:stride` with omitted parts meaning a
// begin_mask / end_mask bit or a stride of 1. Any position may be an SSA
// value of type index. The encodings the parser picks are TensorFlow's
// (`1` is begin 1, end 2, stride 1; `...` and `newaxis` are 0:0:1).
//
// The `offset` keyword after the spec sets TFLite's offset mode.
//
// A spec that this notation cannot express exactly (a value kept under a
// mask bit, several bits on one entry, a shrink entry with its own end or
// stride) prints in the raw form, so that every op round-trips:
//
//   %r = slice.strided %x spec[5:8:1, 0:3:1] masks[begin_mask = 1] : ...
//
// The axes encoding prints its lists, leaving out `axes` and `strides`
// when they are absent or equal to their defaults ([0, 1, ..., n - 1] and
// all 1):
//
//   %s = slice.strided_axes %x axes [2] starts [1] ends [3] strides [%s]
//       : tensor<3x4x5xf32> to tensor<3x4x?xf32>
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <limits>

using namespace mlir;
using namespace mlir::slice;

namespace {
/// One position of a parsed entry: a static integer or an SSA value.
struct ParsedIndex {
  int64_t value = 0;
  std::optional<OpAsmParser::UnresolvedOperand> operand;
  /// Where the integer was written (for INT64_MIN, which needs the types).
  SMLoc loc;
};

/// The parsed spec, accumulated entry by entry.
struct ParsedSpec {
  SmallVector<int64_t> staticBegin, staticEnd, staticStrides;
  SmallVector<OpAsmParser::UnresolvedOperand> begin, end, strides;
  SliceMasks masks;
  /// Static INT64_MIN literals: which list (0 begin, 1 end, 2 strides),
  /// which entry, and where. They become static once the source type is
  /// known (resolveMinLiterals).
  struct MinLiteral {
    unsigned list, entry;
    SMLoc loc;
  };
  SmallVector<MinLiteral> minLiterals;

  void add(const ParsedIndex &index, unsigned list,
           SmallVectorImpl<int64_t> &statics,
           SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamics) {
    if (index.operand) {
      statics.push_back(ShapedType::kDynamic);
      dynamics.push_back(*index.operand);
      return;
    }
    if (ShapedType::isDynamic(index.value))
      minLiterals.push_back({list, unsigned(statics.size()), index.loc});
    statics.push_back(index.value);
  }

  void addEntry(const ParsedIndex &b, const ParsedIndex &e,
                const ParsedIndex &s) {
    add(b, 0, staticBegin, begin);
    add(e, 1, staticEnd, end);
    add(s, 2, staticStrides, strides);
  }
};
} // namespace

/// INT64_MIN cannot be a static entry (it marks dynamic ones): a literal
/// begin or end of INT64_MIN (ONNX's "to the front") becomes the static
/// value, or the end mask bit, that selects the same elements on
/// `sourceType` (the semantics library's replaceMinIndices). Anything else
/// written as INT64_MIN is an error: it must be an SSA value.
static ParseResult resolveMinLiterals(OpAsmParser &parser, ParsedSpec &spec,
                                      RankedTensorType sourceType,
                                      bool offset) {
  if (spec.minLiterals.empty())
    return success();
  auto known = [](ArrayRef<int64_t> statics, unsigned list,
                  ArrayRef<ParsedSpec::MinLiteral> literals) {
    SmallVector<MaybeInt> values;
    for (auto [index, value] : llvm::enumerate(statics)) {
      size_t entry = index;
      bool literal = llvm::any_of(literals, [&](const auto &min) {
        return min.list == list && min.entry == entry;
      });
      values.push_back(ShapedType::isDynamic(value) && !literal
                           ? MaybeInt()
                           : MaybeInt(value));
    }
    return values;
  };
  SparseSliceSpec sparse;
  sparse.begin = known(spec.staticBegin, 0, spec.minLiterals);
  sparse.end = known(spec.staticEnd, 1, spec.minLiterals);
  sparse.strides = known(spec.staticStrides, 2, spec.minLiterals);
  sparse.masks = spec.masks;
  sparse.offset = offset;
  SmallVector<MaybeInt> shape;
  for (int64_t dim : sourceType.getShape())
    shape.push_back(ShapedType::isDynamic(dim) ? MaybeInt() : MaybeInt(dim));
  replaceMinIndices(sparse, shape);
  SmallVector<MaybeInt> *lists[] = {&sparse.begin, &sparse.end,
                                    &sparse.strides};
  SmallVectorImpl<int64_t> *statics[] = {&spec.staticBegin, &spec.staticEnd,
                                         &spec.staticStrides};
  for (const ParsedSpec::MinLiteral &min : spec.minLiterals) {
    MaybeInt value = (*lists[min.list])[min.entry];
    if (ShapedType::isDynamic(*value))
      return parser.emitError(min.loc)
             << "static index " << *value
             << " (INT64_MIN) marks dynamic entries, and no other static "
                "value selects the same here; pass it as an SSA value";
    (*statics[min.list])[min.entry] = *value;
  }
  spec.masks = sparse.masks;
  return success();
}

static ParsedIndex staticIndex(int64_t value) {
  ParsedIndex index;
  index.value = value;
  return index;
}

/// Parses an integer or an SSA value if one is next.
static OptionalParseResult parseOptionalIndex(OpAsmParser &parser,
                                              ParsedIndex &index) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult result = parser.parseOptionalOperand(operand);
  if (result.has_value()) {
    if (failed(*result))
      return failure();
    index.operand = operand;
    return success();
  }
  index.loc = parser.getCurrentLocation();
  result = parser.parseOptionalInteger(index.value);
  if (!result.has_value())
    return std::nullopt;
  return *result;
}

static ParseResult parseIndex(OpAsmParser &parser, ParsedIndex &index) {
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult result = parseOptionalIndex(parser, index);
  if (!result.has_value())
    return parser.emitError(loc, "expected an integer or an SSA value");
  return *result;
}

/// Parses one entry of the Python notation.
static ParseResult parsePythonEntry(OpAsmParser &parser, ParsedSpec &spec) {
  uint64_t bit = uint64_t(1) << spec.staticBegin.size();
  if (succeeded(parser.parseOptionalEllipsis())) {
    spec.masks.ellipsis |= bit;
    spec.addEntry(staticIndex(0), staticIndex(0), staticIndex(1));
    return success();
  }
  if (succeeded(parser.parseOptionalKeyword("newaxis"))) {
    spec.masks.newAxis |= bit;
    spec.addEntry(staticIndex(0), staticIndex(0), staticIndex(1));
    return success();
  }

  SMLoc loc = parser.getCurrentLocation();
  ParsedIndex first;
  OptionalParseResult hasFirst = parseOptionalIndex(parser, first);
  if (hasFirst.has_value() && failed(*hasFirst))
    return failure();
  if (failed(parser.parseOptionalColon())) {
    if (!hasFirst.has_value())
      return parser.emitError(loc, "expected a slice entry: an index, "
                                   "'begin:end:stride', '...' or 'newaxis'");
    // A single index shrinks the dimension.
    spec.masks.shrinkAxis |= bit;
    spec.addEntry(first,
                  staticIndex(first.operand ? 0 : shrinkIndexEnd(first.value)),
                  staticIndex(1));
    return success();
  }

  if (!hasFirst.has_value())
    spec.masks.begin |= bit;
  ParsedIndex second;
  OptionalParseResult hasSecond = parseOptionalIndex(parser, second);
  if (hasSecond.has_value() && failed(*hasSecond))
    return failure();
  if (!hasSecond.has_value())
    spec.masks.end |= bit;
  ParsedIndex third = staticIndex(1);
  if (succeeded(parser.parseOptionalColon())) {
    OptionalParseResult hasThird = parseOptionalIndex(parser, third);
    if (hasThird.has_value() && failed(*hasThird))
      return failure();
  }
  spec.addEntry(first, second, third);
  return success();
}

/// Parses one `begin:end:stride` entry of the raw form.
static ParseResult parseRawEntry(OpAsmParser &parser, ParsedSpec &spec) {
  ParsedIndex b, e, s;
  if (parseIndex(parser, b) || parser.parseColon() || parseIndex(parser, e) ||
      parser.parseColon() || parseIndex(parser, s))
    return failure();
  spec.addEntry(b, e, s);
  return success();
}

/// Parses `masks[name = value, ...]` of the raw form.
static ParseResult parseRawMasks(OpAsmParser &parser, SliceMasks &masks) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        StringRef name;
        int64_t value = 0;
        if (parser.parseKeyword(&name) || parser.parseEqual() ||
            parser.parseInteger(value))
          return failure();
        uint64_t bits = static_cast<uint64_t>(value);
        if (name == "begin_mask")
          masks.begin = bits;
        else if (name == "end_mask")
          masks.end = bits;
        else if (name == "ellipsis_mask")
          masks.ellipsis = bits;
        else if (name == "new_axis_mask")
          masks.newAxis = bits;
        else if (name == "shrink_axis_mask")
          masks.shrinkAxis = bits;
        else
          return parser.emitError(loc) << "unknown mask '" << name
                                       << "'; expected begin_mask, end_mask, "
                                          "ellipsis_mask, new_axis_mask or "
                                          "shrink_axis_mask";
        return success();
      });
}

/// Parses the spec in either notation and the optional `offset` keyword.
static ParseResult parseSpec(OpAsmParser &parser, ParsedSpec &spec,
                             bool &offset) {
  if (succeeded(parser.parseOptionalKeyword("spec"))) {
    if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, [&]() {
          return parseRawEntry(parser, spec);
        }))
      return failure();
    if (succeeded(parser.parseOptionalKeyword("masks")) &&
        parseRawMasks(parser, spec.masks))
      return failure();
  } else if (parser.parseCommaSeparatedList(
                 OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
                   if (spec.staticBegin.size() >= kMaxSpecEntries)
                     return parser.emitError(parser.getCurrentLocation())
                            << "a slice spec has at most " << kMaxSpecEntries
                            << " entries";
                   return parsePythonEntry(parser, spec);
                 })) {
    return failure();
  }
  offset = succeeded(parser.parseOptionalKeyword("offset"));
  return success();
}

using UnresolvedList = SmallVectorImpl<OpAsmParser::UnresolvedOperand>;

/// Resolves the three lists of entry operands, as indices, after the
/// `numTensors` tensor operands already resolved, and fills the op's
/// operandSegmentSizes: one segment per tensor, then one per list.
static ParseResult resolveEntries(OpAsmParser &parser, OperationState &result,
                                  MutableArrayRef<int32_t> segments,
                                  unsigned numTensors,
                                  std::array<UnresolvedList *, 3> lists) {
  Type indexType = parser.getBuilder().getIndexType();
  size_t next = 0;
  for (; next < numTensors; ++next)
    segments[next] = 1;
  for (UnresolvedList *list : lists) {
    if (parser.resolveOperands(*list, indexType, result.operands))
      return failure();
    segments[next++] = static_cast<int32_t>(list->size());
  }
  return success();
}

/// Whether OpT writes a slice (is an update), so that its syntax is
/// `%value into %dest`.
template <typename OpT>
constexpr bool kIsUpdate =
    llvm::is_one_of<OpT, StridedUpdateOp, StridedAxesUpdateOp>::value;

/// Parses the frame around a spec: `%source <spec> attr-dict : type to
/// type` (a slice) or `%value into %dest <spec> attr-dict : type into
/// type` (an update), the spec with `parseSpecFn`. Resolves the tensor
/// operands, adds the result type, and returns the type the spec indexes
/// (the source's, or the dest's) in `indexedType`.
static ParseResult parseSliceOrUpdate(OpAsmParser &parser,
                                      OperationState &result, bool update,
                                      function_ref<ParseResult()> parseSpecFn,
                                      RankedTensorType &indexedType) {
  OpAsmParser::UnresolvedOperand first, dest;
  RankedTensorType firstType, secondType;
  if (parser.parseOperand(first) ||
      (update && (parser.parseKeyword("into") || parser.parseOperand(dest))) ||
      parseSpecFn() || parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(firstType) ||
      parser.parseKeyword(update ? "into" : "to") ||
      parser.parseType(secondType) ||
      parser.resolveOperand(first, firstType, result.operands) ||
      (update && parser.resolveOperand(dest, secondType, result.operands)))
    return failure();
  result.addTypes(secondType);
  indexedType = update ? secondType : firstType;
  return success();
}

/// slice.strided(_update)'s parser: the frame, then the spec's operands
/// and properties.
template <typename OpT>
static ParseResult parseSpecOp(OpAsmParser &parser, OperationState &result) {
  ParsedSpec spec;
  bool offset = false;
  RankedTensorType indexedType;
  if (parseSliceOrUpdate(
          parser, result, kIsUpdate<OpT>,
          [&] { return parseSpec(parser, spec, offset); }, indexedType) ||
      resolveMinLiterals(parser, spec, indexedType, offset))
    return failure();

  Builder &builder = parser.getBuilder();
  auto &props = result.getOrAddProperties<typename OpT::Properties>();
  props.setStaticBegin(builder.getDenseI64ArrayAttr(spec.staticBegin));
  props.setStaticEnd(builder.getDenseI64ArrayAttr(spec.staticEnd));
  props.setStaticStrides(builder.getDenseI64ArrayAttr(spec.staticStrides));
  auto maskAttr = [&](uint64_t mask) {
    return builder.getIntegerAttr(builder.getIntegerType(64), mask);
  };
  props.setBeginMask(maskAttr(spec.masks.begin));
  props.setEndMask(maskAttr(spec.masks.end));
  props.setEllipsisMask(maskAttr(spec.masks.ellipsis));
  props.setNewAxisMask(maskAttr(spec.masks.newAxis));
  props.setShrinkAxisMask(maskAttr(spec.masks.shrinkAxis));
  if (offset)
    props.setOffset(builder.getUnitAttr());
  return resolveEntries(parser, result, props.operandSegmentSizes,
                        kIsUpdate<OpT> ? 2 : 1,
                        {&spec.begin, &spec.end, &spec.strides});
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

namespace {
/// Walks the static entries of one list, handing out the SSA values of the
/// dynamic ones in order.
class IndexPrinter {
public:
  IndexPrinter(ArrayRef<int64_t> statics, ValueRange dynamics)
      : statics(statics), dynamics(dynamics) {}

  void print(OpAsmPrinter &p, unsigned entry) {
    if (!ShapedType::isDynamic(statics[entry]))
      p << statics[entry];
    else if (next < dynamics.size())
      p << dynamics[next++];
    else // Only an op that fails verification gets here.
      p << "<<missing operand>>";
  }
  /// Consumes the entry without printing it.
  void skip(unsigned entry) {
    if (ShapedType::isDynamic(statics[entry]))
      ++next;
  }

private:
  ArrayRef<int64_t> statics;
  ValueRange dynamics;
  unsigned next = 0;
};
} // namespace

static bool isStatic(int64_t value, int64_t expected) {
  return !ShapedType::isDynamic(value) && value == expected;
}

/// Whether entry `i` is exactly what the Python notation would parse to.
static bool isPythonEntry(SliceSpecOpInterface op, unsigned i) {
  SliceMasks masks = op.getMasks();
  int64_t b = op.getStaticBegin()[i], e = op.getStaticEnd()[i],
          s = op.getStaticStrides()[i];
  bool ellipsis = isMaskBitSet(masks.ellipsis, i),
       newAxis = isMaskBitSet(masks.newAxis, i),
       shrink = isMaskBitSet(masks.shrinkAxis, i),
       beginMasked = isMaskBitSet(masks.begin, i),
       endMasked = isMaskBitSet(masks.end, i);
  unsigned kindBits = ellipsis + newAxis + shrink;
  if (kindBits > 1)
    return false;
  if (ellipsis || newAxis)
    return !beginMasked && !endMasked && isStatic(b, 0) && isStatic(e, 0) &&
           isStatic(s, 1);
  if (shrink)
    return !beginMasked && !endMasked && isStatic(s, 1) &&
           isStatic(e, ShapedType::isDynamic(b) ? 0 : shrinkIndexEnd(b));
  return (!beginMasked || isStatic(b, 0)) && (!endMasked || isStatic(e, 0));
}

/// Prints the spec (Python notation where it is exact, else raw), `offset`
/// and the attributes that are not the spec's.
static void printSpec(OpAsmPrinter &p, SliceSpecOpInterface op) {
  unsigned numEntries = op.getNumEntries();
  // Malformed lengths (rejected by the verifier) print raw, as far as they go.
  bool sameLengths = op.getStaticEnd().size() == numEntries &&
                     op.getStaticStrides().size() == numEntries;
  bool python = sameLengths;
  for (unsigned i = 0; python && i < numEntries; ++i)
    python = isPythonEntry(op, i);

  IndexPrinter begin(op.getStaticBegin(), op.getBegin());
  IndexPrinter end(op.getStaticEnd(), op.getEnd());
  IndexPrinter strides(op.getStaticStrides(), op.getStrides());
  SliceMasks masks = op.getMasks();
  if (python) {
    p << '[';
    for (unsigned i = 0; i < numEntries; ++i) {
      if (i)
        p << ", ";
      switch (classifyEntry(masks, i)) {
      case EntryKind::Ellipsis:
        p << "...";
        begin.skip(i), end.skip(i), strides.skip(i);
        break;
      case EntryKind::NewAxis:
        p << "newaxis";
        begin.skip(i), end.skip(i), strides.skip(i);
        break;
      case EntryKind::Shrink:
        begin.print(p, i);
        end.skip(i), strides.skip(i);
        break;
      case EntryKind::Range:
        if (isMaskBitSet(masks.begin, i))
          begin.skip(i);
        else
          begin.print(p, i);
        p << ':';
        if (isMaskBitSet(masks.end, i))
          end.skip(i);
        else
          end.print(p, i);
        if (isStatic(op.getStaticStrides()[i], 1)) {
          strides.skip(i);
        } else {
          p << ':';
          strides.print(p, i);
        }
        break;
      }
    }
    p << ']';
  } else {
    p << " spec[";
    unsigned printable = std::min<size_t>(
        {numEntries, op.getStaticEnd().size(), op.getStaticStrides().size()});
    for (unsigned i = 0; i < printable; ++i) {
      if (i)
        p << ", ";
      begin.print(p, i);
      p << ':';
      end.print(p, i);
      p << ':';
      strides.print(p, i);
    }
    p << ']';
    const std::pair<StringRef, uint64_t> namedMasks[] = {
        {"begin_mask", masks.begin},
        {"end_mask", masks.end},
        {"ellipsis_mask", masks.ellipsis},
        {"new_axis_mask", masks.newAxis},
        {"shrink_axis_mask", masks.shrinkAxis}};
    bool first = true;
    for (auto [name, mask] : namedMasks) {
      if (!mask)
        continue;
      p << (first ? " masks[" : ", ") << name << " = "
        << static_cast<int64_t>(mask);
      first = false;
    }
    if (!first)
      p << ']';
  }
  if (op.getOffset())
    p << " offset";
  p.printOptionalAttrDict(op->getAttrs(),
                          {"static_begin", "static_end", "static_strides",
                           "begin_mask", "end_mask", "ellipsis_mask",
                           "new_axis_mask", "shrink_axis_mask", "offset",
                           "operandSegmentSizes"});
}

static void printSpec(OpAsmPrinter &p, SliceAxesSpecOpInterface op);

/// Prints the frame around the spec (see parseSliceOrUpdate), the spec
/// with its `printSpec` overload.
template <typename OpT>
static void printSliceOrUpdate(OpAsmPrinter &p, OpT op) {
  Value indexed = op.getIndexed(), written = op.getWrittenValue();
  if (written)
    p << ' ' << written << " into ";
  else
    p << ' ';
  p << indexed;
  printSpec(p, op);
  if (written)
    p << " : " << written.getType() << " into " << indexed.getType();
  else
    p << " : " << indexed.getType() << " to " << op->getResult(0).getType();
}

//===----------------------------------------------------------------------===//
// The axes encoding
//===----------------------------------------------------------------------===//

namespace {
/// The lists of an axes-encoded spec as parsed; `axes` and `staticStrides`
/// stay null when the text leaves them out.
struct ParsedAxesSpec {
  DenseI64ArrayAttr axes, staticStarts, staticEnds, staticStrides;
  SmallVector<OpAsmParser::UnresolvedOperand> starts, ends, strides;
};
} // namespace

/// `[axes [a, ...]] starts [...] ends [...] [strides [...]]`.
static ParseResult parseAxesSpec(OpAsmParser &parser, ParsedAxesSpec &spec) {
  if (succeeded(parser.parseOptionalKeyword("axes"))) {
    Attribute axes = DenseI64ArrayAttr::parse(parser, Type());
    if (!axes)
      return failure();
    spec.axes = cast<DenseI64ArrayAttr>(axes);
  }
  if (parser.parseKeyword("starts") ||
      parseDynamicIndexList(parser, spec.starts, spec.staticStarts) ||
      parser.parseKeyword("ends") ||
      parseDynamicIndexList(parser, spec.ends, spec.staticEnds))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("strides")) &&
      parseDynamicIndexList(parser, spec.strides, spec.staticStrides))
    return failure();
  return success();
}

/// slice.strided_axes(_update)'s parser: the frame, then the spec's
/// operands and properties.
template <typename OpT>
static ParseResult parseAxesOp(OpAsmParser &parser, OperationState &result) {
  ParsedAxesSpec spec;
  RankedTensorType indexedType;
  if (parseSliceOrUpdate(
          parser, result, kIsUpdate<OpT>,
          [&] { return parseAxesSpec(parser, spec); }, indexedType))
    return failure();
  auto &props = result.getOrAddProperties<typename OpT::Properties>();
  props.setAxes(spec.axes);
  props.setStaticStarts(spec.staticStarts);
  props.setStaticEnds(spec.staticEnds);
  props.setStaticStrides(spec.staticStrides);
  return resolveEntries(parser, result, props.operandSegmentSizes,
                        kIsUpdate<OpT> ? 2 : 1,
                        {&spec.starts, &spec.ends, &spec.strides});
}

/// Prints the lists of an axes op, leaving out axes and strides that equal
/// their defaults, then its other attributes.
static void printSpec(OpAsmPrinter &p, SliceAxesSpecOpInterface op) {
  if (std::optional<ArrayRef<int64_t>> axes = op.getAxes();
      axes && !llvm::equal(*axes, llvm::seq<int64_t>(0, axes->size()))) {
    p << " axes ";
    DenseI64ArrayAttr::get(op->getContext(), *axes).print(p);
  }
  p << " starts ";
  printDynamicIndexList(p, op, op.getStarts(), op.getStaticStarts());
  p << " ends ";
  printDynamicIndexList(p, op, op.getEnds(), op.getStaticEnds());
  if (std::optional<ArrayRef<int64_t>> strides = op.getStaticStrides();
      strides && !llvm::all_of(*strides, [](int64_t s) { return s == 1; })) {
    p << " strides ";
    printDynamicIndexList(p, op, op.getStrides(), *strides);
  }
  p.printOptionalAttrDict(op->getAttrs(),
                          {"axes", "static_starts", "static_ends",
                           "static_strides", "operandSegmentSizes"});
}

//===----------------------------------------------------------------------===//
// The hooks ODS declares: each op's syntax is one of the templates above
//===----------------------------------------------------------------------===//

ParseResult StridedOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseSpecOp<StridedOp>(parser, result);
}

ParseResult StridedUpdateOp::parse(OpAsmParser &parser,
                                   OperationState &result) {
  return parseSpecOp<StridedUpdateOp>(parser, result);
}

ParseResult StridedAxesOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseAxesOp<StridedAxesOp>(parser, result);
}

ParseResult StridedAxesUpdateOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  return parseAxesOp<StridedAxesUpdateOp>(parser, result);
}

void StridedOp::print(OpAsmPrinter &p) { printSliceOrUpdate(p, *this); }

void StridedUpdateOp::print(OpAsmPrinter &p) { printSliceOrUpdate(p, *this); }

void StridedAxesOp::print(OpAsmPrinter &p) { printSliceOrUpdate(p, *this); }

void StridedAxesUpdateOp::print(OpAsmPrinter &p) {
  printSliceOrUpdate(p, *this);
}
