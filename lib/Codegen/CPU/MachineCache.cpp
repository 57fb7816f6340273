//===- MachineCache.cpp - The machine's cache size, read at run time ------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The generated code has no runtime library of its own: the function that
// reads the cache size is emitted, in the LLVM dialect, into the module
// that needs it, and calls only the C library.
//
//===----------------------------------------------------------------------===//

#include "MachineCache.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <unistd.h>

using namespace mlir;
using namespace mlir::slice;

/// Where Linux tells the size of cpu0's last-level cache ("32768K\n").
static constexpr llvm::StringLiteral kCachePath =
    "/sys/devices/system/cpu/cpu0/cache/index3/size";
static constexpr llvm::StringLiteral kCacheGlobal = "__slice_last_level_cache";
static constexpr llvm::StringLiteral kPathGlobal =
    "__slice_last_level_cache_path";

namespace {
/// A C library function the cache lookup calls.
struct LibcFunction {
  StringRef name;
  LLVM::LLVMFunctionType type;
};
} // namespace

/// Whether `module` has no symbol `name`, or an llvm.func of `type`.
static bool isFree(ModuleOp module, StringRef name,
                   LLVM::LLVMFunctionType type = {}) {
  Operation *symbol = module.lookupSymbol(name);
  if (!symbol)
    return true;
  auto function = dyn_cast<LLVM::LLVMFuncOp>(symbol);
  return type && function && function.getFunctionType() == type;
}

/// The llvm.func of `function` in `module`, declared at its start if absent
/// (isFree has said it may be).
static LLVM::LLVMFuncOp declare(OpBuilder &b, ModuleOp module,
                                const LibcFunction &function) {
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(function.name))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), function.name,
                                  function.type);
}

/// Builds kLastLevelCacheFunction into `module`; null where a symbol of
/// another kind holds one of the names it needs.
static LLVM::LLVMFuncOp buildLookup(OpBuilder &b, ModuleOp module) {
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();
  Type i8 = IntegerType::get(context, 8), i32 = IntegerType::get(context, 32),
       i64 = IntegerType::get(context, 64);
  Type ptr = LLVM::LLVMPointerType::get(context);
  using FnType = LLVM::LLVMFunctionType;
  LibcFunction open{"open", FnType::get(i32, {ptr, i32}, /*isVarArg=*/true)};
  LibcFunction read{"read", FnType::get(i64, {i32, ptr, i64})};
  LibcFunction close{"close", FnType::get(i32, {i32})};
  if (!isFree(module, kCacheGlobal) || !isFree(module, kPathGlobal) ||
      !isFree(module, open.name, open.type) ||
      !isFree(module, read.name, read.type) ||
      !isFree(module, close.name, close.type))
    return nullptr;
  LLVM::LLVMFuncOp openFn = declare(b, module, open),
                   readFn = declare(b, module, read),
                   closeFn = declare(b, module, close), sysconfFn;
#if defined(__GLIBC__) && defined(_SC_LEVEL3_CACHE_SIZE)
  // Without it (another symbol of the name) the lookup skips sysconf.
  LibcFunction sysconf{"sysconf", FnType::get(i64, {i32})};
  if (isFree(module, sysconf.name, sysconf.type))
    sysconfFn = declare(b, module, sysconf);
#endif

  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto cache = LLVM::GlobalOp::create(b, loc, i64, /*isConstant=*/false,
                                      LLVM::Linkage::Internal, kCacheGlobal,
                                      b.getI64IntegerAttr(0));
  std::string pathText = (kCachePath + Twine('\0')).str();
  auto path = LLVM::GlobalOp::create(
      b, loc, LLVM::LLVMArrayType::get(i8, pathText.size()),
      /*isConstant=*/true, LLVM::Linkage::Internal, kPathGlobal,
      b.getStringAttr(pathText));
  auto function = LLVM::LLVMFuncOp::create(b, loc, kLastLevelCacheFunction,
                                           FnType::get(i64, {}),
                                           LLVM::Linkage::LinkonceODR);
  function.setVisibility_(LLVM::Visibility::Hidden);

  Region &body = function.getBody();
  Block *entry = function.addEntryBlock(b);
  Block *cached = b.createBlock(&body);
  Block *openFile = b.createBlock(&body);
  Block *readFile = b.createBlock(&body);
  Block *loop = b.createBlock(&body, {}, {i64, i64}, {loc, loc});
  Block *digit = b.createBlock(&body);
  Block *accumulate = b.createBlock(&body);
  Block *parsed = b.createBlock(&body, {}, {i64, i8}, {loc, loc});
  Block *fallback = b.createBlock(&body);
  Block *keep = b.createBlock(&body, {}, {i64}, {loc});

  // The size read before, 0 the first time. Threads that race here read
  // the same file: the loads and stores need only be atomic.
  b.setInsertionPointToEnd(entry);
  auto constant = [&](Type type, int64_t value) -> Value {
    return LLVM::ConstantOp::create(b, loc, type,
                                    b.getIntegerAttr(type, value));
  };
  Value zero = constant(i64, 0), one = constant(i64, 1),
        ten = constant(i64, 10);
  Value bufferBytes = constant(i64, 32);
  Value buffer = LLVM::AllocaOp::create(b, loc, ptr, i8, bufferBytes);
  Value cacheAddress = LLVM::AddressOfOp::create(b, loc, cache);
  Value known = LLVM::LoadOp::create(b, loc, i64, cacheAddress, /*alignment=*/8,
                                     false, false, false, false,
                                     LLVM::AtomicOrdering::monotonic);
  Value isKnown =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, known, zero);
  LLVM::CondBrOp::create(b, loc, isKnown, cached, openFile);

  b.setInsertionPointToEnd(cached);
  LLVM::ReturnOp::create(b, loc, known);

  b.setInsertionPointToEnd(openFile);
  Value pathAddress = LLVM::AddressOfOp::create(b, loc, path);
  Value readOnly = constant(i32, 0); // O_RDONLY
  Value fd =
      LLVM::CallOp::create(b, loc, openFn, ValueRange{pathAddress, readOnly})
          .getResult();
  Value opened = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::sge, fd,
                                      constant(i32, 0));
  LLVM::CondBrOp::create(b, loc, opened, readFile, fallback);

  // "<decimal>K\n": digits, then the unit.
  b.setInsertionPointToEnd(readFile);
  Value length =
      LLVM::CallOp::create(
          b, loc, readFn,
          ValueRange{fd, buffer, LLVM::SubOp::create(b, loc, bufferBytes, one)})
          .getResult();
  LLVM::CallOp::create(b, loc, closeFn, ValueRange{fd});
  LLVM::BrOp::create(b, loc, ValueRange{zero, zero}, loop);

  b.setInsertionPointToEnd(loop);
  Value index = loop->getArgument(0), number = loop->getArgument(1);
  Value more =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt, index, length);
  LLVM::CondBrOp::create(b, loc, more, digit, ValueRange{}, parsed,
                         ValueRange{number, constant(i8, 0)});

  b.setInsertionPointToEnd(digit);
  Value at = LLVM::GEPOp::create(b, loc, ptr, i8, buffer, ValueRange{index});
  Value character = LLVM::LoadOp::create(b, loc, i8, at);
  Value value = LLVM::SubOp::create(
      b, loc, LLVM::ZExtOp::create(b, loc, i64, character), constant(i64, '0'));
  Value isDigit =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, value, ten);
  LLVM::CondBrOp::create(b, loc, isDigit, accumulate, ValueRange{}, parsed,
                         ValueRange{number, character});

  b.setInsertionPointToEnd(accumulate);
  Value next = LLVM::AddOp::create(
      b, loc, LLVM::MulOp::create(b, loc, number, ten), value);
  LLVM::BrOp::create(
      b, loc, ValueRange{LLVM::AddOp::create(b, loc, index, one), next}, loop);

  b.setInsertionPointToEnd(parsed);
  Value unit = parsed->getArgument(1);
  auto isUnit = [&](char letter) {
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, unit,
                                constant(i8, letter));
  };
  Value shift = LLVM::SelectOp::create(
      b, loc, isUnit('K'), constant(i64, 10),
      LLVM::SelectOp::create(b, loc, isUnit('M'), constant(i64, 20), zero));
  Value bytes = LLVM::ShlOp::create(b, loc, parsed->getArgument(0), shift);
  Value isPositive =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::sgt, bytes, zero);
  LLVM::CondBrOp::create(b, loc, isPositive, keep, ValueRange{bytes}, fallback,
                         ValueRange{});

  b.setInsertionPointToEnd(fallback);
  Value fallbackBytes = constant(i64, kFallbackLastLevelCacheBytes);
#if defined(__GLIBC__) && defined(_SC_LEVEL3_CACHE_SIZE)
  if (sysconfFn) {
    Value reported =
        LLVM::CallOp::create(b, loc, sysconfFn,
                             ValueRange{constant(i32, _SC_LEVEL3_CACHE_SIZE)})
            .getResult();
    Value isReported =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::sgt, reported, zero);
    fallbackBytes =
        LLVM::SelectOp::create(b, loc, isReported, reported, fallbackBytes);
  }
#endif
  LLVM::BrOp::create(b, loc, ValueRange{fallbackBytes}, keep);

  b.setInsertionPointToEnd(keep);
  LLVM::StoreOp::create(b, loc, keep->getArgument(0), cacheAddress,
                        /*alignment=*/8, false, false, false,
                        LLVM::AtomicOrdering::monotonic);
  LLVM::ReturnOp::create(b, loc, keep->getArgument(0));
  return function;
}

Value mlir::slice::emitLastLevelCacheBytes(OpBuilder &b, Location loc,
                                           ModuleOp module) {
  auto type = LLVM::LLVMFunctionType::get(b.getI64Type(), {});
  LLVM::LLVMFuncOp function;
  if (Operation *symbol = module.lookupSymbol(kLastLevelCacheFunction)) {
    function = dyn_cast<LLVM::LLVMFuncOp>(symbol);
    if (!function || function.getFunctionType() != type)
      return {};
  } else if (!(function = buildLookup(b, module))) {
    return {};
  }
  Value bytes =
      LLVM::CallOp::create(b, loc, function, ValueRange{}).getResult();
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), bytes);
}
