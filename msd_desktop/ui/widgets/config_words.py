"""The words the config matrix and the Global defaults window use for the core's facts.

Why here: both windows (``ui/companion`` and ``ui/settings``, which may not import each other)
show the same facts of :mod:`msd_desktop.core.config.matrix` and
:mod:`msd_desktop.core.config.batch` — where a global key reaches, which layer a value comes
from, what a bulk edit did to each project — and the core keeps its words English for the
command line. These functions say them in the window's language (context ``ConfigWords``); the
core's error messages (a bad file, a lock timeout) go through ``core_text``.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from msd_desktop.core.common.text import Text
from msd_desktop.ui.widgets.core_text import core_text


def fill(template: str, *args: object) -> str:
    """``%1``… replaced in one pass, so a value that itself contains ``%2`` stays as it is."""
    return re.sub(r"%(\d)", lambda m: str(args[int(m.group(1)) - 1])
                  if 0 < int(m.group(1)) <= len(args) else m.group(0), template)


def reach_text(reach: str) -> str:
    """A reach value of :func:`~msd_desktop.core.config.matrix.global_reach`, in words."""
    words = {
        "reaches": QCoreApplication.translate("ConfigWords", "uses the global value"),
        "shadowed": QCoreApplication.translate("ConfigWords", "sets its own value"),
        "not_read": QCoreApplication.translate(
            "ConfigWords", "has .planning/ — the global value is not read at run time"),
        "unset": QCoreApplication.translate("ConfigWords", "not set globally"),
    }
    return words.get(reach, reach)


def reach_heading(reach: str) -> str:
    """The same words as a heading of a project list ("Uses the global value")."""
    text = reach_text(reach)
    return text[:1].upper() + text[1:]


# The core's layer names (core.config.layers.LAYER_NAMES), spelled out for lupdate; a test
# keeps both in step.
LAYER_TEXTS = (
    QT_TRANSLATE_NOOP("ConfigLayers", "Workstream"),
    QT_TRANSLATE_NOOP("ConfigLayers", "Project"),
    QT_TRANSLATE_NOOP("ConfigLayers", "Global defaults"),
    QT_TRANSLATE_NOOP("ConfigLayers", "Built-in default"),
)


def layer_label(layer: str) -> str:
    """A config layer's name in the window's language (the id when it is no layer): the
    form's provenance and the matrix's "From" column name layers alike."""
    from msd_desktop.core.config.layers import layer_name  # not on the first paint's path

    return QCoreApplication.translate("ConfigLayers", layer_name(layer))


def value_text(display: str) -> str:
    """A value as the core displays it; its placeholders for "no value" in words."""
    words = {
        "(not set)": QCoreApplication.translate("ConfigWords", "(not set)"),
        "(unset)": QCoreApplication.translate("ConfigWords", "(not set)"),
        "(unreadable)": QCoreApplication.translate("ConfigWords", "(unreadable)"),
    }
    return words.get(display, display)


def plan_note(note: str) -> str:
    """The confirmation table's Note: why a project will not be written."""
    if note == "already set":
        return QCoreApplication.translate("ConfigWords", "already set")
    prefix = "not written, "
    if isinstance(note, Text) and note.template == "not written, {error}":
        return QCoreApplication.translate("ConfigWords", "not written (file check: %1)").replace(
            "%1", core_text(note.params["error"]))
    if isinstance(note, Text):
        return core_text(note)
    if note.startswith(prefix):  # the rest is the file check's own message
        return QCoreApplication.translate("ConfigWords", "not written (file check: %1)").replace(
            "%1", note[len(prefix):])
    return note


def status_text(status: str) -> str:
    """One project's outcome in a bulk edit or its undo."""
    words = {
        "written": QCoreApplication.translate("ConfigWords", "written"),
        "unchanged": QCoreApplication.translate("ConfigWords", "already set"),
        "refused": QCoreApplication.translate("ConfigWords", "refused"),
        "error": QCoreApplication.translate("ConfigWords", "failed"),
        "restored": QCoreApplication.translate("ConfigWords", "restored"),
        "skipped": QCoreApplication.translate("ConfigWords", "skipped"),
    }
    return words.get(status, status)


def result_message(result: Any, kind: str) -> str:
    """What happened to one project, said from the change itself (values are never
    translated; a failure keeps the core's message)."""
    change = result.change
    old, new = value_text(change.old_display), value_text(change.new_display)
    status = result.status
    if status == "unchanged":
        return QCoreApplication.translate("ConfigWords", "already %1").replace("%1", new)
    if status == "written":
        if change.new_value is None:
            return QCoreApplication.translate("ConfigWords", "removed from the file")
        return f"{old} → {new}"
    if status == "restored":
        return f"{new} → {old}"
    if status == "refused":
        if kind == "undo":
            return QCoreApplication.translate(
                "ConfigWords", "changed on disk since the batch wrote it — left as it is")
        return QCoreApplication.translate(
            "ConfigWords",
            "changed on disk since you confirmed — not written; reload and try again")
    if status == "skipped":
        return QCoreApplication.translate("ConfigWords", "nothing was written here")
    return plan_note(result.message)  # a failure: the file check's own message


def result_line(result: Any, kind: str) -> str:
    """``project: outcome — what happened`` for the report's list."""
    return fill(QCoreApplication.translate("ConfigWords", "%1: %2 — %3"), result.project.name,
                status_text(result.status), result_message(result, kind))


def secret_location_text(location: dict[str, Any]) -> str:
    """Where one API key lives (a ``locations`` entry of
    :func:`~msd_desktop.core.secrets.store.list_secrets`), in words; the id stays for the
    tooltip."""
    kind = str(location.get("location", ""))
    if kind == "env":
        return QCoreApplication.translate("SecretWords", "in the environment variable %1").replace(
            "%1", str(location.get("name", "")))
    if kind == "file":
        return QCoreApplication.translate("SecretWords", "in the file %1").replace(
            "%1", str(location.get("path", "")))
    words = {
        "keyring-project": QCoreApplication.translate(
            "SecretWords", "in the OS keyring (this project)"),
        "keyring-global": QCoreApplication.translate(
            "SecretWords", "in the OS keyring (all projects)"),
        "config-plaintext": QCoreApplication.translate(
            "SecretWords", "in config.json as plain text — move it to the keyring"),
        "config-sentinel": QCoreApplication.translate(
            "SecretWords", "marked available in config.json (true)"),
        "config-disabled": QCoreApplication.translate(
            "SecretWords", "switched off in config.json (false)"),
    }
    return words.get(kind, kind)


def secret_places_text(locations: list[dict[str, Any]]) -> str:
    """Every place an API key lives, as one sentence ("Stored in the OS keyring …; …")."""
    if not locations:
        return QCoreApplication.translate("SecretWords", "Not stored")
    return QCoreApplication.translate("SecretWords", "Stored %1").replace(
        "%1", "; ".join(secret_location_text(loc) for loc in locations))
