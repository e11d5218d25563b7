"""Help → Getting started: a short page on the four things a first look needs.

Why our own words in a dialog rather than a file or a web page: it must read the same in
every language the window speaks (each paragraph is a translated string), open without a
network, and name the window's real parts. The page is simple rich text built only from
those strings, each escaped, so nothing read from a file ever reaches it as markup.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from msd_desktop.ui.widgets.close_keys import install_close_keys


class GettingStartedDialog(QDialog):
    """The page and a Close button (Esc and Ctrl+W close it too)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("GettingStartedDialog")
        self.page = QTextBrowser()
        self.page.setObjectName("GettingStartedPage")
        self.page.setOpenLinks(False)  # no links in it; nothing to follow
        self.page.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.page, 1)
        layout.addWidget(self.buttons)
        install_close_keys(self)
        self.retranslate()

    def sections(self) -> list[tuple[str, str]]:
        """(heading, paragraph) pairs, in the window's language."""
        return [
            (self.tr("The project tree"), self.tr(
                "The list on the left shows your workspaces: a project folder, or a scan "
                "root searched for the folders that hold a .planning folder. Each project "
                "shows its status; its workstreams are listed below it. Add folders with "
                "File → Add project… or Add scan root…; type in the filter (Ctrl+K) to "
                "narrow the list. Select a project to open its tabs; View → All projects "
                "(Ctrl+0) shows every project at a glance.")),
            (self.tr("Settings"), self.tr(
                "The Settings tab edits the project's .planning/config.json: every key with "
                "its title, its value and where the value comes from. Search with Ctrl+F. "
                "The JSON tab shows the same draft as text; API keys go to the system "
                "keyring, never into the file. Every change can be undone with Ctrl+Z.")),
            (self.tr("The Models tab"), self.tr(
                "The Models tab shows which model and effort each agent gets, and why: the "
                "layers consulted, from the project's settings to the defaults. Try a "
                "what-if (another profile or runtime) without changing any file.")),
            (self.tr("Saving"), self.tr(
                "Nothing is written until you save: Ctrl+S saves the open project's "
                "settings, Ctrl+Shift+S saves every project with unsaved changes. A * in "
                "the title and a ● in the tree mark unsaved changes; leaving with them asks "
                "first. If someone else changed the file meanwhile, MSD Desktop shows both "
                "versions instead of overwriting.")),
        ]

    def retranslate(self) -> None:
        """The title and the page in the current language (also on a language change)."""
        self.setWindowTitle(self.tr("Getting started — MSD Desktop"))
        self.page.setAccessibleName(self.tr("Getting started"))
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setText(self.tr("Close"))
        close.setToolTip(self.tr("Close this window (Esc, Ctrl+W)"))
        title = self.tr("Getting started with MSD Desktop")
        parts = [f"<h2>{html.escape(title)}</h2>"]
        for heading, text in self.sections():
            parts.append(f"<h3>{html.escape(heading)}</h3><p>{html.escape(text)}</p>")
        self.page.setHtml("".join(parts))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
