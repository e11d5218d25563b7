"""R4 — secrets: a full set / replace / migrate / remove run leaves no plaintext anywhere.

The end-to-end run drives the real ``msd`` CLI (one process per call) against the real Secret
Service keyring (``scripts/run-tests.sh`` starts gnome-keyring on a private D-Bus; marked
``keyring``). Afterwards every file under the test's folder — the project and the HOME the
calls used — and the stdout/stderr of every call are searched for each plaintext key and for
the part of it that masking hides (all but the last four characters): zero hits. The keyring's
own storage lives under the runner's separate keyring HOME and is not part of the search.

A fail keyring backend (``PYTHON_KEYRING_BACKEND=keyring.backends.fail.Keyring``) runs
everywhere: a clear error, and nothing written (no file fallback unless asked for explicitly).
"""

from __future__ import annotations

import hashlib
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
from tests.reliability.helpers import make_project, msd, record_figure, tree_bytes

P_BRAVE_PLAIN = "BSA-r4-plain-brave-7f3c19ae52d8"
P_FIRECRAWL_PLAIN = "fc-r4-plain-firecrawl-0b9d4471c6"
P_EXA_1 = "exa-r4-first-5e8a2c7713f0"
P_EXA_2 = "exa-r4-replaced-91d04bb6e2a7"
P_BRAVE_GLOBAL = "BSA-r4-global-stdin-c02f9a8e11"
P_BRAVE_PROJECT = "BSA-r4-project-arg-6d7e3b05fa"
ALL_PLAINTEXTS = (P_BRAVE_PLAIN, P_FIRECRAWL_PLAIN, P_EXA_1, P_EXA_2, P_BRAVE_GLOBAL,
                  P_BRAVE_PROJECT)
FAIL_BACKEND = "keyring.backends.fail.Keyring"


def _needles(plain: str) -> list[bytes]:
    """The plaintext and the part masking hides, as UTF-8 and as UTF-16 (either byte order)."""
    out: list[bytes] = []
    for text in (plain, plain[:-4]):
        out += [text.encode(), text.encode("utf-16-le"), text.encode("utf-16-be")]
    return out


def hits_in(blobs: dict[str, bytes], plaintexts: tuple[str, ...]) -> list[str]:
    found: list[str] = []
    for name, data in blobs.items():
        for plain in plaintexts:
            if any(n in data for n in _needles(plain)):
                found.append(f"{plain[:8]}… in {name}")
    return found


class Recorder:
    """Runs msd calls and keeps every stdout/stderr for the final search."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.outputs: dict[str, bytes] = {}

    def __call__(self, *args: str, cwd: Path, stdin: str | None = None,
                 ok: bool = True) -> subprocess.CompletedProcess[str]:
        proc = msd(*args, cwd=cwd, env=self.env, stdin=stdin)
        n = len(self.outputs) // 2
        self.outputs[f"call {n} stdout: msd {args[0]}"] = proc.stdout.encode()
        self.outputs[f"call {n} stderr: msd {args[0]}"] = proc.stderr.encode()
        assert "Traceback" not in proc.stderr, proc.stderr
        if ok:
            assert proc.returncode == 0, (args, proc.stderr)
        return proc


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "HOME": str(home), "MSD_HOME": str(home), **extra}
    for var in ("BRAVE_API_KEY", "FIRECRAWL_API_KEY", "EXA_API_KEY"):
        env.pop(var, None)
    return env


def _wipe(root: Path) -> None:
    backend = core._backend_or_none()
    if backend is None:
        return
    for key in core.secret_keys():
        for user in (key, core._project_user(key, root)):
            if backend.get_password(core.SERVICE, user) is not None:
                backend.delete_password(core.SERVICE, user)


@pytest.fixture
def keyring_project(tmp_path: Path) -> Iterator[Path]:
    require_keyring()
    root = make_project(tmp_path)
    _wipe(root)
    yield root
    _wipe(root)


def _config(root: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((root / ".planning" / "config.json").read_text())
    return data


SHA_OF_ENV = ("import hashlib, os; print(' '.join(hashlib.sha256(os.environ.get(v, '').encode())"
              ".hexdigest() for v in ('BRAVE_API_KEY', 'EXA_API_KEY')))")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.keyring
def test_e2e_set_replace_migrate_remove_leaves_no_plaintext(
    keyring_project: Path, tmp_path: Path
) -> None:
    root = keyring_project
    home = tmp_path / "home"
    home.mkdir()
    run = Recorder(_env(home))
    cfg = root / ".planning" / "config.json"
    cfg.write_text(json.dumps({"mode": "yolo", "brave_search": P_BRAVE_PLAIN,
                               "firecrawl": P_FIRECRAWL_PLAIN, "exa_search": None}, indent=2))

    status = json.loads(run("secrets", "status", cwd=root).stdout)
    assert status["plaintext"]["keys"] == ["brave_search", "firecrawl"]
    before = cfg.read_bytes()
    run("secrets", "migrate", "--dry-run", cwd=root)
    assert cfg.read_bytes() == before
    migrated = json.loads(run("secrets", "migrate", cwd=root).stdout)
    assert [m["key"] for m in migrated["migrated"]] == ["brave_search", "firecrawl"]
    assert _config(root) == {"mode": "yolo", "brave_search": True, "firecrawl": True,
                             "exa_search": None}
    assert core.reveal_secret("brave_search", root=root) == P_BRAVE_PLAIN
    assert core.reveal_secret("firecrawl", root=root) == P_FIRECRAWL_PLAIN

    out = json.loads(run("config-set", "exa_search", P_EXA_1, cwd=root).stdout)
    assert out["masked"] is True
    assert out["value"] == "****" + P_EXA_1[-4:]
    out = json.loads(run("config-set", "exa_search", P_EXA_2, cwd=root).stdout)
    assert out["value"] == "****" + P_EXA_2[-4:]
    assert _config(root)["exa_search"] is True
    assert core.reveal_secret("exa_search", root=root) == P_EXA_2

    run("secrets", "set", "brave_search", "--stdin", cwd=root, stdin=P_BRAVE_GLOBAL + "\n")
    run("secrets", "set", "brave_search", P_BRAVE_PROJECT, "--project", cwd=root)
    assert core.reveal_secret("brave_search") == P_BRAVE_GLOBAL
    assert core.reveal_secret("brave_search", root=root) == P_BRAVE_PROJECT

    # the sentinel true is masked like any value of a secret key (§3: "true" -> "****")
    assert json.loads(run("config-get", "exa_search", cwd=root).stdout) == "****"
    listing = run("secrets", "list", cwd=root).stdout
    assert "****" + P_BRAVE_PROJECT[-4:] in listing
    shas = run("run", "--", sys.executable, "-c", SHA_OF_ENV, cwd=root).stdout.split()
    assert shas == [_sha(P_BRAVE_PROJECT), _sha(P_EXA_2)], "msd run did not hand over the keys"
    run("migrate-config", cwd=root)
    run("state", cwd=root)

    run("secrets", "remove", "brave_search", "--project", cwd=root)
    run("secrets", "remove", "brave_search", cwd=root)
    run("secrets", "remove", "firecrawl", "--project", cwd=root)
    out = json.loads(run("config-set", "exa_search", "null", cwd=root).stdout)
    assert out["unset"] is True
    for key in ("brave_search", "firecrawl", "exa_search"):
        assert core.reveal_secret(key, root=root) is None, f"{key} still in the keyring"

    files = tree_bytes(tmp_path, skip=("keyrings",))
    assert any(name.endswith("config.json") for name in files)
    hits = hits_in(files, ALL_PLAINTEXTS) + hits_in(run.outputs, ALL_PLAINTEXTS)
    assert hits == [], hits
    record_figure("r4_e2e", {"cli_calls": len(run.outputs) // 2, "files_searched": len(files),
                             "plaintexts": len(ALL_PLAINTEXTS), "hits": len(hits)})


@pytest.mark.keyring
def test_secret_config_set_over_broken_config_stores_nothing(
    keyring_project: Path, tmp_path: Path
) -> None:
    """A refused write must not leave the key behind in the keyring either."""
    root = keyring_project
    home = tmp_path / "home"
    home.mkdir()
    cfg = root / ".planning" / "config.json"
    cfg.write_bytes(b'{\n  "mode": "yolo",\n}\n')
    run = Recorder(_env(home))
    proc = run("config-set", "brave_search", P_BRAVE_PROJECT, cwd=root, ok=False)
    assert proc.returncode == 1
    assert str(cfg) in proc.stderr
    assert "line 3" in proc.stderr
    assert cfg.read_bytes() == b'{\n  "mode": "yolo",\n}\n'
    assert hits_in(run.outputs, ALL_PLAINTEXTS) == []
    assert core.reveal_secret("brave_search", root=root) is None, (
        "config-set stored the key in the keyring although it refused to write config.json")


# --- no usable keyring ------------------------------------------------------------------------


def test_fail_backend_gives_a_clear_error_and_writes_nothing(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    cfg = root / ".planning" / "config.json"
    cfg.write_text(json.dumps({"mode": "yolo", "firecrawl": P_FIRECRAWL_PLAIN}, indent=2) + "\n")
    run = Recorder(_env(home, PYTHON_KEYRING_BACKEND=FAIL_BACKEND))
    before = tree_bytes(tmp_path)

    attempts = [
        (("secrets", "set", "brave_search", "--stdin"), P_BRAVE_GLOBAL + "\n"),
        (("secrets", "set", "brave_search", P_BRAVE_PROJECT, "--project"), None),
        (("config-set", "exa_search", P_EXA_1), None),
        (("secrets", "migrate"), None),
    ]
    for args, stdin in attempts:
        proc = run(*args, cwd=root, stdin=stdin, ok=False)
        assert proc.returncode == 1, (args, proc.stdout)
        err = proc.stderr.lower()
        assert err.startswith("error: "), (args, proc.stderr)
        assert "keyring" in err, (args, proc.stderr)
        assert tree_bytes(tmp_path) == before, f"msd {' '.join(args)} wrote something"
    assert "--allow-file-fallback" in run.outputs["call 0 stderr: msd secrets"].decode()
    assert not (home / ".msd").exists()
    # The plaintext already in config.json stays where the user put it; nothing else leaks.
    outputs_hits = hits_in(run.outputs, ALL_PLAINTEXTS)
    assert outputs_hits == [], outputs_hits
    assert hits_in(tree_bytes(tmp_path), tuple(p for p in ALL_PLAINTEXTS
                                               if p != P_FIRECRAWL_PLAIN)) == []

    # Only an explicit request writes the upstream-compatible file, at mode 0600.
    run("secrets", "set", "brave_search", "--stdin", "--allow-file-fallback", cwd=root,
        stdin=P_BRAVE_GLOBAL + "\n")
    key_file = home / ".msd" / "brave_api_key"
    assert key_file.read_text() == P_BRAVE_GLOBAL
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert stat.S_IMODE((home / ".msd").stat().st_mode) == 0o700
    assert hits_in(run.outputs, ALL_PLAINTEXTS) == []
    record_figure("r4_fail_backend", {"refused_calls": len(attempts), "files_written": 0})
