"""Locate the MSD install that would run for a project and read its runtime marker (§5.6).

Why this exists: the third rung of the *active runtime* (``MSD_RUNTIME`` → ``config.runtime``
→ **install marker** → ``claude``) is, upstream, the file ``<install>/gsd-core/.gsd-runtime``
that ``bin/install.js`` writes for every runtime install (#2297). ``gsd-tools`` reads it
relative to its own file (``model-resolver.cjs`` ``readInstallRuntimeMarker``), because it *is*
the installed copy. MSD Desktop is not an installed copy, so it has to find the install a
runtime session would use for the project, then read ``<install>/msd-core/.msd-runtime``.

Where installs live (upstream 1.11.0 ``bin/install.js`` + ``bin/lib/runtime-homes.cjs`` and the
capability registry's ``configHome`` / ``localConfigDir``; transcribed in :data:`RUNTIME_HOMES`):

* project-local: ``<project>/<localConfigDir>/msd-core`` (``.claude``, ``.codex``, ``.github``
  for copilot, ``.agents`` for antigravity, …); cline installs into the project root itself
  (``<project>/msd-core``); kimi and kimi-code have no local install (deferred upstream).
* global: each runtime's config home, honouring its own environment override first
  (``CLAUDE_CONFIG_DIR``, ``CODEX_HOME``, ``COPILOT_CONFIG_DIR``/``COPILOT_HOME``, the XDG
  chain for opencode/kilo, ``ANTIGRAVITY_CONFIG_DIR``, …) with upstream's rules: a blank value
  does not count, a leading ``~`` expands to HOME. Where upstream *probes* several candidate
  dirs (antigravity's three ``~/.gemini/*`` dirs, kimi's ``~/.config/agents`` / ``~/.agents``)
  every candidate is checked: a marker is only ever written into the dir the installer chose.

The lookup rule (first step that yields a runtime decides):

1. ``MSD_INSTALL_DIR`` (non-blank) names the install explicitly: the ``msd-core`` folder, or the
   config dir that holds it. Its marker decides; without a usable marker the rung is empty
   (exactly what upstream does for an install that predates the marker) and a warning says so.
   Nothing is searched.
2. Project-local installs under the project root. A local install is how a project pins its
   runtime, so it wins over any global install (those are only noted in ``found``).
3. Global installs under HOME.

Within step 2 or 3, markers that agree (after normalization and alias canonicalization, so
``claude`` and ``Claude-Code`` agree) decide; markers that **disagree** decide nothing: the rung
stays empty, so the active runtime falls through to ``claude``, and a warning lists the markers
found and says how to choose (``MSD_RUNTIME``, ``runtime`` in the project config, or
``MSD_INSTALL_DIR``). Why not guess: with two runtimes installed globally the runtime that will
actually run is whichever one the user starts, which no file can tell; upstream refuses the
same guess (``gsd-agent-isolation-guard.js``: "no confident signal degrades to inert rather
than guessing", and #3566 on the host-wide defaults that "name whichever runtime installed
LAST"). Falling through to ``claude`` is also what upstream's resolver does when it has no
marker, and the warning makes the choice visible instead of silent.

Marker content: the file's text, ``trim()``-ed with JavaScript's whitespace set; empty or
whitespace-only counts as no marker; unreadable files (permissions, a directory, not a regular
file, a dangling link) are skipped and never raise. Invalid UTF-8 is decoded with replacement
characters, as ``readFileSync(…, 'utf8')`` does. Non-regular files are not opened for reading
(a FIFO would block). The chosen value is returned trimmed but otherwise raw; the resolver
normalizes and canonicalizes it like the other rungs (unknown runtimes stay as normalized).

Cost: one ``lstat`` per candidate location (37 today; a file is opened only where one exists),
no directory listing, paths joined as strings: it runs on every ``msd resolve-model``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from typing import NamedTuple

from msd_desktop.core.common.js_whitespace import js_trim
from msd_desktop.core.common.safe_read import read_bytes
from msd_desktop.core.common.text import Text
from msd_desktop.core.models.catalog import runtime_from_candidates

MARKER_DIR = "msd-core"
MARKER_FILE = ".msd-runtime"
INSTALL_DIR_ENV = "MSD_INSTALL_DIR"

Env = Mapping[str, str]


class RuntimeHome(NamedTuple):
    """Where one runtime's installer puts an install (upstream ``configHome`` descriptor).

    ``kind``: ``dot-home`` (``$HOME/<name>``), ``nested`` (``$HOME/<parent>/<probe>`` for each
    probe), ``xdg`` (``env[0]`` dir → dirname of ``env[1]`` file → ``env[2]``/``<name>`` →
    ``$HOME/.config/<name>``) or ``agents-root`` (each ``$HOME``-relative probe). ``env``: the
    override variables, first non-blank wins (for ``xdg`` their meaning is positional).
    ``local``: the project-local dir name (``""`` = the project root, ``None`` = no local
    install).
    """

    runtime: str
    kind: str
    name: str
    env: tuple[str, ...]
    local: str | None
    parent: str = ""
    probes: tuple[str, ...] = ()


# Upstream 1.11.0's capability registry (claude first: the default runtime, then alphabetical).
RUNTIME_HOMES: tuple[RuntimeHome, ...] = (
    RuntimeHome("claude", "dot-home", ".claude", ("CLAUDE_CONFIG_DIR",), ".claude"),
    RuntimeHome("antigravity", "nested", "antigravity", ("ANTIGRAVITY_CONFIG_DIR",), ".agents",
                parent=".gemini", probes=("antigravity", "antigravity-ide", "antigravity-cli")),
    RuntimeHome("augment", "dot-home", ".augment", ("AUGMENT_CONFIG_DIR",), ".augment"),
    RuntimeHome("cline", "dot-home", ".cline", ("CLINE_CONFIG_DIR",), ""),
    RuntimeHome("codebuddy", "dot-home", ".codebuddy", ("CODEBUDDY_CONFIG_DIR",), ".codebuddy"),
    RuntimeHome("codex", "dot-home", ".codex", ("CODEX_HOME",), ".codex"),
    RuntimeHome("copilot", "dot-home", ".copilot", ("COPILOT_CONFIG_DIR", "COPILOT_HOME"),
                ".github"),
    RuntimeHome("cursor", "dot-home", ".cursor", ("CURSOR_CONFIG_DIR",), ".cursor"),
    RuntimeHome("hermes", "dot-home", ".hermes", ("HERMES_HOME",), ".hermes"),
    RuntimeHome("kilo", "xdg", "kilo", ("KILO_CONFIG_DIR", "KILO_CONFIG", "XDG_CONFIG_HOME"),
                ".kilo"),
    RuntimeHome("kimi", "agents-root", "agents", ("KIMI_CONFIG_DIR",), None,
                probes=(".config/agents", ".agents")),
    RuntimeHome("kimi-code", "dot-home", ".kimi-code", ("KIMI_CODE_HOME",), None),
    RuntimeHome("opencode", "xdg", "opencode",
                ("OPENCODE_CONFIG_DIR", "OPENCODE_CONFIG", "XDG_CONFIG_HOME"), ".opencode"),
    RuntimeHome("pi", "nested", "agent", ("PI_CODING_AGENT_DIR",), ".pi", parent=".pi",
                probes=("agent",)),
    RuntimeHome("qwen", "dot-home", ".qwen", ("QWEN_CONFIG_DIR",), ".qwen"),
    RuntimeHome("trae", "dot-home", ".trae", ("TRAE_CONFIG_DIR",), ".trae"),
    RuntimeHome("windsurf", "nested", "windsurf", ("WINDSURF_CONFIG_DIR",), ".windsurf",
                parent=".codeium", probes=("windsurf",)),
    RuntimeHome("zcode", "dot-home", ".zcode", ("ZCODE_CONFIG_DIR",), ".zcode"),
)


class MarkerFile(NamedTuple):
    """One marker file that exists, readable or not.

    ``scope``: ``explicit`` (``MSD_INSTALL_DIR``), ``project`` or ``global``. ``slot``: the
    runtime whose install location it sits in (``None`` for ``explicit``). ``status``: ``ok``,
    ``empty`` or ``unreadable``. ``value``: the trimmed text (``None`` unless ``ok``);
    ``runtime``: that value normalized and canonicalized.
    """

    path: str
    scope: str
    slot: str | None
    status: str
    value: str | None = None
    runtime: str | None = None

    def to_dict(self) -> dict[str, str | None]:
        return {
            "path": self.path,
            "scope": self.scope,
            "slot": self.slot,
            "status": self.status,
            "value": self.value,
            "runtime": self.runtime,
        }


class InstallMarker(NamedTuple):
    """The marker rung's answer and where it came from.

    ``value`` is what the resolver receives (trimmed, not canonicalized; ``None`` = the rung is
    empty); ``runtime`` its canonical form; ``path`` / ``scope`` the deciding file. ``found``
    lists every marker file seen (including skipped, shadowed and conflicting ones), ``reason``
    says in one line why the rung decided or not, ``warnings`` are for the user.
    """

    value: str | None
    runtime: str | None
    path: str | None
    scope: str | None
    reason: str
    found: tuple[MarkerFile, ...] = ()
    warnings: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            "value": self.value,
            "runtime": self.runtime,
            "path": self.path,
            "scope": self.scope,
            "reason": self.reason,
            "found": [m.to_dict() for m in self.found],
            "warnings": list(self.warnings),
        }


NO_MARKER = InstallMarker(None, None, None, None, Text.of("no install marker found"))


def read_marker(path: str, scope: str, slot: str | None) -> MarkerFile | None:
    """The marker at ``path``, or ``None`` when nothing is there. Never raises."""
    try:
        info = os.lstat(path)  # one syscall for the common case: nothing there
        if stat.S_ISLNK(info.st_mode):
            info = os.stat(path)
    except (OSError, ValueError):
        if os.path.lexists(path):  # a dangling or looping symlink
            return MarkerFile(path, scope, slot, "unreadable")
        return None
    if not stat.S_ISREG(info.st_mode):
        return MarkerFile(path, scope, slot, "unreadable")
    try:
        raw = read_bytes(path, "marker")  # a marker over the cap is unreadable, not truncated
    except (OSError, ValueError):
        return MarkerFile(path, scope, slot, "unreadable")
    value = js_trim(raw.decode("utf-8", errors="replace"))
    if not value:
        return MarkerFile(path, scope, slot, "empty")
    return MarkerFile(path, scope, slot, "ok", value, runtime_from_candidates(value))


# Paths are plain strings joined with ``os.path``: building ~40 ``Path`` objects would cost
# more than the system calls themselves on the ``msd resolve-model`` path.
_join = os.path.join


def _home(env: Env) -> str:
    value = env.get("HOME")
    return value if value else os.path.expanduser("~")


def _override(env: Env, var: str) -> str | None:
    """upstream ``hasNonBlankOverride``: set and not only whitespace (the value is not trimmed)."""
    value = env.get(var)
    return value if isinstance(value, str) and value.strip() else None


def _expand(value: str, home: str) -> str:
    """upstream ``expandTilde``: only ``~`` and ``~/…`` expand."""
    if value == "~":
        return home
    if value.startswith("~/"):
        return _join(home, value[2:])
    return value


def global_config_dirs(spec: RuntimeHome, env: Env, home: str) -> list[str]:
    """The dirs one runtime's global install can live in (upstream ``getGlobalConfigDir``)."""
    if spec.kind == "xdg":
        direct, file_var, xdg = (*spec.env, "", "", "")[:3]
        if direct and (value := _override(env, direct)):
            return [_expand(value, home)]
        if file_var and (value := _override(env, file_var)):
            return [os.path.dirname(_expand(value, home))]
        if xdg and (value := _override(env, xdg)):
            return [_join(_expand(value, home), spec.name)]
        return [_join(home, ".config", spec.name)]
    if spec.kind in ("nested", "agents-root"):
        if spec.env and (value := _override(env, spec.env[0])):
            return [_expand(value, home)]
        base = _join(home, spec.parent) if spec.parent else home
        return [_join(base, probe) for probe in spec.probes]
    for var in spec.env:
        if value := _override(env, var):
            return [_expand(value, home)]
    return [_join(home, spec.name)]


def candidate_markers(
    root: str | os.PathLike[str] | None, env: Env
) -> list[tuple[str, str, str]]:
    """``(scope, slot, path)`` of every place an install's marker can be, in lookup order."""
    out: list[tuple[str, str, str]] = []
    seen: set[str] = set()

    def add(scope: str, slot: str, install_dir: str) -> None:
        path = _join(install_dir, MARKER_DIR, MARKER_FILE)
        key = os.path.normpath(path)
        if key not in seen:
            seen.add(key)
            out.append((scope, slot, path))

    if root is not None:
        base = os.fspath(root)
        for spec in RUNTIME_HOMES:
            if spec.local is not None:
                add("project", spec.runtime, _join(base, spec.local) if spec.local else base)
    home = _home(env)
    for spec in RUNTIME_HOMES:
        for directory in global_config_dirs(spec, env, home):
            add("global", spec.runtime, directory)
    return out


def _explicit(value: str, home: str) -> InstallMarker:
    base = _expand(value, home)
    paths = [_join(base, MARKER_FILE), _join(base, MARKER_DIR, MARKER_FILE)]
    found = tuple(m for p in paths if (m := read_marker(p, "explicit", None)) is not None)
    for marker in found:
        if marker.status == "ok":
            return InstallMarker(
                marker.value, marker.runtime, marker.path, "explicit",
                Text.of("{variable} install marker {path}", variable=INSTALL_DIR_ENV,
                        path=marker.path), found,
            )
    where = _join(base, MARKER_FILE)
    detail = (
        Text.of("{path} is {status}", path=found[0].path, status=found[0].status) if found
        else Text.of("there is no {path}", path=where)
    )
    return InstallMarker(
        None, None, None, None,
        Text.of("{variable} is set but {detail}", variable=INSTALL_DIR_ENV, detail=detail), found,
        (Text.of("{variable}={value} names no usable install marker ({detail}); the install "
                 "marker is ignored", variable=INSTALL_DIR_ENV, value=value, detail=detail),),
    )


def _decide(scope: str, markers: list[MarkerFile], found: tuple[MarkerFile, ...],
            shadowed: int) -> InstallMarker:
    runtimes = {m.runtime for m in markers}
    first = markers[0]
    where = Text.of("project-local") if scope == "project" else Text.of("global")
    if len(runtimes) == 1:
        if shadowed == 1:
            reason = Text.of("{where} install marker {path} (over 1 global install marker)",
                             where=where, path=first.path)
        elif shadowed:
            reason = Text.of("{where} install marker {path} (over {count} global install "
                             "markers)", where=where, path=first.path, count=shadowed)
        else:
            reason = Text.of("{where} install marker {path}", where=where, path=first.path)
        return InstallMarker(first.value, first.runtime, first.path, scope, reason, found)
    listing = ", ".join(f"{m.path} = {m.value}" for m in markers)
    return InstallMarker(
        None, None, None, None,
        Text.of("{where} install markers disagree ({listing}); none is used", where=where,
                listing=listing), found,
        (Text.of("{where} install markers name different runtimes ({listing}); which one "
                 "runs depends on the runtime you start, so none is used and the active "
                 'runtime falls back to claude. Set MSD_RUNTIME, "runtime" in the project '
                 "config, or {variable} to choose.", where=where, listing=listing,
                 variable=INSTALL_DIR_ENV),),
    )


def find_install_marker(
    root: str | os.PathLike[str] | None, env: Env | None = None
) -> InstallMarker:
    """The install-marker rung for a project at ``root`` (``None``: no project, global only)."""
    e: Env = os.environ if env is None else env
    explicit = _override(e, INSTALL_DIR_ENV)
    if explicit is not None:
        return _explicit(explicit, _home(e))
    found: list[MarkerFile] = []
    for scope, slot, path in candidate_markers(root, e):
        marker = read_marker(path, scope, slot)
        if marker is not None:
            found.append(marker)
    if not found:
        return NO_MARKER
    usable = [m for m in found if m.status == "ok"]
    local = [m for m in usable if m.scope == "project"]
    glob = [m for m in usable if m.scope == "global"]
    if local:
        return _decide("project", local, tuple(found), len(glob))
    if glob:
        return _decide("global", glob, tuple(found), 0)
    skipped = ", ".join(f"{m.path} ({m.status})" for m in found)
    return InstallMarker(None, None, None, None,
                         Text.of("no usable install marker: {skipped}", skipped=skipped),
                         tuple(found))
