"""Creating a new project's ``.planning/config.json`` (spec §4 case 1, Appendix B D4/D6).

Why a module of its own: the window's "New project" dialog and ``msd new-project`` must write
the *same* file, and that file must match what upstream ``gsd-tools config-new-project``
writes (so a project made here behaves the same under the upstream tools). The merge is a
port of upstream ``buildNewProjectConfig`` (gsd-core ``bin/lib/config.cjs``):

    config = {**built_ins, **defaults_json_without_runtime, **choices}
    for section in git, workflow, ship, hooks, agent_skills, plan_review:
        config[section] = {**built_ins[section], **defaults_json[section], **choices[section]}

followed by the ``ship.pr_body_sections`` validation. Details kept from upstream:

* the top level is a shallow spread; only the six sections above merge one level deep (so a
  ``review`` block in defaults.json is replaced whole by one in the choices);
* ``runtime`` from ``~/.msd/defaults.json`` is dropped (host-specific, upstream #2840) — a
  ``runtime`` in the *choices* is kept;
* a legacy ``depth`` in defaults.json is migrated to ``granularity`` (when ``granularity`` is
  absent) and defaults.json is rewritten — atomically here, and only if nobody changed it
  meanwhile (upstream rewrites it in place and ignores failures; so do we);
* a defaults.json that is unreadable or not JSON is ignored;
* a section value that is not an object is spread the way JavaScript spreads it (a list or
  string by index, anything else as nothing), and keys that look like array indices come first
  in every object, as ``JSON.stringify`` orders them.

Where MSD deliberately differs (Appendix B — each is asserted by the differential test):

* D6, seed defaults win: ``claude_md_path`` is ``./CLAUDE.md`` (upstream ``./.claude/CLAUDE.md``),
  ``phase_naming`` has no default so the key is not written (upstream ``"sequential"``), and an
  integration key (``brave_search`` …) that is not detected is ``null`` (upstream ``false``).
  §4 still lists the upstream values; D6 wins over §4 ("where this appendix and an earlier
  section disagree, this appendix wins").
* D4, secrets live in the keyring: an API key given as text (in the choices, or left in
  defaults.json) is stored in the OS keyring and the config gets the sentinel ``true``. The
  §1 detection still decides the built-in value: an env var (``BRAVE_API_KEY`` …), the
  ``~/.msd/<prefix>_api_key`` file or a global keyring entry make it ``true``.
* naming: branch templates ``msd/…``, ``~/.msd/defaults.json``, ``MSD_*``.
* a defaults.json that parses to something other than an object (``[]``, ``"x"``, ``null``) is
  ignored as malformed; upstream spreads it by index or crashes on ``null``.

:func:`build_new_project_config` only computes (besides the upstream defaults.json rewrite);
:func:`create_new_project` stores keys and writes, never over an existing ``config.json``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.errors import ConflictError, MsdError
from msd_desktop.core.common.jsonfile import read_json_file
from msd_desktop.core.common.readback import check_document
from msd_desktop.core.common.text import Text
from msd_desktop.core.workspace.paths import Env, defaults_path, planning_dir

__all__ = [
    "MERGED_SECTIONS",
    "NewProjectNotes",
    "NewProjectResult",
    "build_new_project_config",
    "builtin_new_project_config",
    "choices_from_assignments",
    "create_new_project",
    "new_project",
]

MERGED_SECTIONS: tuple[str, ...] = (
    "git", "workflow", "ship", "hooks", "agent_skills", "plan_review",
)
"""The sections merged one level deep (built-ins ← defaults.json ← choices)."""

# Upstream's order of the integration keys in the new config (not the schema's order).
_INTEGRATION_ORDER: tuple[str, ...] = (
    "brave_search", "firecrawl", "exa_search", "tavily_search", "ref_search", "perplexity", "jina",
)
_DEPTH_TO_GRANULARITY = {"quick": "coarse", "standard": "standard", "comprehensive": "fine"}
_INDEX_RE = lazy_re.compile(r"0|[1-9][0-9]*")
_MAX_INDEX = 2**32 - 2  # the largest canonical JS array index


@dataclass
class NewProjectNotes:
    """What happened while building, for the CLI output and the dialog's summary.

    Never holds a secret's plaintext: ``secrets_to_store`` names keys only.
    """

    defaults_path: Path
    defaults_used: bool = False
    defaults_ignored: str | None = None
    runtime_dropped: Any = None
    depth_migration: dict[str, Any] | None = None
    defaults_rewritten: bool = False
    detected_keys: dict[str, str] = field(default_factory=dict)
    secrets_to_store: dict[str, str] = field(default_factory=dict)  # key -> "choices"/"defaults"
    messages: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "defaults_path": str(self.defaults_path),
            "defaults_used": self.defaults_used,
            "defaults_ignored": self.defaults_ignored,
            "runtime_dropped": self.runtime_dropped,
            "depth_migration": self.depth_migration,
            "defaults_rewritten": self.defaults_rewritten,
            "detected_keys": dict(self.detected_keys),
            "secrets_stored": sorted(self.secrets_to_store),
            "messages": list(self.messages),
        }


@dataclass(frozen=True)
class NewProjectResult:
    """The outcome of :func:`new_project`: where the file is, what it holds, what happened."""

    path: Path
    config: dict[str, Any]
    notes: NewProjectNotes
    state_path: Path | None = None  # the seed STATE.md, when one was written


# --------------------------------------------------------------------------- built-ins


def _secret_keys() -> tuple[str, ...]:
    from msd_desktop.core.secrets.store import secret_keys

    return secret_keys()


def _detect_key(key: str, env: Env, keyring: bool = True) -> str | None:
    """Where an API key is available from at new-project time (§1 + D4), or ``None``;
    without ``keyring`` the OS keyring is not asked (it may take seconds to answer)."""
    from msd_desktop.core.secrets import store as secrets

    if env.get(secrets.env_var(key)):
        return "env"
    if secrets.secret_file_path(key, env).exists():
        return "file"
    if not keyring:
        return None
    try:
        if secrets.has_secret(key, env=env):
            return "keyring"
    except MsdError:  # an unusable keyring just means "not detected"
        return None
    return None


def detect_keys(env: Env, *, keyring: bool = True) -> dict[str, str]:
    """Every API key available at new-project time → where from (``env``, ``file``,
    ``keyring``). Why public: the window asks the keyring part in a worker and hands the
    answer to :func:`build_new_project_config` (``detected``), which then asks nothing."""
    found: dict[str, str] = {}
    for key in _secret_keys():
        where = _detect_key(key, env, keyring)
        if where is not None:
            found[key] = where
    return found


def builtin_new_project_config(
    env: Env, detected: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The hard-coded layer (upstream's ``hardcoded`` object with MSD's names and D6 values).

    ``detected`` maps the API keys found (key → where); the others are ``null`` (D6).
    """
    found = {} if detected is None else detected
    config: dict[str, Any] = {
        "model_profile": "balanced",
        "commit_docs": True,
        "parallelization": True,
        "search_gitignored": False,
    }
    known = _secret_keys()
    ordered = [k for k in _INTEGRATION_ORDER if k in known]
    for key in [*ordered, *(k for k in known if k not in ordered)]:
        config[key] = True if key in found else None
    config.update({
        "git": {
            "branching_strategy": "none",
            "create_tag": True,
            "phase_branch_template": "msd/phase-{phase}-{slug}",
            "milestone_branch_template": "msd/{milestone}-{slug}",
            "quick_branch_template": None,
        },
        "workflow": {
            "research": True,
            "plan_check": True,
            "verifier": True,
            "nyquist_validation": True,
            "auto_advance": False,
            "node_repair": True,
            "node_repair_budget": 2,
            "ui_phase": True,
            "ui_safety_gate": True,
            "ai_integration_phase": True,
            "api_coverage_gate": True,
            "human_verify_mode": "end-of-phase",
            "context_guard_mode": "warn",
            "text_mode": False,
            "research_before_questions": False,
            "discuss_mode": "discuss",
            "skip_discuss": False,
            "code_review": True,
            "code_review_depth": "standard",
            "code_review_command": None,
            "pattern_mapper": True,
            "plan_bounce": False,
            "plan_bounce_script": None,
            "plan_bounce_passes": 2,
            "auto_prune_state": False,
            "post_planning_gaps": True,
            "security_enforcement": True,
            "security_asvs_level": 1,
            "security_block_on": "high",
        },
        "ship": {"pr_body_sections": []},
        "hooks": {"context_warnings": True},
        "project_code": None,
        # D6: phase_naming has no default (upstream writes "sequential" here).
        "agent_skills": {},
        "claude_md_path": "./CLAUDE.md",  # D6 (upstream "./.claude/CLAUDE.md")
        "plan_review": {"source_grounding": True, "source_grounding_authority": "grep"},
    })
    return config


# --------------------------------------------------------------------------- JS object helpers


def _is_index(key: str) -> bool:
    return bool(_INDEX_RE.fullmatch(key)) and int(key) <= _MAX_INDEX


def _js_order(value: Any) -> Any:
    """Reorder like a JS object: array-index keys first (ascending), then insertion order."""
    if isinstance(value, list):
        return [_js_order(v) for v in value]
    if not isinstance(value, dict):
        return value
    index_keys = sorted((k for k in value if _is_index(k)), key=int)
    rest = [k for k in value if not _is_index(k)]
    return {k: _js_order(value[k]) for k in (*index_keys, *rest)}


def _js_spread(value: Any) -> dict[str, Any]:
    """``{...(value || {})}``: an object's own keys; a list or string by index; else nothing."""
    if isinstance(value, dict):
        return value
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, str):
        # JS spreads a string by UTF-16 code unit; astral characters are rare enough in a
        # config section that per-code-point is the honest approximation here.
        return {str(i): ch for i, ch in enumerate(value)}
    return {}


# --------------------------------------------------------------------------- defaults.json


def _read_defaults(env: Env, notes: NewProjectNotes, rewrite: bool = True) -> dict[str, Any]:
    """Read (and depth-migrate) ``~/.msd/defaults.json``; ``{}`` when absent or malformed."""
    path = notes.defaults_path
    file = read_json_file(path, "defaults")
    if not file.exists:
        return {}
    if file.error is not None:
        notes.defaults_ignored = file.error.message
        notes.messages.append(Text.of("ignored {path}: {message}",
                                      path=path, message=file.error.message))
        return {}
    if not isinstance(file.data, dict):
        notes.defaults_ignored = f"{path} is not a JSON object"
        notes.messages.append(Text.of("ignored {path}: not a JSON object", path=path))
        return {}
    data: dict[str, Any] = file.data
    notes.defaults_used = True
    if "depth" in data and "granularity" not in data:
        depth = data["depth"]
        granularity = _DEPTH_TO_GRANULARITY.get(depth, depth) if isinstance(depth, str) else depth
        migrated = {}
        for k, v in data.items():
            if k == "depth":
                continue
            migrated[k] = v
        migrated["granularity"] = granularity
        data = migrated
        notes.depth_migration = {"from": "depth", "to": "granularity", "value": granularity}
        if not rewrite:
            return data
        try:
            from msd_desktop.core.history.recorder import NEW_PROJECT, write_config_recorded

            write_config_recorded(path, data, expected=file.fingerprint, source=NEW_PROJECT,
                                  env=env)
            notes.defaults_rewritten = True
            notes.messages.append(Text.of("migrated depth → granularity in {path}", path=path))
        except MsdError as exc:  # upstream ignores a failed rewrite too
            notes.messages.append(Text.of("could not rewrite {path}: {error}",
                                          path=path, error=exc))
    return data


# --------------------------------------------------------------------------- building


def _build(
    choices: Mapping[str, Any], env: Env, rewrite_defaults: bool = True,
    detected: Mapping[str, str] | None = None,
) -> tuple[dict[str, Any], NewProjectNotes, dict[str, str]]:
    """The merge; returns (config, notes, plaintext keys to store). Plaintext stays in here."""
    from msd_desktop.core.config.setter import normalize_value

    notes = NewProjectNotes(defaults_path=defaults_path(env))
    notes.detected_keys.update(detect_keys(env) if detected is None else detected)
    hardcoded = builtin_new_project_config(env, notes.detected_keys)
    user_defaults = _read_defaults(env, notes, rewrite_defaults)
    ch: dict[str, Any] = copy.deepcopy(dict(choices))
    ud = copy.deepcopy(user_defaults)

    safe_defaults = dict(ud)
    if "runtime" in safe_defaults:
        notes.runtime_dropped = safe_defaults.pop("runtime")
        notes.messages.append(Text.of("runtime from defaults.json not copied (it is "
                                      "host-specific)"))

    config: dict[str, Any] = {**hardcoded, **safe_defaults, **ch}
    for section in MERGED_SECTIONS:
        config[section] = {
            **_js_spread(hardcoded[section]),
            **_js_spread(ud.get(section)),
            **_js_spread(ch.get(section)),
        }
    ship = config["ship"]
    normalize_value("ship.pr_body_sections", ship.get("pr_body_sections"))

    plaintexts: dict[str, str] = {}
    for key in _secret_keys():
        value = config.get(key)
        if isinstance(value, str) and value.strip():
            plaintexts[key] = value
            notes.secrets_to_store[key] = "choices" if key in ch else "defaults"
            config[key] = True  # D4: the sentinel, never the plaintext
    for key, source in notes.secrets_to_store.items():
        notes.messages.append(
            Text.of("{key}: goes to the OS keyring; config.json says true", key=key)
            if source == "choices" else
            Text.of("{key}: goes to the OS keyring; config.json says true (it is plaintext in "
                    "defaults.json)", key=key))
    ordered: dict[str, Any] = _js_order(config)
    return ordered, notes, plaintexts


def build_new_project_config(
    choices: Mapping[str, Any], env: Env, *, rewrite_defaults: bool = True,
    detected: Mapping[str, str] | None = None,
) -> tuple[dict[str, Any], NewProjectNotes]:
    """The new project's config (built-ins ← ``~/.msd/defaults.json`` ← ``choices``) and notes.

    Raises :class:`MsdError` with upstream's wording when ``ship.pr_body_sections`` is invalid.
    May rewrite defaults.json (legacy ``depth``), as upstream does; writes nothing else.
    ``rewrite_defaults=False`` is the side-effect-free preview the dialog shows while typing.
    ``detected`` (see :func:`detect_keys`): the keys known to be available; given, nothing
    asks the keyring.
    """
    config, notes, _ = _build(choices, env, rewrite_defaults, detected)
    return config, notes


# --------------------------------------------------------------------------- creating


def new_project(
    root: Path,
    choices: Mapping[str, Any],
    env: Env,
    *,
    secret_scope: str = "project",
    create_folder: bool = False,
    seed_state: bool = False,
) -> NewProjectResult:
    """Create ``<planning dir>/config.json`` for the project at ``root``; never overwrite.

    API keys given as text go to the OS keyring first (``secret_scope`` ``"project"``: this
    project's entry; ``"global"``: the entry every project shares); with no usable keyring a
    :class:`~msd_desktop.core.common.errors.KeyringUnavailableError` is raised and nothing is
    written.

    ``create_folder``: a missing ``root`` is created with its parents (the caller asked the
    person first); an odd target (a file, a FIFO, a symlink loop …) is refused either way.
    ``seed_state``: also write the seed ``STATE.md``
    (:mod:`msd_desktop.core.workspace.seed_state`), which must not exist either. Either file
    failing leaves no file and no folder this call made (``msd new-project`` writes
    ``config.json`` only, as upstream ``config-new-project`` does).
    """
    if secret_scope not in ("project", "global"):
        raise MsdError(Text.of(
            "Unknown secret scope: {secret_scope} (use project or global)",
            secret_scope=secret_scope,
        ))
    root = Path(root)
    missing = False
    if not root.is_dir():
        from msd_desktop.core.workspace.project_folder import check_project_folder

        check = check_project_folder(root)
        if check.problem is not None:
            raise MsdError(check.problem)
        if not create_folder:
            raise MsdError(Text.of("Not a folder: {root}", root=root))
        missing = True
    pdir = planning_dir(root, env)
    path = pdir / "config.json"
    state_path = pdir / "STATE.md" if seed_state else None
    if not missing:
        _refuse_existing(path)
        if state_path is not None:
            _refuse_existing(state_path, "STATE.md")
    # defaults.json is rewritten (legacy depth) only once everything else has succeeded
    config, notes, plaintexts = _build(choices, env, rewrite_defaults=False)
    check_document(config, path)  # before any folder, key or file is made
    made = _make_folders(root, pdir, missing)
    try:
        if plaintexts:
            from msd_desktop.core.secrets.store import store_secret

            for key, value in plaintexts.items():
                store_secret(key, value, root=root if secret_scope == "project" else None,
                             env=env)
        _write_new_files(pdir, path, config, state_path)
    except BaseException:
        from msd_desktop.core.workspace.project_folder import remove_made

        remove_made(made)
        raise
    if notes.depth_migration is not None:
        _rewrite_defaults_after_success(env, notes)
    return NewProjectResult(path=path, config=config, notes=notes, state_path=state_path)


def _make_folders(root: Path, pdir: Path, missing: bool) -> list[Path]:
    """Create the project folder (when ``missing``) and the planning dir; return what was
    made, so a failure can take exactly that back."""
    from msd_desktop.core.workspace.project_folder import make_folder

    made = make_folder(root) if missing else []
    try:
        made += make_folder(pdir)
    except MsdError:
        from msd_desktop.core.workspace.project_folder import remove_made

        remove_made(made)
        raise
    return made


def _write_new_files(pdir: Path, path: Path, config: dict[str, Any],
                     state_path: Path | None) -> None:
    """Write ``config.json`` (and the seed STATE.md) under the planning lock, neither over an
    existing file; when the second fails the first is removed again."""
    from msd_desktop.core.common.planning_lock import PlanningLock

    with PlanningLock(pdir):
        try:
            from msd_desktop.core.history.recorder import NEW_PROJECT, write_config_recorded

            write_config_recorded(path, config, expected=None, source=NEW_PROJECT)
        except ConflictError:
            raise MsdError(
                Text.of(
                    "{path} was created by someone else meanwhile; new-project never overwrites "
                    "it", path=path,
                )
            ) from None
        if state_path is None:
            return
        from msd_desktop.core.workspace.seed_state import seed_state_text

        try:
            _write_new_text(state_path, seed_state_text())
        except BaseException:
            import contextlib
            import os

            with contextlib.suppress(OSError):
                os.unlink(path)
            raise


def _write_new_text(path: Path, text: str) -> None:
    """Write a file that must not exist yet, atomically (the safe writer's
    :func:`~msd_desktop.core.common.safe_write.write_new_file`: never over anything there)."""
    from msd_desktop.core.common.safe_write import write_new_file

    try:
        write_new_file(path, text.encode("utf-8"))
    except FileExistsError:
        raise MsdError(Text.of(
            "{path} was created by someone else meanwhile; new-project never overwrites it",
            path=path,
        )) from None
    except OSError as exc:
        raise MsdError(Text.of(
            "Could not write {path}: {error}", path=path, error=exc.strerror or exc,
        )) from None


def _refuse_existing(path: Path, what_file: str = "config") -> None:
    """Refuse any existing ``config.json`` (or ``what_file``, e.g. the seed ``STATE.md``): a
    file, and also a FIFO, a directory, a device or a dangling or looping symlink (``exists()``
    is false for the last two: they would be replaced).
    """
    import os
    import stat

    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise MsdError(Text.of(
            "{path} cannot be checked ({error}); new-project writes nothing",
            path=path, error=exc.strerror or exc,
        )) from None
    what = Text.of("already exists")
    if stat.S_ISLNK(info.st_mode):
        try:
            target = os.stat(path)
        except OSError as exc:
            what = Text.of("is a symlink that cannot be followed ({error})",
                           error=exc.strerror or exc)
        else:
            if not stat.S_ISREG(target.st_mode):
                what = Text.of("is a symlink to something that is not a regular file")
    elif stat.S_ISDIR(info.st_mode):
        what = Text.of("is a directory")
    elif not stat.S_ISREG(info.st_mode):
        what = Text.of("is not a regular file (a FIFO, socket or device)")
    if what_file == "config":
        raise MsdError(
            Text.of(
                "{path} {what}; new-project never overwrites a project's config (change it in "
                "Settings or with msd config-set)", path=path, what=what,
            )
        )
    raise MsdError(Text.of(
        "{path} {what}; new-project never overwrites a project's {what_file} (open the project "
        "instead)", path=path, what=what, what_file=what_file,
    ))


def _rewrite_defaults_after_success(env: Env, notes: NewProjectNotes) -> None:
    """The upstream legacy-``depth`` rewrite of defaults.json, done last (a failed command
    must change no file); its outcome is added to ``notes``."""
    after = NewProjectNotes(defaults_path=notes.defaults_path)
    _read_defaults(env, after, rewrite=True)
    notes.defaults_rewritten = after.defaults_rewritten
    notes.messages.extend(
        m for m in after.messages if m.startswith(("migrated depth", "could not rewrite"))
    )


def create_new_project(root: Path, choices: Mapping[str, Any], env: Env) -> Path:
    """:func:`new_project`, returning only the path of the written ``config.json``."""
    return new_project(root, choices, env).path


# --------------------------------------------------------------------------- CLI choices


def choices_from_assignments(assignments: Iterable[str]) -> dict[str, Any]:
    """``KEY=VALUE`` strings → a nested choices object, each value coerced and checked like
    ``msd config-set`` (D2). Raises :class:`MsdError` for the first bad one.
    """
    from msd_desktop.core.config.setter import (
        apply_set,
        coerce_for_key,
        normalize_value,
        validate_value,
    )

    out: dict[str, Any] = {}
    for item in assignments:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise MsdError(Text.of("Expected KEY=VALUE, got: {item}", item=item))
        value = coerce_for_key(key, raw) if validate_value(key, None) is None else None
        error = validate_value(key, value, raw)
        if error is not None:
            raise MsdError(error)
        if value is None:
            raise MsdError(Text.of(
                "{key}: null is not a choice for a new project (leave the key out)", key=key,
            ))
        out = apply_set(out, key, normalize_value(key, value, raw))
    return out
