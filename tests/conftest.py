"""Suite-wide fixtures: every test runs with HOME, XDG dirs and MSD_HOME in tmp folders.

A developer's real config and keyring are never read or written by a test. The keyring
collection itself lives under the HOME the test runner set up (``MSD_TEST_KEYRING_HOME``),
which the Secret Service daemon already opened; we do not move it per test.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from msd_desktop.core.models.install_marker import INSTALL_DIR_ENV, RUNTIME_HOMES

REPO_ROOT = Path(__file__).resolve().parent.parent
# A developer's real runtime installs (their install markers, §5.6) are never read by a test.
RUNTIME_HOME_VARS = sorted({v for h in RUNTIME_HOMES for v in h.env if not v.startswith("XDG_")})

# Property tests are derandomized by default: the examples are a function of the test's source,
# so CI checks exactly what passed here and a failure reproduces with the same command. Set
# MSD_TEST_RANDOM=1 to explore new examples (hypothesis prints a @reproduce_failure blob).
# No wall-clock deadline: speed is measured by bench/, never asserted in tests.
EXPLORE = os.environ.get("MSD_TEST_RANDOM", "") not in ("", "0")
settings.register_profile(
    "msd", derandomize=not EXPLORE, database=None, deadline=None, print_blob=True
)
settings.load_profile("msd")
# Nothing is written into the checkout: hypothesis keeps its files in a folder of this run.
_HYPOTHESIS_HOME = tempfile.mkdtemp(prefix="msd-tests-hypothesis-")
atexit.register(shutil.rmtree, _HYPOTHESIS_HOME, True)
set_hypothesis_home_dir(_HYPOTHESIS_HOME)

# scripts/run-tests.sh starts one unlocked gnome-keyring-daemon for the whole run and gives its
# process id here. If it goes away, every later keyring test would fail for a reason that has
# nothing to do with it: the run stops instead, naming the test during which it went.
KEYRING_PID = int(os.environ.get("MSD_TEST_KEYRING_PID", "0") or 0)


def keyring_daemon_alive(pid: int) -> bool:
    """True while the process runs (a zombie counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    return stat.rsplit(")", 1)[-1].split()[0] not in ("Z", "X")


def _stop_if_keyring_gone(where: str) -> None:
    if KEYRING_PID and not keyring_daemon_alive(KEYRING_PID):
        pytest.exit(
            f"the test keyring daemon (gnome-keyring-daemon, pid {KEYRING_PID}) went away "
            f"{where}; the keyring tests cannot run without it", returncode=3)


def pytest_sessionstart(session: pytest.Session) -> None:
    _stop_if_keyring_gone("before the tests started")


SHARED_SERVICE_MARKERS = ("e2e", "keyring")


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """In a parallel run, tests that share a service run one at a time, on one worker.

    End-to-end tests press keys on the one X server (focus is global); keyring tests share the
    one keyring, where global entries (no project) have fixed names. Some tests are both (the
    live window setting a key), so the two share one group: two groups would let a keyring
    test and a live-window test change the same global entry at once.
    """
    for item in items:
        if any(item.get_closest_marker(m) is not None for m in SHARED_SERVICE_MARKERS):
            item.add_marker(pytest.mark.xdist_group("shared-services"))


def pytest_runtest_logfinish(nodeid: str, location: object) -> None:
    _stop_if_keyring_gone(f"during {nodeid}")


def pytest_report_header(config: pytest.Config) -> str:
    return ("property tests: " + ("random (MSD_TEST_RANDOM)" if EXPLORE else "derandomized")
            + f", {settings.default.max_examples} examples unless a test says otherwise")


@pytest.fixture(autouse=True)
def isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = tmp_path_factory.mktemp("home")
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


@pytest.fixture(scope="session")
def upstream_pkg() -> Path:
    """The real upstream gsd-core package, installed once per machine (``tests/upstream.py``)."""
    from tests.upstream import ensure_upstream, package_dir

    return package_dir(ensure_upstream())


@pytest.fixture(scope="session")
def gsd_tools(upstream_pkg: Path) -> Path:
    """Upstream's CLI script, ``node <gsd_tools> …``."""
    return upstream_pkg / "bin" / "gsd-tools.cjs"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> object:
    """A test that ends with unsaved Settings edits on purpose never blocks at its teardown.

    pytest-qt closes the test's widgets first thing in teardown; a window with unsaved edits
    then asks Save / Discard / Cancel in a modal box nobody answers. During teardown only, the
    answer is Discard (the test is over; what it checked is already checked). Tests of the
    question itself run while the test body runs, unaffected.
    """
    unsaved = None
    if "msd_desktop.ui" in sys.modules:  # the window was imported: Qt is loaded already
        import importlib

        unsaved = importlib.import_module("msd_desktop.ui.settings.unsaved")
    original = getattr(unsaved, "ask_unsaved", None)
    if unsaved is not None and original is not None:
        unsaved.ask_unsaved = lambda *_args, **_kwargs: unsaved.Answer.DISCARD
    try:
        return (yield)
    finally:
        if unsaved is not None and original is not None:
            unsaved.ask_unsaved = original
