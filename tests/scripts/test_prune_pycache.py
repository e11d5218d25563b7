"""The test runner's compiled-module cache drops the trees of checkouts that are gone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
from prune_pycache import prune  # noqa: E402


def _mirror(prefix: Path, source: Path, name: str) -> Path:
    # Python's own layout under a prefix: the source folder's absolute path, no __pycache__.
    folder = prefix / source.relative_to("/")
    folder.mkdir(parents=True)
    pyc = folder / name
    pyc.write_bytes(b"compiled")
    return pyc


def test_trees_of_missing_checkouts_go_and_live_ones_stay(tmp_path: Path) -> None:
    prefix = tmp_path / "pycache"
    live = tmp_path / "checkouts" / "live" / "pkg"
    live.mkdir(parents=True)
    kept = _mirror(prefix, live, "mod.cpython-311.pyc")
    gone = _mirror(prefix, tmp_path / "checkouts" / "gone" / "pkg", "mod.cpython-311.pyc")

    removed = prune(prefix)

    assert kept.read_bytes() == b"compiled"
    assert not gone.exists()
    assert removed == [prefix / (tmp_path / "checkouts" / "gone").relative_to("/")]
    # A second pass finds nothing more to remove.
    assert prune(prefix) == []


def test_a_planted_link_is_not_followed(tmp_path: Path) -> None:
    prefix = tmp_path / "pycache"
    prefix.mkdir()
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "precious").write_text("keep")
    # A link whose name mirrors no folder: it is neither followed nor removed through.
    (prefix / "no-such-top-folder").symlink_to(victim)

    prune(prefix)

    assert (victim / "precious").read_text() == "keep"


def test_a_prefix_that_is_not_ours_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    (target / "no-such-top-folder").mkdir(parents=True)
    link = tmp_path / "pycache"
    link.symlink_to(target)

    subprocess.run([sys.executable, str(REPO / "scripts" / "prune_pycache.py"), str(link)],
                   check=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})

    assert (target / "no-such-top-folder").is_dir()
