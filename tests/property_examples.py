"""How many examples a property test that asks for its own number runs in this tier.

The full run (``scripts/run-tests.sh``, CI) runs what each test asks for. The everyday run
(``--quick``) sets ``MSD_TEST_EXAMPLES`` (20 of hypothesis's 100) and runs the same share of a
test's own number, never fewer than a test without one gets: the examples are derandomized, so
the quick run checks a fixed subset of what the full run checks.
"""

from __future__ import annotations

import os

DEFAULT = 100  # hypothesis's own number, which the full run keeps
TIER = int(os.environ.get("MSD_TEST_EXAMPLES", "0") or 0)


def examples(full: int) -> int:
    """``full`` in the full run; its share in a tier that lowers the examples."""
    if TIER <= 0 or TIER >= DEFAULT:
        return full
    return max(min(full, TIER), full * TIER // DEFAULT)
