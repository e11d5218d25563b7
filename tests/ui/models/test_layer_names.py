"""A resolver reason that names another layer ("not reached: model_overrides applied") says
that layer's plain name in the window, as the diagram and the trace's Layer column do; the
command line keeps the id."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msd_desktop.core.common.text import Text
from msd_desktop.ui.models.layer_names import layer_title, reason_words

NOT_REACHED = Text.of("not reached: {winner} applied", winner="model_overrides")


def test_the_core_keeps_the_id() -> None:
    assert NOT_REACHED == "not reached: model_overrides applied"


def test_the_window_says_the_layers_name(qapp: Any) -> None:
    assert reason_words("model", NOT_REACHED) == "not reached: Per-agent override applied"
    # a reason without a layer in it is unchanged, and so is a plain string
    assert reason_words("model", Text.of("no entry for {agent}", agent="msd-planner")) == (
        "no entry for msd-planner")
    assert reason_words("model", "model_overrides") == "model_overrides"


def test_in_portuguese_too(translated: Callable[[str], None]) -> None:
    translated("pt_BR")
    text = reason_words("model", NOT_REACHED)
    assert layer_title("model", "model_overrides") in text
    assert "model_overrides" not in text
    assert not text.startswith("not reached")
