"""The normalized status words (executing, paused…) speak the window's language wherever a
status shows — the overview's Status column, the tree, the State tab — while a status STATE.md
words in its own way shows as written, and the file's own words stay one hover away."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.core.state.state_md import normalize_status
from msd_desktop.ui.browser.overview_model import (
    COL_STATUS,
    OverviewModel,
    rows_from_summaries,
)
from msd_desktop.ui.widgets.status_text import status_word

CORE_WORDS = ("paused", "executing", "planning", "discussing", "verifying", "completed",
              "unknown")


def test_every_core_status_word_is_one_the_normalizer_gives() -> None:
    # the list above is the normalizer's vocabulary: a word it no longer gives is dead
    given = {normalize_status(s) for s in ("Paused", "Executing", "Planning", "Discussing",
                                           "Verifying", "Complete", None)}
    assert given == set(CORE_WORDS)


def test_english_shows_the_core_words_unchanged(qapp: Any) -> None:
    for word in CORE_WORDS:
        assert status_word(word) == word
    assert status_word("") == ""
    assert status_word(None) == ""


def test_portuguese_translates_every_core_word_and_keeps_file_text(pt_br: None) -> None:
    shown = {word: status_word(word) for word in CORE_WORDS}
    assert all(shown[w] != w for w in CORE_WORDS), shown
    assert len(set(shown.values())) == len(CORE_WORDS)  # no two statuses read alike
    assert shown["paused"] == "pausado"
    assert shown["executing"] == "executando"
    # a status the normalizer passes through is the file's own text
    assert status_word("Waiting on legal review") == "Waiting on legal review"


def test_overview_status_column_is_translated_with_the_file_words_in_the_tooltip(
        pt_br: None) -> None:
    summary = ProjectSummary(root=Path("/p"), name="p", status="executing",
                             status_raw="executing")
    model = OverviewModel()
    model.set_rows(rows_from_summaries([summary]))
    index = model.index(0, COL_STATUS)
    assert index.data() == "executando"
    assert "executing" in index.data(Qt.ItemDataRole.ToolTipRole)
