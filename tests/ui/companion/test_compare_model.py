"""The compare table's models without widgets: rows, roles, masking, the differences filter."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from msd_desktop.core.config.compare import compare_configs, plan_copy
from msd_desktop.ui.companion.compare_model import (
    COL_KEY,
    COL_LEFT,
    COL_RIGHT,
    ConfigCompareModel,
    CopyPlanModel,
    DifferencesProxy,
    DiffersRole,
    KeyRole,
)

SECRET = "sk-live-0123456789abcdef"


def _project(base: Path, name: str, data: dict[str, Any]) -> Path:
    root = base / name
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "config.json").write_text(json.dumps(data), encoding="utf-8")
    return root


def _pair(tmp_path: Path) -> tuple[Path, Path]:
    return (_project(tmp_path, "alpha", {"model_profile": "quality", "brave_search": SECRET,
                                         "workflow": {"research": True}}),
            _project(tmp_path, "beta", {"model_profile": "balanced",
                                        "workflow": {"research": True}, "mode": "yolo"}))


def test_rows_values_and_roles(qtmodeltester: Any, tmp_path: Path, env: dict[str, str]) -> None:
    model = ConfigCompareModel()
    qtmodeltester.check(model)
    assert model.headerData(COL_LEFT, Qt.Orientation.Horizontal) == "Left"
    model.set_comparison(compare_configs(*_pair(tmp_path), env))
    qtmodeltester.check(model)
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(3)] == [
        "Key", "alpha", "beta"]
    cells = {model.index(r, COL_KEY).data(): (model.index(r, COL_LEFT).data(),
                                              model.index(r, COL_RIGHT).data(),
                                              model.index(r, COL_KEY).data(DiffersRole))
             for r in range(model.rowCount())}
    assert cells["model_profile"] == ("quality", "balanced", True)
    assert cells["workflow.research"] == ("true", "true", False)
    assert cells["mode"] == ("(not set)", "yolo", True)
    assert model.index(0, COL_KEY).data(KeyRole) == "model_profile"
    assert model.index(0, COL_LEFT).data(Qt.ItemDataRole.BackgroundRole) is not None
    same = list(cells).index("workflow.research")
    assert model.index(same, COL_LEFT).data(Qt.ItemDataRole.BackgroundRole) is None


def test_secrets_never_reach_any_role(tmp_path: Path, env: dict[str, str]) -> None:
    model = ConfigCompareModel()
    model.set_comparison(compare_configs(*_pair(tmp_path), env))
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
             Qt.ItemDataRole.AccessibleTextRole, KeyRole)
    seen = [str(model.index(r, c).data(role)) for r in range(model.rowCount())
            for c in range(3) for role in roles]
    assert not any(SECRET in text for text in seen)
    row = [model.index(r, COL_KEY).data() for r in range(model.rowCount())].index("brave_search")
    assert "never copied" in model.index(row, COL_KEY).data(Qt.ItemDataRole.ToolTipRole)


def test_only_differences(qtmodeltester: Any, tmp_path: Path, env: dict[str, str]) -> None:
    model = ConfigCompareModel()
    proxy = DifferencesProxy()
    proxy.setSourceModel(model)
    model.set_comparison(compare_configs(*_pair(tmp_path), env))
    qtmodeltester.check(proxy)
    assert proxy.rowCount() == 4
    proxy.set_only_differences(True)
    keys = [proxy.index(r, COL_KEY).data() for r in range(proxy.rowCount())]
    assert keys == ["model_profile", "brave_search", "mode"]
    proxy.set_only_differences(False)
    assert proxy.rowCount() == 4


def test_copy_plan_model(qtmodeltester: Any, tmp_path: Path, env: dict[str, str]) -> None:
    comparison = compare_configs(*_pair(tmp_path), env)
    plan = plan_copy(comparison, ["model_profile", "brave_search"], "to_right", env)
    model = CopyPlanModel(plan.rows())
    qtmodeltester.check(model)
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Key"
    texts = [[model.index(r, c).data() for c in range(4)] for r in range(model.rowCount())]
    assert texts[0][:3] == ["model_profile", "balanced", "quality"]
    assert texts[1][0] == "brave_search"
    assert not any(SECRET in str(t) for row in texts for t in row)
