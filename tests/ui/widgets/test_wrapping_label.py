"""WrappingLabel: a word with no space in it (compact JSON, a path) wraps instead of setting the
label's minimum width; prose still breaks between words; every line is painted."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from msd_desktop.ui.widgets.wrapping_label import WrappingLabel
from tests.layout_checks import label_problems

COMPACT = ('Modified in: Project = {"enabled":true,"plan_level":true,"task_level":false,'
           '"skip_checkpoints":true,"max_concurrent_agents":3,"min_plans_for_parallel":2}')


def ink_rows(label: QWidget) -> list[int]:
    """The y of every pixel row of ``label`` with some text drawn on it."""
    image = label.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    background = QColor(Qt.GlobalColor.white).rgb()
    return [y for y in range(image.height())
            if any(image.pixel(x, y) != background for x in range(image.width()))]


def white(label: QLabel) -> QLabel:
    label.setAutoFillBackground(True)
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.Window, Qt.GlobalColor.white)
    palette.setColor(QPalette.ColorRole.WindowText, Qt.GlobalColor.black)
    label.setPalette(palette)
    return label


def test_a_long_word_does_not_set_the_minimum_width(qtbot: QtBot) -> None:
    plain = QLabel(COMPACT)
    plain.setWordWrap(True)
    label = WrappingLabel(COMPACT)
    qtbot.addWidget(plain)
    qtbot.addWidget(label)
    word = label.fontMetrics().horizontalAdvance(COMPACT.split()[-1])
    assert plain.minimumSizeHint().width() >= word  # what QLabel does: the word is a minimum
    assert label.minimumSizeHint().width() <= 12 * label.fontMetrics().averageCharWidth()
    line = label.fontMetrics().lineSpacing()
    assert label.heightForWidth(200) >= 3 * line  # the word goes on over the lines it needs
    assert label.heightForWidth(100) > label.heightForWidth(200)
    assert label.text() == COMPACT


def test_in_a_narrow_column_every_line_shows(qtbot: QtBot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    label = white(WrappingLabel(COMPACT))
    layout.addWidget(label)
    host.resize(220, 10)
    host.show()
    qtbot.waitExposed(host)
    host.resize(220, host.heightForWidth(220))
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()))
    assert host.minimumSizeHint().width() < 220
    assert label_problems(host) == []
    line = label.fontMetrics().lineSpacing()
    rows = ink_rows(label)
    lines = label.heightForWidth(label.width()) // line
    assert lines >= 4
    # text is drawn on the last line as on the first: nothing laid out is left unpainted
    assert rows
    assert rows[-1] >= (lines - 1) * line


def test_prose_breaks_between_words(qtbot: QtBot) -> None:
    label = white(WrappingLabel("aaaa bbbb"))
    qtbot.addWidget(label)
    metrics = label.fontMetrics()
    width = metrics.horizontalAdvance("aaaa bb")  # room for more than the first word
    label.resize(width, label.heightForWidth(width))
    label.show()
    qtbot.waitExposed(label)
    image = label.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    background = QColor(Qt.GlobalColor.white).rgb()
    first_word = metrics.horizontalAdvance("aaaa ")
    first_line = range(metrics.lineSpacing())
    # "bb" would sit right of "aaaa" on the first line if the word were cut
    assert not any(image.pixel(x, y) != background
                   for y in first_line for x in range(first_word, image.width()))
    assert label.heightForWidth(width) == 2 * metrics.lineSpacing()
