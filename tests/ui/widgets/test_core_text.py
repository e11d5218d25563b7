"""The core's messages in the window's language; the command line keeps the English.

A project with a broken ``config.json``, a STATE.md whose progress disagrees with its phases,
and a value the core refuses typed into a Settings field: under pt_BR the window says each in
Portuguese, under English it says exactly what ``msd`` prints for the same file or value (the
CLI runs as a subprocess on the same project). The catalogue's CoreMessages entries keep the
placeholders of their English source, so a translation can never drop a value.
"""

from __future__ import annotations

import importlib.util
import json
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.state.panel import StatePanel
from msd_desktop.ui.state.state_view import state_view_from_core
from msd_desktop.ui.widgets.core_text import CONTEXT
from msd_desktop.ui.widgets.translation import install_translators

REPO = Path(__file__).resolve().parents[3]
PT_TS = REPO / "msd_desktop" / "i18n" / "msd_desktop_pt_BR.ts"
BROKEN = '{\n  "model_profile": "balanced",\n}\n'  # a trailing comma: line 3, column 1


@pytest.fixture
def language() -> Iterator[Callable[[str], None]]:
    app = QApplication.instance()
    assert app is not None
    installed: list[object] = []

    def use(code: str) -> None:
        found = install_translators(app, code)  # type: ignore[arg-type]
        assert found, f"the {code} catalogue is built (scripts/update-translations.py --release)"
        installed.extend(found)

    yield use
    for t in installed:
        app.removeTranslator(t)  # type: ignore[arg-type]
    QLocale.setDefault(QLocale("en_US"))


def _msd(cwd: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "msd_desktop.cli", *args], cwd=cwd,
                          env={**env, "PYTHONPATH": str(REPO)}, capture_output=True,
                          text=True, timeout=60, check=False)


def _project(demo: Path) -> ProjectRef:
    root = demo / "field-notes"
    return ProjectRef(root=root, name="field-notes", workspace="demo")


def _form(qtbot: QtBot, project: ProjectRef, env: dict[str, str]) -> ConfigFormPanel:
    panel = ConfigFormPanel(project, env=env)
    qtbot.addWidget(panel)
    panel.resize(1200, 800)
    return panel


def test_broken_config_json_in_portuguese(qtbot: QtBot, demo: Path, env: dict[str, str],
                                          language: Callable[[str], None]) -> None:
    language("pt_BR")
    project = _project(demo)
    path = project.root / ".planning" / "config.json"
    path.write_text(BROKEN, encoding="utf-8")
    panel = _form(qtbot, project, env)
    banner = panel.error_banner.label.text()
    assert (f"{path}: linha 3, coluna 1: Um nome de propriedade entre aspas duplas era "
            "esperado") in banner
    assert "line 3" not in banner
    assert "Expecting" not in banner


def test_broken_config_json_in_english_is_the_clis(qtbot: QtBot, demo: Path,
                                                   env: dict[str, str],
                                                   language: Callable[[str], None]) -> None:
    language("en")
    project = _project(demo)
    path = project.root / ".planning" / "config.json"
    path.write_text(BROKEN, encoding="utf-8")
    cli = _msd(project.root, "config-get", "model_profile", env=env)
    assert cli.returncode == 1
    said = cli.stderr.strip().removeprefix("Error: Failed to read config.json: ")
    assert said == (f"{path}: line 3, column 1: Expecting property name enclosed in double "
                    "quotes")
    banner = _form(qtbot, project, env).error_banner.label.text()
    assert said in banner


def _state_panel(qtbot: QtBot, root: Path, env: dict[str, str]) -> StatePanel:
    panel = StatePanel()
    qtbot.addWidget(panel)
    state = load_project_state(root, env)
    with qtbot.waitSignal(panel.shown, timeout=2000):
        panel.show_state(state_view_from_core(state, root.name))
    return panel


def test_state_problem_in_portuguese(qtbot: QtBot, demo: Path, env: dict[str, str],
                                     language: Callable[[str], None]) -> None:
    language("pt_BR")
    panel = _state_panel(qtbot, demo / "legacy-importer", env)
    shown = panel.problems_label.text()
    assert "o STATE.md diz 100%, mas 1 plano não tem resumo" in shown
    assert "plan has no summary" not in shown


def test_state_problem_in_english_is_the_cores(qtbot: QtBot, demo: Path, env: dict[str, str],
                                               language: Callable[[str], None]) -> None:
    language("en")
    root = demo / "legacy-importer"
    panel = _state_panel(qtbot, root, env)
    messages = [p.message for p in load_project_state(root, env).problems]
    assert "STATE.md says 100% but 1 plan has no summary" in messages
    assert "STATE.md says 100% but 1 plan has no summary" in panel.problems_label.text()


KEY = "workflow.security_asvs_level"


def _typed(qtbot: QtBot, demo: Path, env: dict[str, str]) -> tuple[str, Path]:
    project = _project(demo)
    panel = _form(qtbot, project, env)
    panel.editor(KEY)  # the row exists once its editor does
    assert panel.edit(KEY, 7) is not None  # the core refuses it; the field keeps it
    row = panel.row(KEY)
    assert not row.error.isHidden()
    assert not panel.save_button.isEnabled()
    return row.error.text(), project.root


def test_refused_field_value_in_portuguese(qtbot: QtBot, demo: Path, env: dict[str, str],
                                           language: Callable[[str], None]) -> None:
    language("pt_BR")
    error, _root = _typed(qtbot, demo, env)
    assert error == f"Valor inválido para {KEY}: '7'. Deve ser um inteiro 1, 2 ou 3."


def test_refused_field_value_in_english_is_the_clis(qtbot: QtBot, demo: Path,
                                                    env: dict[str, str],
                                                    language: Callable[[str], None]) -> None:
    language("en")
    error, root = _typed(qtbot, demo, env)
    before = (root / ".planning" / "config.json").read_bytes()
    cli = _msd(root, "config-set", KEY, "7", env=env)
    assert cli.returncode == 1
    assert cli.stderr.strip() == f"Error: {error}"
    assert error == f"Invalid {KEY} '7'. Must be an integer 1, 2, or 3."
    assert (root / ".planning" / "config.json").read_bytes() == before


# ---- the catalogue ---------------------------------------------------------------------------


def _fields(text: str) -> list[tuple[str, str, str]]:
    return sorted((name, conversion or "", spec or "")
                  for _, name, spec, conversion in string.Formatter().parse(text)
                  if name is not None)


def _core_messages(ts: Path) -> list[tuple[str, str]]:
    root = ET.parse(ts).getroot()
    return [(m.findtext("source") or "", m.findtext("translation") or "")
            for ctx in root.iter("context") if ctx.findtext("name") == CONTEXT
            for m in ctx.iter("message")]


def test_every_translation_keeps_the_placeholders_of_its_source() -> None:
    messages = _core_messages(PT_TS)
    assert len(messages) > 300
    wrong = [f"{source!r} → {translation!r}" for source, translation in messages
             if _fields(source) != _fields(translation)]
    assert wrong == [], "\n".join(wrong)


def test_the_placeholder_check_catches_a_dropped_value() -> None:
    assert _fields("{path}: line {line}") != _fields("{path}: linha")
    assert _fields("{elapsed:.1f} s") != _fields("{elapsed} s")
    assert _fields("{value!r}") != _fields("{value}")


def test_every_core_template_is_in_the_catalogue() -> None:
    spec = importlib.util.spec_from_file_location("update_translations",
                                                  REPO / "scripts" / "update-translations.py")
    assert spec is not None
    assert spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    templates = script.core_templates()
    assert "Invalid {key} '{raw}'. {expectation}" in templates
    sources = {source for source, _ in _core_messages(PT_TS)}
    missing = sorted(set(templates) - sources)
    assert missing == [], json.dumps(missing, indent=1)
