// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

// The emulated device: a test-only libcuda.so.1 whose kernels are the
// modules' own PTX, executed by the interpreter of Ptx.cpp for every thread
// of the grid, with every global access checked as compute-sanitizer's
// memcheck does. Device memory is host memory (so host code may copy to
// and from it with plain pointers, as unified addressing allows), filled
// with a poison pattern when allocated and surrounded by unregistered red
// zones.
//
// Never installed and never linked by the product: a program runs on it
// with LD_LIBRARY_PATH=<build>/lib/emulated-device (docs/gpu.md).
//
// Environment:
//   SLICE_EMULATED_DEVICE_STATS=FILE  append one JSON line per launch with
//       the access counts (requests, 32-byte sectors, bytes) of its global
//       loads and stores;
//   SLICE_EMULATED_DEVICE_MAX_STEPS=N warp instructions a launch may run
//       before it is stopped (default 2^32).
#include "Ptx.h"

#include <cuda.h>
#ifdef SLICE_HAVE_ZSTD
#include <zstd.h>
#endif

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {
/// Every allocation carries this many unregistered bytes on each side, so
/// that an overflow into a neighbouring allocation is still reported.
constexpr size_t redZone = 256;
constexpr unsigned char poison = 0xA5;

struct Function {
  const emu::Module *module;
  const emu::Kernel *kernel;
};

struct State {
  std::mutex lock;
  bool initialized = false;
  emu::MemoryMap memory;
  std::map<CUmodule, std::unique_ptr<emu::Module>> modules;
  std::map<CUfunction, std::unique_ptr<Function>> functions;
  // Blocks from cuMemAlloc: the user pointer -> what malloc returned.
  std::map<uintptr_t, void *> blocks;
};

State &state() {
  static State *s = new State; // never destroyed: modules unload at exit
  return *s;
}

CUresult fail(CUresult result, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
CUresult fail(CUresult result, const char *format, ...) {
  va_list args;
  va_start(args, format);
  fputs("emulated-device: ", stderr);
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
  va_end(args);
  return result;
}

const char *errorName(CUresult error) {
  switch (error) {
  case CUDA_SUCCESS:
    return "CUDA_SUCCESS";
  case CUDA_ERROR_INVALID_VALUE:
    return "CUDA_ERROR_INVALID_VALUE";
  case CUDA_ERROR_OUT_OF_MEMORY:
    return "CUDA_ERROR_OUT_OF_MEMORY";
  case CUDA_ERROR_NOT_INITIALIZED:
    return "CUDA_ERROR_NOT_INITIALIZED";
  case CUDA_ERROR_INVALID_IMAGE:
    return "CUDA_ERROR_INVALID_IMAGE";
  case CUDA_ERROR_INVALID_PTX:
    return "CUDA_ERROR_INVALID_PTX";
  case CUDA_ERROR_NOT_FOUND:
    return "CUDA_ERROR_NOT_FOUND";
  case CUDA_ERROR_ILLEGAL_ADDRESS:
    return "CUDA_ERROR_ILLEGAL_ADDRESS";
  case CUDA_ERROR_MISALIGNED_ADDRESS:
    return "CUDA_ERROR_MISALIGNED_ADDRESS";
  case CUDA_ERROR_LAUNCH_TIMEOUT:
    return "CUDA_ERROR_LAUNCH_TIMEOUT";
  case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    return "CUDA_ERROR_ILLEGAL_INSTRUCTION";
  case CUDA_ERROR_INVALID_HANDLE:
    return "CUDA_ERROR_INVALID_HANDLE";
  case CUDA_ERROR_NOT_SUPPORTED:
    return "CUDA_ERROR_NOT_SUPPORTED";
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
    return "CUDA_ERROR_NO_BINARY_FOR_GPU";
  default:
    return nullptr;
  }
}

/// The PTX of a fatbin (magic 0xBA55ED50): its first PTX entry. Entry
/// header, as the CUDA toolkit's fatbinary writes it (little-endian): kind
/// (u16 at 0; 1: PTX, 2: ELF), header size (u32 at 4), payload size (u64
/// at 8), compressed size (u32 at 16), flags (u64 at 40; 0x8000: the
/// payload is a zstd frame, CUDA 13's default; 0x2000: the older LZ
/// compression), uncompressed size (u64 at 56).
CUresult ptxOfFatbin(const unsigned char *image, std::string &ptx) {
  uint16_t headerSize;
  uint64_t fatSize;
  memcpy(&headerSize, image + 6, 2);
  memcpy(&fatSize, image + 8, 8);
  const unsigned char *entry = image + headerSize, *end = entry + fatSize;
  bool unreadable = false, cubin = false;
  while (entry + 64 <= end) {
    uint16_t kind;
    uint32_t entryHeader, compressedSize;
    uint64_t payload, flags, size = 0;
    memcpy(&kind, entry, 2);
    memcpy(&entryHeader, entry + 4, 4);
    memcpy(&payload, entry + 8, 8);
    memcpy(&compressedSize, entry + 16, 4);
    memcpy(&flags, entry + 40, 8);
    memcpy(&size, entry + 56, 8);
    if (entryHeader < 64 || entry + entryHeader + payload > end)
      break;
    const unsigned char *data = entry + entryHeader;
    if (kind == 1 && (flags & 0x8000)) {
#ifdef SLICE_HAVE_ZSTD
      // Read only when the frame decompresses to exactly the size the
      // header declares.
      ptx.resize(size);
      size_t got = compressedSize <= payload && size
                       ? ZSTD_decompress(ptx.data(), size, data, compressedSize)
                       : 0;
      if (!ZSTD_isError(got) && got == size) {
        ptx.resize(strnlen(ptx.data(), size));
        return CUDA_SUCCESS;
      }
#endif
      unreadable = true;
    } else if (kind == 1 && (flags & 0x2000)) {
      unreadable = true;
    } else if (kind == 1) {
      ptx.assign((const char *)data, strnlen((const char *)data, payload));
      return CUDA_SUCCESS;
    } else if (kind == 2) {
      cubin = true;
    }
    entry += entryHeader + payload;
  }
  if (unreadable)
    return fail(CUDA_ERROR_NOT_SUPPORTED,
                "the fatbin's PTX is compressed in a form the emulated device "
                "does not read: build the kernels with format=isa (PTX "
                "text)");
  if (cubin)
    return fail(CUDA_ERROR_NO_BINARY_FOR_GPU,
                "the fatbin holds only cubins (SASS), which the emulated "
                "device cannot execute: build the kernels with format=isa");
  return fail(CUDA_ERROR_INVALID_IMAGE, "malformed fatbin");
}

CUresult load(CUmodule *module, const void *image) {
  if (!module || !image)
    return CUDA_ERROR_INVALID_VALUE;
  const auto *bytes = static_cast<const unsigned char *>(image);
  uint32_t magic;
  memcpy(&magic, bytes, 4);
  std::string ptx;
  if (magic == 0xBA55ED50u) {
    if (CUresult r = ptxOfFatbin(bytes, ptx))
      return r;
  } else if (memcmp(bytes,
                    "\x7f"
                    "ELF",
                    4) == 0) {
    return fail(CUDA_ERROR_NO_BINARY_FOR_GPU,
                "a cubin (SASS) cannot be executed by the emulated device: "
                "build the kernels with format=isa (PTX text)");
  } else {
    ptx = static_cast<const char *>(image);
  }
  State &s = state();
  std::string error;
  auto parsed = emu::Module::parse(ptx, s.memory, error);
  if (!parsed)
    return fail(CUDA_ERROR_INVALID_PTX, "cannot load the PTX: %s",
                error.c_str());
  *module = reinterpret_cast<CUmodule>(parsed.get());
  s.modules[*module] = std::move(parsed);
  return CUDA_SUCCESS;
}

/// Where a host-side copy touches device memory it must stay inside one
/// allocation.
CUresult checkRange(const char *call, CUdeviceptr pointer, size_t bytes) {
  const emu::MemoryMap &memory = state().memory;
  if (bytes && memory.overlapsAny(pointer, bytes) &&
      !memory.contains(pointer, bytes))
    return fail(CUDA_ERROR_INVALID_VALUE,
                "%s: %zu bytes at 0x%llx leave their allocation: %s", call,
                bytes, (unsigned long long)pointer,
                memory.describe(pointer, bytes).c_str());
  return CUDA_SUCCESS;
}

void writeStats(const emu::Kernel &kernel, const unsigned grid[3],
                const unsigned block[3], const emu::LaunchStats &stats) {
  const char *path = getenv("SLICE_EMULATED_DEVICE_STATS");
  if (!path || !*path)
    return;
  FILE *file = fopen(path, "a");
  if (!file)
    return;
  auto counts = [&](const char *name, const emu::AccessCounts &c) {
    fprintf(file,
            ", \"%s\": {\"requests\": %llu, \"sectors\": %llu, \"bytes\": "
            "%llu, \"distinct_sectors\": %llu}",
            name, (unsigned long long)c.requests, (unsigned long long)c.sectors,
            (unsigned long long)c.bytes, (unsigned long long)c.distinctSectors);
  };
  fprintf(file,
          "{\"kernel\": \"%s\", \"grid\": [%u, %u, %u], \"block\": [%u, %u, "
          "%u], \"instructions\": %llu",
          emu::kernelName(kernel).c_str(), grid[0], grid[1], grid[2], block[0],
          block[1], block[2], (unsigned long long)stats.instructions);
  counts("loads", stats.loads);
  counts("stores", stats.stores);
  fputs("}\n", file);
  fclose(file);
}
/// Calls of each driver entry point, by its exported name: what a test
/// reads through sliceEmulatedDeviceWriteCalls to count the driver calls a
/// compiled function makes.
struct Calls {
  std::mutex lock;
  std::map<std::string, unsigned long long> counts;
};

Calls &calls() {
  static Calls *c = new Calls;
  return *c;
}

void countCall(const char *name) {
  Calls &c = calls();
  std::lock_guard<std::mutex> guard(c.lock);
  ++c.counts[name];
}

/// The primary context's handle, and the thread's stack of current
/// contexts, as the driver keeps them: calls that need a context fail
/// without one, so a runtime that forgets to make it current on a thread
/// fails here as on a device.
const CUcontext primaryContext = reinterpret_cast<CUcontext>(0x1);
thread_local std::vector<CUcontext> currentContexts;

/// The default memory pool's handle.
const CUmemoryPool defaultPool = reinterpret_cast<CUmemoryPool>(0x2);
} // namespace

#define LOCKED std::lock_guard<std::mutex> guard(state().lock)
#define NEEDS_INIT                                                             \
  if (!state().initialized)                                                    \
  return CUDA_ERROR_NOT_INITIALIZED
#define NEEDS_CONTEXT                                                          \
  if (currentContexts.empty() || !currentContexts.back())                      \
  return fail(CUDA_ERROR_INVALID_CONTEXT, "%s: no current context", __func__)
#define COUNTED countCall(__func__)

extern "C" {

CUresult cuInit(unsigned flags) {
  COUNTED;
  LOCKED;
  if (flags)
    return CUDA_ERROR_INVALID_VALUE;
  state().initialized = true;
  return CUDA_SUCCESS;
}

CUresult cuDriverGetVersion(int *version) {
  COUNTED;
  if (!version)
    return CUDA_ERROR_INVALID_VALUE;
  *version = 12080;
  return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult error, const char **name) {
  COUNTED;
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  *name = errorName(error);
  return *name ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult error, const char **text) {
  COUNTED;
  if (!text)
    return CUDA_ERROR_INVALID_VALUE;
  *text = errorName(error);
  return *text ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuDeviceGetCount(int *count) {
  COUNTED;
  NEEDS_INIT;
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  COUNTED;
  NEEDS_INIT;
  if (!device || ordinal != 0)
    return CUDA_ERROR_INVALID_VALUE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int length, CUdevice device) {
  COUNTED;
  NEEDS_INIT;
  if (!name || length <= 0 || device != 0)
    return CUDA_ERROR_INVALID_VALUE;
  snprintf(name, (size_t)length, "slice emulated device (PTX interpreter)");
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                              CUdevice device) {
  COUNTED;
  NEEDS_INIT;
  if (!value || device != 0)
    return CUDA_ERROR_INVALID_VALUE;
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = 9;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *value = 0;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y:
    *value = 1024;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z:
    *value = 64;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X:
    *value = 0x7fffffff;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z:
    *value = 65535;
    break;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
    *value = 32;
    break;
  case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING:
  case CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED:
    *value = 1;
    break;
  default:
    *value = 0;
    break;
  }
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  COUNTED;
  NEEDS_INIT;
  if (!context || device != 0)
    return CUDA_ERROR_INVALID_VALUE;
  *context = primaryContext;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice) {
  COUNTED;
  return CUDA_SUCCESS;
}
CUresult cuCtxPushCurrent_v2(CUcontext context) {
  COUNTED;
  if (context != primaryContext)
    return CUDA_ERROR_INVALID_CONTEXT;
  currentContexts.push_back(context);
  return CUDA_SUCCESS;
}
CUresult cuCtxPopCurrent_v2(CUcontext *context) {
  COUNTED;
  if (currentContexts.empty())
    return CUDA_ERROR_INVALID_CONTEXT;
  if (context)
    *context = currentContexts.back();
  currentContexts.pop_back();
  return CUDA_SUCCESS;
}
CUresult cuCtxSetCurrent(CUcontext context) {
  COUNTED;
  if (context && context != primaryContext)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (currentContexts.empty())
    currentContexts.push_back(context);
  else
    currentContexts.back() = context;
  return CUDA_SUCCESS;
}
CUresult cuCtxGetCurrent(CUcontext *context) {
  COUNTED;
  if (!context)
    return CUDA_ERROR_INVALID_VALUE;
  *context = currentContexts.empty() ? nullptr : currentContexts.back();
  return CUDA_SUCCESS;
}
CUresult cuCtxSynchronize() {
  COUNTED;
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  COUNTED;
  LOCKED;
  NEEDS_INIT;
  NEEDS_CONTEXT;
  return load(module, image);
}

CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned,
                            CUjit_option *, void **) {
  COUNTED;
  LOCKED;
  NEEDS_INIT;
  NEEDS_CONTEXT;
  return load(module, image);
}

CUresult cuModuleUnload(CUmodule module) {
  COUNTED;
  LOCKED;
  State &s = state();
  auto found = s.modules.find(module);
  if (found == s.modules.end())
    return CUDA_ERROR_INVALID_HANDLE;
  for (auto it = s.functions.begin(); it != s.functions.end();)
    it = it->second->module == found->second.get() ? s.functions.erase(it)
                                                   : std::next(it);
  s.modules.erase(found);
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name) {
  COUNTED;
  LOCKED;
  NEEDS_CONTEXT;
  auto found = state().modules.find(module);
  if (found == state().modules.end() || !function || !name)
    return CUDA_ERROR_INVALID_VALUE;
  const emu::Kernel *kernel = found->second->kernel(name);
  if (!kernel)
    return fail(CUDA_ERROR_NOT_FOUND, "no kernel named %s in the module", name);
  auto f = std::make_unique<Function>(Function{found->second.get(), kernel});
  *function = reinterpret_cast<CUfunction>(f.get());
  state().functions[*function] = std::move(f);
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction function, unsigned gx, unsigned gy,
                        unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned sharedBytes, CUstream, void **params,
                        void **extra) {
  COUNTED;
  LOCKED;
  NEEDS_CONTEXT;
  auto known = state().functions.find(function);
  if (known == state().functions.end())
    return CUDA_ERROR_INVALID_HANDLE;
  const Function *f = known->second.get();
  const std::string &name = emu::kernelName(*f->kernel);
  unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
  // The limits a real device checks before anything runs.
  if (!gx || !gy || !gz || gx > 0x7fffffffu || gy > 65535 || gz > 65535)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "kernel %s: invalid grid %u x %u x %u", name.c_str(), gx, gy,
                gz);
  unsigned long long threads = (unsigned long long)bx * by * bz;
  if (!bx || !by || !bz || bx > 1024 || by > 1024 || bz > 64 || threads > 1024)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "kernel %s: invalid block %u x %u x %u", name.c_str(), bx, by,
                bz);
  if (const unsigned *limit = emu::maxThreads(*f->kernel))
    if (bx > limit[0] || by > limit[1] || bz > limit[2] ||
        threads > (unsigned long long)limit[0] * limit[1] * limit[2])
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "kernel %s: block %u x %u x %u exceeds its .maxntid %u, "
                  "%u, %u",
                  name.c_str(), bx, by, bz, limit[0], limit[1], limit[2]);
  const emu::ParamLayout &layout = emu::paramLayout(*f->kernel);
  std::vector<uint8_t> bytes(layout.bytes);
  if (params) {
    for (size_t i = 0; i < layout.sizes.size(); ++i) {
      if (!params[i])
        return fail(CUDA_ERROR_INVALID_VALUE,
                    "kernel %s: kernelParams[%zu] is null", name.c_str(), i);
      memcpy(bytes.data() + layout.offsets[i], params[i], layout.sizes[i]);
    }
  } else if (extra) {
    void *buffer = nullptr;
    size_t size = 0;
    for (size_t i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
      if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
        buffer = extra[i + 1];
      else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE)
        size = *static_cast<size_t *>(extra[i + 1]);
    }
    if (!buffer || size < layout.bytes)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "kernel %s: the extra parameter buffer holds %zu bytes, "
                  "the kernel takes %zu",
                  name.c_str(), size, layout.bytes);
    memcpy(bytes.data(), buffer, layout.bytes);
  } else if (layout.bytes) {
    return fail(CUDA_ERROR_INVALID_VALUE,
                "kernel %s takes %zu parameters, none were given", name.c_str(),
                layout.sizes.size());
  }
  emu::LaunchStats stats;
  emu::LaunchResult result =
      emu::launch(*f->module, *f->kernel, grid, block, sharedBytes, bytes,
                  state().memory, stats);
  writeStats(*f->kernel, grid, block, stats);
  switch (result) {
  case emu::LaunchResult::Success:
    return CUDA_SUCCESS;
  case emu::LaunchResult::IllegalAddress:
    return CUDA_ERROR_ILLEGAL_ADDRESS;
  case emu::LaunchResult::MisalignedAddress:
    return CUDA_ERROR_MISALIGNED_ADDRESS;
  case emu::LaunchResult::Timeout:
    return CUDA_ERROR_LAUNCH_TIMEOUT;
  case emu::LaunchResult::IllegalInstruction:
    return CUDA_ERROR_ILLEGAL_INSTRUCTION;
  }
  return CUDA_ERROR_UNKNOWN;
}

// Everything runs synchronously: streams and events only have to exist.
CUresult cuStreamCreate(CUstream *stream, unsigned) {
  COUNTED;
  NEEDS_CONTEXT;
  if (!stream)
    return CUDA_ERROR_INVALID_VALUE;
  *stream = reinterpret_cast<CUstream>(new char);
  return CUDA_SUCCESS;
}
CUresult cuStreamDestroy_v2(CUstream stream) {
  COUNTED;
  delete reinterpret_cast<char *>(stream);
  return CUDA_SUCCESS;
}
CUresult cuStreamSynchronize(CUstream) {
  COUNTED;
  return CUDA_SUCCESS;
}
CUresult cuStreamWaitEvent(CUstream, CUevent, unsigned) {
  COUNTED;
  return CUDA_SUCCESS;
}
CUresult cuEventCreate(CUevent *event, unsigned) {
  COUNTED;
  if (!event)
    return CUDA_ERROR_INVALID_VALUE;
  *event = reinterpret_cast<CUevent>(new char);
  return CUDA_SUCCESS;
}
CUresult cuEventDestroy_v2(CUevent event) {
  COUNTED;
  delete reinterpret_cast<char *>(event);
  return CUDA_SUCCESS;
}
CUresult cuEventRecord(CUevent, CUstream) {
  COUNTED;
  return CUDA_SUCCESS;
}
CUresult cuEventSynchronize(CUevent) {
  COUNTED;
  return CUDA_SUCCESS;
}
CUresult cuEventElapsedTime(float *ms, CUevent, CUevent) {
  COUNTED;
  if (!ms)
    return CUDA_ERROR_INVALID_VALUE;
  *ms = 0;
  return CUDA_SUCCESS;
}

static CUresult allocate(CUdeviceptr *pointer, size_t bytes,
                         emu::AllocationKind kind) {
  LOCKED;
  NEEDS_INIT;
  NEEDS_CONTEXT;
  if (!pointer || !bytes)
    return CUDA_ERROR_INVALID_VALUE; // as the driver: no 0-byte allocation
  size_t padded = (bytes + 255) / 256 * 256;
  void *block = aligned_alloc(256, padded + 2 * redZone);
  if (!block)
    return CUDA_ERROR_OUT_OF_MEMORY;
  memset(block, poison, padded + 2 * redZone);
  uintptr_t user = reinterpret_cast<uintptr_t>(block) + redZone;
  state().memory.add(user, bytes, kind);
  state().blocks[user] = block;
  *pointer = user;
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  COUNTED;
  return allocate(pointer, bytes, emu::AllocationKind::Device);
}
CUresult cuMemAllocManaged(CUdeviceptr *pointer, size_t bytes, unsigned) {
  COUNTED;
  return allocate(pointer, bytes, emu::AllocationKind::Managed);
}

static CUresult release(const char *call, CUdeviceptr pointer) {
  LOCKED;
  NEEDS_CONTEXT;
  State &s = state();
  if (!pointer)
    return CUDA_SUCCESS;
  auto it = s.blocks.find(pointer);
  if (it == s.blocks.end())
    return fail(CUDA_ERROR_INVALID_VALUE,
                "%s of 0x%llx, which is no live allocation", call,
                (unsigned long long)pointer);
  s.memory.remove(pointer);
  free(it->second);
  s.blocks.erase(it);
  return CUDA_SUCCESS;
}

CUresult cuMemFree_v2(CUdeviceptr pointer) {
  COUNTED;
  return release("cuMemFree", pointer);
}

// The default memory pool. Its blocks are allocated and freed as
// cuMemAlloc's (work completes at once, so a stream-ordered free takes
// effect when it is called), which keeps every access to a freed block an
// error.
CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *pool, CUdevice device) {
  COUNTED;
  NEEDS_INIT;
  if (!pool || device != 0)
    return CUDA_ERROR_INVALID_VALUE;
  *pool = defaultPool;
  return CUDA_SUCCESS;
}
CUresult cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute,
                               void *value) {
  COUNTED;
  return pool == defaultPool && value ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
CUresult cuMemAllocFromPoolAsync(CUdeviceptr *pointer, size_t bytes,
                                 CUmemoryPool pool, CUstream) {
  COUNTED;
  if (pool != defaultPool)
    return CUDA_ERROR_INVALID_VALUE;
  return allocate(pointer, bytes, emu::AllocationKind::Device);
}
CUresult cuMemAllocAsync(CUdeviceptr *pointer, size_t bytes, CUstream) {
  COUNTED;
  return allocate(pointer, bytes, emu::AllocationKind::Device);
}
CUresult cuMemFreeAsync(CUdeviceptr pointer, CUstream) {
  COUNTED;
  return release("cuMemFreeAsync", pointer);
}

static CUresult copy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  LOCKED;
  if (CUresult r = checkRange("cuMemcpy (destination)", dst, bytes))
    return r;
  if (CUresult r = checkRange("cuMemcpy (source)", src, bytes))
    return r;
  if (bytes)
    memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
            bytes);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       CUstream) {
  COUNTED;
  return copy(dst, src, bytes);
}
CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  COUNTED;
  return copy(dst, src, bytes);
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) {
  COUNTED;
  return copy(dst, reinterpret_cast<CUdeviceptr>(src), bytes);
}
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
  COUNTED;
  return copy(reinterpret_cast<CUdeviceptr>(dst), src, bytes);
}

static CUresult fill(const char *call, CUdeviceptr dst, unsigned value,
                     size_t size, size_t count) {
  LOCKED;
  if (dst % size)
    return fail(CUDA_ERROR_INVALID_VALUE, "%s: 0x%llx is misaligned", call,
                (unsigned long long)dst);
  if (CUresult r = checkRange(call, dst, count * size))
    return r;
  for (size_t i = 0; i < count; ++i)
    memcpy(reinterpret_cast<char *>(dst) + i * size, &value, size);
  return CUDA_SUCCESS;
}
CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t count,
                          CUstream) {
  COUNTED;
  return fill("cuMemsetD32", dst, value, 4, count);
}
CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t count,
                          CUstream) {
  COUNTED;
  return fill("cuMemsetD16", dst, value, 2, count);
}
CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t count,
                         CUstream) {
  COUNTED;
  return fill("cuMemsetD8", dst, value, 1, count);
}

CUresult cuMemHostRegister_v2(void *pointer, size_t bytes, unsigned) {
  COUNTED;
  LOCKED;
  if (!pointer || !bytes)
    return CUDA_ERROR_INVALID_VALUE;
  state().memory.add(reinterpret_cast<uintptr_t>(pointer), bytes,
                     emu::AllocationKind::HostRegistered);
  return CUDA_SUCCESS;
}
CUresult cuMemHostUnregister(void *pointer) {
  COUNTED;
  LOCKED;
  const emu::Allocation *a =
      state().memory.find(reinterpret_cast<uintptr_t>(pointer));
  if (!a || a->kind != emu::AllocationKind::HostRegistered)
    return CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
  state().memory.remove(reinterpret_cast<uintptr_t>(pointer));
  return CUDA_SUCCESS;
}

// Not the driver's: the counts of driver calls, for tests (a program finds
// these with dlopen("libcuda.so.1", RTLD_NOLOAD) and dlsym).

/// Forgets the calls counted so far.
void sliceEmulatedDeviceResetCalls(void) {
  Calls &c = calls();
  std::lock_guard<std::mutex> guard(c.lock);
  c.counts.clear();
}

/// The calls of the entry point `name` (its exported name) since the last
/// reset, or of all of them for a null `name`.
unsigned long long sliceEmulatedDeviceCalls(const char *name) {
  Calls &c = calls();
  std::lock_guard<std::mutex> guard(c.lock);
  unsigned long long total = 0;
  for (const auto &[entry, count] : c.counts)
    if (!name || entry == name)
      total += count;
  return total;
}

/// Writes the calls counted since the last reset as one JSON object, the
/// entry points' exported names to their counts, and a newline.
void sliceEmulatedDeviceWriteCalls(FILE *file) {
  Calls &c = calls();
  std::lock_guard<std::mutex> guard(c.lock);
  fputc('{', file);
  const char *separator = "";
  for (const auto &[name, count] : c.counts) {
    fprintf(file, "%s\"%s\": %llu", separator, name.c_str(), count);
    separator = ", ";
  }
  fputs("}\n", file);
}

} // extern "C"
