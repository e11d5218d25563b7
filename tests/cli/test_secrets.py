"""``msd secrets …`` and ``msd run -- …`` as a user runs them: a real process, a real keyring.

Every call checks that neither stdout nor stderr contains the plaintext (or all but its last
four characters). Keyring-backed tests skip, saying why, without a usable Secret Service;
the unusable-keyring cases configure ``PYTHON_KEYRING_BACKEND`` the way a user could.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from msd_desktop.core.secrets import store as core
from tests.prerequisites import require_keyring

REPO = Path(__file__).resolve().parents[2]
BRAVE = "BSA-cli-global-0123456789"
BRAVE_PROJECT = "BSA-cli-project-abcdefgh"
PLAINTEXTS = (BRAVE, BRAVE_PROJECT)


def msd(
    *args: str, cwd: Path, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "msd_desktop.cli", "--cwd", str(cwd), *args],
        input=stdin,
        env=dict(os.environ) if env is None else env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    for plain in PLAINTEXTS:
        assert plain[:-4] not in proc.stdout + proc.stderr, f"plaintext leaked by {args}"
    return proc


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "config.json").write_text(
        json.dumps({"mode": "yolo", "brave_search": None}, indent=2) + "\n"
    )
    return root


def _wipe(root: Path) -> None:
    backend = core._backend_or_none()
    if backend is None:
        return
    for key in core.secret_keys():
        for user in (key, core._project_user(key, root)):
            if backend.get_password(core.SERVICE, user) is not None:
                backend.delete_password(core.SERVICE, user)


@pytest.fixture
def kr(project: Path) -> Iterator[None]:
    require_keyring()
    _wipe(project)
    yield
    _wipe(project)


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_set_list_remove_global_and_project(project: Path) -> None:
    proc = msd("secrets", "set", "brave_search", BRAVE, cwd=project)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "key": "brave_search",
        "env_var": "BRAVE_API_KEY",
        "masked": "****6789",
        "scope": "global",
    }
    proc = msd("secrets", "set", "brave_search", "--stdin", "--project", cwd=project,
               stdin=BRAVE_PROJECT + "\n")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["scope"] == "project"
    assert out["masked"] == "****efgh"
    assert out["config_marked"] is True
    config = json.loads((project / ".planning" / "config.json").read_text())
    assert config == {"mode": "yolo", "brave_search": True}
    assert core.reveal_secret("brave_search", root=project) == BRAVE_PROJECT  # newline dropped

    listing = json.loads(msd("secrets", "list", cwd=project).stdout)
    assert listing["keyring"]["usable"] is True
    brave = next(e for e in listing["secrets"] if e["key"] == "brave_search")
    assert brave["effective"] == "keyring-project"
    assert brave["masked"] == "****efgh"

    proc = msd("secrets", "remove", "brave_search", "--project", cwd=project)
    assert json.loads(proc.stdout)["removed"] == ["keyring-project"]
    proc = msd("secrets", "remove", "brave_search", cwd=project)
    assert json.loads(proc.stdout)["removed"] == ["keyring-global"]
    assert core.reveal_secret("brave_search", root=project) is None


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_run_sees_the_key_and_returns_the_exit_code(project: Path) -> None:
    assert msd("secrets", "set", "brave_search", BRAVE, cwd=project).returncode == 0
    env = {k: v for k, v in os.environ.items() if k != "BRAVE_API_KEY"}
    code = f"import os;print(os.environ.get('BRAVE_API_KEY')=={BRAVE!r})"
    proc = msd("run", "--", sys.executable, "-c", code, cwd=project, env=env)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "True\n", "")
    proc = msd("run", sys.executable, "-c", "import sys; sys.exit(3)", cwd=project, env=env)
    assert proc.returncode == 3
    # the child runs in --cwd, stdin passes through
    code = "import os,sys; print(os.getcwd(), sys.stdin.read())"
    proc = msd("run", "--", sys.executable, "-c", code, cwd=project, stdin="hello", env=env)
    assert proc.stdout == f"{project} hello\n"


@pytest.mark.keyring
@pytest.mark.usefixtures("kr")
def test_migrate_and_status(project: Path) -> None:
    path = project / ".planning" / "config.json"
    path.write_text(json.dumps({"brave_search": BRAVE_PROJECT, "mode": "yolo"}, indent=2))
    status = json.loads(msd("secrets", "status", cwd=project).stdout)
    assert status["plaintext"]["keys"] == ["brave_search"]
    proc = msd("secrets", "migrate", "--dry-run", cwd=project)
    assert json.loads(proc.stdout)["dry_run"] is True
    assert BRAVE_PROJECT in path.read_text()
    proc = msd("secrets", "migrate", cwd=project)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["migrated"][0]["masked"] == "****efgh"
    assert json.loads(path.read_text()) == {"brave_search": True, "mode": "yolo"}
    assert core.reveal_secret("brave_search", root=project) == BRAVE_PROJECT


def test_usage_errors(project: Path) -> None:
    proc = msd("run", cwd=project)
    assert (proc.returncode, proc.stderr) == (1, "Error: Usage: msd run -- COMMAND [ARGS…]\n")
    proc = msd("run", "--", cwd=project)
    assert proc.stderr == "Error: Usage: msd run -- COMMAND [ARGS…]\n"
    proc = msd("secrets", "set", cwd=project)
    assert proc.returncode == 1
    assert proc.stderr.startswith("Error: Usage: msd secrets set")
    proc = msd("secrets", "set", "nope", "x", cwd=project)
    assert proc.stderr.startswith("Error: Unknown secret key: nope.")
    proc = msd("run", "--", "msd-no-such-command-xyz", cwd=project)
    assert proc.stderr == "Error: Command not found: msd-no-such-command-xyz\n"


def test_unusable_keyring_error_then_explicit_file_fallback(project: Path) -> None:
    env = dict(os.environ, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    home = Path(env["HOME"])
    proc = msd("secrets", "set", "brave_search", BRAVE, cwd=project, env=env)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.startswith("Error: No usable OS keyring was found")
    assert "Nothing was stored" in proc.stderr
    assert "--allow-file-fallback" in proc.stderr
    assert not (home / ".msd").exists()
    assert json.loads((project / ".planning" / "config.json").read_text())["brave_search"] is None

    status = json.loads(msd("secrets", "status", cwd=project, env=env).stdout)
    assert status["keyring"]["usable"] is False

    proc = msd("secrets", "set", "brave_search", "--stdin", "--allow-file-fallback",
               cwd=project, env=env, stdin=BRAVE)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["scope"] == "file"
    assert out["masked"] == "****6789"
    key_file = home / ".msd" / "brave_api_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert key_file.read_text() == BRAVE

    # `msd run` still delivers the file fallback without a keyring
    code = f"import os;print(os.environ.get('BRAVE_API_KEY')=={BRAVE!r})"
    proc = msd("run", "--", sys.executable, "-c", code, cwd=project, env=env)
    assert proc.stdout == "True\n"


def test_migrate_with_unusable_keyring_writes_nothing(project: Path) -> None:
    env = dict(os.environ, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    path = project / ".planning" / "config.json"
    path.write_text(json.dumps({"brave_search": BRAVE, "mode": "yolo"}, indent=2))
    before = path.read_bytes()
    proc = msd("secrets", "migrate", cwd=project, env=env)
    assert proc.returncode == 1
    assert "No usable OS keyring" in proc.stderr
    assert "Nothing was migrated" in proc.stderr
    assert path.read_bytes() == before


def test_run_stops_when_a_marked_key_is_missing(project: Path) -> None:
    env = dict(os.environ, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    env.pop("EXA_API_KEY", None)
    (project / ".planning" / "config.json").write_text(json.dumps({"exa_search": True}))
    marker = project / "child-ran"
    code = f"open({str(marker)!r}, 'w').close()"
    proc = msd("run", "--", sys.executable, "-c", code, cwd=project, env=env)
    assert proc.returncode == 1
    assert proc.stderr.startswith("Error: config.json marks exa_search as available")
    assert "No usable OS keyring" in proc.stderr
    assert "--allow-missing-keys" in proc.stderr
    assert not marker.exists()


def test_run_warns_when_a_marked_key_is_missing_and_allowed(project: Path) -> None:
    env = dict(os.environ, PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    env.pop("EXA_API_KEY", None)
    (project / ".planning" / "config.json").write_text(json.dumps({"exa_search": True}))
    proc = msd("run", "--allow-missing-keys", "--", sys.executable, "-c", "pass",
               cwd=project, env=env)
    assert proc.returncode == 0
    assert proc.stderr.startswith("msd run: warning: config.json marks exa_search as available")
    assert "No usable OS keyring" in proc.stderr


CORE_LIMITS = (
    "import os\n"
    "def core(pid):\n"
    "    with open(f'/proc/{pid}/limits', encoding='ascii') as fh:\n"
    "        line = next(x for x in fh if x.startswith('Max core file size'))\n"
    "    return ' '.join(line.split()[4:6])\n"
    "print(core('self'), '|', core(os.getppid()))\n"
)


def test_run_holds_the_keys_without_core_dumps(project: Path) -> None:
    """``msd run`` turns core dumps off before it reads a key: for itself (the parent) and,
    through the inherited limit, for the command it starts (whose environment holds them)."""
    proc = msd("run", "--", sys.executable, "-c", CORE_LIMITS, cwd=project)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "0 0 | 0 0\n"


@pytest.mark.keyring
def test_a_key_for_a_latin1_project_is_refused_plainly(tmp_path: Path) -> None:
    """A per-project entry is named after the folder; a folder name that is not UTF-8 gets a
    plain refusal (it was reported as an unavailable keyring, with the file fallback offered)
    and nothing is stored or written."""
    require_keyring()
    root = os.path.join(os.fsencode(tmp_path), b"caf\xe9")
    os.makedirs(os.path.join(root, b".planning"))
    config = os.path.join(root, b".planning", b"config.json")
    with open(config, "w", encoding="utf-8") as fh:
        fh.write('{"mode": "yolo"}\n')
    for argv in ([b"secrets", b"set", b"brave_search", b"--stdin", b"--project"],
                 [b"config-set", b"brave_search", b"--stdin"]):
        proc = subprocess.run(
            [os.fsencode(sys.executable), b"-m", b"msd_desktop.cli", b"--cwd", root, *argv],
            input=(BRAVE + "\n").encode(), capture_output=True, cwd=REPO, timeout=30,
            check=False)
        err = proc.stderr.decode()
        assert proc.returncode == 1, err
        assert err.startswith(f"Error: {tmp_path}/caf\\xe9: the project folder's name is not "
                              "valid UTF-8")
        assert "--allow-file-fallback" not in err
        assert BRAVE[:-4] not in err + proc.stdout.decode()
    with open(config, encoding="utf-8") as fh:
        assert fh.read() == '{"mode": "yolo"}\n'
