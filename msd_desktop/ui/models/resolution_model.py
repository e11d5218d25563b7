"""The Models tab's table: every agent, how it resolves, and (with a what-if) before → after.

A thin adapter (STYLE item 12) over :class:`AgentRow` records, each holding the core's
``ExecutionResolution`` for the project as it is (``before``) and, when a what-if is active, for
the modified copy (``after``). Every value shown — model, effort, fast_mode, winning layer,
warnings — is the core's; this module only words the flags:

* the core's warnings (unknown runtime/provider/tier, unmappable override or policy id);
* ``""`` = omit the model parameter; ``inherit`` = use the session model;
* an override from ``~/.msd/defaults.json`` (D1: GSD Core ≤ 1.14 ignores it when the project
  has ``.planning/``); an agent the catalog does not know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.models.catalog import canonical_agent, load_catalog
from msd_desktop.core.models.execution import ExecutionResolution, resolve_execution
from msd_desktop.core.models.resolution import ResolutionInput
from msd_desktop.ui.models.layer_names import layer_title, on_off
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color

Index = QModelIndex | QPersistentModelIndex

AgentRole = Qt.ItemDataRole.UserRole + 1
ResultRole = Qt.ItemDataRole.UserRole + 2  # the ExecutionResolution shown (after, else before)
BeforeRole = Qt.ItemDataRole.UserRole + 3
ChangedRole = Qt.ItemDataRole.UserRole + 4  # bool: the what-if changes this row
FlagsRole = Qt.ItemDataRole.UserRole + 5  # list[str]
WarningRole = Qt.ItemDataRole.UserRole + 6  # bool: a real warning (not just a note)
# plain ints: data() compares roles on every call
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)

COLUMNS = ("Agent", "Phase", "Routing", "Model", "Effort", "Fast", "Layer", "Flags")  # English
COL_AGENT, COL_PHASE, COL_ROUTING, COL_MODEL, COL_EFFORT, COL_FAST, COL_LAYER, COL_FLAGS = range(8)
LayerIdRole = Qt.ItemDataRole.UserRole + 7  # the model's winning layer id (Layer column)

translate = QCoreApplication.translate


def column_titles() -> tuple[str, ...]:
    """The column headers in the window's language (:data:`COLUMNS` in English)."""
    return (translate("ResolutionTable", "Agent"), translate("ResolutionTable", "Phase"),
            translate("ResolutionTable", "Routing"), translate("ResolutionTable", "Model"),
            translate("ResolutionTable", "Effort"), translate("ResolutionTable", "Fast"),
            translate("ResolutionTable", "Layer"), translate("ResolutionTable", "Flags"))


def column_tooltips() -> tuple[str, ...]:
    """What each column holds (the headers are short, so a narrow window keeps them whole)."""
    return (
        translate("ResolutionTable", "The agent (MSD's name for it)"),
        translate("ResolutionTable", "Phase type: the kind of work the agent does"),
        translate("ResolutionTable", "Routing tier: how heavy the agent's work is (heavy, "
                  "standard, light)"),
        translate("ResolutionTable", "The model the agent runs with (before → after with a "
                  "what-if)"),
        translate("ResolutionTable", "Reasoning effort"),
        translate("ResolutionTable", "Fast mode: on or off"),
        translate("ResolutionTable", "The layer that decided the model (its id in the cell's "
                  "tooltip)"),
        translate("ResolutionTable", "Warnings and notes"),
    )


def global_override_note() -> str:
    return translate(
        "ResolutionTable",
        "global override from ~/.msd/defaults.json (MSD merges it per agent, D1; GSD Core "
        "≤ 1.14 ignores it when the project has .planning/)")



class AgentRow(NamedTuple):
    agent: str
    phase_type: str
    routing_tier: str
    before: ExecutionResolution
    after: ExecutionResolution | None = None

    @property
    def shown(self) -> ExecutionResolution:
        return self.after if self.after is not None else self.before


def model_text(model: Any) -> str:
    if model == "":
        return translate("ResolutionTable", '"" (omit)')
    return js_string(model)


def flags_for(res: ExecutionResolution) -> tuple[list[str], bool]:
    """(flags, has_warning) for one result: the core's warnings first, then notes."""
    mr = res.model_resolution
    flags = [core_text(w) for w in mr.warnings]  # the core's words, in the window's language
    warning = bool(flags)
    if res.model == "":
        flags.append(translate("ResolutionTable", '"" = omit the model parameter'))
    if res.model == "inherit":
        flags.append(translate("ResolutionTable", "inherit = use the session model"))
    if mr.global_override:
        flags.append(global_override_note())
    if res.unknown_agent:
        flags.append(translate("ResolutionTable", "agent not in the catalog"))
        warning = True
    return flags, warning


def _cell(res: ExecutionResolution, column: int) -> str:
    if column == COL_MODEL:
        return model_text(res.model)
    if column == COL_EFFORT:
        return js_string(res.effort)
    if column == COL_FAST:
        return on_off(res.fast_mode)
    if column == COL_LAYER:
        return layer_title("model", res.layer)
    if column == COL_FLAGS:
        flags, warning = flags_for(res)
        if not flags:
            return ""
        short = [_short(f) for f in flags]
        return ("⚠ " if warning else "") + "; ".join(short)
    return ""


def _short(flag: str) -> str:
    text = flag.split(" (")[0]
    if len(text) > 60 and ". " in text:
        text = text.split(". ")[0]
    return text


def agents_for(inp: ResolutionInput) -> list[str]:
    """Catalog agents in catalog order, then agents only named in ``model_overrides``."""
    cat = load_catalog()
    names = list(cat.agents)
    overrides = inp.config.get("model_overrides")
    if isinstance(overrides, dict):
        for name in overrides:
            canon = canonical_agent(str(name))
            if canon not in names:
                names.append(canon)
    return names


def compute_rows(
    inp: ResolutionInput,
    agents: Iterable[str] | None = None,
    *,
    effort: str | None = None,
    attempt: int | None = None,
) -> list[AgentRow]:
    """Resolve every agent with the core (fast: no I/O)."""
    cat = load_catalog()
    rows: list[AgentRow] = []
    for agent in agents if agents is not None else agents_for(inp):
        meta = cat.agents.get(agent)
        try:
            res = resolve_execution(inp, agent, effort=effort, attempt=attempt)
        except MsdError:
            continue
        rows.append(AgentRow(agent, meta.phase_type if meta else "—",
                             meta.routing_tier if meta else "—", res))
    return rows


def with_after(before: list[AgentRow], after: list[AgentRow] | None) -> list[AgentRow]:
    """Pair each agent's baseline with its what-if result (agents only in one side included)."""
    if after is None:
        return before
    by_agent = {r.agent: r for r in after}
    out = [AgentRow(r.agent, r.phase_type, r.routing_tier, r.before,
                    by_agent[r.agent].before if r.agent in by_agent else None)
           for r in before]
    known = {r.agent for r in before}
    out += [AgentRow(r.agent, r.phase_type, r.routing_tier, r.before, r.before)
            for r in after if r.agent not in known]
    return out


def changed(row: AgentRow) -> bool:
    if row.after is None:
        return False
    return any(_cell(row.before, c) != _cell(row.after, c)
               for c in (COL_MODEL, COL_EFFORT, COL_FAST, COL_LAYER))


class _RowView(NamedTuple):
    """What the table shows of one row, computed once per :meth:`set_rows` (``data()`` is
    called thousands of times while the view measures and paints)."""

    cells: tuple[str, ...]
    tooltips: tuple[str | None, ...]  # per column
    changed: bool
    flags: list[str]
    warning: bool
    foreground: tuple[Any, ...]  # per column: a QColor or None


def _row_view(row: AgentRow) -> _RowView:
    shown = row.shown
    cells: list[str] = [row.agent, row.phase_type, row.routing_tier]
    for col in range(COL_MODEL, len(COLUMNS)):
        before = _cell(row.before, col)
        if row.after is None:
            cells.append(before)
            continue
        after = _cell(row.after, col)
        cells.append(before if before == after else f"{before or '—'} → {after or '—'}")
    flags, warning = flags_for(shown)
    foreground: list[Any] = [None] * len(COLUMNS)
    if warning:
        foreground[COL_FLAGS] = semantic_color("warning")
    if row.after is not None:
        for col in (COL_MODEL, COL_EFFORT, COL_FAST, COL_LAYER):
            if _cell(row.before, col) != _cell(shown, col):
                foreground[col] = semantic_color("info")
    notes = "\n".join(flags) or None
    tooltips: list[str | None] = [None] * len(COLUMNS)
    tooltips[COL_AGENT] = row.agent + ("\n" + notes if notes else "")  # the name may elide
    tooltips[COL_MODEL] = tooltips[COL_FLAGS] = notes
    layers = [row.before.layer] + ([row.after.layer] if row.after is not None
                                   and row.after.layer != row.before.layer else [])
    tooltips[COL_LAYER] = translate("ResolutionTable", "Layer id: {0}").format(
        " → ".join(layers))
    return _RowView(tuple(cells), tuple(tooltips), changed(row), flags, warning,
                    tuple(foreground))


class ResolutionTableModel(HeaderedTableModel):
    """Rows = agents; columns = :data:`COLUMNS`.

    The model sorts itself (:meth:`sort`, what a click on the view's header calls) instead of
    sitting behind a ``QSortFilterProxyModel``: through a proxy every ``data()`` of a cell first
    re-created the source index, two more calls into Python (``rowCount``/``columnCount``)
    per role the view asks for — thousands while the tab is first laid out and painted.
    ``rows`` and ``views`` keep the order :meth:`set_rows` gave; model row ``r``
    shows ``rows[order[r]]``.
    """

    HEADERS = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[AgentRow] = []
        self.views: list[_RowView] = []
        self.order: list[int] = []  # model row -> position in rows / views
        self.whatif = False
        self._bold: QFont | None = None
        self._sort_column = -1
        self._sort_order = Qt.SortOrder.AscendingOrder

    def column_headers(self) -> Sequence[str]:
        return column_titles()

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role == _TOOLTIP and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(COLUMNS)):
            return column_tooltips()[section]
        return super().headerData(section, orientation, role)

    def set_rows(self, rows: list[AgentRow], *, whatif: bool = False) -> None:
        self.beginResetModel()
        self.rows = rows
        self.views = [_row_view(r) for r in rows]
        self.whatif = whatif
        self.order = self._sorted(list(range(len(rows))))
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order the rows by one column's text exactly as a ``QSortFilterProxyModel`` does:
        case-sensitive by UTF-16 code units, stable (ties keep the order shown before);
        column -1 = the order :meth:`set_rows` gave (reversed when descending); sorting
        again by the same column and order changes nothing. Selections (persistent indexes)
        follow their rows; :meth:`set_rows` keeps the sort."""
        if (column, order) == (self._sort_column, self._sort_order):
            return
        self._sort_column, self._sort_order = column, order
        self.layoutAboutToBeChanged.emit()
        old = self.order
        self.order = self._sorted(old)
        row_now = {position: row for row, position in enumerate(self.order)}
        before = self.persistentIndexList()
        after = [self.index(row_now[old[i.row()]], i.column()) for i in before]
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()

    def _sorted(self, positions: list[int]) -> list[int]:
        """``positions`` (into ``views``) in the current sort's order (a stable sort)."""
        column = self._sort_column
        descending = self._sort_order == Qt.SortOrder.DescendingOrder
        if not 0 <= column < len(COLUMNS):
            return sorted(positions, reverse=descending)
        views = self.views
        return sorted(positions, key=lambda i: views[i].cells[column].encode("utf-16-be"),
                      reverse=descending)

    def bold_font(self) -> QFont:
        if self._bold is None:
            self._bold = QFont()
            self._bold.setBold(True)
        return self._bold

    def changed_agents(self) -> list[str]:
        return [r.agent for r, v in zip(self.rows, self.views, strict=True) if v.changed]

    def row_of(self, agent: str) -> int:
        """The model row showing ``agent`` (-1 when none does)."""
        return next((row for row, i in enumerate(self.order) if self.rows[i].agent == agent),
                    -1)

    def row_items(self) -> Sequence[Any]:
        return self.rows

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = index.row()
        if not index.isValid() or not (0 <= row < len(self.order)):
            return None
        row_no = self.order[row]
        view = self.views[row_no]
        col = index.column()
        if role == _DISPLAY:
            return view.cells[col]
        if role == _TOOLTIP:
            return view.tooltips[col]
        if role == _FONT:
            return self.bold_font() if view.changed else None
        if role == _FOREGROUND:
            return view.foreground[col]
        if role == AgentRole:
            return self.rows[row_no].agent
        if role == LayerIdRole:
            return self.rows[row_no].shown.layer
        if role == ResultRole:
            return self.rows[row_no].shown
        if role == BeforeRole:
            return self.rows[row_no].before
        if role == ChangedRole:
            return view.changed
        if role == FlagsRole:
            return list(view.flags)
        if role == WarningRole:
            return view.warning
        return None


def changed_count(rows: Mapping[str, AgentRow] | list[AgentRow]) -> int:
    """How many agents the what-if changes (the panel words it, with its plural forms)."""
    items = list(rows.values()) if isinstance(rows, Mapping) else rows
    return sum(1 for r in items if changed(r))
