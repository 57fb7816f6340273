//===- BufferizableOpInterfaceImpl.h - Bufferizing slice ops ----*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The BufferizableOpInterface external model of slice.strided, so that
// one-shot-bufferize turns the op directly into a zero-copy memref.subview
// (+ memref.expand_shape for new axes), the same view that
// --convert-slice-to-tensor followed by one-shot-bufferize produces.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define SLICE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace slice {
/// Attaches the model to slice.strided when the slice dialect is loaded.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace slice
} // namespace mlir

#endif // SLICE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
