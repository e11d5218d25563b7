"""``msd routing``: every agent under every runtime, the active runtime's rungs, stale installs.

An MSD Desktop addition (upstream has no such verb). The JSON is the Models tab's runtime grid
and stale banner (``core/models/routing_report``), so a script or CI sees what the window
shows. ``--check`` turns a stale install into exit 1 (the JSON is printed all the same, and
each stale install's refresh command goes to stderr), so a pipeline can fail on it.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from msd_desktop.core.common.terminal_text import escape_json_output
from msd_desktop.core.common.text import Text, plural

if TYPE_CHECKING:
    import argparse

    from msd_desktop.cli import CliContext


def routing(args: argparse.Namespace, ctx: CliContext) -> int:
    """``msd routing [--check]``."""
    from msd_desktop.cli import warn
    from msd_desktop.core.models.payload import dumps
    from msd_desktop.core.models.routing_report import routing_report

    report = routing_report(ctx.root, ctx.env)
    sys.stdout.write(escape_json_output(dumps(report.to_dict())) + "\n")
    if not getattr(args, "check", False) or not report.stale:
        return 0
    for drift in report.stale:
        n, install = drift.count("stale"), drift.install
        warn(plural(
            n,
            Text.of("{n} stale agent file in the {runtime} install at {directory}; refresh "
                    "with: {command}", n=n, runtime=install.runtime,
                    directory=install.directory, command=drift.command),
            Text.of("{n} stale agent files in the {runtime} install at {directory}; refresh "
                    "with: {command}", n=n, runtime=install.runtime,
                    directory=install.directory, command=drift.command),
        ), prefix="msd: ")
    return 1
