"""The exact command to run next, and how to open a terminal in a project.

Why: STATE.md records *what* should happen next (``next_action: execute-phase``,
``next_phases: ["4.5"]``, spec §7.1) but a person needs the line to type — ``/msd-execute-phase
4.5`` — and a terminal in the right folder to type it in. Both are pure functions so the window,
the tray and tests agree without starting anything.

Command rules:

* ``next_action`` is a command name with or without ``/``, ``msd-`` or ``gsd-`` (``gsd-*`` is
  accepted everywhere and mapped to ``msd-*``). ``verify-phase`` — the statusline's name for
  the verification step — is the ``/msd-verify-work`` command; every other name is used as is.
* The phase is the first valid id of ``next_phases`` (the hook's list: strings like ``"4.5"``;
  numbers from a YAML frontmatter are shown in their shortest form). A valid id is letters,
  digits, ``.``, ``_`` and ``-``; anything else (spaces, newlines, shell text) is dropped so
  the line stays one safe token. The other phases are offered as alternatives (the commands
  take one phase each).
* With no ``next_action``: a paused project's next command is ``/msd-resume-work``, marked as
  derived; otherwise there is none.
* From a whole project (:func:`next_for_state`), also derived, the way upstream's next-step
  routing (``workflows/next.md``) decides: no ``STATE.md`` → ``/msd-new-project`` (what sets a
  project up); an executing project whose current phase still has plans without a summary →
  ``/msd-execute-phase <phase>`` (route 4); one whose plans all have their summaries →
  ``/msd-verify-work <phase>`` (route 5).

Terminal rules (:func:`terminal_argv`): a configured program wins (the template is split
like a shell would, then ``{cwd}`` is replaced by the folder as one whole argument — never
inside a shell command string, see :func:`_check_template`; a known terminal gets its
working-directory flag; anything else is started in the folder), then ``$TERMINAL``, then the
platform default — Linux/BSD: ``x-terminal-emulator``, ``gnome-terminal``, ``konsole``,
``xfce4-terminal``, ``kitty``, ``alacritty``, ``xterm`` (the first found); macOS:
``open -a Terminal <dir>``; Windows: ``wt -d <dir>`` else ``cmd.exe /K``. The caller always
also starts the process *in* the folder (as an argv, no shell), so terminals without a flag
work.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.text import Text

if TYPE_CHECKING:
    from msd_desktop.core.state.project import ProjectState

__all__ = [
    "LINUX_TERMINALS",
    "NextCommand",
    "next_command",
    "next_for_state",
    "terminal_argv",
]

_ACTION_ALIASES = {"verify-phase": "verify-work"}
_ACTION_RE = lazy_re.compile(r"[a-z0-9][a-z0-9-]*")
# A phase id as the commands take it: "4", "4.5", "04-auth", "v2.1"; never spaces or shell text.
_PHASE_RE = lazy_re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")

LINUX_TERMINALS: tuple[str, ...] = (
    "x-terminal-emulator",
    "gnome-terminal",
    "konsole",
    "xfce4-terminal",
    "kitty",
    "alacritty",
    "xterm",
)
"""The platform default on Linux/BSD, in the order they are tried."""

# Known terminals → the arguments that open them in a folder.
_DIR_FLAGS: dict[str, Callable[[str], list[str]]] = {
    "gnome-terminal": lambda d: [f"--working-directory={d}"],
    "xfce4-terminal": lambda d: [f"--working-directory={d}"],
    "mate-terminal": lambda d: [f"--working-directory={d}"],
    "tilix": lambda d: [f"--working-directory={d}"],
    "konsole": lambda d: ["--workdir", d],
    "kitty": lambda d: ["--directory", d],
    "alacritty": lambda d: ["--working-directory", d],
    "foot": lambda d: [f"--working-directory={d}"],
    "wezterm": lambda d: ["start", "--cwd", d],
    "wt": lambda d: ["-d", d],
    "wt.exe": lambda d: ["-d", d],
}


@dataclass(frozen=True)
class NextCommand:
    """The command to run next: ``text`` is what to paste (``/msd-execute-phase 4.5``)."""

    text: str
    action: str
    phase: str | None
    alternatives: tuple[str, ...] = field(default=())
    derived: bool = False  # True when not from next_action but from the status
    reason: str = ""  # what a derived command follows from: paused, no-state, executing, plans-done

    def to_dict(self) -> dict[str, Any]:
        return {"command": self.text, "action": self.action, "phase": self.phase,
                "alternatives": list(self.alternatives), "derived": self.derived}


def _phase_text(value: Any) -> str | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    text = str(value).strip().strip("\"'").strip()
    return text if _PHASE_RE.fullmatch(text) else None


def _phases(value: Any) -> list[str]:
    if isinstance(value, str):
        items: Sequence[Any] = [p for p in value.strip().strip("[]").split(",")]
    elif isinstance(value, Sequence):
        items = value
    else:
        return []
    out: list[str] = []
    for item in items:
        text = _phase_text(item)
        if text is not None and text not in out:
            out.append(text)
    return out


def _action_name(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    name = value.strip().lstrip("/").strip()
    for prefix in ("msd-", "gsd-", "msd:", "gsd:"):
        if name.startswith(prefix):
            name = name[len(prefix):]
            break
    name = name.lower()
    if name in ("", "null", "none") or not _ACTION_RE.fullmatch(name):
        return None
    return _ACTION_ALIASES.get(name, name)


def next_command(
    fields: Mapping[str, Any], *, normalized_status: str | None = None
) -> NextCommand | None:
    """The next command from STATE.md fields (``next_action``, ``next_phases``), or ``None``.

    ``fields`` is the status line's field dict (``ProjectState.statusline_fields``) or the
    frontmatter; ``normalized_status`` (§7.3) lets a paused project suggest resuming.
    """
    action = _action_name(fields.get("next_action"))
    if action is None:
        status = normalized_status or fields.get("status")
        if isinstance(status, str) and status.strip().lower() == "paused":
            return NextCommand("/msd-resume-work", "resume-work", None, derived=True,
                               reason="paused")
        return None
    phases = _phases(fields.get("next_phases"))
    base = f"/msd-{action}"
    if not phases:
        return NextCommand(base, action, None)
    first, rest = phases[0], phases[1:]
    return NextCommand(f"{base} {first}", action, first,
                       alternatives=tuple(f"{base} {p}" for p in rest))


def next_for_state(state: ProjectState) -> NextCommand | None:
    """The next command for a loaded project: STATE.md's own, else one derived from where
    the project stands (see the module docstring), else ``None``."""
    if state.doc is None:
        return NextCommand("/msd-new-project", "new-project", None, derived=True,
                           reason="no-state")
    status = state.status.value
    named = next_command(state.statusline_fields, normalized_status=status)
    if named is not None or status != "executing":
        return named
    phase = _current_phase(state)
    if phase is None:
        return None
    from msd_desktop.core.state.roadmap import phase_key

    key = phase_key(phase)
    dirs = [d for d in state.phase_dirs or [] if d.key == key]
    if dirs and all(d.complete for d in dirs):
        return NextCommand(f"/msd-verify-work {phase}", "verify-work", phase, derived=True,
                           reason="plans-done")
    return NextCommand(f"/msd-execute-phase {phase}", "execute-phase", phase, derived=True,
                       reason="executing")


def _current_phase(state: ProjectState) -> str | None:
    """The phase in flight: ``active_phase``, else ``current_phase``, else the body's
    ``Phase: N of M`` line — as a safe phase id, or ``None``."""
    doc = state.doc
    fm = doc.fm if doc is not None else {}
    position = doc.current_position if doc is not None else {}
    for value in (fm.get("active_phase"), fm.get("current_phase"),
                  position.get("phase_number")):
        text = _phase_text(value)
        if text is not None:
            return text
    return None


# --------------------------------------------------------------------------- terminals


def _program_name(program: str) -> str:
    return Path(program).name.lower()


def _with_dir(argv: list[str], directory: str) -> list[str]:
    flags = _DIR_FLAGS.get(_program_name(argv[0]))
    return [*argv, *flags(directory)] if flags else argv


_CWD = "{cwd}"
# ``--working-directory={cwd}``, ``-d{cwd}``: an option whose value is the whole folder
_OPTION_VALUE_RE = lazy_re.compile(r"-{1,2}[A-Za-z0-9][A-Za-z0-9_.-]*=?\{cwd\}")
# programs that run their command-string argument through a shell
_SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "fish", "csh",
                     "tcsh", "rc", "es", "nu", "xonsh", "elvish", "pwsh", "powershell", "cmd"})
# a terminal's "run this" option: what follows is a program or a command line, not a folder
_RUN_OPTIONS = frozenset({"-e", "-x", "--command", "--execute", "--exec", "-c", "/c", "/k"})


def _program(part: str) -> str:
    name = _program_name(part)
    return name[:-4] if name.endswith(".exe") else name


def _shell_command_indexes(parts: list[str], shell_at: int) -> range:
    """The indexes of the arguments a shell at ``shell_at`` runs as shell text: the first
    operand after a ``-c`` (alone or in a cluster like ``-lc``); everything after ``cmd /c``,
    ``/k`` or PowerShell's ``-Command`` (they join the rest into one command line)."""
    shell = _program(parts[shell_at])
    command_flag = False
    for k in range(shell_at + 1, len(parts)):
        part = parts[k]
        low = part.lower()
        if shell == "cmd":
            if low in ("/c", "/k", "/r"):
                return range(k + 1, len(parts))
            continue
        if shell in ("pwsh", "powershell"):
            if low.lstrip("-/") in ("c", "command", "ec", "encodedcommand", "e"):
                return range(k + 1, len(parts))
            continue
        if part == "--":
            return range(k + 1, k + 2) if command_flag else range(0)
        if part.startswith("--"):
            command_flag = command_flag or part == "--command"
            continue
        if part.startswith(("-", "+")) and len(part) > 1:
            command_flag = command_flag or "c" in part[1:]
            continue
        return range(k, k + 1) if command_flag else range(0)
    return range(0)


def _check_template(parts: list[str], configured: str) -> None:
    """Refuse a terminal template that would let a folder name be read as shell text.

    ``{cwd}`` is substituted after the template is split, as one whole argument (or the value
    of ``--option={cwd}``); it may not be glued into a longer argument (``'cd {cwd}'``), be the
    command string a shell runs (``sh -c {cwd}``) or the program a terminal runs
    (``xterm -e {cwd}``). A shell that must change folder takes it as a positional parameter:
    ``foot -e sh -c 'cd "$1" && exec sh' sh {cwd}``.
    """
    commands = {idx for j, part in enumerate(parts) if _program(part) in _SHELLS
                for idx in _shell_command_indexes(parts, j)}
    for i, part in enumerate(parts):
        if _CWD not in part:
            continue
        if part != _CWD and not _OPTION_VALUE_RE.fullmatch(part):
            raise MsdError(Text.of(
                "The terminal command {configured!r} puts {placeholder} inside the argument "
                "{part!r}; it must be a whole argument (or --option={placeholder}), so that a "
                "folder name is never read as shell text. To change folder in a shell, pass it "
                "as a parameter: sh -c 'cd \"$1\" && exec sh' sh {placeholder}",
                configured=configured, placeholder=_CWD, part=part))
        if i in commands or (i > 0 and parts[i - 1].lower() in _RUN_OPTIONS):
            raise MsdError(Text.of(
                "The terminal command {configured!r} gives {placeholder} to be run as a "
                "command; a folder name is never run. To change folder in a shell, pass it as "
                "a parameter: sh -c 'cd \"$1\" && exec sh' sh {placeholder}",
                configured=configured, placeholder=_CWD))


def terminal_argv(
    directory: Path | str,
    *,
    platform: str,
    configured: str | None = None,
    env: Mapping[str, str] | None = None,
    which: Callable[[str], str | None] = lambda _name: None,
) -> list[str]:
    """The argv that opens a terminal in ``directory`` (start it with cwd = ``directory`` too).

    ``platform`` is ``sys.platform`` (``linux``, ``darwin``, ``win32``, ``freebsd…``);
    ``configured`` the user's terminal command line (may contain ``{cwd}``); ``which`` finds a
    program on PATH (``shutil.which`` in the app, a fake table in tests). Raises
    :class:`MsdError` when no terminal can be found, naming what was tried.
    """
    d = str(directory)
    environ = env or {}
    if configured and configured.strip():
        if platform == "darwin" and "{cwd}" not in configured and "/" not in configured:
            try:
                parts = shlex.split(configured)
            except ValueError as exc:
                raise MsdError(Text.of("Cannot parse the terminal command {configured!r}: {error}",
                                       configured=configured, error=exc)) from None
            if len(parts) == 1 and not which(parts[0]):
                return ["open", "-a", parts[0], d]  # an app name like "iTerm"
        try:
            parts = shlex.split(configured, posix=platform != "win32")
        except ValueError as exc:
            raise MsdError(Text.of("Cannot parse the terminal command {configured!r}: {error}",
                                   configured=configured, error=exc)) from None
        if any(_CWD in p for p in parts):
            _check_template(parts, configured)
            return [d if p == _CWD else p.replace(_CWD, d) for p in parts]
        return _with_dir(parts, d)
    terminal_env = environ.get("TERMINAL", "").strip()
    if terminal_env and platform not in ("darwin", "win32"):
        try:
            parts = shlex.split(terminal_env)
        except ValueError:
            parts = []
        if parts and which(parts[0]):
            return _with_dir(parts, d)
    if platform == "darwin":
        return ["open", "-a", "Terminal", d]
    if platform == "win32":
        if which("wt") or which("wt.exe"):
            return ["wt", "-d", d]
        return ["cmd.exe", "/K"]  # started in the folder: no path inside a command string
    for name in LINUX_TERMINALS:
        if which(name):
            return _with_dir([name], d)
    raise MsdError(Text.of(
        "No terminal program found (tried $TERMINAL, then {terminals}). Choose one in "
        "MSD Desktop's Edit → Preferences, or set the TERMINAL environment variable.",
        terminals=", ".join(LINUX_TERMINALS),
    ))
