"""``agent_skills`` path checks (reliability finding F1): ``core/skill_paths.py`` and its use by
``config_set`` / ``config_set_typed``.

Shapes follow upstream ``buildAgentSkillsBlock`` (string or array of strings; ``global:<name>``
entries name a global skill). A refused value writes nothing (Appendix B D2's spirit), with D2's
wording ``Invalid <key> '<raw>'. Must be …``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.config.setter import config_set, config_set_typed
from msd_desktop.core.config.skill_paths import validate_agent_skills_value, validate_skill_path


@pytest.fixture
def root(tmp_path: Path) -> Path:
    proj = tmp_path / "proj"
    (proj / ".planning").mkdir(parents=True)
    (proj / "skills" / "mine").mkdir(parents=True)
    (tmp_path / "outside" / "evil").mkdir(parents=True)
    (proj / "linked").symlink_to(tmp_path / "outside", target_is_directory=True)
    (proj / "skills" / "inner-link").symlink_to(proj / "skills" / "mine", target_is_directory=True)
    (proj / "dangling").symlink_to(tmp_path / "outside" / "nowhere")
    return proj


@pytest.mark.parametrize(
    "value",
    ["skills/mine", "skills/not-yet/created", "skills/inner-link", ".", "skills/./mine",
     "   ", "global:my-skill", "global:plugin:skill_x", "skills\\mine"],
)
def test_accepted_paths(root: Path, value: str) -> None:
    assert validate_skill_path(root, value) is None


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("../outside", "'..'"),
        ("skills/../../outside", "'..'"),
        ("skills/../mine", "'..'"),  # stricter than upstream: any '..' segment
        ("skills\\..\\..\\x", "'..'"),
        ("/etc", "absolute"),
        ("\\\\server\\share", "absolute"),
        ("C:\\skills", "absolute"),
        ("~", "'~'"),
        ("~/skills", "absolute"),
        ("linked/evil", "outside the project"),
        ("linked", "outside the project"),
        ("dangling", "outside the project"),
        ("", "empty"),
        ("skills/\0x", "NUL"),
        ("global:", "global:<name>"),
        ("global:../x", "global:<name>"),
        ("global:a::b", "global:<name>"),
    ],
)
def test_refused_paths(root: Path, value: str, words: str) -> None:
    error = validate_skill_path(root, value)
    assert error is not None
    assert words in error


def test_root_itself_may_be_a_symlink(root: Path, tmp_path: Path) -> None:
    alias = tmp_path / "alias"
    alias.symlink_to(root, target_is_directory=True)
    assert validate_skill_path(alias, "skills/mine") is None
    assert validate_skill_path(alias, "linked/evil") is not None


def test_value_shapes(root: Path) -> None:
    assert validate_agent_skills_value(root, "skills/mine") is None
    assert validate_agent_skills_value(root, ["skills/mine", "global:x"]) is None
    assert validate_agent_skills_value(root, "") is None  # upstream: no skills
    assert validate_agent_skills_value(root, []) is None
    # shapes upstream ignores with a warning carry no path
    for ignored in (7, True, {"a": "../x"}, [1, None, ""]):
        assert validate_agent_skills_value(root, ignored) is None
    error = validate_agent_skills_value(root, ["skills/mine", "../x", "/etc"])
    assert error is not None
    assert "'../x'" in error


@pytest.mark.parametrize("raw", ["../x", "/etc", "linked/evil", '["skills/mine", "../x"]',
                                 "~/x", "global:../x"])
def test_config_set_refuses_and_writes_nothing(root: Path, raw: str) -> None:
    cfg = root / ".planning" / "config.json"
    with pytest.raises(MsdError) as info:
        config_set(root, "agent_skills.msd-planner", raw, env={})
    message = str(info.value)
    assert message.startswith(f"Invalid agent_skills.msd-planner '{raw}'. Must be skill paths "
                              "inside the project (or global:<name>). ")
    assert not cfg.exists()


def test_config_set_typed_refuses_and_keeps_file(root: Path) -> None:
    cfg = root / ".planning" / "config.json"
    cfg.write_text('{"mode": "yolo"}\n')
    for value in ("../x", ["skills/mine", "/etc"], "linked/evil"):
        with pytest.raises(MsdError, match=r"^Invalid agent_skills\.msd-x '.*'\. Must be "):
            config_set_typed(root, "agent_skills.msd-x", value, env={})
    assert cfg.read_text() == '{"mode": "yolo"}\n'


def test_config_set_accepts_inside_paths(root: Path) -> None:
    config_set(root, "agent_skills.msd-planner", '["skills/mine", "global:review"]', env={})
    config_set_typed(root, "agent_skills.msd-executor", "skills/inner-link", env={})
    data = json.loads((root / ".planning" / "config.json").read_text())
    assert data == {"agent_skills": {"msd-planner": ["skills/mine", "global:review"],
                                     "msd-executor": "skills/inner-link"}}


def test_config_set_checks_against_project_root_not_cwd(
    root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path / "outside")
    with pytest.raises(MsdError):
        config_set(root, "agent_skills.msd-planner", "linked/evil", env={})
    config_set(root, "agent_skills.msd-planner", "skills/mine", env={})
    assert os.path.exists(root / ".planning" / "config.json")
