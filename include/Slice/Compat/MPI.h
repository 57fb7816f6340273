//===- MPI.h - Patches of MLIR 22's mpi dialect -----------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Workarounds for MLIR 22's `mpi` dialect and its lowering to LLVM, which
// the sharded route (--slice-to-llvm="spmd=true", lib/Pipelines/Spmd.cpp and
// lib/Transforms/Sharding/SpmdPasses.cpp) needs. Each says what upstream does,
// what fixes it, and when to drop it.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_COMPAT_MPI_H
#define SLICE_COMPAT_MPI_H

namespace mlir {
class DialectRegistry;
class ModuleOp;

namespace slice {

/// Gives mpi.allreduce, mpi.send and mpi.recv memory effects: a read of the
/// buffer sent, a write of the buffer received, and a write of the default
/// resource (they talk to other processes, so nothing moves across them).
/// MLIR 22's ops declare none, and the ownership-based deallocation rejects
/// "ops with unknown memory side effects". Fixed upstream by llvm-project
/// pull request 186158 (MemoryEffects on all MPI ops, after 22): drop this
/// when the project moves to an LLVM that has it.
void registerMPIMemoryEffects(DialectRegistry &registry);

/// Gives `module` the DLTI entry "MPI:Implementation" = "MPICH" unless it
/// names an implementation. MLIR 22's MPIToLLVM picks the ABI from that
/// entry and reports an error where there is none (MPIImplTraits::get
/// queries it with emitError set) before it defaults to MPICH anyway.
/// Fixed upstream by llvm-project pull request 178870 (after 22).
void setDefaultMPIImplementation(ModuleOp module);

} // namespace slice
} // namespace mlir

#endif // SLICE_COMPAT_MPI_H
