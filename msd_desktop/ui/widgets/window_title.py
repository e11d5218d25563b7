"""The title of the window and of the windows it opens: what, then the application."""

from __future__ import annotations

APP_TITLE = "MSD Desktop"


def window_title(name: str | None = None) -> str:
    """``billing-service — MSD Desktop``: the project first, the application last (window
    managers that add the application's name add nothing to a title that ends with it)."""
    return f"{name} — {APP_TITLE}" if name else APP_TITLE
