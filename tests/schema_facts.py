"""What the tests compare with upstream about the schema, derived from its data, never kept
as hand lists or counts.

Each key's ``origin`` (``msd_desktop/core/config/data/config-schema.json``) says whether the
reference release (``@opengsd/gsd-core@1.11.0``, ``tests/upstream.py``) knows it; the KeySpec's
``settable`` says whether msd's ``config-set`` takes it. A new key in the data file reaches the
core tests, the CLI tests and the differential classification with no change here
(``tests/core/config/test_schema.py`` adds a fake key to a copy of the data to show it).
"""

from __future__ import annotations

from collections.abc import Mapping

from msd_desktop.core.config import schema as cs

# The origins whose keys the reference release's config-set knows. Any other origin
# ("seed-only", "seed-doc (…)") is a key upstream does not know.
UPSTREAM_ORIGINS = frozenset({"upstream-central", "upstream-capability",
                              "upstream-runtime-state", cs.UPSTREAM_RELEASE_ORIGIN})


def upstream_knows(spec: cs.KeySpec) -> bool:
    """The reference release's ``config-set`` knows this key (its ``origin`` is upstream's)."""
    return spec.origin in UPSTREAM_ORIGINS


def msd_only_settable(specs: Mapping[str, cs.KeySpec] = cs.SCHEMA) -> list[str]:
    """Keys msd's ``config-set`` takes and upstream's refuses as unknown (D7, D8), in the
    data file's order."""
    return [s.key for s in specs.values() if s.settable and not upstream_knows(s)]


def msd_only_listed() -> set[str]:
    """The keys of msd's unknown-key list that upstream's list does not have."""
    return {k for k in cs.listed_keys() if not upstream_knows(cs.SCHEMA[k])}
