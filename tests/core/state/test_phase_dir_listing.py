"""The phases folder listing follows links the way pathlib does, from one directory read."""

from __future__ import annotations

import os
from pathlib import Path

from msd_desktop.core.state.roadmap import scan_phases_dir


def _touch(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x\n", encoding="utf-8")


def test_links_dangling_links_and_loops_are_listed_as_pathlib_sees_them(tmp_path: Path) -> None:
    phases = tmp_path / "phases"
    _touch(phases / "01-real" / "01-01-PLAN.md")
    _touch(phases / "01-real" / "01-01-SUMMARY.md")
    _touch(tmp_path / "elsewhere" / "02-01-PLAN.md")
    _touch(tmp_path / "outside-SUMMARY.md")
    os.symlink(tmp_path / "elsewhere", phases / "02-linked")
    os.symlink(tmp_path / "outside-SUMMARY.md", tmp_path / "elsewhere" / "02-01-SUMMARY.md")
    os.symlink(tmp_path / "nothing", phases / "03-dangling")
    os.symlink(phases / "04-loop", phases / "04-loop")
    os.symlink(tmp_path / "nothing", phases / "01-real" / "01-02-PLAN.md")  # dangling file
    _touch(phases / "05-file-not-folder")

    dirs, problems = scan_phases_dir(phases)

    expected = sorted(p.name for p in phases.iterdir() if p.is_dir())
    assert [d.name for d in dirs] == expected == ["01-real", "02-linked"]
    assert problems == []
    real, linked = dirs
    assert (real.plans, real.summaries, real.matched_summaries) == (
        ["01-01-PLAN.md"], ["01-01-SUMMARY.md"], 1)
    assert (linked.plans, linked.summaries, linked.matched_summaries) == (
        ["02-01-PLAN.md"], ["02-01-SUMMARY.md"], 1)
    assert linked.key == "02"


def test_an_unreadable_phases_folder_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "phases").write_text("not a folder", encoding="utf-8")
    dirs, problems = scan_phases_dir(tmp_path / "phases")
    assert dirs == []
    assert len(problems) == 1
    assert "cannot read phases/" in str(problems[0].message)
    assert scan_phases_dir(tmp_path / "missing") == ([], [])
