"""``msd state`` and ``msd statusline``: the State panel's answers on the command line.

``state`` prints the combined project state (STATE.md frontmatter and sections, derived
progress, roadmap phases, consistency problems, both status-line renderings) as JSON, so a
script or a test sees exactly what the window shows. A broken STATE.md is not a command
failure: the parse error is in ``error``/``problems`` and the exit code is 0. An invalid
``MSD_PROJECT`` or ``MSD_WORKSTREAM`` name is (exit 1, like the other verbs).

``statusline`` prints the MSD-state segment exactly as the runtime's status-line hook would
for ``--cwd`` (the hook walks up from the session directory, so this does too). The format is
``--format``, else ``statusline.state_format`` from the nearest ``.planning/config.json``,
else ``full``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msd_desktop.cli import PlainText

if TYPE_CHECKING:
    import argparse

    from msd_desktop.cli import CliContext


def state(args: argparse.Namespace, ctx: CliContext) -> dict[str, Any]:
    """The JSON view of :func:`msd_desktop.core.state.project.load_project_state`.

    A bad ``MSD_PROJECT`` / ``MSD_WORKSTREAM`` (spec §1) is a command failure, as in every other
    verb: ``Error: MSD_PROJECT contains invalid path characters: <v>`` and exit 1, never the
    unscoped ``.planning/`` (reliability finding F4). The window keeps the tolerant reading
    (the error becomes a problem in the State panel).
    """
    from msd_desktop.core.state.project import load_project_state
    from msd_desktop.core.workspace.paths import planning_dir

    planning_dir(ctx.root, ctx.env)  # raises MsdError for a name with `/`, `\` or `..`
    result = load_project_state(ctx.root, ctx.env).to_dict()
    ordered = {key: result[key] for key in (
        "path", "frontmatter", "status", "normalized_status", "progress", "sections",
        "phases", "problems", "statusline", "error")}
    ordered.update({k: v for k, v in result.items() if k not in ordered})
    return ordered


def _config_format(start: Path, env: dict[str, str]) -> str:
    """Upstream ``readGsdConfig``: the first ``.planning/config.json`` walking up (≤10)."""
    from msd_desktop.core.common.jsonfile import read_json_file
    from msd_desktop.core.state.project import get_config_value

    home = Path(env.get("HOME") or Path.home())
    current = start
    for _ in range(10):
        candidate = current / ".planning" / "config.json"
        if candidate.exists():
            # the safe reader: a FIFO, a device or a huge file is "no usable config", not a hang
            file = read_json_file(candidate)
            cfg = file.data if file.ok else {}
            value = get_config_value(cfg, "statusline.state_format")
            return "compact" if value == "compact" else "full"
        parent = current.parent
        if parent == current or current == home:
            break
        current = parent
    return "full"


def statusline(args: argparse.Namespace, ctx: CliContext) -> PlainText:
    """One plain line: the rendered MSD-state segment (empty when there is nothing)."""
    from msd_desktop.core.common.terminal_text import strip_controls
    from msd_desktop.core.state.statusline import read_statusline_fields, render_state_segment

    fmt = getattr(args, "format", None) or _config_format(ctx.cwd, ctx.env)
    fields = read_statusline_fields(ctx.cwd, ctx.env) or {}
    clean = {key: _clean_field(value, strip_controls) for key, value in fields.items()}
    return PlainText(strip_controls(render_state_segment(clean, fmt)))


def _clean_field(value: Any, strip: Callable[[str], str]) -> Any:
    """A field from STATE.md without control or bidi characters (strings and string lists)."""
    if isinstance(value, str):
        return strip(value)
    if isinstance(value, list):
        return [strip(v) if isinstance(v, str) else v for v in value]
    return value
