"""API keys: the secret config keys, stored in the OS keyring through ``core.secrets`` (D3, D4).

Why a panel of its own: a key is never part of the Settings draft. Set / Replace / Remove act
immediately on the keyring (and write the ``true`` sentinel into ``config.json``), values are
only ever shown masked (``core.masking.mask`` via ``core.secrets.list_secrets``), and the only
plaintext the window ever holds comes from an explicit Reveal click, which hides again after
:data:`REVEAL_SECONDS`. Keyring calls can block (D-Bus, an unlock prompt), so they run off the
UI thread through :func:`msd_desktop.ui.widgets.workers.run_op` — and only once the panel is first
shown
(:meth:`ApiKeysPanel.ensure_loaded`): importing ``keyring`` and asking D-Bus is the slowest part
of the Settings tab, and most visits never open this page.

Banners: plaintext keys in ``config.json`` (stronger when git tracks the file) with a Migrate
button; no usable keyring (the core's reason, which says what to install or unlock).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from msd_desktop.core.secrets import store as secrets
from msd_desktop.core.secrets.masking import UNSET, mask
from msd_desktop.ui.widgets.config_words import secret_places_text
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import escape_html
from msd_desktop.ui.widgets.theme import semantic_color
from msd_desktop.ui.widgets.workers import run_op

REVEAL_SECONDS = 8
KEYRING_TIMEOUT_S = 30.0  # a keyring that has not answered by then is reported as stuck


# ---- modal questions (one function each) -----------------------------------------------------


def holding_a_secret() -> None:
    """From now on this process holds a key's plaintext (revealed, or being typed): it writes
    no core dump (see core/secrets/no_dumps; one-way for the process, which is the point)."""
    from msd_desktop.core.secrets.no_dumps import disable_core_dumps

    disable_core_dumps()


def ask_secret(parent: QWidget, key: str, env_var: str) -> str | None:
    """Ask for a key's value (typed hidden); ``None`` when cancelled."""
    holding_a_secret()  # the value typed is in this process's memory from now on
    text, ok = QInputDialog.getText(
        parent, QCoreApplication.translate("ApiKeysPanel", "Set %1").replace("%1", key),
        QCoreApplication.translate(
            "ApiKeysPanel", "%1 (%2) — stored in the OS keyring:").replace(
                "%1", key).replace("%2", env_var),
        QLineEdit.EchoMode.Password,
    )
    return text if ok and text else None


def confirm_remove(parent: QWidget, key: str) -> bool:
    answer = QMessageBox.question(
        parent, QCoreApplication.translate("ApiKeysPanel", "Remove %1?").replace("%1", key),
        QCoreApplication.translate(
            "ApiKeysPanel", "Remove the project's %1 from the OS keyring?").replace("%1", key),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


def _banner(kind: str) -> QLabel:
    label = QLabel()
    label.setObjectName("banner")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    fg = semantic_color(kind).name()
    bg = semantic_color(f"{kind}_bg").name()
    label.setStyleSheet(
        f"QLabel#banner {{ background: {bg}; color: {fg}; border: 1px solid {fg}; "
        "border-radius: 4px; padding: 6px; }"
    )
    label.hide()
    return label


class ApiKeysPanel(QWidget):
    """One row per secret key: masked value, where it lives, Set/Replace, Reveal, Remove."""

    refreshed = Signal()
    stored = Signal(str)
    removed = Signal(str)
    revealed = Signal(str)
    hidden = Signal(str)
    migrated = Signal(list)
    failed = Signal(str)
    config_changed = Signal()  # config.json was written (sentinel, migration)

    def __init__(
        self, root: Path, env: Mapping[str, str] | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.root = Path(root)
        self.env = dict(os.environ if env is None else env)
        self.status: secrets.KeyringStatus | None = None
        self.entries: dict[str, dict[str, Any]] = {}
        self.fields: dict[str, QLineEdit] = {}
        self.where: dict[str, QLabel] = {}
        self.set_buttons: dict[str, QPushButton] = {}
        self.reveal_buttons: dict[str, QPushButton] = {}
        self.remove_buttons: dict[str, QPushButton] = {}
        self._timers: dict[str, QTimer] = {}
        self.busy = False
        layout = QVBoxLayout(self)
        # Everything above the status line scrolls together: on a short page (the conflict
        # view above it at 1024×700) the texts and buttons keep their height and the page
        # scrolls, instead of each being squeezed to a sliver.
        keys_box = QWidget()
        keys_layout = QVBoxLayout(keys_box)
        keys_layout.setContentsMargins(0, 0, 0, 0)
        intro = QLabel(self.tr(
            "API keys live in the OS keyring (service <code>msd</code>), never in the "
            "repository. <code>config.json</code> only records <code>true</code> (available). "
            "<code>msd run -- CMD</code> passes them to a runtime as environment variables."
        ))
        intro.setObjectName("apiKeysIntro")
        intro.setWordWrap(True)
        keys_layout.addWidget(intro)
        self.keyring_banner = _banner("error")
        keys_layout.addWidget(self.keyring_banner)
        self.plaintext_banner = _banner("warning")
        keys_layout.addWidget(self.plaintext_banner)
        self.migrate_button = QPushButton(self.tr("Migrate plaintext keys to the keyring"))
        self.migrate_button.setAccessibleDescription(self.tr(
            "Moves every plaintext API key of config.json into the OS keyring and writes true "
            "in its place"))
        self.migrate_button.hide()
        self.migrate_button.clicked.connect(self.migrate)
        keys_layout.addWidget(self.migrate_button, 0, Qt.AlignmentFlag.AlignLeft)
        # One block per key — a title line, then the value and its buttons — so the page
        # narrows with the window instead of setting its minimum width.
        muted = semantic_color("muted").name()
        for key in secrets.secret_keys():
            block = QFrame()
            block.setObjectName(f"secret-row:{key}")
            bl = QVBoxLayout(block)
            bl.setContentsMargins(0, 4, 0, 4)
            bl.setSpacing(2)
            head = QHBoxLayout()
            name = QLabel(f"<b>{key}</b> &nbsp;<code>{secrets.env_var(key)}</code>")
            name.setObjectName(f"secret-name:{key}")
            head.addWidget(name)
            where = QLabel()
            where.setObjectName(f"secret-where:{key}")
            where.setTextFormat(Qt.TextFormat.PlainText)
            where.setStyleSheet(f"color: {muted};")
            where.setWordWrap(True)
            where.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            self.where[key] = where
            head.addWidget(where, 1)
            bl.addLayout(head)
            row = QHBoxLayout()
            # until the keyring answers (a locked or frozen one may take long): not "(unset)",
            # which would say a stored key is missing
            field = QLineEdit(self.tr("checking…"))
            field.setReadOnly(True)
            field.setObjectName(f"secret:{key}")
            field.setAccessibleName(self.tr("%1, masked").replace("%1", key))
            field.setAccessibleDescription(self.tr(
                "The key's value, masked; Reveal shows it for a few seconds"))
            field.setMinimumWidth(100)
            # a masked key is a dozen characters, a revealed one a few dozen: not the window
            field.setMaximumWidth(36 * field.fontMetrics().averageCharWidth())
            self.fields[key] = field
            row.addWidget(field, 1)
            set_button = QPushButton(self.tr("Set…"))
            set_button.setAccessibleName(self.tr("Set %1").replace("%1", key))
            set_button.setToolTip(self.tr("Type a value for %1; it goes into the OS keyring")
                                  .replace("%1", key))
            set_button.clicked.connect(lambda _=False, k=key: self.set_key(k))
            reveal = QPushButton(self.tr("Reveal"))
            reveal.setAccessibleName(self.tr("Reveal %1").replace("%1", key))
            reveal.setToolTip(self.tr("Show the key for %n second(s)", "", REVEAL_SECONDS))
            reveal.clicked.connect(lambda _=False, k=key: self.reveal(k))
            remove = QPushButton(self.tr("Remove"))
            remove.setAccessibleName(self.tr("Remove %1").replace("%1", key))
            remove.setToolTip(self.tr("Remove this project's %1 from the OS keyring")
                              .replace("%1", key))
            remove.clicked.connect(lambda _=False, k=key: self.remove_key(k))
            self.set_buttons[key], self.reveal_buttons[key] = set_button, reveal
            self.remove_buttons[key] = remove
            for button in (set_button, reveal, remove):
                button.setEnabled(False)  # until the keyring answered
                row.addWidget(button)
            row.addStretch(0)
            bl.addLayout(row)
            keys_layout.addWidget(block)
        keys_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(keys_box)
        scroll.viewport().setAutoFillBackground(False)  # the page's own background
        keys_box.setAutoFillBackground(False)
        layout.addWidget(scroll, 1)
        self.message = QLabel()
        self.message.setObjectName("apiKeysMessage")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.loaded = False  # the keyring has been asked (ensure_loaded / refresh)

    def _unset_text(self) -> str:
        """The field of a key with no value (the core's placeholder, in words)."""
        return self.tr("(unset)")

    def _masked(self, masked: str) -> str:
        return self._unset_text() if masked == UNSET else masked

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.ensure_loaded()

    def ensure_loaded(self) -> None:
        """Ask the keyring the first time (showing the panel does this)."""
        if not self.loaded:
            self.refresh()

    # ---- reading ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Re-read keyring status, masked entries and plaintext detection (off the UI thread)."""
        root, env = self.root, self.env
        self.loaded = True

        def work() -> tuple[Any, Any, Any]:
            status = secrets.keyring_status()
            listing = secrets.list_secrets(root, env)
            report = secrets.find_plaintext_secrets(secrets.config_path(root, env))
            return status, listing, report

        self._run(work, self._show)

    def _show(self, result: tuple[Any, Any, Any]) -> None:
        status, listing, report = result
        self.status = status
        self.entries = {e["key"]: e for e in listing}
        usable = bool(status.usable)
        if usable:
            self.keyring_banner.hide()
        else:
            self.keyring_banner.setText(self.tr(
                "<b>No usable keyring — keys cannot be stored.</b> The keyring check says: %1"
            ).replace("%1", escape_html(core_text(status.reason))))
            self.keyring_banner.show()
        for key, entry in self.entries.items():
            if key not in self._timers:
                self.fields[key].setText(self._masked(entry["masked"]))
            self.where[key].setText(secret_places_text(entry["locations"]))
            ids = ", ".join(loc["location"] for loc in entry["locations"])
            self.where[key].setToolTip(self.tr("Locations: %1").replace("%1", ids) if ids
                                       else "")
            has = bool(entry["available"])
            self.set_buttons[key].setText(self.tr("Replace…") if has else self.tr("Set…"))
            self.set_buttons[key].setAccessibleName(
                (self.tr("Replace %1") if has else self.tr("Set %1")).replace("%1", key))
            self.set_buttons[key].setEnabled(usable)
            self.reveal_buttons[key].setEnabled(has)
            self.remove_buttons[key].setEnabled(usable and any(
                loc["location"] == "keyring-project" for loc in entry["locations"]
            ))
        if report.keys:
            tracked = report.git_tracked
            names = escape_html(", ".join(report.keys))
            count = len(report.keys)
            text = self.tr("<b>%n plaintext API key(s) in config.json:</b> %1. Move them to "
                           "the keyring.", "", count).replace("%1", names)
            if tracked:
                text = self.tr(
                    "<b>config.json is tracked by git and holds %n plaintext API key(s):</b> "
                    "%1. They are in the repository history: migrate them and rotate the keys "
                    "with their providers.", "", count).replace("%1", names)
            self.plaintext_banner.setText(text)
            style = self.plaintext_banner.styleSheet()
            kind_from, kind_to = ("warning", "error") if tracked else ("error", "warning")
            for suffix in ("", "_bg"):
                style = style.replace(semantic_color(kind_from + suffix).name(),
                                      semantic_color(kind_to + suffix).name())
            self.plaintext_banner.setStyleSheet(style)
            self.plaintext_banner.setProperty("git_tracked", tracked)
            self.plaintext_banner.show()
            self.migrate_button.show()
            self.migrate_button.setEnabled(usable)
        else:
            self.plaintext_banner.hide()
            self.migrate_button.hide()
        self.refreshed.emit()

    # ---- actions ----------------------------------------------------------------------------

    def set_key(self, key: str) -> None:
        value = ask_secret(self, key, secrets.env_var(key))
        if value is None:
            return
        root, env = self.root, self.env

        def work() -> str:
            secrets.store_secret(key, value, root=root, env=env)
            secrets.mark_available(root, key, env)
            return key

        self._run(work, lambda _k: self._after(
            self.tr("%1 stored in the keyring.").replace("%1", key), self.stored, key))

    def remove_key(self, key: str) -> None:
        if not confirm_remove(self, key):
            return
        root, env = self.root, self.env
        self._run(lambda: secrets.delete_secret(key, root=root, env=env),
                  lambda _r: self._after(self.tr("%1 removed from the keyring.").replace(
                      "%1", key), self.removed, key))

    def reveal(self, key: str) -> None:
        """Show the plaintext after an explicit click; hide it again after REVEAL_SECONDS."""
        root, env = self.root, self.env
        holding_a_secret()

        def shown(value: Any) -> None:
            field = self.fields[key]
            if not isinstance(value, str):
                self.message.setText(self.tr("%1 has no stored value to reveal.").replace(
                    "%1", key))
                return
            field.setText(value)
            old = self._timers.pop(key, None)
            if old is not None:
                old.stop()
                old.deleteLater()
            timer = QTimer(self)
            timer.setSingleShot(True)
            timer.setInterval(REVEAL_SECONDS * 1000)
            timer.timeout.connect(lambda: self.hide_key(key))
            self._timers[key] = timer
            timer.start()
            self.revealed.emit(key)

        self._run(lambda: secrets.reveal_secret(key, root=root, env=env), shown)

    def hide_key(self, key: str) -> None:
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.stop()
        entry = self.entries.get(key)
        self.fields[key].setText(self._masked(entry["masked"] if entry else mask(None)))
        self.hidden.emit(key)

    def migrate(self) -> None:
        root, env = self.root, self.env

        def done(result: Any) -> None:
            keys = [m["key"] for m in result.get("migrated", [])]
            text = (self.tr("Moved %n key(s) to the keyring: %1.", "", len(keys)).replace(
                "%1", ", ".join(keys)) if keys else self.tr("Nothing to move to the keyring."))
            if result.get("warning"):  # the core's own words
                text += " " + self.tr("The keyring check says: %1").replace(
                    "%1", core_text(result["warning"]))
            self.message.setTextFormat(Qt.TextFormat.PlainText)
            self.message.setText(text)
            self.config_changed.emit()
            self.migrated.emit(keys)
            self.refresh()

        self._run(lambda: secrets.migrate_plaintext_secrets(root, env=env), done)

    def _after(self, text: str, signal: Any, key: str) -> None:
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setText(text)
        self.config_changed.emit()
        signal.emit(key)
        self.refresh()

    def _run(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        self.busy = True

        def finished(result: object) -> None:
            if not isValid(self):
                return  # the panel was closed while the keyring answered
            self.busy = False
            done(result)

        def failed(error: object) -> None:
            if not isValid(self):
                return
            self.busy = False
            self.message.setTextFormat(Qt.TextFormat.RichText)
            self.message.setText(
                f"<span style='color:{semantic_color('error').name()}'>"
                + escape_html(self.tr("The keyring said: %1").replace("%1", core_text(error)))
                + "</span>")
            self.failed.emit(core_text(error))

        # with a timeout: a frozen keyring ends as a message, and quitting never waits for
        # it (an op without one counts as a file write the exit waits for, ~17 s)
        run_op(work, name="api-keys", on_finished=finished, on_failed=failed,
               timeout_s=KEYRING_TIMEOUT_S)
