"""The one safe writer (``core/common/safe_write.py``) on real files, links, FIFOs and folders,
the callers that write planning files and our own files through it, and another local user.

Also the guard that keeps it the *only* writer: every module of ``msd_desktop`` is grepped for
a file write or a folder creation outside it (a short allow-list names the few others and why).
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.jsonfile import atomic_write_json
from msd_desktop.core.common.safe_write import (
    UnsafeWriteError,
    append_own_file,
    ensure_own_folder,
    make_folders_for,
    own_folder_problem,
    project_of,
    write_file,
    write_new_file,
)
from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.core.config.store import migrate_config, write_project_config
from msd_desktop.core.state.summary_cache import SummaryCache
from tests.other_user import as_other_user, needs_root, shared_folder

REPO = Path(__file__).resolve().parents[3]


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "config.json").write_text('{"mode": "yolo"}\n', "utf-8")
    return root


# --- what is at the target ------------------------------------------------------------------


def test_a_new_file_is_written_whole_and_no_temp_is_left(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    st = write_file(path, [b"{", b"}\n"])
    assert path.read_bytes() == b"{}\n"
    assert (st.st_ino, st.st_size) == (path.stat().st_ino, 3)
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_a_symlinked_target_is_refused_and_what_it_points_at_is_untouched(
        tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep")
    link = tmp_path / "summaries.jsonl"
    link.symlink_to(victim)
    with pytest.raises(UnsafeWriteError, match="is a symbolic link; not written through it"):
        write_file(link, b"payload")
    assert victim.read_text() == "keep"
    assert link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["summaries.jsonl", "victim"]


def test_a_symlink_to_a_device_is_refused(tmp_path: Path) -> None:
    # A device node of the test's own (the null device's numbers): a writer that went through
    # the link would replace this node, never the machine's /dev/null.
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:  # not root: a FIFO is as much "not a regular file"
        os.mkfifo(device)
    link = tmp_path / "record.json"
    link.symlink_to(device)
    with pytest.raises(UnsafeWriteError, match="symbolic link"):
        write_file(link, b"x", own=True)
    assert link.is_symlink()
    assert not stat.S_ISREG(device.lstat().st_mode)


@pytest.mark.timeout(60)
def test_a_fifo_or_a_folder_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "dir").mkdir()
    for name in ("fifo", "dir"):
        with pytest.raises(UnsafeWriteError, match="is not a regular file; not written"):
            write_file(tmp_path / name, b"x")
    assert stat.S_ISFIFO((tmp_path / "fifo").lstat().st_mode)


def test_a_read_only_file_is_honoured(project: Path) -> None:
    config = project / ".planning" / "config.json"
    config.chmod(0o444)
    with pytest.raises(MsdError, match=r"is read-only; not written \(make it writable"):
        write_project_config(config, {"mode": "interactive"}, ...)
    assert config.read_text("utf-8") == '{"mode": "yolo"}\n'
    assert _mode(config) == 0o444


def test_an_existing_file_keeps_its_mode_and_a_new_one_gets_the_given_mode(
        tmp_path: Path) -> None:
    kept = tmp_path / "kept"
    kept.write_text("old")
    kept.chmod(0o640)
    write_file(kept, b"new")
    assert (kept.read_text(), _mode(kept)) == ("new", 0o640)
    write_file(tmp_path / "new", b"x", mode=0o604)
    assert _mode(tmp_path / "new") == 0o604


def test_a_new_file_never_replaces_anything_there(tmp_path: Path) -> None:
    (tmp_path / "STATE.md").symlink_to(tmp_path / "nowhere")
    with pytest.raises(FileExistsError):
        write_new_file(tmp_path / "STATE.md", b"seed")
    assert not (tmp_path / "nowhere").exists()
    write_new_file(tmp_path / "fresh.md", b"seed")
    assert (tmp_path / "fresh.md").read_bytes() == b"seed"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["STATE.md", "fresh.md"]


# --- planning files stay in their project ---------------------------------------------------


def test_project_of_a_planning_file() -> None:
    assert project_of(Path("/p/.planning/config.json")) == Path("/p")
    assert project_of(Path("/p/.planning/workstreams/w/config.json")) == Path("/p")
    assert project_of(Path("/home/u/.msd/defaults.json")) is None


def test_a_config_symlinked_to_the_defaults_is_refused(project: Path, tmp_path: Path) -> None:
    defaults = tmp_path / "home" / ".msd" / "defaults.json"
    defaults.parent.mkdir(parents=True)
    defaults.write_text('{"model_profile": "quality"}\n', "utf-8")
    config = project / ".planning" / "config.json"
    config.unlink()
    config.symlink_to(defaults)
    with pytest.raises(MsdError, match="symbolic link"):
        write_project_config(config, {"model_profile": "budget"}, ...)
    draft = ConfigDraft(config)
    draft.set("mode", "interactive")
    with pytest.raises(MsdError, match="symbolic link"):
        draft.save()
    assert defaults.read_text("utf-8") == '{"model_profile": "quality"}\n'


def test_migrate_config_never_writes_through_a_symlink(project: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"depth": "quick"}\n', "utf-8")
    config = project / ".planning" / "config.json"
    config.unlink()
    config.symlink_to(other)
    with pytest.raises(MsdError, match="symbolic link"):
        migrate_config(project, env={"HOME": str(tmp_path)})
    assert other.read_text("utf-8") == '{"depth": "quick"}\n'


def test_a_planning_folder_leading_out_of_the_project_is_refused(tmp_path: Path) -> None:
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    (project / ".planning").symlink_to(outside, target_is_directory=True)
    with pytest.raises(UnsafeWriteError, match="leads outside its project"):
        atomic_write_json(project / ".planning" / "config.json", {"a": 1})
    assert list(outside.iterdir()) == []


def test_a_planning_folder_linked_inside_the_same_project_is_written(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "docs" / "planning").mkdir(parents=True)
    (project / ".planning").symlink_to(project / "docs" / "planning", target_is_directory=True)
    atomic_write_json(project / ".planning" / "config.json", {"a": 1})
    assert json.loads((project / "docs" / "planning" / "config.json").read_text()) == {"a": 1}


def test_planning_is_not_created_again_where_the_project_has_gone(tmp_path: Path) -> None:
    gone = tmp_path / "moved-away"
    with pytest.raises(UnsafeWriteError, match="is gone"):
        make_folders_for(gone / ".planning" / "config.json")
    draft = ConfigDraft(gone / ".planning" / "config.json")
    draft.set("mode", "interactive")
    with pytest.raises(MsdError, match="is gone"):
        draft.save()
    assert not gone.exists()


def test_planning_is_created_in_a_project_that_is_there(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    make_folders_for(tmp_path / "p" / ".planning" / "workstreams" / "w" / "config.json")
    assert (tmp_path / "p" / ".planning" / "workstreams" / "w").is_dir()


# --- our own files and folders ----------------------------------------------------------------


def test_own_files_are_0600_in_0700_folders(tmp_path: Path) -> None:
    path = tmp_path / "cache" / "msd-desktop" / "summaries.jsonl"
    write_file(path, b"x", own=True)
    assert _mode(path) == 0o600
    assert _mode(path.parent) == 0o700


def test_a_loose_own_file_and_folder_are_tightened_on_rewrite(tmp_path: Path) -> None:
    folder = tmp_path / "msd-desktop"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    path = folder / "workspaces.json"
    path.write_text("[]")
    path.chmod(0o666)
    write_file(path, b"[]\n", own=True)
    assert (_mode(path), _mode(folder)) == (0o600, 0o700)


def test_an_own_folder_others_can_write_is_not_used(tmp_path: Path) -> None:
    folder = tmp_path / "msd-desktop"
    folder.mkdir()
    folder.chmod(0o777)
    assert own_folder_problem(folder / "unsaved") is not None  # the folder above counts too
    with pytest.raises(UnsafeWriteError, match=r"can be written by other users \(mode 0777\)"):
        write_file(folder / "summaries.jsonl", b"x", own=True)
    assert list(folder.iterdir()) == []


@needs_root
def test_another_users_cache_folder_is_refused() -> None:
    with shared_folder() as shared:  # XDG_CACHE_HOME pointing at a shared 1777 folder
        as_other_user("import os, sys; os.umask(0); os.mkdir(sys.argv[1], 0o777)",
                      str(shared / "msd-desktop"))
        cache = SummaryCache(shared / "msd-desktop" / "summaries.jsonl", context="ctx")
        cache.load()
        assert cache.status == "not ours"
        assert "belongs to another user (uid 65534)" in (cache.problem or "")
        cache.put(shared, "s", {"summary": {}})
        assert not cache.save()
        assert list((shared / "msd-desktop").iterdir()) == []
        with pytest.raises(UnsafeWriteError, match="belongs to another user"):
            ensure_own_folder(shared / "msd-desktop")


@needs_root
def test_another_users_cache_file_in_our_folder_is_not_loaded(tmp_path: Path) -> None:
    with shared_folder() as shared:
        folder = shared / "msd-desktop"
        folder.mkdir(mode=0o755)  # ours; the file in it is not (placed there earlier)
        path = folder / "summaries.jsonl"
        good = SummaryCache(path, context="ctx")
        good.put(shared, "s", {"summary": {"planted": True}})
        assert good.save()
        os.chown(path, 65534, 65534)
        cache = SummaryCache(path, context="ctx")
        assert cache.get(shared, "s") is None
        assert cache.status == "not ours"


# --- nobody writes around the writer ------------------------------------------------------------

_WRITE_CALL_RE = re.compile(
    r"\.write_text\(|\.write_bytes\(|(?<![\w.])open\([^)]*[\"'][wax]b?\+?[\"']|"
    r"os\.open\((?!.*O_RDONLY)|os\.fdopen\(|os\.write\(|os\.replace\(|os\.rename\(|"
    r"mkstemp\(|NamedTemporaryFile\(|shutil\.(?:copy|copyfile|copy2|copytree|move)\(|"
    r"\.mkdir\(|os\.mkdir\(|os\.makedirs\(|\.touch\(|os\.link\(|os\.symlink\(|\.symlink_to\(|"
    r"chmod\(|\.save\(str\(")

# (file, a substring of the line): each write that does not go through safe_write, and why.
ALLOWED = {
    # the lock protocol shared with upstream: an exclusive create of a regular .lock (checked)
    ("msd_desktop/core/common/planning_lock.py", "os.O_WRONLY | os.O_CREAT | os.O_EXCL"),
    ("msd_desktop/core/common/planning_lock.py", "os.write(fd, body"),
    ("msd_desktop/core/common/planning_lock.py", "os.rename(self.path, aside)"),  # a steal
    # the folder the person asked new-project to create (the project itself)
    ("msd_desktop/core/workspace/project_folder.py", "os.mkdir(folder)"),
    # the demo's finished copy (a folder of ours, in our data folder) put in place
    ("msd_desktop/core/workspace/demo.py", "os.replace(tmp, target)"),
    # the watcher's wake-up pipe and msd's stdout moved to /dev/null after it failed: not files
    ("msd_desktop/cli.py", "os.open(os.devnull, os.O_WRONLY)"),
    ("msd_desktop/core/workspace/inotify_tree.py", "os.write(self._wake_w"),
    # pictures the person (or the test driver, the benchmark) names: a Save dialog, --shots
    ("msd_desktop/ui/testing/automation.py", "path.parent.mkdir("),
    ("msd_desktop/ui/testing/automation.py", "w.grab().save(str(path))"),
    ("msd_desktop/app.py", "shots.mkdir("),
    ("msd_desktop/app.py", "pixmap.save(str("),
    ("msd_desktop/app.py", "crop.save(str("),
    ("msd_desktop/ui/models/routing_diagram.py", "image.save(str(path)"),  # Export… dialog
}


def _sources() -> list[Path]:
    return sorted(p for p in (REPO / "msd_desktop").rglob("*.py")
                  if p.name != "safe_write.py" or p.parent.name != "common")


def test_no_file_is_written_around_the_safe_writer() -> None:
    offenders: list[str] = []
    used: set[tuple[str, str]] = set()
    for path in _sources():
        rel = path.relative_to(REPO).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0] if not line.lstrip().startswith(("'", '"')) else ""
            if not _WRITE_CALL_RE.search(code):
                continue
            hit = next(((f, s) for f, s in ALLOWED if f == rel and s in line), None)
            if hit is None:
                offenders.append(f"{rel}:{number}: {line.strip()}")
            else:
                used.add(hit)
    assert offenders == [], "write through msd_desktop.core.common.safe_write instead"
    assert used == ALLOWED, f"allow-list entries no longer needed: {ALLOWED - used}"


def test_the_source_check_catches_a_write_around_it() -> None:
    for line in ('path.write_text("x")', 'with open(p, "w") as fh:', "os.replace(a, b)",
                 "folder.mkdir(parents=True)", "fd = os.open(p, os.O_WRONLY | os.O_CREAT)",
                 "shutil.copyfile(a, b)", "os.chmod(p, 0o666)"):
        assert _WRITE_CALL_RE.search(line), line
    for line in ("fd = os.open(path, os.O_RDONLY)", "text.replace('a', 'b')", "draft.save()"):
        assert not _WRITE_CALL_RE.search(line), line


# --- appending to our own files ----------------------------------------------------------


def test_append_own_file_appends_and_keeps_the_file_ours(tmp_path: Path) -> None:
    log = tmp_path / "msd-desktop" / "log"
    append_own_file(log, b"one\n")
    append_own_file(log, b"two\n")
    assert log.read_bytes() == b"one\ntwo\n"
    assert _mode(log) == 0o600


def test_append_own_file_never_follows_a_symlink_or_opens_a_fifo(tmp_path: Path) -> None:
    folder = tmp_path / "msd-desktop"
    folder.mkdir(mode=0o700)
    target = tmp_path / "target"
    target.write_bytes(b"keep\n")
    (folder / "link").symlink_to(target)
    with pytest.raises(UnsafeWriteError, match="not a regular file"):
        append_own_file(folder / "link", b"x\n")
    assert target.read_bytes() == b"keep\n"
    os.mkfifo(folder / "fifo")
    with pytest.raises(UnsafeWriteError, match="not a regular file"):
        append_own_file(folder / "fifo", b"x\n")
