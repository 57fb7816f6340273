# -*- Python -*-
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# lit configuration for the gtest unit tests: every test case counts.

import os

import lit.formats

config.name = "SLICE-Unit"
config.suffixes = []
config.test_source_root = os.path.join(config.slice_obj_root, "unittests")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
