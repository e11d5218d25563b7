"""The config layers a key's value can come from, and their names.

A value is looked up in the workstream's ``config.json``, then the project's, then
``~/.msd/defaults.json``, then the schema's built-in default (spec §2.1). The store, the
provenance the form shows, the config matrix and the edit scopes all name these layers; the
English names live here once, and the window translates these same strings.
"""

from __future__ import annotations

from typing import Final, Literal

__all__ = ["LAYERS", "LAYER_NAMES", "LayerName", "layer_name"]

LayerName = Literal["workstream", "project", "global", "builtin"]

# Highest precedence first.
LAYERS: Final[tuple[LayerName, ...]] = ("workstream", "project", "global", "builtin")

LAYER_NAMES: Final[dict[str, str]] = {
    "workstream": "Workstream",
    "project": "Project",
    "global": "Global defaults",
    "builtin": "Built-in default",
}


def layer_name(layer: str) -> str:
    """A layer's English name (the id itself when it is not a config layer)."""
    return LAYER_NAMES.get(layer, layer)
