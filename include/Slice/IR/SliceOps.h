//===- SliceOps.h - slice dialect ops ---------------------------*- C++ -*-===//
//
// Declares the ops of the slice dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_IR_SLICEOPS_H
#define SLICE_IR_SLICEOPS_H

#include "Slice/IR/SliceDialect.h"
#include "Slice/Utils/StridedSliceSemantics.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "Slice/IR/SliceOps.h.inc"

#endif // SLICE_IR_SLICEOPS_H
