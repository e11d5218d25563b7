"""Start-up helpers: PySide6's import hook answers as before; start-up GC handling."""

from __future__ import annotations

import gc
import sys
import types
from pathlib import Path

import pytest

from msd_desktop.ui.widgets import pyside_feature_scan


def test_fast_check_gives_pysides_answer(tmp_path: Path) -> None:
    calls: list[str] = []

    def original(module: types.ModuleType) -> bool:
        calls.append(module.__name__)
        return True

    check = pyside_feature_scan.make_fast_check(original)
    uses = tmp_path / "uses.py"
    uses.write_text("from PySide6.QtCore import Qt\n", encoding="utf-8")
    plain = tmp_path / "plain.py"
    plain.write_text("x = 1\n", encoding="utf-8")
    for path, expected in ((uses, True), (plain, False)):
        module = types.ModuleType(path.stem)
        module.__file__ = str(path)
        assert check(module) is expected
    assert calls == []  # plain .py files never need PySide's own (slow) check
    builtin = types.ModuleType("builtin_like")  # no __file__: PySide decides
    assert check(builtin) is True
    assert calls == ["builtin_like"]


def test_install_wraps_pysides_check_once() -> None:
    pytest.importorskip("PySide6.QtCore")
    feature = sys.modules.get("shibokensupport.feature") or sys.modules.get(
        "PySide6.support.feature")
    if feature is None:
        pytest.skip("this PySide6 has no __feature__ import hook")
    assert pyside_feature_scan.install()
    first = feature._mod_uses_pyside
    assert pyside_feature_scan.install()
    assert feature._mod_uses_pyside is first
    assert first(pyside_feature_scan) is True  # its own source names PySide6


def test_startup_gc_is_off_during_start_and_frozen_after(qapp: object) -> None:
    from msd_desktop.app import _StartupGc

    assert gc.isenabled()
    startup = _StartupGc()
    try:
        assert not gc.isenabled()
        startup.done()
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
        startup.done()  # twice is harmless
        assert gc.isenabled()
        never = _StartupGc()
        assert not gc.isenabled()
        never.stop()  # main() returning before start-up ended: collection is back on
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()
