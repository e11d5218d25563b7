"""Table columns as wide as their content while there is room, narrower names when there is not.

Why: "stretch every column" spreads a 15-letter project name over 500 px in a wide window, and
"resize to contents" makes a narrow window scroll sideways. Here each column gets its content
width (cells and title); the last one takes what is left; and when the window is too narrow,
only the columns named as shrinkable (names, values: elided in the middle, the full text in
their tooltip) give up width, in proportion to what each has above a floor.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QHeaderView, QTableView

Stage = tuple[Sequence[int], int]  # (columns that may give up width, down to this many px)


def fit_widths(widths: Sequence[int], available: int, stages: Sequence[Stage]) -> list[int]:
    """``widths`` as they are when they fit in ``available``; else each stage in turn takes
    the width still missing from its columns, in proportion to what each has above the
    stage's floor, until the columns fit (the columns no stage names keep theirs)."""
    out = list(widths)
    for columns, floor in stages:
        excess = sum(out) - available
        if excess <= 0:
            break
        room = {c: max(out[c] - floor, 0) for c in columns if 0 <= c < len(out)}
        total = sum(room.values())
        if total <= 0:
            continue
        take = min(excess, total)
        for c, spare in room.items():
            out[c] -= -(-take * spare // total)  # rounded up: the sum lands within the width
    return out


def fitted(widths: Sequence[int], available: int, shrink: Sequence[int],
           floor: int, first: Sequence[int] = ()) -> list[int]:
    """``widths`` when they fit in ``available``; else the ``first`` columns give up the
    width missing, then the ``shrink`` columns, each in proportion to its width above
    ``floor``."""
    return fit_widths(widths, available, ((first, floor), (shrink, floor)))


class ColumnFit(QObject):
    """Keeps ``view``'s columns fitted as its viewport resizes and its model resets; the
    width left over goes to the ``stretch`` column (the last one unless told); ``first``
    columns (long notes) give up width before the ``shrink`` ones (names)."""

    def __init__(self, view: QTableView, shrink: Sequence[int], floor: int = 72,
                 stretch: int | None = None, first: Sequence[int] = ()) -> None:
        super().__init__(view)
        self._view = view
        self._shrink = tuple(shrink)
        self._first = tuple(first)
        self._floor = floor
        self._stretch = stretch
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(stretch is None)
        view.viewport().installEventFilter(self)
        model = view.model()
        # (new header titles: a language switch, whose titles may be wider)
        for signal in (model.modelReset, model.layoutChanged, model.rowsInserted,
                       model.headerDataChanged):
            signal.connect(self.fit)
        self.fit()

    def fit(self, *_args: object) -> None:
        view = self._view
        model = view.model()
        if model is None or model.columnCount() == 0:
            return
        header = view.horizontalHeader()
        widths = [max(view.sizeHintForColumn(c), header.sectionSizeHint(c))
                  for c in range(model.columnCount())]
        available = view.viewport().width()
        widths = fitted(widths, available, self._shrink, self._floor, self._first)
        if self._stretch is not None and 0 <= self._stretch < len(widths):
            widths[self._stretch] += max(available - sum(widths), 0)
        for c, width in enumerate(widths):
            header.resizeSection(c, width)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False
