# -*- Python -*-
# lit configuration for the gtest unit tests: every test case counts.

import os

import lit.formats

config.name = "SLICE-Unit"
config.suffixes = []
config.test_source_root = os.path.join(config.slice_obj_root, "unittests")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
