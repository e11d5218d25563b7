"""Editors whose value is a map of agents (or names) to values, shown as a table with Add and
Remove: ``model_overrides``, ``agent_skills`` and the per-agent effort and fast-mode maps.

Why a module: they share the table, its empty hint and the row ↔ value conversion
(``_RowsEditor``); ``agent_skills`` checks each path with the core's skill-path rule.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config.draft import (
    InvalidInput,
)
from msd_desktop.core.config.skill_paths import validate_skill_path
from msd_desktop.core.models.catalog import agents as catalog_agents
from msd_desktop.ui.widgets.editor_base import (
    FieldSpec,
    ValueEditor,
    display,
)
from msd_desktop.ui.widgets.empty_hint import EmptyHint

if TYPE_CHECKING:
    # Their Python types are created on first use: PySide builds a type when it is first
    # looked up, and only a table editor needs these.
    from PySide6.QtWidgets import QTableWidget, QTableWidgetItem


def _table(headers: list[str]) -> QTableWidget:
    from PySide6.QtWidgets import QTableWidget  # the table editors' types load on first use

    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    for col, text in enumerate(headers):  # a long title elides on a narrow form: whole here
        item = table.horizontalHeaderItem(col)
        if item is not None:
            item.setToolTip(text)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setVisible(False)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setTabKeyNavigation(False)  # in a long form Tab moves on; arrows move between cells
    table.setMinimumHeight(110)
    table.setMaximumHeight(180)
    return table


def _complete_agents(table: QTableWidget) -> None:
    """The first column names agents: its cell editor completes the catalog's names."""
    from msd_desktop.ui.widgets.agent_completion import AgentNameDelegate

    table.setItemDelegateForColumn(0, AgentNameDelegate(table))


def _table_item(text: str) -> QTableWidgetItem:
    from PySide6.QtWidgets import QTableWidgetItem

    return QTableWidgetItem(text)


class _RowsEditor(ValueEditor):
    """A table with Add / Remove; subclasses turn rows into the value. An empty table says
    what its rows would be and how to add one (a hint over the table)."""

    headers: ClassVar[list[str]] = []

    def header_labels(self) -> list[str]:
        """The column titles as shown (``headers`` are the English names, one per column)."""
        return list(self.headers)

    def empty_text(self) -> str:
        return QCoreApplication.translate("SettingsEditors", "No entries: Add creates one.")

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        box = QVBoxLayout()
        box.setContentsMargins(0, 0, 0, 0)
        self.table = _table(self.header_labels())
        self.table.setObjectName(f"table:{spec.key}")
        # two columns of names and model ids: room for them, not the whole of a wide window
        self.table.setMaximumWidth(self.table.fontMetrics().averageCharWidth() * 120)
        self.table.setAccessibleName(QCoreApplication.translate(
            "SettingsEditors", "{0} table").format(spec.key))
        self.empty_hint = EmptyHint(self.table, self.empty_text)
        self.table.itemChanged.connect(lambda _item: self._emit(self.current()))
        buttons = QHBoxLayout()
        self.add_button = QPushButton(QCoreApplication.translate("SettingsEditors", "Add"))
        self.add_button.setToolTip(QCoreApplication.translate("SettingsEditors", "Add a row"))
        self.remove_button = QPushButton(QCoreApplication.translate("SettingsEditors",
                                                                    "Remove"))
        self.remove_button.setToolTip(QCoreApplication.translate("SettingsEditors",
                                                                 "Remove the selected rows"))
        # clicked passes ``checked``: never let it pass for the new row's cells
        self.add_button.clicked.connect(lambda: self.add_row())
        self.remove_button.clicked.connect(self.remove_selected)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        box.addWidget(self.table)
        box.addLayout(buttons)
        self._layout.addLayout(box, 1)

    def add_row(self, cells: list[str] | None = None) -> None:
        self._updating, was = True, self._updating
        row = self.table.rowCount()
        self.table.insertRow(row)
        for col in range(len(self.headers)):
            text = cells[col] if cells and col < len(cells) else ""
            self.table.setItem(row, col, _table_item(text))
        self._updating = was
        if cells is None:
            self.table.setCurrentCell(row, 0)
            first = self.table.item(row, 0)
            if first is not None:
                self.table.editItem(first)

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        for row in rows:
            self.table.removeRow(row)
        self._emit(self.current())

    def rows(self) -> list[list[str]]:
        out = []
        for row in range(self.table.rowCount()):
            cells = []
            for col in range(self.table.columnCount()):
                item = self.table.item(row, col)
                cells.append(item.text().strip() if item else "")
            out.append(cells)
        return out

    def cells(self) -> list[list[str]]:
        """Every cell's text exactly as shown (what undo puts back)."""
        return [[item.text() if (item := self.table.item(row, col)) else ""
                 for col in range(self.table.columnCount())]
                for row in range(self.table.rowCount())]

    def _restore_shown(self, shown: str) -> None:
        self.table.setRowCount(0)
        for row in json.loads(shown):
            self.add_row([str(cell) for cell in row])

    def current(self) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError


class ModelOverridesEditor(_RowsEditor):
    """``model_overrides``: an agent → model table (highest precedence per agent)."""

    headers: ClassVar[list[str]] = ["Agent", "Model"]

    def header_labels(self) -> list[str]:
        return [QCoreApplication.translate("SettingsEditors", "Agent"),
                QCoreApplication.translate("SettingsEditors", "Model")]

    def empty_text(self) -> str:
        return QCoreApplication.translate(
            "SettingsEditors", "No per-agent model overrides: every agent uses its profile's "
            "model. Add sets one.")

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        _complete_agents(self.table)
        self.table.setToolTip(QCoreApplication.translate(
            "SettingsEditors", "Agent names: {0}. Model: an alias (opus, sonnet, haiku), a full "
            "model ID, or \"\" to omit.").format(", ".join(catalog_agents())))

    def current(self) -> Any:
        out: dict[str, Any] = {}
        for agent, model in self.rows():
            if agent:
                out[agent] = model
        return out or None

    def _show(self, value: Any) -> None:
        self.table.setRowCount(0)
        if isinstance(value, dict):
            for agent, model in value.items():
                self.add_row([str(agent), model if isinstance(model, str) else json.dumps(model)])


_NO_LINKS_ROOT = Path("/")


def check_skill_path(root: Path | None, raw: str) -> str | None:
    """Why a skill path is refused (``..``, absolute, a symlink out of the project), else None.

    The rule is the core's (:func:`msd_desktop.core.config.skill_paths.validate_skill_path`, which
    ``config-set`` uses too); the editor only trims what was typed. Without a project root only
    the textual rules apply (every path is inside the filesystem root, so no symlink escapes).
    """
    path = raw.strip()
    if not path:
        return QCoreApplication.translate("SettingsEditors", "A skill path is empty.")
    return validate_skill_path(Path(root) if root is not None else _NO_LINKS_ROOT, path)


class AgentSkillsEditor(_RowsEditor):
    """``agent_skills``: agent → skill paths (comma-separated), with the traversal check."""

    headers: ClassVar[list[str]] = [
        "Agent", "Skill paths (comma-separated, relative to the project)"
    ]

    def header_labels(self) -> list[str]:
        return [QCoreApplication.translate("SettingsEditors", "Agent"),
                QCoreApplication.translate(
                    "SettingsEditors", "Skill paths (comma-separated, relative to the project)")]

    def empty_text(self) -> str:
        return QCoreApplication.translate(
            "SettingsEditors", "No agent skills: agents load only their built-in skills. Add "
            "gives an agent skill paths.")

    def __init__(
        self, spec: FieldSpec, parent: QWidget | None = None, root: Path | None = None
    ) -> None:
        super().__init__(spec, parent)
        _complete_agents(self.table)
        self.root = root

    def current(self) -> Any:
        out: dict[str, Any] = {}
        for agent, paths in self.rows():
            if not agent:
                continue
            items = [p.strip() for p in paths.split(",") if p.strip()]
            for item in items:
                why = check_skill_path(self.root, item)
                if why:
                    return self._invalid(InvalidInput(why, item), self.cells())
            out[agent] = items
        return out

    def _show(self, value: Any) -> None:
        self.table.setRowCount(0)
        if isinstance(value, dict):
            for agent, paths in value.items():
                shown = ", ".join(paths) if isinstance(paths, list) else str(paths)
                self.add_row([str(agent), shown])


class AgentValuesEditor(ModelOverridesEditor):
    """``effort.agent_overrides`` / ``fast_mode.agent_overrides``: the model_overrides table with
    the family's values (JSON spelling: ``true``/``false`` become booleans)."""

    def __init__(self, spec: FieldSpec, value_label: str, choices: tuple[Any, ...],
                 parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.table.setHorizontalHeaderLabels(
            [QCoreApplication.translate("SettingsEditors", "Agent"), value_label])
        self.table.setToolTip(QCoreApplication.translate(
            "SettingsEditors", "Agent names: {0}. Values: {1}.").format(
                ", ".join(catalog_agents()), ", ".join(display(c) for c in choices)))

    def empty_text(self) -> str:
        return QCoreApplication.translate(
            "SettingsEditors", "No per-agent values: every agent uses the setting above. Add "
            "sets one.")

    def current(self) -> Any:
        out: dict[str, Any] = {}
        for agent, text in self.rows():
            if agent:
                try:
                    parsed = json.loads(text)
                except ValueError:
                    parsed = text
                out[agent] = parsed if isinstance(parsed, bool) else text
        return out or None

    def _show(self, value: Any) -> None:
        self.table.setRowCount(0)
        if isinstance(value, dict):
            for agent, item in value.items():
                self.add_row([str(agent), item if isinstance(item, str) else json.dumps(item)])
