"""R1, a sample through the window (offscreen): broken files are shown, never written.

The Settings form on an unparseable config.json shows an error banner naming the file and
line, and a save attempt writes nothing; the State panel shows a broken STATE.md's error (with
its line) and leaves the file alone.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

from msd_desktop.core.common.jsonfile import read_json_file
from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.workspace.registry import ProjectRef
from tests.form_saving import save_form
from tests.reliability.corpus import config_cases, state_cases
from tests.reliability.helpers import make_project, record_figure, tree_bytes

CONFIG_SAMPLE = ["trailing-comma", "bom", "invalid-utf8-in-string", "nan-value",
                 "non-object-array", "deep-object-nesting"]
STATE_SAMPLE = ["no-closing-fence", "unclosed-quote", "yaml-alias-bomb", "invalid-utf8"]


def test_config_form_on_broken_config(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from msd_desktop.ui.settings.form import ConfigFormPanel

    cases = dict(config_cases())
    env = {"HOME": str(tmp_path), "MSD_HOME": str(tmp_path), "PATH": os.environ["PATH"]}
    for case_id in CONFIG_SAMPLE:
        root = make_project(tmp_path, case_id)
        path = root / ".planning" / "config.json"
        path.write_bytes(cases[case_id])
        before = tree_bytes(root)
        panel = ConfigFormPanel(ProjectRef(root=root, name=case_id, workspace="r1"), env=env)
        qtbot.addWidget(panel)
        assert not panel.error_banner.isHidden(), case_id
        text = panel.error_banner.label.text()
        assert str(path) in text, text
        error = read_json_file(path).error
        assert error is not None
        if "line" in error.message:
            assert f"line {error.line}" in text, text
        panel.edit("mode", "yolo")
        assert save_form(qtbot, panel) is False, case_id
        assert tree_bytes(root) == before, f"the window wrote over {case_id}"
    record_figure("r1_window_config_cases", len(CONFIG_SAMPLE))


def test_state_panel_on_broken_state(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from msd_desktop.ui.state.panel import StatePanel
    from msd_desktop.ui.state.state_view import state_view_from_core

    cases = dict(state_cases())
    env = {"HOME": str(tmp_path), "MSD_HOME": str(tmp_path)}
    panel = StatePanel()
    qtbot.addWidget(panel)
    for case_id in STATE_SAMPLE:
        root = make_project(tmp_path, case_id)
        (root / ".planning" / "STATE.md").write_bytes(cases[case_id])
        before = tree_bytes(root)
        state = load_project_state(root, env)
        view = state_view_from_core(state, title=case_id)
        panel.show_state(view)
        if state.doc is not None and state.doc.error is not None:
            assert view.error is not None
            assert f"line {state.doc.error.line}" in view.error or str(
                state.doc.error.line) in view.error, view.error
            assert not panel.banner.isHidden()
        assert tree_bytes(root) == before
    record_figure("r1_window_state_cases", len(STATE_SAMPLE))
