"""End-to-end fixtures: the real ``msd-desktop`` as a subprocess, driven over its automation socket.

The app runs under the X server the test runner started (``scripts/run-tests.sh`` → Xvfb;
``DISPLAY`` set), with HOME/XDG in tmp folders (the suite-wide ``isolated_home`` fixture) and
the D-Bus session — so the real keyring — of the test process. ``--demo`` copies the bundled
demo into ``$XDG_DATA_HOME/msd-desktop/demo``; tests edit files there from outside.

Every wait polls the app with a deadline (:meth:`AppDriver.wait_for`), never a fixed sleep.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.prerequisites import require_display
from tests.qt_collector import cycles_collected_on_gui_thread  # noqa: F401  (autouse)

REPO = Path(__file__).resolve().parents[2]
SHOTS = Path(__file__).parent / "screenshots"
DOC_SHOTS = REPO / "docs" / "screenshots"


def poll(what: str, predicate: Callable[[], Any], timeout: float = 15.0,
         interval: float = 0.02) -> Any:
    """Call ``predicate`` until it returns something truthy (returned); fail after ``timeout``."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        last = predicate()
        if last:
            return last
        time.sleep(interval)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")


class AppDriver:
    """A client of ``msd_desktop.ui.testing.automation`` plus the subprocess it talks to."""

    def __init__(self, proc: subprocess.Popen[bytes], sock_path: str, home: Path,
                 log: Path) -> None:
        self.proc = proc
        self.log = log
        self.sock_path = sock_path
        self.home = home
        self.demo = home / ".local" / "share" / "msd-desktop" / "demo"
        self._sock: socket.socket | None = None
        self._buf = b""

    def connect(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        last: Exception | None = None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the app exited with {self.proc.returncode}:\n"
                                   f"{self.stderr()}")
            try:
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                sock.settimeout(10)
                sock.connect(self.sock_path)
                self._sock = sock
                return
            except OSError as exc:
                last = exc
                time.sleep(0.05)
        raise TimeoutError(f"no automation socket at {self.sock_path}: {last}\n{self.stderr()}")

    def call(self, cmd: str, **args: Any) -> dict[str, Any]:
        """Send one command; return the reply (``ok`` false replies are returned, not raised)."""
        assert self._sock is not None
        try:
            self._sock.sendall((json.dumps({"cmd": cmd, **args}) + "\n").encode())
            while b"\n" not in self._buf:
                chunk = self._sock.recv(65536)
                if not chunk:
                    raise ConnectionError("the app closed the channel")
                self._buf += chunk
        except OSError as exc:  # the app went away: say how it ended and what it printed
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=5)
            raise ConnectionError(f"{cmd} {args}: {exc}; the app's exit status: "
                                  f"{self.proc.poll()}\n{self.stderr()}") from exc
        line, self._buf = self._buf.split(b"\n", 1)
        reply: dict[str, Any] = json.loads(line)
        return reply

    def do(self, cmd: str, **args: Any) -> dict[str, Any]:
        """Like :meth:`call`, but a failed command fails the test."""
        reply = self.call(cmd, **args)
        assert reply["ok"], f"{cmd} {args}: {reply.get('error')}"
        return reply

    def text(self, **sel: Any) -> str:
        return str(self.do("text", **sel)["text"])

    def wait_for(self, what: str, predicate: Callable[[], Any], timeout: float = 15.0) -> Any:
        """Poll ``predicate`` (which may call the app) until it returns something truthy."""
        return poll(what, predicate, timeout)

    def open_project(self, name: str, tab: str) -> Path:
        reply = self.wait_for(
            f"project {name} in the browser",
            lambda: (r := self.call("select_project", name=name))["ok"] and r, timeout=30)
        self.do("tab", text=tab, widget="ProjectTabs")
        return Path(reply["root"])

    def stderr(self) -> str:
        """What the app printed on stderr so far (for failure messages)."""
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def close(self) -> None:
        if self.proc.poll() is None and self._sock is not None:
            with contextlib.suppress(OSError):
                self.call("quit")
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        if self._sock is not None:
            self._sock.close()


def needs_display() -> None:
    """The runner's X server (a missing one fails: ``tests/prerequisites.py``)."""
    require_display()


@pytest.fixture
def app(isolated_home: Path) -> Iterator[AppDriver]:
    """``msd-desktop --demo`` on a fresh demo copy, with the automation channel on."""
    needs_display()
    sock_dir = tempfile.mkdtemp(prefix="msd-e2e-")  # short: AF_UNIX paths max ~107 bytes
    sock_path = os.path.join(sock_dir, "automation.sock")
    env = dict(os.environ)
    shots_home = os.environ.get("MSD_SCREENSHOT_HOME")
    if shots_home:
        # README screenshots: a clean, plausible home (e.g. /home/demo-user) so no temporary
        # path shows in the window; wiped first so every run starts from the bundled demo
        home = Path(shots_home)
        shutil.rmtree(home, ignore_errors=True)
        home.mkdir(parents=True)
        env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
                   XDG_DATA_HOME=str(home / ".local" / "share"),
                   XDG_STATE_HOME=str(home / ".local" / "state"),
                   XDG_CACHE_HOME=str(home / ".cache"))
    env["QT_QPA_PLATFORM"] = "xcb"
    env["MSD_DESKTOP_AUTOMATION"] = sock_path
    env["PYTHONFAULTHANDLER"] = "1"  # a crash prints every thread's stack into the log
    env.pop("MSD_HOME", None)
    log = isolated_home / "app-stderr.log"
    with log.open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "msd_desktop.app", "--demo"],
            env=env, cwd=str(isolated_home), stdout=subprocess.DEVNULL, stderr=err,
        )
    driver = AppDriver(proc, sock_path, isolated_home, log)
    try:
        driver.connect()
        yield driver
    finally:
        driver.close()
        shutil.rmtree(sock_dir, ignore_errors=True)


def save_shot(driver: AppDriver, name: str, *, docs: bool = False, **sel: Any) -> Path:
    """Grab the main window (or a selected widget) into tests/e2e/screenshots (and docs/)."""
    path = SHOTS / "app" / f"{name}.png"
    driver.do("grab", path=str(path), **sel)
    assert path.stat().st_size > 1000
    # The README's pictures are refreshed only on request (MSD_SCREENSHOT_HOME), so an ordinary
    # test run never rewrites tracked files with temporary paths in them.
    if docs and os.environ.get("MSD_SCREENSHOT_HOME"):
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SHOTS / f"{name}.png")
    return path


# Tests that drive the window inside the test process on the real X server (QTest key events
# on the focused widget, xdotool). One process has one Qt platform, and the rest of the suite
# runs offscreen, so scripts/run-tests.sh runs these in a second pytest process on xcb.
X11_IN_PROCESS = frozenset({
    "test_chrome_keys_live.py", "test_matrix_batch_live.py", "test_new_project_live.py",
    "test_settings_json_conflict.py", "test_settings_trust.py", "test_layout_fit_live.py",
    "test_settings_json_broken_live.py", "test_settings_history_live.py",
    "test_preferences_live.py", "test_compare_live.py",
})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in X11_IN_PROCESS:
            item.add_marker(pytest.mark.x11_in_process)
