//===- ShardingInterfaceImpl.h - slice ops on sharded tensors ---*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// slice.strided's model of MLIR's shard::ShardingInterface, so that
// `sharding-propagation` and `shard-partition` take modules with slices of
// sharded tensors (docs/sharding.md).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_TRANSFORMS_SHARDINGINTERFACEIMPL_H
#define SLICE_TRANSFORMS_SHARDINGINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace slice {
void registerShardingInterfaceExternalModels(DialectRegistry &registry);
} // namespace slice
} // namespace mlir

#endif // SLICE_TRANSFORMS_SHARDINGINTERFACEIMPL_H
