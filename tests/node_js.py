"""Run a small JavaScript function in node over a batch of inputs: the judge for the core's
JavaScript semantics (numbers, ``String()``, ``JSON``). A test that uses it fails where node is
missing (``tests/prerequisites.py``): the machine provides it.

One node process per test process answers every batch (a node start costs ~0.1 s of CPU, and
the property tests ask for a batch per example): a batch is one JSON line in, one out. The
functions judged are pure, so a batch sees nothing of the ones before it.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import json
import subprocess
import threading
from typing import Any

from tests.prerequisites import require_node

# Answers wait for 'drain': node makes a stdout pipe non-blocking, and the next request is
# only read once the last answer is in the pipe.
_SERVER = r"""
const readline = require('readline');
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
function send(text) {
  if (process.stdout.write(text + '\n')) return Promise.resolve();
  return new Promise((resolve) => process.stdout.once('drain', resolve));
}
(async () => {
  for await (const line of rl) {
    let answer;
    try {
      const { fn, inputs } = JSON.parse(line);
      const f = new Function('require', `return (${fn});`)(require);
      answer = { results: inputs.map((x) => f(x)) };
    } catch (e) {
      answer = { error: String((e && e.stack) || e) };
    }
    await send(JSON.stringify(answer));
  }
})();
"""


class _Node:
    """The node process of this test process, started at the first batch."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None
        self.lock = threading.Lock()
        self.stderr: collections.deque[str] = collections.deque(maxlen=100)

    def _start(self) -> subprocess.Popen[str]:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [require_node(), "-e", _SERVER],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
            )
            threading.Thread(target=self._drain, args=(self.proc,), daemon=True).start()
        return self.proc

    def _drain(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            self.stderr.append(line)

    def ask(self, function_source: str, inputs: list[Any]) -> Any:
        request = json.dumps({"fn": function_source, "inputs": inputs}, ensure_ascii=True)
        with self.lock:
            proc = self._start()
            assert proc.stdin is not None
            assert proc.stdout is not None
            proc.stdin.write(request + "\n")
            proc.stdin.flush()
            line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"node ended (exit {proc.wait()}): {''.join(self.stderr)}")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"node: {answer['error']}")
        return answer["results"]

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        with contextlib.suppress(OSError):
            assert proc.stdin is not None
            proc.stdin.close()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


_NODE = _Node()
atexit.register(_NODE.close)


def run_node(function_source: str, inputs: list[Any]) -> list[Any]:
    """``inputs.map(<function_source>)`` evaluated in node, the results read back as JSON.

    The inputs travel as ASCII JSON, so lone surrogates and integers beyond 2**53 reach node
    as ``JSON.parse`` makes them (a lone surrogate, a double).
    """
    result: list[Any] = _NODE.ask(function_source, inputs)
    return result
