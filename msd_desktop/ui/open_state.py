"""The open project's State tab, read off the GUI thread: the newest read wins, a torn one is
read again.

Why an object of its own: the window only says *when* (a project opened, a change on disk, the
State tab built); how a read is made, which answer is still wanted, and when a STATE.md caught
half-way through an in-place save is looked at again lives here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.summary_pipeline import LazyStateCache, load_problem
from msd_desktop.ui.widgets.workers import OpHandle, read_timeout, run_op

if TYPE_CHECKING:
    from msd_desktop.ui.state.panel import StatePanel
    from msd_desktop.ui.state.state_view import StateView

# A STATE.md read that failed to parse is re-read once after this delay (torn writes).
STATE_RECHECK_MS = 250


class OpenProjectState(QObject):
    """Reads the open project's STATE.md into its State tab.

    ``current``: the open project and workstream; ``panel``: the State tab (None while it is
    not built); ``cache``: the summaries' lazily made state cache."""

    shown = Signal(object)  # the StateView put into the State tab
    message_posted = Signal(str)

    def __init__(self, parent: QObject, env: dict[str, str], cache: LazyStateCache,
                 current: Callable[[], tuple[ProjectRef | None, str | None]],
                 panel: Callable[[], StatePanel | None]) -> None:
        super().__init__(parent)
        self._env = env
        self._cache = cache
        self._current = current
        self._panel = panel
        self._last_good_at: dict[Path, float] = {}  # when each STATE.md last parsed
        self._gen: dict[Path, int] = {}  # newest read per project

    def _is_open(self, root: Path) -> bool:
        ref, _ = self._current()
        return ref is not None and ref.root == root

    def reload(self) -> None:
        """Read the open project's state again (nothing when none is open)."""
        ref, workstream = self._current()
        if ref is not None:
            self.load(ref, workstream)

    def load(self, ref: ProjectRef, workstream: str | None, *, retry: bool = False
             ) -> OpHandle:
        """Read ``ref``'s state in a worker; the newest request wins.

        A read that hits a parse error, or finds a once-good STATE.md empty, is re-checked
        once shortly after: an editor that rewrites STATE.md in place (truncate, then write)
        can be caught half-way, and the write that completes it may land before our watch
        is (re)armed.
        """
        env = dict(self._env)
        if workstream:
            env["MSD_WORKSTREAM"] = workstream
        lazy_cache = self._cache
        root = ref.root
        gen = self._gen.get(root, 0) + 1
        self._gen[root] = gen
        title = ref.name + (f" › {workstream}" if workstream else "")
        last_good = self._last_good_at.get(root)

        def work() -> tuple[StateView, bool]:
            from msd_desktop.core.state.project import load_project_state
            from msd_desktop.ui.state.state_view import state_view_from_core

            state = load_project_state(root, env, cache=lazy_cache.get())
            try:
                empty = state.state_path.stat().st_size == 0
            except OSError:
                empty = False
            return state_view_from_core(state, title, last_good), empty

        def done(result: tuple[StateView, bool]) -> None:
            view, empty = result
            panel = self._panel()
            if self._gen.get(root) != gen or panel is None or not self._is_open(root):
                return
            if empty and not retry and last_good is not None:
                # truncated and not yet rewritten (an in-place save caught half-way): an empty
                # file is not "the last good state"; look again before showing anything
                QTimer.singleShot(STATE_RECHECK_MS, self, lambda: self._recheck(root, gen))
                return
            if not view.error:
                self._last_good_at[root] = view.loaded_at
            elif not retry:
                QTimer.singleShot(STATE_RECHECK_MS, self, lambda: self._recheck(root, gen))
            panel.show_state(view)
            self.shown.emit(view)

        def failed(error: BaseException) -> None:
            problem = load_problem(error)
            self.message_posted.emit(QCoreApplication.translate(
                "MainWindow", "Could not read the state of {0}: {1}").format(ref.name, problem))
            panel = self._panel()
            if self._gen.get(root) == gen and panel is not None and self._is_open(root):
                panel.show_problem(problem)

        return run_op(work, name=f"state {ref.name}", on_finished=done, on_failed=failed,
                      owner=self, timeout_s=read_timeout(self._env))

    def _recheck(self, root: Path, gen: int) -> None:
        """Re-read a STATE.md that failed to parse, unless a newer load already ran."""
        ref, workstream = self._current()
        if self._gen.get(root) != gen or ref is None:
            return
        if ref.root == root:
            self.load(ref, workstream, retry=True)
