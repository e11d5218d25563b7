"""Run a small JavaScript function in node over a batch of inputs: the judge for the core's
JavaScript semantics (numbers, ``String()``, ``JSON``). One node process per batch; a test
that uses it fails where node is missing (``tests/prerequisites.py``): the machine provides it.
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

from tests.prerequisites import require_node


def run_node(function_source: str, inputs: list[Any]) -> list[Any]:
    """``inputs.map(<function_source>)`` evaluated in node, the results read back as JSON.

    The inputs travel as ASCII JSON, so lone surrogates and integers beyond 2**53 reach node
    as ``JSON.parse`` makes them (a lone surrogate, a double).
    """
    node = require_node()
    script = (
        "const inp = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        f"const f = {function_source};"
        "process.stdout.write(JSON.stringify(inp.map((x) => f(x))));"
    )
    proc = subprocess.run(
        [node, "-e", script],
        input=json.dumps(inputs, ensure_ascii=True),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    result: list[Any] = json.loads(proc.stdout)
    return result
