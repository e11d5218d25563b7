"""The status line and STATE.md's position fields in the window's language.

The core renders upstream's English status line byte for byte (the command line prints it);
the window says its fixed words through ``tr()`` part by part and leaves the file's text
(milestone, phase names, a status word of the file's own) as written. Every form the core's
renderer produces is built here with the core itself, then shown in English and pt_BR.
"""

from __future__ import annotations

from typing import Any

import pytest

from msd_desktop.core.state.statusline import render_state_segment
from msd_desktop.ui.widgets.status_text import phase_position, plan_position, statusline_words

# (statusline fields, full line in pt_BR, compact line in pt_BR)
FORMS: list[tuple[dict[str, Any], str, str]] = [
    ({"milestone": "v1.0", "milestone_name": "MVP", "percent": "25", "active_phase": "2",
      "status": "executing", "phase_total": "4"},
     "v1.0 MVP [██░░░░░░░░] 25% · Fase 2 executando", "v1.0 · F2/4 · executando"),
    ({"milestone": "v1.1", "status": "paused", "phase_num": "4", "phase_total": "5",
      "phase_name": "Tax Calculation"},
     "v1.1 · pausado · Tax Calculation (4/5)", "v1.1 · F4/5 · PAUSADO"),
    ({"milestone": "v1.0", "percent": "100", "phase_num": "3", "phase_total": "3"},
     "v1.0 [██████████] 100% · marco concluído", "v1.0 · F3/3 · concluído"),
    ({"milestone": "v0.3", "next_action": "plan-phase", "next_phases": ["2"]},
     "v0.3 · a seguir: plan-phase 2", "v0.3 · a seguir: plan-phase 2"),
    ({"status": "executing", "phase_num": "2", "phase_total": "5"},
     "executando · fase 2/5", "F2/5 · executando"),
    ({"active_phase": "7"}, "Fase 7", "F7"),
    ({"no_active_workstream": True}, "nenhuma frente de trabalho ativa",
     "nenhuma frente de trabalho ativa"),
    # a status of the file's own words stays as written
    ({"status": "Waiting on legal", "active_phase": "3"},
     "Fase 3 Waiting on legal", "F3 · Waiting"),
]


@pytest.mark.parametrize(("fields", "full", "compact"), FORMS)
def test_english_is_the_core_line_unchanged(qapp: Any, fields: dict[str, Any], full: str,
                                             compact: str) -> None:
    for fmt in ("full", "compact"):
        line = render_state_segment(fields, fmt)
        assert statusline_words(line) == line


@pytest.mark.parametrize(("fields", "full", "compact"), FORMS)
def test_portuguese_says_every_fixed_word(qapp: Any, pt_br: None, fields: dict[str, Any], full: str,
                                          compact: str) -> None:
    assert statusline_words(render_state_segment(fields, "full")) == full
    assert statusline_words(render_state_segment(fields, "compact")) == compact


def test_file_text_in_a_milestone_name_is_not_translated(qapp: Any, pt_br: None) -> None:
    for fields in ({"milestone": "v2", "milestone_name": "Phase complete paused",
                    "percent": "10"},
                   {"milestone_name": "Phase 9 paused", "percent": "10"}):
        line = render_state_segment(fields, "full")
        assert statusline_words(line) == line


def test_position_fields_in_portuguese(qapp: Any, pt_br: None) -> None:
    assert phase_position("4 of 5 (Tax Calculation)") == "4 de 5 (Tax Calculation)"
    assert phase_position("2 of 3") == "2 de 3"
    assert plan_position("2 of 2 in current phase") == "2 de 2 na fase atual"
    assert plan_position("1 of 3") == "1 de 3"
    # what MSD's template does not say is the file's text
    assert phase_position("Phase 4: tax stuff") == "Phase 4: tax stuff"
    assert plan_position("02-03 (duplicate detection)") == "02-03 (duplicate detection)"
    assert phase_position("") == ""


def test_position_fields_in_english_are_the_file_text(qapp: Any) -> None:
    assert phase_position("4 of 5 (Tax Calculation)") == "4 of 5 (Tax Calculation)"
    assert plan_position("2 of 2 in current phase") == "2 of 2 in the current phase"
