"""Temporary Settings tab until ``ui/config_form*.py`` (the schema-generated editor) lands.

It only says where the real editor will be; ``main_window.build_project_tabs`` picks the real
one up automatically once ``msd_desktop.ui.config_form`` provides ``create_tab(project)``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from msd_desktop.core.workspaces import ProjectRef


class SettingsPlaceholderPanel(QWidget):
    def __init__(self, project: ProjectRef, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        label = QLabel(
            f"<h3>Settings</h3><p>The configuration editor for <b>{project.name}</b> "
            f"(<code>{project.root}/.planning/config.json</code>) is not available in this "
            "build yet.</p>"
        )
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        QVBoxLayout(self).addWidget(label)
