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

# Compiler launcher for both builds: ccache (scripts/install-deps.sh
# installs it) with its cache outside the clone ($SLICE_CCACHE_DIR, default
# ccache's own ~/.cache/ccache), so that a fresh clone on the same machine
# (CI's) reuses what an earlier build compiled. base_dir is the clone, so
# that the paths ccache hashes and passes on are relative to it; the
# directory is not hashed (the sanitizer build's line tables would name it).
# SLICE_CCACHE=0 builds without it. Prints CMake arguments, one a line.
slice_launcher_args() {
  local root=$1 ccache
  [ "${SLICE_CCACHE:-1}" != 0 ] || return 0
  ccache=$(command -v ccache) || return 0
  local launcher="/usr/bin/env;CCACHE_BASEDIR=$root;CCACHE_NOHASHDIR=true"
  launcher+=";CCACHE_DIR=${SLICE_CCACHE_DIR:-${CCACHE_DIR:-$HOME/.cache/ccache}}"
  launcher+=";CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime"
  launcher+=";$ccache"
  echo "-DCMAKE_C_COMPILER_LAUNCHER=$launcher"
  echo "-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher"
}
