#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A minimal LSP client for slice-lsp-server (test/LSP/lsp.test).

Starts the server, sends initialize, initialized, a didOpen of a document
with a valid and an invalid slice, hovers on the valid slice op and on an
update, and a
definition request on a use of its result, then shutdown and exit. Prints,
one per line, the published diagnostics (line:character: message), the
hover text's first line, and the definition's range, for FileCheck.
"""

import json
import subprocess
import sys

DOCUMENT = """func.func @f(%x: tensor<5x6xf32>) -> tensor<2x6xf32> {
  %a = slice.strided %x[1:5:2, :] : tensor<5x6xf32> to tensor<2x6xf32>
  %b = slice.strided %x[::0] : tensor<5x6xf32> to tensor<5x6xf32>
  return %a : tensor<2x6xf32>
}
func.func @g(%x: tensor<5x6xf32>, %v: tensor<6xf32>) -> tensor<5x6xf32> {
  %u = slice.strided_update %v into %x[::2] : tensor<6xf32> into tensor<5x6xf32>
  return %u : tensor<5x6xf32>
}
"""
URI = "test:///invalid.mlir"
# Hover and definitions come from a document that parses and verifies.
VALID = DOCUMENT.replace(
    "  %b = slice.strided %x[::0] : tensor<5x6xf32> to tensor<5x6xf32>\n",
    "")
VALID_URI = "test:///valid.mlir"


def send(proc, message):
    body = json.dumps(message).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def receive(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("the server closed its output")
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(proc.stdout.read(length))


def wait_for(proc, predicate):
    while True:
        message = receive(proc)
        if predicate(message):
            return message


def main():
    proc = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"processId": None, "rootUri": None,
                           "capabilities": {}}})
    init = wait_for(proc, lambda m: m.get("id") == 1)
    print("initialized:", "hoverProvider" in init["result"]["capabilities"])
    send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": URI, "languageId": "mlir",
                                            "version": 1,
                                            "text": DOCUMENT}}})
    published = wait_for(
        proc, lambda m: m.get("method") == "textDocument/publishDiagnostics")
    for d in published["params"]["diagnostics"]:
        start = d["range"]["start"]
        print(f"diagnostic {start['line']}:{start['character']}: "
              f"{d['message']}")
    send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": VALID_URI,
                                            "languageId": "mlir",
                                            "version": 1, "text": VALID}}})
    clean = wait_for(
        proc, lambda m: m.get("method") == "textDocument/publishDiagnostics"
        and m["params"]["uri"] == VALID_URI)
    print("valid document diagnostics:", len(clean["params"]["diagnostics"]))
    # Hover on `slice.strided` of line 1, definition of `%a` on line 2.
    send(proc, {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                "params": {"textDocument": {"uri": VALID_URI},
                           "position": {"line": 1, "character": 10}}})
    hover = wait_for(proc, lambda m: m.get("id") == 2)
    value = (hover.get("result") or {}).get("contents", {}).get("value", "")
    print("hover:", value.strip().splitlines()[0] if value else "<none>")
    # Hover on `slice.strided_update` (line 5 of the valid document).
    send(proc, {"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover",
                "params": {"textDocument": {"uri": VALID_URI},
                           "position": {"line": 5, "character": 10}}})
    hover = wait_for(proc, lambda m: m.get("id") == 5)
    value = (hover.get("result") or {}).get("contents", {}).get("value", "")
    print("hover:", value.strip().splitlines()[0] if value else "<none>")
    send(proc, {"jsonrpc": "2.0", "id": 3, "method": "textDocument/definition",
                "params": {"textDocument": {"uri": VALID_URI},
                           "position": {"line": 2, "character": 10}}})
    definition = wait_for(proc, lambda m: m.get("id") == 3)
    for location in definition.get("result") or []:
        start = location["range"]["start"]
        print(f"definition {start['line']}:{start['character']}")
    send(proc, {"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
    wait_for(proc, lambda m: m.get("id") == 4)
    send(proc, {"jsonrpc": "2.0", "method": "exit"})
    proc.wait(timeout=30)
    print("exit code:", proc.returncode)


if __name__ == "__main__":
    main()
