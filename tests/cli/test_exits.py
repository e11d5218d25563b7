"""Honest exits: the exit code says whether the change was made, every error is ``Error:`` + 1,
and a folder name never drives the terminal.

Usage errors and escaping run in-process (``cli.main``); a closed or full standard output is a
property of the process, so those cases start ``msd`` as a subprocess.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from msd_desktop.cli import main

MSD = Path(sys.executable).parent / "msd"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / ".planning").mkdir(parents=True)
    return root


def _msd(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("argv", "words"), [
    ([], "the following arguments are required: VERB"),
    (["bogus"], "invalid choice: 'bogus'"),
    (["workspaces", "frob"], "invalid choice: 'frob'"),
    (["workspaces", "scan", "--depth", "x"], "invalid int value: 'x'"),
    (["statusline", "--format", "wide"], "invalid choice: 'wide'"),
    (["config-get", "a", "b"], "unrecognized arguments: b"),
])
def test_a_usage_error_is_error_and_exit_1(capsys: pytest.CaptureFixture[str],
                                           argv: list[str], words: str) -> None:
    code, out, err = _msd(capsys, *argv)
    assert (code, out) == (1, "")
    assert err.startswith("Error: ")
    assert words in err
    assert err.count("\n") == 1
    assert "usage:" not in err


def _config(project: Path) -> dict[str, object]:
    return dict(json.loads((project / ".planning" / "config.json").read_text(encoding="utf-8")))


def test_a_write_whose_answer_cannot_be_printed_still_exits_0(project: Path) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        proc = subprocess.run(
            [str(MSD), "config-set", "model_profile", "quality", "--cwd", str(project)],
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=60, check=False)
    assert proc.returncode == 0
    assert proc.stderr == ("msd: warning: the change was made, but its answer could not be "
                           "printed (No space left on device)\n")
    assert _config(project) == {"model_profile": "quality"}


def test_a_write_with_stdout_closed_exits_0(project: Path) -> None:
    proc = subprocess.run(
        ["sh", "-c", 'exec "$0" "$@" >&-', str(MSD), "config-set", "model_profile", "budget",
         "--cwd", str(project)],
        stderr=subprocess.PIPE, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "the change was made, but its answer could not be printed" in proc.stderr
    assert _config(project) == {"model_profile": "budget"}


def test_a_write_whose_reader_went_away_exits_0(project: Path) -> None:
    proc = subprocess.Popen(
        [str(MSD), "workspaces", "add", str(project)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stderr is not None
    proc.stdout.close()  # the reader is gone before msd prints
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0, err
    assert "its answer could not be printed (Broken pipe)" in err
    assert "Exception ignored" not in err


def test_a_read_whose_answer_cannot_be_printed_exits_1(project: Path) -> None:
    with open("/dev/full", "w", encoding="utf-8") as full:
        proc = subprocess.run([str(MSD), "root", "--cwd", str(project)], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60, check=False)
    assert proc.returncode == 1
    assert proc.stderr == "Error: the answer could not be printed (No space left on device)\n"


HOSTILE = "proj\x1b]0;owned\x07\x1b[2J\nline2\ttab"


def test_root_escapes_control_characters_in_a_folder_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / HOSTILE
    (folder / ".planning").mkdir(parents=True)
    code, out, err = _msd(capsys, "root", "--cwd", str(folder))
    assert (code, err) == (0, "")
    assert out == f"{tmp_path}/proj\\x1b]0;owned\\x07\\x1b[2J\\x0aline2\\x09tab\n"


def test_warnings_escape_control_characters(project: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A value from config.json quoted in a warning is shown, not acted on."""
    (project / ".planning" / "config.json").write_text(json.dumps(
        {"model_overrides": {"msd-planner": "claude-x\x1b]52;c;b3duZWQ=\x07\nfake line"}}),
        encoding="utf-8")
    code, out, err = _msd(capsys, "resolve-model", "msd-planner", "--cwd", str(project))
    assert code == 0
    assert json.loads(out)["warnings"]
    assert err.startswith('msd: warning — model_overrides value "claude-x\\x1b]52;c;b3duZWQ='
                          '\\x07')
    assert "\x1b" not in err
    assert "\x07" not in err


def test_statusline_never_prints_a_control_character(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / HOSTILE
    (folder / ".planning").mkdir(parents=True)
    (folder / ".planning" / "STATE.md").write_text(
        "---\nstatus: executing\nmilestone: v1\x1b[31m\nmilestone_name: a\x07b\n---\n",
        encoding="utf-8")
    code, out, _ = _msd(capsys, "statusline", "--cwd", str(folder))
    assert code == 0
    assert out.endswith("\n")
    assert not any(ord(c) < 0x20 for c in out[:-1])


def test_an_error_about_a_hostile_folder_escapes_it(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _msd(capsys, "workspaces", "scan", str(tmp_path / "no\x1bsuch"))
    assert code == 1
    assert err == f"Error: Not a directory: {tmp_path}/no\\x1bsuch\n"
