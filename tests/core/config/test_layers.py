"""The config layers: one order, one English name each, used by the store and the scopes."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from msd_desktop.core.config.draft import Scope
from msd_desktop.core.config.layers import LAYER_NAMES, LAYERS, LayerName, layer_name
from msd_desktop.core.config.store import load_config


def test_every_layer_has_a_name_and_a_place() -> None:
    assert set(LAYERS) == set(get_args(LayerName)) == set(LAYER_NAMES)
    assert layer_name("global") == "Global defaults"
    assert layer_name("model_overrides") == "model_overrides"  # not a config layer


def test_the_store_reads_the_layers_in_their_order(tmp_path: Path) -> None:
    (tmp_path / "p" / ".planning").mkdir(parents=True)
    loaded = load_config(tmp_path / "p", env={"MSD_HOME": str(tmp_path / "home")})
    names = [layer.name for layer in loaded.layers]
    assert names == [name for name in LAYERS if name in names]
    assert names[-1] == "builtin"


def test_scopes_are_named_as_their_layers() -> None:
    assert {scope.value: scope.label for scope in Scope} == {
        name: LAYER_NAMES[name] for name in ("project", "workstream", "global")}
