"""The R3 child: ``python -m tests.reliability.crash_writer PATH FIRST COUNT``.

Writes ``content(seq)`` for ``seq`` in ``FIRST … FIRST+COUNT-1`` with the core's atomic writer
(under the planning lock, as ``msd config-set`` does) and prints each ``seq`` once it is on
disk, so the parent knows the last complete write when it SIGKILLs this process.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any


def content(seq: int) -> dict[str, Any]:
    """A different, self-checking document per ``seq`` (its size varies, 0-6 KB)."""
    return {
        "seq": seq,
        "mode": "yolo" if seq % 2 else "interactive",
        "payload": "é" * ((seq * 37) % 3000),
        "list": list(range(seq % 50)),
        "nested": {"seq_again": seq, "text": f"write number {seq}"},
    }


def main(argv: list[str]) -> int:
    from msd_desktop.core.common.jsonfile import atomic_write_json

    path = Path(argv[0])
    first, count = int(argv[1]), int(argv[2])
    for seq in range(first, first + count):
        atomic_write_json(path, content(seq), lock_dir=path.parent)
        os.write(1, f"{seq}\n".encode())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
