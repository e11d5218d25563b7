"""Temporary Models tab until ``ui/resolution_*.py`` (the resolution explorer) lands.

``main_window.build_project_tabs`` picks the real one up automatically once
``msd_desktop.ui.resolution_view`` provides ``create_tab(project)``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from msd_desktop.core.workspaces import ProjectRef


class ModelsPlaceholderPanel(QWidget):
    def __init__(self, project: ProjectRef, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        label = QLabel(
            f"<h3>Models</h3><p>The model resolution explorer for <b>{project.name}</b> is "
            "not available in this build yet.</p>"
        )
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        QVBoxLayout(self).addWidget(label)
