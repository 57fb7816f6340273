//===- TestPasses.h - slice's test passes -----------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Passes that exist for the tests only (as upstream's mlir/test/lib):
// slice-opt registers them when the tests are built.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_TEST_LIB_TESTPASSES_H
#define SLICE_TEST_LIB_TESTPASSES_H

namespace mlir {
namespace slice {
namespace test {

/// --slice-test-gradient (TestGradient.cpp).
void registerTestGradientPass();

/// --slice-test-value-bounds (TestValueBounds.cpp).
void registerTestValueBoundsPass();

/// --slice-test-place-process (TestPlaceProcess.cpp).
void registerTestPlaceProcessPass();

} // namespace test
} // namespace slice
} // namespace mlir

#endif // SLICE_TEST_LIB_TESTPASSES_H
