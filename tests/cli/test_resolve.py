"""``msd resolve-model`` / ``msd resolve-execution`` end to end: real files, the CLI in-process.

The differential smoke test runs upstream ``gsd-tools`` (its ``main()`` in the harness's node
driver, ``gsd_driver``) on a few configs and compares upstream's keys value for value; the
large randomized differential suite lives in ``tests/differential``. The install-marker tests
start ``msd`` as a process: the marker is found from the process's own environment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from msd_desktop.cli import main
from tests.cli import inprocess

if TYPE_CHECKING:
    from tests.differential.conftest import Upstream

REPO_ROOT = Path(__file__).resolve().parents[2]


def _project(tmp_path: Path, config: Any) -> Path:
    root = tmp_path / "proj"
    (root / ".planning").mkdir(parents=True)
    text = config if isinstance(config, str) else json.dumps(config)
    (root / ".planning" / "config.json").write_text(text, encoding="utf-8")
    return root


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 and out else out), err


def test_resolve_model_keys_in_upstream_order(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, {"runtime": "codex", "model_profile": "quality"})
    code, data, _ = _run(capsys, "resolve-model", "gsd-planner", "--cwd", str(root))
    assert code == 0
    assert list(data)[:4] == ["model", "profile", "effort", "tier"]
    assert {k: data[k] for k in ("model", "profile", "effort", "tier")} == {
        "model": "gpt-5.6-sol", "profile": "quality", "effort": "xhigh", "tier": "opus"}
    assert data["layer"] == "runtime_tier_default"
    assert data["profile_tier"] == "opus"
    assert data["tier_reasoning_effort"] == "xhigh"
    assert (data["config_source"], data["degraded"], data["reason"]) == ("root", False,
                                                                         "resolved")
    assert next(s["layer"] for s in data["trace"]) == "model_overrides"


def test_resolve_model_unknown_agent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, {"model_profile": "quality"})
    _, data, _ = _run(capsys, "resolve-model", "foo", "--cwd", str(root))
    assert list(data)[:5] == ["model", "profile", "effort", "tier", "unknown_agent"]
    assert (data["model"], data["tier"], data["unknown_agent"]) == ("opus", "unknown", True)


def test_agent_required(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, {})
    for verb in ("resolve-model", "resolve-execution"):
        code, _, err = _run(capsys, verb, "--cwd", str(root))
        assert code == 1
        assert err == "Error: agent-type required\n"


@pytest.mark.parametrize("value", ["-1", "1.5", "x", "2abc"])
def test_attempt_must_be_a_non_negative_integer(tmp_path: Path, value: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, {})
    code, _, err = _run(capsys, "resolve-execution", "gsd-planner", f"--attempt={value}",
                        "--cwd", str(root))
    assert (code, err) == (1, "Error: --attempt requires a non-negative integer\n")


@pytest.mark.parametrize("form", ["--attempt=-0", "--attempt -0", "--attempt=-00"])
def test_attempt_minus_zero_is_zero(tmp_path: Path, form: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """-0 is a non-negative integer (zero): the same answer as ``--attempt 0`` (D12 refuses
    only negatives and non-integers; upstream's parseInt gives -0 and accepts it too)."""
    root = _project(tmp_path, {"dynamic_routing": {"enabled": True}})
    zero = _run(capsys, "resolve-execution", "gsd-executor", "--attempt", "0", "--cwd", str(root))
    got = _run(capsys, "resolve-execution", "gsd-executor", *form.split(), "--cwd", str(root))
    assert got[0] == 0, got[2]
    assert got == zero


def test_failure_class_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, {})
    code, _, err = _run(capsys, "resolve-execution", "gsd-planner", "--failure-class", "x",
                        "--cwd", str(root))
    assert code == 1
    assert err == ("Error: --failure-class must be one of: quota-exceeded, "
                   "classify-handoff-bug, unknown-failure\n")


def test_resolve_execution_full(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, {"dynamic_routing": {
        "enabled": True, "tier_models": {"light": "L", "standard": "S", "heavy": "H"},
        "provider_escalation": ["backup"]}})
    code, data, _ = _run(capsys, "resolve-execution", "gsd-executor", "--attempt", "1",
                         "--host", "claude", "--failure-class", "quota-exceeded",
                         "--fast-mode", "true", "--cwd", str(root))
    assert code == 0
    assert list(data)[:17] == [
        "model", "profile", "effort", "effort_rendered", "effort_param", "effort_propagation",
        "effort_effective", "effort_effective_source", "fast_mode", "fast_mode_supported",
        "host", "effort_surface", "effort_argv", "effort_argv_string", "effort_argv_value",
        "escalation", "layer"]
    assert data["model"] == "backup"
    assert data["escalation"]["from"] == "S"
    assert data["layer"] == "provider_escalation"
    assert data["effort"] == "xhigh"
    assert data["effort_argv"] == ["--effort", "xhigh"]
    assert data["fast_mode"] is True
    assert {"trace", "effort_trace", "fast_mode_trace"} <= set(data)


def test_warnings_on_stderr_and_in_json(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, {"model_policy": {"provider": "bogus"},
                               "model_overrides": {"gsd-planner": "claude-x"}})
    _, data, err = _run(capsys, "resolve-model", "msd-planner", "--cwd", str(root))
    assert len(data["warnings"]) == 2
    assert err.splitlines() == [f"msd: warning — {w}" for w in data["warnings"]]
    assert data["warnings"][1].startswith('model_overrides value "claude-x" for msd-planner')


def test_unparseable_config_is_degraded(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, "{oops")
    code, data, _ = _run(capsys, "resolve-model", "gsd-planner", "--cwd", str(root))
    assert code == 0
    assert data["model"] == "opus"
    assert (data["degraded"], data["reason"]) == (True, "config_unparseable")


def test_lone_surrogate_config_is_degraded_not_a_crash(tmp_path: Path) -> None:
    # a lone surrogate is refused by the safe reader (named with its line), like any bad config
    root = _project(tmp_path, '{"model_overrides": {"gsd-planner": "\\ud800x"}}')
    proc = subprocess.run(
        [sys.executable, "-m", "msd_desktop.cli", "resolve-model", "gsd-planner"],
        cwd=root, capture_output=True, env=dict(os.environ), check=False,
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert (data["degraded"], data["reason"]) == (True, "config_unparseable")
    assert any("line 1" in d and "surrogate" in d for d in data["diagnostics"])
    assert b"Traceback" not in proc.stderr


def test_resolve_model_stays_light(tmp_path: Path) -> None:
    root = _project(tmp_path, {})
    script = (
        "import sys\n"
        "from msd_desktop.cli import main\n"
        "code = main(['resolve-model', 'gsd-planner'])\n"
        "heavy = [m for m in ('ruamel', 'ruamel.yaml', 'watchdog', 'keyring', 'platformdirs',"
        " 'PySide6') if m in sys.modules]\n"
        "sys.stderr.write(repr(heavy))\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True,
                          text=True, env=dict(os.environ), check=False)
    assert proc.returncode == 0
    assert proc.stderr.strip().endswith("[]"), proc.stderr


# ── differential smoke test against the real upstream ───────────────────────────────────


SMOKE_CASES: list[tuple[Any, list[str], dict[str, str]]] = [
    ({}, ["resolve-model", "gsd-planner"], {}),
    ({"model_profile": "budget", "models": {"research": "opus"}},
     ["resolve-model", "gsd-codebase-mapper"], {}),
    ({"runtime": "codex", "model_profile_overrides": {"codex": {"sonnet": {
        "reasoning_effort": "low"}}}}, ["resolve-model", "gsd-executor"], {}),
    ({"model_overrides": {"gsd-planner": "claude-opus-4-5"}}, ["resolve-model", "gsd-planner"],
     {}),
    ({"model_policy": {"provider": "anthropic", "budget": "low"}},
     ["resolve-model", "gsd-planner"], {}),
    ({"resolve_model_ids": "omit"}, ["resolve-model", "gsd-planner"], {"RUNTIME": "codex"}),
    ({"model_profile": "quality"}, ["resolve-model", "gsd-nope"], {}),
    ({"effort": {"default": "medium"}, "fast_mode": {"enabled": True}},
     ["resolve-execution", "gsd-planner", "--host", "codex"], {}),
    ({"dynamic_routing": {"enabled": True, "tier_models": {"heavy": "H", "standard": "S"},
                          "provider_escalation": ["p1", "p2"], "max_escalations": 2}},
     ["resolve-execution", "gsd-executor", "--attempt", "2", "--failure-class",
      "quota-exceeded"], {}),
    ({"runtime": ["codex"], "model_profile": ["Quality"], "effort": "low"},
     ["resolve-execution", "gsd-planner", "--effort", "max"], {}),
]


@pytest.mark.differential
@pytest.mark.parametrize(("config", "argv", "env"), SMOKE_CASES)
def test_matches_upstream(tmp_path: Path, config: Any, argv: list[str],
                          env: dict[str, str], gsd_driver: Upstream) -> None:
    root = _project(tmp_path, config)
    base = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path / "home")}
    (tmp_path / "home").mkdir()
    up_env = {**base, **{f"GSD_{k}": v for k, v in env.items()}}
    ours_env = {**base, **{f"MSD_{k}": v for k, v in env.items()}}
    (up,) = gsd_driver.batch([(argv, root, up_env)])
    ours = inprocess.run(argv, env=ours_env, cwd=root)
    assert (ours.returncode, up.code) == (0, 0), (up.stderr, ours.stderr)
    expected = json.loads(up.stdout)
    got = json.loads(ours.stdout)
    assert list(got)[: len(expected)] == list(expected)
    assert {k: got[k] for k in expected} == expected
    up_warnings = [line.split("warning — ", 1)[1] for line in up.stderr.splitlines()
                   if "warning — " in line]
    assert [w.replace("msd-", "gsd-") for w in got["warnings"]] == up_warnings


# ── the install marker (§5.6) through the real CLI ──────────────────────────────────────


def _marker_home(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """A HOME whose ``~/.msd/defaults.json`` sets ``resolve_model_ids: "omit"``, and an empty
    project (no ``.planning``), so the "omit" comes from global defaults only."""
    home, proj = tmp_path / "home", tmp_path / "proj"
    (home / ".msd").mkdir(parents=True)
    (home / ".msd" / "defaults.json").write_text('{"resolve_model_ids": "omit"}\n',
                                                 encoding="utf-8")
    proj.mkdir()
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(home), "PYTHONPATH": str(REPO_ROOT),
           "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    return home, proj, env


def _write_marker(install_dir: Path, runtime: str) -> Path:
    path = install_dir / "msd-core" / ".msd-runtime"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(runtime + "\n", encoding="utf-8")
    return path


def _cli(proj: Path, env: dict[str, str], *argv: str) -> tuple[dict[str, Any], str]:
    proc = subprocess.run([sys.executable, "-m", "msd_desktop.cli", *argv, "msd-planner"],
                          cwd=proj, env=env, capture_output=True, text=True, check=False,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), proc.stderr


def _omit(data: dict[str, Any]) -> dict[str, Any]:
    step: dict[str, Any] = next(
        s for s in data["trace"] if s["layer"] == "resolve_model_ids_omit"
    )
    return step


def test_cli_omit_gate_follows_the_global_marker(tmp_path: Path) -> None:
    home, proj, env = _marker_home(tmp_path)
    data, _ = _cli(proj, env, "resolve-model")
    assert (data["model"], data["layer"]) == ("opus", "tier_alias")
    assert "no install marker" in _omit(data)["reason"]

    marker = _write_marker(home / ".codex", "codex")
    data, err = _cli(proj, env, "resolve-model")
    assert (data["model"], data["layer"]) == ("", "resolve_model_ids_omit")
    assert _omit(data)["source"] == str(marker)
    assert str(marker) in _omit(data)["reason"]
    assert err == ""


def test_cli_project_local_marker_wins(tmp_path: Path) -> None:
    home, proj, env = _marker_home(tmp_path)
    _write_marker(home / ".codex", "codex")
    local = _write_marker(proj / ".claude", "Claude-Code")
    data, _ = _cli(proj, env, "resolve-model")
    assert data["model"] == "opus"
    assert _omit(data)["source"] == str(local)


def test_cli_env_override_and_explicit_install_dir(tmp_path: Path) -> None:
    home, proj, env = _marker_home(tmp_path)
    _write_marker(home / ".claude", "claude")
    moved = _write_marker(tmp_path / "codex-home", "codex")
    data, _ = _cli(proj, {**env, "CODEX_HOME": str(tmp_path / "codex-home"),
                          "CLAUDE_CONFIG_DIR": str(tmp_path / "nowhere")}, "resolve-model")
    assert (data["model"], _omit(data)["source"]) == ("", str(moved))
    data, _ = _cli(proj, {**env, "MSD_INSTALL_DIR": str(home / ".claude" / "msd-core")},
                   "resolve-model")
    assert data["model"] == "opus"


def test_cli_conflicting_markers_warn_and_keep_claude(tmp_path: Path) -> None:
    home, proj, env = _marker_home(tmp_path)
    _write_marker(home / ".claude", "claude")
    _write_marker(home / ".codex", "codex")
    data, err = _cli(proj, env, "resolve-model")
    assert data["model"] == "opus"
    assert len(data["warnings"]) == 1
    assert "msd: warning — global install markers name different runtimes" in err
    # MSD_RUNTIME settles it: no warning, and the gate applies
    data, err = _cli(proj, {**env, "MSD_RUNTIME": "codex"}, "resolve-model")
    assert (data["model"], data["warnings"], err) == ("", [], "")


def test_cli_resolve_execution_sees_the_marker(tmp_path: Path) -> None:
    home, proj, env = _marker_home(tmp_path)
    data, _ = _cli(proj, env, "resolve-execution")
    assert data["model"] == "opus"
    marker = _write_marker(home / ".config" / "opencode", "opencode")
    data, _ = _cli(proj, env, "resolve-execution")
    assert data["model"] == ""
    assert _omit(data)["source"] == str(marker)
