"""The State tab renders STATE.md's single line breaks as line breaks (it is line-oriented)."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument

from msd_desktop.ui.state.markdown_body import hard_line_breaks

BODY = """## Current Position

Phase: 4 of 5 (Tax Calculation)
Plan: 2 of 2 in current phase
Status: Paused

- a list item
- another

| A | B |
|---|---|
| 1 | 2 |

```
code line 1
code line 2
```
"""


def _rendered_lines(markdown: str) -> list[str]:
    doc = QTextDocument()
    doc.setMarkdown(markdown)
    return [line.strip() for line in doc.toPlainText().replace("\u2028", "\n").splitlines()]


def test_single_newlines_become_line_breaks(qapp: object) -> None:
    lines = _rendered_lines(hard_line_breaks(BODY))
    assert "Phase: 4 of 5 (Tax Calculation)" in lines
    assert "Plan: 2 of 2 in current phase" in lines
    assert "Status: Paused" in lines


def test_without_the_fix_markdown_joins_them(qapp: object) -> None:
    # the reason the helper exists: plain Markdown makes one paragraph of the three lines
    assert "Phase: 4 of 5 (Tax Calculation)" not in _rendered_lines(BODY)


def test_lists_tables_and_code_are_untouched() -> None:
    out = hard_line_breaks(BODY)
    assert "- a list item\n- another\n" in out
    assert "| A | B |\n|---|---|\n| 1 | 2 |\n" in out
    assert "code line 1\ncode line 2\n" in out
    assert out.count("\\") == 2  # only Phase: and Plan: lines
