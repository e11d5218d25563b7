"""The next command from STATE.md fields, and terminal argv resolution (pure functions)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.state.next_command import LINUX_TERMINALS, next_command, terminal_argv
from msd_desktop.core.state.project import load_project_state


@pytest.mark.parametrize(("fields", "text"), [
    ({"next_action": "execute-phase", "next_phases": ["4.5"]}, "/msd-execute-phase 4.5"),
    ({"next_action": "plan-phase", "next_phases": ["5", "6"]}, "/msd-plan-phase 5"),
    ({"next_action": "discuss-phase", "next_phases": None}, "/msd-discuss-phase"),
    ({"next_action": "verify-phase", "next_phases": ["3"]}, "/msd-verify-work 3"),
    ({"next_action": "/gsd-execute-phase", "next_phases": [4.0]}, "/msd-execute-phase 4"),
    ({"next_action": "msd-complete-milestone"}, "/msd-complete-milestone"),
    ({"next_action": "execute-phase", "next_phases": "[7, '8']"}, "/msd-execute-phase 7"),
])
def test_command_text(fields: dict[str, object], text: str) -> None:
    cmd = next_command(fields)
    assert cmd is not None
    assert cmd.text == text


def test_alternatives_and_none() -> None:
    cmd = next_command({"next_action": "plan-phase", "next_phases": ["5", "6", "5"]})
    assert cmd is not None
    assert cmd.alternatives == ("/msd-plan-phase 6",)
    assert next_command({}) is None
    assert next_command({"next_action": "null"}) is None
    assert next_command({"next_action": "rm -rf /"}) is None  # never a shell line
    paused = next_command({}, normalized_status="paused")
    assert paused is not None
    assert paused.text == "/msd-resume-work"
    assert paused.derived


@given(st.text(max_size=40), st.lists(st.text(max_size=10), max_size=4))
def test_command_is_always_a_single_safe_line(action: str, phases: list[str]) -> None:
    cmd = next_command({"next_action": action, "next_phases": phases})
    if cmd is not None:
        assert cmd.text.startswith("/msd-")
        assert "\n" not in cmd.text
        assert ";" not in cmd.action
        for line in (cmd.text, *cmd.alternatives):
            assert len(line.split()) <= 2  # "/msd-<action>" and at most one phase token
            assert line.isprintable()


@pytest.mark.parametrize("bad", ["0\n0", "4 5", "4;rm", "$(x)", "", "  ", "`id`"])
def test_unsafe_phase_is_dropped(bad: str) -> None:
    cmd = next_command({"next_action": "execute-phase", "next_phases": [bad, "7"]})
    assert cmd is not None
    assert cmd.text == "/msd-execute-phase 7"
    assert cmd.alternatives == ()


def test_from_a_real_state_file(tmp_path: Path) -> None:
    planning = tmp_path / ".planning"
    planning.mkdir()
    (planning / "STATE.md").write_text(
        "---\nstatus: planning\nnext_action: execute-phase\nnext_phases: [\"4.5\"]\n---\n\n"
        "# Project State\n", encoding="utf-8")
    state = load_project_state(tmp_path, {"HOME": str(tmp_path)})
    cmd = next_command(state.statusline_fields)
    assert cmd is not None
    assert cmd.text == "/msd-execute-phase 4.5"


def fake_which(*present: str):  # type: ignore[no-untyped-def]
    return lambda name: f"/usr/bin/{name}" if name in present else None


def test_linux_default_order() -> None:
    d = "/home/u/p"
    assert terminal_argv(d, platform="linux", which=fake_which(*LINUX_TERMINALS)) == [
        "x-terminal-emulator"]
    assert terminal_argv(d, platform="linux", which=fake_which("konsole", "xterm")) == [
        "konsole", "--workdir", d]
    assert terminal_argv(d, platform="linux", which=fake_which("gnome-terminal")) == [
        "gnome-terminal", f"--working-directory={d}"]
    assert terminal_argv(d, platform="linux", which=fake_which("xterm")) == ["xterm"]
    with pytest.raises(MsdError, match="No terminal program found"):
        terminal_argv(d, platform="linux", which=fake_which())


def test_configured_terminal_wins() -> None:
    d = "/w/my project"
    assert terminal_argv(d, platform="linux", configured="kitty", which=fake_which("xterm")) == [
        "kitty", "--directory", d]
    assert terminal_argv(d, platform="linux",
                         configured="foot -e bash -c 'cd \"$1\" && exec bash' bash {cwd}") == [
        "foot", "-e", "bash", "-c", 'cd "$1" && exec bash', "bash", d]
    assert terminal_argv(d, platform="linux", configured="myterm --x") == ["myterm", "--x"]
    assert terminal_argv(d, platform="linux", env={"TERMINAL": "alacritty"},
                         which=fake_which("alacritty", "xterm")) == [
        "alacritty", "--working-directory", d]


def test_macos_and_windows() -> None:
    assert terminal_argv("/p", platform="darwin") == ["open", "-a", "Terminal", "/p"]
    assert terminal_argv("/p", platform="darwin", configured="iTerm") == [
        "open", "-a", "iTerm", "/p"]
    assert terminal_argv(r"C:\p", platform="win32", which=fake_which("wt")) == ["wt", "-d", r"C:\p"]
    assert terminal_argv(r"C:\p", platform="win32") == ["cmd.exe", "/K"]  # started in C:\p


HOSTILE_FOLDER = "t$(touch x)x"


@pytest.mark.parametrize("template", [
    "foot -e bash -c 'cd {cwd}; bash'",  # glued into a shell command string
    "sh -c 'cd {cwd}'",
    "sh -c {cwd}",  # the whole command string
    "bash -lc {cwd}",
    "env TERM=xterm sh -c {cwd}",
    "xterm -e {cwd}",  # the program a terminal runs
    "cmd.exe /K cd /d {cwd}",  # cmd joins the rest into one command line
    "pwsh -NoExit -Command Set-Location {cwd}",
    "myterm --title=in-{cwd}",
])
def test_a_template_that_would_read_the_folder_as_shell_text_is_refused(template: str) -> None:
    with pytest.raises(MsdError) as info:
        terminal_argv(f"/w/{HOSTILE_FOLDER}", platform="linux", configured=template)
    message = str(info.value)
    assert message.startswith(f"The terminal command {template!r} ")
    assert "sh -c 'cd \"$1\" && exec sh' sh {cwd}" in message  # the safe way, named


@pytest.mark.parametrize(("template", "expected"), [
    ("gnome-terminal --working-directory={cwd}", ["gnome-terminal", "--working-directory=F"]),
    ("konsole --workdir {cwd}", ["konsole", "--workdir", "F"]),
    ("kitty -d{cwd}", ["kitty", "-dF"]),
    ("foot -e sh -c 'cd \"$1\" && exec sh' sh {cwd}",
     ["foot", "-e", "sh", "-c", 'cd "$1" && exec sh', "sh", "F"]),
])
def test_cwd_is_one_whole_argument(template: str, expected: list[str]) -> None:
    """The folder lands in exactly one argument (``F`` in ``expected``), quotes and all."""
    folder = f"/w/{HOSTILE_FOLDER} with 'quotes' and \"more\""
    argv = terminal_argv(folder, platform="linux", configured=template)
    assert argv == [part[:-1] + folder if part.endswith("F") else part for part in expected]


def test_a_folder_named_like_a_command_never_runs_it(tmp_path: Path) -> None:
    """Really run what a terminal template gives, in a folder named ``t$(touch x)x``: the
    name reaches the program as one argument and nothing is run. (Before, ``sh -c 'cd {cwd}'``
    was accepted and its argv created ``x``.)"""
    import subprocess

    folder = tmp_path / HOSTILE_FOLDER
    folder.mkdir()
    with pytest.raises(MsdError):
        terminal_argv(folder, platform="linux", configured="sh -c 'cd {cwd} && pwd'")
    argv = terminal_argv(folder, platform="linux",
                         configured="sh -c 'cd \"$1\" && pwd' sh {cwd}")
    proc = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=30,
                          check=False)
    assert (proc.returncode, proc.stdout) == (0, f"{folder}\n"), proc.stderr
    assert sorted(p.name for p in tmp_path.rglob("x")) == []  # touch never ran


# ---- the next command of a whole project (upstream's next-step routing) -------------------


def _copy(name: str, tmp_path: Path) -> Path:
    """A writable copy of one bundled demo project."""
    import shutil

    from msd_desktop.core.workspace.demo import demo_source

    root = tmp_path / name
    shutil.copytree(demo_source() / name, root)
    return root


def test_no_state_md_suggests_setting_the_project_up(tmp_path: Path) -> None:
    from msd_desktop.core.state.next_command import next_for_state

    root = tmp_path / "fresh"
    (root / ".planning").mkdir(parents=True)
    cmd = next_for_state(load_project_state(root, {}))
    assert cmd is not None
    assert (cmd.text, cmd.derived, cmd.reason) == ("/msd-new-project", True, "no-state")


def test_executing_with_plans_left_goes_on_executing(tmp_path: Path) -> None:
    from msd_desktop.core.state.next_command import next_for_state

    root = _copy("checklist-printer", tmp_path)  # phase 2: 02-02 has no summary yet
    cmd = next_for_state(load_project_state(root, {}))
    assert cmd is not None
    assert (cmd.text, cmd.derived, cmd.reason) == ("/msd-execute-phase 2", True, "executing")
    # the last summary written: every plan of the phase is done, so it is verified next
    phase = root / ".planning" / "phases" / "02-printable-output"
    (phase / "02-02-SUMMARY.md").write_text("# Summary\n", encoding="utf-8")
    cmd = next_for_state(load_project_state(root, {}))
    assert cmd is not None
    assert (cmd.text, cmd.reason) == ("/msd-verify-work 2", "plans-done")


def test_state_md_own_next_step_wins(tmp_path: Path) -> None:
    from msd_desktop.core.state.next_command import next_for_state

    root = _copy("checklist-printer", tmp_path)
    state = root / ".planning" / "STATE.md"
    text = state.read_text(encoding="utf-8")
    state.write_text(text.replace("status: executing\n",
                                  "status: executing\nnext_action: plan-phase\n"
                                  "next_phases: ['3']\n", 1), encoding="utf-8")
    cmd = next_for_state(load_project_state(root, {}))
    assert cmd is not None
    assert (cmd.text, cmd.derived) == ("/msd-plan-phase 3", False)


def test_executing_without_a_known_phase_suggests_nothing(tmp_path: Path) -> None:
    from msd_desktop.core.state.next_command import next_for_state

    root = tmp_path / "p"
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "STATE.md").write_text("---\nstatus: executing\n---\n\n# State\n",
                                                 encoding="utf-8")
    assert next_for_state(load_project_state(root, {})) is None
