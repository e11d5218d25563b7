"""The Settings form's side pages: the file as editable JSON, and the API keys.

Why a layer of its own: both pages are built the first time they are needed (a text editor
and the OS keyring are dear), and both only talk to the draft the panel holds: the JSON page
stages the same edits as the form's fields (one undo history) and can move plaintext keys
into the keyring, which the API keys page shows. The panel (``form.py``) builds the empty
pages this layer fills.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QPlainTextEdit, QWidget

from msd_desktop.core.config.draft import Scope
from msd_desktop.ui.settings.saving_form import SavingForm

if TYPE_CHECKING:
    from msd_desktop.ui.settings.json_page import JsonSettingsPage


class SidePagesForm(SavingForm):
    """The panel's layer that builds and feeds the JSON and API keys pages."""

    # set up by the panel
    root: Path
    env: dict[str, str]
    scope: Scope
    _api_keys_page: QWidget
    _json_view: QPlainTextEdit | None
    _json_page_widget: JsonSettingsPage | None

    # ---- what this layer asks of the panel

    def _update_chrome(self) -> None:
        raise NotImplementedError

    def api_keys_panel(self) -> QWidget:
        """The API keys page's panel, built on first use."""
        if self.api_keys is None:
            from msd_desktop.ui.settings.api_keys_panel import ApiKeysPanel

            panel = ApiKeysPanel(self.root, env=self.env)
            panel.config_changed.connect(self._own_write_done)
            layout = self._api_keys_page.layout()
            assert layout is not None
            layout.addWidget(panel)
            self.api_keys = panel
        return self.api_keys

    @property
    def json_page(self) -> JsonSettingsPage:
        """The JSON page: the draft as editable JSON (see json_page), built on first use."""
        if self._json_page_widget is None:
            from msd_desktop.ui.settings.json_page import JsonSettingsPage

            page = JsonSettingsPage()
            undo_filter = getattr(self, "_undo_filter", None)
            if undo_filter is not None:  # Ctrl+Z in the text is the form's one history
                page.editor.installEventFilter(undo_filter)
            from msd_desktop.ui.settings.json_text_edit import TextUndoKeys

            # …but undoes the typing of a text that does not parse first (installed last:
            # it sees the key first)
            page.editor.installEventFilter(TextUndoKeys(page))
            page.move_to_keyring_requested.connect(self.move_secrets_to_keyring)
            page.problems_changed.connect(lambda _p: self._update_chrome())
            layout = self._json_page.layout()
            assert layout is not None
            layout.addWidget(page)
            page.show()  # at once (a layout shows a new child later): it may take the focus now
            self._json_page_widget = page
            self._json_view = page.editor
            self._fill_json_view()
        return self._json_page_widget

    @property
    def json_view(self) -> QPlainTextEdit:
        """The JSON page's text box (editable: it stages the same draft edits as the form)."""
        return self.json_page.editor

    def _fill_json_view(self) -> None:
        """The draft changed: the JSON page follows (a change it made itself is skipped), and
        the conflict view, when shown, previews the new pending edits."""
        if self._conflict_view is not None and not self._conflict_view.isHidden():
            self._conflict_view.refresh()
        page, draft = self._json_page_widget, self.draft
        if page is None or draft is None:
            return
        if page.draft is not draft:  # another scope or file: its draft and undo stack
            session = getattr(self, "session", None)
            if session is not None:
                page.set_undo(session.stack, session.apply)
            else:
                page.set_undo(None, self._apply_json_edits)
            page.set_draft(draft)
        else:
            page.refresh()
        if self.scope is not Scope.PROJECT:
            page.set_move_enabled(False, self.tr("Only the project's config.json keeps keys "
                                                 "that can be moved"))
        elif draft.dirty:
            page.set_move_enabled(False, self.tr("Save or revert your changes first"))
        else:
            page.set_move_enabled(True, self.tr("Move the plaintext keys into the OS keyring"))

    def _apply_json_edits(self, values: Any) -> None:
        """Edits from the JSON text when there is no undo session: staged like a field's."""
        if self.draft is None:
            return
        for key, value in values:
            self.draft.set(key, value)
            self.model.refresh_key(key)
            editor = self.editors.get(key)
            if editor is not None:
                editor.set_value(self.draft.value(key))
            if key in self.rows:
                self.rows[key].refresh(self.model)
        self._update_chrome()

    def move_secrets_to_keyring(self) -> None:
        """The JSON page's "Move to keyring": the API keys panel's migration, off the UI
        thread; the file then reloads (nothing is pending, or the button is off)."""
        if self.draft is None or self.scope is not Scope.PROJECT or self.draft.dirty:
            return
        from msd_desktop.core.secrets import store as secrets
        from msd_desktop.ui.widgets.workers import run_op

        root, env = self.root, self.env

        def done(result: Any) -> None:
            keys = [m["key"] for m in result.get("migrated", [])]
            self._own_writes -= 1
            text = (self.tr("Moved %n key(s) to the keyring: %1.", "", len(keys)).replace(
                "%1", ", ".join(keys)) if keys else self.tr("Nothing to move to the keyring."))
            if result.get("warning"):  # the core's own words
                text += " " + self.tr("The keyring check says: %1").replace(
                    "%1", str(result["warning"]))
            self.status.setText(text)
            self._own_write_done()
            refresh = getattr(self.api_keys, "refresh", None)
            if refresh is not None:
                refresh()

        def failed(error: object) -> None:
            self._own_writes -= 1
            self.status.setText(self.tr("Not moved: {0}").format(error))
            self.check_disk()

        self._own_writes += 1
        run_op(lambda: secrets.migrate_plaintext_secrets(root, env=env),
               name="settings-move-to-keyring", on_finished=done, on_failed=failed, owner=self,
               writes=True)
