"""The tray companion on a real system-tray host: ``trayer`` on the suite's Xvfb display.

Why: offscreen (``tests/ui``) and on a bare Xvfb there is no tray, so ``ProjectTray.show()``
is skipped and only the Qt objects were ever tested. Here a real host owns the tray.

How Qt 6's xcb platform finds a tray (checked on PySide6 6.11 with
``QT_LOGGING_RULES=qt.qpa.tray*=true``): the generic Unix theme makes a D-Bus
StatusNotifierItem icon only when ``org.kde.StatusNotifierWatcher`` is registered on the
session bus. The suite's private ``dbus-run-session`` bus has none (Qt logs "D-Bus tray
available: false"), so ``QSystemTrayIcon`` falls back to the freedesktop XEmbed system-tray
protocol: it finds the owner of the ``_NET_SYSTEM_TRAY_S0`` selection and docks a small window
(``QSystemTrayIconSys``) into it. ``trayer`` owns that selection. On this path notifications are
Qt's own balloons (``QBalloonTip``) next to the icon, not ``org.freedesktop.Notifications``.

Real input goes through ``xdotool`` (XTEST): a right click on the docked icon opens the menu and
a left click on a project's line opens it, exactly as a person would do it.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import DOC_SHOTS, SHOTS, AppDriver, needs_display, poll
from tests.prerequisites import require_tool

pytestmark = [pytest.mark.e2e]

SCREEN_SHOTS = SHOTS / "tray-host"
# A panel at the bottom-right corner, as wide as its icons
TRAYER_ARGS = ["--edge", "bottom", "--align", "right", "--widthtype", "request",
               "--height", "32", "--SetDockType", "true", "--SetPartialStrut", "false",
               "--transparent", "false", "--padding", "4"]
# Asks Qt itself, in a throwaway process, whether it sees a system tray on this display.
PROBE = ("import sys; from PySide6.QtWidgets import QApplication, QSystemTrayIcon; "
         "app = QApplication(sys.argv[:1]); print(QSystemTrayIcon.isSystemTrayAvailable())")


def _qt_sees_tray() -> bool:
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb"}
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                         text=True, timeout=60, check=False)
    return out.stdout.strip() == "True"


def _poll(what: str, predicate: Any, timeout: float = 30.0) -> Any:
    """:func:`poll` with this file's longer default (a tray host is a whole X client)."""
    return poll(what, predicate, timeout, interval=0.05)


@contextlib.contextmanager
def running_tray_host(log_dir: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``trayer`` on the test display, its tray claimed, until the block ends."""
    needs_display()
    trayer = require_tool("trayer")
    log = log_dir / "trayer-stderr.log"
    with log.open("wb") as err:
        proc = subprocess.Popen([trayer, *TRAYER_ARGS], stdout=subprocess.DEVNULL, stderr=err)
    try:
        def claimed() -> bool:
            if proc.poll() is not None:
                raise RuntimeError(f"trayer exited with {proc.returncode}:\n"
                                   f"{log.read_text(errors='replace')}")
            return _qt_sees_tray()

        _poll("trayer to own the system-tray selection", claimed, timeout=60)
        yield proc
    finally:  # the other e2e tests share this display and must find no tray
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture
def tray_host(isolated_home: Path) -> Iterator[subprocess.Popen[bytes]]:
    with running_tray_host(isolated_home) as proc:
        yield proc


@pytest.fixture
def tray_app(tray_host: subprocess.Popen[bytes], app: AppDriver) -> AppDriver:
    """The app, started after the tray host (fixtures are set up in the order named)."""
    return app


def _tray(app: AppDriver) -> dict[str, Any]:
    return app.do("tray")


def _demo_projects(app: AppDriver) -> list[Path]:
    return sorted(p.parent for p in app.demo.glob("*/.planning"))


def _statusline(root: Path) -> str:
    """The status line as the command line renders it (the same core, another process)."""
    out = subprocess.run([sys.executable, "-m", "msd_desktop.cli", "--cwd", str(root),
                          "statusline"], capture_output=True, text=True, timeout=60,
                         check=True)
    return out.stdout.strip()


def _docked(app: AppDriver) -> dict[str, Any]:
    """Wait until the icon sits in the host and the menu lists every demo project."""
    expected = {p.name for p in _demo_projects(app)}

    def ready() -> dict[str, Any] | None:
        tray = _tray(app)
        names = {ln["name"] for ln in tray["lines"]}
        return tray if (tray["visible"] and tray["geometry"][2] > 0
                        and names >= expected) else None

    reply: dict[str, Any] = app.wait_for("the tray icon docked with every project", ready,
                                         timeout=60)
    return reply


def _trayer_geometry() -> tuple[int, int, int, int] | None:
    """trayer's panel window on the root, or None without xdotool.

    trayer has several windows of class ``Trayer``/``trayer``; the panel is the mapped one
    (WM_CLASS ``panel``, ``trayer``)."""
    if shutil.which("xdotool") is None:
        return None
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "trayer"],
                         capture_output=True, text=True, timeout=30, check=False).stdout.split()
    for wid in ids:
        shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid],
                               capture_output=True, text=True, timeout=30,
                               check=False).stdout
        vals = dict(re.findall(r"^(\w+)=(\d+)$", shell, re.MULTILINE))
        if {"X", "Y", "WIDTH", "HEIGHT"} <= vals.keys() and int(vals["WIDTH"]) > 1:
            return (int(vals["X"]), int(vals["Y"]), int(vals["WIDTH"]), int(vals["HEIGHT"]))
    return None


def _inside(inner: list[int], outer: tuple[int, int, int, int]) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


def _screenshot(name: str, crop: tuple[int, int, int, int] | None = None) -> Path:
    """The whole Xvfb screen (``import -window root``), optionally cropped."""
    SCREEN_SHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREEN_SHOTS / f"{name}.png"
    cmd = ["import", "-window", "root"]
    if crop is not None:
        x, y, w, h = crop
        cmd += ["-crop", f"{w}x{h}+{x}+{y}", "+repage"]
    subprocess.run([*cmd, str(path)], check=True, timeout=60)
    assert path.stat().st_size > 1000
    return path


def _click(x: int, y: int, button: int) -> None:
    subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", str(button)],
                   check=True, timeout=30)


def _center(rect: list[int]) -> tuple[int, int]:
    x, y, w, h = rect
    return x + w // 2, y + h // 2


def test_icon_docks_into_the_host_with_every_project_and_statusline(tray_app: AppDriver
                                                                     ) -> None:
    tray = _docked(tray_app)
    assert tray["available"], "Qt saw no tray when the app started"
    assert tray["system_tray_available"]
    assert tray["docked_widget"], "no XEmbed icon window (QSystemTrayIconSys) is shown"
    host = _trayer_geometry()
    if host is not None:  # the icon's global geometry lies inside trayer's window
        assert _inside(tray["geometry"], host), (tray["geometry"], host)

    by_root = {item["root"]: item for item in tray["menu"] if item["root"]}
    for root in _demo_projects(tray_app):
        item = by_root.get(str(root))
        assert item is not None, f"{root.name} is not in the tray menu: {tray['menu']}"
        statusline = _statusline(root)
        assert statusline
        assert item["text"].startswith(f"{root.name}: {statusline}"), (item, statusline)
        assert item["enabled"]
    texts = [item["text"] for item in tray["menu"]]
    assert texts[0] == "Show MSD Desktop"
    assert f"{len(by_root)} projects" in tray["tooltip"]
    _screenshot("screen-with-tray")


def test_menu_action_opens_the_project(tray_app: AppDriver) -> None:
    tray = _docked(tray_app)
    item = next(i for i in tray["menu"] if i["root"] and Path(i["root"]).name == "field-notes")
    tray_app.do("trigger", text=item["text"])
    tray_app.wait_for("field-notes open in the window",
                      lambda: tray_app.do("title")["title"] == "field-notes — MSD Desktop")


def test_real_clicks_on_the_docked_icon_open_a_project(tray_app: AppDriver) -> None:
    require_tool("xdotool")
    tray = _docked(tray_app)
    # A right click makes Qt pop the context menu with its bottom-right corner at the pointer
    # (the icon sits in the screen's corner), so click the icon's top-left pixel: the menu then
    # covers none of the icon.
    x, y, _w, _h = tray["geometry"]
    _click(x + 1, y + 1, button=3)
    opened = tray_app.wait_for("the tray menu to open",
                               lambda: (t := _tray(tray_app))["menu_visible"] and t)
    item = next(i for i in opened["menu"]
                if i["root"] and Path(i["root"]).name == "checklist-printer")
    assert "geometry" in item, item
    # the menu and the icon, as a person sees them (README: companion-tray-host.png)
    mx, my, mw, mh = opened["menu_geometry"]
    ix, iy, iw, ih = opened["geometry"]
    left, top = min(mx, ix) - 12, min(my, iy) - 12
    right, bottom = max(mx + mw, ix + iw) + 12, max(my + mh, iy + ih) + 4
    shot = _screenshot("tray-menu-open", crop=(max(left, 0), max(top, 0),
                                               right - max(left, 0), bottom - max(top, 0)))
    _screenshot("screen-with-tray-menu")
    if os.environ.get("MSD_SCREENSHOT_HOME"):  # README pictures only on request (conftest)
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, DOC_SHOTS / "companion-tray-host.png")

    _click(*_center(item["geometry"]), button=1)
    tray_app.wait_for("checklist-printer open in the window",
                      lambda: tray_app.do("title")["title"] == "checklist-printer — MSD Desktop")
    tray_app.wait_for("the tray menu to close", lambda: not _tray(tray_app)["menu_visible"])


def test_pausing_a_project_outside_shows_a_balloon_that_opens_it(tray_app: AppDriver
                                                                  ) -> None:
    tray = _docked(tray_app)
    assert tray["supports_messages"]
    assert not [m for m in tray["messages"] if m["kind"] == "paused"
                and m["name"] == "checklist-printer"]
    assert tray_app.do("title")["title"] == "MSD Desktop"  # the overview, no project open
    state_md = tray_app.demo / "checklist-printer" / ".planning" / "STATE.md"
    text = state_md.read_text(encoding="utf-8")
    new, n = re.subn(r"(?m)^status: .*$", "status: paused", text, count=1)
    assert n == 1
    state_md.write_text(new, encoding="utf-8")

    def paused() -> list[dict[str, Any]]:
        return [b for b in _tray(tray_app)["balloons"]
                if b["kind"] == "paused" and b["name"] == "checklist-printer"]

    balloon = tray_app.wait_for("the paused notification", paused, timeout=30)[0]
    # Qt put its balloon on screen (it does only when the icon is docked in a real tray)
    assert balloon["shown"], balloon
    assert balloon["title"] == "checklist-printer paused"
    assert balloon["title"] in balloon["texts"], balloon
    assert balloon["message"] in balloon["texts"], balloon
    tray = _tray(tray_app)
    assert any(m["kind"] == "paused" and m["name"] == "checklist-printer"
               for m in tray["messages"])
    line = next(ln for ln in tray["lines"] if ln["name"] == "checklist-printer")
    assert "paused" in line["statusline"], line
    _screenshot("screen-with-balloon")

    if shutil.which("xdotool") is None:
        return
    # Clicking the balloon opens the project. Qt hides the balloon after tray.MESSAGE_MS
    # (8 s); it is still up here, moments after it appeared.
    assert tray["balloon_geometry"], "the balloon closed before it could be clicked"
    _click(*_center(tray["balloon_geometry"]), button=1)
    tray_app.wait_for("checklist-printer open from its balloon",
                      lambda: tray_app.do("title")["title"] == "checklist-printer — MSD Desktop")


def test_icon_docks_into_a_host_that_starts_after_the_app(app: AppDriver) -> None:
    # a desktop session often starts its panel after the autostarted apps
    app.wait_for("the tray lines", lambda: _tray(app)["lines"])
    assert not _tray(app)["available"]
    with running_tray_host(app.home):
        app.wait_for("the icon docked into the late host",
                     lambda: (t := _tray(app))["visible"] and t["geometry"][2] > 0)
