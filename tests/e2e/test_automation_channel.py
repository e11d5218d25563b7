"""The automation channel the e2e tests drive the app with is off unless asked for.

A normal run neither imports ``msd_desktop.ui.testing.automation`` nor opens a socket; with
``MSD_DESKTOP_AUTOMATION`` set it listens on exactly that path. The protocol's error replies
are checked in-process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import shiboken6

from msd_desktop.app import demo_source

pytestmark = [pytest.mark.e2e]

PROBE = """
import json, os, sys
from msd_desktop import app
rc = app.main(["--smoke-test", sys.argv[1]])
path = os.environ.get("MSD_DESKTOP_AUTOMATION", "")
print("PROBE " + json.dumps({"rc": rc,
      "imported": "msd_desktop.ui.testing.automation" in sys.modules,
      "socket": bool(path) and os.path.exists(path)}))
"""


def _probe(tmp_path: Path, extra_env: dict[str, str]) -> dict[str, object]:
    demo = tmp_path / "demo"
    if not demo.exists():
        shutil.copytree(demo_source(), demo)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **extra_env}
    proc = subprocess.run([sys.executable, "-c", PROBE, str(demo / "checklist-printer")],
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("PROBE "))
    result: dict[str, object] = json.loads(line[len("PROBE "):])
    return result


def test_normal_run_has_no_automation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MSD_DESKTOP_AUTOMATION", raising=False)
    result = _probe(tmp_path, {})
    assert result == {"rc": 0, "imported": False, "socket": False}


def test_the_variable_turns_it_on(tmp_path: Path) -> None:
    sock_dir = tempfile.mkdtemp(prefix="msd-auto-")
    try:
        result = _probe(tmp_path, {"MSD_DESKTOP_AUTOMATION": os.path.join(sock_dir, "s")})
    finally:
        shutil.rmtree(sock_dir, ignore_errors=True)
    assert result == {"rc": 0, "imported": True, "socket": True}


def test_protocol_errors_are_replies(qapp: object) -> None:
    from msd_desktop.ui.testing.automation import AutomationServer, start_from_env

    assert start_from_env({}) is None
    sock_dir = tempfile.mkdtemp(prefix="msd-auto-")
    server = start_from_env({"MSD_DESKTOP_AUTOMATION": os.path.join(sock_dir, "s")})
    try:
        assert isinstance(server, AutomationServer)
        assert server.handle_line('{"cmd": "ping"}') == {"ok": True}
        assert server.handle_line("not json")["ok"] is False
        assert "unknown command" in server.handle_line('{"cmd": "rm -rf"}')["error"]
        missing = server.handle_line('{"cmd": "text", "name": "NoSuchWidget"}')
        assert missing["ok"] is False
        assert "no widget matches" in missing["error"]
    finally:
        assert server is not None
        server.close()
        shiboken6.delete(server)  # not left for the interpreter's exit to destroy
        shutil.rmtree(sock_dir, ignore_errors=True)
