// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// The emulated device's PTX: a parser for the PTX that LLVM's NVPTX back end
// writes (PTX ISA 8.x, sm_80 / sm_90) and an interpreter that executes a
// kernel for every thread of a grid, checking every global access against
// the live allocations (MemoryMap) and its natural alignment.
//
// Test-only: this is the instrument behind the emulated libcuda.so.1
// (Driver.cpp), never a product path. Free of CUDA and LLVM headers.
#ifndef SLICE_EMULATED_DEVICE_PTX_H
#define SLICE_EMULATED_DEVICE_PTX_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace emu {

/// Where a range of memory came from, for the checks' messages.
enum class AllocationKind { Device, HostRegistered, Managed, ModuleGlobal };

struct Allocation {
  size_t size;
  AllocationKind kind;
};

/// The live allocations a kernel may touch, by base address.
class MemoryMap {
public:
  void add(uintptr_t base, size_t size, AllocationKind kind) {
    allocations[base] = {size, kind};
  }
  bool remove(uintptr_t base) { return allocations.erase(base) != 0; }
  const Allocation *find(uintptr_t base) const {
    auto it = allocations.find(base);
    return it == allocations.end() ? nullptr : &it->second;
  }
  /// Whether [address, address + size) lies inside one live allocation.
  bool contains(uintptr_t address, size_t size) const;
  /// Whether the range overlaps any allocation (then it must be contained).
  bool overlapsAny(uintptr_t address, size_t size) const;
  /// "0x... is N bytes past the end of the allocation at 0x... (M bytes)".
  std::string describe(uintptr_t address, size_t size) const;

private:
  std::map<uintptr_t, Allocation> allocations;
};

struct Kernel;

/// One loaded PTX module: its kernels and its module-scope variables.
class Module {
public:
  ~Module();
  /// Parses PTX text; on failure returns null and sets `error` (naming the
  /// line, the instruction and the kernel).
  static std::unique_ptr<Module> parse(const std::string &text,
                                       MemoryMap &memory, std::string &error);
  const Kernel *kernel(const std::string &name) const;

  std::vector<std::unique_ptr<Kernel>> kernels;
  // Module-scope .global/.const variables: their memory, registered in the
  // memory map while the module is loaded.
  std::vector<std::pair<std::string, std::vector<uint8_t> *>> globals;
  MemoryMap *memory = nullptr;
  // Module-scope .shared variables: offsets in every block's shared memory.
  std::map<std::string, uint64_t> sharedOffsets;
  uint64_t sharedBytes = 0;
};

/// What a kernel's parameters look like to cuLaunchKernel.
struct ParamLayout {
  std::vector<size_t> offsets, sizes;
  size_t bytes = 0;
};
const ParamLayout &paramLayout(const Kernel &kernel);
const std::string &kernelName(const Kernel &kernel);
/// The kernel's .maxntid / .reqntid (x, y, z), or null without one.
const unsigned *maxThreads(const Kernel &kernel);

/// Access counts of one launch, as Nsight Compute counts them: a request is
/// one warp-wide execution of a global load or store, its sectors the
/// distinct 32-byte sectors the active threads touch.
struct AccessCounts {
  uint64_t requests = 0, sectors = 0, bytes = 0;
  /// Distinct sectors over the whole launch: what DRAM would move with
  /// perfect caching.
  uint64_t distinctSectors = 0;
};
struct LaunchStats {
  uint64_t instructions = 0; // warp-wide instruction issues
  AccessCounts loads, stores;
};

enum class LaunchResult {
  Success,
  IllegalAddress,
  MisalignedAddress,
  Timeout,
  IllegalInstruction,
};

/// Runs `kernel` on grid x block threads with the parameter bytes `params`
/// (laid out as paramLayout says). On a fault, writes one line to stderr
/// naming kernel, block, thread, instruction and address.
LaunchResult launch(const Module &module, const Kernel &kernel,
                    const unsigned grid[3], const unsigned block[3],
                    size_t dynamicShared, const std::vector<uint8_t> &params,
                    const MemoryMap &memory, LaunchStats &stats);

} // namespace emu

#endif // SLICE_EMULATED_DEVICE_PTX_H
