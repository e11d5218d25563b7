"""Which language the window picks, and that its catalogues really load."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings

from msd_desktop.i18n import languages
from msd_desktop.ui.widgets import translation as tr


@pytest.mark.parametrize(("raw", "code"), [
    ("pt-BR", "pt_BR"), ("pt_br.UTF-8", "pt_BR"), ("pt_BR@euro", "pt_BR"), ("EN", "en"),
])
def test_normalize(raw: str, code: str) -> None:
    assert tr.normalize(raw) == code


def test_brazilian_portuguese_is_available() -> None:
    assert "pt_BR" in languages()


@pytest.mark.parametrize(("wanted", "expected"), [
    (["pt-BR", "en-US"], "pt_BR"),
    (["pt-PT"], "pt_BR"),  # same language, another region: still Portuguese
    (["en-GB", "pt-BR"], "en"),  # English first wins
    (["C", "de-DE"], None),
    ([], None),
])
def test_match(wanted: list[str], expected: str | None) -> None:
    assert tr.match(wanted, ["pt_BR"]) == expected


def test_cli_beats_remembered_beats_system() -> None:
    assert tr.choose_language("pt_BR", "en", ["en-US"]) == "pt_BR"
    assert tr.choose_language(None, "pt_BR", ["en-US"]) == "pt_BR"
    assert tr.choose_language(None, None, ["pt-BR"]) == "pt_BR"
    assert tr.choose_language(None, tr.SYSTEM, ["de-DE"]) == "en"
    assert tr.choose_language("xx", None, ["pt-BR"]) == "en"  # an unknown --lang: English


def test_remembered_choice_round_trips(tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    assert tr.remembered_language(settings) is None
    tr.remember_language("pt_BR", settings)
    assert tr.remembered_language(settings) == "pt_BR"
    tr.remember_language(tr.SYSTEM, settings)
    assert tr.remembered_language(settings) is None


def test_installing_portuguese_translates_qt_and_sets_the_locale(qapp) -> None:  # type: ignore[no-untyped-def]
    installed = tr.install_translators(qapp, "pt_BR")
    try:
        assert installed, "no catalogue loaded"
        assert QLocale().name() == "pt_BR"
        # Qt's own catalogue: a standard button text
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancelar"
    finally:
        for t in installed:
            qapp.removeTranslator(t)
        QLocale.setDefault(QLocale("en_US"))


def test_language_names_are_native() -> None:
    assert tr.language_name("en") == "English"
    assert tr.language_name("pt_BR") == "Português (Brasil)"


def test_translation_sources_are_complete_and_current() -> None:
    """Every window string is extracted, every entry translated, none obsolete: what
    ``scripts/update-translations.py --check`` says (the same lupdate run as a refresh)."""
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[3]
    proc = subprocess.run([sys.executable, str(repo / "scripts" / "update-translations.py"),
                           "--check"], cwd=repo, capture_output=True, text=True, timeout=300,
                          check=False)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


def test_the_check_sees_an_unfinished_entry(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The check itself can fail: a catalogue with an unfinished entry is reported."""
    import importlib.util
    from pathlib import Path

    repo = Path(__file__).resolve().parents[3]
    spec = importlib.util.spec_from_file_location(
        "update_translations", repo / "scripts" / "update-translations.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    ts = tmp_path / "msd_desktop_xx.ts"
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
                  '<TS version="2.1" language="xx"><context><name>C</name><message>'
                  '<source>Save</source><translation type="unfinished"></translation>'
                  '</message></context></TS>\n', encoding="utf-8")
    assert module.unfinished(ts) == ["C: 'Save'"]
