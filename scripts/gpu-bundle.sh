#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Builds everything the GPU machine runs, ahead of time, into one folder
# (build/gpu-bundle by default) that a machine with an NVIDIA GPU runs with
# nothing but its driver and python3 (PyTorch and NumPy where present):
#   tests/   the executed GPU tests (test/Integration/GPU/gpu_exec.py: the
#            CPU value tests' cases, 1,000 random specs and 500 random
#            updates, each static and dynamic, slices as views and copies),
#            checked against NumPy;
#   errors/  the element-wise program of test/Integration/GPU/elementwise.test
#            and its expected output: values, and the run-time errors
#            (a zero stride, a shrink index out of range) that must stop
#            the program with the check's message;
#   bench/   the GPU benchmark (bench/gpu: cases a-f on 256 MiB and 1 GiB
#            inputs, slices, updates and an element-wise op on the slice,
#            against cudaMemcpy device-to-device) and PyTorch's side of it
#            (bench/gpu/torch_bench.py);
#   programs/ the whole-program benchmark (bench/programs): ours through
#            --slice-to-nvvm (gpu.py build), PyTorch's side on the GPU,
#            eager and torch.compile'd, and the CPU sides (ours for any
#            x86-64-v3 CPU, NumPy, PyTorch, torch.compile);
#   cpu/     the CPU copy benchmark's harnesses (bench/run.sh, for any
#            x86-64-v3 CPU, with the OpenMP and runner-utils libraries they
#            load), NumPy's and PyTorch's side, to run on all the cores;
#   run.sh   runs it all: `bash run.sh OUT` writes OUT/summary.txt and one
#            file of results for each part, each part under a time limit.
# Kernels are fatbins: a cubin for SLICE_GPU_CHIP (default sm_90, Hopper)
# plus its PTX, which the driver JIT-compiles on newer chips. For Ampere
# set SLICE_GPU_CHIP=sm_80. SLICE_GPU_COUNT (1000) and
# SLICE_GPU_UPDATE_COUNT (500) size the random sets.
# Usage: scripts/gpu-bundle.sh [DIR]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/env.sh"
build=${SLICE_BUILD_DIR:-$root/build}
bundle=${1:-$build/gpu-bundle}
cuda=${CUDA_PATH:-/usr/local/cuda}
chip=${SLICE_GPU_CHIP:-sm_90}
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh" >/dev/null
if [ ! -f "$build/lib/libslice_cuda_runtime.a" ]; then
  echo "gpu-bundle.sh: no CUDA toolkit was found at build time ($cuda)" >&2
  exit 1
fi
rm -rf "$bundle"
mkdir -p "$bundle/tests" "$bundle/bench"

echo "== the executed GPU tests" >&2
"$SLICE_PYTHON" "$root/test/Integration/GPU/gpu_exec.py" build "$bundle/tests" \
  --slice-opt "$build/bin/slice-opt" --count "${SLICE_GPU_COUNT:-1000}" \
  --update-count "${SLICE_GPU_UPDATE_COUNT:-500}" --chip "$chip"
cp "$root/test/Integration/GPU/gpu_exec.py" "$root/test/Integration/check_no_wrap.py" \
  "$bundle/tests/"

echo "== the device path's run-time errors" >&2
mkdir -p "$bundle/errors"
bash "$root/scripts/compile-gpu-aot.sh" \
  "$root/test/Integration/GPU/Inputs/elementwise.mlir" "$bundle/errors/prog" \
  "format=fatbin chip=$chip" "$root/test/Integration/GPU/Inputs/elementwise_main.c"
"$SLICE_PYTHON" "$root/test/Integration/GPU/Inputs/elementwise_expected.py" \
  > "$bundle/errors/expected"

echo "== the GPU benchmark" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$SLICE_PYTHON" "$root/bench/gpu/gen.py" "$work"
CUDA_PATH=$cuda bash "$root/scripts/compile-gpu-aot.sh" "$work/ours_gpu.mlir" \
  "$bundle/bench/gpu-bench" "format=fatbin chip=$chip" \
  "$root/bench/gpu/harness.c" -I"$work" -I"$cuda/include" \
  "$cuda/lib64/libcudart_static.a" -lrt -lm
cp "$root/bench/cases.py" "$root/bench/gpu/gen.py" \
  "$root/bench/gpu/torch_bench.py" "$bundle/bench/"

echo "== the whole-program benchmark" >&2
mkdir -p "$bundle/programs"
"$SLICE_PYTHON" "$root/bench/programs/gpu.py" build "$work/programs" --chip "$chip"
cp "$work/programs/programs_gpu" "$bundle/programs/"
SLICE_AOT_CPU=x86-64-v3 SLICE_BENCH_BUILD_ONLY=1 bash "$root/bench/programs/run.sh"
cp "$root/bench/programs/out/harness" "$root/bench/programs/out/libevict.so" \
  "$root/bench/programs/programs.py" "$root/bench/caches.py" "$bundle/programs/"

echo "== the CPU benchmark's harnesses" >&2
# The configuration bench/gpu/report.py describes: copies of 4 MiB or more
# on threads.
SLICE_BENCH_CPU=x86-64-v3 SLICE_BENCH_BUILD_ONLY=1 SLICE_BENCH_PARALLEL_BYTES=4194304 \
  bash "$root/bench/run.sh"
mkdir -p "$bundle/cpu/lib"
cp "$root/bench/out/harness" "$root/bench/out/update_harness" \
  "$root/bench/numpy_bench.py" "$root/bench/cases.py" "$root/bench/caches.py" \
  "$bundle/cpu/"
cp -L "$SLICE_LLVM_PREFIX/lib/libomp.so.5" \
  "$SLICE_LLVM_PREFIX"/lib/libmlir_c_runner_utils.so.2* \
  "$SLICE_LLVM_PREFIX"/lib/libmlir_float16_utils.so.2* "$bundle/cpu/lib/"
# Debian's runner-utils library names libMLIR and libLLVM (through
# libmlir_apfloat_wrappers too), 200 MiB that memrefCopy never calls:
# empty libraries of those names stand in (its symbols bind lazily).
stub=$(mktemp -d)
: > "$stub/empty.c"
for soname in libMLIR.so libLLVM.so libmlir_apfloat_wrappers.so; do
  version=$(basename "$(readlink -f "$SLICE_LLVM_PREFIX/lib/$soname")")
  version=${version#"$soname"}
  cc -shared -o "$bundle/cpu/lib/$soname$version" "$stub/empty.c" \
    -Wl,-soname,"$soname$version"
done
rm -rf "$stub"
cp "$root/bench/gpu/torch_bench.py" "$bundle/cpu/"

cp "$root/scripts/gpu-run.sh" "$bundle/run.sh"
chmod +x "$bundle/run.sh"
du -sh "$bundle" >&2
echo "bundle ready: run it on a GPU machine with: bash $bundle/run.sh OUT" >&2
