"""Which language the window speaks, and the Qt translators that make it speak it.

Order of choice: ``--lang CODE`` on the command line, then the language picked in
View → Language or Edit → Preferences (remembered in ``QSettings`` as ``ui/language``;
switched at once by :func:`switch_language`), then the desktop's
(``QLocale.system().uiLanguages()``, which follows ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and
``LANG``). English is the source language: it needs no catalogue. For any other language both
our catalogue (``msd_desktop/i18n/msd_desktop_<lang>.qm``) and Qt's own (``qtbase_<lang>``, for
the standard dialogs and buttons) are installed, and ``QLocale.setDefault`` makes numbers and
dates follow the same locale.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from msd_desktop.i18n import catalogue_dir, languages

SOURCE_LANGUAGE = "en"
SETTING = "ui/language"
SYSTEM = ""  # the remembered choice "follow the desktop"


def normalize(code: str) -> str:
    """``pt-BR`` / ``pt_br.UTF-8`` / ``pt_BR@euro`` → ``pt_BR``; ``en_US`` → ``en_US``."""
    code = code.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    if "_" in code:
        lang, _, region = code.partition("_")
        return f"{lang.lower()}_{region.upper()}"
    return code.lower()


def match(wanted: Iterable[str], available: Sequence[str]) -> str | None:
    """The first wanted language we have a catalogue for (exact, then by language alone);
    ``SOURCE_LANGUAGE`` when an English variant comes first; ``None`` when nothing matches."""
    for raw in wanted:
        code = normalize(raw)
        if not code or code in ("c", "posix"):
            continue
        if code.split("_")[0] == SOURCE_LANGUAGE:
            return SOURCE_LANGUAGE
        if code in available:
            return code
        base = code.split("_")[0]
        same = [a for a in available if a.split("_")[0] == base]
        if same:
            return same[0]
    return None


def choose_language(cli: str | None, remembered: str | None,
                    system: Sequence[str] | None = None) -> str:
    """The language to use: ``--lang``, else the remembered choice, else the desktop's."""
    available = languages()
    for choice in (cli, remembered):
        if choice:
            return match([choice], available) or SOURCE_LANGUAGE
    if system is None:
        system = QLocale.system().uiLanguages()
    return match(system, available) or SOURCE_LANGUAGE


def remembered_language(settings: QSettings | None = None) -> str | None:
    value = (settings or QSettings()).value(SETTING)
    return str(value) if value else None


def remember_language(code: str, settings: QSettings | None = None) -> None:
    """Store the View → Language choice (``SYSTEM`` = follow the desktop again)."""
    (settings or QSettings()).setValue(SETTING, code)


def _qt_translation_dirs() -> list[str]:
    """Qt's translations folder, and PySide6's own copy (what a frozen bundle carries)."""
    import PySide6

    return [QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath),
            str(Path(PySide6.__file__).resolve().parent / "Qt" / "translations")]


def _qt_catalogue(translator: QTranslator, code: str) -> bool:
    return any(translator.load(f"qtbase_{name}", directory)
               for directory in _qt_translation_dirs()
               for name in (code, code.split("_")[0]))


def install_translators(app: QCoreApplication, code: str) -> list[QTranslator]:
    """Install our catalogue and Qt's for ``code``; return them (keep them alive).

    English installs only our plural forms ("1 change" / "2 changes"). A missing catalogue is
    not an error: the window then shows the English source text, as Qt does for any string
    without a translation.
    """
    QLocale.setDefault(QLocale(code if code != SOURCE_LANGUAGE else "en_US"))
    installed: list[QTranslator] = []
    qt = QTranslator(app)
    if code != SOURCE_LANGUAGE and _qt_catalogue(qt, code):
        app.installTranslator(qt)
        installed.append(qt)
    ours = QTranslator(app)
    if ours.load(str(Path(catalogue_dir()) / f"msd_desktop_{code}.qm")):
        app.installTranslator(ours)
        installed.append(ours)
    return installed


TRANSLATORS = "msd_translators"  # the application's property holding the installed ones


def switch_language(code: str, app: QCoreApplication | None = None) -> str:
    """Speak ``code`` from now on (``SYSTEM``: the desktop's language), without a restart.

    The translators installed before (kept in the application's ``msd_translators``
    property) are removed and the new ones installed; Qt then sends every widget a
    ``QEvent.LanguageChange``, on which the window and its open dialogs set their texts
    again. Returns the catalogue code now in use."""
    app = app or QCoreApplication.instance()
    assert app is not None
    chosen = choose_language(None, code or None)
    for old in app.property(TRANSLATORS) or []:
        app.removeTranslator(old)
    app.setProperty(TRANSLATORS, install_translators(app, chosen))
    app.setProperty("msd_language", chosen)
    return chosen


def language_name(code: str) -> str:
    """A language's own name for the menu (``Português (Brasil)``), from Qt's locale data."""
    if code == SOURCE_LANGUAGE:
        return "English"
    locale = QLocale(code)
    name = locale.nativeLanguageName()
    region = locale.nativeTerritoryName()
    if "_" in code and region:
        name = f"{name} ({region})"
    return name[:1].upper() + name[1:]
