"""Where MSD keeps its files: the home dir, global defaults, planning dirs, the active workstream.

Why one module: every reader and writer must agree on the same path rules (spec §1), including
the name checks that stop ``MSD_PROJECT`` or a workstream name from escaping ``.planning/``.
The environment is always passed in (``None`` means ``os.environ``) so tests and the window can
resolve paths for another environment without touching the process one.

Active workstream precedence (upstream ``active-workstream-store``): explicit ``--ws`` value >
``MSD_WORKSTREAM`` > the session pointer (when the runtime exports a session id) or else the
shared ``.planning/active-workstream`` pointer. A stored pointer only counts when its name is
valid and ``.planning/workstreams/<name>/`` exists; we only *peek* at pointers (never delete a
stale one), which is what upstream does for read-only consumers.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from types import EllipsisType

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.safe_read import read_text
from msd_desktop.core.common.text import Text

Env = Mapping[str, str]

INVALID_WORKSTREAM_NAME_MESSAGE = Text.of(
    "Invalid workstream name: must be alphanumeric, hyphens, underscores, or dots"
)
_WORKSTREAM_NAME_RE = lazy_re.compile(r"^[a-zA-Z0-9][a-zA-Z0-9._-]*$")
_BAD_SEGMENT_RE = lazy_re.compile(r"[/\\]|\.\.")

# Upstream WORKSTREAM_SESSION_ENV_KEYS, in order (GSD_SESSION_KEY renamed to MSD_SESSION_KEY).
_SESSION_ENV_KEYS = (
    "MSD_SESSION_KEY",
    "CODEX_THREAD_ID",
    "CLAUDE_SESSION_ID",
    "CLAUDE_CODE_SESSION_ID",
    "CLAUDE_CODE_SSE_PORT",
    "OPENCODE_SESSION_ID",
    "GEMINI_SESSION_ID",
    "CURSOR_SESSION_ID",
    "WINDSURF_SESSION_ID",
    "TERM_SESSION_ID",
    "WT_SESSION",
    "TMUX_PANE",
    "ZELLIJ_SESSION_NAME",
)


#: The longest folder name a filesystem takes (NAME_MAX); a longer name is refused up front.
MAX_NAME_BYTES = 255


def _env(env: Env | None) -> Env:
    return os.environ if env is None else env


def msd_home(env: Env | None = None) -> Path:
    """The directory that holds ``.msd/``: ``MSD_HOME``, else ``HOME``, else the user's home."""
    e = _env(env)
    value = e.get("MSD_HOME") or e.get("HOME")
    return Path(value) if value else Path.home()


def defaults_path(env: Env | None = None) -> Path:
    """``~/.msd/defaults.json`` (under ``MSD_HOME`` when set)."""
    return msd_home(env) / ".msd" / "defaults.json"


def validate_path_name(value: str, var: str) -> str:
    """Refuse a name that could leave its folder (``/``, ``\\`` or ``..``); return it unchanged."""
    if _BAD_SEGMENT_RE.search(value):
        raise MsdError(Text.of(
            "{var} contains invalid path characters: {value}", var=var, value=value,
        ))
    if len(value.encode("utf-8", errors="surrogatepass")) > MAX_NAME_BYTES:
        raise MsdError(Text.of(
            "{var} is longer than {limit} bytes, the limit for a folder name: {value}…",
            var=var, limit=MAX_NAME_BYTES, value=value[:40],
        ))
    return value


def is_valid_workstream_name(name: str) -> bool:
    """Upstream's workstream-name policy: ``^[a-zA-Z0-9][a-zA-Z0-9._-]*$`` and no ``..``."""
    return (bool(_WORKSTREAM_NAME_RE.match(name)) and ".." not in name
            and len(name) <= MAX_NAME_BYTES)


def planning_root(root: Path) -> Path:
    """``<root>/.planning`` — never scoped by project or workstream."""
    # a Path is used as it is (a copy parses it again; this is asked a few times a project)
    return (root if isinstance(root, Path) else Path(root)) / ".planning"


def _sanitize_session_token(raw: str | None) -> str | None:
    if raw is None:
        return None
    token = re.sub(r"[^a-zA-Z0-9._-]+", "_", raw.strip()).strip("_")
    return token[:160] if token else None


def session_key(env: Env | None = None) -> str | None:
    """The per-session pointer key upstream derives from runtime/terminal env vars, if any.

    Upstream also probes the controlling TTY when stdin is a terminal; a desktop app has none,
    so only the ``TTY``/``SSH_TTY`` variables are consulted for that fallback.
    """
    e = _env(env)
    for key in _SESSION_ENV_KEYS:
        token = _sanitize_session_token(e.get(key))
        if token:
            return f"{re.sub(r'[^a-z0-9]+', '-', key.lower())}-{token}"
    for key in ("TTY", "SSH_TTY"):
        token = _sanitize_session_token(e.get(key))
        if token:
            return "tty-" + re.sub(r"^dev_", "", token)
    return None


def session_pointer_path(root: Path, env: Env | None = None) -> Path | None:
    """This session's workstream pointer file (``$TMPDIR/msd-workstream-sessions/...``)."""
    key = session_key(env)
    if key is None:
        return None
    planning = planning_root(root)
    try:
        planning_abs = os.path.realpath(planning, strict=True)
    except OSError:
        planning_abs = os.path.abspath(planning)
    # Imported here, not at the top: only sessions with a pointer key pay for them.
    import tempfile

    from msd_desktop.core.common.digest import sha1_hex

    project_id = sha1_hex(planning_abs.encode("utf-8"))[:16]
    return Path(tempfile.gettempdir()) / "msd-workstream-sessions" / project_id / key


def _read_pointer(path: Path) -> str | None:
    try:
        raw = read_text(path, "pointer")
    except OSError:
        return None
    return raw.strip() or None


def _resolves(root: Path, name: str | None) -> bool:
    if not name or not is_valid_workstream_name(name):
        return False
    return (planning_root(root) / "workstreams" / name).exists()


def active_workstream(
    root: Path, env: Env | None = None, explicit: str | None = None
) -> str | None:
    """The active workstream name, or ``None``.

    An explicit or ``MSD_WORKSTREAM`` name is used as given (it need not exist yet) but must be a
    valid name: one with ``/``, ``\\`` or ``..`` raises the spec's
    ``MSD_WORKSTREAM contains invalid path characters: <v>`` (§1), any other invalid name
    upstream's :data:`INVALID_WORKSTREAM_NAME_MESSAGE`. A stored pointer that is invalid (path
    characters included) or names a missing workstream dir yields ``None`` and is left on disk
    untouched, as upstream's read-only peek does.
    """
    e = _env(env)
    name: str | None = None
    if explicit is not None:
        name = explicit.strip()
        if not name:
            raise MsdError(Text.of("Missing value for --ws"))
    elif (e.get("MSD_WORKSTREAM") or "").strip():
        name = (e.get("MSD_WORKSTREAM") or "").strip()
    if name is not None:
        # Spec §1: a name with ``/``, ``\`` or ``..`` gets the path-characters message (F3);
        # other invalid names keep upstream's ``--ws`` wording.
        validate_path_name(name, "MSD_WORKSTREAM")
        if not is_valid_workstream_name(name):
            raise MsdError(INVALID_WORKSTREAM_NAME_MESSAGE)
        return name
    session = session_pointer_path(root, e)
    if session is not None:
        owned = _read_pointer(session)
        if owned:
            return owned if _resolves(root, owned) else None
    shared = _read_pointer(planning_root(root) / "active-workstream")
    return shared if _resolves(root, shared) else None


def planning_dir(
    root: Path,
    env: Env | None = None,
    workstream: str | EllipsisType | None = ...,
) -> Path:
    """``<root>/.planning[/<MSD_PROJECT>][/workstreams/<ws>]``; ``...`` = the active workstream."""
    e = _env(env)
    project = e.get("MSD_PROJECT") or None
    ws = active_workstream(root, e) if workstream is ... else workstream
    base = planning_root(root)
    if project:
        base = base / validate_path_name(project, "MSD_PROJECT")
    if ws:
        base = base / "workstreams" / validate_path_name(ws, "MSD_WORKSTREAM")
    return base


def config_path(
    root: Path,
    env: Env | None = None,
    workstream: str | EllipsisType | None = ...,
) -> Path:
    """The ``config.json`` of the planning dir (what ``msd config-path`` prints)."""
    return planning_dir(root, env, workstream) / "config.json"
