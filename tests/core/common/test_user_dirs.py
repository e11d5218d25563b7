"""The user's folders are platformdirs' answers, for the process's environment and a window's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from msd_desktop.core.common.user_dirs import user_dir
from msd_desktop.core.workspace import demo, registry

VALUES = [None, "", "   ", "/tmp/xdg-dir", "relative/dir", "  /tmp/padded", "/tmp/trailing/",
          "~/tilde"]
VARIABLES = {"config": "XDG_CONFIG_HOME", "data": "XDG_DATA_HOME",
             "state": "XDG_STATE_HOME", "cache": "XDG_CACHE_HOME"}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the fast path is Linux's")
@pytest.mark.parametrize("kind", sorted(VARIABLES))
@pytest.mark.parametrize("value", VALUES)
def test_the_same_folders_as_platformdirs(kind: str, value: str | None, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.setenv("HOME", str(tmp_path))
    if value is None:
        monkeypatch.delenv(VARIABLES[kind], raising=False)
    else:
        monkeypatch.setenv(VARIABLES[kind], value)
    ask = getattr(platformdirs, f"user_{kind}_dir")
    assert user_dir(kind, "msd-desktop") == Path(ask("msd-desktop", appauthor=False))  # type: ignore[arg-type]


def test_the_registry_and_the_demo_use_them(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    assert registry.default_registry_path() == tmp_path / "c" / "msd-desktop" / "workspaces.json"
    assert demo.demo_target() == tmp_path / "d" / "msd-desktop" / "demo"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG rule is Linux's")
@pytest.mark.parametrize("kind", sorted(VARIABLES))
@pytest.mark.parametrize("value", VALUES)
def test_a_window_environment_gets_the_folder_platformdirs_gives_it(
        kind: str, value: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's own environment (not the process's) follows platformdirs' rule too."""
    import platformdirs

    env = {"HOME": str(tmp_path / "window-home")}
    if value is not None:
        env[VARIABLES[kind]] = value
    monkeypatch.setenv("HOME", env["HOME"])
    if value is None:
        monkeypatch.delenv(VARIABLES[kind], raising=False)
    else:
        monkeypatch.setenv(VARIABLES[kind], value)
    ask = getattr(platformdirs, f"user_{kind}_dir")
    expected = Path(ask("msd-desktop", appauthor=False))
    monkeypatch.setenv("HOME", str(tmp_path / "process-home"))  # the process's differs now
    monkeypatch.delenv(VARIABLES[kind], raising=False)
    assert user_dir(kind, "msd-desktop", env) == expected  # type: ignore[arg-type]
