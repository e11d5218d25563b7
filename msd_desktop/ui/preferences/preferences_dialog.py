"""Edit → Preferences…: the few choices about the application itself, in one window.

Why plain widgets over a value record: the choices are five fixed fields of different kinds
(a command line, two switches, a language, a number), not a list, and the dialog must not
know where each is kept — the window reads them into :class:`PreferenceValues` and stores
what :attr:`PreferencesDialog.applied` hands back (``ui/app_preferences.py``). OK applies and
closes, Apply applies, Close (or Esc, Ctrl+W) drops what was not applied.

Every text is set in :meth:`PreferencesDialog.retranslate`, which a language change calls
again, so an open dialog follows the window's language at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.workspace.registry import MAX_SCAN_DEPTH
from msd_desktop.ui.widgets.close_keys import install_close_keys


@dataclass(frozen=True)
class PreferenceValues:
    """What the Preferences window edits (``language``: a catalogue code, ``""`` = the
    desktop's; ``terminal``: a command line, ``""`` = the platform default)."""

    terminal: str = ""
    close_to_tray: bool = False
    language: str = ""
    notifications: bool = True
    scan_depth: int = 6


class PreferencesDialog(QDialog):
    """The fields, and OK / Apply / Close; ``applied(PreferenceValues)`` on OK and Apply."""

    applied = Signal(object)

    def __init__(self, values: PreferenceValues, languages: list[tuple[str, str]],
                 parent: QWidget | None = None) -> None:
        """``languages``: (code, name) pairs for the language field, ``""`` first (its name
        is translated here)."""
        super().__init__(parent)
        self.setObjectName("PreferencesDialog")
        self.values = values
        self.terminal_edit = QLineEdit(values.terminal)
        self.terminal_edit.setObjectName("PreferencesTerminal")
        self.terminal_edit.setClearButtonEnabled(True)
        self.close_to_tray_box = QCheckBox()
        self.close_to_tray_box.setObjectName("PreferencesCloseToTray")
        self.close_to_tray_box.setChecked(values.close_to_tray)
        self.language_combo = QComboBox()
        self.language_combo.setObjectName("PreferencesLanguage")
        self._language_names = languages
        for code, name in languages:
            self.language_combo.addItem(name, code)
        found = self.language_combo.findData(values.language)
        self.language_combo.setCurrentIndex(max(found, 0))
        self.notifications_box = QCheckBox()
        self.notifications_box.setObjectName("PreferencesNotifications")
        self.notifications_box.setChecked(values.notifications)
        self.depth_spin = QSpinBox()
        self.depth_spin.setObjectName("PreferencesScanDepth")
        self.depth_spin.setRange(0, MAX_SCAN_DEPTH)  # the core's bounds: nothing else typed
        self.depth_spin.setValue(max(0, min(values.scan_depth, MAX_SCAN_DEPTH)))
        self.form = QFormLayout()
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self._labels = [QLabel() for _ in range(5)]
        fields: list[QWidget] = [self.terminal_edit, self.close_to_tray_box,
                                 self.language_combo, self.notifications_box, self.depth_spin]
        for label, field in zip(self._labels, fields, strict=True):
            label.setBuddy(field)
            self.form.addRow(label, field)
        self.terminal_hint = QLabel()
        self.terminal_hint.setWordWrap(True)
        self.depth_hint = QLabel()
        self.depth_hint.setWordWrap(True)
        self.form.insertRow(1, "", self.terminal_hint)
        self.form.addRow("", self.depth_hint)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Apply
                                        | QDialogButtonBox.StandardButton.Close)
        self.buttons.setObjectName("PreferencesButtons")
        self.buttons.clicked.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        install_close_keys(self)  # Ctrl+W as every secondary window (Esc: the dialog's own)
        self.retranslate()

    def retranslate(self) -> None:
        """Every text of the dialog in the current language (also on a language change)."""
        self.setWindowTitle(self.tr("Preferences — MSD Desktop"))
        texts = (self.tr("&Terminal program:"), self.tr("&Closing the window:"),
                 self.tr("&Language:"), self.tr("&Notifications:"), self.tr("&Scan depth:"))
        for label, text in zip(self._labels, texts, strict=True):
            label.setText(text)
        self.terminal_edit.setPlaceholderText(self.tr("The platform's default terminal"))
        self.terminal_edit.setAccessibleName(self.tr("Terminal program"))
        self.terminal_hint.setText(self.tr(
            "What “Open a terminal here” starts: a program (gnome-terminal) or a command "
            "line with {cwd} for the project folder. Empty: the TERMINAL environment "
            "variable, else the first terminal found."))
        self.close_to_tray_box.setText(self.tr("Keep running in the tray when closed"))
        self.close_to_tray_box.setToolTip(self.tr(
            "Closing the window hides it to the tray icon; File → Quit (or the tray's Quit) "
            "ends MSD Desktop"))
        if self._language_names and self._language_names[0][0] == "":
            self.language_combo.setItemText(0, self.tr("System language"))
        self.language_combo.setAccessibleName(self.tr("Language"))
        self.notifications_box.setText(self.tr(
            "Tell me in the tray when a project's status changes"))
        self.depth_spin.setAccessibleName(self.tr("Scan depth"))
        self.depth_spin.setToolTip(self.tr("Folder levels below a scan root searched for "
                                           "projects (0 to %1)").replace(
                                               "%1", str(MAX_SCAN_DEPTH)))
        self.depth_hint.setText(self.tr(
            "How many folder levels below each scan root are searched for projects; applies "
            "to every scan root and to the ones added later."))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("OK"))
        self.buttons.button(QDialogButtonBox.StandardButton.Apply).setText(self.tr("&Apply"))
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setText(self.tr("Close"))
        close.setToolTip(self.tr("Close without applying (Esc, Ctrl+W)"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def current(self) -> PreferenceValues:
        """The values as the fields show them."""
        return replace(self.values, terminal=self.terminal_edit.text().strip(),
                       close_to_tray=self.close_to_tray_box.isChecked(),
                       language=str(self.language_combo.currentData() or ""),
                       notifications=self.notifications_box.isChecked(),
                       scan_depth=self.depth_spin.value())

    def apply(self) -> None:
        self.depth_spin.interpretText()  # a number typed but not yet committed counts
        self.values = self.current()
        self.applied.emit(self.values)

    def _clicked(self, button: QAbstractButton) -> None:
        role = self.buttons.standardButton(button)
        if role == QDialogButtonBox.StandardButton.Close:
            self.reject()
            return
        self.apply()
        if role == QDialogButtonBox.StandardButton.Ok:
            self.accept()
