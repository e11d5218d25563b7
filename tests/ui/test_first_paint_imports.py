"""What the window imports before its first paint, against an explicit list.

The first paint shows the shell: the tree, the overview, menus and the status bar. A project's
tabs, the Settings form, dialogs, the tray, the parsers (ruamel.yaml), the keyring, the
watcher, the routing diagram and the matrix are built or imported when first needed. A change
that pulls one of them (or anything new) in front of the first paint fails here, so it is seen
in review: either it is needed there and goes into the list below, or it is imported later.

The same goes for the Qt types PySide6 builds before the first paint: it makes a type, and
every enum of it, the first time Python names it, and some of those are large (``QStyle``'s);
the shell's first screen does without them.

The window is started as ``msd-desktop`` starts it (a fresh interpreter, a fresh HOME: the
demo), offscreen; the first paint event of any of its widgets writes ``sys.modules`` (and the
QtWidgets types made so far) out and ends the process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# our modules the first paint may need, each named: a new one shows up here in review
FIRST_PAINT_MODULES = frozenset({
    "msd_desktop",
    "msd_desktop.app",
    "msd_desktop.i18n",
    "msd_desktop.core",
    "msd_desktop.core.common",
    "msd_desktop.core.common.digest",
    "msd_desktop.core.common.errors",
    "msd_desktop.core.common.lazy_re",
    "msd_desktop.core.common.record",  # the tree's and overview's rows (no generated code)
    "msd_desktop.core.common.safe_read",
    # a first start copies the demo into a folder that must be ours (ensure_own_folder): small,
    # the standard library only; a later start finds the copy and does not import it
    "msd_desktop.core.common.safe_write",
    "msd_desktop.core.common.text",
    "msd_desktop.core.common.user_dirs",
    "msd_desktop.core.config",
    "msd_desktop.core.config.layers",  # the layers' names (config_words): no dependencies
    "msd_desktop.core.state",
    "msd_desktop.core.state.project_summary",
    "msd_desktop.core.workspace",
    "msd_desktop.core.workspace.demo",
    "msd_desktop.core.workspace.discovery",
    "msd_desktop.core.workspace.paths",
    "msd_desktop.core.workspace.project_ref",
    "msd_desktop.core.workspace.registry",
    "msd_desktop.ui",
    # the window and the pieces it is joined from (each small; what they show later is
    # imported when it is first shown)
    "msd_desktop.ui.main_window",
    "msd_desktop.ui.main_actions",
    "msd_desktop.ui.compare_launch",  # File → Compare's action (its dialog on first use)
    "msd_desktop.ui.last_project",
    "msd_desktop.ui.open_state",
    "msd_desktop.ui.project_page",
    "msd_desktop.ui.project_tabs",  # the empty tab widget (each tab's module on first use)
    "msd_desktop.ui.summary_pipeline",
    "msd_desktop.ui.tray_close",
    "msd_desktop.ui.unsaved_recovery",
    "msd_desktop.ui.window_status",
    "msd_desktop.ui.workspace_watch",
    "msd_desktop.ui.app_preferences",  # the scan depth of roots added from the window
    "msd_desktop.ui.browser",
    "msd_desktop.ui.browser.elide_delegate",
    "msd_desktop.ui.browser.status_line_delegate",  # the tree's Status column (small)
    "msd_desktop.ui.browser.overview_model",
    "msd_desktop.ui.browser.overview_view",
    "msd_desktop.ui.browser.project_browser",
    "msd_desktop.ui.browser.tree_menu",  # the tree's context menu and its keys (small)
    "msd_desktop.ui.browser.tree_model",
    "msd_desktop.ui.widgets",
    "msd_desktop.ui.widgets.config_words",
    "msd_desktop.ui.widgets.core_text",
    "msd_desktop.ui.widgets.elided_label",
    "msd_desktop.ui.widgets.deferred_settings",
    "msd_desktop.ui.widgets.empty_hint",
    "msd_desktop.ui.widgets.first_paint",
    "msd_desktop.ui.widgets.install_words",  # stale installs in the tree and overview
    "msd_desktop.ui.widgets.language_menu",
    "msd_desktop.ui.widgets.plain_text",
    "msd_desktop.ui.widgets.placement",  # the saved size fitted to the screen at start
    "msd_desktop.ui.widgets.shortcuts",
    "msd_desktop.ui.widgets.status_text",
    "msd_desktop.ui.widgets.table_model",
    "msd_desktop.ui.widgets.theme",
    "msd_desktop.ui.widgets.translation",
    "msd_desktop.ui.widgets.viewport",
    "msd_desktop.ui.widgets.watch_bridge",
    "msd_desktop.ui.widgets.window_title",
    "msd_desktop.ui.widgets.workers",
    "msd_desktop.ui.widgets.wrapping_label",  # the overview's caption wraps
})
# the Qt modules a window of widgets needs; QtSvg, QtNetwork, QtDBus… come on first use
QT_MODULES = frozenset({"PySide6", "PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets"})
# PySide6's own support (signatures, features) and how the interpreter was started
SUPPORT = ("shiboken6", "shibokensupport", "signature_bootstrap", "__feature__", "__main__",
           "_distutils_hack", "__editable__")
# standard library packages none of the first paint needs (unless PySide6 itself imports them)
HEAVY_STDLIB = frozenset({"asyncio", "concurrent", "email", "http", "html", "multiprocessing",
                          "sqlite3", "ssl", "tempfile", "unittest", "urllib", "xml", "zipfile",
                          "hashlib", "decimal", "subprocess", "tomllib", "logging",
                          # a start without arguments builds no command-line parser
                          "argparse", "gettext", "shutil"})

PROBE = """
import os, sys
OUT = sys.argv[1]
from PySide6.QtCore import QEvent, QObject
from PySide6 import QtWidgets

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            with open(OUT, "w", encoding="utf-8") as out:
                out.write(__import__("json").dumps({"modules": sorted(sys.modules),
                                                    "widgets": sorted(vars(QtWidgets))}))
            os._exit(0)
        return False

hook = FirstPaint()
show = QtWidgets.QMainWindow.show
def show_watched(self):
    # the window's own first paint (a window paints before its children); a filter on the
    # whole application would see every object, and PySide6 would make each one's type
    self.installEventFilter(hook)
    show(self)
QtWidgets.QMainWindow.show = show_watched  # the probe's own hook, in the test process only
"""
APP = """
from msd_desktop import app
sys.argv = ["msd-desktop"]
app.run()
"""
BARE = """
app = QtWidgets.QApplication([])
window = QtWidgets.QMainWindow()
window.setCentralWidget(QtWidgets.QTreeView())
window.show()
app.exec()
"""


def _allowed(name: str, qt_own: frozenset[str] = frozenset()) -> bool:
    """Whether the first paint may have imported ``name`` (``qt_own``: what a bare PySide6
    window imports by itself)."""
    top = name.split(".")[0]
    if name.startswith("msd_desktop"):
        return name in FIRST_PAINT_MODULES
    if top == "PySide6":
        return name in QT_MODULES or name.startswith("PySide6.support")
    if top.startswith(SUPPORT):
        return True
    return top in sys.stdlib_module_names and (top not in HEAVY_STDLIB or name in qt_own)


def _run(tmp_path: Path, source: str, what: str = "modules") -> list[str]:
    """``sys.modules`` (``what="widgets"``: the QtWidgets types made) when the window made by
    ``source`` first paints."""
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "MSD_HOME": str(tmp_path / "msd"),
           "QT_QPA_PLATFORM": "offscreen"}
    env.pop("MSD_DESKTOP_AUTOMATION", None)
    tmp_path.mkdir(parents=True, exist_ok=True)
    out = tmp_path / "modules.json"
    proc = subprocess.run([sys.executable, "-c", PROBE + source, str(out)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=90, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    names: list[str] = json.loads(out.read_text(encoding="utf-8"))[what]
    return names


def test_only_the_shell_is_imported_before_the_first_paint(tmp_path: Path) -> None:
    qt_own = frozenset(_run(tmp_path / "bare", BARE))
    modules = _run(tmp_path / "app", APP)
    assert "msd_desktop.ui.main_window" in modules  # it did paint the window
    assert [m for m in modules if not _allowed(m, qt_own)] == []


# QtWidgets types the first screen does without, whose enums are large
HEAVY_TYPES = ("QStyle",)


def test_the_first_paint_makes_no_heavy_qt_type(tmp_path: Path) -> None:
    made = _run(tmp_path, APP, what="widgets")
    assert "QMainWindow" in made  # the lazily made types are what is listed
    assert [t for t in HEAVY_TYPES if t in made] == []


def test_the_list_names_what_is_heavy() -> None:
    for heavy in ("ruamel.yaml", "keyring", "watchdog.observers", "jsonschema",
                  "msd_desktop.core.state.project", "msd_desktop.core.workspace.watcher",
                  "msd_desktop.core.secrets.store", "msd_desktop.ui.settings.form",
                  "msd_desktop.ui.models.panel", "msd_desktop.ui.models.routing_diagram",
                  "msd_desktop.ui.state.panel", "msd_desktop.ui.companion.tray",
                  "msd_desktop.ui.companion.matrix_view", "PySide6.QtSvg", "PySide6.QtDBus",
                  "msd_desktop.ui.companion.next_command_widget",
                  "msd_desktop.core.state.next_command", "msd_desktop.ui.preferences",
                  "xml.etree", "asyncio", "argparse"):
        assert not _allowed(heavy), heavy

