"""A project's status, derived once, for every surface: tree, overview, State tab, tray, CLI.

Why one function: STATE.md states its status twice — the frontmatter ``status:`` and the body's
``Status:`` line (plus ``Paused At:`` in ``## Session``) — and the two can disagree, e.g. after a
hand edit. The window used to answer from different places (the status line from the
frontmatter, the overview from the body's pause), so one project read "executing" in the tree
and "paused" in the overview, with nothing flagged.

Which one wins, per MSD's semantics (spec §7.1, §7.5, §7.6): the frontmatter. It is the
machine-readable copy every reader uses — upstream's status-line hook reads ``status`` from the
frontmatter and looks at the body's ``Status:`` only when the frontmatter has none, and our
status line must match upstream byte for byte. So the one status is *what the status line
reads* (:func:`~msd_desktop.core.state.statusline.parse_statusline_fields`), normalized like
the compact status line (§7.3 with ``paused_at`` unknown). Only when the status line reads no
status at all does the document's own reading fill in (body ``Status:`` with ``Paused At:``,
:attr:`StateDoc.normalized_status`), which the status line then simply does not show.

When the frontmatter's status and the body disagree, :func:`status_conflicts` words it with
both lines (file, line numbers, both values), for the project's problems list; the next
write by MSD's state writer derives the frontmatter from the body again (§7.1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from msd_desktop.core.common.text import Text
from msd_desktop.core.state.state_md import StateDoc, normalize_status
from msd_desktop.core.state.statusline import frontmatter_status, parse_statusline_fields

__all__ = ["ProjectStatus", "StatusConflict", "derive_status", "status_conflicts"]

Source = Literal["frontmatter", "body", "none"]


@dataclass(frozen=True)
class StatusConflict:
    """The frontmatter's status and what contradicts it, each with its line."""

    status: str  # the frontmatter's status, as written
    status_line: int | None
    other_label: str  # "Status:" (body) | "Paused At:" (body) | "paused_at:" (frontmatter)
    other_value: str
    other_line: int | None
    other_normalized: str

    def message(self, file: str, shown: str) -> str:
        where = Text.of("frontmatter") if self.other_label == "paused_at:" else Text.of("body")
        return Text.of(
            "{file} disagrees with itself: the frontmatter says status: {status} (line {line}) "
            "but the {where} says {label} {value} (line {other_line}, read as {normalized}); "
            "MSD shows {shown} everywhere, as the status line does",
            file=file, status=self.status, line=self.status_line or "?", where=where,
            label=self.other_label, value=self.other_value, other_line=self.other_line or "?",
            normalized=self.other_normalized, shown=shown,
        )


@dataclass(frozen=True)
class ProjectStatus:
    """The status every surface shows, where it came from, and any disagreement."""

    value: str  # normalized (§7.3); "unknown" when the file says nothing, "" with no file
    raw: str | None  # the text it came from
    source: Source
    line: int | None  # the file line of ``raw`` (1-based), when known
    conflicts: tuple[StatusConflict, ...] = ()

    @property
    def differs_from_raw(self) -> bool:
        return bool(self.raw) and self.raw != self.value


def _line_of(text: str, pattern: str, start: int = 1, stop: int | None = None) -> int | None:
    regex = re.compile(pattern, re.IGNORECASE)
    for number, line in enumerate(text.splitlines(), start=1):
        if stop is not None and number >= stop:
            return None
        if number >= start and regex.search(line):
            return number
    return None


def _frontmatter_line(doc: StateDoc, key: str) -> int | None:
    return _line_of(doc.text, rf"^{key}:", 2, doc.body_start_line)


def _body_status_line(doc: StateDoc) -> int | None:
    """Where the body's ``Status`` field sits, in the order ``extract_field`` tries (§7.1)."""
    start = doc.body_start_line
    return (_line_of(doc.text, r"\*\*Status:\*\*", start)
            or _line_of(doc.text, r"^Status:", start)
            or _line_of(doc.text, r"^\|\s*Status\s*\|", start))


def _truthy(value: Any) -> bool:
    return value not in (None, False, "", 0) and not (isinstance(value, float) and value != value)


def derive_status(doc: StateDoc | None,
                  fields: dict[str, Any] | None = None) -> ProjectStatus:
    """The one status of the STATE.md shown (the last good one while the file is broken).

    ``fields``: :func:`parse_statusline_fields` of ``doc.text`` when the caller has it."""
    if doc is None:
        return ProjectStatus("", None, "none", None)
    read = (parse_statusline_fields(doc.text) if fields is None else fields).get("status")
    if read:
        raw = str(read)
        from_fm = bool(frontmatter_status(doc.text))
        line = _frontmatter_line(doc, "status") if from_fm else _body_status_line(doc)
        status = ProjectStatus(normalize_status(raw, None), raw,
                               "frontmatter" if from_fm else "body", line)
        if from_fm:
            return ProjectStatus(status.value, raw, "frontmatter", line,
                                 status_conflicts(doc, raw, status.value, line))
        return status
    body = doc.current_position.get("status")
    if not body and not _truthy(doc.paused_at):
        return ProjectStatus("unknown", None, "none", None)
    line = _body_status_line(doc) if body else None
    return ProjectStatus(doc.normalized_status, body if isinstance(body, str) else None,
                         "body", line)


def status_conflicts(doc: StateDoc, raw: str, value: str,
                     line: int | None) -> tuple[StatusConflict, ...]:
    """What in the file contradicts the frontmatter's ``status`` (read as ``value``)."""
    out: list[StatusConflict] = []
    body = doc.current_position.get("status")
    session_paused = doc.session.get("paused_at")
    seen = normalize_status(body, None) if isinstance(body, str) and body.strip() else None
    if seen is not None and seen != value:
        out.append(StatusConflict(raw, line, "Status:", str(body).strip(),
                                  _body_status_line(doc), seen))
    elif _truthy(session_paused) and value != "paused":
        out.append(StatusConflict(raw, line, "Paused At:", str(session_paused),
                                  _line_of(doc.text, r"Paused At:", doc.body_start_line),
                                  "paused"))
    fm_paused = doc.fm.get("paused_at")
    if _truthy(fm_paused) and value != "paused":
        out.append(StatusConflict(raw, line, "paused_at:", str(fm_paused),
                                  _frontmatter_line(doc, "paused_at"), "paused"))
    return tuple(out)
