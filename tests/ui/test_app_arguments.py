"""``msd-desktop`` with arguments that are not UTF-8 (a Latin-1 folder name, a mangled
``--lang``) opens or refuses plainly, never crashes: handing such an argument to QApplication
ended the process with SIGSEGV (exit 139). The real command in a child process, offscreen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from msd_desktop.app import parse_args, qt_argv

START = "from msd_desktop.app import main; raise SystemExit(main())"


def _run(tmp_path: Path, *args: bytes) -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(tmp_path / "home"), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "QT_QPA_PLATFORM": "offscreen", "LANG": "C.UTF-8"}
    return subprocess.run([sys.executable.encode(), b"-c", START.encode(), b"--smoke-test",
                           *args], capture_output=True, text=True, errors="replace", env=env,
                          timeout=240, check=False)


def test_qt_gets_only_its_own_text_arguments() -> None:
    assert qt_argv("msd-desktop", ["/tmp/caf\udce9", "--lang", "pt\udcff", "--demo",
                                   "-style=fusion", "-x\udcff"]) == [
        "msd-desktop", "-style=fusion"]


def test_a_start_without_arguments_means_what_the_parser_would_say() -> None:
    # no parser is built for a plain start; its options must be the parser's defaults
    plain = parse_args([])
    assert vars(plain) == vars(parse_args(["-style=fusion"]))  # a Qt option: ours untouched
    assert vars(parse_args(["--demo"])) == {**vars(plain), "demo": True}
    assert parse_args(["some/folder", "--lang", "pt_BR"]).path == "some/folder"


def test_a_latin1_folder_opens(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path) + b"/caf\xe9"
    os.makedirs(folder + b"/.planning")
    with open(folder + b"/.planning/config.json", "wb") as f:
        f.write(b'{"model_profile": "quality"}\n')
    done = _run(tmp_path, folder)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout[done.stdout.index("{"):])
    assert "project_opened_ms" in report["timings_ms"]  # the folder was opened


def test_a_mangled_language_is_not_a_crash(tmp_path: Path) -> None:
    done = _run(tmp_path, b"--demo", b"--lang", b"pt\xff")
    assert done.returncode in (0, 1), done.stderr[-2000:]
    if done.returncode == 1:
        assert "Error:" in done.stderr
