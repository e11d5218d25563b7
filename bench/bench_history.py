"""What recording in the config history adds to a save.

A save through the core's write path (``store.write_project_config``: planning lock, conflict
check, atomic write, and the history's record of the bytes before and after) against the same
write without the record (``atomic_write_json`` under the same lock), alternating A B A B on
one config file whose history already holds ``--entries`` entries (each save changes one
value, so every recorded save stores a new snapshot and appends to the index). The history
and the project live in a fresh temporary HOME (``--dir`` picks the filesystem). Printed: the
medians and ranges of both, and the median of the per-pair differences. Target: the
difference ≤ 5 ms.

Then the History page's opening work for that file (``--entries`` raised to 200 if lower): the
timeline read with every snapshot (what the worker does) and the first screen of the
timeline model's cells (both difference counts of 30 rows, offscreen Qt), ``--pages`` times;
and what a person lives: a Settings form of that project shown at 1024×700, a switch to its
History tab → the page built, the whole timeline read by its worker, shown and painted
(offscreen, a fresh form each time, once it has built all its rows). Target: that median ≤ 100 ms.

Usage: bench/bench_history.py [-n 200] [--entries 150] [--pages 20] [--dir /tmp]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

TARGET_MS = 5.0
PAGE_TARGET_MS = 100.0


def page_open(path: Path, base: dict[str, object], runs: int) -> list[float]:
    """The History page's opening work for ``path``, ``runs`` times (ms)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from msd_desktop.ui.settings.history_page import TimelineModel, load_rows

    app = QApplication.instance() or QApplication([])
    times: list[float] = []
    for _ in range(runs):
        t0 = time.perf_counter()
        rows, _problems = load_rows(path)
        model = TimelineModel()
        model.set_documents(base, base)
        model.set_rows(rows)
        for r in range(min(30, len(rows))):
            for c in range(5):
                model.data(model.index(r, c))
        times.append((time.perf_counter() - t0) * 1000)
    del app
    return times


def page_shown(path: Path, runs: int) -> list[float]:
    """A click on the Settings form's History tab → the page built and its whole timeline
    shown and painted, in a fresh form each time (offscreen, the page's real workers), ms."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from msd_desktop.core.history.store import HistoryStore
    from msd_desktop.core.workspace.project_ref import ProjectRef
    from msd_desktop.ui.settings.form import ConfigFormPanel

    app = QApplication.instance() or QApplication([])
    count = len(HistoryStore.for_user().entries(path).entries)
    root = path.parent.parent
    times: list[float] = []

    def spin(until: object, limit: float = 30.0) -> None:
        deadline = time.perf_counter() + limit
        while not until() and time.perf_counter() < deadline:  # type: ignore[operator]
            app.processEvents()
            time.sleep(0.0005)
        if not until():  # type: ignore[operator]
            raise SystemExit("the History page did not show its timeline")

    for _ in range(runs):
        form = ConfigFormPanel(ProjectRef(root=root, name="proj", workspace="bench"),
                               env=dict(os.environ))
        form.resize(1024, 700)
        form.show()
        spin(lambda: form.draft is not None and form.all_built())  # noqa: B023
        for _turn in range(20):
            app.processEvents()
        tab = form.history_tab
        t0 = time.perf_counter()
        form.inner_tabs.setCurrentWidget(tab.holder)
        page = tab.page()
        spin(lambda: len(page.timeline.rows) == count)  # noqa: B023
        page.repaint()
        times.append((time.perf_counter() - t0) * 1000)
        form.close()
        form.deleteLater()
        app.processEvents()
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=200)
    parser.add_argument("--entries", type=int, default=150)
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--dir", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="msd-bench-history-", dir=args.dir) as tmp:
        home = Path(tmp)
        os.environ.update({"HOME": str(home), "XDG_DATA_HOME": str(home / "data")})
        from msd_desktop.core.common.jsonfile import atomic_write_json
        from msd_desktop.core.config.store import write_project_config
        from msd_desktop.core.history.store import HistoryStore

        demo = REPO / "msd_desktop" / "resources" / "demo"
        base: dict[str, object] = {"mode": "interactive"}
        for sample in sorted(demo.rglob("config.json")):  # the largest demo config that parses
            try:
                found = json.loads(sample.read_text(encoding="utf-8"))
            except ValueError:
                continue
            if isinstance(found, dict) and len(json.dumps(found)) > len(json.dumps(base)):
                base = found
        path = home / "proj" / ".planning" / "config.json"
        path.parent.mkdir(parents=True)
        store = HistoryStore.for_user()
        now = time.time()
        for i in range(args.entries):  # a history that has been used for a while
            store.observe(path, json.dumps({**base, "seq": -i - 1}).encode(),
                          now=now - (args.entries - i) * 60)
        recorded: list[float] = []
        plain: list[float] = []
        for i in range(args.n):
            data = {**base, "seq": i}
            t0 = time.perf_counter()
            write_project_config(path, data, ...)
            t1 = time.perf_counter()
            atomic_write_json(path, {**data, "seq": -i - 10_000}, lock_dir=path.parent)
            t2 = time.perf_counter()
            recorded.append((t1 - t0) * 1000)
            plain.append((t2 - t1) * 1000)
        diffs = [r - p for r, p in zip(recorded, plain, strict=True)]
        for i in range(200 - len(store.entries(path).entries)):  # a full history for the page
            store.observe(path, json.dumps({**base, "fill": i}).encode(),
                          now=time.time() + 20 * (i + 1))
        entries = len(store.entries(path).entries)
        pages = page_open(path, base, args.pages)
        shown = page_shown(path, max(5, args.pages // 2))
    out = {
        "saves": args.n,
        "history_entries_at_end": entries,
        "recorded_save_ms": {"median": round(statistics.median(recorded), 3),
                             "min": round(min(recorded), 3), "max": round(max(recorded), 3)},
        "plain_save_ms": {"median": round(statistics.median(plain), 3),
                          "min": round(min(plain), 3), "max": round(max(plain), 3)},
        "added_ms": {"median": round(statistics.median(diffs), 3),
                     "p90": round(sorted(diffs)[int(len(diffs) * 0.9)], 3),
                     "min": round(min(diffs), 3), "max": round(max(diffs), 3)},
        "target_added_median_ms": TARGET_MS,
        "page_open_ms": {"entries": entries, "median": round(statistics.median(pages), 3),
                         "min": round(min(pages), 3), "max": round(max(pages), 3)},
        "page_shown_ms": {"entries": entries, "median": round(statistics.median(shown), 3),
                          "min": round(min(shown), 3), "max": round(max(shown), 3)},
        "target_page_shown_median_ms": PAGE_TARGET_MS,
        "load_average": os.getloadavg(),
    }
    out["pass"] = (out["added_ms"]["median"] <= TARGET_MS  # type: ignore[index]
                   and out["page_shown_ms"]["median"] <= PAGE_TARGET_MS)  # type: ignore[index]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
