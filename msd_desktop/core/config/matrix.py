"""One config key across many projects: effective values, where they come from, drift, bulk set.

Why: someone with a dozen projects wants to answer "which of my projects still run
``model_profile: quality``?" and fix them in one go — and "if I change ``~/.msd/defaults.json``,
which projects does that touch?". Both questions are views over :func:`load_config`'s
per-key provenance. The bulk change itself is :mod:`msd_desktop.core.config.batch`: planned
(old → new per project) for the person to confirm, written against the confirmed files, and
undoable as a whole.

Terms used in the matrix and the Global defaults panel:

* **reference** — what the key is when nobody set it in the project: the value in
  ``~/.msd/defaults.json`` if it has one, else the schema's default.
* **drift** — the project's effective value differs from the reference.
* **reach** (of a global key, for one project) — ``reaches``: the project's value comes from
  defaults.json; ``shadowed``: the project (or its active workstream) sets the key itself;
  ``not_read``: neither — the project has ``.planning/`` so, by §4 case 2, defaults.json is not
  read at run time for this key (it was copied at new-project time, if at all); ``unset``:
  defaults.json does not have the key. ``model_overrides.*`` reach every project (D1).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.key_paths import get_path
from msd_desktop.core.config.store import load_config, load_global_defaults
from msd_desktop.core.secrets.masking import mask
from msd_desktop.core.workspace.paths import Env

__all__ = [
    "KeyMatrix",
    "MatrixCell",
    "ProjectEntry",
    "global_reach",
    "key_matrix",
]

Reach = Literal["reaches", "shadowed", "not_read", "unset"]


@dataclass(frozen=True)
class ProjectEntry:
    """A project as the matrix lists it (built from a ``ProjectRef`` or a bare path)."""

    root: Path
    name: str
    workspace: str = ""

    @classmethod
    def of(cls, item: Any) -> ProjectEntry:
        if isinstance(item, ProjectEntry):
            return item
        if isinstance(item, str | Path):
            p = Path(item)
            return cls(p, p.name)
        root = Path(item.root)
        return cls(root, str(getattr(item, "name", "") or root.name),
                   str(getattr(item, "workspace", "") or ""))


@dataclass(frozen=True)
class MatrixCell:
    """One project's answer for the key."""

    project: ProjectEntry
    value: Any  # the effective value (the reference when the project does not set the key)
    present: bool  # some file (project, workstream or applied global) holds the key
    layer: str  # "workstream" | "project" | "global" | "builtin"
    path: str | None  # the file the value came from
    drift: bool
    reach: Reach
    degraded: bool = False
    problem: str | None = None
    secret: bool = False

    @property
    def display(self) -> str:
        """The value as text (JSON spelling; secrets masked; ``(unset)`` for no value)."""
        return _display(self.value, self.secret, self.present or self.value is not None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "root": str(self.project.root), "name": self.project.name,
            "workspace": self.project.workspace,
            "value": mask(self.value) if self.secret and self.value is not None else self.value,
            "present": self.present, "layer": self.layer, "path": self.path,
            "drift": self.drift, "reach": self.reach, "degraded": self.degraded,
            "problem": self.problem,
        }


@dataclass(frozen=True)
class KeyMatrix:
    """The key across projects, plus the reference it is compared with."""

    key: str
    reference: Any
    reference_source: str  # "global" | "schema"
    global_value_present: bool
    cells: tuple[MatrixCell, ...]
    secret: bool = False

    @property
    def drifting(self) -> list[MatrixCell]:
        return [c for c in self.cells if c.drift]

    @property
    def reference_display(self) -> str:
        return _display(self.reference, self.secret, True)

    def by_reach(self) -> dict[str, list[MatrixCell]]:
        out: dict[str, list[MatrixCell]] = {"reaches": [], "shadowed": [], "not_read": [],
                                            "unset": []}
        for c in self.cells:
            out[c.reach].append(c)
        return out


# --------------------------------------------------------------------------- helpers


def _spec(key: str) -> Any:
    from msd_desktop.core.config import schema as config_schema

    return config_schema.get(key)


def _is_secret(key: str) -> bool:
    from msd_desktop.core.config import schema as config_schema

    return config_schema.is_secret(key)


def _display(value: Any, secret: bool, has_value: bool) -> str:
    import json

    if not has_value or value is None:
        return "(unset)" if value is None else json.dumps(value)
    if secret:
        return mask(value) if isinstance(value, str) else json.dumps(value)
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _schema_default(key: str) -> Any:
    spec = _spec(key)
    if spec is not None:
        return copy.deepcopy(spec.default)
    from msd_desktop.core.config.schema import default_for

    return default_for(key)


def _global_layer(env: Env) -> tuple[bool, Any]:
    file = load_global_defaults(env)
    if not file.ok or not isinstance(file.data, dict):
        return False, None
    return True, file.data


def _reference(key: str, env: Env) -> tuple[Any, str, bool]:
    ok, data = _global_layer(env)
    if ok:
        found, value = get_path(data, key)
        if found:
            return value, "global", True
    return _schema_default(key), "schema", False


def _reach(layer: str, global_present: bool) -> Reach:
    if not global_present:
        return "unset"
    if layer == "global":
        return "reaches"
    if layer in ("project", "workstream"):
        return "shadowed"
    return "not_read"


def _cell(entry: ProjectEntry, key: str, reference: Any, global_present: bool,
          env: Env) -> MatrixCell:
    secret = _is_secret(key)
    try:
        loaded = load_config(entry.root, env)
    except MsdError as exc:
        return MatrixCell(entry, None, False, "builtin", None, False, "unset", True, str(exc),
                          secret)
    prov = loaded.provenance(key)
    if prov.present:
        value = prov.value
    else:  # nobody sets it: the built-in answer (config-get's default, else the schema's)
        value = prov.value if prov.value is not None else _schema_default(key)
    drift = value != reference
    # one diagnostic (the usual case) stays a Text, so the window can translate it
    problem = ((loaded.diagnostics[0] if len(loaded.diagnostics) == 1
                else "; ".join(loaded.diagnostics)) if loaded.degraded else None)
    return MatrixCell(entry, value, prov.present, prov.layer, prov.path, drift,
                      _reach(prov.layer, global_present), loaded.degraded, problem,
                      secret)


# --------------------------------------------------------------------------- public API


def key_matrix(key: str, projects: Iterable[Any], env: Env) -> KeyMatrix:
    """``key`` in every project (``ProjectRef``, ``ProjectEntry`` or a path), in the given order.

    Never raises for a project's bad file: the cell is marked ``degraded`` with the problem.
    """
    reference, source, present = _reference(key, env)
    entries = [ProjectEntry.of(p) for p in projects]
    cells = tuple(_cell(e, key, reference, present, env) for e in entries)
    return KeyMatrix(key, reference, source, present, cells, _is_secret(key))


def global_reach(keys: Iterable[str], projects: Iterable[Any], env: Env) -> dict[str, KeyMatrix]:
    """For each key set in defaults.json: which projects it reaches and which shadow it."""
    entries = [ProjectEntry.of(p) for p in projects]
    return {key: key_matrix(key, entries, env) for key in keys}


def describe_reach(reach: str) -> str:
    """The words the Global defaults panel shows for a reach value."""
    return {
        "reaches": "uses the global value",
        "shadowed": "sets its own value",
        "not_read": "has .planning/ — the global value is not read at run time",
        "unset": "not set globally",
    }[reach]


def defaults_keys(env: Env) -> list[str]:
    """The dotted leaf keys set in ``~/.msd/defaults.json`` (known schema keys first)."""
    ok, data = _global_layer(env)
    if not ok:
        return []
    from msd_desktop.core.config import schema as config_schema

    out: list[str] = []

    def walk(node: Mapping[str, Any], prefix: str) -> None:
        for k, v in node.items():
            name = f"{prefix}{k}"
            if config_schema.get(name) is not None or not isinstance(v, dict) or not v:
                out.append(name)
            else:
                walk(v, name + ".")

    walk(data, "")
    return out
