//===- MachineCache.h - The machine's cache size, read at run time --------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_CODEGEN_CPU_MACHINECACHE_H
#define SLICE_LIB_CODEGEN_CPU_MACHINECACHE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace slice {

/// The name of the function that returns the last-level cache's size in
/// bytes (i64, no arguments), emitted into a module on first use.
inline constexpr llvm::StringLiteral kLastLevelCacheFunction =
    "__slice_last_level_cache_bytes";

/// The size the function returns where neither the kernel nor the C library
/// knows a last-level cache: a quarter of it is the non-temporal threshold
/// where the two machines docs/performance.md was measured on cross over.
inline constexpr int64_t kFallbackLastLevelCacheBytes = int64_t(128) << 20;

/// Emits at `b`'s insertion point a call that returns (as an index) the
/// size of the last-level cache of the machine the program runs on, and
/// into `module`, once, the function it calls (kLastLevelCacheFunction, an
/// llvm.func of linkonce_odr linkage and hidden visibility, so that the
/// copies of several modules share one). The function reads the kernel's
/// figure (/sys/devices/system/cpu/cpu0/cache/index3/size) on its first
/// call and keeps it: a virtual machine's CPUID, which the C library's
/// sysconf(_SC_LEVEL3_CACHE_SIZE) reports, may give another figure (the
/// whole socket's; 320 MiB against the kernel's 32 MiB on the machine of
/// docs/performance.md). Without that file, sysconf's figure (with glibc),
/// else kFallbackLastLevelCacheBytes. Returns null where `module` holds
/// another symbol of one of the names the function needs (the C library's
/// open, read, close, sysconf, or its own).
Value emitLastLevelCacheBytes(OpBuilder &b, Location loc, ModuleOp module);

} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CODEGEN_CPU_MACHINECACHE_H
