"""The bundled demo's writable copy: made whole through the safe writer, in a folder of ours."""

from __future__ import annotations

from pathlib import Path

import pytest

from msd_desktop.core.common.safe_write import UnsafeWriteError
from msd_desktop.core.workspace.demo import demo_source, demo_workspace, ensure_demo_copy


def _files(base: Path) -> dict[str, bytes]:
    return {p.relative_to(base).as_posix(): p.read_bytes() for p in sorted(base.rglob("*"))
            if p.is_file() and not p.is_symlink()}


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data" / "msd-desktop"
    folder.mkdir(parents=True, mode=0o700)
    return folder


def test_the_copy_holds_every_bundled_file_and_its_marker(data: Path) -> None:
    target = ensure_demo_copy(data / "demo")
    copied = _files(target)
    assert copied.pop(".msd-demo") == b"copied by msd-desktop\n"
    assert copied == _files(demo_source())
    assert any(name.endswith(".planning/config.json") for name in copied)
    assert not (data / "demo.tmp-copy").exists()
    for path in [target, *target.rglob("*")]:
        mode = path.stat().st_mode & 0o777
        assert mode & 0o077 == 0, f"{path} is {mode:o}: others may change the copy"


def test_an_existing_copy_keeps_the_persons_edits_until_reset(data: Path) -> None:
    target = ensure_demo_copy(data / "demo")
    config = next(target.rglob("config.json"))
    config.write_text("{}", encoding="utf-8")
    assert ensure_demo_copy(data / "demo") == target
    assert config.read_text(encoding="utf-8") == "{}"
    demo_workspace(data / "demo", reset=True)
    assert config.read_bytes() != b"{}"


def test_a_symlink_planted_where_the_copy_goes_is_removed_not_followed(
        data: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("mine", encoding="utf-8")
    (data / "demo").symlink_to(elsewhere)
    (data / "demo.tmp-copy").symlink_to(elsewhere)
    target = ensure_demo_copy(data / "demo")
    assert not target.is_symlink()
    assert (target / ".msd-demo").is_file()
    assert _files(elsewhere) == {"keep.txt": b"mine"}


def test_a_data_folder_others_can_write_is_refused(data: Path) -> None:
    data.chmod(0o777)
    with pytest.raises(UnsafeWriteError):
        ensure_demo_copy(data / "demo")
    assert not (data / "demo").exists()
