"""The window's words for config layers: the core's names, extracted for translation."""

from __future__ import annotations

from msd_desktop.core.config.layers import LAYER_NAMES
from msd_desktop.ui.widgets.config_words import LAYER_TEXTS, layer_label


def test_layer_texts_are_the_core_names() -> None:
    assert set(LAYER_TEXTS) == set(LAYER_NAMES.values())


def test_layer_label_names_every_layer_and_passes_other_ids() -> None:
    assert [layer_label(name) for name in LAYER_NAMES] == list(LAYER_NAMES.values())
    assert layer_label("somewhere") == "somewhere"
