"""Placeholders filled into a translated sentence in one pass.

Why: the State tab's sentences carry file text (phase names, problems) in ``%1``/``%2``; a
chain of ``str.replace`` would also replace a ``%2`` that the first value brought in from the
file. Each placeholder of the translated template is replaced once, values untouched.
"""

from __future__ import annotations

import re

_PLACEHOLDER = re.compile(r"%([1-9])")


def fill(template: str, *values: str) -> str:
    """``template`` with ``%1``… replaced by ``values`` (a missing value leaves the mark)."""
    def one(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return values[n - 1] if n <= len(values) else match.group(0)

    return _PLACEHOLDER.sub(one, template)
