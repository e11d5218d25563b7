"""Entry point of the ``msd-desktop`` window.

``msd-desktop``            the registered workspaces, or the bundled demo when none is registered
``msd-desktop PATH``       open the project at (or above) PATH
``msd-desktop --demo``     force the demo workspace
``msd-desktop --smoke-test [PATH]``  open, paint every panel once, print JSON timings, exit 0
``msd-desktop --lang pt_BR``  the window in that language (else View → Language, else the
                           desktop's: ``LANGUAGE``, ``LC_ALL``, ``LANG``)

The demo ships as package data (``msd_desktop/resources/demo``) and is copied to the user data
directory (platformdirs, ``<data>/msd-desktop/demo``) before use, so it can be edited and so a
read-only install still works. It is shown as a workspace but not registered; Help → Open
demo workspace shows it again once real projects are registered
(:mod:`msd_desktop.core.workspace.demo`).
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

# the demo lives in the core (Help menu too); these names stay importable from here, loaded
# when asked (the window's start imports the demo module only when it shows the demo)
_DEMO_NAMES = frozenset({"DEMO_WORKSPACE_NAME", "demo_source", "demo_target",
                         "demo_workspace", "ensure_demo_copy"})


def __getattr__(name: str) -> Any:
    if name in _DEMO_NAMES:
        from msd_desktop.core.workspace import demo

        return getattr(demo, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# what a start without arguments means (the desktop's launcher, the menu entry)
_PLAIN_START = {"path": None, "demo": False, "reset_demo": False, "smoke_test": False,
                "lang": None, "screenshots": None}


def parse_args(argv: list[str]) -> SimpleNamespace:
    """The command line's options. A start without arguments (how the desktop starts the
    window) needs no parser: ``argparse`` and what it loads (gettext, locale, shutil) would
    only delay the first paint."""
    if not argv:
        return SimpleNamespace(**_PLAIN_START)
    import argparse

    parser = argparse.ArgumentParser(prog="msd-desktop", description="MSD Desktop window")
    parser.add_argument("path", nargs="?", help="a project folder to open")
    parser.add_argument("--demo", action="store_true", help="open the bundled demo workspace")
    parser.add_argument("--reset-demo", action="store_true",
                        help="copy the bundled demo again (discarding edits to the copy)")
    parser.add_argument("--smoke-test", action="store_true",
                        help="open, paint every panel once, print JSON timings, exit")
    parser.add_argument("--lang", metavar="CODE",
                        help="the window's language (en, pt_BR…); overrides View → Language")
    parser.add_argument("--screenshots", metavar="DIR",
                        help="with --smoke-test: save a PNG of each panel into DIR")
    args, _qt_args = parser.parse_known_args(argv, namespace=SimpleNamespace())
    return args


def qt_argv(program: str, argv: list[str]) -> list[str]:
    """The arguments Qt gets: the program and the options it may know (``-style=fusion``), each
    one text. Why: an argument that is not UTF-8 (a Latin-1 folder name) reaches Python as
    lone surrogates, and handing one to QApplication crashed the process (SIGSEGV); our own
    arguments (the folder, ``--lang``) are ours to read, not Qt's."""
    ours = {"--demo", "--reset-demo", "--smoke-test", "--lang", "--screenshots"}
    out = [_text(program) or "msd-desktop"]
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in ("--lang", "--screenshots"):
            skip = True
            continue
        if arg in ours or arg.startswith(("--lang=", "--screenshots=")) or \
                not arg.startswith("-") or _text(arg) is None:
            continue
        out.append(arg)
    return out


def _text(arg: str) -> str | None:
    """``arg`` when it is text (no lone surrogate from undecodable bytes), else None."""
    try:
        arg.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return arg


def _plan_workspaces(args: SimpleNamespace, env: dict[str, str]):  # type: ignore[no-untyped-def]
    """(registry, transient workspaces, project to open) for these arguments."""
    from msd_desktop.core.common.errors import MsdError
    from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry

    registry = WorkspaceRegistry(env=env)
    transient: list[Workspace] = []
    open_root: Path | None = None
    try:
        registered = registry.list()
    except MsdError:
        registered = []
    if args.demo or (not registered and not args.path):
        from msd_desktop.core.workspace.demo import demo_workspace

        transient.append(demo_workspace(reset=args.reset_demo))
    if args.path:
        from msd_desktop.core.workspace.project_root import find_root

        start = Path(args.path).expanduser().resolve()
        open_root = Path(find_root(start, env))
        shown = [w.path.resolve() for w in [*registered, *transient]]
        if not any(open_root == p or open_root.is_relative_to(p) for p in shown):
            transient.insert(0, Workspace(name=open_root.name or str(open_root),
                                          path=open_root, kind="folder"))
    return registry, transient, open_root


class _StartupGc:
    """No cyclic garbage collection while the window starts; start-up objects frozen after.

    Why: start-up creates ~100k objects that live as long as the window (modules, Qt
    wrappers, models); the collector's young-generation passes over them while they are
    being created find nothing to free and only cost time.
    Reference counting still frees everything acyclic meanwhile. When the first load is done,
    the survivors are frozen (``gc.freeze``: never scanned again) and collection resumes, on
    the GUI thread only (:class:`~msd_desktop.ui.widgets.gui_thread_gc.GuiThreadCollector`:
    a cycle holding a Qt object must never be freed by a worker thread); a minute later they
    are unfrozen, so anything of theirs that became cyclic garbage in the meantime is still
    collected eventually.
    """

    UNFREEZE_MS = 60_000
    LATEST_MS = 15_000  # collection resumes by then even when no load ever finishes

    def __init__(self) -> None:
        self.active = gc.isenabled()
        self.collector: Any = None
        if self.active:
            gc.disable()

    def done(self) -> None:
        """Start-up is over (GUI thread, event loop running): freeze, collect again here."""
        if not self.active:
            return
        self.active = False
        gc.freeze()
        from PySide6.QtCore import QCoreApplication, QTimer

        from msd_desktop.ui.widgets.gui_thread_gc import GuiThreadCollector

        gc.enable()  # what the collector puts back when it stops
        self.collector = GuiThreadCollector(QCoreApplication.instance())
        self.collector.start()
        QTimer.singleShot(self.UNFREEZE_MS, gc.unfreeze)

    def stop(self) -> None:
        """``main`` returns: automatic collection back on (nothing frozen) in every case."""
        if self.collector is not None:
            self.collector.stop()
            self.collector = None
        if self.active:
            self.active = False
            gc.enable()


def fewer_malloc_arenas() -> None:
    """At most two glibc malloc arenas, set before any thread starts: each worker thread
    otherwise gets an arena of its own, and what the summary loads free there stays mapped
    (megabytes of the window's peak with thousands of projects). Elsewhere: nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None).mallopt(-8, 2)  # M_ARENA_MAX (glibc's malloc.h)
    except (OSError, AttributeError):  # another C library: its own allocator, left alone
        pass


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    t0 = time.perf_counter()
    fewer_malloc_arenas()
    startup_gc = _StartupGc()
    try:
        rc = _main(args, argv, t0, startup_gc)
    finally:
        startup_gc.stop()
    _exit_past_stuck_reads(rc)
    return rc


WRITE_WAIT_S = 15.0  # quitting waits at most this long for a write still in progress


def _exit_past_stuck_reads(rc: int) -> None:
    """Quit now when a worker is still stuck in a read (a FIFO, a hung mount) after the
    window closed and the pool's bounded wait ended.

    The workers are daemon threads, so they never hold the process; but a thread stuck
    inside the interpreter can still make its shutdown hang or abort (a daemon thread holding
    a stream's lock is a fatal error at exit). Everything the window owns is already saved
    (``closeEvent`` synced QSettings; edits are written when saved; a write still running in
    a worker is waited for, up to :data:`WRITE_WAIT_S`), so: run the atexit handlers, flush
    the standard streams, and end the process with the window's exit code. Nothing happens
    when no worker is stuck — the usual exit runs.
    """
    workers = sys.modules.get("msd_desktop.ui.widgets.workers")
    if workers is None:
        return
    # an op that may write (no timeout: the config matrix, a registry change) finishes first:
    # its daemon thread would otherwise die with the interpreter, its file unwritten
    workers.wait_for_writes(WRITE_WAIT_S)
    if workers.stuck_threads() == 0:
        return
    end_process(rc)


def end_process(rc: int) -> None:
    """End the process now, past a worker stuck for good in a read.

    The atexit handlers run (the window's teardown, logging's flush), the standard streams are
    flushed and the ``QApplication`` is deleted — its destructor is Qt's own shutdown: the
    clipboard handed to the clipboard manager, the display connection closed. Only the
    interpreter's finalization is skipped: it would wait on, or abort over, the stuck thread.
    Every file is written and closed by then."""
    atexit._run_exitfuncs()
    import contextlib

    qt = sys.modules.get("PySide6.QtWidgets")
    app = qt.QApplication.instance() if qt is not None else None
    if app is not None:
        import shiboken6

        with contextlib.suppress(RuntimeError):  # already gone
            shiboken6.delete(app)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # closed or gone: nothing to save
            stream.flush()
    os._exit(rc)


def run() -> None:
    """The ``msd-desktop`` command: :func:`main`, then the interpreter's ordinary exit.

    The cyclic collector is switched off for that exit: with it on, the interpreter's exit
    starts with one more full pass over every object of the session (~65,000 after a smoke
    test, the largest single cost of the exit) before it clears the modules. Its module
    teardown collects every cycle all the same (each ``__del__`` and weakref callback still
    runs), so only that first, extra pass is left out."""
    rc = main()
    gc.disable()
    sys.exit(rc)


def _main(args: SimpleNamespace, argv: list[str], t0: float, startup_gc: _StartupGc) -> int:
    # the core's part first: what to show is decided before Qt is loaded (every module
    # imported after PySide6 is read once more by its import hook)
    env = dict(os.environ)
    registry, transient, open_root = _plan_workspaces(args, env)
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    QCoreApplication.setOrganizationName("msd-desktop")
    QCoreApplication.setApplicationName("msd-desktop")
    app = QApplication.instance() or QApplication(qt_argv(sys.argv[0], argv))
    assert isinstance(app, QApplication)
    app.setApplicationDisplayName("MSD Desktop")
    app.setDesktopFileName("io.github.msd.Desktop")
    # before any widget is built (a later choice switches them: ``switch_language``)
    from msd_desktop.ui.widgets.translation import (
        TRANSLATORS,
        choose_language,
        install_translators,
        remembered_language,
    )

    language = choose_language(args.lang, remembered_language())
    app.setProperty(TRANSLATORS, install_translators(app, language))  # kept alive
    app.setProperty("msd_language", language)

    marks = {"qt_ready_ms": (time.perf_counter() - t0) * 1000}
    from msd_desktop.ui.main_window import MainWindow

    marks["ui_imported_ms"] = (time.perf_counter() - t0) * 1000

    # the application's icon is set once the window has painted (MainWindow)
    window = MainWindow(registry=registry, transient=transient, env=env,
                        open_project=open_root, watch=True,  # the smoke test as a user runs it
                        # the smoke test opens its own project; restoring the last one
                        # first would only build and tear down a set of tabs
                        restore_last=not args.smoke_test)
    marks["window_built_ms"] = (time.perf_counter() - t0) * 1000
    window.summaries_loaded.connect(startup_gc.done)
    # a scan that fails never loads summaries: collect again after a while regardless
    from PySide6.QtCore import QTimer

    QTimer.singleShot(_StartupGc.LATEST_MS, window, startup_gc.done)
    window.show()
    window.timings.update(marks)
    atexit.register(_teardown, app, window)
    if env.get("MSD_DESKTOP_AUTOMATION"):  # e2e test channel (ui/automation.py); off otherwise
        from msd_desktop.ui.testing.automation import start_from_env

        start_from_env(env, window)  # parented to the window, which keeps it alive
    if args.smoke_test:
        return smoke_test(app, window, t0, Path(args.screenshots) if args.screenshots else None,
                          open_root)
    return app.exec()


def _wait(app, predicate, timeout: float = 20.0) -> bool:  # type: ignore[no-untyped-def]
    """Run the event loop until ``predicate()`` holds: each turn sleeps until the next
    event (a worker's result, a timer), with a 1 ms heartbeat for state no event announces."""
    from PySide6.QtCore import QEventLoop, QTimer

    heartbeat = QTimer()
    heartbeat.setInterval(1)
    heartbeat.start()
    wait = QEventLoop.ProcessEventsFlag.WaitForMoreEvents
    deadline = time.perf_counter() + timeout
    try:
        while time.perf_counter() < deadline:
            app.processEvents(wait)
            if predicate():
                return True
        return False
    finally:
        heartbeat.stop()


TAB_NAMES = ("settings", "models", "state")  # build_project_tabs' order


def smoke_test(app, window, t0: float, shots: Path | None,  # type: ignore[no-untyped-def]
               open_root: Path | None = None) -> int:
    """Open, wait for scan + summaries, paint every panel once, print JSON timings."""
    from msd_desktop.ui.widgets.workers import live_ops

    timings: dict[str, float] = {}
    _wait(app, lambda: window.isVisible())
    app.processEvents()
    timings["window_shown_ms"] = (time.perf_counter() - t0) * 1000
    # the real end of loading: every summary shown (summaries_loaded sets summaries_ms) and
    # the watches set up — "no op running" alone is true between two batches
    loaded = _wait(app, lambda: "summaries_ms" in window.timings and _watching(window)
                   and not window.browser.is_scanning() and live_ops() == 0
                   and window.browser.model.rowCount() > 0)
    timings["loaded_ms"] = (time.perf_counter() - t0) * 1000
    panels: dict[str, float] = {}
    shown: dict[str, float] = {}  # first show of each tab (layout, polish), before its paint
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)

    painted_in: dict[str, str] = {}  # panel -> the grab that painted it (a crop of that)

    def paint(name: str, widget, parts: tuple[tuple[str, Any], ...] = ()  # type: ignore[no-untyped-def]
              ) -> None:
        """Grab ``widget`` for ``--screenshots`` (one more paint); each ``(name, panel)`` in
        ``parts`` lies inside it and is taken from the same pixmap. Without ``--screenshots``
        nothing is grabbed: the event loop painted each panel once already."""
        if shots is None:
            return
        start = time.perf_counter()
        pixmap = widget.grab()
        panels[name] = round((time.perf_counter() - start) * 1000, 2)
        if shots is not None:
            pixmap.save(str(shots / f"{name}.png"))
        for part_name, part in parts:
            start = time.perf_counter()
            crop = pixmap.copy(_rect_in(widget, part, pixmap.devicePixelRatio()))
            panels[part_name] = round((time.perf_counter() - start) * 1000, 2)
            painted_in[part_name] = name
            if shots is not None:
                crop.save(str(shots / f"{part_name}.png"))

    window.show_overview()
    app.processEvents()
    paint("window-overview", window, (("browser", window.browser),
                                      ("overview", window.overview)))
    timings["overview_painted_ms"] = (time.perf_counter() - t0) * 1000
    projects = window.browser.model.projects()
    opened = ""
    if projects:
        # the project named on the command line, else the first one
        target = next((p.ref for p in projects if p.ref.root == open_root), projects[0].ref)
        window.open_project(target.root)
        timings["project_opened_ms"] = (time.perf_counter() - t0) * 1000
        window.project_tabs.page(TAB_NAMES.index("state"))  # (built when asked, if hidden)
        _wait(app, lambda: window.state_panel is not None
              and window.state_panel.state_view() is not None and live_ops() == 0)
        opened = target.name
        timings["state_shown_ms"] = (time.perf_counter() - t0) * 1000
        last = window.project_tabs.count() - 1
        for i in range(last + 1):
            start = time.perf_counter()
            window.project_tabs.setCurrentIndex(i)
            app.processEvents()
            # file names stay English whatever the window's language (scripts read them)
            title = (TAB_NAMES[i] if i < len(TAB_NAMES)
                     else window.project_tabs.tabText(i).lower())
            shown[f"tab-{title}"] = round((time.perf_counter() - start) * 1000, 2)
            if i < last:
                paint(f"tab-{title}", window.project_tabs.currentWidget())
            else:  # the window as it is left, with the last tab in it
                paint("window-project", window,
                      ((f"tab-{title}", window.project_tabs.currentWidget()),))
    timings["total_ms"] = (time.perf_counter() - t0) * 1000
    timings["process_cpu_ms"] = time.process_time() * 1000  # all threads, from process start
    result = {
        "ok": loaded,
        "projects": len(projects),
        "opened": opened,
        "title": window.windowTitle(),
        "language": app.property("msd_language"),
        "tab_texts": [window.project_tabs.tabText(i) for i in range(window.project_tabs.count())],
        "timings_ms": {k: round(v, 1) for k, v in {**timings, **window.timings}.items()},
        "paint_ms": panels,
        "painted_in": painted_in,
        "show_ms": shown,
    }
    import json

    print(json.dumps(result, indent=2, ensure_ascii=False))
    window.close()
    return 0


def _watching(window) -> bool:  # type: ignore[no-untyped-def]
    """The window's watches are set up (or it does not watch, or lists nothing)."""
    bridge = window.bridge
    if bridge is None or not window.browser.model.projects():
        return True
    return bridge.health is not None and bridge.health.projects > 0


def _rect_in(outer, inner, ratio: float):  # type: ignore[no-untyped-def]
    """``inner``'s rectangle in a grab of ``outer``, in that pixmap's device pixels."""
    from PySide6.QtCore import QPoint, QRect

    top_left = inner.mapTo(outer, QPoint(0, 0))
    return QRect(round(top_left.x() * ratio), round(top_left.y() * ratio),
                 round(inner.width() * ratio), round(inner.height() * ratio))


def _teardown(app, window) -> None:  # type: ignore[no-untyped-def]
    """At exit (atexit, before the interpreter's finalization): delete the window.

    The window's C++ teardown runs here, while everything it calls into still exists (a crash
    in it still fails the run). Objects frozen at start-up are unfrozen, so the finalization
    that follows reaches them as it reaches everything else (a frozen cycle is never freed:
    its ``__del__`` and a file's final flush would not run).
    """
    import gc

    from PySide6.QtCore import QEvent
    from shiboken6 import isValid

    if isValid(window) and isValid(app):
        window.deleteLater()
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.unfreeze()


if __name__ == "__main__":
    run()
