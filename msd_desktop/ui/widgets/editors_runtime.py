"""Settings editors for the ``<family>.<runtime>.<tier>`` config families (a runtime × tier table).

Two families have this shape (spec §2.3): ``model_profile_overrides.<runtime>.<tier>`` (§5.4:
merged over the catalog's built-in ``runtime_tier_defaults``) and
``model_policy.runtime_tiers.<runtime>.<tier>`` (§5.3: checked first by ``model_policy``).
Nothing is hard-coded here: the tier columns are the pattern's alternation
(:func:`runtime_tier_columns`), the runtimes offered come from the catalog, and a cell's text
becomes a value exactly as ``msd config-set <family>.<runtime>.<tier> <text>`` would coerce it
(``config_set.coerce_for_key``); the draft then validates it with the core, so the errors are
``config-set``'s.

The forms a cell takes:

* **entry** — what the family's object holds for ``runtime.tier``: a model id string, an object
  such as ``{"model": …, "reasoning_effort": …}``, anything else as read, or ``MISSING``;
* **display text** — the model (plus the object's other fields); an empty cell shows the
  built-in model (greyed) when the family has built-ins;
* **edit text** — the ``config-set`` raw form: the string itself, or compact JSON for anything
  else; empty text removes the entry.

Children that are not tiers (an unknown tier name, a runtime that is not an object) are kept
as read and written back unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.setter import coerce_for_key
from msd_desktop.core.models.catalog import canonical_runtime, load_catalog
from msd_desktop.ui.widgets.editor_base import (
    FieldSpec,
    ValueEditor,
    display,
    muted_label,
    runtime_tier_columns,
)
from msd_desktop.ui.widgets.empty_hint import EmptyHint
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color

Index = QModelIndex | QPersistentModelIndex

EntryRole = Qt.ItemDataRole.UserRole + 1  # the cell's entry as stored (MISSING when not set)
BuiltinRole = Qt.ItemDataRole.UserRole + 2  # the built-in entry an empty cell falls back to
KnownRuntimeRole = Qt.ItemDataRole.UserRole + 3  # column 0: the catalog knows this runtime


def builtin_entries(group: str) -> Mapping[str, Mapping[str, Any]]:
    """The built-in entries a family is merged over (§5.4: ``model_profile_overrides`` over the
    catalog's ``runtime_tier_defaults``; ``model_policy.runtime_tiers`` has none)."""
    if group != "model_profile_overrides":
        return {}
    return load_catalog().runtime_profile_map


def entry_text(entry: Any, builtin: Any = MISSING) -> str:
    """How a cell reads: the model, then the object's other fields (``reasoning_effort: low``)."""
    if entry is MISSING:
        return _model_of(builtin)
    if isinstance(entry, str):
        return entry if entry else '""'
    if isinstance(entry, dict):
        model = entry.get("model")
        shown = model if isinstance(model, str) and model else (
            f"({_model_of(builtin)})" if _model_of(builtin)
            else QCoreApplication.translate("RuntimeTiers", "(no model)")
        )
        rest = [f"{k}: {display(v)}" for k, v in entry.items() if k != "model"]
        return "  ·  ".join([shown, *rest])
    return display(entry)


def _model_of(entry: Any) -> str:
    if isinstance(entry, Mapping):
        model = entry.get("model")
        return model if isinstance(model, str) else ""
    return entry if isinstance(entry, str) else ""


def edit_text(entry: Any) -> str:
    """The ``config-set`` raw form of an entry (what the cell's line edit starts with)."""
    if entry is MISSING:
        return ""
    return entry if isinstance(entry, str) else json.dumps(entry, ensure_ascii=False)


@dataclass
class RuntimeRow:
    """One runtime: its children in file order (tiers and anything else, kept as read)."""

    runtime: str
    children: dict[str, Any] = field(default_factory=dict)
    raw: Any = MISSING  # a value that is not an object, as read (kept until a tier is set)
    from_file: bool = False  # an empty object as read is written back as it was


class RuntimeTiersModel(HeaderedTableModel):
    """Rows: the runtimes the family's object names; columns: ``Runtime`` + one per tier.

    A thin adapter over a list of :class:`RuntimeRow`; :meth:`value` is the family's object.
    ``edited`` fires for a person's change (a cell, a runtime added, renamed or removed), never
    for :meth:`set_value`.
    """

    edited = Signal()

    def __init__(self, group: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.group = group
        self.tiers = runtime_tier_columns(group) or ()
        self.headers = (QCoreApplication.translate("RuntimeTiers", "Runtime"), *self.tiers)
        self.builtins = builtin_entries(group)
        self.known = load_catalog().known_runtimes
        self.rows: list[RuntimeRow] = []

    def row_items(self) -> list[RuntimeRow]:
        return self.rows

    def column_headers(self) -> tuple[str, ...]:
        return self.headers

    # ---- the value -------------------------------------------------------------------------

    def set_value(self, value: Any) -> None:
        """Show the family's object as read (anything but an object shows no rows)."""
        self.beginResetModel()
        self.rows = []
        if isinstance(value, dict):
            for runtime, node in value.items():
                if isinstance(node, dict):
                    self.rows.append(RuntimeRow(str(runtime), dict(node), from_file=True))
                else:
                    self.rows.append(RuntimeRow(str(runtime), raw=node, from_file=True))
        self.endResetModel()

    def value(self) -> dict[str, Any] | None:
        """The family's object (``None`` = nothing set: the key is removed)."""
        out: dict[str, Any] = {}
        for row in self.rows:
            if not row.runtime:
                continue
            if row.children or (row.from_file and row.raw is MISSING):
                out[row.runtime] = dict(row.children)
            elif row.raw is not MISSING:
                out[row.runtime] = row.raw
        return out or None

    def entry(self, row: int, tier: str) -> Any:
        return self.rows[row].children.get(tier, MISSING)

    def full_key(self, row: int, tier: str) -> str:
        return f"{self.group}.{self.rows[row].runtime}.{tier}"

    # ---- edits -------------------------------------------------------------------------------

    def add_runtime(self, runtime: str) -> int:
        """Add a row for ``runtime`` (or find it); returns its row. Nothing is set until a cell
        is filled, so the family's value does not change yet."""
        runtime = runtime.strip()
        for i, row in enumerate(self.rows):
            if row.runtime == runtime:
                return i
        self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows))
        self.rows.append(RuntimeRow(runtime))
        self.endInsertRows()
        self.edited.emit()
        return len(self.rows) - 1

    def remove_rows(self, rows: Sequence[int]) -> None:
        for row in sorted(set(rows), reverse=True):
            if 0 <= row < len(self.rows):
                self.beginRemoveRows(QModelIndex(), row, row)
                del self.rows[row]
                self.endRemoveRows()
        self.edited.emit()

    def set_entry(self, row: int, tier: str, text: str) -> None:
        """A cell typed as ``text``: coerced as ``config-set`` would; empty removes the entry."""
        target = self.rows[row]
        if text.strip() == "":
            target.children.pop(tier, None)
        else:
            target.children[tier] = coerce_for_key(self.full_key(row, tier), text)
            target.raw = MISSING  # a tier set replaces a non-object value as read
        column = 1 + self.tiers.index(tier)
        self.dataChanged.emit(self.index(row, 0), self.index(row, column))
        self.edited.emit()

    # ---- QAbstractItemModel ------------------------------------------------------------------

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemNeverHasChildren)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        col = index.column()
        if col == 0:
            return self._runtime_data(row, role)
        tier = self.tiers[col - 1]
        entry = row.children.get(tier, MISSING)
        builtin = self.builtins.get(row.runtime, {}).get(tier, MISSING)
        if role == Qt.ItemDataRole.DisplayRole:
            return entry_text(entry, builtin)
        if role == Qt.ItemDataRole.EditRole:
            return edit_text(entry)
        if role == EntryRole:
            return entry
        if role == BuiltinRole:
            return builtin
        if role == Qt.ItemDataRole.FontRole and entry is MISSING:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and entry is MISSING:
            return semantic_color("muted")
        if role == Qt.ItemDataRole.ToolTipRole:
            if entry is MISSING:
                return (QCoreApplication.translate(
                    "RuntimeTiers", "Not set: the built-in {0} {1} entry applies ({2}).").format(
                        row.runtime, tier, _model_of(builtin)) if _model_of(builtin)
                        else QCoreApplication.translate("RuntimeTiers", "Not set."))
            return f"{self.full_key(index.row(), tier)} = {edit_text(entry)}"
        return None

    def _runtime_data(self, row: RuntimeRow, role: int) -> Any:
        known = row.runtime in self.known
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return row.runtime
        if role == KnownRuntimeRole:
            return known
        if role == Qt.ItemDataRole.ForegroundRole and not known:
            return semantic_color("warning")
        if role == Qt.ItemDataRole.ToolTipRole:
            notes = []
            if not known:
                hint = canonical_runtime(row.runtime)
                known_list = ", ".join(self.known)
                notes.append(QCoreApplication.translate(
                    "RuntimeTiers", "Not a runtime the catalog knows; it is matched verbatim "
                    "(did you mean {0}?). Known: {1}.").format(hint, known_list)
                    if hint and hint != row.runtime else QCoreApplication.translate(
                        "RuntimeTiers", "Not a runtime the catalog knows; it is matched "
                        "verbatim. Known: {0}.").format(known_list))
            kept = [k for k in row.children if k not in self.tiers]
            if kept:
                notes.append(QCoreApplication.translate(
                    "RuntimeTiers", "Also kept as read: {0}.").format(", ".join(kept)))
            if row.raw is not MISSING:
                notes.append(QCoreApplication.translate(
                    "RuntimeTiers", "As read: {0} (not an object; kept until a tier is "
                    "set).").format(display(row.raw)))
            return " ".join(notes) or None
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        text = "" if value is None else str(value)
        if index.column() == 0:
            return self.rename(index.row(), text)
        tier = self.tiers[index.column() - 1]
        if text == edit_text(self.entry(index.row(), tier)):
            return True  # the line edit closed without a change
        self.set_entry(index.row(), tier, text)
        return True

    def rename(self, row: int, runtime: str) -> bool:
        """Rename a runtime (refused when empty or already a row)."""
        runtime = runtime.strip()
        if not runtime or any(r.runtime == runtime for r in self.rows):
            return runtime == self.rows[row].runtime
        self.rows[row].runtime = runtime
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.headers) - 1))
        self.edited.emit()
        return True


class RuntimeTiersEditor(ValueEditor):
    """A ``<family>.<runtime>.<tier>`` family as a table: one row per runtime, one column per
    tier, plus "Add runtime" (the catalog's runtimes, or type another) and "Remove"."""

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.model = RuntimeTiersModel(spec.key, self)
        self.model.edited.connect(lambda: self._emit(self.current()))
        self.model.modelReset.connect(self._fit)
        self.model.rowsInserted.connect(self._fit)
        self.model.rowsRemoved.connect(self._fit)
        self.view = QTableView()
        self.view.setObjectName(f"table:{spec.key}")
        self.view.setAccessibleName(QCoreApplication.translate(
            "RuntimeTiers", "{0} table").format(spec.key))
        self.view.setModel(self.model)
        self.view.verticalHeader().setVisible(False)
        self.view.setWordWrap(False)  # long entries elide; the tooltip has the whole text
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setTabKeyNavigation(False)  # Tab moves on through the form; arrows: cells
        self.view.setMaximumWidth(  # a runtime and a model id per tier, not the whole window
            self.view.fontMetrics().averageCharWidth() * (20 + 28 * len(self.model.tiers)))
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setMinimumSectionSize(90)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.runtime_combo = QComboBox()
        self.runtime_combo.setObjectName(f"add-runtime:{spec.key}")
        self.runtime_combo.setEditable(True)
        self.runtime_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.runtime_combo.addItems(list(self.model.known))
        self.runtime_combo.setCurrentIndex(-1)
        line = self.runtime_combo.lineEdit()
        if line is not None:
            line.setPlaceholderText(QCoreApplication.translate("RuntimeTiers", "runtime…"))
        self.runtime_combo.setAccessibleName(QCoreApplication.translate(
            "RuntimeTiers", "Runtime to add"))
        self.runtime_combo.setToolTip(QCoreApplication.translate(
            "RuntimeTiers", "A runtime the catalog knows, or type another"))
        self.runtime_combo.setMinimumContentsLength(12)
        self.add_button = QPushButton(QCoreApplication.translate("RuntimeTiers", "Add runtime"))
        self.add_button.clicked.connect(self._add_clicked)
        self.remove_button = QPushButton(QCoreApplication.translate("RuntimeTiers", "Remove"))
        self.remove_button.setToolTip(QCoreApplication.translate("RuntimeTiers",
                                                                 "Remove the selected runtimes"))
        self.remove_button.clicked.connect(self._remove_clicked)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.runtime_combo)
        bar.addWidget(self.add_button)
        bar.addWidget(self.remove_button)
        bar.addStretch(1)
        example = '{"model": "…", "reasoning_effort": "low"}'
        hint = (QCoreApplication.translate(
            "RuntimeTiers", "Double-click a cell: a model id, or a JSON object such as {0}. "
            "Empty = not set; grey = the built-in model used then.") if self.model.builtins
            else QCoreApplication.translate(
                "RuntimeTiers", "Double-click a cell: a model id, or a JSON object such as {0}. "
                "Empty = not set.")).format(example)
        self.hint = muted_label(hint)
        self.hint.setWordWrap(True)
        box = QVBoxLayout()
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(4)
        box.addWidget(self.view)
        box.addLayout(bar)
        box.addWidget(self.hint)
        self._layout.addLayout(box, 1)
        self.empty_hint = EmptyHint(self.view, self._empty_text)
        self._fit()

    def _empty_text(self) -> str:
        if self.model.builtins:
            return QCoreApplication.translate(
                "RuntimeTiers", "No runtime set here: the built-in entries apply. Add runtime "
                "starts a row.")
        return QCoreApplication.translate("RuntimeTiers", "No runtime set here. Add runtime "
                                                          "starts a row.")

    def _fit(self, *_args: Any) -> None:
        """Height for the rows (two at least, eight at most; then it scrolls)."""
        rows = min(max(self.model.rowCount(), 2), 8)
        height = (self.view.horizontalHeader().sizeHint().height()
                  + rows * self.view.verticalHeader().defaultSectionSize()
                  + 2 * self.view.frameWidth() + 2)
        self.view.setFixedHeight(height)

    def _add_clicked(self) -> None:
        runtime = self.runtime_combo.currentText().strip()
        if not runtime:
            return
        row = self.model.add_runtime(runtime)
        self.runtime_combo.setCurrentIndex(-1)
        self.runtime_combo.clearEditText()
        index = self.model.index(row, 1)
        self.view.setCurrentIndex(index)
        self.view.edit(index)

    def _remove_clicked(self) -> None:
        rows = {i.row() for i in self.view.selectionModel().selectedIndexes()}
        if rows:
            self.model.remove_rows(sorted(rows))

    def current(self) -> Any:
        return self.model.value()

    def _show(self, value: Any) -> None:
        self.model.set_value(value)
