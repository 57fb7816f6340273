//===- MemRefToLLVM.cpp - MemRef accesses without unsound nuw -------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// MLIR 22's lowering of memref.load / memref.store with the no-wrap rule of
// llvm-project pull request 204309 (see the header).
//
//===----------------------------------------------------------------------===//

#include "Slice/Compat/MemRefToLLVM.h"
#include "Slice/IR/SliceDialect.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

LLVM::GEPNoWrapFlags mlir::slice::getAccessNoWrapFlags(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  bool nonNegative = succeeded(type.getStridesAndOffset(strides, offset)) &&
                     llvm::all_of(strides, [](int64_t stride) {
                       return !ShapedType::isDynamic(stride) && stride >= 0;
                     });
  return nonNegative
             ? LLVM::GEPNoWrapFlags::inbounds | LLVM::GEPNoWrapFlags::nuw
             : LLVM::GEPNoWrapFlags::inbounds;
}

namespace {
/// Above MemRefToLLVM's patterns (benefit 1), below the GPU dialect's own
/// lowerings (10), which never match memref ops anyway.
constexpr unsigned kBenefit = 2;

/// What the two patterns share: the address of the element `op` (a
/// memref.load or memref.store) accesses, with the fixed flags.
template <typename OpT> struct AccessLowering : ConvertOpToLLVMPattern<OpT> {
  AccessLowering(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern<OpT>(converter, kBenefit) {}

  /// Fails for a memref type the converter cannot lower.
  FailureOr<Value> elementAddress(ConversionPatternRewriter &rewriter, OpT op,
                                  typename OpT::Adaptor adaptor) const {
    MemRefType type = op.getMemRefType();
    if (!this->getTypeConverter()->convertType(type.getElementType()) ||
        !type.isStrided())
      return rewriter.notifyMatchFailure(op, "unsupported memref type");
    return this->getStridedElementPtr(rewriter, op.getLoc(), type,
                                      adaptor.getMemref(), adaptor.getIndices(),
                                      slice::getAccessNoWrapFlags(type));
  }
};

/// memref.load: the element's address with the fixed flags, then a load,
/// as upstream's LoadOpLowering does otherwise.
struct LoadLowering : AccessLowering<memref::LoadOp> {
  using AccessLowering::AccessLowering;

  LogicalResult
  matchAndRewrite(memref::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elementType =
        getTypeConverter()->convertType(op.getMemRefType().getElementType());
    FailureOr<Value> address = elementAddress(rewriter, op, adaptor);
    if (failed(address))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(
        op, elementType, *address, op.getAlignment().value_or(0),
        /*isVolatile=*/false, op.getNontemporal());
    return success();
  }
};

/// memref.store, likewise.
struct StoreLowering : AccessLowering<memref::StoreOp> {
  using AccessLowering::AccessLowering;

  LogicalResult
  matchAndRewrite(memref::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> address = elementAddress(rewriter, op, adaptor);
    if (failed(address))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(
        op, adaptor.getValue(), *address, op.getAlignment().value_or(0),
        /*isVolatile=*/false, op.getNontemporal());
    return success();
  }
};

/// The slice dialect's share of `convert-to-llvm`-style conversions.
struct SliceToLLVMInterface : ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;

  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &, LLVMTypeConverter &converter,
      RewritePatternSet &patterns) const override {
    slice::populateMemRefAccessToLLVMPatterns(converter, patterns);
  }
};
} // namespace

void mlir::slice::populateMemRefAccessToLLVMPatterns(
    const LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<LoadLowering, StoreLowering>(converter);
}

void mlir::slice::registerConvertSliceToLLVMInterface(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, SliceDialect *dialect) {
    dialect->addInterfaces<SliceToLLVMInterface>();
  });
}
