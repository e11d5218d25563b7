"""The schema's data file (``data/config-schema.json``), read once.

Why a module: the concrete keys (:mod:`~msd_desktop.core.config.schema`) and the key patterns
(:mod:`~msd_desktop.core.config.key_patterns`) are built from the same file.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Final

__all__ = ["SCHEMA_FILE", "raw_schema_data"]

# Beside this module, as the catalog finds its data (``importlib.resources`` would load its
# reader machinery while the window opens).
SCHEMA_FILE: Final = Path(__file__).resolve().parent / "data" / "config-schema.json"


@cache
def raw_schema_data() -> dict[str, Any]:
    text = SCHEMA_FILE.read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
