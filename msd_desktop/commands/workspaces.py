"""``msd root`` and ``msd workspaces list|add|remove|scan|exclude|include``.

Thin handlers over :mod:`msd_desktop.core.workspace.registry` and
:mod:`msd_desktop.core.workspace.discovery`, so
the terminal shows exactly the workspaces and projects the window shows. Relative ``PATH``
arguments are taken from ``--cwd``. ``add`` decides the kind by looking: a folder with
``.planning/`` is registered as one project (``folder``), anything else as a ``scan_root``
searched ``--depth`` levels deep (default 6). ``scan`` only reports; it registers nothing.
``exclude WORKSPACE PROJECT`` leaves one project out of a scan root (the window's "Exclude from
this workspace"); ``include WORKSPACE PROJECT`` lists it again (``PROJECT`` as ``list`` shows
it under ``exclude``, or its folder).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from msd_desktop.cli import PlainText
from msd_desktop.core.common.errors import MsdError

if TYPE_CHECKING:
    import argparse

    from msd_desktop.cli import CliContext
    from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry

_USAGE = {
    "add": "msd workspaces add PATH [--name NAME] [--depth N]",
    "remove": "msd workspaces remove PATH|NAME",
    "exclude": "msd workspaces exclude WORKSPACE PROJECT",
    "include": "msd workspaces include WORKSPACE PROJECT",
}


def root(args: argparse.Namespace, ctx: CliContext) -> PlainText:
    """The project root resolved from ``--cwd`` (spec §8), one plain line.

    A folder name is shown as errors show it: control characters (ESC, BEL, newline) and
    undecodable bytes as escapes, so a name from someone else's clone cannot drive the terminal
    or pass for two lines.
    """
    from msd_desktop.core.common.os_text import shown_path
    from msd_desktop.core.common.terminal_text import terminal_safe_line

    return PlainText(terminal_safe_line(shown_path(ctx.root)))


def _path_arg(args: argparse.Namespace, ctx: CliContext) -> Path:
    return (ctx.cwd / Path(args.path).expanduser()).absolute()


def _require_utf8_path(path: Path) -> None:
    """Refuse a folder whose name is not valid UTF-8: the registry is a JSON file, and such a
    name would be stored as lone surrogates that no reader accepts (the window included)."""
    from msd_desktop.core.common.os_text import is_utf8_text, shown_path

    if not is_utf8_text(str(path)):
        raise MsdError(f"{shown_path(path)}: the folder name is not valid UTF-8, and the "
                       "workspace registry holds UTF-8 names only; rename the folder to add it")


def _depth(args: argparse.Namespace) -> int | None:
    depth: int | None = args.depth
    if depth is not None and depth < 0:
        raise MsdError(f"Invalid --depth '{depth}'. Must be a non-negative integer.")
    return depth


def _workspace_json(registry: WorkspaceRegistry, ws: Workspace) -> dict[str, Any]:
    out = ws.to_json()
    out["projects"] = [ref.to_json() for ref in registry.projects(ws)]
    return out


def workspaces(args: argparse.Namespace, ctx: CliContext) -> Any:
    """Dispatch ``msd workspaces ACTION``; every action prints JSON."""
    from msd_desktop.core.workspace.registry import DEFAULT_SCAN_DEPTH, WorkspaceRegistry

    registry = WorkspaceRegistry(env=ctx.env)
    action: str = args.action
    depth = _depth(args)

    if action == "list":
        return [_workspace_json(registry, ws) for ws in registry.list()]

    if action == "scan":
        from msd_desktop.core.workspace.discovery import discover_projects

        scan_root = _path_arg(args, ctx) if args.path else ctx.cwd
        if not scan_root.is_dir():
            raise MsdError(f"Not a directory: {scan_root}")
        found = discover_projects(
            scan_root, max_depth=DEFAULT_SCAN_DEPTH if depth is None else depth
        )
        return [
            {
                "name": ref.name,
                "root": str(ref.root),
                "workstreams": ref.workstreams,
                "active_workstream": ref.active_workstream,
                "has_config": ref.has_config,
            }
            for ref in found
        ]

    if not args.path:
        raise MsdError(f"Usage: {_USAGE[action]}")

    if action in ("exclude", "include"):
        if not args.project:
            raise MsdError(f"Usage: {_USAGE[action]}")
        ws_found = registry.get(args.path)
        if ws_found is None:
            raise MsdError(f"No workspace named '{args.path}'")
        project: str | Path = args.project
        if action == "exclude" or args.project not in ws_found.exclude:
            project = (ctx.cwd / Path(args.project).expanduser()).absolute()
        if action == "exclude":
            ws = registry.exclude_project(ws_found.name, project)
        else:
            ws = registry.include_project(ws_found.name, project)
        return _workspace_json(registry, ws)

    if action == "add":
        path = _path_arg(args, ctx)
        _require_utf8_path(path)
        ws = registry.add(
            path,
            name=args.name,
            scan_depth=DEFAULT_SCAN_DEPTH if depth is None else depth,
        )
        return _workspace_json(registry, ws)

    # remove: a registered name wins over a path of the same spelling.
    target: str | Path = args.path
    if registry.get(args.path) is None:
        target = _path_arg(args, ctx)
    return registry.remove(target).to_json()
