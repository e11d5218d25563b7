"""The live State tab: one project's STATE.md, ROADMAP and phases as the core reads them.

Read-only by design: this panel never writes STATE.md (or anything else). It displays a
:class:`StateView`, a flat copy of the core's ``ProjectState`` made by :func:`state_view_from_core`
— every fact (status line scene, normalized status, progress, phases, problems) is the core's;
the panel only lays it out.

When the core reports that STATE.md could not be parsed, the panel keeps showing the last good
state it had (the core's ``StateCache`` hands it back) under an error banner that names the
line. Reloads happen off the UI thread (see ``MainWindow``); :meth:`StatePanel.show_state` is
cheap (no file access), so a watcher event is shown on the next repaint.

The view itself is :mod:`~msd_desktop.ui.state.state_view`; the rendered STATE.md's rules are
:mod:`~msd_desktop.ui.state.markdown_body`.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QFont,
    QFontDatabase,
    QFontMetrics,
    QShowEvent,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QProgressBar,
    QSplitter,
    QStyle,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.ui.state.markdown_body import (
    MAX_BODY_CHARS,
    StateBody,
    calm_headings,
    hard_line_breaks,
)
from msd_desktop.ui.state.phase_list_model import PhaseListModel
from msd_desktop.ui.state.state_view import NO_VALUE, StateView
from msd_desktop.ui.state.wording import fill
from msd_desktop.ui.widgets.elided_label import ElidedLabel
from msd_desktop.ui.widgets.empty_hint import EmptyHint
from msd_desktop.ui.widgets.plain_text import plain_label, tooltip, visible, visible_lines
from msd_desktop.ui.widgets.theme import banner_style, semantic_color, status_color
from msd_desktop.ui.widgets.viewport import own_viewport
from msd_desktop.ui.widgets.wrapping_label import WrappingLabel

# lupdate reads only literal contexts: module-level texts are translate("StatePanel", "…")
translate = QCoreApplication.translate


def _list_widget(name: str, placeholder: str) -> QListWidget:
    lw = QListWidget()
    lw.setWordWrap(True)
    lw.setAlternatingRowColors(False)
    lw.setProperty("placeholder", placeholder)
    lw.setFrameShape(QFrame.Shape.NoFrame)
    lw.setResizeMode(QListWidget.ResizeMode.Adjust)  # items re-wrap to the width
    lw.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    lw.setAccessibleName(name)
    return lw


def _fill(lw: QListWidget, items: list[str]) -> None:
    lw.clear()
    if items:
        lw.addItems([visible_lines(i) for i in items[:MAX_LIST_ITEMS]])
        lw.setEnabled(True)
        lw.setAccessibleDescription("")
    else:  # the empty state: one centred, muted line saying what would be here
        hint = str(lw.property("placeholder"))
        item = QListWidgetItem(hint)
        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        item.setForeground(semantic_color("muted"))
        lw.addItem(item)
        lw.setEnabled(False)
        lw.setAccessibleDescription(hint)


MAX_LIST_ITEMS = 500  # blockers/decisions/todos shown at most (a hostile file may list millions)
FIT_SAMPLE_ROWS = 100  # rows measured to size the phase list (more never fit on screen anyway)
class FactLabel(WrappingLabel):
    """A fact of the State tab: its whole text, on the lines the box's width gives it.

    Why its minimum is one line: the minimum a wrapping label asks for is its text wrapped
    at a dozen characters, and six facts asked that together made the window's minimum
    height grow past 700 px. The form lays it out at its real width (height for width), so
    it still gets every line it needs there."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if not self.text():
            return hint
        one_line = self.fontMetrics().lineSpacing() + self._extra().height()
        return QSize(hint.width(), min(hint.height(), one_line))


class StatePanel(QWidget):
    """Shows a :class:`StateView`; ``shown`` fires after each update (tests wait for it)."""

    shown = Signal(object)  # StateView

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._view: StateView | None = None
        self._restyling = False
        self.setObjectName("StatePanel")

        # error banner (hidden unless STATE.md is broken)
        self.banner = QFrame()
        self.banner.setObjectName("banner")
        self.banner_label = plain_label(QLabel())
        self.banner_label.setWordWrap(True)
        self.banner_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bl = QHBoxLayout(self.banner)
        bl.setContentsMargins(10, 6, 10, 6)
        bl.addWidget(self.banner_label)
        self.banner.hide()

        # problems banner (consistency problems from the core)
        self.problems_frame = QFrame()
        self.problems_frame.setObjectName("banner")
        self.problems_label = plain_label(QLabel())
        self.problems_label.setWordWrap(True)
        pl = QHBoxLayout(self.problems_frame)
        pl.setContentsMargins(10, 6, 10, 6)
        pl.addWidget(self.problems_label)
        self.problems_frame.hide()

        # headline: the status line scene + a real progress bar
        self.statusline_label = plain_label(QLabel())
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSizeF(mono.pointSizeF() * 1.15)
        self.statusline_label.setFont(mono)
        self.statusline_label.setWordWrap(True)
        self.statusline_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.statusline_label.setToolTip(
            self.tr("The MSD status line segment, as the core renders it"))
        self.statusline_label.setAccessibleName(self.tr("Status line"))
        self.progress = QProgressBar()
        self.progress.setAccessibleName(self.tr("Milestone progress"))
        self.progress.setRange(0, 100)
        self.progress.setTextVisible(True)
        self.progress.setMinimumWidth(220)

        # the planning files in the person's own programs (every planning file, not only
        # config.json: STATE.md and ROADMAP.md are edited by hand too)
        self.open_button = QToolButton()
        self.open_button.setObjectName("StateOpenButton")
        self.open_button.setText(self.tr("Open"))
        self.open_button.setToolTip(self.tr("Open STATE.md or ROADMAP.md in your editor, or "
                                            "show the planning folder"))
        self.open_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        open_menu = QMenu(self.open_button)
        self.open_state_action = open_menu.addAction(self.tr("STATE.md in your editor"))
        self.open_state_action.triggered.connect(lambda: self.open_file("STATE.md"))
        self.open_roadmap_action = open_menu.addAction(self.tr("ROADMAP.md in your editor"))
        self.open_roadmap_action.triggered.connect(lambda: self.open_file("ROADMAP.md"))
        self.show_folder_action = open_menu.addAction(self.tr("Show the planning folder"))
        self.show_folder_action.triggered.connect(lambda: self.open_file("", folder=True))
        self.open_button.setMenu(open_menu)
        self.open_button.setEnabled(False)
        self.opened_note = plain_label(QLabel())  # what the desktop did with the last Open
        self.opened_note.setObjectName("StateOpenedNote")
        self.opened_note.hide()

        head = QHBoxLayout()
        head.addWidget(self.statusline_label, 1)
        head.addWidget(self.progress)
        head.addWidget(self.open_button)

        # facts
        self.fields: dict[str, QLabel] = {}
        self._titles: dict[str, str] = {}  # field → its title, for the accessible names
        self._why_empty: dict[str, str] = {}  # field → the tooltip of its "—"
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        for key, label, tip, why in (
            ("milestone", self.tr("Milestone"),
             self.tr("From milestone and milestone_name in STATE.md"),
             self.tr("STATE.md names no milestone")),
            ("phase", self.tr("Phase"), self.tr("The current phase, from STATE.md"),
             self.tr("STATE.md names no current phase")),
            ("plan", self.tr("Plan"), self.tr("The current plan, from STATE.md"),
             self.tr("STATE.md names no current plan")),
            ("status", self.tr("Status"),
             self.tr("The normalized status; the value's tooltip has the text STATE.md gives"),
             self.tr("STATE.md has no status")),
            ("next_action", self.tr("Next action"),
             self.tr("From next_action and next_phases in STATE.md"),
             self.tr("STATE.md names no next step, and none follows from its status")),
            ("last_activity", self.tr("Last activity"), self.tr("From last_activity in STATE.md"),
             self.tr("STATE.md records no last activity")),
        ):
            # the whole text, wrapped onto the lines it needs (a long word such as a path
            # breaks inside it): a fact cut to "…" sent people to the tooltip for the rest.
            # The status is one styled word.
            value: QLabel = (ElidedLabel(mode=Qt.TextElideMode.ElideMiddle) if key == "status"
                             else FactLabel())
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            title = plain_label(QLabel(self.tr("%1:").replace("%1", label)))
            title.setToolTip(tip)
            title.setBuddy(value)
            form.addRow(title, value)
            self.fields[key] = value
            self._titles[key] = label
            self._why_empty[key] = why
        facts = QGroupBox(self.tr("Position"))
        facts.setLayout(form)

        session_form = QFormLayout()
        session_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.session_fields: dict[str, QLabel] = {}
        for key, label, why in (
            ("last_session", self.tr("Last session"),
             self.tr("STATE.md records no last session")),
            ("stopped_at", self.tr("Stopped at"),
             self.tr("STATE.md does not say where the work stopped")),
            ("resume_file", self.tr("Resume file"),
             self.tr("STATE.md names no file to resume from")),
        ):
            # wrapped whole, a path too (it breaks inside the long word)
            value = FactLabel()
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            title = plain_label(QLabel(self.tr("%1:").replace("%1", label)))
            title.setBuddy(value)
            session_form.addRow(title, value)
            self.session_fields[key] = value
            self._titles[key] = label
            self._why_empty[key] = why
        session = QGroupBox(self.tr("Session continuity"))
        session.setLayout(session_form)

        top = QHBoxLayout()
        # no stretch factors: both boxes get their full width when it fits, and shrink
        # (eliding) in proportion when it does not
        top.addWidget(facts)
        top.addWidget(session)

        # phases
        self.phase_model = PhaseListModel(self)
        self.phase_table = QTableView()
        own_viewport(self.phase_table)  # no C++-made viewport for PySide6 to type
        self.phase_table.setModel(self.phase_model)
        self.phase_table.verticalHeader().hide()
        self.phase_table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.phase_table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.phase_table.setAlternatingRowColors(True)
        # one line per phase: a long name is elided (the row's tooltip has it), never wrapped
        # into a two-line "Tax / Calc…" cell; wide enough for every column but a short Name
        self.phase_table.setWordWrap(False)
        self.phase_table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move in it
        self.phase_table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.phase_table.setMinimumWidth(330)
        self.phase_table.setAccessibleName(self.tr("Phases of the current milestone"))
        hh = self.phase_table.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        # columns sized to the rows on screen and around them, not to all 1000 a hostile
        # roadmap may list: each resize of the window would measure every row
        hh.setResizeContentsPrecision(FIT_SAMPLE_ROWS)
        self.phase_hint = EmptyHint(self.phase_table, self._phases_hint_text, margin=8)

        # context lists
        self.blockers = _list_widget(self.tr("Blockers"),
                                     self.tr("No blockers recorded in STATE.md"))
        self.decisions = _list_widget(self.tr("Decisions"),
                                      self.tr("No decisions recorded in STATE.md"))
        self.todos = _list_widget(self.tr("Pending todos"),
                                  self.tr("No pending todos in STATE.md"))
        self.context_tabs = QTabWidget()
        self.context_tabs.setDocumentMode(True)
        self.context_tabs.setAccessibleName(self.tr("Blockers, decisions and pending todos"))
        self.context_tabs.tabBar().setAccessibleName(
            self.tr("Blockers, decisions and pending todos"))
        self.context_tabs.addTab(self.blockers, self.tr("Blockers"))
        self.context_tabs.addTab(self.decisions, self.tr("Decisions"))
        self.context_tabs.addTab(self.todos, self.tr("Pending todos"))

        left = QSplitter(Qt.Orientation.Vertical)
        phases_box = QGroupBox(self.tr("Phases"))
        QVBoxLayout(phases_box).addWidget(self.phase_table)
        left.addWidget(phases_box)
        left.addWidget(self.context_tabs)
        left.setStretchFactor(0, 3)
        left.setStretchFactor(1, 2)
        left.setChildrenCollapsible(False)
        self.left_splitter = left
        self.phases_box = phases_box
        self._phases_fitted = False  # the phase list sized to its rows once (then the user's)
        # until the person drags a splitter, the fit follows the window's size
        self._user_sized = False
        self._fitted_rows = -1  # the phase count the fit was made for
        self._refit_pending = False
        left.splitterMoved.connect(self._splitter_dragged)
        left.installEventFilter(self)

        # the Markdown body
        self.body = StateBody()
        self.body.setOpenLinks(False)
        self.body.setToolTip(self.tr("STATE.md rendered (read-only)"))
        self.body.setAccessibleName(self.tr("STATE.md, rendered (read-only)"))
        self.body.setPlaceholderText(self.tr("STATE.md has no text below its header."))
        body_box = QGroupBox("STATE.md")  # the file's name: the same in every language
        QVBoxLayout(body_box).addWidget(self.body)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(body_box)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        split.splitterMoved.connect(self._splitter_dragged)
        self.splitter = split

        # the whole tab's empty state: no project yet, or a project without STATE.md
        self.empty_label = plain_label(QLabel(self._no_project_text()))
        self.empty_label.setObjectName("StateEmpty")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setMaximumWidth(640)
        self.empty_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addWidget(self.problems_frame)
        layout.addLayout(head)
        layout.addWidget(self.opened_note)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addWidget(self.empty_label, 1, Qt.AlignmentFlag.AlignHCenter)
        # Tab runs as laid out: the phases, the context lists (tab bar, then the list shown),
        # the rendered file
        QWidget.setTabOrder(self.phase_table, self.context_tabs)
        QWidget.setTabOrder(self.context_tabs, self.blockers)
        QWidget.setTabOrder(self.blockers, self.decisions)
        QWidget.setTabOrder(self.decisions, self.todos)
        QWidget.setTabOrder(self.todos, self.body)
        self._apply_styles()
        self._set_content_visible(False)

    def _no_project_text(self) -> str:
        return self.tr("Select a project to see its state.")

    def _missing_text(self) -> str:
        # the command on a line of its own: it never breaks at a hyphen, and copies whole
        return self.tr(
            "This project has no STATE.md yet.\n\n"
            "STATE.md, in the project's .planning folder, is where MSD keeps track of where "
            "the work stands: the milestone, the current phase and plan, the status and the "
            "next step. It is written when the project is set up; to set it up, run this in "
            "your coding agent:\n\n/msd-new-project\n\n"
            "(or create the project here with File → New project…)")

    def _phases_hint_text(self) -> str:
        if self._view is None or self._view.missing:
            return self.tr("No phases to show.")
        return self.tr("ROADMAP.md lists no phases for the current milestone yet. "
                       "The roadmap is written by:\n/msd-new-project (the first milestone)\n"
                       "/msd-new-milestone (the next one)")

    # -- public

    def state_view(self) -> StateView | None:
        return self._view

    def open_file(self, name: str, *, folder: bool = False) -> None:
        """Open ``name`` of the project's planning folder in the desktop's program for it, or
        (``folder``) the planning folder itself; off the window's thread (see open_file)."""
        view = self._view
        pdir = view.planning_dir if view is not None else None
        if pdir is None:
            return
        path = pdir / name if name else pdir / "STATE.md"
        shown = pdir if folder else path
        if not folder and not path.is_file():
            self._say_opened(self.tr("{0} does not exist.").format(visible(shown)))
            return

        def done(opened: bool) -> None:
            self._say_opened(
                self.tr("Opened {0} with your desktop's program.").format(visible(shown))
                if opened else self.tr("Nothing on this desktop opens {0}: open it yourself.")
                .format(visible(shown)))

        from msd_desktop.ui.widgets.open_file import open_with_desktop

        open_with_desktop(path, self, done, folder=folder)

    def _say_opened(self, text: str) -> None:
        self.opened_note.setText(text)
        self.opened_note.show()

    def show_state(self, view: StateView) -> None:
        """Display ``view`` (cheap: no file access)."""
        if self._view is None or self._view.root != view.root:
            self.opened_note.hide()  # what was said of another project's file
        self._view = view
        self.open_button.setEnabled(view.planning_dir is not None)
        # One repaint for the whole update: e.g. QProgressBar.setValue repaints at once
        # (synchronously) while updates are enabled.
        self.setUpdatesEnabled(False)
        try:
            self._fill_view(view)
        finally:
            self.setUpdatesEnabled(True)
        self.shown.emit(view)

    def show_problem(self, problem: str) -> None:
        """The state could not be loaded at all (the load raised or timed out): say so in
        the banner; what was shown before stays (it is still the last good state)."""
        what = (self.tr("Showing the state read before.") if self._view is not None
                else self.tr("Nothing else could be read."))
        if self._view is None:
            self._set_content_visible(False)
            self.empty_label.setText(self.tr("The state of this project could not be read."))
        self.banner_label.setText(
            fill(self.tr("STATE.md could not be read: %1"), visible_lines(problem)) + "\n" + what)
        self.banner.show()

    def _fill_view(self, view: StateView) -> None:
        self._set_content_visible(True)
        if view.error:
            what = (fill(self.tr("Showing the last good state, read %1."),
                         time.strftime("%H:%M:%S", time.localtime(view.loaded_at)))
                    if view.showing_last_good else self.tr("No earlier good state to show."))
            self.banner_label.setText(  # the core's words, said to be the file check's
                fill(self.tr("STATE.md could not be read. The file check says: %1"),
                     visible_lines(view.error)) + "\n" + what)
            self.banner.show()
        else:
            self.banner.hide()
        if view.problems:
            shown = view.problems[:MAX_LIST_ITEMS]
            items = "".join("\n• " + visible_lines(p) for p in shown)
            self.problems_label.setText(
                self.tr("The file check found %n problem(s):", "", len(view.problems)) + items)
            self.problems_frame.show()
        else:
            self.problems_frame.hide()

        from msd_desktop.ui.widgets.status_text import status_word, statusline_words

        if view.missing and view.error:  # there is one, but it could not be read
            self.statusline_label.setText(self.tr("STATE.md could not be read (see above)"))
        elif view.missing:
            self.statusline_label.setText(self.tr("No STATE.md in this project yet"))
        else:
            self.statusline_label.setText(visible(statusline_words(view.statusline_full))
                                          or self.tr("(empty status line)"))
        self.statusline_label.setAccessibleName(fill(
            self.tr("%1: %2"), self.tr("Status line"), self.statusline_label.text()))
        self.statusline_label.setToolTip(tooltip(fill(
            self.tr("Full: %1\nCompact: %2"), statusline_words(view.statusline_full),
            statusline_words(view.statusline_compact))))
        if view.percent is None:
            self.progress.setValue(0)
            self.progress.setFormat(self.tr("no progress data"))
        else:
            self.progress.setValue(max(0, min(100, view.percent)))
            self.progress.setFormat(fill(self.tr("%1%"), str(view.percent)))

        self._set_field("milestone", view.milestone)
        self._set_field("phase", view.phase)
        self._set_field("plan", view.plan)
        shown_status = status_word(view.status)
        self._set_field("status", shown_status,
                        fill(self.tr("STATE.md says: %1"), view.status_raw)
                        if view.status_raw and view.status_raw != shown_status else "")
        status = self.fields["status"]
        color = status_color(view.status)
        status.setStyleSheet(f"color: {color.name()}; font-weight: bold;" if color else "")
        self._set_field("next_action", view.next_action)
        self._set_field("last_activity", view.last_activity)
        self._set_field("last_session", view.last_session)
        self._set_field("stopped_at", view.stopped_at)
        self._set_field("resume_file", view.resume_file)

        self.phase_model.set_rows(view.phases)
        self.phase_hint.refresh()  # its text depends on the state, not only on the rows
        self.phases_box.setTitle(self.tr("%n phase(s) in this milestone", "", len(view.phases))
                                 if view.phases else self.tr("Phases"))
        if self.isVisible() and (not self._phases_fitted or (
                not self._user_sized and self._fitted_rows != len(view.phases))):
            self._fit_phases()  # (not on every reload: only when the roadmap changed size)
        _fill(self.blockers, view.blockers)
        _fill(self.decisions, view.decisions)
        _fill(self.todos, view.todos)
        self.context_tabs.setTabText(0, fill(self.tr("Blockers (%1)"), str(len(view.blockers))))
        self.context_tabs.setTabText(1, fill(self.tr("Decisions (%1)"),
                                             str(len(view.decisions))))
        self.context_tabs.setTabText(2, fill(self.tr("Pending todos (%1)"),
                                             str(len(view.todos))))
        if view.blockers:
            self.context_tabs.tabBar().setTabTextColor(0, semantic_color("error"))
        else:
            self.context_tabs.tabBar().setTabTextColor(0, self.palette().text().color())

        scroll = self.body.verticalScrollBar().value()
        body = view.body_markdown
        if len(body) > MAX_BODY_CHARS:
            body = (body[:MAX_BODY_CHARS] + "\n\n*"
                    + self.tr("(STATE.md is longer; the rest is not shown)") + "*")
        # raw HTML in STATE.md stays text: it must not restyle or fake what the tab shows
        self.body.document().setMarkdown(hard_line_breaks(body), QTextDocument.MarkdownFeature(
            QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value
            | QTextDocument.MarkdownFeature.MarkdownNoHTML.value))
        calm_headings(self.body.document())
        # the caret to the top: left at the end, a later relayout (the tab shown, a resize)
        # scrolls to it and the file opens at its last line
        cursor = self.body.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        self.body.setTextCursor(cursor)
        self.body.verticalScrollBar().setValue(scroll)
        if view.missing and not view.error:
            # the whole tab's empty state says what STATE.md is and what writes it; problems
            # the file check found elsewhere (ROADMAP.md, phases) still show above it
            self._set_content_visible(False)
            text = self._missing_text()
            if view.phases:  # a roadmap without a state file: say what is there
                text += "\n\n" + self.tr("ROADMAP.md lists %n phase(s) for the current "
                                           "milestone.", "", len(view.phases))
            self.empty_label.setText(text)
            self.problems_frame.setVisible(bool(view.problems))

    def _set_field(self, key: str, value: str, tip: str = "") -> None:
        """A fact, or "—" with a tooltip saying why it is empty; a screen reader hears the
        field's title with its value."""
        label = self.fields.get(key) or self.session_fields[key]
        shown = visible(value) if value else ""
        label.setText(shown or NO_VALUE)
        if not shown:
            label.setToolTip(self._why_empty[key])
        else:  # "" lets the label show its full text as the tooltip while elided
            label.setToolTip(tooltip(tip) if tip else "")
        label.setAccessibleName(fill(self.tr("%1: %2"), self._titles[key], shown or NO_VALUE))
        label.setAccessibleDescription("" if shown else self._why_empty[key])

    def clear(self) -> None:
        self._view = None
        self.open_button.setEnabled(False)
        self.opened_note.hide()
        self._set_content_visible(False)
        self.empty_label.setText(self._no_project_text())

    # -- internals

    def _splitter_dragged(self, *_args: object) -> None:
        self._user_sized = True  # setSizes does not emit splitterMoved: only a drag does

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # the splitters change size with the window and with the rows above them (banners,
        # a wrapped status line): the fit follows until the person drags a splitter
        if (event.type() == QEvent.Type.Resize and self._view is not None
                and not self._user_sized and not self._refit_pending):
            self._refit_pending = True  # once per burst of resizes, after the layout settles
            QTimer.singleShot(0, self, self._refit)
        return False

    def _refit(self) -> None:
        self._refit_pending = False
        if not self._user_sized:
            self._fit_phases()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._phases_fitted and self._view is not None:
            QTimer.singleShot(0, self, self._fit_phases)

    def _fit_phases(self) -> None:
        """Give the phase list the height its rows need (at most 60 %), the context lists
        the rest — a short roadmap should not leave a tall empty table — and the width its
        columns need."""
        total = sum(self.left_splitter.sizes())
        if total <= 0 or not self.isVisible():
            return
        table = self.phase_table
        rows = sum(table.rowHeight(r)
                   for r in range(min(self.phase_model.rowCount(), FIT_SAMPLE_ROWS)))
        chrome = self.phases_box.height() - table.viewport().height()
        scrollbar = table.horizontalScrollBar()
        if scrollbar.isVisible():
            rows += scrollbar.height()
        wanted = max(rows + chrome + table.verticalHeader().defaultSectionSize() // 2, 140)
        phases = min(wanted, int(total * 0.6))
        self.left_splitter.setSizes([phases, total - phases])
        # across: the phase list as wide as its columns' content (whole names), between half
        # and 60 % of the width; the rendered STATE.md wraps in the rest
        width = sum(self.splitter.sizes())
        header = table.horizontalHeader()
        # the header has sized the other columns to their content already; the (stretched)
        # names are measured on the first rows only: a hostile roadmap lists 1000
        bold = QFont(table.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        names = [row.name for row in self.phase_model.rows()[:FIT_SAMPLE_ROWS]]
        name_width = max([metrics.horizontalAdvance(n) for n in names]
                         + [header.sectionSizeHint(1)]) + 2 * table.style().pixelMetric(
                             QStyle.PixelMetric.PM_FocusFrameHMargin) + 8
        columns = name_width + sum(header.sectionSize(c)
                                   for c in range(self.phase_model.columnCount()) if c != 1)
        box_chrome = self.phases_box.width() - table.viewport().width()
        needed = columns + box_chrome + table.verticalScrollBar().sizeHint().width()
        left_width = max(width // 2, min(needed, int(width * 0.6)))
        self.splitter.setSizes([left_width, width - left_width])
        self._phases_fitted = True
        self._fitted_rows = self.phase_model.rowCount()

    def _set_content_visible(self, visible: bool) -> None:
        for w in (self.statusline_label, self.progress, self.splitter):
            w.setVisible(visible)
        for box in self.findChildren(QGroupBox):
            if box.parent() is self:
                box.setVisible(visible)
        self.empty_label.setVisible(not visible)
        if not visible:
            self.banner.hide()
            self.problems_frame.hide()

    def _apply_styles(self) -> None:
        self.banner.setStyleSheet(banner_style("error"))
        self.problems_frame.setStyleSheet(banner_style("warning"))
        bold = QFont(self.statusline_label.font())
        bold.setBold(True)
        self.statusline_label.setFont(bold)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and not self._restyling:
            self._restyling = True  # restyling children must not recurse into here
            try:
                self._apply_styles()
            finally:
                self._restyling = False
        super().changeEvent(event)
