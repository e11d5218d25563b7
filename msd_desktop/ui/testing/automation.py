"""A test-automation channel: drive the real, running window from another process.

Why: the end-to-end tests start ``msd-desktop`` as a subprocess under Xvfb with the real
keyring, so they cannot hold Python references to its widgets. They talk to this small server
instead. It exists only when the environment variable :data:`ENV_VAR` names a socket path;
``app.py`` never imports this module otherwise (a test asserts that), so a normal run has no
socket, no server and no extra code loaded.

Protocol: a :class:`~PySide6.QtNetwork.QLocalServer` on the GUI thread (so every command runs
where widgets may be touched, between events). One JSON object per line in, one per line out:
``{"ok": true, ...}`` or ``{"ok": false, "error": "..."}``.

Commands (``cmd``):

- ``ping``, ``title`` (the main window's title), ``quit``
- ``tabs``: every visible ``QTabWidget`` — objectName, tab texts, current index
- ``widgets``: widgets that have an objectName (optionally under a selector ``in``)
- ``select_project``: ``name`` (and optional ``workstream``) in the project browser
- ``tab``: make the tab whose text is ``text`` current (``widget``: the QTabWidget's name)
- ``find``: describe the widget a selector matches
- ``text``: read a widget's text (label, line edit, button, text edit, combo, window title)
- ``set_text`` (``value``), ``click``, ``check`` (``checked``), ``key`` (``key``: ``"Return"``)
- ``trigger``: a ``QAction`` by ``name`` (objectName), ``shortcut`` (``"Ctrl+2"``) or ``text``
- ``select_row``: make row ``row`` of an item view current (``view.setCurrentIndex``)
- ``grab``: save a PNG of a widget (default: the main window) to ``path``
- ``tray``: the tray companion, read only: whether Qt sees a system tray, whether the icon is
  shown and where (``geometry``: global ``[x, y, w, h]``, empty without a tray host), its
  menu (texts, project roots and, while the menu is open, each item's global geometry), the
  project lines, the notifications sent (``messages``) and the balloons Qt actually put on
  screen for them (``balloons``: recorded when each notification fires, because Qt hides a
  balloon again after its timeout; ``balloon_geometry``: the one on screen now, if any)

A *selector* is a dict: ``name`` (objectName), ``cls`` (Qt or Python class name), ``text``
(the widget's text, ``&`` mnemonics ignored), ``attr`` (a dotted path of Python attributes
followed from the match, dict keys allowed: ``"fields.phase"``), ``in`` (a selector for the
widget to search under, or ``"modal"`` for the active modal dialog), ``index`` (the n-th match)
and ``visible`` (default true: hidden widgets are skipped). Clicks and key presses are posted
(run after the reply), so a click that opens a modal dialog does not block the channel; the
dialog's own event loop keeps serving commands.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtNetwork import QLocalServer, QLocalSocket
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QProgressBar,
    QSystemTrayIcon,
    QTabWidget,
    QTextEdit,
    QWidget,
)

ENV_VAR = "MSD_DESKTOP_AUTOMATION"


class AutomationError(Exception):
    """A command that cannot be carried out; its message goes back to the client."""


def _strip_mnemonic(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _class_names(obj: QObject) -> set[str]:
    names = {cls.__name__ for cls in type(obj).__mro__}
    names.add(obj.metaObject().className())
    return names


def widget_text(widget: QObject) -> str:
    """The text a person would read on ``widget``."""
    if isinstance(widget, QLabel | QLineEdit | QAbstractButton):
        return widget.text()
    if isinstance(widget, QTextEdit):
        return widget.toPlainText()
    if isinstance(widget, QPlainTextEdit):
        return widget.toPlainText()
    if isinstance(widget, QComboBox):
        return widget.currentText()
    if isinstance(widget, QProgressBar):
        return widget.text()
    if isinstance(widget, QAction):
        return widget.text()
    if isinstance(widget, QWidget):
        return widget.windowTitle()
    return ""


def _describe(widget: QObject) -> dict[str, Any]:
    info: dict[str, Any] = {
        "name": widget.objectName(),
        "cls": type(widget).__name__,
        "text": widget_text(widget),
    }
    if isinstance(widget, QWidget):
        info["visible"] = widget.isVisible()
        info["enabled"] = widget.isEnabled()
    if isinstance(widget, QAbstractButton) and widget.isCheckable():
        info["checked"] = widget.isChecked()
    return info


def _rect(rect: Any) -> list[int]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def _event_info(event: Any) -> dict[str, Any]:
    return {"kind": event.kind, "name": event.name, "root": str(event.root),
            "title": event.title, "message": event.message}


def _balloon_widget() -> QWidget | None:
    """Qt's own balloon (``QBalloonTip``), which exists only on an XEmbed tray host."""
    for w in QApplication.topLevelWidgets():
        if w.metaObject().className() == "QBalloonTip" and w.isVisible():
            return w
    return None


class AutomationServer(QObject):
    """Serves the JSON-line protocol on a local socket (GUI thread only)."""

    def __init__(self, path: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._accept)
        self._buffers: dict[QLocalSocket, bytes] = {}
        self.skipped: list[str] = []
        self._held: list[QWidget] = []
        QLocalServer.removeServer(path)
        if not self._server.listen(path):
            raise RuntimeError(f"automation: cannot listen on {path}: "
                               f"{self._server.errorString()}")
        self._commands: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "ping": lambda _c: {},
            "title": self._title,
            "quit": self._quit,
            "tabs": self._tabs,
            "widgets": self._widgets,
            "select_project": self._select_project,
            "tab": self._tab,
            "find": lambda c: _describe(self._find(c)),
            "text": lambda c: {"text": widget_text(self._find(c))},
            "set_text": self._set_text,
            "click": self._click,
            "check": self._check,
            "key": self._key,
            "trigger": self._trigger,
            "select_row": self._select_row,
            "grab": self._grab,
            "tray": self._tray,
        }
        # Balloons are recorded as each notification fires: Qt shows one synchronously inside
        # showMessage() and deletes it after its timeout, so a later query could miss it.
        self.balloons: list[dict[str, Any]] = []
        tray = getattr(parent, "tray", None)
        if tray is not None and hasattr(tray, "notified"):
            tray.notified.connect(self._record_balloon)

    def close(self) -> None:
        self._server.close()

    # -- transport

    def _accept(self) -> None:
        while self._server.hasPendingConnections():
            sock = self._server.nextPendingConnection()
            self._buffers[sock] = b""
            sock.readyRead.connect(lambda s=sock: self._read(s))
            sock.disconnected.connect(lambda s=sock: self._drop(s))

    def _drop(self, sock: QLocalSocket) -> None:
        self._buffers.pop(sock, None)
        with contextlib.suppress(RuntimeError):  # already gone when the app is quitting
            sock.deleteLater()

    def _read(self, sock: QLocalSocket) -> None:
        buf = self._buffers.get(sock, b"") + bytes(sock.readAll().data())
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            if line.strip():
                reply = self.handle_line(line.decode("utf-8"))
                sock.write((json.dumps(reply, ensure_ascii=False) + "\n").encode("utf-8"))
                sock.flush()
        self._buffers[sock] = buf

    def handle_line(self, line: str) -> dict[str, Any]:
        """Run one command line; never raises (errors are replies)."""
        try:
            command = json.loads(line)
            if not isinstance(command, dict):
                raise AutomationError("a command is a JSON object")
            handler = self._commands.get(str(command.get("cmd")))
            if handler is None:
                raise AutomationError(f"unknown command {command.get('cmd')!r}")
            return {"ok": True, **handler(command)}
        except Exception as exc:  # every failure goes back to the client
            return {"ok": False, "error": f"{type(exc).__name__}: {exc}"}

    # -- finding widgets

    @staticmethod
    def main_window() -> QMainWindow:
        for w in QApplication.topLevelWidgets():
            if isinstance(w, QMainWindow) and w.objectName() == "MainWindow":
                return w
        raise AutomationError("no main window")

    def _roots(self, where: Any) -> list[QWidget]:
        if where is None:
            return [w for w in QApplication.topLevelWidgets() if w.isVisible()]
        if where == "modal":
            # without a window manager (Xvfb) no window is "active": fall back to any modal
            modal = QApplication.activeModalWidget() or next(
                (w for w in reversed(QApplication.topLevelWidgets())
                 if isinstance(w, QDialog) and w.isModal() and w.isVisible()), None)
            if modal is None:
                raise AutomationError("no modal dialog is open")
            return [modal]
        if isinstance(where, dict):
            found = self._find(where)
            if not isinstance(found, QWidget):
                raise AutomationError("'in' must select a widget")
            return [found]
        raise AutomationError("'in' is a selector or 'modal'")

    def _matches(self, sel: dict[str, Any]) -> list[QObject]:
        visible_only = sel.get("visible", True)
        out: list[QObject] = []
        # Hold the roots until the next command: a dialog made in C++ (QInputDialog.getText)
        # gets a fresh wrapper here, and when that wrapper dies shiboken invalidates the
        # wrappers of its children we are about to return.
        self._held = self._roots(sel.get("in"))
        for root in self._held:
            candidates: list[QObject] = [root, *root.findChildren(QWidget),
                                         *root.findChildren(QAction)]
            for obj in candidates:
                try:
                    if "name" in sel and obj.objectName() != sel["name"]:
                        continue
                    if "cls" in sel and sel["cls"] not in _class_names(obj):
                        continue
                    if "text" in sel and _strip_mnemonic(widget_text(obj)) != sel["text"]:
                        continue
                    if visible_only and isinstance(obj, QWidget) and not obj.isVisible():
                        continue
                except RuntimeError as exc:  # a stale wrapper of a deleted C++ object
                    self.skipped.append(f"{type(obj).__name__}: {exc}")
                    continue
                if obj not in out:
                    out.append(obj)
        return out

    def _find(self, sel: dict[str, Any]) -> QObject:
        if not any(k in sel for k in ("name", "cls", "text")):
            found: QObject = self._roots(sel.get("in"))[0] if "in" in sel else self.main_window()
        else:
            matches = self._matches(sel)
            index = int(sel.get("index", 0))
            if len(matches) <= index:
                shown = {k: v for k, v in sel.items() if k != "cmd"}
                raise AutomationError(f"no widget matches {shown} ({len(matches)} found)")
            found = matches[index]
        for part in filter(None, str(sel.get("attr", "")).split(".")):
            nxt = found[part] if isinstance(found, dict) else getattr(found, part, None)
            if nxt is None:
                raise AutomationError(f"no attribute {part!r} on {type(found).__name__}")
            found = nxt
        if not isinstance(found, QObject):
            raise AutomationError(f"{type(found).__name__} is not a widget")
        return found

    # -- commands

    def _title(self, _c: dict[str, Any]) -> dict[str, Any]:
        return {"title": self.main_window().windowTitle()}

    def _quit(self, _c: dict[str, Any]) -> dict[str, Any]:
        QTimer.singleShot(0, self.main_window().close)
        return {}

    def _tabs(self, _c: dict[str, Any]) -> dict[str, Any]:
        tabs = []
        for root in self._roots(None):
            for tw in root.findChildren(QTabWidget):
                if tw.isVisible():
                    tabs.append({"name": tw.objectName(), "current": tw.currentIndex(),
                                 "tabs": [tw.tabText(i) for i in range(tw.count())]})
        return {"tabs": tabs}

    def _widgets(self, c: dict[str, Any]) -> dict[str, Any]:
        roots = self._roots(c.get("in"))
        found = [_describe(w) for r in roots for w in [r, *r.findChildren(QWidget)]
                 if w.objectName() and not w.objectName().startswith("qt_")
                 and (w.isVisible() or not c.get("visible", True))]
        return {"widgets": found}

    def _select_project(self, c: dict[str, Any]) -> dict[str, Any]:
        window: Any = self.main_window()
        browser = getattr(window, "browser", None)
        if browser is None:
            raise AutomationError("the main window has no project browser")
        for entry in browser.model.projects():
            if entry.ref.name == c["name"]:
                if not window.open_project(entry.ref.root, c.get("workstream")):
                    raise AutomationError(f"could not open {c['name']}")
                return {"root": str(entry.ref.root)}
        raise AutomationError(f"no project named {c['name']!r}")

    def _tab(self, c: dict[str, Any]) -> dict[str, Any]:
        wanted = c["text"]
        sel = {"name": c["widget"]} if c.get("widget") else {"cls": "QTabWidget"}
        for tw in self._matches(sel):
            assert isinstance(tw, QTabWidget)
            for i in range(tw.count()):
                if _strip_mnemonic(tw.tabText(i)) == wanted:
                    tw.setCurrentIndex(i)
                    return {"widget": tw.objectName(), "index": i}
        raise AutomationError(f"no tab {wanted!r}")

    def _set_text(self, c: dict[str, Any]) -> dict[str, Any]:
        w = self._find(c)
        if isinstance(w, QLineEdit):
            w.setFocus()
            w.selectAll()
            w.insert(c["value"])  # like typing: textEdited fires
            w.editingFinished.emit()
        elif isinstance(w, QTextEdit | QPlainTextEdit):
            w.setPlainText(c["value"])
        elif isinstance(w, QComboBox):
            index = w.findText(c["value"])
            if index < 0:
                raise AutomationError(f"no item {c['value']!r}")
            w.setCurrentIndex(index)
            w.activated.emit(index)
        else:
            raise AutomationError(f"cannot set text on {type(w).__name__}")
        return {"text": widget_text(w)}

    def _click(self, c: dict[str, Any]) -> dict[str, Any]:
        w = self._find(c)
        if not isinstance(w, QAbstractButton):
            raise AutomationError(f"cannot click {type(w).__name__}")
        if not w.isEnabled():
            raise AutomationError(f"{w.text()!r} is disabled")
        QTimer.singleShot(0, w.click)
        return {}

    def _check(self, c: dict[str, Any]) -> dict[str, Any]:
        w = self._find(c)
        if not isinstance(w, QAbstractButton) or not w.isCheckable():
            raise AutomationError(f"cannot check {type(w).__name__}")
        if w.isChecked() != bool(c.get("checked", True)):
            w.click()
        return {"checked": w.isChecked()}

    def _key(self, c: dict[str, Any]) -> dict[str, Any]:
        w = self._find(c) if any(k in c for k in ("name", "cls", "text", "in")) \
            else QApplication.focusWidget()
        if not isinstance(w, QWidget):
            raise AutomationError("no widget to send the key to")
        key = getattr(Qt.Key, f"Key_{c['key']}", None)
        if key is None:
            raise AutomationError(f"unknown key {c['key']!r}")
        QTimer.singleShot(0, lambda: QTest.keyClick(w, key))
        return {}

    def _select_row(self, c: dict[str, Any]) -> dict[str, Any]:
        view = self._find(c)
        if not isinstance(view, QAbstractItemView) or view.model() is None:
            raise AutomationError(f"{type(view).__name__} is not an item view with a model")
        index = view.model().index(int(c.get("row", 0)), 0)
        if not index.isValid():
            raise AutomationError(f"no row {c.get('row', 0)}")
        view.setCurrentIndex(index)
        view.scrollTo(index)
        return {"text": str(index.data() or "")}

    def _trigger(self, c: dict[str, Any]) -> dict[str, Any]:
        window = self.main_window()
        wanted = QKeySequence(c["shortcut"]) if c.get("shortcut") else None
        for action in window.findChildren(QAction):
            if c.get("name") and action.objectName() != c["name"]:
                continue
            if c.get("text") and _strip_mnemonic(action.text()) != c["text"]:
                continue
            if wanted is not None and wanted not in action.shortcuts():
                continue
            if not (c.get("name") or c.get("text") or wanted is not None):
                break
            if not action.isEnabled():
                raise AutomationError(f"action {action.text()!r} is disabled")
            QTimer.singleShot(0, action.trigger)
            return {"text": action.text()}
        raise AutomationError(f"no action matches {c}")

    def _grab(self, c: dict[str, Any]) -> dict[str, Any]:
        w = self._find(c) if any(k in c for k in ("name", "cls", "text", "in")) \
            else self.main_window()
        if not isinstance(w, QWidget):
            raise AutomationError("can only grab a widget")
        path = Path(c["path"])
        path.parent.mkdir(parents=True, exist_ok=True)
        if not w.grab().save(str(path)):
            raise AutomationError(f"could not save {path}")
        return {"path": str(path), "width": w.width(), "height": w.height()}

    def _record_balloon(self, event: Any) -> None:
        balloon = _balloon_widget()
        self.balloons.append({
            **_event_info(event),
            "shown": balloon is not None,
            "texts": [lbl.text() for lbl in balloon.findChildren(QLabel)] if balloon else [],
            "geometry": _rect(balloon.frameGeometry()) if balloon else [],
        })

    def _tray(self, _c: dict[str, Any]) -> dict[str, Any]:
        tray: Any = getattr(self.main_window(), "tray", None)
        if tray is None:
            raise AutomationError("the main window has no tray")
        menu = tray.menu
        items = []
        for action in menu.actions():
            item: dict[str, Any] = {"text": action.text(), "separator": action.isSeparator(),
                                    "enabled": action.isEnabled(), "root": action.data()}
            if menu.isVisible() and not action.isSeparator():
                rect = menu.actionGeometry(action)  # in the menu's coordinates
                top_left = menu.mapToGlobal(rect.topLeft())
                item["geometry"] = [top_left.x(), top_left.y(), rect.width(), rect.height()]
            items.append(item)
        # Qt's XEmbed icon is a small top-level widget docked into the host's window
        docked = [w for w in QApplication.topLevelWidgets()
                  if w.objectName() == "QSystemTrayIconSys" and w.isVisible()]
        balloon = _balloon_widget()
        return {
            "available": bool(tray.available),
            "system_tray_available": QSystemTrayIcon.isSystemTrayAvailable(),
            "supports_messages": QSystemTrayIcon.supportsMessages(),
            "visible": tray.icon.isVisible(),
            "geometry": _rect(tray.icon.geometry()),
            "docked_widget": bool(docked),
            "tooltip": tray.icon.toolTip(),
            "menu_visible": menu.isVisible(),
            "menu_geometry": _rect(menu.geometry()) if menu.isVisible() else [],
            "menu": items,
            "lines": [{"name": ln.name, "root": str(ln.root), "statusline": ln.statusline,
                       "percent": ln.percent, "problem": ln.problem, "text": ln.text}
                      for ln in tray.lines],
            "messages": [_event_info(e) for e in tray.messages],
            "balloons": list(self.balloons),
            "balloon_geometry": _rect(balloon.frameGeometry()) if balloon else [],
        }


def start_from_env(env: dict[str, str] | None = None,
                   parent: QObject | None = None) -> AutomationServer | None:
    """Start the server when ``MSD_DESKTOP_AUTOMATION`` names a socket path, else ``None``."""
    path = (os.environ if env is None else env).get(ENV_VAR, "")
    if not path:
        return None
    return AutomationServer(path, parent)
