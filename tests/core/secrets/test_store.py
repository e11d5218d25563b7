"""The secrets module against a real OS keyring (spec §3, Appendix B D3/D4).

Tests marked ``keyring`` talk to the real Secret Service that ``scripts/run-tests.sh`` starts
(dbus-run-session + an unlocked gnome-keyring-daemon) and skip, saying why, when there is none.
An unusable keyring is simulated the way a user would configure one — a subprocess with
``PYTHON_KEYRING_BACKEND=keyring.backends.fail.Keyring`` — or, for a locked keyring, a private
D-Bus session whose gnome-keyring-daemon was never unlocked. Nothing here mocks ``keyring``.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.secrets import store as core
from msd_desktop.core.secrets.masking import mask
from tests.prerequisites import require_keyring, require_tool

REPO = Path(__file__).resolve().parents[3]
BRAVE = "BSA-global-0123456789abcdef"
BRAVE_PROJECT = "BSA-project-fedcba9876543210"
EXA = "exa-😀-secret-value-4242"


def _wipe(roots: list[Path]) -> None:
    backend = core._backend_or_none()
    if backend is None:
        return
    users = list(core.secret_keys())
    users += [core._project_user(k, r) for r in roots for k in core.secret_keys()]
    for user in users:
        if backend.get_password(core.SERVICE, user) is not None:
            backend.delete_password(core.SERVICE, user)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / ".planning").mkdir(parents=True)
    return root


@pytest.fixture
def kr(project: Path) -> Iterator[None]:
    require_keyring()
    _wipe([project])
    yield
    _wipe([project])


def _write_config(root: Path, data: dict[str, object]) -> Path:
    path = root / ".planning" / "config.json"
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path


def _py(
    script: str, env: dict[str, str], cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        env=env,
        cwd=cwd or REPO,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


# ----------------------------------------------------------------------------- the key table


def test_secret_keys_come_from_the_schema() -> None:
    schema = json.loads((REPO / "msd_desktop/core/config/data/config-schema.json").read_text())
    expected = {k["key"] for k in schema["keys"] if k.get("secret") is True}
    assert set(core.SECRET_KEYS) == expected == {
        "brave_search", "firecrawl", "exa_search", "tavily_search", "ref_search",
        "perplexity", "jina",
    }  # fmt: skip


def test_env_vars_and_file_names_match_upstream() -> None:
    assert core.ENV_VARS == {
        "brave_search": "BRAVE_API_KEY",
        "firecrawl": "FIRECRAWL_API_KEY",
        "exa_search": "EXA_API_KEY",
        "tavily_search": "TAVILY_API_KEY",
        "ref_search": "REF_API_KEY",
        "perplexity": "PERPLEXITY_API_KEY",
        "jina": "JINA_API_KEY",
    }
    assert core.FILE_NAMES["brave_search"] == "brave_api_key"
    assert core.FILE_NAMES["ref_search"] == "ref_api_key"


def test_unknown_key_is_refused() -> None:
    with pytest.raises(MsdError, match="Unknown secret key: model_profile"):
        core.store_secret("model_profile", "x")


# ----------------------------------------------------------------------------- real keyring


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_global_round_trip_replace_delete() -> None:
    assert core.reveal_secret("brave_search") is None
    assert not core.has_secret("brave_search")
    core.store_secret("brave_search", BRAVE)
    assert core.reveal_secret("brave_search") == BRAVE
    assert core.has_secret("brave_search")
    core.store_secret("brave_search", "BSA-replaced-value-99")
    assert core.reveal_secret("brave_search") == "BSA-replaced-value-99"
    assert core.delete_secret("brave_search") == ["keyring-global"]
    assert core.reveal_secret("brave_search") is None
    assert core.delete_secret("brave_search") == []


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_project_entry_overrides_global(project: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    (other / ".planning").mkdir(parents=True)
    core.store_secret("brave_search", BRAVE)
    core.store_secret("brave_search", BRAVE_PROJECT, root=project)
    assert core.reveal_secret("brave_search", root=project) == BRAVE_PROJECT
    assert core.reveal_secret("brave_search", root=other) == BRAVE  # falls back to global
    assert core.reveal_secret("brave_search") == BRAVE
    # the project entry is found through any spelling of the root (symlinks resolved)
    link = tmp_path / "link"
    link.symlink_to(project)
    assert core.reveal_secret("brave_search", root=link) == BRAVE_PROJECT
    assert core.delete_secret("brave_search", root=project) == ["keyring-project"]
    assert core.reveal_secret("brave_search", root=project) == BRAVE


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_empty_value_is_refused() -> None:
    with pytest.raises(MsdError, match="empty"):
        core.store_secret("brave_search", "   ")
    assert core.reveal_secret("brave_search") is None


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_list_secrets_masks_everything(project: Path) -> None:
    core.store_secret("brave_search", BRAVE)
    core.store_secret("brave_search", BRAVE_PROJECT, root=project)
    core.store_secret("exa_search", EXA)
    _write_config(project, {"firecrawl": "fc-plaintext-in-config-1234", "jina": True})
    env = {"HOME": os.environ["HOME"], "TAVILY_API_KEY": "tvly-from-env-5678"}
    listing = core.list_secrets(project, env)
    dumped = json.dumps(listing, ensure_ascii=False)
    for plain in (BRAVE, BRAVE_PROJECT, EXA, "fc-plaintext-in-config-1234", "tvly-from-env-5678"):
        assert plain not in dumped
        assert plain[:-4] not in dumped
    by_key = {e["key"]: e for e in listing}
    brave = by_key["brave_search"]
    assert brave["effective"] == "keyring-project"
    assert brave["masked"] == mask(BRAVE_PROJECT) == "****3210"
    assert [loc["location"] for loc in brave["locations"]] == ["keyring-project", "keyring-global"]
    assert brave["locations"][1]["masked"] == "****cdef"
    assert by_key["exa_search"]["masked"] == "****4242"
    assert by_key["firecrawl"]["effective"] == "config-plaintext"
    assert "migrate" in by_key["firecrawl"]["warning"]
    assert by_key["jina"]["locations"] == [{"location": "config-sentinel", "masked": "****"}]
    assert by_key["jina"]["available"] is False
    assert by_key["tavily_search"]["effective"] == "env"
    assert by_key["perplexity"]["masked"] == "(unset)"


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_secret_env_precedence_and_disabled_keys(project: Path) -> None:
    env = {"HOME": os.environ["HOME"], "MSD_HOME": str(project.parent / "msdhome")}
    core.store_secret("brave_search", BRAVE)
    core.store_secret("brave_search", BRAVE_PROJECT, root=project)
    core.store_secret("exa_search", EXA)
    core.store_secret_file("firecrawl", "fc-file-value-123456", env)
    core.store_secret_file("exa_search", "exa-file-loses-to-keyring", env)
    core.store_secret_file("jina", "jina-file-value-000000", env)
    _write_config(project, {"jina": False, "exa_search": True})
    assert core.secret_env(project, env) == {
        "BRAVE_API_KEY": BRAVE_PROJECT,
        "EXA_API_KEY": EXA,
        "FIRECRAWL_API_KEY": "fc-file-value-123456",
    }  # jina is switched off in this project's config
    assert core.secret_env(None, env)["BRAVE_API_KEY"] == BRAVE
    assert core.secret_env(None, env)["JINA_API_KEY"] == "jina-file-value-000000"


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_run_with_secrets_passes_keys_and_exit_code(project: Path) -> None:
    core.store_secret("brave_search", BRAVE, root=project)
    env = dict(os.environ)
    env.pop("BRAVE_API_KEY", None)
    check = f"import os,sys; sys.exit(0 if os.environ.get('BRAVE_API_KEY')=={BRAVE!r} else 7)"
    assert core.run_with_secrets([sys.executable, "-c", check], project, env) == 0
    assert core.run_with_secrets([sys.executable, "-c", "raise SystemExit(5)"], project, env) == 5
    # an explicit variable in the caller's environment wins
    env["BRAVE_API_KEY"] = "explicit"
    check = "import os,sys; sys.exit(0 if os.environ['BRAVE_API_KEY']=='explicit' else 7)"
    assert core.run_with_secrets([sys.executable, "-c", check], project, env) == 0
    with pytest.raises(MsdError, match="Command not found"):
        core.run_with_secrets(["msd-no-such-command-xyz"], project, env)


# ------------------------------------------------------------------------- plaintext + migration


def test_find_plaintext_secrets(project: Path) -> None:
    path = _write_config(
        project,
        {"brave_search": "BSA-plain", "exa_search": True, "firecrawl": "", "jina": None,
         "model_profile": "balanced", "perplexity": "pplx-plain"},
    )  # fmt: skip
    report = core.find_plaintext_secrets(path)
    assert report.keys == ["brave_search", "perplexity"]
    assert report.git_tracked is False
    assert core.find_plaintext_secrets(project / "missing.json").keys == []
    path.write_text("{not json", encoding="utf-8")
    assert core.find_plaintext_secrets(path).keys == []


def test_plaintext_detection_knows_when_git_tracks_the_config(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    require_tool("git")
    path = _write_config(project, {"brave_search": "BSA-plain-in-git"})
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    assert core.find_plaintext_secrets(path).git_tracked is False  # untracked yet
    subprocess.run(["git", "-C", str(project), "add", ".planning/config.json"], check=True)
    assert core.find_plaintext_secrets(path).git_tracked is True
    monkeypatch.setenv("PATH", str(project))  # no git on PATH: not tracked, no crash
    assert core.find_plaintext_secrets(path).git_tracked is False


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_migration_moves_plaintext_into_the_keyring(project: Path) -> None:
    original = {
        "mode": "yolo",
        "brave_search": BRAVE_PROJECT,
        "model_profile": "balanced",
        "exa_search": EXA,
        "firecrawl": True,
        "unknown_key": {"kept": [1, 2]},
        "jina": False,
    }
    path = _write_config(project, original)
    before = path.read_bytes()

    dry = core.migrate_plaintext_secrets(project, dry_run=True)
    assert path.read_bytes() == before
    assert core.reveal_secret("brave_search", root=project) is None
    assert [m["key"] for m in dry["migrated"]] == ["brave_search", "exa_search"]

    result = core.migrate_plaintext_secrets(project)
    dumped = json.dumps(result, ensure_ascii=False)
    assert BRAVE_PROJECT not in dumped
    assert EXA not in dumped
    assert result["migrated"] == [
        {"key": "brave_search", "env_var": "BRAVE_API_KEY", "masked": "****3210",
         "to": "keyring-project"},
        {"key": "exa_search", "env_var": "EXA_API_KEY", "masked": "****4242",
         "to": "keyring-project"},
    ]  # fmt: skip
    raw = path.read_bytes()
    assert BRAVE_PROJECT.encode() not in raw
    assert EXA.encode() not in raw
    assert "3210" not in raw.decode()
    assert "4242" not in raw.decode()
    data = json.loads(raw)
    assert list(data) == list(original)
    assert data == {**original, "brave_search": True, "exa_search": True}
    assert core.reveal_secret("brave_search", root=project) == BRAVE_PROJECT
    assert core.reveal_secret("exa_search", root=project) == EXA
    assert core.reveal_secret("brave_search") is None  # project entry, not global
    # nothing left to do the second time
    assert core.migrate_plaintext_secrets(project)["migrated"] == []
    assert core.find_plaintext_secrets(path).keys == []


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_migration_warns_when_git_tracks_the_config(project: Path) -> None:
    require_tool("git")
    _write_config(project, {"brave_search": BRAVE})
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    subprocess.run(["git", "-C", str(project), "add", "-A"], check=True)
    result = core.migrate_plaintext_secrets(project)
    assert result["git_tracked"] is True
    assert "tracked by git" in result["warning"]
    assert BRAVE not in json.dumps(result)


def test_unusable_keyring_clear_error_and_nothing_written(project: Path) -> None:
    path = _write_config(project, {"brave_search": BRAVE, "mode": "yolo"})
    before = path.read_bytes()
    env = dict(os.environ, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    script = f"""
        import json
        from pathlib import Path
        from msd_desktop.core.secrets import store as core
        from msd_desktop.core.common.errors import KeyringUnavailableError
        st = core.keyring_status()
        out = {{"status": st.as_dict()}}
        for name, call in [
            ("store", lambda: core.store_secret("exa_search", {EXA!r})),
            ("migrate", lambda: core.migrate_plaintext_secrets(Path({str(project)!r}))),
        ]:
            try:
                call()
                out[name] = "no error"
            except KeyringUnavailableError as exc:
                out[name] = str(exc)
        out["reveal"] = core.reveal_secret("exa_search")
        print(json.dumps(out))
    """
    proc = _py(script, env)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["status"]["usable"] is False
    assert out["status"]["backend"] == "keyring.backends.fail.Keyring"
    for name in ("store", "migrate"):
        assert out[name].startswith("No usable OS keyring was found")
        assert "PYTHON_KEYRING_BACKEND=keyring.backends.fail.Keyring" in out[name]
    assert "unchanged" in out["migrate"]
    assert out["reveal"] is None
    assert EXA not in proc.stdout + proc.stderr
    assert BRAVE not in proc.stdout + proc.stderr
    assert path.read_bytes() == before
    assert not (Path(os.environ["HOME"]) / ".msd").exists()


def test_null_backend_is_unusable() -> None:
    env = dict(os.environ, PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    proc = _py("from msd_desktop.core.secrets.store import keyring_status as s; print(s().reason)",
    env)
    assert proc.returncode == 0, proc.stderr
    assert "null backend" in proc.stdout
    assert "stores nothing" in proc.stdout


@pytest.mark.keyring
def test_locked_keyring_gives_an_unlock_message(tmp_path: Path) -> None:
    """A gnome-keyring-daemon that was never unlocked cannot create its collection."""
    require_tool("dbus-run-session")
    require_tool("gnome-keyring-daemon")
    home = tmp_path / "lockedhome"
    home.mkdir()
    drop = ("DISPLAY", "WAYLAND_DISPLAY", "GNOME_KEYRING_CONTROL", "DBUS_SESSION_BUS_ADDRESS",
            "PYTHON_KEYRING_BACKEND")  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_RUNTIME_DIR=str(home))
    script = (
        "import json,sys; from msd_desktop.core.secrets import store as c; "
        "open(sys.argv[1], 'w').write(json.dumps(c.keyring_status().as_dict()))"
    )
    result = tmp_path / "status.json"
    # Output goes to files, not pipes: the D-Bus-activated daemon may outlive the session
    # for a moment and would hold a pipe open.
    with (tmp_path / "log.txt").open("w") as log:
        proc = subprocess.run(
            ["dbus-run-session", "--", "sh", "-c",
             'gnome-keyring-daemon --start --components=secrets >/dev/null 2>&1;'
             ' exec "$0" -c "$1" "$2"',
             sys.executable, script, str(result)],
            env=env, cwd=REPO, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            timeout=40, check=False,
        )  # fmt: skip
    assert proc.returncode == 0, (tmp_path / "log.txt").read_text()
    status = json.loads(result.read_text())
    assert status["usable"] is False
    assert status["reason"].startswith("The OS keyring is locked")
    assert "unlock" in status["reason"].lower()


# ----------------------------------------------------------------------------- file fallback


def test_file_fallback_is_created_0600_atomically(tmp_path: Path) -> None:
    env = {"MSD_HOME": str(tmp_path / "msdhome"), "HOME": str(tmp_path / "home")}
    old_umask = os.umask(0)  # even with a permissive umask the file is born 0600
    try:
        path = core.store_secret_file("brave_search", BRAVE, env)
    finally:
        os.umask(old_umask)
    assert path == tmp_path / "msdhome" / ".msd" / "brave_api_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert path.read_text() == BRAVE
    assert sorted(p.name for p in path.parent.iterdir()) == ["brave_api_key"]  # no temp left
    # replacing an existing, too-open file leaves a 0600 file
    path.chmod(0o644)
    core.store_secret_file("brave_search", "BSA-second-value-0000", env)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert core.reveal_secret("brave_search", env=env) == "BSA-second-value-0000"


def test_file_fallback_is_read_when_the_keyring_has_nothing(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path)}
    path = tmp_path / ".msd" / "exa_api_key"
    path.parent.mkdir()
    path.write_text("exa-from-file-abcdef\n")  # as `echo KEY > ~/.msd/exa_api_key` leaves it
    path.chmod(0o644)
    assert core.reveal_secret("exa_search", env=env) == "exa-from-file-abcdef"
    assert core.has_secret("exa_search", env=env)
    listing = {e["key"]: e for e in core.list_secrets(None, env)}
    loc = listing["exa_search"]["locations"][-1]
    assert loc["location"] == "file"
    assert loc["masked"] == "****cdef"
    assert "readable by other users" in loc["warning"]
    assert core.delete_secret("exa_search", env=env, file=True)[-1] == "file"
    assert not path.exists()
