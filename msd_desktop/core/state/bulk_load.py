"""Many projects' states at once, for the window's summaries: in this process or in helpers.

What one project's summary is read from (:func:`load_states`): its config, read once, and one
:class:`~msd_desktop.core.state.project.ProjectState` per workstream plus the one for the
environment as given (the active workstream's load when the environment resolves to it).

Why helper processes (:class:`LoaderProcess`): parsing is CPU-bound Python, and a thread shares
one interpreter lock with the window's GUI thread, so a cold start's thousand projects parsed
at one core's speed *and* took turns with every paint. A helper process parses on another core,
reads each STATE.md body only for the fields a summary shows (:func:`summary_load`), and
sends back only what a summary, a tray line and a status snapshot need (:func:`portable`: no
ROADMAP lines, no STATE.md text). The window keeps a small fixed number
of them while a cold start loads (never one per project) and closes them afterwards; every
file is still read through the core's one bounded reader, and a helper that stops answering
(a hung mount) is killed by the caller's timeout, like a stuck read in a thread.

The protocol is length-prefixed pickles over the helper's stdin/stdout, between this module in
both processes (nothing else writes to those pipes). Qt-free.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import os
import select
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.state.project import ProjectState, load_project_state
from msd_desktop.core.state.state_md import StateDoc

__all__ = ["ConfigFacts", "LoaderProcess", "StatesLoad", "ending_helpers", "load_states",
           "portable", "summary_load"]

_HEADER_SIZE = 4  # a frame: its length (unsigned, big-endian), then the pickle
_MAX_FRAME = 256 * 1024 * 1024


@dataclass(frozen=True)
class ConfigFacts:
    """What a summary shows about a project's config (the attributes of a ``LoadedConfig``
    that ``config_problem_text`` reads); ``failure`` when loading it raised."""

    degraded: bool = False
    root: Path = Path()
    diagnostics: tuple[str, ...] = ()
    reason: str = ""
    failure: str | None = None


@dataclass
class StatesLoad:
    """One project's states: per workstream (in the scan's order), and for the environment."""

    config: ConfigFacts
    state: ProjectState
    workstreams: dict[str, ProjectState] = field(default_factory=dict)
    #: per runtime, the stale agent files of the project's own install (``local_installs``)
    stale_installs: dict[str, int] = field(default_factory=dict)


def _config(root: Path, env: Mapping[str, str], workstream: Any = ...
              ) -> tuple[ConfigFacts, Any]:
    """The config's facts and the root ``config.json`` as :func:`load_config` read it (the
    state loads reuse that read instead of reading the file again); ``workstream``: the
    active one as already looked up (``...``: look it up)."""
    from msd_desktop.core.config.store import load_config

    try:
        loaded = load_config(root, env, workstream)
    except Exception as exc:  # the core says "never raises for bad content"; be safe anyway
        return ConfigFacts(root=Path(root), failure=str(exc)), None
    own = Path(root) / ".planning" / "config.json"
    file = next((layer.file for layer in loaded.layers
                 if layer.name == "project" and layer.path == own), None)
    facts = ConfigFacts(bool(loaded.degraded), Path(loaded.root), tuple(loaded.diagnostics[:1]),
                        str(loaded.reason))
    return facts, file


def load_states(root: Path, workstreams: Sequence[str], env: Mapping[str, str],
                cache: Any = None, summary: bool = False) -> StatesLoad:
    """Everything one project's summary is made of (see the module docstring).

    ``summary``: the states are read for the summary alone (STATE.md's body only for the
    fields it shows, see ``parse_state_text``), as a helper process sends them; the window's
    own loads (the tray, the State panel) read everything."""
    from msd_desktop.core.models.local_installs import stale_local_installs

    env = dict(env)
    active = _active(root, env)  # the config and the state for ``env`` both ask
    facts, config_file = _config(root, env, active)
    stale = stale_local_installs(root, env)
    if not workstreams:
        return StatesLoad(facts, load_project_state(root, env, cache=cache,
                                                    config_file=config_file, summary=summary,
                                                    workstream=active),
                          stale_installs=stale)
    states: dict[str, ProjectState] = {}
    for ws in workstreams:
        states[ws] = load_project_state(root, {**env, "MSD_WORKSTREAM": ws}, cache=cache,
                                        config_file=config_file, summary=summary)
    return StatesLoad(facts, _state_for_env(root, env, cache, states, config_file, summary,
                                            active), states, stale)


def _active(root: Path, env: Mapping[str, str]) -> Any:
    """The active workstream for ``env`` (its pointer file read once a project, not by each
    reader), or ``...`` when the lookup fails: each reader then looks it up and says why, as
    it would alone."""
    from msd_desktop.core.workspace.paths import active_workstream

    try:
        return active_workstream(root, env)
    except MsdError:
        return ...


def summary_load(root: Path, workstreams: Sequence[str], env: Mapping[str, str]
                 ) -> StatesLoad:
    """What a helper process sends back for one project: its states read for the summary
    alone, without what the window never reads from a helper's answer (:func:`portable`)."""
    return _portable_load(load_states(root, workstreams, env, summary=True))


def _state_for_env(root: Path, env: dict[str, str], cache: Any,
                   states: dict[str, ProjectState], config_file: Any,
                   summary: bool = False, active: Any = ...) -> ProjectState:
    """The state for ``env`` as given: when ``env`` resolves to a workstream just loaded,
    that load is the same answer (every read in it depends on the workstream, not on where
    its name came from), so the files are not read and parsed a second time. ``active``:
    :func:`_active`."""
    if active is not ... and active is not None and active in states:
        return states[active]
    return load_project_state(root, env, cache=cache, config_file=config_file,
                              summary=summary, workstream=active)


def portable(state: ProjectState) -> ProjectState:
    """``state`` without what a summary, tray line and status snapshot never read (the
    ROADMAP and its lines, the phase folders, STATE.md's text and unread sections), to send
    between processes. The STATE.md text stays while ``stale`` (the status line is rendered
    from the last good text then)."""
    doc = state.doc
    slim = None
    if doc is not None:
        slim = StateDoc(
            path=doc.path, text=doc.text if state.stale else "", frontmatter=doc.frontmatter,
            error=doc.error, body="", body_start_line=doc.body_start_line,
            warnings=list(doc.warnings), current_position=doc.current_position,
            accumulated_context={"blockers": list(doc.accumulated_context.get("blockers", []))},
            session={"stopped_at": doc.session.get("stopped_at"),
                     "paused_at": doc.session.get("paused_at")},
        )
    return dataclasses.replace(state, doc=slim, roadmap=None, phase_dirs=None)


def _portable_load(load: StatesLoad) -> StatesLoad:
    done: dict[int, ProjectState] = {}

    def one(state: ProjectState) -> ProjectState:
        if id(state) not in done:  # the environment's state may be a workstream's
            done[id(state)] = portable(state)
        return done[id(state)]

    return StatesLoad(load.config, one(load.state),
                      {ws: one(s) for ws, s in load.workstreams.items()}, load.stale_installs)


# --------------------------------------------------------------------------- the protocol


# pickle is imported by the functions that speak the protocol: loading states in the
# window's own threads (a small workspace) never needs it
@functools.cache
def _codec() -> tuple[type, type]:
    """The protocol's pickler and unpickler (made on first use, with pickle's import).

    A ``Path`` goes as its text and comes back through :func:`_path` (pickle's own form
    rebuilds it from its parts, every one parsed again); a class named in an answer is looked
    up once per process instead of through the import machinery every answer (PySide6 hooks
    every import statement of the window's process)."""
    import pickle

    classes: dict[tuple[str, str], Any] = {}

    class Pickler(pickle.Pickler):
        def __init__(self, file: IO[bytes]) -> None:
            super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)

        def reducer_override(self, obj: Any) -> Any:
            if type(obj) is _PATH:
                return _path, (str(obj),)
            return NotImplemented

    class Unpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            found = classes.get((module, name))
            if found is None:
                found = classes[(module, name)] = super().find_class(module, name)
            return found

    return Pickler, Unpickler


_PATH = type(Path())  # the concrete class (a subclass keeps pickle's own form)


@functools.lru_cache(maxsize=64)
def _path(text: str) -> Path:
    """The ``Path`` of ``text``; an answer names its project's root a few times (its config,
    each state), the same immutable object serves them all."""
    return Path(text)


def _write(stream: IO[bytes], message: Any) -> None:
    buffer = io.BytesIO()
    _codec()[0](buffer).dump(message)
    data = buffer.getvalue()
    view = memoryview(len(data).to_bytes(_HEADER_SIZE, "big") + data)
    while view:
        written = stream.write(view)
        view = view[written or 0:]
    stream.flush()


def _read_exact(stream: IO[bytes], n: int) -> bytes | None:
    chunks: list[bytes] = []
    while n:
        chunk = stream.read(n)
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def _read(stream: IO[bytes]) -> Any:
    """One message, or ``EOFError`` when the other side is gone."""
    head = _read_exact(stream, _HEADER_SIZE)
    if head is None:
        raise EOFError
    size = int.from_bytes(head, "big")
    if size > _MAX_FRAME:
        raise EOFError
    body = _read_exact(stream, size)
    if body is None:
        raise EOFError
    return _codec()[1](io.BytesIO(body)).load()


def _failure(exc: Exception) -> Exception | tuple[str, str, bool]:
    """The exception itself when it survives pickling; else its class name, message and
    whether it is an :class:`MsdError` (the window words a failure from those)."""
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return type(exc).__name__, str(exc), isinstance(exc, MsdError)
    return exc


def _rebuilt(error: Exception | tuple[str, str, bool] | None) -> Exception | None:
    if error is None or isinstance(error, Exception):
        return error
    name, message, msd = error
    rebuilt: Exception = type(name, (MsdError if msd else Exception,), {})(message)
    return rebuilt


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """The helper's loop until its input closes: ``("env", env)`` sets the environment the
    projects are read with; ``("load", id, root, workstreams, signature extra)`` answers
    ``(id, signature, StatesLoad | None, failure | None)``."""
    from msd_desktop.core.state.summary_cache import project_signature

    src = stdin if stdin is not None else sys.stdin.buffer
    dst = stdout if stdout is not None else sys.stdout.buffer
    if stdout is None:
        sys.stdout = sys.stderr  # a stray print must not end up in the answers
    env: dict[str, str] = {}
    while True:
        try:
            message = _read(src)
        except EOFError:
            return
        if message[0] == "env":
            env = dict(message[1])
            continue
        _, req_id, root_text, workstreams, extra = message
        root = Path(root_text)
        sig = project_signature(root, extra)  # before reading: a racing write leaves it old
        try:
            load = summary_load(root, workstreams, env)
        except Exception as exc:  # one broken project must not end the helper
            _write(dst, (req_id, sig, None, _failure(exc)))
        else:
            _write(dst, (req_id, sig, load, None))


# How much lower a helper's CPU priority is than the window's, set first thing in the
# helper (before its imports): with as many cores as helpers, the GUI thread otherwise waited
# its turn for a core (10-25 ms of a stall while a cold load starts and parses); cores the
# window leaves idle the helpers still use in full.
HELPER_NICE = 10
_HELPER_MAIN = ("import os\n"
                "try:\n    os.nice({nice})\nexcept (AttributeError, OSError):\n    pass\n"
                "from msd_desktop.core.state.bulk_load import serve\nserve()\n")


class LoaderProcess:
    """One helper process; one thread at a time sends it projects and reads its answers."""

    def __init__(self) -> None:
        import subprocess

        _reap()
        package_parent = str(Path(__file__).resolve().parents[3])
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (package_parent, env.get("PYTHONPATH", "")) if p)
        self._proc = subprocess.Popen(
            [sys.executable, "-c", _HELPER_MAIN.format(nice=HELPER_NICE)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=env, close_fds=True, bufsize=0)  # unbuffered: select() sees every byte
        self._ids = 0
        self._env: dict[str, str] | None = None

    @property
    def alive(self) -> bool:
        return self._proc.poll() is None

    def send(self, root: Path, workstreams: Sequence[str], env: Mapping[str, str],
             extra: Sequence[str]) -> int:
        """Queue one project; its answer comes back in order through :meth:`receive`.
        (Keep a few in flight, not a whole batch: the helper's answers must be read while
        more is sent, or both pipes fill.)"""
        assert self._proc.stdin is not None
        if self._env != env:
            self._env = dict(env)
            _write(self._proc.stdin, ("env", self._env))
        self._ids += 1
        _write(self._proc.stdin, ("load", self._ids, str(root), list(workstreams),
                                  list(extra)))
        return self._ids

    def receive(self, timeout_s: float) -> tuple[int, str, StatesLoad | None,
                                                 Exception | None] | None:
        """The next answer, or ``None`` when none came within ``timeout_s``; ``EOFError``
        when the helper is gone."""
        assert self._proc.stdout is not None
        ready, _, _ = select.select([self._proc.stdout], [], [], max(0.0, timeout_s))
        if not ready:
            return None
        req_id, sig, load, error = _read(self._proc.stdout)
        return req_id, sig, load, _rebuilt(error)

    def close(self) -> None:
        """Let the helper end: it exits when its input closes. Never waits (the GUI thread
        calls this); the ended process is reaped when the next helper closes or starts."""
        self._close_pipes()
        _ENDING.append(self._proc)
        _reap()

    def kill(self) -> None:
        """End a helper that is stuck or no longer wanted, without waiting for it."""
        with contextlib.suppress(OSError):
            self._proc.kill()
        self.close()

    def _close_pipes(self) -> None:
        for stream in (self._proc.stdin, self._proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


_ENDING: list[Any] = []  # helpers told to end, until they are reaped


def _reap() -> None:
    _ENDING[:] = [proc for proc in _ENDING if proc.poll() is None]


def ending_helpers() -> int:
    """How many closed helpers have not exited yet (reaping those that have)."""
    _reap()
    return len(_ENDING)
