# -*- Python -*-
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# lit configuration for the slice regression tests.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "SLICE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "Unit", "Inputs",
                   "lit.local.cfg", "lib"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.slice_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
# The Python with NumPy that CMake was given (Python3_EXECUTABLE; the
# scripts pass Debian's /usr/bin/python3, which sees python3-numpy).
config.substitutions.append(("%python", config.host_python))
# The LLVM/MLIR this build uses, for tests that configure CMake projects.
config.substitutions.append(("%mlir_cmake_dir", config.mlir_cmake_dir))
config.substitutions.append(("%llvm_cmake_dir", config.llvm_cmake_dir))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))
config.substitutions.append(
    ("%llvm_prefix", os.path.dirname(config.llvm_tools_dir)))
config.substitutions.append(("%slice_src_root", config.slice_src_root))
config.substitutions.append(("%slice_obj_root", config.slice_obj_root))

# Executing lowered modules: mlir-runner with the runner-utils libraries.
# `lit --param valgrind=1` runs every execution under memcheck, which fails
# the test on any invalid read or write (docs/testing.md).
runner_libs = ",".join(
    os.path.join(config.llvm_lib_dir, f"lib{name}{config.llvm_shlib_ext}")
    for name in ["mlir_runner_utils", "mlir_c_runner_utils"])
runner = os.path.join(config.llvm_tools_dir, "mlir-runner")
# Integration tests (programs compiled and run, C and C++ drivers, CMake
# projects: test/{Integration,Examples,CAPI,GPU,Docs}) run unless
# `lit --param integration=0`, as upstream's MLIR_INCLUDE_INTEGRATION_TESTS:
# an IR-only run takes seconds. Command 2 runs them all.
config.slice_integration = lit_config.params.get("integration", "1") != "0"
# `lit --param slow=1` also runs the tests that take minutes
# (test/Examples/static-build.test builds slice a second time).
if lit_config.params.get("slow"):
    config.available_features.add("slow")
if lit_config.params.get("valgrind"):
    suppressions = os.path.join(config.test_source_root, "Integration",
                                "valgrind.supp")
    runner = ("valgrind -q --error-exitcode=99 --leak-check=no "
              f"--suppressions={suppressions} " + runner)
    config.available_features.add("valgrind")
config.substitutions.append(("%mlir_runner_libs", runner_libs))
config.substitutions.append(("%mlir_runner", runner))
# The random differentials' runner (tools/slice-runner): mlir-runner's
# command line, code generated at -O0, a third of mlir-runner's time on their
# modules (mlir-runner 22 generates code at -O2 whatever its -O says). Their
# values check the lowering; optimized code generation stays tested by the
# hand-written value tests (mlir-runner) and the AOT modes (-O3). A build
# without mlir::ExecutionEngine has no slice-runner: they use mlir-runner.
slice_runner = os.path.join(config.slice_tools_dir, "slice-runner")
if not os.path.exists(slice_runner):
    slice_runner = runner
elif lit_config.params.get("valgrind"):
    slice_runner = runner.replace(
        os.path.join(config.llvm_tools_dir, "mlir-runner"), slice_runner)
config.substitutions.append(("%slice_runner", slice_runner))
# %mlir_run_omp also loads LLVM's OpenMP runtime, for modules lowered with
# --slice-to-llvm's parallel-bytes (listed before the shorter name).
omp_lib = os.path.join(config.llvm_lib_dir, f"libomp{config.llvm_shlib_ext}")
config.substitutions.append((
    "%mlir_run_omp",
    f"{runner} -e main -entry-point-result=void "
    f"-shared-libs={runner_libs},{omp_lib}"))
config.substitutions.append((
    "%mlir_run",
    f"{runner} -e main -entry-point-result=void -shared-libs={runner_libs}"))

# The GPU kernels' loops (--slice-copies-to-gpu), run on the CPU: the same
# scf.parallel nests, index arithmetic, alignment choices and vector
# accesses, lowered by the CPU back end instead of NVVM. This checks the
# kernels' logic on machines without a GPU.
cpu_tail = ("func.func(slice-copies-to-gpu,convert-linalg-to-loops,"
            "expand-strided-metadata,lower-affine,convert-scf-to-cf),"
            "slice-assert-to-stderr,func.func(slice-finalize-bodies-to-llvm),"
            "slice-finalize-to-llvm,"
            "reconcile-unrealized-casts")
# The CPU pipeline's own front end (--slice-to-buffers), so that these
# tests follow it.
front = "slice-to-buffers{{slices={slices}}},"
config.substitutions.append((
    "%gpu_loops_on_cpu_copies",
    "'--pass-pipeline=builtin.module(" +
    front.format(slices="copy") + cpu_tail + ")'"))
config.substitutions.append((
    "%gpu_loops_on_cpu_views",
    "'--pass-pipeline=builtin.module(" +
    front.format(slices="view") + cpu_tail + ")'"))
config.substitutions.append((
    "%gpu_loops_on_cpu_buffers",
    "'--pass-pipeline=builtin.module(" + cpu_tail + ")'"))

# The style check (test/Style): LLVM 22's clang-format, from the LLVM this
# build uses or PATH.
clang_format = shutil.which("clang-format", path=config.llvm_tools_dir) or \
    shutil.which("clang-format-22")
if clang_format:
    config.available_features.add("clang-format")
    config.substitutions.append(("%clang_format", clang_format))

# GPU features: `ptxas` (PTX assembles), `cuda-runtime` (the slice CUDA
# runtime was built: GPU programs link), `cuda-device` (they also run: an
# NVIDIA driver with a device).
ptxas = shutil.which("ptxas", path=os.pathsep.join(
    [config.cuda_path, "/usr/local/cuda/bin", os.environ.get("PATH", "")]))
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
    # The toolkit holding it, for --slice-to-nvvm's cuda-path.
    config.substitutions.append(
        ("%cuda_path", os.path.dirname(os.path.dirname(ptxas))))
if config.slice_cuda_runtime:
    config.available_features.add("cuda-runtime")
# C programs that link our code (the C API test, the AOT programs with the
# CUDA runtime, the embedding example). In a sanitizer build they must link
# the sanitizer runtimes too, with the compiler that built our code.
cc = shutil.which("cc") or "cc"
embed_cmake_args = ""
if config.slice_sanitizer:
    san_flags = "-fsanitize=address,undefined"
    cc = f"{config.c_compiler} {san_flags}"
    embed_cmake_args = (f"-DCMAKE_CXX_COMPILER={config.cxx_compiler} "
                        f"-DCMAKE_EXE_LINKER_FLAGS={san_flags}")
    config.available_features.add("sanitizer")
    # The random differentials run the first 10% of the release build's
    # programs, specs and modules (at least one batch of each mode, every
    # pass and pipeline): what this stage adds is slice-opt under ASan and
    # UBSan, and the rest ran against NumPy in the release stage
    # (docs/testing.md).
    config.environment["SLICE_DIFFERENTIAL_SCALE"] = "0.1"
    # Every report fails the test: ASan (leaks included) exits non-zero,
    # UBSan is built with -fno-sanitize-recover=all.
    config.environment["ASAN_OPTIONS"] = (
        "detect_leaks=1:strict_string_checks=1:"
        "detect_stack_use_after_return=1:check_initialization_order=1")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    lsan_supp = os.path.join(config.test_source_root, "lsan.supp")
    config.environment["LSAN_OPTIONS"] = f"suppressions={lsan_supp}"
    # The scripts that link AOT programs (compile-aot.sh, ...) honour $CC.
    config.environment["CC"] = cc
config.substitutions.append(("%cc", cc))
config.substitutions.append(("%embed_cmake_args", embed_cmake_args))
config.substitutions.append(
    ("%llvm_include_dir", os.path.join(os.path.dirname(config.llvm_lib_dir),
                                       "include")))


# MPI programs (--slice-to-llvm="spmd=true"): MPICH's compiler wrapper and
# launcher, whose ABI MLIR's MPIToLLVM targets by default.
mpicc = shutil.which("mpicc.mpich")
mpirun = shutil.which("mpirun.mpich")
if mpicc and mpirun:
    config.available_features.add("mpi")
    config.substitutions.append(("%mpicc", mpicc))
    config.substitutions.append(("%mpirun", mpirun))


def has_cuda_device():
    import ctypes
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    count = ctypes.c_int(0)
    return (cuda.cuInit(0) == 0 and
            cuda.cuDeviceGetCount(ctypes.byref(count)) == 0 and
            count.value > 0)


if config.slice_cuda_runtime and has_cuda_device():
    config.available_features.add("cuda-device")

# The emulated device (runtime/emulated-device): a libcuda.so.1 that runs
# the kernels' PTX with memory checking. GPU programs run on it with
# `env LD_LIBRARY_PATH=%emulated_device`, on every machine.
if config.slice_cuda_runtime and config.slice_emulated_device:
    config.available_features.add("emulated-device")
    config.substitutions.append(
        ("%emulated_device",
         os.path.join(config.slice_obj_root, "lib", "emulated-device")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.slice_tools_dir, config.llvm_tools_dir]
tools = ["slice-opt", "slice-minimal-opt", "slice-spec-eval",
         "slice-lsp-server"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
