//===- PromisedInterfacesTest.cpp - Every external model is promised -----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The slice dialect promises every interface that a library above it
// attaches (declarePromisedInterface): a context made from a registry that
// holds the dialect alone is told which registration it lacks when a pass
// asks for one, instead of the op silently not having it. The dialect by
// itself leaves the promises open; registerSliceDialect fulfils them all.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceOps.h"
#include "Slice/InitSlice.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::slice;

namespace {
/// (what asks, the interface) for every promise of the dialect.
std::vector<std::pair<TypeID, TypeID>> promises() {
  return {
      {TypeID::get<StridedOp>(),
       bufferization::BufferizableOpInterface::getInterfaceID()},
      {TypeID::get<StridedUpdateOp>(),
       bufferization::BufferizableOpInterface::getInterfaceID()},
      {TypeID::get<StridedOp>(), shard::ShardingInterface::getInterfaceID()},
      {TypeID::get<StridedUpdateOp>(),
       shard::ShardingInterface::getInterfaceID()},
      {TypeID::get<SliceDialect>(),
       ConvertToLLVMPatternInterface::getInterfaceID()},
  };
}
} // namespace

TEST(PromisedInterfacesTest, TheDialectAlonePromisesEveryModel) {
  DialectRegistry registry;
  registry.insert<SliceDialect>();
  MLIRContext context(registry);
  Dialect *dialect = context.getOrLoadDialect<SliceDialect>();
  for (auto [requestor, interface] : promises())
    EXPECT_TRUE(dialect->hasPromisedInterface(requestor, interface));
}

TEST(PromisedInterfacesTest, RegisterSliceDialectFulfilsThem) {
  DialectRegistry registry;
  registerSliceDialect(registry);
  MLIRContext context(registry);
  Dialect *dialect = context.getOrLoadDialect<SliceDialect>();
  for (auto [requestor, interface] : promises())
    EXPECT_FALSE(dialect->hasPromisedInterface(requestor, interface));
  for (StringRef name : {"slice.strided", "slice.strided_update"}) {
    std::optional<RegisteredOperationName> op =
        RegisteredOperationName::lookup(name, &context);
    ASSERT_TRUE(op.has_value());
    EXPECT_TRUE(op->hasInterface<bufferization::BufferizableOpInterface>());
    EXPECT_TRUE(op->hasInterface<shard::ShardingInterface>());
  }
  EXPECT_TRUE(dialect->getRegisteredInterface<ConvertToLLVMPatternInterface>());
}
