# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""NumPy's answers for elementwise_main.c, printed as it prints them."""
import numpy as np

a = np.arange(1000, dtype=np.float32) * np.float32(0.25) - np.float32(100)
for s in [1, -1, 2, -2, 3, 5, -5, -7, 1000, -1001]:
    r = (a + a)[::s]
    m = r * r
    print(f"g stride {s}: {m.size}:" + "".join(f" {float(v):.9g}" for v in m))
print("input intact: yes")
# Rows of 45 take one element per thread, rows of 48 four.
for columns in [45, 48]:
    b = (np.arange(37 * columns) % 97).astype(np.float32) * \
        np.float32(0.5) - np.float32(7)
    r = b.reshape(37, columns)[1::2, ::-1]
    p = r * r - r
    print(f"h: {p.shape[0]} x {p.shape[1]}:" +
          "".join(f" {float(v):.9g}" for v in p.ravel()))
    print("input intact: yes")
b = (np.arange(37 * 48) % 97).astype(np.float32) * np.float32(0.5) - \
    np.float32(7)
r = b.reshape(37, 48)[1::2, ::-1]
p = r * r + r
print(f"into: {p.shape[0]} x {p.shape[1]}, result is the destination:" +
      "".join(f" {float(v):.9g}" for v in p.ravel()))
