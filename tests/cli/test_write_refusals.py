"""``msd`` writes only what it can read back, and only text that was UTF-8.

Each case is something ``config-set`` or ``new-project`` used to answer "updated" for, leaving
a project every later read refused: a value over the reader's size, digit or depth cap, and
argv or stdin bytes that are not UTF-8 (stored as lone surrogates). Now: ``Error: …`` naming the
reason or the argument, exit 1, and the file exactly as before. In-process (``cli.main``) except
where the bytes of a real argv are the point.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from msd_desktop.cli import main
from msd_desktop.core.common import safe_read

MSD = Path(sys.executable).parent / "msd"
ORIGINAL = '{\n  "model_profile": "balanced"\n}\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "config.json").write_text(ORIGINAL, encoding="utf-8")
    return root


def _config(root: Path) -> str:
    return (root / ".planning" / "config.json").read_text(encoding="utf-8")


def _msd(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _with_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


@pytest.mark.parametrize(("key", "value", "reason"), [
    ("workflow.code_review_command", "1" * (safe_read.MAX_DIGITS + 1),
     f"a run of more than {safe_read.MAX_DIGITS} digits"),
    ("agent_skills.msd-planner", "[" * 70 + "]" * 70,
     f"nested deeper than {safe_read.MAX_DEPTH} levels"),
    ("features.deep", '{"a": ' * 63 + "1" + "}" * 63,
     f"nested deeper than {safe_read.MAX_DEPTH} levels"),
    ("planning.sub_repos", '["ok", "\\ud800"]', "lone UTF-16 surrogate"),
])
def test_config_set_refuses_what_the_reader_would_refuse(
        project: Path, capsys: pytest.CaptureFixture[str], key: str, value: str,
        reason: str) -> None:
    code, out, err = _msd(capsys, "config-set", key, value, "--cwd", str(project))
    assert (code, out) == (1, "")
    assert err.startswith("Error: Refusing to write ")
    assert reason in err
    assert "Nothing was written." in err
    assert _config(project) == ORIGINAL
    # and the project still reads
    assert _msd(capsys, "config-get", "model_profile", "--cwd", str(project))[:2] == (
        0, '"balanced"\n')


def test_config_set_refuses_a_value_over_the_size_cap(
        project: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    big = b"x" * (20 * 1000 * 1000)  # 20 MB on stdin, the reader's cap is 16 MiB
    _with_stdin(monkeypatch, big)
    code, _, err = _msd(capsys, "config-set", "workflow.code_review_command", "--stdin",
                        "--cwd", str(project))
    assert code == 1
    assert "more than 16 MiB, the largest file msd reads back" in err
    assert _config(project) == ORIGINAL


def test_an_argument_that_is_not_utf8_is_refused_by_name(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    latin1 = os.fsdecode(b"caf\xe9")  # what Python makes of the argv bytes
    code, _, err = _msd(capsys, "config-set", "workflow.code_review_command", latin1,
                        "--cwd", str(project))
    assert (code, err) == (1, "Error: the VALUE argument is not valid UTF-8 text; nothing was "
                              "written (give it as UTF-8)\n")
    code, _, err = _msd(capsys, "new-project", "model_profile=quality",
                        f"workflow.code_review_command={latin1}", "--cwd", str(project))
    assert code == 1
    assert err.startswith("Error: KEY=VALUE argument 2 is not valid UTF-8")
    assert _config(project) == ORIGINAL


def test_stdin_that_is_not_utf8_is_refused(project: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    _with_stdin(monkeypatch, b"sk-\xff\xfe-key\n")
    code, _, err = _msd(capsys, "config-set", "workflow.code_review_command", "--stdin",
                        "--cwd", str(project))
    assert (code, err) == (1, "Error: the value on standard input is not valid UTF-8 (byte 0xff "
                              "at offset 3); nothing was written (give it as UTF-8)\n")
    new = project.parent / "fresh"
    new.mkdir()
    _with_stdin(monkeypatch, b"model_profile=quality\nworkflow.build_command=\xe9\n")
    code, _, err = _msd(capsys, "new-project", "--stdin", "--cwd", str(new))
    assert code == 1
    assert "the KEY=VALUE lines on standard input is not valid UTF-8" in err
    assert not (new / ".planning").exists()
    assert _config(project) == ORIGINAL


def test_new_project_refuses_a_config_it_could_not_read_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "fresh"
    root.mkdir()
    code, _, err = _msd(capsys, "new-project",
                        "workflow.code_review_command=" + "7" * (safe_read.MAX_DIGITS + 1),
                        "--cwd", str(root))
    assert code == 1
    assert f"a run of more than {safe_read.MAX_DIGITS} digits" in err
    assert not (root / ".planning").exists()  # no folder, no file


def test_a_real_argv_with_latin1_bytes(project: Path) -> None:
    """Across the process boundary: the argv bytes themselves, not a Python string."""
    proc = subprocess.run(
        [os.fsencode(MSD), b"config-set", b"workflow.code_review_command", b"make \xff",
         b"--cwd", os.fsencode(project)],
        capture_output=True, timeout=60, check=False)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.startswith(b"Error: the VALUE argument is not valid UTF-8 text")
    assert _config(project) == ORIGINAL


def test_workspaces_add_of_a_latin1_folder_is_refused_plainly(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = os.fsdecode(os.path.join(os.fsencode(tmp_path), b"proj-caf\xe9"))
    os.makedirs(os.path.join(folder, ".planning"))
    code, out, err = _msd(capsys, "workspaces", "add", folder)
    assert (code, out) == (1, "")
    assert err == (f"Error: {tmp_path}/proj-caf\\xe9: the folder name is not valid UTF-8, and "
                   "the workspace registry holds UTF-8 names only; rename the folder to add "
                   "it\n")
    assert _msd(capsys, "workspaces", "list") == (0, "[]\n", "")


def test_a_latin1_project_folder_still_opens(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A path is not a value: ``--cwd`` in a Latin-1 folder works, and is shown escaped."""
    folder = os.fsdecode(os.path.join(os.fsencode(tmp_path), b"caf\xe9"))
    os.makedirs(os.path.join(folder, ".planning"))
    code, out, _ = _msd(capsys, "config-set", "model_profile", "quality", "--cwd", folder)
    assert code == 0
    assert json.loads(out)["updated"] is True
    assert _msd(capsys, "root", "--cwd", folder) == (0, f"{tmp_path}/caf\\xe9\n", "")
    code, out, _ = _msd(capsys, "state", "--cwd", folder)
    assert code == 0
    assert json.loads(out)["path"] == os.path.join(folder, ".planning", "STATE.md")


def test_a_read_only_config_is_not_replaced(project: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    config = project / ".planning" / "config.json"
    config.chmod(0o444)
    code, _, err = _msd(capsys, "config-set", "model_profile", "quality", "--cwd", str(project))
    assert code == 1
    assert "read-only" in err
    assert _config(project) == ORIGINAL
    assert config.stat().st_mode & 0o777 == 0o444
