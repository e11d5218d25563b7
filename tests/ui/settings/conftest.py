"""Settings forms kept for a whole test module, as the window keeps its form from project to
project: a test gets a form showing its own fresh copy of the demo, refilled by
``ConfigFormPanel.show_project`` instead of building ~200 rows again (most of what a form
costs). ``tests/ui/settings/test_kept_form.py`` checks that a refilled form shows what a new
one would.

Not for a test that needs a new form: one that builds rows in a given order, or asks the form's
sessions what is unsaved (they keep the drafts of the module's earlier tests, as the window's
sessions keep every project's)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings.form import ConfigFormPanel


def shown_language() -> tuple[str, str]:
    """What the installed catalogues make of a word and of a plural: a form built under one
    language keeps its texts, so it is kept per language."""
    return (QCoreApplication.translate("ConfigFormPanel", "Save"),
            QCoreApplication.translate("SettingsCounts", "%n unsaved change(s)", "", 2))


class KeptForms:
    """One fully built form per language, shown again for each test's project."""

    def __init__(self) -> None:
        self._forms: dict[tuple[str, str], ConfigFormPanel] = {}

    def form(self, root: Path, env: Mapping[str, str],
             size: tuple[int, int] = (1024, 700)) -> ConfigFormPanel:
        """A form showing ``root`` (its workspace "demo") with every row built, at ``size``.

        A form still busy with the project it showed (a save under way) is not reused: a new
        one is built, as the window does."""
        project = ProjectRef(root=root, name=root.name, workspace="demo")
        language = shown_language()
        panel = self._forms.get(language)
        if panel is not None and not panel.can_show_project():
            panel.close()
            panel.deleteLater()
            panel = None
        if panel is None:
            panel = ConfigFormPanel(project, env=env)
            self._forms[language] = panel
        else:
            panel.env = dict(env)  # the test's own HOME (the window's env never changes)
            panel.show_project(project)
        panel.resize(*size)
        panel.show()
        panel.build_all_editors()
        QApplication.processEvents()
        return panel

    def close(self) -> None:
        for panel in self._forms.values():
            panel.close()
            panel.deleteLater()
        self._forms.clear()


@pytest.fixture(scope="module")
def kept_forms() -> Iterator[KeptForms]:
    """Forms kept for the module (closed after its last test)."""
    forms = KeptForms()
    yield forms
    forms.close()
