"""The Settings form's body, built lazily: rows appear as they are needed.

Why: a row with its editor costs milliseconds and there are ~190 keys. The first show builds
one screenful; the rest is built in small time-boxed chunks while the form is visible (in
form order, below what is on screen, so nothing jumps); a search / "modified only" filter
builds a screenful of its matches at once (the other matches come first in the chunks), a
click in the contents the rows it needs. :meth:`LazyFormBody.row` /
:meth:`~LazyFormBody.editor` build one key's row on demand;
:meth:`~LazyFormBody.build_all_editors` builds everything (tests, automation).

:class:`LazyFormBody` is the panel's base class: it owns the rows, their order, what is shown
and the Tab order; the panel (:mod:`~msd_desktop.ui.settings.form`) owns the file, the draft
and the actions a row asks for (:meth:`edit`, :meth:`reset_key`, the row menu, the API keys
page).
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.ui.settings.form_model import ConfigFormModel, FormKey, section_title
from msd_desktop.ui.settings.key_row import KeyRowWidget
from msd_desktop.ui.widgets.editors import FieldSpec, ValueEditor, create_editor, field_spec
from msd_desktop.ui.widgets.plain_text import escape_html

TAB_FIX_MS = 150  # rows built out of order: Tab order fixed this long after, once
IDLE_START_MS = 50  # after the first paint, wait this long before completing the form
IDLE_CHUNK_MS = 24  # then build rows in chunks of about this long (the UI stays responsive)
SCROLL_CHUNK_MS = 40  # scrolled near the end of what is built: build this much at once
# a search / filter change builds its first screenful of matches at once, however long that
# takes on a loaded machine, then more matching rows for up to this long (idle does the rest)
FILTER_BUDGET_MS = 80


def _schema_keys() -> set[str]:
    from msd_desktop.core.config.schema import SCHEMA

    return set(SCHEMA)


class LazyFormBody(QWidget):
    """The rows of the form, built on demand (see the module docstring)."""

    # set up by the panel before the first row is built
    model: ConfigFormModel
    draft: ConfigDraft | None
    root: Path
    form_body: QWidget
    form_layout: QVBoxLayout
    scroll_area: QScrollArea
    empty_label: QLabel
    more_label: QLabel
    _undo_filter: Any

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: dict[str, KeyRowWidget] = {}
        self.editors: dict[str, ValueEditor] = {}
        self.section_headers: dict[str, QLabel] = {}
        self._words: list[str] = []
        self._shown: set[str] = set()  # rows on screen: the built prefix of _visible
        self._stale: set[str] = set()  # built, hidden, and not refreshed since the data changed
        self._schema_keys = _schema_keys()
        self._idle = QTimer(self)  # completes the form while it is on screen
        self._idle.setInterval(0)
        self._idle.timeout.connect(self._idle_build)
        self._idle_start = QTimer(self)
        self._idle_start.setSingleShot(True)
        self._idle_start.setInterval(IDLE_START_MS)
        self._idle_start.timeout.connect(self._idle.start)
        # A row built out of form order (a search, a click in the contents) joins the focus
        # chain at its end: Tab order is put back in form order once the building settles
        # (~10 ms with every row built: at most once per TAB_FIX_MS while rows are built).
        self._tab_timer = QTimer(self)
        self._tab_timer.setSingleShot(True)
        self._tab_timer.setInterval(TAB_FIX_MS)
        self._tab_timer.timeout.connect(self.fix_tab_order)

    def _know_keys(self) -> None:
        """The model's keys in form order (after the panel made its model)."""
        self._form_keys = {fk.key: fk for fk in self.model.keys}
        self._order = {fk.key: i for i, fk in enumerate(self.model.keys)}
        self._visible: list[str] = [fk.key for fk in self.model.keys]  # proxy rows, in order

    # ---- what a row asks of the panel

    def edit(self, key: str, value: Any) -> str | None:
        raise NotImplementedError

    def reset_key(self, key: str) -> None:
        raise NotImplementedError

    def _row_menu(self, key: str, at: Any) -> None:
        raise NotImplementedError

    def _show_api_keys(self, _key: str = "") -> None:
        raise NotImplementedError

    # ---- the rows

    def row(self, key: str) -> KeyRowWidget:
        """The row of ``key``, built now if it was not yet."""
        row = self.rows.get(key)
        return row if row is not None else self._build_row(self._form_keys[key])

    def editor(self, key: str) -> ValueEditor:
        """The editor of ``key``, built now if it was not yet."""
        return self.row(key).editor

    def build_all_editors(self) -> None:
        """Build every row now (one editor per form key); the lazy path builds the same rows."""
        for fk in self.model.keys:
            if fk.key not in self.rows:
                self._build_row(fk)
        self._update_shown()

    def all_built(self) -> bool:
        return len(self.rows) == len(self.model.keys)

    def _build_row(self, fk: FormKey) -> KeyRowWidget:
        header = self.section_headers.get(fk.section)
        if header is None:
            header = QLabel(f"<h3>{escape_html(section_title(fk.section))}</h3>")
            header.setObjectName(f"section:{fk.section}")
            header.setContentsMargins(4, 10, 0, 2)
            header.hide()
            self.section_headers[fk.section] = header
            self.form_layout.insertWidget(self._insert_index(fk, header=True), header)
        spec = field_spec(fk.key) if fk.key in self._schema_keys else FieldSpec(
            key=fk.key, widget="map", description=fk.description
        )
        editor = create_editor(spec, self.root)
        if self.draft is not None:
            editor.set_value(self.draft.shown_value(fk.key))
        editor.edited.connect(lambda value, key=fk.key: self.edit(key, value))
        for child in editor.findChildren(QWidget):
            if isinstance(child, QLineEdit | QPlainTextEdit | QAbstractSpinBox):
                child.installEventFilter(self._undo_filter)
        manage = getattr(editor, "manage_requested", None)
        if manage is not None:
            manage.connect(self._show_api_keys)
        row = KeyRowWidget(fk, editor)
        row.refresh(self.model, self._words)
        row.reset_requested.connect(self.reset_key)
        row.menu_requested.connect(self._row_menu)
        row.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        row.hide()
        self.rows[fk.key] = row
        self.editors[fk.key] = editor
        self.form_layout.insertWidget(self._insert_index(fk), row)
        order = self._order[fk.key]
        if not self._tab_timer.isActive() and any(self._order[key] > order for key in self.rows):
            self._tab_timer.start()
        return row

    def fix_tab_order(self) -> None:
        """Tab goes through the built rows in form order (each row's own fields in order)."""
        body = self.form_body
        owned: dict[QWidget, list[QWidget]] = {}  # row -> its fields, in the chain's order
        widget: QWidget | None = body.nextInFocusChain()
        while widget is not None and widget is not body:
            row: QWidget | None = widget
            while row is not None and row.parentWidget() is not body:
                row = row.parentWidget()
            if (row is not None and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
                    and not isinstance(widget.parentWidget(), QComboBox | QAbstractSpinBox)):
                owned.setdefault(row, []).append(widget)
            widget = widget.nextInFocusChain()
        chain = [w for key in sorted(self.rows, key=self._order.__getitem__)
                 for w in owned.get(self.rows[key], [])]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _insert_index(self, fk: FormKey, header: bool = False) -> int:
        """Layout position for a new row (or section header): after what precedes it in form
        order (built rows of earlier keys, section headers), before everything else."""
        order = self._order[fk.key]
        previous: QWidget | None = None
        for key in reversed([fk_.key for fk_ in self.model.keys[:order]]):
            if not header and self._form_keys[key].section != fk.section:
                break  # the first row of its section goes right after the header
            if key in self.rows:
                previous = self.rows[key]
                break
        if previous is None and not header:
            previous = self.section_headers[fk.section]
        if previous is None:  # a header: after the last built row of an earlier section
            for key in reversed([fk_.key for fk_ in self.model.keys[:order]]):
                if key in self.rows:
                    previous = self.rows[key]
                    break
        return 0 if previous is None else self.form_layout.indexOf(previous) + 1

    def _build_some(self, budget_ms: float, *, upto: str | None = None,
                    minimum: int = 1) -> int:
        """Build unbuilt rows in form order, those the filter shows first, for ``budget_ms``
        (at least ``minimum`` rows; with ``upto``, every shown row up to that key's)."""
        deadline = time.perf_counter() + budget_ms / 1000
        pending = [k for k in self._visible if k not in self.rows]
        if upto is not None and upto in self._order:
            limit = self._order[upto]
            must = [k for k in pending if self._order[k] <= limit]
            minimum = max(minimum, len(must))
        if not pending:
            shown = set(self._visible)
            pending = [fk.key for fk in self.model.keys
                       if fk.key not in self.rows and fk.key not in shown]
        built = 0
        for key in pending:
            if built >= minimum and time.perf_counter() >= deadline:
                break
            self._build_row(self._form_keys[key])
            built += 1
        if built:
            self._update_shown()
        return built

    def _update_shown(self, refresh_all: bool = False) -> None:
        """Show the built prefix of the filtered rows (rows appear in order, so nothing on
        screen moves when more are built below it)."""
        shown: set[str] = set()
        for key in self._visible:
            if key not in self.rows:
                break
            shown.add(key)
        # Showing a row inside the visible form makes Qt lay the whole form out at once;
        # shown one by one, n rows cost O(n²) layouts. With the form's layout switched off
        # meanwhile, it is laid out once, afterwards.
        self.form_layout.setEnabled(False)
        try:
            for key, row in self.rows.items():
                on = key in shown
                if on and (refresh_all or key in self._stale):
                    row.refresh(self.model, self._words)
                    self._stale.discard(key)
                elif not on and refresh_all:
                    self._stale.add(key)  # refreshed when it shows again
                if on != (key in self._shown) or refresh_all:
                    row.setVisible(on)
            sections = {self._form_keys[k].section for k in shown}
            for section, header in self.section_headers.items():
                header.setVisible(section in sections)
            self.empty_label.setVisible(not self._visible)
            self.more_label.setVisible(len(shown) < len(self._visible))
        finally:
            self.form_layout.setEnabled(True)
        if self.form_body.isVisible():
            self.form_layout.activate()  # what showing the last row alone would have done
        self._shown = shown

    def _idle_build(self) -> None:
        if not self.isVisible() or self.all_built():
            self._idle.stop()
            return
        self._build_some(IDLE_CHUNK_MS)

    def _near_the_end(self, *_args: Any) -> None:
        """Scrolled close to the last built row: build the next ones now."""
        if len(self._shown) >= len(self._visible) or not self.isVisible():
            return
        bar = self.scroll_area.verticalScrollBar()
        if bar.value() + 2 * self.scroll_area.viewport().height() >= bar.maximum():
            self._build_some(SCROLL_CHUNK_MS)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown and self._visible:  # the first screenful, before the first paint
            self._build_screenful()
        if not self.all_built():
            self._idle_start.start()

    def _build_screenful(self) -> None:
        """Build the first rows: as many as fill the scroll area's height (at most one per
        75 px, at least 6 — the earlier rule — and at least one).

        A first guess of ~100 px a row is built and laid out (once: see ``_update_shown``);
        then one more at a time until the rows reach the bottom, each at the height the form
        gives it (measured by that layout, so asking again costs nothing). A row below the
        fold is built and shown for nothing."""
        height = self.scroll_area.maximumViewportSize().height()
        limit = min(self.screenful_rows(), len(self._visible))
        self._build_some(0, minimum=min(limit, max(1, height // 100)))
        while 0 < len(self._shown) < limit and self._rows_height() < self._view_height():
            self._build_some(0, minimum=1)

    def screenful_rows(self) -> int:
        """How many rows a screenful is at most: one per 75 px of the scroll area, at least 6
        (a form never laid out yet — a hidden panel — counts 6)."""
        return max(6, self.scroll_area.maximumViewportSize().height() // 75)

    def _view_height(self) -> int:
        """The scroll area's height for the form: less a horizontal scroll bar when the
        rows are wider than the room beside the vertical one."""
        area = self.scroll_area
        size = area.maximumViewportSize()
        beside = size.width() - area.verticalScrollBar().sizeHint().width()
        if self.form_layout.minimumSize().width() > beside:
            return size.height() - area.horizontalScrollBar().sizeHint().height()
        return size.height()

    def _rows_height(self) -> int:
        """The height the shown rows and their section headers take in the form."""
        margins = self.form_layout.contentsMargins()
        width = self.form_body.width() - margins.left() - margins.right()
        total = margins.top()
        for header in self.section_headers.values():
            if not header.isHidden():
                total += header.sizeHint().height()
        for key in self._shown:
            row = self.rows[key]
            hint = row.sizeHint().height()  # a row's vertical policy is Maximum
            needed = row.heightForWidth(width)
            total += min(needed, hint) if needed >= 0 else hint
        return total

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._idle_start.stop()
        self._idle.stop()
