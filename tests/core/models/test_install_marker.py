"""The §5.6 install-marker rung: locating the MSD install for a project and reading its marker.

Real files in tmp dirs; the environment is passed explicitly (``HOME`` points into tmp), so
nothing of the developer's own installs is read. The expected locations are written out by
hand from upstream 1.11.0's installer (``bin/install.js``, ``runtime-homes.cjs`` and the
capability registry), not derived from the module's table, so a wrong table entry fails here.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.models.config_input import input_from_loaded
from msd_desktop.core.models.install_marker import (
    INSTALL_DIR_ENV,
    NO_MARKER,
    RUNTIME_HOMES,
    find_install_marker,
)
from msd_desktop.core.models.resolution import (
    ResolutionInput,
    active_runtime,
    active_runtime_source,
    resolve_model,
)

MARKER = Path("msd-core") / ".msd-runtime"


def _mark(install_dir: Path, text: str | bytes) -> Path:
    path = install_dir / MARKER
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def home(tmp_path: Path) -> Path:
    h = tmp_path / "home"
    h.mkdir()
    return h


@pytest.fixture
def proj(tmp_path: Path) -> Path:
    p = tmp_path / "proj"
    p.mkdir()
    return p


def env_for(home: Path, **extra: str) -> dict[str, str]:
    return {"HOME": str(home), **extra}


# ── no marker, one marker ───────────────────────────────────────────────────────────────


def test_nothing_installed(home: Path, proj: Path) -> None:
    assert find_install_marker(proj, env_for(home)) == NO_MARKER


def test_global_claude_install(home: Path, proj: Path) -> None:
    path = _mark(home / ".claude", "claude\n")
    m = find_install_marker(proj, env_for(home))
    assert (m.value, m.runtime, m.path, m.scope) == ("claude", "claude", str(path), "global")
    assert m.warnings == ()
    assert str(path) in m.reason


# Where each runtime's global install lands by default (HOME only, no overrides).
DEFAULT_GLOBAL = [
    ("claude", ".claude"), ("antigravity", ".gemini/antigravity"),
    ("antigravity", ".gemini/antigravity-ide"), ("antigravity", ".gemini/antigravity-cli"),
    ("augment", ".augment"), ("cline", ".cline"), ("codebuddy", ".codebuddy"),
    ("codex", ".codex"), ("copilot", ".copilot"), ("cursor", ".cursor"),
    ("hermes", ".hermes"), ("kilo", ".config/kilo"), ("kimi", ".config/agents"),
    ("kimi", ".agents"), ("kimi-code", ".kimi-code"), ("opencode", ".config/opencode"),
    ("pi", ".pi/agent"), ("qwen", ".qwen"), ("trae", ".trae"),
    ("windsurf", ".codeium/windsurf"), ("zcode", ".zcode"),
]


@pytest.mark.parametrize(("runtime", "rel"), DEFAULT_GLOBAL)
def test_default_global_locations(home: Path, proj: Path, runtime: str, rel: str) -> None:
    path = _mark(home / rel, runtime + "\n")
    m = find_install_marker(proj, env_for(home))
    assert (m.runtime, m.path, m.scope) == (runtime, str(path), "global")
    assert [f.slot for f in m.found] == [runtime]


def test_every_registry_runtime_is_covered() -> None:
    assert {r for r, _ in DEFAULT_GLOBAL} == {h.runtime for h in RUNTIME_HOMES}


# ── environment overrides ───────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("runtime", "var"),
    [("claude", "CLAUDE_CONFIG_DIR"), ("codex", "CODEX_HOME"), ("copilot", "COPILOT_CONFIG_DIR"),
     ("copilot", "COPILOT_HOME"), ("cursor", "CURSOR_CONFIG_DIR"), ("hermes", "HERMES_HOME"),
     ("opencode", "OPENCODE_CONFIG_DIR"), ("kilo", "KILO_CONFIG_DIR"),
     ("antigravity", "ANTIGRAVITY_CONFIG_DIR"), ("kimi", "KIMI_CONFIG_DIR"),
     ("kimi-code", "KIMI_CODE_HOME"), ("pi", "PI_CODING_AGENT_DIR"),
     ("windsurf", "WINDSURF_CONFIG_DIR"), ("zcode", "ZCODE_CONFIG_DIR")],
)
def test_env_override_moves_the_global_install(
    home: Path, proj: Path, tmp_path: Path, runtime: str, var: str
) -> None:
    elsewhere = tmp_path / "elsewhere"
    path = _mark(elsewhere, runtime)
    m = find_install_marker(proj, env_for(home, **{var: str(elsewhere)}))
    assert (m.runtime, m.path) == (runtime, str(path))


def test_override_hides_the_default_dir(home: Path, proj: Path, tmp_path: Path) -> None:
    _mark(home / ".claude", "claude")
    m = find_install_marker(proj, env_for(home, CLAUDE_CONFIG_DIR=str(tmp_path / "none")))
    assert m == NO_MARKER


def test_blank_override_does_not_count(home: Path, proj: Path) -> None:
    path = _mark(home / ".codex", "codex")
    m = find_install_marker(proj, env_for(home, CODEX_HOME="   "))
    assert m.path == str(path)


def test_copilot_second_variable_when_first_blank(home: Path, proj: Path, tmp_path: Path) -> None:
    path = _mark(tmp_path / "cp", "copilot")
    m = find_install_marker(proj, env_for(home, COPILOT_CONFIG_DIR="", COPILOT_HOME=str(
        tmp_path / "cp")))
    assert m.path == str(path)


def test_tilde_expands_to_home(home: Path, proj: Path) -> None:
    path = _mark(home / "work-claude", "claude")
    m = find_install_marker(proj, env_for(home, CLAUDE_CONFIG_DIR="~/work-claude"))
    assert m.path == str(path)


def test_xdg_chain(home: Path, proj: Path, tmp_path: Path) -> None:
    # OPENCODE_CONFIG names a *file*: its folder is the install dir.
    path = _mark(tmp_path / "oc", "opencode")
    m = find_install_marker(proj, env_for(home, OPENCODE_CONFIG=str(tmp_path / "oc" / "x.json")))
    assert m.path == str(path)
    # XDG_CONFIG_HOME/<name>
    path = _mark(tmp_path / "xdg" / "kilo", "kilo")
    m = find_install_marker(proj, env_for(home, XDG_CONFIG_HOME=str(tmp_path / "xdg")))
    assert (m.runtime, m.path) == ("kilo", str(path))


# ── project-local installs ──────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("runtime", "rel"),
    [("claude", ".claude"), ("codex", ".codex"), ("copilot", ".github"),
     ("antigravity", ".agents"), ("cline", "."), ("opencode", ".opencode"), ("kilo", ".kilo"),
     ("windsurf", ".windsurf"), ("pi", ".pi"), ("qwen", ".qwen")],
)
def test_project_local_locations(home: Path, proj: Path, runtime: str, rel: str) -> None:
    path = _mark(proj / rel, runtime)
    m = find_install_marker(proj, env_for(home))
    assert (m.runtime, m.scope) == (runtime, "project")
    assert Path(m.path or "") == path


def test_project_local_wins_over_global(home: Path, proj: Path) -> None:
    _mark(home / ".codex", "codex")
    _mark(home / ".claude", "claude")
    local = _mark(proj / ".claude", "claude")
    m = find_install_marker(proj, env_for(home))
    assert (m.runtime, m.path, m.scope) == ("claude", str(local), "project")
    assert m.warnings == ()
    assert "over 2 global install markers" in m.reason
    assert len(m.found) == 3


def test_no_root_means_global_only(home: Path, proj: Path) -> None:
    _mark(proj / ".codex", "codex")
    assert find_install_marker(None, env_for(home)) == NO_MARKER


def test_home_is_the_project(home: Path) -> None:
    path = _mark(home / ".codex", "codex")
    m = find_install_marker(home, env_for(home))
    assert (m.path, m.scope) == (str(path), "project")
    assert len(m.found) == 1


# ── MSD_INSTALL_DIR ─────────────────────────────────────────────────────────────────────


def test_explicit_install_dir_wins(home: Path, proj: Path, tmp_path: Path) -> None:
    _mark(proj / ".claude", "claude")
    path = _mark(tmp_path / "inst", "codex")
    m = find_install_marker(proj, env_for(home, MSD_INSTALL_DIR=str(tmp_path / "inst" /
                                                                    "msd-core")))
    assert (m.runtime, m.path, m.scope) == ("codex", str(path), "explicit")
    # the config dir holding msd-core works too
    m = find_install_marker(proj, env_for(home, MSD_INSTALL_DIR=str(tmp_path / "inst")))
    assert (m.runtime, m.path) == ("codex", str(path))


def test_explicit_install_dir_without_marker(home: Path, proj: Path, tmp_path: Path) -> None:
    _mark(home / ".codex", "codex")
    (tmp_path / "inst").mkdir()
    m = find_install_marker(proj, env_for(home, MSD_INSTALL_DIR=str(tmp_path / "inst")))
    assert m.value is None
    assert len(m.warnings) == 1
    assert INSTALL_DIR_ENV in m.warnings[0]
    assert m.found == ()  # nothing else is searched


def test_blank_explicit_install_dir_is_ignored(home: Path, proj: Path) -> None:
    path = _mark(home / ".codex", "codex")
    assert find_install_marker(proj, env_for(home, MSD_INSTALL_DIR=" ")).path == str(path)


# ── marker content ──────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("text", ["", "\n", "  \t\n", "\ufeff\u00a0\n"])
def test_empty_marker_is_skipped(home: Path, proj: Path, text: str) -> None:
    empty = _mark(home / ".claude", text)
    codex = _mark(home / ".codex", "codex")
    m = find_install_marker(proj, env_for(home))
    assert (m.runtime, m.path) == ("codex", str(codex))
    assert [(f.path, f.status) for f in m.found] == [(str(empty), "empty"), (str(codex), "ok")]


def test_only_empty_markers(home: Path, proj: Path) -> None:
    _mark(home / ".claude", " ")
    m = find_install_marker(proj, env_for(home))
    assert (m.value, m.warnings) == (None, ())
    assert "empty" in m.reason


def test_marker_is_trimmed_not_canonicalized(home: Path, proj: Path) -> None:
    _mark(home / ".codex", "  Codex_CLI \r\n")
    m = find_install_marker(proj, env_for(home))
    assert (m.value, m.runtime) == ("Codex_CLI", "codex")


def test_invalid_utf8_is_replaced(home: Path, proj: Path) -> None:
    _mark(home / ".codex", b"co\xffdex\n")
    m = find_install_marker(proj, env_for(home))
    assert m.value == "co\ufffddex"


def test_directory_and_dangling_link_are_unreadable(home: Path, proj: Path) -> None:
    (home / ".claude" / MARKER).mkdir(parents=True)
    link = home / ".codex" / MARKER
    link.parent.mkdir(parents=True)
    link.symlink_to(home / "missing")
    m = find_install_marker(proj, env_for(home))
    assert m.value is None
    assert [f.status for f in m.found] == ["unreadable", "unreadable"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_is_not_opened(home: Path, proj: Path) -> None:
    path = home / ".claude" / MARKER
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    m = find_install_marker(proj, env_for(home))  # would block forever if opened
    assert [f.status for f in m.found] == ["unreadable"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="permissions do not stop root")
def test_unreadable_file_is_skipped(home: Path, proj: Path) -> None:
    locked = _mark(home / ".claude", "claude")
    locked.chmod(0)
    try:
        codex = _mark(home / ".codex", "codex")
        m = find_install_marker(proj, env_for(home))
        assert (m.runtime, m.path) == ("codex", str(codex))
        assert m.found[0].status == "unreadable"
    finally:
        locked.chmod(0o644)


# ── several markers ─────────────────────────────────────────────────────────────────────


def test_conflicting_global_markers_decide_nothing(home: Path, proj: Path) -> None:
    claude = _mark(home / ".claude", "claude")
    codex = _mark(home / ".codex", "codex")
    m = find_install_marker(proj, env_for(home))
    assert (m.value, m.runtime, m.path) == (None, None, None)
    assert len(m.warnings) == 1
    assert str(claude) in m.warnings[0]
    assert str(codex) in m.warnings[0]
    assert "MSD_RUNTIME" in m.warnings[0]


def test_agreeing_markers_decide(home: Path, proj: Path) -> None:
    first = _mark(home / ".claude", "Claude-Code")
    _mark(home / ".cursor", "claude")
    m = find_install_marker(proj, env_for(home))
    assert (m.value, m.runtime, m.path, m.warnings) == ("Claude-Code", "claude", str(first), ())


def test_conflicting_local_markers_do_not_fall_back_to_global(home: Path, proj: Path) -> None:
    _mark(home / ".codex", "codex")
    _mark(proj / ".claude", "claude")
    _mark(proj / ".opencode", "opencode")
    m = find_install_marker(proj, env_for(home))
    assert m.value is None
    assert "project-local" in m.warnings[0]


# ── through the resolver ────────────────────────────────────────────────────────────────


def _loaded(proj: Path, env: dict[str, str], **kw: Any) -> ResolutionInput:
    from msd_desktop.core.config.store import load_config

    return input_from_loaded(load_config(proj, env), env, **kw)


def _global_omit(home: Path) -> None:
    (home / ".msd").mkdir(exist_ok=True)
    (home / ".msd" / "defaults.json").write_text(json.dumps({"resolve_model_ids": "omit"}),
                                                 encoding="utf-8")


def _omit_step(result: Any) -> Any:
    return next(s for s in result.trace if s.layer == "resolve_model_ids_omit")


@pytest.mark.parametrize(
    ("marker", "runtime", "model"),
    [("codex", "codex", ""), (" Codex_CLI\n", "codex", ""), ("CLAUDE-CODE", "claude", "opus"),
     ("claude_cli", "claude", "opus"), ("My Runtime", "my-runtime", ""),
     ("open code", "opencode", "")],
)
def test_marker_runtime_through_the_omit_gate(
    home: Path, proj: Path, marker: str, runtime: str, model: str
) -> None:
    _global_omit(home)
    path = _mark(home / ".codex", marker)
    inp = _loaded(proj, env_for(home))
    assert inp.install_runtime == marker.strip()
    assert inp.install_marker is not None
    assert inp.install_marker.path == str(path)
    assert active_runtime_source(inp) == (runtime, "install marker", str(path))
    r = resolve_model(inp, "msd-planner")
    assert r.model == model
    step = _omit_step(r)
    assert step.source == str(path)
    assert str(path) in step.reason


def test_no_marker_is_claude(home: Path, proj: Path) -> None:
    _global_omit(home)
    inp = _loaded(proj, env_for(home))
    assert inp.install_marker == NO_MARKER
    r = resolve_model(inp, "msd-planner")
    assert (r.model, r.warnings) == ("opus", [])
    assert "from default; no install marker found" in _omit_step(r).reason


def test_env_runtime_outranks_the_marker(home: Path, proj: Path) -> None:
    _global_omit(home)
    _mark(home / ".codex", "codex")
    inp = _loaded(proj, env_for(home, MSD_RUNTIME="claude"))
    assert active_runtime_source(inp) == ("claude", "MSD_RUNTIME", None)
    r = resolve_model(inp, "msd-planner")
    assert r.model == "opus"
    assert _omit_step(r).source is None


def test_config_runtime_outranks_the_marker() -> None:
    inp = ResolutionInput(config={"runtime": "claude", "resolve_model_ids": "omit"},
                          install_runtime="codex")
    assert active_runtime_source(inp) == ("claude", "config.runtime", None)
    assert resolve_model(inp, "msd-planner").model == "opus"


def test_conflict_warning_only_when_the_rung_is_reached(home: Path, proj: Path) -> None:
    _global_omit(home)
    _mark(home / ".claude", "claude")
    _mark(home / ".codex", "codex")
    r = resolve_model(_loaded(proj, env_for(home)), "msd-planner")
    assert r.model == "opus"
    assert len(r.warnings) == 1
    assert "different runtimes" in r.warnings[0]
    r = resolve_model(_loaded(proj, env_for(home, MSD_RUNTIME="codex")), "msd-planner")
    assert (r.model, r.warnings) == ("", [])


def test_caller_supplied_runtime_skips_the_lookup(home: Path, proj: Path) -> None:
    _mark(home / ".codex", "codex")
    inp = _loaded(proj, env_for(home), install_runtime="claude")
    assert (inp.install_runtime, inp.install_marker) == ("claude", None)
    assert active_runtime(inp) == "claude"
    inp = _loaded(proj, env_for(home), locate_install=False)
    assert (inp.install_runtime, inp.install_marker) == (None, None)


def test_project_local_marker_through_the_resolver(home: Path, proj: Path) -> None:
    _global_omit(home)
    _mark(home / ".codex", "codex")
    local = _mark(proj / ".claude", "claude")
    inp = _loaded(proj, env_for(home))
    assert active_runtime_source(inp) == ("claude", "install marker", str(local))
    assert resolve_model(inp, "msd-planner").model == "opus"
