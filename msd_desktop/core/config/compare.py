"""Two projects' ``config.json`` side by side, key by key, and copying keys from one to the other.

Why a module of its own: "what does project B set that A does not?" is a question over two
files, not over one key across many (that is :mod:`.matrix`). The copy itself is not a new
write path: each key becomes a :func:`~msd_desktop.core.config.batch.plan_batch` for the one
target project, so the person confirms every old → new value before anything is written, each
write refuses a file changed since then, and :func:`undo_copy` puts the values back through
:func:`~msd_desktop.core.config.batch.undo_batch`.

The forms a key takes here: a **row key** is the dotted path the comparison lists — a schema
key or a pattern key (``model_overrides.msd-planner``) whole, even when it holds an object;
otherwise each leaf of an unknown object. A value is **present** or not (absent keys copy as
*unset*). Display texts mask secrets. An API key is never copied: its value lives in the OS
keyring (the file holds ``true``) or is a plaintext the file should not hold, and copying
either would write a secret where it does not belong; its row says so instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.jsonfile import Fingerprint, read_json_file
from msd_desktop.core.common.text import Text
from msd_desktop.core.config import schema
from msd_desktop.core.config.batch import (
    BatchPlan,
    BatchReport,
    PlannedChange,
    apply_batch,
    plan_batch,
    undo_batch,
    value_display,
)
from msd_desktop.core.config.key_patterns import match_dynamic
from msd_desktop.core.config.matrix import ProjectEntry
from msd_desktop.core.workspace.paths import Env, config_path

__all__ = [
    "ConfigComparison",
    "ConfigSide",
    "CopyPlan",
    "CopyReport",
    "KeyRow",
    "apply_copy",
    "compare_configs",
    "plan_copy",
    "read_side",
    "undo_copy",
]

Direction = Literal["to_right", "to_left"]


@dataclass(frozen=True)
class ConfigSide:
    """One project's active ``config.json`` as read (``error`` when it could not be used)."""

    project: ProjectEntry
    path: Path | None
    data: Mapping[str, Any]
    error: str | None = None


@dataclass(frozen=True)
class KeyRow:
    """One key of the comparison: each side's value (or absence), secrets flagged."""

    key: str
    left_present: bool
    left_value: Any
    right_present: bool
    right_value: Any
    secret: bool

    @property
    def differs(self) -> bool:
        if self.left_present != self.right_present:
            return True
        return self.left_present and self.left_value != self.right_value

    @property
    def left_display(self) -> str:
        return value_display(self.left_present, self.left_value, self.secret)

    @property
    def right_display(self) -> str:
        return value_display(self.right_present, self.right_value, self.secret)

    def __repr__(self) -> str:  # never a secret's plaintext, even in a traceback
        return f"KeyRow({self.key!r}, {self.left_display!r}, {self.right_display!r})"


@dataclass(frozen=True)
class ConfigComparison:
    """Both sides and their keys, in the left file's order, then keys only the right has."""

    left: ConfigSide
    right: ConfigSide
    rows: tuple[KeyRow, ...]

    def row(self, key: str) -> KeyRow | None:
        return next((r for r in self.rows if r.key == key), None)

    @property
    def differing(self) -> list[KeyRow]:
        return [r for r in self.rows if r.differs]


def read_side(project: Any, env: Env) -> ConfigSide:
    """A project's active ``config.json`` through the core's reader (never raises)."""
    entry = ProjectEntry.of(project)
    try:
        path = config_path(entry.root, env)
    except MsdError as exc:
        return ConfigSide(entry, None, {}, exc.message)
    file = read_json_file(path)
    if file.error is not None:
        return ConfigSide(entry, path, {}, file.error.message)
    data = file.data if file.exists else {}
    if not isinstance(data, dict):
        return ConfigSide(entry, path, {}, Text.of("config.json is not a JSON object"))
    return ConfigSide(entry, path, data)


def _is_whole(path: str) -> bool:
    """A key the comparison lists whole (the schema's or a pattern's), objects included."""
    return path in schema.SCHEMA or match_dynamic(path) is not None


def _flatten(data: Mapping[str, Any], prefix: str = "") -> Iterable[tuple[str, Any]]:
    for name, value in data.items():
        path = f"{prefix}{name}"
        if isinstance(value, dict) and value and not _is_whole(path):
            yield from _flatten(value, path + ".")
        else:
            yield path, value


def compare_configs(left: Any, right: Any, env: Env) -> ConfigComparison:
    """Read both projects and pair their keys (nothing is written)."""
    a, b = read_side(left, env), read_side(right, env)
    left_keys = dict(_flatten(a.data))
    right_keys = dict(_flatten(b.data))
    rows = []
    for key in [*left_keys, *(k for k in right_keys if k not in left_keys)]:
        rows.append(KeyRow(key, key in left_keys, left_keys.get(key),
                           key in right_keys, right_keys.get(key), schema.is_secret(key)))
    return ConfigComparison(a, b, tuple(rows))


# --------------------------------------------------------------------------- copying


@dataclass(frozen=True)
class CopyPlan:
    """What copying the chosen keys will do to the target: one batch plan per key."""

    source: ProjectEntry
    target: ProjectEntry
    plans: tuple[BatchPlan, ...]

    @property
    def changes(self) -> list[PlannedChange]:
        return [c for p in self.plans for c in p.changes]

    @property
    def to_write(self) -> list[PlannedChange]:
        return [c for p in self.plans for c in p.to_write]

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(key, now, new, note) per key — the confirmation table, secrets masked."""
        out = []
        for c in self.changes:
            note = c.problem or ("already set" if c.unchanged else "")
            out.append((c.key, c.old_display, c.new_display, note))
        return out


def _secret_plan(target: ProjectEntry, row: KeyRow, value: Any, env: Env) -> BatchPlan:
    """A plan that shows the key and writes nothing: API keys are not copied."""
    try:
        path = config_path(target.root, env)
    except MsdError:
        path = target.root / ".planning" / "config.json"
    change = PlannedChange(
        target, path, row.key, False, None, value, True, None,
        Text.of("not copied, an API key is set in each project's API keys tab"),
        old_known=False)
    return BatchPlan(row.key, value, (change,), secret=True)


def plan_copy(comparison: ConfigComparison, keys: Sequence[str], direction: Direction,
              env: Env) -> CopyPlan:
    """Plan copying ``keys`` from one side to the other (absent at the source = unset)."""
    to_right = direction == "to_right"
    source = comparison.left if to_right else comparison.right
    target = comparison.right if to_right else comparison.left
    plans = []
    for key in dict.fromkeys(keys):
        row = comparison.row(key)
        if row is None:
            continue
        present = row.left_present if to_right else row.right_present
        value = (row.left_value if to_right else row.right_value) if present else None
        if row.secret:
            plans.append(_secret_plan(target.project, row, value, env))
            continue
        plans.append(plan_batch([target.project], key, value, env))
    return CopyPlan(source.project, target.project, tuple(plans))


@dataclass(frozen=True)
class CopyReport:
    """One batch report per key; undone together, last key first."""

    plan: CopyPlan
    reports: tuple[BatchReport, ...]
    kind: Literal["apply", "undo"] = "apply"

    @property
    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for report in self.reports:
            for status, n in report.counts.items():
                out[status] = out.get(status, 0) + n
        return out

    @property
    def can_undo(self) -> bool:
        return self.kind == "apply" and any(r.can_undo for r in self.reports)


def apply_copy(plan: CopyPlan, env: Env) -> CopyReport:
    """Write each key's plan (a key already set, or refused, leaves the others to go on).

    Every key goes to the same file: after one is written, the next is checked against the
    file as this copy left it (not as confirmed), so only someone else's change refuses it.
    """
    reports = []
    ours: Fingerprint | None = None
    for batch_plan in plan.plans:
        if ours is not None:
            batch_plan = replace(batch_plan, changes=tuple(
                replace(c, fingerprint=ours) if c.problem is None else c
                for c in batch_plan.changes))
        report = apply_batch(batch_plan, env)
        ours = next((r.written for r in report.results if r.status == "written"), ours)
        reports.append(report)
    return CopyReport(plan, tuple(reports))


def undo_copy(report: CopyReport, env: Env) -> CopyReport:
    """Put every written key back, last first; a key changed since is left alone (reported)."""
    if report.kind != "apply":
        raise MsdError(Text.of("only an applied batch can be undone"))
    undone = [undo_batch(r, env) for r in reversed(report.reports) if r.can_undo]
    return CopyReport(report.plan, tuple(reversed(undone)), "undo")
