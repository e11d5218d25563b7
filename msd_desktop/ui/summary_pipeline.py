"""Every listed project's summary, loaded for the window: cache pass, batches, reloads.

The window hands over the projects of a scan (:meth:`SummaryPipeline.start`) or one project
that changed on disk (:meth:`SummaryPipeline.reload`); the pipeline answers with summaries
(:attr:`~SummaryPipeline.applied`), files the tray's lines, and says when the load is over.
How a load goes:

1. **Cache pass** (a worker): stat every project; the summaries whose files did not change
   since the last run come from the summary cache
   (:mod:`msd_desktop.core.state.summary_cache`) and are shown a slice per event-loop turn
   (:data:`CACHED_SLICE`); :attr:`~SummaryPipeline.cached_shown` follows the last slice.
2. **Batches** (workers): the others are parsed :data:`SUMMARY_BATCH` at a time, in helper
   processes for a large cold load (:mod:`msd_desktop.ui.summary_loading`); every project
   gets an answer, "unreadable" or "could not be read in N s" when its read raised or hung.
3. **End**: :attr:`~SummaryPipeline.load_ended` (the tray's menu is finished, the cache file
   is written a little later), then on a later turn :attr:`~SummaryPipeline.settled`.

Newest wins: a new scan drops the answers of an older one, and a per-project generation
number drops an older read of one project. Nothing here parses a file on the GUI thread, and
nothing here touches a widget: the window joins the answers to its views.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QTimer, Signal

from msd_desktop.core.state.project_summary import ProjectSummary, unreadable_summary
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import visible
from msd_desktop.ui.widgets.workers import (
    OpHandle,
    OpTimeout,
    PoolExhausted,
    Progress,
    read_timeout,
    run_op,
)

if TYPE_CHECKING:
    # the parsers (core project_state → ruamel.yaml) load on first use in the workers
    from msd_desktop.core.state.project import StateCache
    from msd_desktop.core.state.summary_cache import SummaryCache
    from msd_desktop.ui.companion.tray import ProjectTray
    from msd_desktop.ui.summary_loading import HelperPool, Loaded

SUMMARY_BATCH = 25  # projects loaded per worker op; one model update per batch
# With many projects, let the placeholder rows lay out and paint before a worker competes for
# the GIL; a scan that fits one batch starts at once (its rows paint in a few ms).
BATCH_START_DELAY_MS = 40
SUMMARY_OPS_IN_FLIGHT = 1  # parsing is CPU-bound Python: more threads only fight the UI for the GIL
# cached summaries are shown this many per event-loop turn (a few ms of model updates each)
CACHED_SLICE = 100
CACHE_SAVE_DELAY_MS = 2000  # the summary cache is written this long after a load ends

# one result of a worker: the project, its summary (None when its read failed), what the tray
# is told (a Loaded), and why the read failed
Result = tuple[ProjectRef, ProjectSummary | None, Any, BaseException | None]


def load_problem(error: BaseException | None) -> str:
    """One line saying why a project could not be loaded (bounded, visible)."""
    if isinstance(error, OpTimeout):
        return QCoreApplication.translate("MainWindow", "could not be read in {0:g} s").format(
            error.seconds)
    if isinstance(error, PoolExhausted):
        return QCoreApplication.translate("MainWindow", "not read: too many reads are stuck")
    from msd_desktop.core.common.errors import MsdError

    text = core_text(error) if isinstance(error, MsdError) else (
        f"{type(error).__name__}: {error}" if str(error) else type(error).__name__)
    return QCoreApplication.translate("MainWindow", "could not be read: {0}").format(
        visible(text, limit=300))


class LazyStateCache:
    """The core's :class:`StateCache`, created on first use from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cache: StateCache | None = None

    def get(self) -> StateCache:
        with self._lock:
            if self._cache is None:
                from msd_desktop.core.state.project import StateCache

                self._cache = StateCache()
            return self._cache


class SummaryPipeline(QObject):
    """Loads summaries for the window (see the module docstring); lives on the GUI thread.

    ``tray``: the window's tray (made on first use), told each project's line and status;
    ``projects``: the projects listed now (what a re-check looks at); ``timings``: where the
    load's moments are noted (the window's, read by the benchmarks)."""

    applied = Signal(list)  # list[ProjectSummary] just filed in ``summaries``
    message_posted = Signal(str)  # a line for the status bar
    cached_shown = Signal()  # the cache pass is applied (with or without hits)
    load_ended = Signal()  # every project of the scan has its summary
    settled = Signal()  # a later turn after ``load_ended`` (the last of the load's work)

    def __init__(self, env: dict[str, str], tray: Callable[[], ProjectTray],
                 projects: Callable[[], list[ProjectRef]], timings: dict[str, float],
                 t0: float, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.env = env
        self._tray = tray
        self._projects = projects
        self.timings = timings
        self._t0 = t0
        self.state_cache = LazyStateCache()
        self.summaries: dict[Path, ProjectSummary] = {}
        # while this says so, the end of a load waits (the window builds a project's tabs)
        self.hold_completion: Callable[[], bool] = lambda: False
        # the last scan listed many projects: its steps each get event-loop turns of their own
        self.large_load = False
        self._generation: dict[Path, int] = {}
        self.scan_gen = 0
        self._batches_left = 0
        self._batch_queue: list[list[ProjectRef]] = []
        self._batch_ops: list[OpHandle] = []
        self._helpers: HelperPool | None = None  # a cold load's parsing processes
        self._prestarted: HelperPool | None = None  # started before the cache pass
        self._hit_queue: list[Loaded] = []  # cached summaries still to be shown
        self._tray_where: dict[Path, int] = {}  # the tray's lines by root (checked on use)
        self._summary_cache: SummaryCache | None = None
        self._revalidate_after_load = False
        self._settled_gen: int | None = None  # the last load that settled

    # -- what the window asks

    @property
    def loading(self) -> bool:
        """Summaries of the last scan are still being read or shown."""
        return bool(self._batches_left or self._hit_queue)

    def later(self, call: Callable[[], Any]) -> None:
        """``call`` on a later event-loop turn: after a real 1 ms timer while a large list
        loads (its steps take milliseconds each: input, timers and paints come in between),
        as a posted call for a small one (its steps take microseconds; a handful of 1 ms
        timers in a row were a visible part of a five-project start)."""
        from msd_desktop.ui.widgets.workers import YIELD_MS

        QTimer.singleShot(YIELD_MS if self.large_load else 0, self, call)

    def retain(self, refs: list[ProjectRef]) -> list[ProjectSummary]:
        """Keep the summaries of ``refs`` only (a new scan's list); they are returned."""
        self.summaries = {r.root: self.summaries[r.root] for r in refs
                          if r.root in self.summaries}
        return list(self.summaries.values())

    def invalidate(self) -> None:
        """Answers of the loads running now end unheard (a new scan is coming)."""
        self.scan_gen += 1

    def start(self, refs: list[ProjectRef]) -> None:
        """Load every project's summary in batches, a few ops at a time (newest scan wins)."""
        for handle in self._batch_ops:
            handle.cancel()
        self._batch_ops = []
        self._close_helpers()
        self.scan_gen += 1
        self._hit_queue = []
        prestarted, self._prestarted = self._prestarted, None
        if refs:
            self.timings.setdefault("pipeline_start_ms", (time.perf_counter() - self._t0) * 1000)
            self._start_cache_pass(refs, self.scan_gen, prestarted)
            return
        if prestarted is not None:
            prestarted.close()
        self._batch_queue = []
        self._batches_left = 0
        self.cached_shown.emit()
        self._scan_complete()

    def prestart_helpers(self, projects: int) -> None:
        """A cold start of a large scan: the helper processes start now, while the window
        lays out the scan's rows, instead of once the cache pass is in (their interpreters'
        start-up stood in front of every summary). Only while no summary cache file exists:
        then the cache pass sends every project to them; else it decides, as before."""
        from msd_desktop.ui.summary_loading import (
            HELPER_MIN_PROJECTS,
            HelperPool,
            helper_count,
        )

        if self._prestarted is not None or projects < HELPER_MIN_PROJECTS:
            return
        cache = self.summary_cache()
        if cache.status != "not loaded" or cache.path.exists():
            return
        count = helper_count(self.env)
        if count:
            pool = self._prestarted = HelperPool(count)
            run_op(pool.start, name="load helpers", owner=self)

    def reload(self, refs: list[ProjectRef]) -> None:
        """Read ``refs`` again (their files changed), outside any scan's batches."""
        self._load_summaries(refs, None)

    def close(self) -> None:
        """The window closes: helpers end, the cache is saved (quick, and only when
        something changed)."""
        self._close_helpers()
        if self._prestarted is not None:
            self._prestarted.close()
            self._prestarted = None
        if self._summary_cache is not None:
            self._summary_cache.save()

    # -- batches

    def _queue_batches(self, refs: list[ProjectRef], helpers: HelperPool | None = None) -> None:
        """The projects the cache could not answer: parse them in batches (many of them in
        ``helpers``, processes of :mod:`msd_desktop.core.state.bulk_load`)."""
        self._close_helpers()
        self._helpers = helpers
        self._batch_queue = [refs[i:i + SUMMARY_BATCH] for i in range(0, len(refs),
                                                                      SUMMARY_BATCH)]
        self._batches_left = len(self._batch_queue)
        if not self._batch_queue:
            if not self._hit_queue:
                self._scan_complete()
            return
        if len(self._batch_queue) == 1:  # a handful of rows: nothing to wait for
            self._start_batches()
        else:
            # let the new rows lay out and paint first, without a worker competing for the GIL
            QTimer.singleShot(BATCH_START_DELAY_MS, self._start_batches)

    def _start_batches(self) -> None:
        # with helper processes the ops mostly wait for answers: two per helper, so the next
        # batch is queued when one ends, not only after its result reached this thread
        in_flight = (2 * self._helpers.size if self._helpers is not None
                     else SUMMARY_OPS_IN_FLIGHT)
        for _ in range(max(1, in_flight)):
            self._next_batch()

    def _close_helpers(self) -> None:
        if self._helpers is not None:
            self._helpers.close()
            self.timings["helper_answers"] = float(self._helpers.answered)
            self._helpers = None

    def _next_batch(self) -> None:
        if self._batch_queue:
            self._load_summaries(self._batch_queue.pop(0), self.scan_gen)

    def _load_summaries(self, refs: list[ProjectRef], scan_gen: int | None) -> None:
        """Load ``refs`` in one worker op; ``scan_gen`` None = a single reload (watcher).

        Every project gets an answer: one whose load raises (any exception) gets an
        "unreadable" summary with the problem; one that gives no answer within
        :func:`read_timeout` (a FIFO, a hung mount) is marked "could not be read in N s" —
        the op beats after each project, so the clock runs per project — and the projects
        after it are loaded by a fresh op."""
        env, lazy_cache = self.env, self.state_cache
        load = self._caching_loader(bulk=scan_gen is not None)
        helpers = self._helpers if scan_gen is not None else None
        summary_cache = self.summary_cache()
        timeout_s = read_timeout(self.env)
        gens: dict[Path, int] = {}
        for ref in refs:
            gens[ref.root] = self._generation[ref.root] = self._generation.get(ref.root, 0) + 1
        # filled as the worker goes, so a timeout knows which projects did answer
        results: list[Result] = []

        def work(progress: Progress) -> list[Result]:
            if helpers is not None and (helper := helpers.take(progress)) is not None:
                from msd_desktop.ui.summary_loading import load_in_helper

                ok = load_in_helper(helper, refs, env, summary_cache, timeout_s, progress,
                                    results)
                helpers.give(helper, answered=len(results), broken=not ok)
            cache = lazy_cache.get()
            for ref in refs[len(results):]:  # what no helper answered: read here
                if progress.cancelled:
                    break
                try:
                    summary, state = load(ref, env, cache)
                except Exception as exc:  # one broken project must not hide the others
                    results.append((ref, None, None, exc))
                else:
                    results.append((ref, summary, state, None))
                progress.beat()
            return list(results)

        def done(results: list[Result], finished: bool = True) -> None:
            fresh = [(ref, summary, state, error) for ref, summary, state, error in results
                     if self._generation.get(ref.root) == gens[ref.root]]
            unreadable = [(ref, load_problem(error)) for ref, summary, _, error in fresh
                          if summary is None and error is not None]
            current = [(ref, summary, state) for ref, summary, state, _ in fresh
                       if summary is not None]
            self._apply_summaries([summary for _, summary, _ in current]
                                  + [unreadable_summary(ref, why) for ref, why in unreadable])
            for ref, why in unreadable:
                self.message_posted.emit(QCoreApplication.translate(
                    "MainWindow", "Could not load {0}: {1}").format(visible(ref.name), why))
            # the tray line and its notifications come from the same load
            if scan_gen is None or scan_gen == self.scan_gen:
                self._tray_lines([loaded for _, _, loaded in current], rebuild=False)
                self._tray().mark_unreadable(unreadable, rebuild=scan_gen is None)
            if finished:
                self._batch_finished(scan_gen)

        def failed(error: BaseException) -> None:
            answered = list(results)
            rest = refs[len(answered):]
            if isinstance(error, OpTimeout) and rest:
                # the project being read when the clock ran out is the stuck one
                stuck = rest[0]
                done([*answered, (stuck, None, None, error)], finished=not rest[1:])
                if rest[1:]:
                    self._load_summaries(rest[1:], scan_gen)  # same batch, fresh thread
                return
            done([*answered, *((ref, None, None, error) for ref in rest)])

        names = refs[0].name if len(refs) == 1 else f"{len(refs)} projects"
        handle = run_op(work, name=f"summaries {names}", on_finished=done, on_failed=failed,
                        owner=self, with_progress=True, timeout_s=read_timeout(self.env))
        if scan_gen is not None:
            self._batch_ops = [h for h in self._batch_ops if not h.is_done] + [handle]

    def _batch_finished(self, scan_gen: int | None) -> None:
        if scan_gen is None or scan_gen != self.scan_gen:
            return
        self._batches_left -= 1
        self._next_batch()
        if self._batches_left == 0 and not self._hit_queue:
            self._scan_complete()

    def _scan_complete(self) -> None:
        self.timings.setdefault("summaries_ms", (time.perf_counter() - self._t0) * 1000)
        self._close_helpers()
        self._tray().finish_lines()
        # the cache file a little later, when the window is idle: building its lines in a
        # worker beside this turn's and the next turns' work shared the interpreter lock
        # with them (at the end of a warm load of thousands, the work took twice as long); a window
        # closed before then saves it in close()
        QTimer.singleShot(CACHE_SAVE_DELAY_MS, self, self._save_summary_cache)
        self.load_ended.emit()
        if self._revalidate_after_load:
            self._revalidate_after_load = False
            self.revalidate()
        # the tray's menu and the overview's column fit each walk every project: one per
        # event-loop turn, so their stalls do not add up
        gen = self.scan_gen
        self.later(lambda: self._settled(gen))

    def _settled(self, scan_gen: int) -> None:
        if scan_gen != self.scan_gen:
            return  # a newer scan is loading; it ends with its own fit and signal
        self._settled_gen = scan_gen
        self.settled.emit()

    @property
    def idle(self) -> bool:
        """The newest load has settled (:attr:`settled` was emitted for it)."""
        return self._settled_gen == self.scan_gen and not self.loading

    def is_current(self, scan_gen: int) -> bool:
        """Whether ``scan_gen`` is still the newest load."""
        return scan_gen == self.scan_gen

    def _apply_summaries(self, summaries: list[ProjectSummary]) -> None:
        if not summaries:
            return
        for summary in summaries:
            self.summaries[summary.root] = summary
        self.applied.emit(summaries)

    # -- the summary cache (see core.state.summary_cache)

    def summary_cache(self) -> SummaryCache:
        """The window's summary cache (created on first use; the file loads in a worker)."""
        if self._summary_cache is None:
            from msd_desktop import __version__
            from msd_desktop.core.state.summary_cache import (
                SummaryCache,
                cache_context,
                default_cache_path,
            )
            from msd_desktop.core.workspace.paths import defaults_path

            try:
                defaults: Path | None = defaults_path(self.env)
            except Exception:  # an invalid MSD_HOME: the config loader reports it
                defaults = None
            # the summaries hold display text in the window's language: a cache written in
            # one language is not shown in another
            language = QLocale().name()
            self._summary_cache = SummaryCache(
                default_cache_path(self.env),
                cache_context(self.env, f"{__version__} {language}", defaults))
        return self._summary_cache

    def _caching_loader(self, *, bulk: bool = False) -> Any:
        """``load_summary_and_state`` that also files each result in the summary cache.

        ``bulk`` (a scan's first read of every project): the last-good-STATE.md memory is
        not filled — it only serves re-reads, and thousands of parsed documents cost megabytes;
        a project's first re-read (its watcher event) fills it."""
        cache = self.summary_cache()

        def load(ref: ProjectRef, env: dict[str, str], state_cache: Any) -> Any:
            from msd_desktop.ui.summary_loading import (
                file_loaded,
                load_summary_and_state,
                signature_of,
            )

            sig = signature_of(ref)  # before reading: a racing write leaves an old signature
            summary, state = load_summary_and_state(ref, env, None if bulk else state_cache)
            # the tray's line and snapshot are made here too, not on the GUI thread
            return summary, file_loaded(ref, sig, summary, state, cache)

        return load

    def _start_cache_pass(self, refs: list[ProjectRef], scan_gen: int,
                          prestarted: HelperPool | None = None) -> None:
        """Stat every project in a worker; show the cached summaries that still match, and
        parse only the others (in ``prestarted`` helpers, when they are needed)."""
        cache = self.summary_cache()

        env = self.env

        def work() -> tuple[list[Loaded], list[ProjectRef], HelperPool | None]:
            from msd_desktop.ui.summary_loading import (
                HELPER_MIN_PROJECTS,
                HelperPool,
                cached_results,
                helper_count,
            )

            cache.load()
            cache.retain(r.root for r in refs)
            hits, misses = cached_results(refs, cache)
            helpers = None
            count = helper_count(env) if len(misses) >= HELPER_MIN_PROJECTS else 0
            if count and prestarted is not None:
                helpers = prestarted  # (its own op starts them; a batch that comes first
                # starts one itself)
            elif count:  # many to parse: helper processes, started here (off the GUI thread)
                helpers = HelperPool(count)
                helpers.start()
            if prestarted is not None and helpers is not prestarted:
                prestarted.close()
            return hits, [ref for ref, _ in misses], helpers

        def done(result: tuple[list[Loaded], list[ProjectRef], HelperPool | None]) -> None:
            hits, misses, helpers = result
            if scan_gen != self.scan_gen:
                if helpers is not None:
                    helpers.close()
                return
            if cache.problem:  # the cache folder or file is not ours: say why it is not used
                self.message_posted.emit(self.tr(
                    "The summary cache is not used (projects are read from their files): "
                    "{0}").format(core_text(cache.problem)))
            self.timings["cache_hits"] = float(len(hits))
            self.timings["load_helpers"] = float(helpers.size if helpers is not None else 0)
            self.timings["cache_pass_ms"] = (time.perf_counter() - self._t0) * 1000
            self._hit_queue = hits
            self._queue_batches(misses, helpers)
            if hits:
                self._show_cached_slice(scan_gen)
            else:
                self.cached_shown.emit()
            if self._batch_queue:
                if hits or len(self._batch_queue) == 1:
                    self._start_batches()
                else:  # let the placeholder rows paint before a worker competes for the GIL
                    QTimer.singleShot(BATCH_START_DELAY_MS, self._start_batches)

        def failed(error: BaseException) -> None:  # no cache: parse everything
            if prestarted is not None:
                prestarted.close()
            if scan_gen == self.scan_gen:
                self._queue_batches(refs)
                self.cached_shown.emit()
                self._start_batches()

        self._batches_left = 1
        self._batch_queue = []
        handle = run_op(work, name="summary cache", on_finished=done, on_failed=failed,
                        owner=self)
        self._batch_ops = [handle]

    def _show_cached_slice(self, scan_gen: int) -> None:
        """Show the next :data:`CACHED_SLICE` cached summaries; the rest on later turns."""
        from msd_desktop.ui.widgets.workers import YIELD_MS

        if scan_gen != self.scan_gen or not self._hit_queue:
            return
        part, self._hit_queue = (self._hit_queue[:CACHED_SLICE],
                                 self._hit_queue[CACHED_SLICE:])
        for loaded in part:
            root = loaded.ref.root
            self._generation[root] = self._generation.get(root, 0) + 1
        self._apply_summaries([x.summary for x in part if x.summary is not None])
        self._tray_lines(part, rebuild=False)
        if self._hit_queue:
            QTimer.singleShot(YIELD_MS, self, lambda: self._show_cached_slice(scan_gen))
            return
        self.timings["cached_shown_ms"] = (time.perf_counter() - self._t0) * 1000
        self.cached_shown.emit()
        if self._batches_left == 0:
            # the tray's menu and the cache file on the next turn, not after this slice
            self.later(lambda: self._complete_if_current(scan_gen))

    def _complete_if_current(self, scan_gen: int) -> None:
        from msd_desktop.ui.widgets.workers import YIELD_MS

        if scan_gen != self.scan_gen or self._batches_left or self._hit_queue:
            return
        if self.hold_completion():
            # the restored project is about to open: the tray's menu and the column fit
            # after its tab (on the same turns they were long stalls with thousands of
            # projects)
            QTimer.singleShot(YIELD_MS, self, lambda: self._complete_if_current(scan_gen))
            return
        self._scan_complete()

    def _tray_lines(self, loaded: list[Loaded], *, rebuild: bool) -> None:
        """Hand lines made off the GUI thread to the tray (upsert, notify on changes)."""
        tray = self._tray()
        where = self._tray_where
        for item in loaded:
            if item.tray is None:
                continue
            root = item.tray.root
            i = where.get(root)
            if (len(where) != len(tray.lines) if i is None
                    else i >= len(tray.lines) or tray.lines[i].root != root):
                # the tray reordered or changed its lines: index them again (once, not per
                # batch — a batch of 25 must not walk 5,000 lines)
                where = self._tray_where = {ln.root: n for n, ln in enumerate(tray.lines)}
                i = where.get(root)
            if i is None:
                where[root] = len(tray.lines)
                tray.lines.append(item.tray)
            else:
                tray.lines[i] = item.tray
            for event in tray.tracker.update(item.snapshot, item.tray.root):
                tray.notify(event)
        if rebuild:
            tray.finish_lines()

    def _save_summary_cache(self) -> None:
        """Write the cache in a worker (when something changed)."""
        cache = self._summary_cache
        if cache is None or not cache.dirty:
            return
        run_op(cache.save, name="save summary cache", owner=self)

    def revalidate(self) -> None:
        """Re-stat every listed project; reload those whose files changed since they were
        read (the watches are armed while, or after, the summaries load)."""
        if self._batches_left or self._hit_queue:
            self._revalidate_after_load = True
            return
        refs = self._projects()
        if not refs:
            return
        cache = self.summary_cache()

        def work() -> list[ProjectRef]:
            from msd_desktop.ui.summary_loading import changed_since_cached

            return changed_since_cached(refs, cache)

        def done(changed: list[ProjectRef]) -> None:
            for i in range(0, len(changed), SUMMARY_BATCH):
                self._load_summaries(changed[i:i + SUMMARY_BATCH], None)

        run_op(work, name="revalidate summaries", on_finished=done, owner=self)
