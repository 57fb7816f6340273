#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Builds everything the GPU checks run, ahead of time, into one folder
# (build/gpu-bundle by default) that a machine with an NVIDIA GPU runs with
# nothing but its driver and python3:
#   tests/   the executed GPU tests (test/Integration/GPU/gpu_exec.py: the
#            CPU value tests' cases and 200 random specs, static and
#            dynamic, slices as views and copies), checked against NumPy;
#   bench/   the GPU benchmark (bench/gpu: cases a-f on 256 MiB and 1 GiB
#            inputs against cudaMemcpy device-to-device);
#   run.sh   runs both: `bash run.sh [OUT]` prints `N passed, N failed` for
#            the tests and writes OUT/gpu-bench.jsonl (default: the bundle).
# Kernels are fatbins: a cubin for SLICE_GPU_CHIP (default sm_90, Hopper)
# plus its PTX, which the driver JIT-compiles on newer chips. For Ampere
# set SLICE_GPU_CHIP=sm_80.
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
  --slice-opt "$build/bin/slice-opt" --count 200 --chip "$chip"
cp "$root/test/Integration/GPU/gpu_exec.py" "$bundle/tests/"

echo "== the GPU benchmark" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$SLICE_PYTHON" "$root/bench/gpu/gen.py" "$work"
CUDA_PATH=$cuda bash "$root/scripts/compile-gpu-aot.sh" "$work/ours_gpu.mlir" \
  "$bundle/bench/gpu-bench" "format=fatbin chip=$chip" \
  "$root/bench/gpu/harness.c" -I"$work" -I"$cuda/include" \
  "$cuda/lib64/libcudart_static.a" -lrt

cat > "$bundle/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs the GPU tests and benchmark of this bundle (scripts/gpu-bundle.sh).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:-$here}
mkdir -p "$out"
command -v nvidia-smi >/dev/null && nvidia-smi -L
python3 "$here/tests/gpu_exec.py" run "$here/tests" | tee "$out/gpu-tests.txt"
tests=${PIPESTATUS[0]}
"$here/bench/gpu-bench" | tee "$out/gpu-bench.jsonl"
bench=${PIPESTATUS[0]}
echo "tests exit $tests, benchmark exit $bench"
[ "$tests" = 0 ] && [ "$bench" = 0 ]
RUN
chmod +x "$bundle/run.sh"
du -sh "$bundle" >&2
echo "bundle ready: run it on a GPU machine with: bash $bundle/run.sh" >&2
