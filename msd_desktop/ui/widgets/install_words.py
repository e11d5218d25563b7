"""Stale installs said in the window's words, wherever a project's summary is shown.

Why here: the browser's tree, the overview and the tray all flag a project whose own install
bakes what config no longer resolves (the summary's ``stale_installs``: data, per runtime, the
count of stale agent files), with the same line and the command that refreshes it. The line is
made when it is shown, so it follows the window's language.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QObject

from msd_desktop.core.state.project_summary import ProjectSummary


class InstallWords(QObject):
    """The sentences (a QObject so the plurals are extracted as plurals, context
    ``InstallWords``); one shared instance, used on the GUI thread."""

    def stale_line(self, runtime: str, count: int) -> str:
        return self.tr("Stale %1 install: %n agent file(s) out of date — run msd install %1 "
                       "--local", "", count).replace("%1", runtime)

    def projects(self, count: int) -> str:
        return self.tr("%n project(s) with stale installs", "", count)


_WORDS: list[InstallWords] = []


def _words() -> InstallWords:
    if not _WORDS:
        _WORDS.append(InstallWords())
    return _WORDS[0]


def stale_install_lines(stale: Mapping[str, int]) -> list[str]:
    """One line per runtime whose project-local install is out of date."""
    return [_words().stale_line(runtime, count)
            for runtime, count in sorted(stale.items()) if count > 0]


def shown_badges(summary: ProjectSummary) -> list[str]:
    """Every reason for the warning badge: the summary's problems, then its stale installs."""
    badges = summary.badges()
    if summary.stale_installs:
        badges.extend(stale_install_lines(summary.stale_installs))
    return badges


def stale_projects_text(count: int) -> str:
    """The tray's and the overview's count of projects with stale installs."""
    return _words().projects(count)
