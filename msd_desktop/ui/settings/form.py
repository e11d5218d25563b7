"""The Settings tab: a config editor generated from the schema.

Structure: :class:`ConfigFormPanel` owns one :class:`~msd_desktop.core.config.draft.ConfigDraft`
(the file of the selected scope plus pending edits) and one ``LoadedConfig`` (provenance). The
rows come from :class:`~msd_desktop.ui.settings.form_model.ConfigFormModel`; the proxy decides
which rows are visible (search, "modified only"); each row's editor comes from the registry in
:mod:`msd_desktop.ui.widgets.editors`. Nothing here knows a key by name except through the
registry's hints: validation, defaults, provenance and writing are the core's.

The form is split by what each part does: the rows are built lazily by its base class
(:mod:`~msd_desktop.ui.settings.lazy_form`), one row is a
:class:`~msd_desktop.ui.settings.key_row.KeyRowWidget`, the small widgets they share are in
:mod:`~msd_desktop.ui.settings.form_widgets`, following the file on disk is the layer
:mod:`~msd_desktop.ui.settings.disk_sync` (with the file's one watch,
:mod:`~msd_desktop.ui.settings.file_watch`), a save runs in
:mod:`~msd_desktop.ui.settings.save_worker` and the JSON and API keys pages are joined in
:mod:`~msd_desktop.ui.settings.side_pages`. This module holds the panel: the file and its
draft, scope, editing, Save, the filter and the chrome.

Every change in a field (each keystroke, toggle, choice) goes into the draft at once, as a
command on the file's undo stack (:mod:`msd_desktop.ui.settings.undo`): the draft always holds
what the fields show, and Save (Ctrl+S, the window's action from anywhere) writes exactly that.
Undo / Redo cover every field, Reset and Revert. Drafts and their undo history belong to the
window's :class:`~msd_desktop.ui.settings.sessions.EditSessions` (one per file), so switching
project, workstream or scope keeps them; the window asks before it closes with unsaved edits.

The file is watched once (see disk_sync: in the main window by its workspace watch, which calls
``on_files_changed``; otherwise, and for ``~/.msd/defaults.json``, by the form's own watch): a
change on disk with no draft reloads; with a draft, a banner offers Reload or Keep mine and
shows the difference first. Nothing is lost silently. Our own writes besides Save (the keyring
moves, the API keys panel's sentinel) leave content we recognise by its fingerprint: the form
reloads without calling it an outside change.

Words: the schema's titles, descriptions, section names and option help are shown in the
window's language (looked up in the ``schema`` context, see
:mod:`msd_desktop.core.config.schema_texts`), and the search matches the shown text and the
key name; key names, values and paths stay as they are. A row's head (title, key, default,
buttons) elides instead of overlapping or widening the form; Tab follows the form's order.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QKeySequence,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.config.draft import (
    TEXT_KEY,
    ConfigDraft,
    Scope,
    register_draft,
    scope_path,
    unregister_draft,
)
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.store import LoadedConfig, load_config
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings.form_model import (
    ConfigFilterProxyModel,
    ConfigFormModel,
    SectionRole,
    SectionTocModel,
)
from msd_desktop.ui.settings.form_widgets import Banner, muted, name_clear_button, tint
from msd_desktop.ui.settings.key_row import ELIDED_MAX_HINT
from msd_desktop.ui.settings.lazy_form import FILTER_BUDGET_MS
from msd_desktop.ui.settings.row_actions import RowActions
from msd_desktop.ui.settings.sessions import EditSessions
from msd_desktop.ui.settings.side_pages import SidePagesForm
from msd_desktop.ui.settings.undo import (
    EditSession,
    UndoKeyFilter,
    counts,
    edit_text,
    reset_text,
    revert_text,
    unsaved_keys,
)
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.editors import display
from msd_desktop.ui.widgets.elided_label import ElidedLabel
from msd_desktop.ui.widgets.plain_text import (
    plain_label,
    visible,
    visible_lines,
)
from msd_desktop.ui.widgets.shortcuts import redo_keys

if TYPE_CHECKING:
    from msd_desktop.ui.settings.json_page import JsonSettingsPage

# ---- modal questions (one function each, so a test replaces one call) ----------------------


def ask_discard_changes(parent: QWidget, what: str) -> bool:
    """Ask whether pending edits may be discarded (scope switch, reload)."""
    from PySide6.QtWidgets import QMessageBox  # on first use: most sessions never ask

    answer = QMessageBox.question(
        parent, QCoreApplication.translate("SettingsForm", "Discard unsaved settings?"),
        QCoreApplication.translate(
            "SettingsForm", "You have unsaved settings. {0} discards them. Continue?").format(what),
        QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Discard


# ---- the panel ------------------------------------------------------------------------------


class ConfigFormPanel(SidePagesForm):
    """The Settings tab for one project."""

    draft_changed = Signal()  # any edit, revert, reload or scope switch
    scope_changed = Signal(object)  # Scope
    undo_stack_changed = Signal(object)  # the QUndoStack of the file now shown

    def __init__(
        self,
        project: ProjectRef,
        env: Mapping[str, str] | None = None,
        parent: QWidget | None = None,
        sessions: EditSessions | None = None,
    ) -> None:
        super().__init__(parent)
        # The window's sessions keep drafts alive across projects; alone, the form has its own.
        self.sessions = sessions if sessions is not None else EditSessions(self)
        self.session: EditSession | None = None
        self._undo_filter = UndoKeyFilter(lambda: self.undo_stack, self)
        self.row_actions = RowActions(self)
        app = QApplication.instance()
        if isinstance(app, QApplication):  # typing in another field starts a new undo step
            app.focusChanged.connect(self._focus_moved)
        self.project = project
        self.root = Path(project.root)
        self.env = dict(os.environ if env is None else env)
        self.workstream = project.active_workstream or None
        self.scope = Scope.PROJECT
        self.draft: ConfigDraft | None = None
        self.loaded: LoadedConfig | None = None
        self._save_again = False  # Save was asked again while a save ran
        self.model = ConfigFormModel(self)
        self.proxy = ConfigFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.toc_model = SectionTocModel(self.proxy, self)
        self._know_keys()  # rows are built lazily (lazy_form)
        self._build()
        self.load_scope(Scope.PROJECT)

    # ---- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        bar = QHBoxLayout()
        scope_label = QLabel(self.tr("&Scope:"))
        bar.addWidget(scope_label)
        self.scope_combo = QComboBox()
        scope_label.setBuddy(self.scope_combo)
        self.scope_combo.setAccessibleName(self.tr("Scope"))
        self.scope_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.scope_combo.setMinimumContentsLength(18)
        self.scope_combo.addItem(self.tr("Project"), Scope.PROJECT)
        ws_label = (self.tr("Workstream '{0}'").format(self.workstream) if self.workstream
                    else self.tr("Workstream (none)"))
        self.scope_combo.addItem(ws_label, Scope.WORKSTREAM)
        self.scope_combo.addItem(self.tr("Global defaults ({0})").format("~/.msd/defaults.json"),
                                 Scope.GLOBAL)
        if not self.workstream:
            item = self.scope_combo.model().item(1)  # type: ignore[attr-defined]
            item.setEnabled(False)
        self.scope_combo.activated.connect(self._scope_picked)
        bar.addWidget(self.scope_combo)
        self.path_label = muted(ElidedLabel(mode=Qt.TextElideMode.ElideMiddle,
                                             max_hint=ELIDED_MAX_HINT))
        bar.addWidget(self.path_label, 1)
        self.open_external_button = QPushButton(self.tr("Open in external editor"))
        self.open_external_button.setToolTip(self.tr(
            "Open this config file in the program your desktop uses for it"))
        self.open_external_button.clicked.connect(lambda: self.open_externally(folder=False))
        self.show_folder_button = QPushButton(self.tr("Show in folder"))
        self.show_folder_button.setToolTip(self.tr(
            "Open the folder that holds this config file in your file manager"))
        self.show_folder_button.clicked.connect(lambda: self.open_externally(folder=True))
        for button in (self.open_external_button, self.show_folder_button):
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            bar.addWidget(button)
        outer.addLayout(bar)
        # Second row: a narrow window must not be widened by one long toolbar.
        bar = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search settings (Ctrl+F)"))
        self.search.setAccessibleName(self.tr("Search settings"))
        self.search.setToolTip(self.tr("Search titles, descriptions and key names (Ctrl+F)"))
        self.search.setClearButtonEnabled(True)
        name_clear_button(self.search, self.tr("Clear the search"))
        self.search.setMinimumWidth(140)
        self.search.setMaximumWidth(self.search.fontMetrics().averageCharWidth() * 72)
        self.search.textChanged.connect(self._search_changed)
        bar.addWidget(self.search, 1)
        self.modified_only = QCheckBox(self.tr("Modified only"))
        self.modified_only.setToolTip(self.tr("Show only the settings this file sets or that "
                                              "you changed"))
        self.modified_only.toggled.connect(self._modified_only_changed)
        bar.addWidget(self.modified_only)
        bar.addStretch(0)  # what the capped search leaves goes here, not into the buttons
        self.revert_button = QPushButton(self.tr("Revert"))
        self.revert_button.setToolTip(self.tr("Drop the unsaved changes: the form shows the file "
                                              "again (Ctrl+Z brings them back)"))
        self.revert_button.clicked.connect(self.revert)
        self.save_button = QPushButton(self.tr("Save"))
        self.save_button.setDefault(True)
        self.save_button.setToolTip(self.tr("Save the changes to the file (Ctrl+S)"))
        self.save_button.clicked.connect(self.save)
        self.cancel_save_button = QPushButton(self.tr("Cancel saving"))
        self.cancel_save_button.setToolTip(self.tr("Stop the save while it waits for another "
                                                   "program: nothing is written"))
        self.cancel_save_button.clicked.connect(self.cancel_save)
        self.cancel_save_button.hide()
        for button in (self.revert_button, self.save_button, self.cancel_save_button):
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            bar.addWidget(button)
        outer.addLayout(bar)

        self.disk_banner = Banner("warning")
        self.reload_button = self.disk_banner.add_button(self.tr("Reload"))
        self.keep_button = self.disk_banner.add_button(self.tr("Keep mine"))
        self.diff_button = self.disk_banner.add_button(self.tr("Show difference"))
        self.reload_button.clicked.connect(self.reload_from_disk)
        self.keep_button.clicked.connect(self.keep_mine)
        self.diff_button.clicked.connect(self._toggle_disk_diff)
        outer.addWidget(self.disk_banner)
        self.error_banner = Banner("error")
        self.fix_in_json_button = self.error_banner.add_button(self.tr("Fix in the JSON tab"))
        self.fix_in_json_button.setToolTip(self.tr("Open the file's text with the cursor at "
                                                   "the problem"))
        self.fix_in_json_button.clicked.connect(self.show_text_problem)
        outer.addWidget(self.error_banner)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        self.toc = QListView()
        self.toc.setModel(self.toc_model)
        self.toc.setAccessibleName(self.tr("Sections"))
        self.toc.setToolTip(self.tr("Jump to a section; the numbers count the settings the "
                                    "filter shows"))
        self.toc.setMaximumWidth(230)
        self.toc.setMinimumWidth(130)
        self.toc.clicked.connect(self._toc_clicked)
        self.toc_model.dataChanged.connect(self._fit_toc)
        self._fit_toc()
        splitter.addWidget(self.toc)

        self.inner_tabs = QTabWidget()
        # room for a page's texts when the conflict view above takes the height (at 1024×700
        # the JSON page's three-line key banner in pt_BR was cut to two)
        self.inner_tabs.setMinimumHeight(220)
        form_page = QWidget()
        form_layout = QVBoxLayout(form_page)
        form_layout.setContentsMargins(0, 0, 0, 0)
        self.unknown_label = plain_label(QLabel())  # key names from the file
        self.unknown_label.setWordWrap(True)
        tint(self.unknown_label, "info")
        self.unknown_label.setContentsMargins(4, 4, 4, 4)
        form_layout.addWidget(self.unknown_label)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.form_body = QWidget()
        self.form_layout = QVBoxLayout(self.form_body)
        self.form_layout.setSpacing(0)
        self.empty_label = muted(QLabel(self.tr("No setting matches the filter. Clear the "
                                                 "search or untick Modified only.")))
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.hide()
        self.form_layout.addWidget(self.empty_label)
        self.more_label = muted(QLabel(self.tr("Loading more settings…")))
        self.more_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.more_label.setContentsMargins(0, 12, 0, 12)
        self.form_layout.addWidget(self.more_label)
        self.form_layout.addStretch(1)
        self.scroll_area.setWidget(self.form_body)
        bar_ = self.scroll_area.verticalScrollBar()
        bar_.valueChanged.connect(self._near_the_end)
        form_layout.addWidget(self.scroll_area, 1)
        self.inner_tabs.addTab(form_page, self.tr("Form"))

        # The JSON page's text box is built when the page (or json_view) is first needed.
        self._json_view: QPlainTextEdit | None = None
        self._json_page_widget: JsonSettingsPage | None = None
        self._json_page = QWidget()
        QVBoxLayout(self._json_page).setContentsMargins(0, 0, 0, 0)
        self.inner_tabs.addTab(self._json_page, self.tr("JSON"))
        # The API keys page is built when first opened (it talks to the OS keyring).
        self.api_keys: QWidget | None = None
        self._api_keys_page = QWidget()
        QVBoxLayout(self._api_keys_page).setContentsMargins(0, 0, 0, 0)
        self.inner_tabs.addTab(self._api_keys_page, self.tr("API keys"))
        from msd_desktop.ui.settings.history_page import add_history_page

        self.history_tab = add_history_page(self)  # the config history's page: its own module
        self.inner_tabs.currentChanged.connect(self._inner_tab_changed)
        splitter.addWidget(self.inner_tabs)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([190, 900])
        outer.addWidget(splitter, 1)

        # one line, elided in the middle: a long path in "Saved … to <path>" must not widen the
        # window (the tooltip has the whole sentence)
        self.status = muted(ElidedLabel(mode=Qt.TextElideMode.ElideMiddle,
                                         max_hint=ELIDED_MAX_HINT))
        outer.addWidget(self.status)

        find = QShortcut(QKeySequence.StandardKey.Find, self)
        find.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.activated.connect(self.focus_search)
        # Save / Undo / Redo when the form stands alone; in the main window its actions (Save
        # from anywhere in the window, the Edit menu) take these keys: use_window_actions().
        self._own_shortcuts: list[QShortcut] = []
        standard = QKeySequence.StandardKey
        for keys, slot in (([QKeySequence(standard.Save)], self.save),
                           ([QKeySequence(standard.Undo)], self.undo),
                           (redo_keys(), self.redo)):
            for key in keys:
                shortcut = QShortcut(key, self)
                shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                shortcut.activated.connect(slot)
                self._own_shortcuts.append(shortcut)

    def use_window_actions(self) -> None:
        """Main-window hook: the window's Save, Undo and Redo actions own those keys (two
        shortcuts on one key would cancel each other out)."""
        for shortcut in self._own_shortcuts:
            shortcut.setEnabled(False)

    @property
    def undo_stack(self) -> Any:
        """The undo stack of the file shown (a ``QUndoStack``)."""
        return self.session.stack if self.session is not None else None

    def undo(self) -> None:
        if self.session is not None:
            self.session.stack.undo()

    def redo(self) -> None:
        if self.session is not None:
            self.session.stack.redo()

    def _inner_tab_changed(self, index: int) -> None:
        page = self.inner_tabs.widget(index)
        if page is self._api_keys_page:
            self.api_keys_panel()
        elif page is self._json_page:
            self.json_page  # noqa: B018  (built and filled on first show)

    # ---- scope and loading ------------------------------------------------------------------

    def _scope_picked(self, index: int) -> None:
        scope = self.scope_combo.itemData(index)
        if scope is self.scope:
            return
        self.load_scope(scope)

    def load_scope(self, scope: Scope) -> None:
        """Edit the file of ``scope``. The previous scope's edits stay in its session (coming
        back shows them again; the window asks about every unsaved file before it quits)."""
        path = scope_path(scope, self.root, self.env, self.workstream)
        if self.draft is not None:
            unregister_draft(self.root, self.draft)
        if self.session is not None:
            self.session.applied.disconnect(self._applied)
        self._save_again = False  # (a save asked again belongs to the file left)
        self.scope = scope
        self.scope_combo.setCurrentIndex(self.scope_combo.findData(scope))
        self.session = self.sessions.session(path)
        self.session.applied.connect(self._applied)
        self.draft = self.session.draft
        register_draft(self.root, scope, self.draft)
        self._watch(path)
        self._reload_everything()
        self.scope_changed.emit(scope)
        self.undo_stack_changed.emit(self.session.stack)
        job = self.save_job()
        if job is not None:  # a save of this file still running (the form was rebuilt)
            self._follow_save(job)

    def can_show_project(self) -> bool:
        """Nothing of the project shown is still under way here (a save, a keyring move),
        so the form may show another one (:meth:`show_project`)."""
        return self._own_writes == 0 and not self._save_again and self.save_job() is None

    def show_project(self, project: ProjectRef) -> None:
        """Show ``project``'s settings in this form, as a form built for it would.

        Why: the rows are the schema's, the same for every project, and building them is
        most of what a new form costs (~200 rows of a dozen widgets); refilling them is a
        fraction of that. What belongs to the file — draft, undo history, pending edits — lives
        in its edit session, as it does when a form is rebuilt; what belonged to the project
        left — its API keys, JSON and History pages, the conflict view, search, scroll — goes,
        and is built again for this one on first use."""
        if self.draft is not None:
            unregister_draft(self.root, self.draft)
            self.draft = None
        self._drop_project_pages()
        self._disk_timer.stop()  # a change of the file left is not this one's
        self.project = project
        self.root = Path(project.root)
        self.workstream = project.active_workstream or None
        self.scope_combo.setItemText(1, self.tr("Workstream '{0}'").format(self.workstream)
                                     if self.workstream else self.tr("Workstream (none)"))
        self.scope_combo.model().item(1).setEnabled(bool(self.workstream))  # type: ignore
        for box in (self.search, self.modified_only):
            box.blockSignals(True)
        self.search.clear()
        self.modified_only.setChecked(False)
        for box in (self.search, self.modified_only):
            box.blockSignals(False)
        self.proxy.set_search("")
        self.proxy.set_modified_only(False)
        self.inner_tabs.setCurrentIndex(0)
        self.status.setText("")
        self.load_scope(Scope.PROJECT)
        self.scroll_area.verticalScrollBar().setValue(0)

    def _drop_project_pages(self) -> None:
        """The pages that were built for the project shown (rebuilt on first use)."""
        pages = [self.api_keys, self._json_page_widget, self._conflict_view,
                 self.history_tab.drop_page()]
        self.api_keys = self._json_page_widget = self._json_view = None
        self._conflict_view = None
        self._own_fingerprint = None
        for page in pages:
            if page is not None:
                page.hide()
                page.deleteLater()

    def _load_provenance(self) -> None:
        try:
            self.loaded = load_config(self.root, self.env, workstream=self.workstream)
        except MsdError:
            self.loaded = None

    def _reload_everything(self) -> None:
        """New file content or a new scope: model, every editor, banners."""
        assert self.draft is not None
        self._load_provenance()
        self.model.set_sources(self.draft, self.loaded)
        result = self.draft.result_data() if self.draft.pending else None
        for key, editor in self.editors.items():  # rows built later read the draft then
            editor.set_value(self.draft.shown_value(key, result))
        self.path_label.setText(visible(self.draft.path) if self.draft.file.exists
                                else self.tr("{0}  (not created yet)").format(
                                    visible(self.draft.path)))
        self.disk_banner.hide()
        self.disk_banner.hide_details()
        if self._conflict_view is not None:
            self._conflict_view.hide()
            self._conflict_view.reset_choices()
        self._update_error_banner()
        self._apply_filter()
        self._update_chrome()

    def _update_error_banner(self) -> None:
        """A file the core cannot use: why, and whether the JSON tab's fix reads already."""
        draft = self.draft
        if draft is None or not draft.load_error:
            self.error_banner.hide()
            return
        readable = draft.file.text is not None
        if draft.fixing:
            text = self.tr(
                "This file does not read as JSON ({0}). The text typed in the JSON tab reads "
                "now: the form shows it and takes edits; save to write it to the file.")
        elif readable:
            text = self.tr(
                "This file does not read as JSON, so the form is read-only. The file check "
                "says: {0}. Fix it in the JSON tab (or another editor) and save; the form "
                "can be edited again then.")
        else:
            text = self.tr(
                "This file cannot be read, so it cannot be edited here. The file check says: "
                "{0}. Fix it in another program; it is reloaded when it changes.")
        self.error_banner.label.setText(text.format(visible_lines(core_text(draft.load_error))))
        self.fix_in_json_button.setVisible(readable)
        self.error_banner.show()

    # ---- editing ----------------------------------------------------------------------------

    def _focus_moved(self, *_widgets: Any) -> None:
        if self.session is not None:
            self.session.seal()

    def _title(self, key: str) -> str:
        fk = self._form_keys.get(key)
        return fk.title if fk is not None and fk.title else key

    def edit(self, key: str, value: Any) -> str | None:
        """Stage one edit (what an editor does on every change, as an undoable command);
        returns the core's error text, if any. A file the core cannot use takes no field
        edit until the JSON tab's fix of it reads (the form is read-only until then)."""
        if self.session is None or self.draft is None or not self.draft.editable:
            return None
        text = edit_text(self._title(key), value, lambda v: display(v, key))
        editor = self.editors.get(key)
        self.session.edit(key, value, text, merge=editor is not None and editor.merges_edits)
        return self.draft.errors.get(key)

    def reset_key(self, key: str) -> None:
        if self.session is None or self.draft is None or not self.draft.editable:
            return
        self.session.change([(key, MISSING)], reset_text(self._title(key)))

    def revert(self) -> None:
        if self.session is None or self.draft is None:
            return
        draft = self.draft
        keys = unsaved_keys(draft)  # the JSON tab's text edit too: the file's text again
        if self.session.change([(k, draft.file_value(k)) for k in keys], revert_text(len(keys))):
            self.status.setText(self.tr("Reverted: the form shows the file again "
                                        "(Ctrl+Z brings the changes back)."))

    def _applied(self, keys: list[str], source: object) -> None:
        """A command changed ``keys`` in the draft: the fields show the draft again (all but
        the one being typed in, which already shows it)."""
        draft = self.draft
        if draft is None:
            return
        # a parent object and its children show each other's edits (one file, one result)
        related = [k for k in self.editors if k not in keys and any(
            k.startswith(key + ".") or key.startswith(k + ".") for key in keys)]
        if TEXT_KEY in keys and draft.load_error is not None:
            # the fix of an unusable file was typed: every field may show another value
            related = [k for k in self.editors if k not in keys]
            self.model.refresh_all()
            self._update_error_banner()
        result = draft.result_data() if draft.pending else None
        for key in [*keys, *related]:
            self.model.refresh_key(key)
            editor = self.editors.get(key)
            if editor is not None and key != source:
                editor.set_value(draft.shown_value(key, result))
            if key in self.rows:
                self.rows[key].refresh(self.model)
        if source is None and len(keys) == 1 and self.inner_tabs.currentIndex() == 0:
            self._scroll_to(keys[0])  # an undo shows what it changed (the JSON tab shows it
            # in its text, so it stays where the person is)
        self._update_chrome()

    # ---- filtering and chrome ---------------------------------------------------------------

    def focus_search(self) -> None:
        self.inner_tabs.setCurrentIndex(0)
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def _search_changed(self, text: str) -> None:
        self.proxy.set_search(text)
        self._apply_filter()

    def _modified_only_changed(self, on: bool) -> None:
        self.proxy.set_modified_only(on)
        self._apply_filter()

    def visible_keys(self) -> list[str]:
        """The keys the proxy lets through (what the form shows)."""
        keys = self.model.keys
        return [keys[row].key for row in self.proxy.accepted_rows()]

    def _apply_filter(self) -> None:
        """The proxy's rows are the form's rows: build the first matches, show them (a
        screenful of them whatever the time budget: a loaded machine shows no empty form)."""
        self._visible = self.visible_keys()
        self._words = self.proxy.search_words
        if self.isVisible() or self._words or self.proxy.modified_only:
            first = self._visible[:self.screenful_rows()]
            self._build_some(FILTER_BUDGET_MS, upto=first[-1] if first else None, minimum=0)
        self._update_shown(refresh_all=True)
        if self.isVisible() and not self.all_built():
            self._idle_start.start()

    def _refresh_rows(self) -> None:
        for key in self._shown:
            self.rows[key].refresh(self.model)

    def _update_chrome(self) -> None:
        draft = self.draft
        if draft is None:
            return
        text_bad = TEXT_KEY in draft.errors
        n, bad = draft.unsaved_count, len(draft.errors) - text_bad
        self._update_chrome_buttons()
        parts = []
        if n:
            parts.append(counts().unsaved(n))
        if text_bad and draft.load_error is None:
            parts.append(self._text_problem_words())
        if bad:
            parts.append(counts().invalid(bad))
        if self.save_job() is None:  # while saving, the status line follows the save
            self.status.setText(" · ".join(parts) if parts
                                else self.tr("No unsaved changes."))
        unknown = draft.unknown_keys()
        self.unknown_label.setText(
            self.tr("Keys MSD does not know (listed, kept on save): {0}").format(
                visible(", ".join(unknown))) if unknown else ""
        )
        self.unknown_label.setVisible(bool(unknown))
        self._fill_json_view()
        self.inner_tabs.setTabText(1, self.tr("JSON (does not parse)") if text_bad
                                   else self.tr("JSON (unsaved)") if draft.dirty
                                   else self.tr("JSON"))
        self._update_read_only()
        if self.modified_only.isChecked():
            self.proxy.refilter()
            self._apply_filter()
        self.draft_changed.emit()

    def _update_chrome_buttons(self) -> None:
        """Save and Revert follow the draft (and a save under way)."""
        draft = self.draft
        if draft is None:
            return
        text_bad = TEXT_KEY in draft.errors
        bad = len(draft.errors) - text_bad
        saving = self.save_job() is not None
        self.save_button.setEnabled(draft.can_save and not saving)
        # the count of invalid fields on the blocked button itself, not only in the status
        self.save_button.setText(self.tr("Saving…") if saving
                                 else self.tr("Save (fix JSON)") if text_bad
                                 else self.tr("Save ({0} invalid)").format(bad) if bad
                                 else self.tr("Save"))
        self.save_button.setToolTip(
            self._text_problem_words() if text_bad
            else self.tr("Fix the fields outlined in red first; {0} invalid").format(bad) if bad
            else self.tr("Save the changes to the file (Ctrl+S)"))
        self.revert_button.setEnabled(draft.dirty and not saving)

    def open_externally(self, folder: bool) -> None:
        """Open the config file in the desktop's editor, or its folder (off this thread)."""
        draft = self.draft
        if draft is None:
            return
        path = draft.path
        if not folder and not path.exists():
            self.status.setText(self.tr("{0} does not exist yet: save once to create it.")
                                .format(visible(path)))
            return
        shown = path.parent if folder else path

        def done(opened: bool) -> None:
            self.status.setText(
                self.tr("Opened {0} with your desktop's program.").format(visible(shown))
                if opened else self.tr("Nothing on this desktop opens {0}: open it yourself.")
                .format(visible(shown)))

        from msd_desktop.ui.widgets.open_file import open_with_desktop

        open_with_desktop(path, self, done, folder=folder)

    def _update_read_only(self) -> None:
        """A file the core cannot use: the form's fields are off until the JSON tab's fix of
        it reads."""
        draft = self.draft
        usable = draft is not None and draft.editable
        if self.form_body.isEnabled() != usable:
            self.form_body.setEnabled(usable)
        self.form_body.setToolTip("" if usable else self.tr(
            "Read-only: the file does not read as JSON. Fix it in the JSON tab, then save."))

    def _fit_toc(self, *_args: Any) -> None:
        """The section list stays wide enough for its longest entry beside its vertical
        scroll bar (up to its maximum): when the list gets short — the conflict view above
        it — that bar must not push the names into a sideways scroll."""
        toc = self.toc
        bar = toc.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, toc)
        need = toc.sizeHintForColumn(0) + 2 * toc.frameWidth() + bar
        toc.setMinimumWidth(max(130, min(toc.maximumWidth(), need)))

    def _toc_clicked(self, index: QModelIndex) -> None:
        section = str(self.toc_model.data(index, SectionRole))
        keys = [k for k in self._visible if self._form_keys[k].section == section]
        if not keys:
            return
        self.inner_tabs.setCurrentIndex(0)
        self._build_some(0, upto=keys[-1], minimum=0)  # this section and all before it
        header = self.section_headers.get(section)
        if header is not None:
            self._scroll_when_laid_out(header, top=True)

    def _scroll_to(self, key: str) -> None:
        if key not in self._visible:
            return
        self.inner_tabs.setCurrentIndex(0)
        self._build_some(0, upto=key, minimum=0)
        row = self.rows.get(key)
        if row is not None:
            self._scroll_when_laid_out(row, top=False)

    def _scroll_when_laid_out(self, widget: QWidget, top: bool) -> None:
        """Scroll to ``widget`` once the rows just built have their geometry."""
        self.form_layout.activate()
        self.form_body.resize(self.form_body.width(),
                              max(self.form_body.height(), self.form_layout.sizeHint().height()))
        if top:
            self.scroll_area.verticalScrollBar().setValue(widget.y())
        else:
            self.scroll_area.ensureWidgetVisible(widget)

    def _row_menu(self, key: str, at: Any) -> None:
        """A setting's menu: Reset, Copy key / value / command line (see row_actions)."""
        if self.draft is None:
            return
        row = self.rows.get(key)
        can_reset = row is not None and row.reset_button.isEnabled()
        self.row_actions.popup(self, key, self.draft.value(key), can_reset,
                               lambda: self.reset_key(key), at)

    def _commit_open_cell(self) -> None:
        """A table cell's editor still open (typed, not committed): hand the focus to its view,
        which commits the cell into the table and so into the draft."""
        focus = QApplication.focusWidget()
        if focus is None or not self.isAncestorOf(focus):
            return
        view = focus.parentWidget()
        while view is not None and not isinstance(view, QAbstractItemView):
            view = view.parentWidget()
        if view is not None and focus is not view:
            view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_api_keys(self, _key: str = "") -> None:
        self.inner_tabs.setCurrentWidget(self._api_keys_page)

    def closeEvent(self, event: Any) -> None:  # pragma: no cover - window teardown
        if self.draft is not None:
            unregister_draft(self.root, self.draft)
        super().closeEvent(event)


def create_tab(project: ProjectRef, sessions: EditSessions | None = None) -> QWidget:
    """The Settings tab for ``project`` (the main window's tab factory); ``sessions`` keeps
    its drafts alive when the tab is rebuilt for another project."""
    return ConfigFormPanel(project, sessions=sessions)


__all__ = ["ConfigFormPanel", "ask_discard_changes", "create_tab"]
