# -*- Python -*-
# lit configuration for the slice regression tests.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "SLICE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "Unit", "Inputs",
                   "lit.local.cfg"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.slice_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
# NumPy comes from Debian's python3-numpy, which only /usr/bin/python3 sees.
config.substitutions.append(("%python", config.host_python))
config.substitutions.append(("%slice_src_root", config.slice_src_root))
config.substitutions.append(("%slice_obj_root", config.slice_obj_root))

# Executing lowered modules: mlir-runner with the runner-utils libraries.
# `lit --param valgrind=1` runs every execution under memcheck, which fails
# the test on any invalid read or write (docs/testing.md).
runner_libs = ",".join(
    os.path.join(config.llvm_lib_dir, f"lib{name}{config.llvm_shlib_ext}")
    for name in ["mlir_runner_utils", "mlir_c_runner_utils"])
runner = os.path.join(config.llvm_tools_dir, "mlir-runner")
if lit_config.params.get("valgrind"):
    suppressions = os.path.join(config.test_source_root, "Integration",
                                "valgrind.supp")
    runner = ("valgrind -q --error-exitcode=99 --leak-check=no "
              f"--suppressions={suppressions} " + runner)
    config.available_features.add("valgrind")
config.substitutions.append(("%mlir_runner_libs", runner_libs))
config.substitutions.append(("%mlir_runner", runner))
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

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.slice_tools_dir, config.llvm_tools_dir]
tools = ["slice-opt", "slice-spec-eval"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
