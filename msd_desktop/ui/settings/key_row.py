"""One setting of the Settings form: its row (title, key, markers, description, editor,
default, Reset and its menu, where the value comes from, the error next to the field).

Why a module of its own: a row only shows what the form's model says about one key and
asks the form for actions through its signals; it knows nothing of files, drafts or saving.
Every text it shows that can come from a file (a value in the provenance or the error, a key
name) is plain text.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from msd_desktop.ui.settings.form_model import (
    ConfigFormModel,
    DefaultRole,
    DescriptionRole,
    ErrorRole,
    FormKey,
    NonDefaultRole,
    PendingRole,
    ProvenanceRole,
    TitleRole,
)
from msd_desktop.ui.settings.form_widgets import (
    KeyNameLabel,
    TitleLabel,
    muted,
    name_controls,
    short_error,
    show_text,
    tint,
)
from msd_desktop.ui.widgets.editors import ValueEditor
from msd_desktop.ui.widgets.elided_label import ElidedLabel
from msd_desktop.ui.widgets.plain_text import plain_label, tooltip, visible_lines
from msd_desktop.ui.widgets.theme import semantic_color
from msd_desktop.ui.widgets.wrapping_label import WrappingLabel

ELIDED_MAX_HINT = 420  # px: the widest an elided default (or path, status line) asks to be


class KeyRowWidget(QFrame):
    """One key: title, key name, markers, description, editor, default, Reset, provenance, error."""

    reset_requested = Signal(str)
    menu_requested = Signal(str, object)  # key, global position

    def __init__(self, fk: FormKey, editor: ValueEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fk = fk
        self.editor = editor
        self.setObjectName(f"row:{fk.key}")
        self.setAccessibleName(fk.title)  # a screen reader's group: the setting's title
        layout = self._rows = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(2)
        head = QHBoxLayout()
        self.marker = plain_label(QLabel())
        self.marker.setFixedWidth(14)
        self.title = TitleLabel(fk.title, Qt.TextElideMode.ElideRight)
        bold = self.title.font()
        bold.setBold(True)
        self.title.setFont(bold)
        # The dotted key elides in a narrow window (it is also the tooltip); the row must not
        # set the form's minimum width.
        self.key_label = muted(KeyNameLabel(fk.key))
        head.addWidget(self.marker)
        head.addWidget(self.title)
        head.addWidget(self.key_label, 1)
        head.addSpacing(12)  # the key and "default: …" never touch
        self.default_label = muted(ElidedLabel(mode=Qt.TextElideMode.ElideRight,
                                                 max_hint=ELIDED_MAX_HINT))
        self.default_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        head.addWidget(self.default_label)
        self.reset_button = QPushButton(self.tr("Reset"))
        self.reset_button.setToolTip(self.tr("Remove this key from the file (use the default / "
                                             "the next layer)"))
        self.reset_button.setAccessibleName(self.tr("Reset {0}").format(fk.title))
        self.reset_button.clicked.connect(lambda: self.reset_requested.emit(fk.key))
        head.addWidget(self.reset_button)
        self.menu_button = QPushButton("⋯")
        self.menu_button.setObjectName(f"menu:{fk.key}")
        self.menu_button.setFixedWidth(self.menu_button.fontMetrics().horizontalAdvance("⋯⋯⋯"))
        self.menu_button.setToolTip(self.tr("More: reset, copy the key, the value or the "
                                            "msd config-set command"))
        self.menu_button.setAccessibleName(self.tr("More actions for {0}").format(fk.title))
        self.menu_button.clicked.connect(
            lambda: self.menu_requested.emit(
                fk.key, self.menu_button.mapToGlobal(self.menu_button.rect().bottomLeft())))
        head.addWidget(self.menu_button)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(
            lambda pos: self.menu_requested.emit(fk.key, self.mapToGlobal(pos)))
        layout.addLayout(head)
        # when the head does not hold title, key and default on one line, the key and the
        # default go down a line (and a line each when even that is too narrow): the whole
        # text shows instead of "cl…de" and "default: …" (those lines are made when first
        # needed: in a wide window no row needs them)
        self._head = head
        self._names: QHBoxLayout | None = None
        self._defaults: QHBoxLayout | None = None
        self.head_lines = 1
        self.head_plan = (True, True, True)
        self.description = muted(QLabel())
        self.description.setWordWrap(True)
        # from the top, as rich text drew it, should the row ever give it too little height
        self.description.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.description)
        editor.setToolTip(fk.description)
        name_controls(editor, fk.title, fk.description)
        layout.addWidget(editor)
        self._outlined = False  # the editor outlined in the error colour (invalid value)
        self._error: WrappingLabel | None = None  # made when the field first shows an error
        self._head_widths: tuple[int, int, int, int] | None = None  # title, key, default, Reset
        self.provenance = muted(WrappingLabel())  # quotes values from the files, as they are
        font = self.provenance.font()
        font.setPointSizeF(max(font.pointSizeF() * 0.9, 7.0))
        self.provenance.setFont(font)
        layout.addWidget(self.provenance)
        self._words: list[str] = []
        self._refreshed: tuple[Any, ...] | None = None  # what refresh() showed last

    @property
    def error(self) -> WrappingLabel:
        """The error next to the field, made the first time it is needed: most fields never
        show one, and a row's widgets are what a form of ~200 rows costs to build."""
        if self._error is None:
            # the core's message quotes the value: a long word (compact JSON, a path) wraps too
            label = self._error = WrappingLabel()
            tint(label, "error")
            label.hide()
            self._rows.insertWidget(self._rows.indexOf(self.editor) + 1, label)
        return self._error

    def refresh(self, model: ConfigFormModel, words: list[str] | None = None) -> None:
        if words is not None:
            self._words = words
        index = model.index(model.row_of(self.fk.key), 0)
        set_here = bool(model.data(index, NonDefaultRole))
        pending = bool(model.data(index, PendingRole))
        error = str(model.data(index, ErrorRole) or "")
        default = str(model.data(index, DefaultRole) or "")
        provenance = str(model.data(index, ProvenanceRole) or "")
        # the same texts as shown already (a form refilled for another project: most rows)
        title = str(model.data(index, TitleRole))
        description = str(model.data(index, DescriptionRole))
        shown = (tuple(self._words), set_here, pending, error, default, provenance, title,
                 description, self.tr("default: {0}"))
        if shown == self._refreshed:
            return
        self._refreshed = shown
        show_text(self.title, title, self._words)
        show_text(self.key_label, self.fk.key, self._words)
        show_text(self.description, description, self._words)
        self.default_label.setText(self.tr("default: {0}").format(default) if default else "")
        if pending:
            self.marker.setText("✎")
            self.marker.setToolTip(self.tr("Changed, not saved yet"))
            tint(self.marker, "info")
        elif set_here:
            self.marker.setText("●")
            self.marker.setToolTip(self.tr("Set in this file (not the default)"))
            tint(self.marker, "info")
        else:
            self.marker.setText("")
            self.marker.setToolTip("")
        self.reset_button.setEnabled(set_here)
        if error or self._error is not None:
            self.error.setText(visible_lines(short_error(error)))
            self.error.setToolTip(tooltip(error) if short_error(error) != error else "")
            self.error.setVisible(bool(error))
        self._outline(bool(error))
        self.provenance.setText(visible_lines(provenance))
        self._head_widths = None  # the texts changed: measured again
        if self.testAttribute(Qt.WidgetAttribute.WA_Resized):  # else its first resize does
            self.arrange_head()

    # -- the head's lines

    def _advance(self, label: QLabel) -> int:
        text = getattr(label, "plain", None)
        return label.fontMetrics().horizontalAdvance(
            text if isinstance(text, str) else label.text()) + 2

    def _measure_head(self) -> tuple[int, int, int, int]:
        """The head texts' natural widths (title, key, default, Reset), measured once per
        change of text, font or style: a row is resized many times as the form fills."""
        if self._head_widths is None:
            self._head_widths = (
                self._advance(self.title), self._advance(self.key_label),
                max(self._advance(self.default_label), self.default_label.sizeHint().width()),
                self.reset_button.sizeHint().width())
        return self._head_widths

    def _plan(self, width: int) -> tuple[bool, bool, bool]:
        """Where the head's parts go at ``width`` so every text shows whole: (all on one
        line, Reset and ⋯ beside the title, the default beside the key)."""
        gap = max(self._head.spacing(), 0)
        slack = 4  # rounding in the box layout

        def span(*widths: int) -> int:  # widgets side by side with the layout's gaps
            return sum(widths) + gap * (len(widths) - 1) + slack

        marker = self.marker.width()
        title, key, default, reset = self._measure_head()
        menu = self.menu_button.width()
        if span(marker, title, key, 12, default, reset, menu) <= width:
            return True, True, True
        beside_title = span(marker, title, reset, menu) <= width
        under = width - marker - gap  # the lines below start past the marker
        names = (span(key, 12, default) if beside_title
                 else span(key, 12, default, reset, menu))
        return False, beside_title, names <= under

    def arrange_head(self) -> None:
        """Put the key, the default and the buttons on the line(s) the row's width allows
        (title · key · default · Reset ⋯ when it fits; else the key and the default on the
        lines below the title)."""
        margins = self._rows.contentsMargins()
        plan = self._plan(self.width() - margins.left() - margins.right())
        if plan == self.head_plan:
            return
        self.head_plan = plan
        one_line, beside_title, default_beside_key = plan
        self.head_lines = 1 if one_line else 2 if default_beside_key else 3
        for box in (self._head, self._names, self._defaults):
            while box is not None and box.count():  # the widgets stay; spacers go
                box.takeAt(0)
        self._head.addWidget(self.marker)
        self._head.addWidget(self.title, 0 if one_line else 1)
        lines, defaults = (self._head, self._head) if one_line else self._lines()
        names = self._head if one_line else lines
        names.addWidget(self.key_label, 1)
        default_box = names if default_beside_key else defaults
        if default_beside_key:
            names.addSpacing(12)  # the key and "default: …" never touch
        default_box.addWidget(self.default_label, 0 if default_beside_key else 1)
        buttons = self._head if beside_title else lines
        buttons.addWidget(self.reset_button)
        buttons.addWidget(self.menu_button)
        self.default_label.setAlignment(Qt.AlignmentFlag.AlignRight if default_beside_key
                                        else Qt.AlignmentFlag.AlignLeft)

    def _lines(self) -> tuple[QHBoxLayout, QHBoxLayout]:
        """The lines under the title (the key's, the default's), made on first use."""
        if self._names is None or self._defaults is None:
            self._names, self._defaults = QHBoxLayout(), QHBoxLayout()
            indent = self.marker.width() + max(self._head.spacing(), 0)
            for i, box in enumerate((self._names, self._defaults)):  # past the marker
                box.setContentsMargins(indent, 0, 0, 0)
                self._rows.insertLayout(1 + i, box)
        return self._names, self._defaults

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.arrange_head()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._head_widths = None
        super().changeEvent(event)

    def _outline(self, on: bool) -> None:
        """A red outline around an invalid field (a stylesheet only while it is invalid; the
        class selector matches the editor itself, not its children)."""
        if on == self._outlined:
            return
        self._outlined = on
        editor = self.editor
        editor.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, on)
        color = semantic_color("error").name()
        name = editor.metaObject().className()
        editor.setStyleSheet(
            f".{name} {{ border: 2px solid {color}; border-radius: 3px; }}" if on else "")
        margin = 3 if on else 0
        layout = editor.layout()
        if layout is not None:
            layout.setContentsMargins(margin, margin, margin, margin)

    @property
    def outlined(self) -> bool:
        """Whether the field is outlined as invalid."""
        return self._outlined
