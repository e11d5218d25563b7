"""Suite-wide fixtures: every test runs with HOME, XDG dirs and MSD_HOME in tmp folders.

A developer's real config and keyring are never read or written by a test. The keyring
collection itself lives under the HOME the test runner set up (``MSD_TEST_KEYRING_HOME``),
which the Secret Service daemon already opened; we do not move it per test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    for var in ("MSD_HOME", "MSD_PROJECT", "MSD_WORKSTREAM", "MSD_RUNTIME", "MSD_MODEL_CATALOG",
                "GSD_HOME", "GSD_PROJECT", "GSD_WORKSTREAM", "GSD_RUNTIME", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(var, raising=False)
    return home
