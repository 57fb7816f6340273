#!/usr/bin/env bash
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Installs what slice needs from Debian's packages, if anything is missing:
# LLVM/MLIR 22 (libMLIR.so, libLLVM.so, mlir-tblgen, lit, FileCheck),
# CMake + Ninja + a C++17 compiler, GoogleTest and NumPy (for the oracle),
# LLVM's OpenMP runtime (for copies on several threads), clang-22 with its
# sanitizer and libFuzzer runtimes (the sanitizer build and the fuzzers),
# zstd's headers (LLVM's CMake package needs them to describe its static
# component libraries, which the component route links).
# With --bench, also the benchmark's peers: PyTorch and Eigen (bench/run.sh).
set -euo pipefail

packages=(
  cmake ninja-build g++ python3 python3-numpy libgtest-dev
  clang-22 libclang-rt-22-dev clang-format-22
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools libomp-22-dev
  libzstd-dev
  # --slice-to-llvm="spmd=true" programs call MPI; MLIR's MPIToLLVM
  # targets MPICH's ABI by default (docs/sharding.md).
  mpich libmpich-dev
  # Both builds compile through ccache (scripts/env.sh).
  ccache
)
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/scripts/env.sh"
if [ "$SLICE_LLVM_PREFIX" != /usr/lib/llvm-22 ]; then
  # Another LLVM/MLIR 22 installation: Debian's is not needed.
  packages=(cmake ninja-build g++ python3 python3-numpy libgtest-dev libzstd-dev
            mpich libmpich-dev ccache)
fi
if [ "${1:-}" = --bench ]; then
  packages+=(python3-torch libeigen3-dev)
fi
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "slice: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
