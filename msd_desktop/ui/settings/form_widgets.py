"""Small widgets of the Settings form, shared by its rows and its panel.

Why a module of their own: the form's rows (:mod:`~msd_desktop.ui.settings.key_row`) and
its panel (:mod:`~msd_desktop.ui.settings.form`) both use them, and none of them knows about
drafts, files or the schema — a semantic colour, accessible names for an editor's inputs, the
labels of a row's head that elide instead of widening the form, the search highlight (escaped
file text), the short form of ``config-set``'s unknown-key message, and the banner strip (its
message is always plain text: it quotes paths).
"""

from __future__ import annotations

import re
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QPainter,
    QPaintEvent,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.ui.widgets.core_text import valid_keys_tails
from msd_desktop.ui.widgets.plain_text import escape_html, plain_label, tooltip
from msd_desktop.ui.widgets.theme import banner_style, semantic_color


def tint(widget: QWidget, color: str) -> None:
    """Text in a semantic colour. A palette, not a stylesheet: a per-widget stylesheet costs
    a style object and a re-polish per widget, and the form builds several per row."""
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.WindowText, semantic_color(color))
    widget.setPalette(palette)


LabelT = TypeVar("LabelT", bound=QLabel)


def muted(label: LabelT) -> LabelT:
    """``label`` in the muted colour (the same label back, for chaining)."""
    tint(label, "muted")
    return label


def name_clear_button(line: QLineEdit, name: str) -> None:
    """A line edit's clear button (Qt's own, an icon only) gets a name and a tooltip."""
    from PySide6.QtWidgets import QToolButton

    for button in line.findChildren(QToolButton):
        if not button.accessibleName():
            button.setAccessibleName(name)
            button.setToolTip(name)


_NAMED_CONTROLS = (QCheckBox, QComboBox, QLineEdit, QAbstractSpinBox, QPlainTextEdit,
                   QAbstractItemView)


def name_controls(editor: QWidget, title: str, description: str) -> None:
    """Give an editor's inputs the setting's title as their accessible name (and its
    description) unless they have one of their own: a screen reader then says "Max
    concurrent agents, spin box", not the value or "(default)"."""
    for widget in [editor, *editor.findChildren(QWidget)]:
        if isinstance(widget, QLineEdit):
            name_clear_button(widget, QCoreApplication.translate(
                "SettingsForm", "Clear {0}").format(title))
        if isinstance(widget, _NAMED_CONTROLS):
            if not widget.accessibleName():
                widget.setAccessibleName(title)
            if not widget.accessibleDescription() and description:
                widget.setAccessibleDescription(description)


class FittedLabel(QLabel):
    """A one-line label of a setting's head (its title, its dotted key) that elides when the
    row is narrow (``claude_md_…_mode``) instead of being clipped into its neighbour or
    widening the form; the full text is the tooltip. ``text()`` is what was set (a search
    highlights it as rich text, shown whole when it fits); ``plain`` is what it says."""

    def __init__(self, plain: str, mode: Qt.TextElideMode, parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.plain = plain
        self.mode = mode
        self.setToolTip(tooltip(plain))

    def set_plain(self, plain: str) -> None:
        self.plain = plain
        self.setToolTip(tooltip(plain))

    def minimumSizeHint(self) -> QSize:
        return QSize(min(40, super().sizeHint().width()), super().minimumSizeHint().height())

    def is_elided(self) -> bool:
        return self.fontMetrics().horizontalAdvance(self.plain) > self.contentsRect().width()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.is_elided():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.plain, self.mode, rect.width())
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         text)


class TitleLabel(FittedLabel):
    """A setting's title: kept whole up to ~28 characters (the key and the default give way
    first), elided at the end beyond that."""

    KEPT_CHARS = 28

    def minimumSizeHint(self) -> QSize:
        keep = min(self.fontMetrics().horizontalAdvance(self.plain),
                   self.fontMetrics().averageCharWidth() * self.KEPT_CHARS)
        return QSize(keep + 2, super().minimumSizeHint().height())


class KeyNameLabel(FittedLabel):
    """The dotted key beside a setting's title, elided in the middle; it gives way first."""

    def __init__(self, key: str, parent: QWidget | None = None) -> None:
        super().__init__(key, Qt.TextElideMode.ElideMiddle, parent)
        self.key = key
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        # never squeezed to nothing: at least "cl…de" stays (the tooltip has the rest)
        self.setMinimumWidth(min(self.fontMetrics().horizontalAdvance(key),
                                 self.fontMetrics().averageCharWidth() * 7))


def show_text(label: QLabel, text: str, words: list[str]) -> None:
    """``text`` in ``label``: plain, or rich text with the search words highlighted.

    Why not always rich text: a rich-text label lays its text out through a text document,
    which made a row's labels several times dearer to show and wrap; only a search
    needs the highlight."""
    if words:
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setText(highlight(text, words))
    else:
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setText(text)


def highlight(text: str, words: list[str]) -> str:
    """HTML-escaped ``text`` with every search word highlighted (case-insensitive)."""
    escaped = escape_html(text)
    if not words:
        return escaped
    bg = semantic_color("warning_bg").name()
    fg = semantic_color("warning").name()
    pattern = re.compile("|".join(re.escape(escape_html(w)) for w in words), re.IGNORECASE)
    return pattern.sub(
        lambda m: f'<span style="background:{bg}; color:{fg};">{m.group(0)}</span>', escaped
    )


def short_error(message: str) -> str:
    """An error as shown by a field: ``config-set``'s unknown-key message ends with every valid
    key (~200 of them); the field shows the sentence before it and keeps the whole text as its
    tooltip."""
    for tail in valid_keys_tails():
        head, sep, _rest = message.partition(tail)
        if sep:
            return QCoreApplication.translate(
                "SettingsForm", "{0}. (Hover for the valid keys.)").format(head)
    return message


class Banner(QFrame):
    """A coloured strip with a message and buttons."""

    def __init__(self, kind: str = "warning", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.kind = kind
        self._styled: str | None = None  # the kind the stylesheet is for (set when shown)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        row = QHBoxLayout()
        self.label = plain_label(QLabel())  # messages quote paths and file text
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row.addWidget(self.label, 1)
        self.buttons = QHBoxLayout()
        row.addLayout(self.buttons)
        layout.addLayout(row)
        self._details: QPlainTextEdit | None = None
        self.hide()

    @property
    def details(self) -> QPlainTextEdit:
        """The hidden text box under the message (a diff), built on first use: most banners
        never show one (a text editor is among the dearest widgets to create)."""
        if self._details is None:
            details = QPlainTextEdit()
            details.setReadOnly(True)
            details.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
            details.setMaximumHeight(160)
            details.hide()
            DiffHighlighter(details.document())
            layout = self.layout()
            assert layout is not None
            layout.addWidget(details)
            self._details = details
        return self._details

    def hide_details(self) -> None:
        if self._details is not None:
            self._details.hide()

    def set_kind(self, kind: str) -> None:
        self.kind = kind
        if not self.isHidden():
            self._apply_style()

    def setVisible(self, visible: bool) -> None:
        # Most banners are never shown: style them (a stylesheet, for the frame) on first show.
        if visible:
            self._apply_style()
        super().setVisible(visible)

    def _apply_style(self) -> None:
        if self._styled != self.kind:
            self._styled = self.kind
            self.setStyleSheet(banner_style(self.kind))

    def add_button(self, text: str) -> QPushButton:
        button = QPushButton(text)
        self.buttons.addWidget(button)
        return button


class DiffHighlighter(QSyntaxHighlighter):
    """Colours unified-diff lines: additions, removals, hunk headers."""

    def highlightBlock(self, text: str) -> None:
        fmt = QTextCharFormat()
        if text.startswith(("+++", "---")):
            fmt.setFontWeight(QFont.Weight.Bold)
        elif text.startswith("+"):
            fmt.setForeground(semantic_color("ok"))
            fmt.setBackground(_alpha(semantic_color("ok"), 40))
        elif text.startswith("-"):
            fmt.setForeground(semantic_color("error"))
            fmt.setBackground(_alpha(semantic_color("error"), 40))
        elif text.startswith("@@"):
            fmt.setForeground(semantic_color("info"))
        else:
            return
        self.setFormat(0, len(text), fmt)


def _alpha(color: QColor, alpha: int) -> QColor:
    out = QColor(color)
    out.setAlpha(alpha)
    return out
