"""Suite-wide fixtures: every test runs with HOME, XDG dirs and MSD_HOME in tmp folders.

A developer's real config and keyring are never read or written by a test. The keyring
collection itself lives under the HOME the test runner set up (``MSD_TEST_KEYRING_HOME``),
which the Secret Service daemon already opened; we do not move it per test.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from msd_desktop.core.models.install_marker import INSTALL_DIR_ENV, RUNTIME_HOMES

if TYPE_CHECKING:
    from tests.differential.conftest import Upstream

REPO_ROOT = Path(__file__).resolve().parent.parent
# A developer's real runtime installs (their install markers, §5.6) are never read by a test.
RUNTIME_HOME_VARS = sorted({v for h in RUNTIME_HOMES for v in h.env if not v.startswith("XDG_")})

# Property tests are derandomized by default: the examples are a function of the test's source,
# so CI checks exactly what passed here and a failure reproduces with the same command. Set
# MSD_TEST_RANDOM=1 to explore new examples (hypothesis prints a @reproduce_failure blob).
# No wall-clock deadline: speed is measured by bench/, never asserted in tests.
EXPLORE = os.environ.get("MSD_TEST_RANDOM", "") not in ("", "0")
# MSD_TEST_EXAMPLES lowers the examples per property test (`scripts/run-tests.sh --quick` sets
# it for the everyday run; the full run keeps hypothesis's 100).
EXAMPLES = int(os.environ.get("MSD_TEST_EXAMPLES", "0") or 0)
settings.register_profile(
    "msd", derandomize=not EXPLORE, database=None, deadline=None, print_blob=True,
    **({"max_examples": EXAMPLES} if EXAMPLES > 0 else {}),
)
settings.load_profile("msd")
# Nothing is written into the checkout: hypothesis keeps its files in the user's cache folder
# (scripts/run-tests.sh names it before it moves HOME). With no example database those are the
# Unicode tables it builds on first use, which cost each process ~2 s of CPU when not kept.
_HYPOTHESIS_HOME = os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY") or str(
    Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    / "msd-desktop-tests" / "hypothesis")
set_hypothesis_home_dir(_HYPOTHESIS_HOME)

# scripts/run-tests.sh keeps one unlocked gnome-keyring-daemon running for the whole run
# (scripts/keyring_supervisor.py starts it again when it aborts, an upstream bug) and tells its
# state here. A test that fails while the daemon was being restarted runs once more; if the
# supervisor gave up, the run stops with its reason instead of failing every keyring test.
KEYRING_STATE = os.environ.get("MSD_TEST_KEYRING_STATE", "")


def keyring_state() -> dict[str, object]:
    """The supervisor's last word: daemon pid, starts, deaths, ready, and why it gave up."""
    if not KEYRING_STATE:
        return {}
    try:
        state = json.loads(Path(KEYRING_STATE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}


def _process_alive(pid: object) -> bool:
    """True while the process runs (a zombie counts as gone)."""
    try:
        stat = Path(f"/proc/{int(str(pid))}/stat").read_text(encoding="ascii", errors="replace")
    except (OSError, ValueError):
        return False
    return stat.rsplit(")", 1)[-1].split()[0] not in ("Z", "X")


def _keyring_when_ready(timeout_s: float = 60.0) -> dict[str, object]:
    """The state once the daemon answers (after a restart), or as it is at the deadline."""
    deadline = time.monotonic() + timeout_s
    while True:
        state = keyring_state()
        ready = state.get("ready") and _process_alive(state.get("pid"))
        if not state or state.get("gave_up") or ready or time.monotonic() > deadline:
            return state
        time.sleep(0.1)


def _stop_if_keyring_gone(where: str) -> None:
    gave_up = keyring_state().get("gave_up")
    if gave_up:
        pytest.exit(f"the test keyring is gone {where} ({gave_up}); the keyring tests cannot "
                    "run without it", returncode=3)


def pytest_sessionstart(session: pytest.Session) -> None:
    _stop_if_keyring_gone("before the tests started")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    """Run a test once more when the keyring daemon died while it ran and it did not pass.

    Every test starts with the daemon ready (it may be restarting after an abort). Only a test
    during which the daemon died, and that failed or skipped for want of a keyring, runs
    again: the first attempt's reports are dropped with a warning naming the test, the second
    attempt's reports are the result. Any other failure is reported as it happened.
    """
    if not KEYRING_STATE:
        return None
    from _pytest.runner import runtestprotocol

    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    before = _keyring_when_ready()
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    died = (keyring_state().get("deaths") != before.get("deaths")
            or not _process_alive(before.get("pid")))
    if died and any(report.failed or report.skipped for report in reports):
        warnings.warn(f"{item.nodeid}: the keyring daemon aborted while it ran and was "
                      "started again; the test runs once more", stacklevel=1)
        init_request = getattr(item, "_initrequest", None)
        if callable(init_request):  # fixtures of the first attempt are not reused
            init_request()
        _keyring_when_ready()
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def pytest_runtest_logfinish(nodeid: str, location: object) -> None:
    _stop_if_keyring_gone(f"after {nodeid}")


def pytest_report_header(config: pytest.Config) -> str:
    return ("property tests: " + ("random (MSD_TEST_RANDOM)" if EXPLORE else "derandomized")
            + f", {settings.default.max_examples} examples unless a test says otherwise")


# pytest-xdist (``--dist loadfile``) hands whole files to the workers in collection order. These
# folders hold the longest files (a minute or more each on a loaded machine): started first, none
# of them is left to run alone at the end while the other worker idles.
LONGEST_FIRST = ("tests/differential/", "tests/reliability/")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest folders first; the order within a file and between the others is kept."""
    items.sort(key=lambda item: not item.nodeid.startswith(LONGEST_FIRST))


# pytest numbers the folders it makes under the run's base folder by listing that folder on
# every call, so each test's folders cost more than the last one's (a home for every test, a
# tmp_path for most: over tests/core's 2,100 tests in one process, 2.6 s of CPU under cProfile
# against 1.2 s now). These two make theirs in constant time, with a random suffix
# (tempfile.mkdtemp), in the same place.


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pytest's ``tmp_path``: a new empty folder for each test, named after it, under the run's
    base folder (``--basetemp``), kept after the test."""
    name = re.sub(r"\W", "_", request.node.name)[:30]
    return Path(tempfile.mkdtemp(prefix=f"{name}-", dir=tmp_path_factory.getbasetemp()))


@pytest.fixture(autouse=True)
def isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = Path(tempfile.mkdtemp(prefix="home-", dir=tmp_path_factory.getbasetemp()))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    for var in ("MSD_HOME", "MSD_PROJECT", "MSD_WORKSTREAM", "MSD_RUNTIME", "MSD_MODEL_CATALOG",
                "GSD_HOME", "GSD_PROJECT", "GSD_WORKSTREAM", "GSD_RUNTIME", "CLAUDE_CONFIG_DIR",
                INSTALL_DIR_ENV, *RUNTIME_HOME_VARS):
        monkeypatch.delenv(var, raising=False)
    return home


@pytest.fixture(autouse=True)
def keyboard_released() -> None:
    """Every test starts with no modifier key held.

    Qt keeps the keyboard's state (``QApplication.keyboardModifiers()``) from the last key or
    mouse event it delivered, and QTest's clicks with a modifier (Shift+Tab, Ctrl+Shift+Z, a
    shift-click) end on an event that still carries it: the next test on the same worker
    starts with Shift "held", and there ``selectRow(0)`` extends a selection from no anchor
    (selects nothing) instead of selecting the row. A key release with no modifier is what a
    person's keyboard sends; only a process that made a QApplication is concerned."""
    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is None or widgets.QApplication.instance() is None:
        return
    from PySide6.QtCore import Qt

    if widgets.QApplication.keyboardModifiers() == Qt.KeyboardModifier.NoModifier:
        return
    from PySide6.QtTest import QTest

    probe = widgets.QWidget()
    QTest.keyRelease(probe, Qt.Key.Key_Shift)
    probe.deleteLater()
    assert widgets.QApplication.keyboardModifiers() == Qt.KeyboardModifier.NoModifier


@pytest.fixture(scope="session")
def upstream_pkg() -> Path:
    """The real upstream gsd-core package, installed once per machine (``tests/upstream.py``)."""
    from tests.upstream import ensure_upstream, package_dir

    return package_dir(ensure_upstream())


@pytest.fixture(scope="session")
def gsd_tools(upstream_pkg: Path) -> Path:
    """Upstream's CLI script, ``node <gsd_tools> …``."""
    return upstream_pkg / "bin" / "gsd-tools.cjs"


@pytest.fixture(scope="session")
def gsd_driver(upstream_pkg: Path) -> Iterator[Upstream]:
    """Upstream's gsd-tools ``main()`` called again and again in one node process (the
    differential harness's driver; ``tests/differential/test_fast_paths.py`` checks that it
    answers as the real CLI does): no node start per command. ``.batch([(args, cwd, env)])``."""
    from tests.differential.conftest import Upstream
    from tests.upstream import ensure_upstream

    driver = Upstream(ensure_upstream())
    yield driver
    driver.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> object:
    """A test that ends with unsaved Settings edits on purpose never blocks at its teardown.

    pytest-qt closes the test's widgets first thing in teardown; a window with unsaved edits
    then asks Save / Discard / Cancel in a modal box nobody answers. During teardown only, the
    answer is Discard (the test is over; what it checked is already checked). Tests of the
    question itself run while the test body runs, unaffected.

    What was there before comes back only if nothing else put a function back meanwhile: a
    test's own ``monkeypatch`` of the question is undone during this same teardown (to the
    real question), and putting back what this hook found then would leave the test's
    replacement in place for every later test.
    """
    unsaved = None
    if "msd_desktop.ui" in sys.modules:  # the window was imported: Qt is loaded already
        import importlib

        unsaved = importlib.import_module("msd_desktop.ui.settings.unsaved")
    original = getattr(unsaved, "ask_unsaved", None)
    if unsaved is None or original is None:
        return (yield)

    def discard(*_args: object, **_kwargs: object) -> object:
        return unsaved.Answer.DISCARD

    unsaved.ask_unsaved = discard
    try:
        return (yield)
    finally:
        if unsaved.ask_unsaved is discard:  # (else a monkeypatch was undone: keep that)
            unsaved.ask_unsaved = original
