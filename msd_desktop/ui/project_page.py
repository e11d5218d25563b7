"""The right-hand page of one open project: its name and folder, why it could not be read (if
so), the next command to run, and its tabs.

Why a widget of its own: the window only joins areas; the page's header and banner are laid
out here. The next-command strip (its module reads no file, but names a terminal, a message
box and the core's next-command rules) is made the first time it is asked for — a project
opened, a menu entry used — never for the first paint, where the overview is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.project_tabs import ProjectTabs
from msd_desktop.ui.widgets.elided_label import ElidedLabel
from msd_desktop.ui.widgets.plain_text import plain_label, visible
from msd_desktop.ui.widgets.theme import banner_style

if TYPE_CHECKING:
    from msd_desktop.core.state.project_summary import ProjectSummary
    from msd_desktop.ui.companion.next_command_widget import NextCommandWidget


class ProjectPage(QWidget):
    """``name › workstream   /path/to/project``, the load banner, the next command, the tabs.

    ``on_next_command``: called with the strip when it is made (the window connects it)."""

    def __init__(self, tabs: ProjectTabs, settings: QSettings, env: dict[str, str],
                 on_next_command: Callable[[NextCommandWidget], Any]) -> None:
        super().__init__()
        self.tabs = tabs
        self._settings = settings
        self._env = env
        self._on_next_command = on_next_command
        self._next_command: NextCommandWidget | None = None
        # the name never shrinks, the path is elided in the middle when the window is narrow
        # (full path in its tooltip)
        self.header = QWidget()
        self.header.setObjectName("ProjectHeader")
        hl = QHBoxLayout(self.header)
        hl.setContentsMargins(0, 0, 0, 0)
        hl.setSpacing(12)
        self.title = plain_label(QLabel())  # folder names are plain text
        self.title.setObjectName("ProjectTitle")
        title_font = self.title.font()
        title_font.setPointSizeF(max(title_font.pointSizeF(), 1.0) * 1.4)
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.path = ElidedLabel(mode=Qt.TextElideMode.ElideMiddle, min_width=80)
        self.path.setObjectName("ProjectPath")
        self.path.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.path.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.path.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        hl.addWidget(self.title)
        hl.addWidget(self.path, 1)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._layout.addWidget(self.header)
        # why the open project could not be read (load failed or timed out), above its tabs
        self.load_banner = QFrame()
        self.load_banner.setObjectName("banner")
        self.load_banner.setStyleSheet(banner_style("error"))
        self.load_banner_label = plain_label(QLabel())
        self.load_banner_label.setObjectName("LoadProblem")
        self.load_banner_label.setWordWrap(True)
        self.load_banner_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse)
        QHBoxLayout(self.load_banner).addWidget(self.load_banner_label)
        self.load_banner.hide()
        self._layout.addWidget(self.load_banner)
        self._layout.addWidget(tabs, 1)

    @property
    def next_command(self) -> NextCommandWidget:
        """The exact next command for the open project, with Copy and a terminal (made on
        first use, between the banner and the tabs)."""
        strip = self._next_command
        if strip is None:
            from msd_desktop.ui.companion.next_command_widget import NextCommandWidget

            strip = self._next_command = NextCommandWidget(self._settings, self._env)
            self._layout.insertWidget(self._layout.indexOf(self.tabs), strip)
            self._on_next_command(strip)
        return strip

    def next_command_made(self) -> bool:
        """Whether the strip exists yet (asking :attr:`next_command` would make it)."""
        return self._next_command is not None

    def show_title(self, ref: ProjectRef, workstream: str | None) -> None:
        """The header: the project's name (and workstream) and its folder."""
        ws_text = (" › " + QCoreApplication.translate("MainWindow", "workstream %1").replace(
            "%1", visible(workstream, limit=200)) if workstream else "")
        self.title.setText(f"{visible(ref.name, limit=200)}{ws_text}")
        self.path.setText(visible(str(ref.root)))

    def show_load_problem(self, summary: ProjectSummary | None) -> None:
        """The banner over the tabs: why the project could not be read, if so."""
        if summary is None or not summary.load_error:
            self.load_banner.hide()
            return
        self.load_banner_label.setText(
            QCoreApplication.translate(
                "MainWindow", "This project could not be loaded — {0}. Its other tabs show what "
                "could be read; the rest of the window is unaffected.").format(
                    summary.load_error))
        self.load_banner.show()
