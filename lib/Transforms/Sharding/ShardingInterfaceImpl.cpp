//===- ShardingInterfaceImpl.cpp - slice ops on sharded tensors -----------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Attaches the ShardingInterface models of slice.strided
// (ShardingSliceModel.cpp) and slice.strided_update
// (ShardingUpdateModel.cpp), built on the shard geometry they share
// (ShardGeometry.h); docs/sharding.md says what they do.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/ShardingInterfaceImpl.h"
#include "ShardGeometry.h"

using namespace mlir;
using namespace mlir::slice;

void mlir::slice::registerShardingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, SliceDialect *) {
    sharding::attachStridedOpShardingModel(context);
    sharding::attachStridedUpdateOpShardingModel(context);
  });
}
