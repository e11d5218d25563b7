"""Item models of the Settings form: one row per schema key for the current scope, the sections.

Thin adapters (STYLE item 12): :class:`ConfigFormModel` reads a :class:`ConfigDraft` (the file of
the selected scope plus pending edits) and a ``LoadedConfig`` (per-key provenance from the core);
:class:`ConfigFilterProxyModel` does the search and "modified only" filtering;
:class:`SectionTocModel` lists the sections with the number of keys that pass the filter.
The form's widgets show or hide themselves from the proxy's rows — the proxy decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QStandardItem, QStandardItemModel

from msd_desktop.core.config import schema
from msd_desktop.core.config.draft import GROUP_KEYS, ConfigDraft
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.store import KeyProvenance, LoadedConfig
from msd_desktop.core.secrets.masking import mask
from msd_desktop.ui.widgets.config_words import layer_label
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.editors import display, schema_text
from msd_desktop.ui.widgets.table_model import HeaderedTableModel

Index = QModelIndex | QPersistentModelIndex

KeyRole = Qt.ItemDataRole.UserRole + 1
SectionRole = Qt.ItemDataRole.UserRole + 2
TitleRole = Qt.ItemDataRole.UserRole + 3
DescriptionRole = Qt.ItemDataRole.UserRole + 4
DefaultRole = Qt.ItemDataRole.UserRole + 5  # display text of the default ("" when none)
ValueRole = Qt.ItemDataRole.UserRole + 6  # the draft value (MISSING when not in the file)
NonDefaultRole = Qt.ItemDataRole.UserRole + 7  # the scope's file sets the key (or a pending set)
PendingRole = Qt.ItemDataRole.UserRole + 8
ErrorRole = Qt.ItemDataRole.UserRole + 9  # the core's validation error, or ""
ProvenanceRole = Qt.ItemDataRole.UserRole + 10  # "Modified in … / Also modified in …" text
SearchTextRole = Qt.ItemDataRole.UserRole + 11
SecretRole = Qt.ItemDataRole.UserRole + 12
SectionCountRole = Qt.ItemDataRole.UserRole + 20  # SectionTocModel: visible keys

class FormKey(NamedTuple):
    """One row: a concrete schema key or a group key (``model_overrides``, ``agent_skills``).
    ``title`` and ``description`` are in the window's language (the schema's texts looked up
    in the ``schema`` context when the form is built)."""

    key: str
    section: str
    title: str
    description: str
    default: Any
    secret: bool = False


def form_keys() -> list[FormKey]:
    """Every key the form edits, in section order (group keys first in their section)."""
    by_section: dict[str, list[FormKey]] = {}
    for key, (section, title, description) in GROUP_KEYS.items():
        by_section.setdefault(section, []).append(
            FormKey(key, section, schema_text(title, f"{key}/title"),
                    schema_text(description, f"{key}/description"), MISSING))
    for spec in schema.SCHEMA.values():  # schema order within a section
        by_section.setdefault(spec.section, []).append(
            FormKey(spec.key, spec.section, schema_text(spec.title or spec.key,
                                                        f"{spec.key}/title"),
                    schema_text(spec.description, f"{spec.key}/description"),
                    spec.default, spec.secret))
    return [fk for section in schema.sections() for fk in by_section.get(section, [])]


def group_search_terms(group: str) -> str:
    """Words a group key is also found by: its members' names and descriptions, from the
    dynamic patterns (``provider_escalation``, ``opus`` …), so Ctrl+F finds a sub-field."""
    words: list[str] = []
    for leaf, tail in schema.leaves_under(group):
        for kind, value in tail:
            if kind == "lit":
                words.append(str(value))
            elif kind == "enum":
                words.extend(str(v) for v in value)
        words.append(leaf.description)
    return " ".join(dict.fromkeys(words))


def section_title(section: str) -> str:
    """A section's heading in the window's language."""
    return schema_text(section.replace("_", " ").capitalize(), f"section/{section}")


def _shown(key: str, value: Any) -> str:
    if schema.is_secret(key) and isinstance(value, str):
        return mask(value)
    return display(value, key if key not in GROUP_KEYS else None)


def provenance_text(prov: KeyProvenance | None, workstream: str | None = None,
                    global_read: bool = True) -> str:
    """VS Code-style: where the effective value comes from and what it hides. A global
    default the project does not read (``global_read`` False) is not named: it changes
    nothing here, and naming it suggests it does."""
    if prov is None:
        return ""
    if not global_read:
        kept = [e for e in prov.overridden if e.layer != "global"]
        if len(kept) != len(prov.overridden):
            prov = KeyProvenance(prov.key, prov.value, prov.present, prov.layer, prov.path,
                                 kept)

    def label(layer: str) -> str:
        text = layer_label(layer)
        if layer == "workstream" and workstream:
            return QCoreApplication.translate("SettingsForm", "{0} '{1}'").format(
                text, workstream)
        return text

    def entries(items: list[Any]) -> str:
        return ", ".join(f"{label(e.layer)} = {_shown(prov.key, e.value)}" for e in items)

    if not prov.present and prov.layer == "builtin":
        parts = [QCoreApplication.translate("SettingsForm", "Not set in any file")]
        ignored = [e for e in prov.overridden if e.layer != "builtin"]
        if ignored:
            parts.append(QCoreApplication.translate("SettingsForm", "ignored: {0}").format(
                entries(ignored)))
        return " · ".join(parts)
    text = QCoreApplication.translate("SettingsForm", "Modified in: {0}").format(
        f"{label(prov.layer)} = {_shown(prov.key, prov.value)}")
    also = [e for e in prov.overridden if e.layer != "builtin"]
    if also:
        text += " · " + QCoreApplication.translate(
            "SettingsForm", "Also modified in: {0}").format(entries(also))
    return text


class ConfigFormModel(HeaderedTableModel):
    """Rows = form keys; column 0 the title, column 1 the draft value."""

    COLUMNS = ("Setting", "Value")
    HEADERS = COLUMNS

    def column_headers(self) -> Sequence[str]:
        return (QCoreApplication.translate("SettingsForm", "Setting"),
                QCoreApplication.translate("SettingsForm", "Value"))

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.keys = form_keys()
        self._row_of = {fk.key: i for i, fk in enumerate(self.keys)}
        # Computed on first use: the search text when someone searches, a key's provenance
        # when its row is built (the form shows one screenful of ~190 rows at first).
        self._search: dict[str, str] | None = None
        self.draft: ConfigDraft | None = None
        self.loaded: LoadedConfig | None = None
        self._prov: dict[str, str] = {}

    # ---- feeding ---------------------------------------------------------------------------

    def set_sources(self, draft: ConfigDraft | None, loaded: LoadedConfig | None) -> None:
        """A new scope / reload: everything may have changed."""
        self.beginResetModel()
        self.draft = draft
        self.loaded = loaded
        self._prov = {}
        self.endResetModel()

    def provenance(self, key: str) -> str:
        """One key's provenance text (:func:`provenance_text`), once per :meth:`set_sources`."""
        text = self._prov.get(key)
        if text is None:
            loaded = self.loaded
            text = ""
            if loaded is not None:
                try:
                    text = provenance_text(loaded.provenance(key), loaded.workstream,
                                           loaded.global_applies(key))
                except Exception:  # a malformed layer must not break the form
                    text = ""
            self._prov[key] = text
        return text

    def search_text(self, key: str) -> str:
        """What a search looks through for one key: name, title, description, section (and
        for a group key its members' names and descriptions)."""
        if self._search is None:
            self._search = {
                fk.key: " ".join((fk.key, fk.title, fk.description, section_title(fk.section),
                                  group_search_terms(fk.key) if fk.key in GROUP_KEYS else ""))
                for fk in self.keys
            }
        return self._search[key]

    def refresh_key(self, key: str) -> None:
        """The draft changed for one key: repaint that row only."""
        row = self._row_of.get(key)
        if row is not None:
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))

    def refresh_all(self) -> None:
        if self.keys:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self.keys) - 1, len(self.COLUMNS) - 1))

    def row_of(self, key: str) -> int:
        return self._row_of[key]

    # ---- QAbstractItemModel ----------------------------------------------------------------

    def row_items(self) -> Sequence[Any]:
        return self.keys

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self.keys)):
            return None
        fk = self.keys[index.row()]
        # roles that need no lookup of the value in the file first
        if role == SectionRole:
            return fk.section
        if role == KeyRole:
            return fk.key
        if role == Qt.ItemDataRole.ToolTipRole:
            return fk.description or None
        if role == TitleRole:
            return fk.title
        if role == DescriptionRole:
            return fk.description
        if role == DefaultRole:
            return "" if fk.default is MISSING or fk.default is None else _shown(fk.key,
                                                                                 fk.default)
        if role == PendingRole:
            return self.draft is not None and self.draft.is_pending(fk.key)
        if role == ErrorRole:
            return core_text(self.draft.errors.get(fk.key, "")) if self.draft is not None else ""
        if role == ProvenanceRole:
            return self.provenance(fk.key)
        if role == SearchTextRole:
            return self.search_text(fk.key)
        if role == SecretRole:
            return fk.secret
        value = self.draft.value(fk.key) if self.draft is not None else MISSING
        if role == Qt.ItemDataRole.DisplayRole:
            return fk.title if index.column() == 0 else _shown(fk.key, value)
        if role == ValueRole:
            return value
        if role == NonDefaultRole:
            return value is not MISSING
        return None


class ConfigFilterProxyModel(QSortFilterProxyModel):
    """Search (every word must appear in key, title, description or section) + modified only."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._modified_only = False

    @property
    def search_words(self) -> list[str]:
        return list(self._words)

    @property
    def modified_only(self) -> bool:
        return self._modified_only

    def set_search(self, text: str) -> None:
        self._change(lambda: setattr(self, "_words", [w for w in text.lower().split() if w]))

    def set_modified_only(self, on: bool) -> None:
        self._change(lambda: setattr(self, "_modified_only", on))

    def refilter(self) -> None:
        """Re-run the filter (e.g. a key became modified)."""
        self._change(lambda: None)

    def filtering(self) -> bool:
        """Whether a search or "modified only" hides any row."""
        return bool(self._words) or self._modified_only

    def accepted_rows(self) -> list[int]:
        """The source rows the proxy shows, in its order (its rows mapped to the source).

        Without a filter or a sort that is every source row: no row-by-row walk through the
        proxy, which calls into Python several times per row."""
        source = self.sourceModel()
        if source is None:
            return []
        if not self.filtering() and self.sortColumn() < 0:
            return list(range(source.rowCount()))
        return [self.mapToSource(self.index(row, 0)).row() for row in range(self.rowCount())]

    def _change(self, apply: Callable[[], None]) -> None:
        # Qt >= 6.9: begin/endFilterChange (invalidateFilter is deprecated there).
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            apply()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - older Qt
            apply()
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._words and not self._modified_only:
            return True
        model = self.sourceModel()
        if model is None:
            return False
        index = model.index(source_row, 0, source_parent)
        if self._modified_only and not (
            model.data(index, NonDefaultRole) or model.data(index, PendingRole)
        ):
            return False
        if self._words:
            haystack = str(model.data(index, SearchTextRole) or "").lower()
            return all(w in haystack for w in self._words)
        return True


class SectionTocModel(QStandardItemModel):
    """The table of contents: sections with the number of keys the filter lets through.

    One row per section: display text ``"Title  (count)"``, ``SectionRole`` (the section
    name), ``SectionCountRole`` (the count); a section nothing passes is disabled. The rows
    live in Qt's own items, updated when the proxy's rows change: the list view then lays
    out and paints them without calling into Python (an item model written in Python was
    asked ~1,100 times while the Settings tab first showed).
    """

    def __init__(self, proxy: QSortFilterProxyModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.sections = schema.sections()
        self.proxy = proxy
        self._counts: dict[str, int] = {}
        for section in self.sections:
            item = QStandardItem()
            item.setData(section, SectionRole)
            self.appendRow(item)
        for signal in (proxy.modelReset, proxy.layoutChanged, proxy.rowsInserted,
                       proxy.rowsRemoved):
            signal.connect(self._recount)
        self._recount()

    def _recount(self, *_args: Any) -> None:
        counts: dict[str, int] = dict.fromkeys(self.sections, 0)
        proxy, source = self.proxy, self.proxy.sourceModel()
        if isinstance(proxy, ConfigFilterProxyModel) and isinstance(source, ConfigFormModel):
            shown = [source.keys[row].section for row in proxy.accepted_rows()]
        else:
            shown = [proxy.data(proxy.index(row, 0), SectionRole)
                     for row in range(proxy.rowCount())]
        for section in shown:
            if section in counts:
                counts[section] += 1
        if counts == self._counts:
            return
        previous, self._counts = self._counts, counts
        for row, section in enumerate(self.sections):
            count = counts[section]
            if previous.get(section) == count:
                continue
            item = self.item(row)
            item.setText(f"{section_title(section)}  ({count})")
            item.setData(count, SectionCountRole)
            item.setFlags(_TOC_FLAGS | Qt.ItemFlag.ItemIsEnabled if count else _TOC_FLAGS)


_TOC_FLAGS = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
