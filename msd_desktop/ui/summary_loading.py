"""Load projects' summaries (and their tray lines) through the summary cache, in workers.

Where the core's :class:`~msd_desktop.core.state.project_summary.ProjectSummary`, said in the
window's words, and the tray's line meet the core's
:class:`~msd_desktop.core.state.summary_cache.SummaryCache` — so, like the main window, this
module may use two areas. Everything here runs on worker threads and returns plain Python.

A project's cached payload is ``{"summary": …, "tray": …, "snapshot": …}``: the display fields
of the summary (recursively for workstreams), the tray's menu line, and the status snapshot the
tray compares the next load with (so notifications keep working after a warm start). Names
and workspaces come from the scan, never from the cache.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from msd_desktop.core.state import project_summary as core_summary
from msd_desktop.core.state.project_summary import (
    ProjectSummary,
    payload_counts,
    summary_from_payload,
    summary_payload,
)
from msd_desktop.core.state.project_summary import payload_opt_int as _opt_int
from msd_desktop.core.state.project_summary import payload_opt_str as _opt_str
from msd_desktop.core.state.project_summary import payload_str as _str
from msd_desktop.core.state.status_changes import StatusSnapshot, snapshot_from_state
from msd_desktop.core.state.summary_cache import SummaryCache, project_signature
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.companion.tray import TrayLine, line_from_state, with_stale
from msd_desktop.ui.widgets.status_text import SUMMARY_WORDING

_SNAPSHOT_FIELDS = tuple(f.name for f in dataclasses.fields(StatusSnapshot)
                         if f.name not in ("root", "name"))


@dataclass
class Loaded:
    """One project's load result (plain Python, made on a worker)."""

    ref: ProjectRef
    summary: ProjectSummary | None
    tray: TrayLine | None = None
    snapshot: StatusSnapshot | None = None
    error: Exception | None = None
    cached: bool = False


def _root(ref: ProjectRef) -> Path:
    """The scan's own ``Path`` of a project, shared by its summary, tray line and snapshot
    (a ``Path`` costs ~300 bytes; one per object made five per project)."""
    return ref.root if isinstance(ref.root, Path) else Path(ref.root)


def load_summary_and_state(ref: ProjectRef, env: Mapping[str, str], cache: Any = None
                           ) -> tuple[ProjectSummary, Any]:
    """The core's summary and state of one project, the problems said in the window's
    words. Worker threads only."""
    return core_summary.load_summary_and_state(ref, env, cache, SUMMARY_WORDING)


def load_summary(ref: ProjectRef, env: Mapping[str, str], cache: Any = None
                 ) -> ProjectSummary:
    """:func:`load_summary_and_state` without the state. Worker threads only."""
    return load_summary_and_state(ref, env, cache)[0]


def payload_of(loaded: Loaded) -> dict[str, Any]:
    assert loaded.summary is not None
    out: dict[str, Any] = {"summary": summary_payload(loaded.summary)}
    if loaded.tray is not None:
        out["tray"] = {"statusline": loaded.tray.statusline, "percent": loaded.tray.percent,
                       "problem": loaded.tray.problem}
        if loaded.tray.stale_installs:
            out["tray"]["stale_installs"] = dict(loaded.tray.stale_installs)
    if loaded.snapshot is not None:
        snap = {k: getattr(loaded.snapshot, k) for k in _SNAPSHOT_FIELDS}
        snap["blockers"] = list(loaded.snapshot.blockers)
        out["snapshot"] = snap
    return out


def loaded_from_payload(ref: ProjectRef, data: Mapping[str, Any]) -> Loaded | None:
    summary_data = data.get("summary")
    if not isinstance(summary_data, dict):
        return None
    tray = None
    tray_data = data.get("tray")
    if isinstance(tray_data, dict):
        tray = TrayLine(_root(ref), ref.name, _str(tray_data.get("statusline")),
                        _opt_int(tray_data.get("percent")), _opt_str(tray_data.get("problem")),
                        stale_installs=tuple(sorted(
                            payload_counts(tray_data.get("stale_installs")).items())))
    snapshot = None
    snap = data.get("snapshot")
    if isinstance(snap, dict):
        blockers = snap.get("blockers")
        snapshot = StatusSnapshot(
            root=_root(ref), name=ref.name, status=_opt_str(snap.get("status")),
            milestone=_opt_str(snap.get("milestone")),
            blockers=tuple(sys.intern(b) for b in blockers if isinstance(b, str))
            if isinstance(blockers, list) else (),
            percent=_opt_int(snap.get("percent")),
            completed_phases=_opt_int(snap.get("completed_phases")),
            total_phases=_opt_int(snap.get("total_phases")),
            stopped_at=_opt_str(snap.get("stopped_at")))
    summary = summary_from_payload(summary_data, _root(ref), ref.name, ref.workspace)
    return Loaded(ref, summary, tray, snapshot, cached=True)


def signature_of(ref: ProjectRef) -> str:
    """The stat signature of a project, plus what the scan said about its workstreams."""
    return project_signature(_root(ref), _signature_extra(ref))


def cached_results(refs: Sequence[ProjectRef], cache: SummaryCache
                   ) -> tuple[list[Loaded], list[tuple[ProjectRef, str | None]]]:
    """Worker: the projects whose signature matches the cache, and the others (with the
    signature taken now, before they are read; None when nothing was cached for them —
    a cold start pays no stat pass)."""
    hits: list[Loaded] = []
    misses: list[tuple[ProjectRef, str | None]] = []
    for ref in refs:
        if not cache.has(_root(ref)):
            misses.append((ref, None))
            continue
        sig = signature_of(ref)
        data = cache.get(_root(ref), sig)
        loaded = loaded_from_payload(ref, data) if data is not None else None
        if loaded is None:
            misses.append((ref, sig))
        else:
            hits.append(loaded)
    return hits, misses


def changed_since_cached(refs: Sequence[ProjectRef], cache: SummaryCache
                         ) -> list[ProjectRef]:
    """Worker: the projects whose files changed since their cached summary (or that have
    none) — signatures compared, no payload decoded, the interpreter lock handed over every
    few projects (the re-check after the watch set-up stats thousands while the window is
    in use: a long stretch of Python here stretched the GUI thread's turns)."""
    changed: list[ProjectRef] = []
    for i, ref in enumerate(refs):
        if i % 32 == 31:
            time.sleep(0)  # a waiting GUI thread takes the lock now, not at the next switch
        if not cache.matches(_root(ref), signature_of(ref)):
            changed.append(ref)
    return changed


# --------------------------------------------------------------------------- loading


def file_loaded(ref: ProjectRef, sig: str, summary: ProjectSummary, state: Any,
                cache: SummaryCache) -> Loaded:
    """Worker: a project's summary with its tray line and status snapshot, filed in the
    cache (unless STATE.md shows its last good copy)."""
    line = with_stale(line_from_state(ref, state), summary.stale_installs)
    loaded = Loaded(ref, summary, line, snapshot_from_state(state, ref.name))
    if not getattr(state, "stale", False):
        cache.put(ref.root, sig, payload_of(loaded))
    return loaded


def finish_load(ref: ProjectRef, sig: str, load: Any, cache: SummaryCache) -> Loaded:
    """Worker: :func:`file_loaded` for a core ``StatesLoad`` (a helper process read it)."""
    summary = core_summary.summary_from_load(ref, load, SUMMARY_WORDING)
    return file_loaded(ref, sig, summary, load.state, cache)


#: A cold load of at least this many projects is parsed by helper processes.
HELPER_MIN_PROJECTS = 100
#: Projects sent to a helper before its first answer is read (more would only fill pipes).
HELPER_WINDOW = 4
#: How long one wait for a helper's answer lasts before the op's clock is wound again.
HELPER_POLL_S = 0.25


def helper_count(env: Mapping[str, str]) -> int:
    """How many helper processes a cold load uses: one per core beyond the first, at most
    two (``MSD_DESKTOP_LOAD_HELPERS`` overrides, 0 = parse in threads only)."""
    import os
    import sys

    raw = env.get("MSD_DESKTOP_LOAD_HELPERS", "")
    if raw.strip().isdigit():
        return min(int(raw), 4)
    if getattr(sys, "frozen", False) or not sys.executable or os.name != "posix":
        # a frozen bundle's executable is the window itself, not an interpreter; the answers
        # are waited for with select(), which takes no pipes on Windows
        return 0
    cores = os.cpu_count() or 1
    return min(2, cores) if cores > 1 else 0  # one core: a helper would only take turns


class HelperPool:
    """A fixed number of loader processes for one cold load.

    Plain Python, thread-safe: a summary op takes a helper for its batch (waiting while all
    are busy) and gives it back; :meth:`close` ends every helper (one still in use ends when
    it is given back)."""

    def __init__(self, size: int) -> None:
        import threading

        self.size = size
        self._lock = threading.Condition()
        self._idle: list[Any] = []
        self._started = 0
        self._closed = False
        self.answered = 0  # projects the helpers answered (for the window's timings)

    def start(self) -> None:
        """Start every helper now (worker: their start-up overlaps what comes before the
        first batch)."""
        while True:
            with self._lock:
                if self._closed or self._started >= self.size:
                    return
                self._started += 1
            helper = self._new()
            with self._lock:
                if helper is None:
                    return
                closed = self._closed  # closed while this one started: it ends too
                if not closed:
                    self._idle.append(helper)
                    self._lock.notify()
            if closed:
                helper.close()
                return

    def _new(self) -> Any:
        from msd_desktop.core.state.bulk_load import LoaderProcess

        try:
            return LoaderProcess()
        except OSError:
            with self._lock:
                self._started -= 1
            return None

    def take(self, progress: Any = None) -> Any:
        """An idle helper (a new one while fewer than ``size`` run), waiting while every
        helper is busy with another batch; None when closed, cancelled or none can start."""
        with self._lock:
            while True:
                if self._closed or (progress is not None and progress.cancelled):
                    return None
                while self._idle:
                    helper = self._idle.pop()
                    if helper.alive:
                        return helper
                    self._started -= 1
                if self._started < self.size:
                    self._started += 1
                    break
                if self._started <= 0:
                    return None
                self._lock.wait(HELPER_POLL_S)
                if progress is not None:
                    progress.beat()
        return self._new()

    def give(self, helper: Any, *, answered: int = 0, broken: bool = False) -> None:
        """Return a helper after a batch of which it ``answered`` so many projects
        (``broken``: it timed out or failed: killed)."""
        with self._lock:
            self.answered += answered
            keep = not broken and not self._closed and helper.alive
            if keep:
                self._idle.append(helper)
            else:
                self._started -= 1
            self._lock.notify()
        if broken:
            helper.kill()
        elif not keep:
            helper.close()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
            self._started -= len(idle)
            self._lock.notify_all()
        for helper in idle:
            helper.close()


def load_in_helper(helper: Any, refs: Sequence[ProjectRef], env: Mapping[str, str],
                   cache: SummaryCache, timeout_s: float, progress: Any,
                   results: list[tuple[ProjectRef, ProjectSummary | None, Loaded | None,
                                       BaseException | None]]) -> bool:
    """Worker: load ``refs`` in ``helper``, appending to ``results`` as answers come in.

    Each project gets ``timeout_s`` (the clock of a read in a thread): a helper that gives no
    answer in that time is stuck (a hung mount), that project is marked as timed out, and
    False is returned with the helper unusable — the caller reads the rest itself. False
    also when the helper died or the op was cancelled; True when every project answered."""
    import time

    from msd_desktop.ui.widgets.workers import OpTimeout

    pending = list(refs)
    sent = 0
    try:
        while sent < min(HELPER_WINDOW, len(pending)):
            helper.send(Path(pending[sent].root), pending[sent].workstreams, env,
                        _signature_extra(pending[sent]))
            sent += 1
        for ref in pending:
            deadline = time.monotonic() + timeout_s
            while True:
                if progress.cancelled:
                    return False
                answer = helper.receive(min(HELPER_POLL_S, deadline - time.monotonic()))
                if answer is not None:
                    break
                if time.monotonic() >= deadline:
                    results.append((ref, None, None, OpTimeout(f"summaries {ref.name}",
                                                               timeout_s)))
                    progress.beat()
                    return False
                progress.beat()  # the helper still reads; this op is not the stuck one
            _, sig, load, error = answer
            if sent < len(pending):
                helper.send(Path(pending[sent].root), pending[sent].workstreams, env,
                            _signature_extra(pending[sent]))
                sent += 1
            if load is None:
                results.append((ref, None, None, error or RuntimeError("no answer")))
            else:
                try:
                    loaded = finish_load(ref, sig, load, cache)
                except Exception as exc:  # one broken project must not hide the others
                    results.append((ref, None, None, exc))
                else:
                    results.append((ref, loaded.summary, loaded, None))
            progress.beat()
    except (EOFError, OSError, ValueError):
        return False
    return True


def _signature_extra(ref: ProjectRef) -> tuple[str, str]:
    return ("ws\0" + "\0".join(ref.workstreams), f"active\0{ref.active_workstream or ''}")
