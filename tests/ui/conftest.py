"""UI tests run offscreen (no display needed); every test gets its own copy of the demo."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from msd_desktop.app import demo_source
from tests.qt_collector import cycles_collected_on_gui_thread  # noqa: F401  (autouse)


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """A writable copy of the bundled demo workspace."""
    target = tmp_path / "demo"
    shutil.copytree(demo_source(), target)
    return target


@pytest.fixture
def ui_settings(tmp_path: Path) -> Iterator[object]:
    """A QSettings in an ini file under tmp_path (never the developer's)."""
    from PySide6.QtCore import QSettings

    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    yield settings
    settings.sync()


@pytest.fixture
def env(isolated_home: Path) -> dict[str, str]:
    """The environment the window passes to the core (HOME etc. already isolated)."""
    keep = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
            "PATH")
    return {k: os.environ[k] for k in keep if k in os.environ}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The offscreen platform plugin warns that it cannot propagate size hints to a window
    manager it does not have; that warning says nothing about our code."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.qt_log_ignore(r"This plugin does not support"))


@pytest.fixture
def translated() -> Iterator[Callable[[str], None]]:
    """``translated("pt_BR")`` installs a language's catalogues (ours and Qt's) on the test's
    QApplication, as the app does at start; removed afterwards, the locale restored."""
    from PySide6.QtCore import QLocale, QTranslator
    from PySide6.QtWidgets import QApplication

    from msd_desktop.ui.widgets.translation import install_translators

    app = QApplication.instance()
    assert app is not None
    before = QLocale()
    installed: list[QTranslator] = []

    def install(code: str) -> None:
        found = install_translators(app, code)
        assert found, f"the {code} catalogue is built"
        installed.extend(found)

    try:
        yield install
    finally:
        for translator in installed:
            app.removeTranslator(translator)
        QLocale.setDefault(before)


@pytest.fixture
def pt_br(translated: Callable[[str], None]) -> None:
    """The window in Brazilian Portuguese (ours and Qt's catalogues)."""
    translated("pt_BR")


@pytest.fixture
def english(translated: Callable[[str], None]) -> None:
    """English as the window installs it: the source texts plus the plural forms."""
    translated("en")


@pytest.fixture(autouse=True)
def previous_widgets_deleted() -> None:
    """Every test starts without the widgets of the tests before it.

    pytest-qt closes a test's widgets with ``deleteLater``, and nothing between two tests runs
    the event loop that deletes them: they lived on into the next test, where each language
    installed (a ``LanguageChange`` to every widget) made them say all their texts again —
    a Global defaults window builds its whole Settings form anew — and their deletion came
    at whatever moment that test first ran the loop. Deleted here, before the test."""
    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is None or widgets.QApplication.instance() is None:
        return
    from PySide6.QtCore import QEvent

    widgets.QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
