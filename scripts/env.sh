# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Sourced by every script: the LLVM/MLIR 22 installation and the Python
# with NumPy that slice builds and tests with. Debian's packages by default;
# set SLICE_LLVM_PREFIX (the directory holding bin/, lib/cmake/mlir, ...)
# and SLICE_PYTHON for another LLVM build or Python.
SLICE_LLVM_PREFIX=${SLICE_LLVM_PREFIX:-/usr/lib/llvm-22}
SLICE_PYTHON=${SLICE_PYTHON:-/usr/bin/python3}
export SLICE_LLVM_PREFIX SLICE_PYTHON
