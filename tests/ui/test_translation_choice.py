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
