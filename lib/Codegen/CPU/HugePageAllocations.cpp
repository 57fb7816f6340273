//===- HugePageAllocations.cpp - Big buffers on transparent huge pages ----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-huge-page-allocations` (Passes.td): a buffer of at least
// min-bytes is advised onto transparent huge pages right after its
// allocation (`madvise(MADV_HUGEPAGE)`), as NumPy does for its arrays of 4
// MiB or more: the first writes into a fresh result then fault in 2 MiB
// pages instead of 4 KiB ones, 512 times fewer faults.
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEHUGEPAGEALLOCATIONS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

/// Linux's MADV_HUGEPAGE, and the base page size it advises in.
constexpr int64_t kMadviseHugePage = 14;
constexpr int64_t kPageBytes = 4096;

/// The bytes `alloc` allocates, as an index value (or a constant when its
/// type says).
static Value allocatedBytes(OpBuilder &builder, memref::AllocOp alloc) {
  Location loc = alloc.getLoc();
  MemRefType type = alloc.getType();
  int64_t elementBytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  Value bytes = arith::ConstantIndexOp::create(builder, loc, elementBytes);
  unsigned dynamic = 0;
  for (int64_t size : type.getShape()) {
    Value dim =
        ShapedType::isDynamic(size)
            ? alloc.getDynamicSizes()[dynamic++]
            : arith::ConstantIndexOp::create(builder, loc, size).getResult();
    bytes = arith::MulIOp::create(builder, loc, bytes, dim);
  }
  return bytes;
}

namespace {
struct SliceHugePageAllocationsPass
    : mlir::slice::impl::SliceHugePageAllocationsBase<
          SliceHugePageAllocationsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<memref::AllocOp> allocs;
    module.walk([&](memref::AllocOp alloc) {
      MemRefType type = alloc.getType();
      if (!type.getLayout().isIdentity() || type.getMemorySpace() ||
          !type.getElementType().isIntOrFloat())
        return;
      // A static buffer below the threshold never needs the advice.
      // (Counted without overflow: a shape of more bytes than int64 counts
      // is far above any threshold.)
      if (type.hasStaticShape()) {
        int64_t bytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
        bool huge = false;
        for (int64_t size : type.getShape())
          huge = huge || llvm::MulOverflow(bytes, size, bytes);
        if (!huge && bytes < minBytes)
          return;
      }
      allocs.push_back(alloc);
    });
    if (allocs.empty())
      return markAllAnalysesPreserved();

    MLIRContext *context = &getContext();
    OpBuilder builder(context);
    auto index = builder.getIndexType();
    auto i32 = builder.getI32Type();
    auto madviseType = builder.getFunctionType({index, index, i32}, {i32});
    auto madvise = module.lookupSymbol<func::FuncOp>("madvise");
    if (!madvise) {
      builder.setInsertionPointToStart(module.getBody());
      madvise = func::FuncOp::create(builder, module.getLoc(), "madvise",
                                     madviseType);
      madvise.setPrivate();
    } else if (madvise.getFunctionType() != madviseType) {
      // Declared otherwise by someone else: leave the buffers as they are.
      return markAllAnalysesPreserved();
    }

    for (memref::AllocOp alloc : allocs) {
      Location loc = alloc.getLoc();
      builder.setInsertionPointAfter(alloc);
      Value bytes = allocatedBytes(builder, alloc);
      Value big = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::sge, bytes,
          arith::ConstantIndexOp::create(builder, loc, minBytes));
      auto branch = scf::IfOp::create(builder, loc, big, /*withElse=*/false);
      builder.setInsertionPointToStart(branch.thenBlock());
      // The whole pages inside the buffer.
      Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(
          builder, loc, alloc.getResult());
      Value pageMask =
          arith::ConstantIndexOp::create(builder, loc, -kPageBytes);
      Value start = arith::AndIOp::create(
          builder, loc,
          arith::AddIOp::create(
              builder, loc, pointer,
              arith::ConstantIndexOp::create(builder, loc, kPageBytes - 1)),
          pageMask);
      Value end = arith::AndIOp::create(
          builder, loc, arith::AddIOp::create(builder, loc, pointer, bytes),
          pageMask);
      Value length = arith::SubIOp::create(builder, loc, end, start);
      Value advice =
          arith::ConstantIntOp::create(builder, loc, i32, kMadviseHugePage);
      func::CallOp::create(builder, loc, madvise,
                           ValueRange{start, length, advice});
    }
  }
};
} // namespace
