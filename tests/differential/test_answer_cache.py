"""The answer cache gives back only what upstream answered to exactly the same question."""

from __future__ import annotations

import os
import time
from pathlib import Path

from .answer_cache import AnswerCache

ENV = {"PATH": "/usr/bin", "LANG": "C.UTF-8"}


def _case(base: Path) -> tuple[Path, dict[str, str]]:
    proj = base / "proj"
    (proj / ".planning").mkdir(parents=True)
    (proj / ".planning" / "config.json").write_text('{"model_profile": "budget"}\n')
    return proj, {**ENV, "HOME": str(base / "home")}


def _key(cache: AnswerCache, base: Path, args: list[str] | None = None) -> str:
    proj, env = base / "proj", {**ENV, "HOME": str(base / "home")}
    key = cache.batch_key([cache.key(args or ["resolve-model", "gsd-planner"], proj, env, base)])
    assert key is not None
    return key


def test_answers_come_back_with_their_own_folder(tmp_path: Path) -> None:
    cache = AnswerCache(tmp_path / "answers", ["pkg", "1.0", "driver"])
    a, b = tmp_path / "run-a" / "gsd", tmp_path / "run-b" / "gsd"
    _case(a)
    _case(b)
    key = _key(cache, a)
    assert _key(cache, b) == key  # the same question from another run's folder
    proj, env = a / "proj", {**ENV, "HOME": str(a / "home")}
    assert cache.keys([(["resolve-model", "gsd-planner"], proj, env)]) == [
        cache.key(["resolve-model", "gsd-planner"], proj, env, a)]
    assert cache.load(key, [a]) is None
    cache.store(key, [a], [(1, f"{a}/proj\n", f"no config under {a}/home")])
    assert cache.load(key, [b]) == [(1, f"{b}/proj\n", f"no config under {b}/home")]


def test_another_question_has_another_key(tmp_path: Path) -> None:
    cache = AnswerCache(tmp_path / "answers", ["pkg", "1.0", "driver"])
    base = tmp_path / "run" / "gsd"
    proj, _ = _case(base)
    key = _key(cache, base)
    assert _key(cache, base, ["resolve-model", "gsd-executor"]) != key
    assert _key(AnswerCache(tmp_path / "answers", ["pkg", "1.1", "driver"]), base) != key
    (proj / ".planning" / "config.json").write_text('{"model_profile": "quality"}\n')
    changed = _key(cache, base)
    assert changed != key
    (base / "home" / ".gsd").mkdir(parents=True)
    assert _key(cache, base) != changed  # an empty folder is part of the question too
    (base.parent / ".planning").mkdir()
    assert _key(cache, base) != changed  # so is a project root above the folder


def test_a_damaged_or_foreign_entry_is_not_read(tmp_path: Path) -> None:
    cache = AnswerCache(tmp_path / "answers", ["pkg", "1.0", "driver"])
    base = tmp_path / "run" / "gsd"
    _case(base)
    key, other = _key(cache, base), _key(cache, base, ["resolve-model", "x"])
    cache.store(other, [base], [(0, "{}", "")])
    path = cache._path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(cache._path(other).read_bytes())  # another key's answers
    assert cache.load(key, [base]) is None
    for text in ('{"key": "' + key + '", "answers": [{"code": "0"}]}', "[]", '{"key"', "\xff"):
        path.write_text(text, encoding="latin-1")
        assert cache.load(key, [base]) is None
    assert cache.load(key, [base, base]) is None  # kept for another number of cases
    cache.store(key, [base], [(0, "{}", "")])
    assert cache.load(key, [base]) == [(0, "{}", "")]


def test_answers_read_back_stay_and_answers_nobody_asked_for_go(tmp_path: Path) -> None:
    cache = AnswerCache(tmp_path / "answers", ["pkg", "1.0", "driver"])
    base = tmp_path / "run" / "gsd"
    _case(base)
    asked = _key(cache, base)
    forgotten = _key(cache, base, ["resolve-model", "gsd-executor"])
    for key in (asked, forgotten):
        cache.store(key, [base], [(0, "x", "")])
    long_ago = time.time() - 40 * 86400
    for key in (asked, forgotten):
        os.utime(cache._path(key), (long_ago, long_ago))
    assert cache.load(asked, [base]) == [(0, "x", "")]  # read back: touched
    assert cache.prune(time.time(), keep_days=30) == 1
    assert cache.load(asked, [base]) == [(0, "x", "")]
    assert cache.load(forgotten, [base]) is None
    assert not cache._path(forgotten).exists()
    assert cache.prune(time.time(), keep_days=30) == 0
