"""Where the Preferences window's choices are kept, and what applying them changes at once.

Why beside the main window: each choice already has its home — the terminal program and the
close-to-tray switch in ``QSettings`` (the keys their own modules define), the language in
``ui/language``, the scan depth in the workspace registry (each scan root's ``scan_depth``,
through the core) — and applying one reaches the tray, the browser or the language, which
only the window joins. The dialog itself (``ui/preferences``) edits plain values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, QSettings

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.workspace.registry import DEFAULT_SCAN_DEPTH, check_scan_depth
from msd_desktop.ui.tray_close import CLOSE_TO_TRAY, close_to_tray
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.translation import SYSTEM, remembered_language

if TYPE_CHECKING:
    from msd_desktop.ui.preferences.preferences_dialog import PreferenceValues

NOTIFICATIONS = "tray/notifications"  # bool, on by default: status changes in the tray
SCAN_DEPTH = "workspaces/scan_depth"  # int: the depth of scan roots added from the window


class PreferencesWindow(Protocol):
    """What applying uses of the main window (which imports this module)."""

    settings: QSettings
    registry: Any  # WorkspaceRegistry
    browser: Any  # ProjectBrowserPanel
    main_actions: Any  # MainActions
    tray: Any  # ProjectTray

    def tray_made(self) -> bool: ...
    def post_status(self, text: str) -> None: ...


def _flag(settings: QSettings, key: str, default: bool) -> bool:
    value = settings.value(key, default)
    return value is True or str(value).lower() in ("true", "1")


def notifications_on(settings: QSettings) -> bool:
    """Whether the tray tells about status changes."""
    return _flag(settings, NOTIFICATIONS, True)


def scan_depth(settings: QSettings) -> int:
    """The scan depth for scan roots added from the window (a bad stored value: the
    default)."""
    try:
        return check_scan_depth(int(str(settings.value(SCAN_DEPTH, DEFAULT_SCAN_DEPTH))))
    except (MsdError, ValueError):
        return DEFAULT_SCAN_DEPTH


def load_values(settings: QSettings) -> PreferenceValues:
    """The choices as they are kept now."""
    # on first use (the next-command strip's module: never for the first paint)
    from msd_desktop.ui.companion.next_command_widget import TERMINAL_SETTING
    from msd_desktop.ui.preferences.preferences_dialog import PreferenceValues

    return PreferenceValues(
        terminal=str(settings.value(TERMINAL_SETTING, "") or ""),
        close_to_tray=close_to_tray(settings),
        language=remembered_language(settings) or SYSTEM,
        notifications=notifications_on(settings),
        scan_depth=scan_depth(settings))


def apply_values(window: PreferencesWindow, values: PreferenceValues) -> None:
    """Keep ``values`` and make them take effect now (the language live, the tray's
    notifications, every scan root's depth, then a rescan when that changed)."""
    from msd_desktop.ui.companion.next_command_widget import TERMINAL_SETTING

    settings = window.settings
    before = load_values(settings)
    settings.setValue(TERMINAL_SETTING, values.terminal)
    settings.setValue(CLOSE_TO_TRAY, values.close_to_tray)
    settings.setValue(NOTIFICATIONS, values.notifications)
    settings.setValue(SCAN_DEPTH, values.scan_depth)
    settings.sync()
    actions = window.main_actions
    actions.close_to_tray_action.setChecked(values.close_to_tray)  # the View menu's copy
    if window.tray_made():
        window.tray.notifications = values.notifications
    window.browser.scan_depth = values.scan_depth
    if values.scan_depth != before.scan_depth:  # a depth set with msd stays unless changed here
        try:
            window.registry.set_scan_depth(values.scan_depth)
        except MsdError as exc:
            window.post_status(QCoreApplication.translate(
                "MainWindow", "The scan depth was not kept: %1").replace("%1", core_text(exc)))
        window.browser.rescan()
    if values.language != before.language:
        actions.language_menu.choose(values.language)
