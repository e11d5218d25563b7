"""Loading a project's configuration with provenance, and the explicit legacy-key migration.

Why: every resolver (model, effort, status line) and the config editor must see the *same*
values, and the user must be able to ask "which file gave this value, and what did it hide?".
This module reads the layers — workstream ``config.json`` → project ``config.json`` →
``~/.msd/defaults.json`` → built-in defaults — and returns a :class:`LoadedConfig`:

* ``values``: what resolvers see. The workstream file is deep-merged over the project file
  (workstream wins). ``defaults.json`` supplies only the §4 case-2 fields and only when the
  project has no ``.planning/`` at all — except ``model_overrides``, merged per agent
  (``{**global, **project}``) even when ``.planning/`` exists (Appendix B, D1).
* ``source``/``degraded``/``reason``/``diagnostics``: the spec §2.1 provenance table. A file
  that exists but is unusable is never silently treated as absent.
* Read-time aliases (§2.1): both spellings (``commit_docs`` / ``planning.commit_docs`` …) carry
  the winning value, the flat name winning. Legacy keys (§2.5) are migrated *in memory* and
  ``planning.sub_repos`` is re-synced with the child repos on disk — as upstream's loader does —
  but loading never writes; :func:`migrate_config` is the explicit, locked, atomic rewrite.

Deliberately light (stdlib + our core modules only): ``msd resolve-model`` imports it and must
start fast. The schema module is imported lazily, only to show built-in defaults in provenance.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from types import EllipsisType
from typing import Any

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.js_values import js_truthy
from msd_desktop.core.common.jsonfile import (
    Fingerprint,
    JsonFile,
    read_json_file,
)
from msd_desktop.core.common.key_paths import get_path
from msd_desktop.core.common.record import Record
from msd_desktop.core.common.safe_read import Kind
from msd_desktop.core.common.text import Text
from msd_desktop.core.config.layers import LayerName
from msd_desktop.core.workspace.paths import (
    Env,
    active_workstream,
    defaults_path,
    planning_dir,
    planning_root,
)

RESOLVED = "resolved"
CONFIGURED_EMPTY = "configured_empty"
WORKSTREAM_FALLBACK = "workstream_fallback"
NOT_CONFIGURED = "not_configured"

# Read-time aliases (§2.1): flat name, section, field. The flat name wins when both are set.
ALIASES: tuple[tuple[str, str, str], ...] = (
    ("commit_docs", "planning", "commit_docs"),
    ("search_gitignored", "planning", "search_gitignored"),
    ("sub_repos", "planning", "sub_repos"),
    ("branching_strategy", "git", "branching_strategy"),
    ("phase_branch_template", "git", "phase_branch_template"),
    ("milestone_branch_template", "git", "milestone_branch_template"),
    ("quick_branch_template", "git", "quick_branch_template"),
    ("plan_checker", "workflow", "plan_check"),
    ("research", "workflow", "research"),
    ("verifier", "workflow", "verifier"),
    ("nyquist_validation", "workflow", "nyquist_validation"),
    ("post_planning_gaps", "workflow", "post_planning_gaps"),
    ("text_mode", "workflow", "text_mode"),
    ("auto_advance", "workflow", "auto_advance"),
    ("mvp_mode", "workflow", "mvp_mode"),
    ("subagent_timeout", "workflow", "subagent_timeout"),
)
_FLAT_TO_NESTED = {flat: f"{sec}.{fld}" for flat, sec, fld in ALIASES}
_NESTED_TO_FLAT = {nested: flat for flat, nested in _FLAT_TO_NESTED.items()}

# §4 case 2: the fields defaults.json supplies when the project has no .planning/ at all.
GLOBAL_DEFAULTS_KEYS: tuple[str, ...] = (
    "model_profile", "commit_docs", "research", "plan_checker", "verifier",
    "nyquist_validation", "post_planning_gaps", "parallelization", "text_mode",
    "resolve_model_ids", "context_window", "subagent_timeout", "model_overrides",
    "models", "granularity", "granularities", "planning", "dynamic_routing",
    "effort", "fast_mode", "agent_skills", "response_language", "runtime",
    "model_profile_overrides", "model_policy",
)

_DEPTH_TO_GRANULARITY = {"quick": "coarse", "standard": "standard", "comprehensive": "fine"}
_PROTO_KEYS = frozenset({"__proto__", "constructor", "prototype"})


# --- data classes ------------------------------------------------------------------------


class ConfigLayer(Record):
    """One file in the precedence chain (``file`` is ``None`` for the built-in layer)."""

    __slots__ = ("data", "file", "name", "path")
    __match_args__ = ("name", "path", "file", "data")

    def __init__(
        self,
        name: LayerName,
        path: Path | None,
        file: JsonFile | None,
        data: dict[str, Any] | None,
    ) -> None:
        self.name = name
        self.path = path
        self.file = file
        self.data = data


class ProvenanceEntry(Record):
    """A value some layer holds for a key."""

    __slots__ = ("layer", "path", "value")
    __match_args__ = ("layer", "path", "value")

    def __init__(self, layer: str, path: str | None, value: Any) -> None:
        self.layer = layer
        self.path = path
        self.value = value


class KeyProvenance(Record):
    """Where a key's effective value came from, and the values it hid."""

    __slots__ = ("key", "layer", "overridden", "path", "present", "value")
    __match_args__ = ("key", "value", "present", "layer", "path", "overridden")

    def __init__(
        self,
        key: str,
        value: Any,
        present: bool,
        layer: str,
        path: str | None,
        overridden: list[ProvenanceEntry] | None = None,
    ) -> None:
        self.key = key
        self.value = value
        self.present = present
        self.layer = layer
        self.path = path
        self.overridden: list[ProvenanceEntry] = [] if overridden is None else overridden


class LoadedConfig(Record):
    """The effective configuration of one project plus where every part came from.

    (Records, not dataclasses, in this module: it is on the ``msd resolve-model`` start-up path.)
    """

    __slots__ = (
        "degraded", "diagnostics", "layers", "model_override_sources", "planning_dir", "reason",
        "root", "source", "values", "workstream",
    )
    __match_args__ = (
        "root", "planning_dir", "values", "source", "degraded", "reason", "diagnostics",
        "layers", "workstream", "model_override_sources",
    )

    def __init__(
        self,
        root: Path,
        planning_dir: Path,
        values: dict[str, Any],
        source: str,
        degraded: bool,
        reason: str,
        diagnostics: list[str],
        layers: list[ConfigLayer],
        workstream: str | None,
        model_override_sources: dict[str, str],
    ) -> None:
        self.root = root
        self.planning_dir = planning_dir
        self.values = values
        self.source = source
        self.degraded = degraded
        self.reason = reason
        self.diagnostics = diagnostics
        self.layers = layers
        self.workstream = workstream
        self.model_override_sources = model_override_sources

    def layer(self, name: str) -> ConfigLayer | None:
        """The layer called ``name``, if it was consulted."""
        return next((lay for lay in self.layers if lay.name == name), None)

    def to_provenance_dict(self) -> dict[str, Any]:
        """``{source, degraded, reason, diagnostics}`` for JSON output."""
        return {
            "source": self.source,
            "degraded": self.degraded,
            "reason": self.reason,
            "diagnostics": list(self.diagnostics),
        }

    def get(self, key: str, default: Any = None) -> Any:
        """The effective value of a dotted key (own keys only), or ``default``."""
        found, value = get_path(self.values, key)
        return value if found else default

    def global_applies(self, key: str) -> bool:
        """Whether ``~/.msd/defaults.json`` is read for ``key`` in this project at all (it is
        not once the project has a ``.planning`` folder, except for ``model_overrides``)."""
        return any(self._global_applies(name) for name in alias_names(key))

    def _global_applies(self, name: str) -> bool:
        top = name.split(".", 1)[0]
        if top == "model_overrides":
            return True
        if self.source != "global-defaults":
            return False
        return top in GLOBAL_DEFAULTS_KEYS or name == "workflow.post_planning_gaps"

    def provenance(self, key: str) -> KeyProvenance:
        """Which layer gave ``key`` its value, and which values from other layers lost."""
        applied: list[ProvenanceEntry] = []
        ignored: list[ProvenanceEntry] = []
        for lay in self.layers:
            if lay.name == "builtin" or lay.data is None:
                continue
            for name in alias_names(key):
                found, value = get_path(lay.data, name)
                if not found:
                    continue
                entry = ProvenanceEntry(lay.name, str(lay.path) if lay.path else None, value)
                if lay.name == "global" and not self._global_applies(name):
                    ignored.append(entry)
                else:
                    applied.append(entry)
                break
        default = builtin_default(key)
        found, effective = get_path(self.values, key)
        if applied:
            win = applied[0]
            losers = applied[1:] + ignored
            if default is not None:
                losers.append(ProvenanceEntry("builtin", None, default))
            return KeyProvenance(
                key, effective if found else win.value, True, win.layer, win.path, losers
            )
        return KeyProvenance(key, effective if found else default, found, "builtin", None, ignored)


# --- helpers -----------------------------------------------------------------------------


def alias_names(key: str) -> list[str]:
    """The spellings of ``key`` to look up, the winning (flat) one first."""
    if key in _FLAT_TO_NESTED:
        return [key, _FLAT_TO_NESTED[key]]
    if key in _NESTED_TO_FLAT:
        return [_NESTED_TO_FLAT[key], key]
    return [key]


def builtin_default(key: str) -> Any:
    """The schema default for ``key`` via ``config_schema.default_for`` when that module exists."""
    try:
        from msd_desktop.core.config import schema as module
    except ImportError:
        return None
    fn: Callable[[str], Any] | None = getattr(module, "default_for", None)
    if fn is None:
        return None
    try:
        return fn(key)
    except Exception:
        return None


def deep_merge(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    """Upstream ``_deepMergeConfig``: overlay wins, objects merge, arrays and null replace."""
    result = dict(base)
    for key, value in overlay.items():
        if key in _PROTO_KEYS:
            continue
        if isinstance(value, dict):
            below = result.get(key)
            result[key] = deep_merge(below if isinstance(below, dict) else {}, value)
        else:
            result[key] = value
    return result


def detect_sub_repos(root: Path) -> list[str]:
    """Sorted names of ``root``'s child dirs (not hidden, not node_modules) holding ``.git``."""
    found: list[str] = []
    try:
        children = list(Path(root).iterdir())
    except OSError:
        return found
    for child in children:
        name = child.name
        if name.startswith(".") or name == "node_modules":
            continue
        try:
            if child.is_dir() and (child / ".git").exists():
                found.append(name)
        except OSError:
            continue
    return sorted(found)


def _section(data: dict[str, Any], name: str) -> dict[str, Any]:
    value = data.get(name)
    return dict(value) if isinstance(value, dict) else {}


def migrate_config_data(
    data: dict[str, Any], root: Path
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Apply the §2.5 legacy migrations in order; return ``(new data, records)``.

    ``data`` is not modified. Records are ``{from, to, value}`` (plus ``requiresFilesystem``
    for ``multiRepo``), exactly as upstream's ``normalizeLegacyKeys`` reports them.
    """
    result = dict(data)
    records: list[dict[str, Any]] = []
    for flat, sec in (("branching_strategy", "git"), ("sub_repos", "planning")):
        if flat in result:
            value = result[flat]
            nested = _section(result, sec)
            if flat not in nested:
                nested[flat] = value
            result[sec] = nested
            del result[flat]
            records.append({"from": flat, "to": f"{sec}.{flat}", "value": value})
    if result.get("multiRepo") is True:
        del result["multiRepo"]
        records.append(
            {
                "from": "multiRepo",
                "to": "planning.sub_repos",
                "value": True,
                "requiresFilesystem": True,
            }
        )
        planning = result.get("planning")
        current = planning.get("sub_repos") if isinstance(planning, dict) else None
        if not js_truthy(current):
            detected = detect_sub_repos(root)
            if detected:
                section = _section(result, "planning")
                section["sub_repos"] = detected
                section["commit_docs"] = False
                result["planning"] = section
    if "depth" in result and "granularity" not in result:
        raw = result.pop("depth")
        mapped = _DEPTH_TO_GRANULARITY.get(raw, raw) if isinstance(raw, str) else raw
        result["granularity"] = mapped
        records.append({"from": "depth", "to": "granularity", "value": mapped})
    return result, records


def _js_sort_key(value: Any) -> str:
    return value if isinstance(value, str) else str(value)


def resync_sub_repos(data: dict[str, Any], root: Path) -> dict[str, Any]:
    """Replace a non-empty ``planning.sub_repos`` by the detected child repos when they differ."""
    planning = data.get("planning")
    current = planning.get("sub_repos") if isinstance(planning, dict) else None
    if not isinstance(current, list) or not current:
        return data
    detected = detect_sub_repos(root)
    if not detected or sorted(current, key=_js_sort_key) == detected:
        return data
    result = dict(data)
    section = _section(result, "planning")
    section["sub_repos"] = detected
    result["planning"] = section
    return result


def apply_aliases(values: dict[str, Any]) -> None:
    """Give both spellings of every §2.1 alias the winning value (flat first), in place."""
    for flat, sec, fld in ALIASES:
        nested = values.get(sec)
        if flat in values:
            winner = values[flat]
        elif isinstance(nested, dict) and fld in nested:
            winner = nested[fld]
        else:
            continue
        values[flat] = winner
        if nested is None and sec not in values:
            values[sec] = {fld: winner}
        elif isinstance(nested, dict):
            nested[fld] = winner


def copy_json(value: Any) -> Any:
    """A deep copy of parsed JSON: what ``copy.deepcopy`` gives, faster, and without importing
    ``copy`` on the ``resolve-model`` path. Anything but dicts, lists and scalars goes to
    ``copy.deepcopy``."""
    if isinstance(value, dict):
        return {key: copy_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copy_json(item) for item in value]
    if value is None or isinstance(value, (str, int, float)):
        return value
    import copy

    return copy.deepcopy(value)


def _global_subset(data: Mapping[str, Any]) -> dict[str, Any]:
    subset = {key: copy_json(data[key]) for key in GLOBAL_DEFAULTS_KEYS if key in data}
    workflow = data.get("workflow")
    if "post_planning_gaps" not in subset and isinstance(workflow, dict) and (
        "post_planning_gaps" in workflow
    ):
        subset["workflow"] = {"post_planning_gaps": workflow["post_planning_gaps"]}
    return subset


def _unusable(file: JsonFile) -> str:
    assert file.error is not None
    return Text.of("{error} — its settings were NOT applied", error=file.error.message)


def _env(env: Env | None) -> Env:
    return os.environ if env is None else env


# --- loading -----------------------------------------------------------------------------


def load_global_defaults(env: Env | None = None) -> JsonFile:
    """Read ``~/.msd/defaults.json`` (``$MSD_HOME/.msd/defaults.json``) without interpreting it."""
    return read_json_file(defaults_path(_env(env)), "defaults")


Drafts = Mapping[Path, Mapping[str, Any]]


def _read_layer_file(path: Path, drafts: Drafts | None, kind: Kind = "config") -> JsonFile:
    """The file at ``path`` as read from disk, or as an unsaved draft holds it (in memory)."""
    if drafts:
        data = drafts.get(Path(os.path.abspath(path)))
        if data is not None:
            return JsonFile(Path(path), True, None, copy_json(dict(data)), None, None)
    return read_json_file(path, kind)


def _project_layer(name: LayerName, path: Path, root: Path,
                   drafts: Drafts | None = None) -> ConfigLayer:
    file = _read_layer_file(path, drafts)
    data: dict[str, Any] | None = None
    if file.ok and isinstance(file.data, dict):
        migrated, _ = migrate_config_data(file.data, root)
        data = resync_sub_repos(migrated, root)
    return ConfigLayer(name, path, file, data)


def load_config(
    root: Path,
    env: Env | None = None,
    workstream: str | EllipsisType | None = ...,
    *,
    drafts: Drafts | None = None,
) -> LoadedConfig:
    """Load the effective config of the project at ``root`` (no walking up; never writes).

    ``workstream``: ``...`` = the active one (§1 precedence), ``None`` = none, or a name.
    ``drafts``: config files (by absolute path) to take as these unsaved contents instead of
    what is on disk — a what-if of an edit, computed in memory, with no copy written anywhere.
    """
    if drafts:
        drafts = {Path(os.path.abspath(path)): data for path, data in drafts.items()}
    e = _env(env)
    root = Path(root)
    ws_value = active_workstream(root, e) if workstream is ... else workstream
    ws = ws_value or None
    project_dir = planning_dir(root, e, None)
    governing_dir = planning_dir(root, e, ws)
    diagnostics: list[str] = []

    layers: list[ConfigLayer] = []
    ws_layer: ConfigLayer | None = None
    if ws:
        ws_layer = _project_layer("workstream", governing_dir / "config.json", root, drafts)
        layers.append(ws_layer)
    project = _project_layer("project", project_dir / "config.json", root, drafts)
    layers.append(project)
    global_file = _read_layer_file(defaults_path(e), drafts, "defaults")
    global_ok = global_file.ok and isinstance(global_file.data, dict)
    global_data = global_file.data if global_ok else None
    global_layer = ConfigLayer("global", global_file.path, global_file, global_data)
    layers.append(global_layer)
    layers.append(ConfigLayer("builtin", None, None, None))

    # The governing file's fault outranks the root's (upstream order).
    fault: JsonFile | None = None
    for lay in ([project] + ([ws_layer] if ws_layer else [])):
        if lay.file is not None and lay.file.error is not None:
            fault = lay.file
            diagnostics.append(_unusable(lay.file))

    governing = ws_layer if ws_layer is not None else project
    values: dict[str, Any]
    if governing.data is not None:
        if ws_layer is not None and project.data is not None:
            values = deep_merge(project.data, governing.data)
        else:
            values = copy_json(governing.data)
        source = "workstream" if ws else "root"
        raw = governing.file.data if governing.file is not None else None
        reason = RESOLVED if isinstance(raw, dict) and raw else CONFIGURED_EMPTY
    elif ws and project.data is not None:
        values = copy_json(project.data)
        source, reason = "root", WORKSTREAM_FALLBACK
        if fault is None:
            diagnostics.append(Text.of(
                "workstream '{workstream}' has no config.json at {path}; using {fallback} "
                "instead", workstream=ws, path=governing.path, fallback=project.path,
            ))
    elif planning_root(root).is_dir():
        values, source, reason = {}, "builtin-defaults", NOT_CONFIGURED
    else:
        if global_file.error is not None and fault is None:
            fault = global_file
        if global_data is not None:
            values, source = _global_subset(global_data), "global-defaults"
        else:
            values, source = {}, "builtin-defaults"
        reason = NOT_CONFIGURED
    if global_file.error is not None:
        diagnostics.append(_unusable(global_file))

    degraded = reason == WORKSTREAM_FALLBACK
    if fault is not None and fault.error is not None:
        degraded, reason = True, fault.error.reason

    sources = _merge_model_overrides(values, ws_layer, project, global_layer, source)
    apply_aliases(values)
    return LoadedConfig(
        root=root,
        planning_dir=governing_dir,
        values=values,
        source=source,
        degraded=degraded,
        reason=reason,
        diagnostics=diagnostics,
        layers=layers,
        workstream=ws,
        model_override_sources=sources,
    )


def _merge_model_overrides(
    values: dict[str, Any],
    ws_layer: ConfigLayer | None,
    project: ConfigLayer,
    global_layer: ConfigLayer,
    source: str,
) -> dict[str, str]:
    """D1: ``model_overrides = {**global, **project(+workstream)}``; return each agent's file."""
    sources: dict[str, str] = {}
    gdata = global_layer.data or {}
    g_over = gdata.get("model_overrides")
    current = values.get("model_overrides")
    if "model_overrides" in values and not isinstance(current, dict):
        return sources  # a wrong-typed project value hides everything, as upstream
    merged: dict[str, Any] = {}
    if isinstance(g_over, dict):
        for agent, model in g_over.items():
            merged[agent] = copy_json(model)
            sources[agent] = str(global_layer.path)
    if source != "global-defaults" and isinstance(current, dict):
        project_over = (project.data or {}).get("model_overrides")
        ws_over = (ws_layer.data or {}).get("model_overrides") if ws_layer else None
        for agent, model in current.items():
            merged[agent] = model
            if isinstance(ws_over, dict) and agent in ws_over and source == "workstream":
                sources[agent] = str(ws_layer.path if ws_layer else "")
            elif isinstance(project_over, dict) and agent in project_over:
                sources[agent] = str(project.path)
    if merged or "model_overrides" in values:
        values["model_overrides"] = merged
    return sources


# --- commit_docs -------------------------------------------------------------------------


def is_git_ignored(root: Path, target: str) -> bool:
    """``git check-ignore -q --no-index -- <target>`` from ``root``; False when git is missing."""
    import subprocess  # lazily: only commit_docs needs git, resolve-model never does

    normalized = target.rstrip("/") or target
    try:
        done = subprocess.run(
            ["git", "check-ignore", "-q", "--no-index", "--", normalized],
            cwd=root,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def effective_commit_docs(loaded: LoadedConfig) -> bool:
    """§2.1: an explicit ``commit_docs`` (either spelling) decides; else false when ``.planning/``
    is git-ignored; else true."""
    found, value = get_path(loaded.values, "commit_docs")
    if not found:
        found, value = get_path(loaded.values, "planning.commit_docs")
    if found:
        return js_truthy(value)
    return not is_git_ignored(loaded.root, ".planning")


# --- writing -----------------------------------------------------------------------------


def write_project_config(
    path: Path, data: dict[str, Any], expected: Fingerprint | EllipsisType | None, *,
    source: str = "Settings save", batch: str | None = None, env: Env | None = None,
) -> Fingerprint:
    """Atomically write a ``config.json`` under the planning lock of its folder, recorded in
    the config history with its ``source``."""
    from msd_desktop.core.common.readback import check_document  # writers only
    from msd_desktop.core.history.recorder import write_config_recorded

    path = Path(path)
    check_document(data, path)
    return write_config_recorded(path, data, expected=expected, lock_dir=path.parent,
                                 source=source, batch=batch, env=env)


def migrate_config(
    root: Path,
    env: Env | None = None,
    dry_run: bool = False,
    workstream: str | EllipsisType | None = ...,
) -> dict[str, Any]:
    """Rewrite the active ``config.json`` with §2.5 applied (upstream ``migrate-config``).

    Returns upstream's report ``{migrated, normalizations, wrote}`` plus ``config`` (the migrated
    object, or the file's current one when nothing changed). A missing or whitespace-only file is
    a no-op; an unusable one is refused with an error naming the file and line. Nothing is
    written when ``dry_run``.
    """
    e = _env(env)
    root = Path(root)
    path = planning_dir(root, e, workstream) / "config.json"

    def plan() -> tuple[JsonFile, dict[str, Any] | None, list[dict[str, Any]]]:
        file = read_json_file(path)
        if not file.exists or (file.text is not None and not file.text.strip()):
            return file, None, []
        if file.error is not None:
            raise MsdError(Text.of("Cannot migrate {error}", error=file.error.message))
        assert isinstance(file.data, dict)
        new, records = migrate_config_data(file.data, root)
        return file, new, records

    file, new, records = plan()
    if not records or new is None:
        return {
            "migrated": False,
            "normalizations": [],
            "wrote": None,
            "config": file.data if file.ok else None,
        }
    if dry_run:
        return {"migrated": True, "normalizations": records, "wrote": None, "config": new,
                "dry_run": True}
    from msd_desktop.core.common.planning_lock import PlanningLock  # writers only
    from msd_desktop.core.common.readback import check_document

    with PlanningLock(path.parent):
        file, new, records = plan()  # re-read under the lock: another writer may have won
        if not records or new is None:
            return {"migrated": False, "normalizations": [], "wrote": None,
                    "config": file.data if file.ok else None}
        check_document(new, path)
        from msd_desktop.core.history.recorder import MIGRATE_CONFIG, write_config_recorded

        write_config_recorded(path, new, expected=file.fingerprint, source=MIGRATE_CONFIG,
                              env=e)
    return {"migrated": True, "normalizations": records, "wrote": str(path), "config": new}
