"""Colours and icons that follow the system's light/dark palette.

Why no stylesheet theme: the window should look native on every desktop, so it keeps the
platform palette and only derives a few semantic colours (badges, banners, status chips) from
it. ``Qt.ColorScheme`` (``QStyleHints.colorScheme()``) is used when the platform reports it;
otherwise (e.g. a bare X server) the lightness of ``QPalette.Window`` decides. Widgets that
paint semantic colours call :func:`semantic_color` at paint time or re-style themselves on
``QEvent.PaletteChange``, so switching the system theme while the app runs just works.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette

# (light, dark) pairs: readable text/background on either palette.
_COLORS: dict[str, tuple[str, str]] = {
    "error": ("#b3261e", "#f2b8b5"),
    "error_bg": ("#fde7e9", "#5c1d1d"),
    "warning": ("#8a5a00", "#ffd180"),
    "warning_bg": ("#fff4d6", "#4d3800"),
    "ok": ("#1e7d32", "#8fd694"),
    "info": ("#1f5fbf", "#9ec5ff"),
    "info_bg": ("#e6f0ff", "#1d3557"),
    "muted": ("#666666", "#a0a0a0"),
    # status chips (normalized statuses from the core)
    "executing": ("#1f5fbf", "#9ec5ff"),
    "planning": ("#6a3fb5", "#cdb4ff"),
    "discussing": ("#00796b", "#80cbc4"),
    "verifying": ("#8a5a00", "#ffd180"),
    "completed": ("#1e7d32", "#8fd694"),
    "paused": ("#b3261e", "#f2b8b5"),
}


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether the current (or given) palette is dark."""
    if palette is None:
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            scheme = app.styleHints().colorScheme()
            if scheme == Qt.ColorScheme.Dark:
                return True
            if scheme == Qt.ColorScheme.Light:
                return False
        palette = QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def semantic_color(name: str, palette: QPalette | None = None) -> QColor:
    """The colour for a semantic role (``error``, ``warning_bg``, a status …) on this palette."""
    light, dark = _COLORS.get(name, _COLORS["muted"])
    return QColor(dark if is_dark(palette) else light)


def status_color(status: str | None, palette: QPalette | None = None) -> QColor | None:
    """Text colour for a normalized status, ``None`` for statuses without a colour."""
    if not status or status not in _COLORS:
        return None
    return semantic_color(status, palette)


def banner_style(kind: str = "error") -> str:
    """A small stylesheet for a banner frame (``error``, ``warning`` or ``info``)."""
    fg = semantic_color(kind).name()
    bg = semantic_color(f"{kind}_bg").name()
    return (
        f"QFrame#banner {{ background: {bg}; border: 1px solid {fg}; border-radius: 4px; }}"
        f"QFrame#banner QLabel {{ color: {fg}; }}"
    )


def resources_dir() -> Path:
    """``msd_desktop/resources`` (package data beside the code: a clone, a wheel's install and
    the frozen bundle all keep it there)."""
    import msd_desktop

    return Path(msd_desktop.__file__).parent / "resources"


@cache
def app_icon() -> QIcon:
    """The application icon (SVG; Qt's svg image plugin renders it at every size)."""
    return QIcon(str(resources_dir() / "icons" / "msd-desktop.svg"))


def set_app_icon() -> None:
    """The application's icon for every window (those shown already and those to come)."""
    QGuiApplication.setWindowIcon(app_icon())
