"""The installer-shaped TOML reader answers exactly what tomllib answers, or defers to it."""

from __future__ import annotations

import tomllib
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from msd_desktop.core.models.installed_agents import parse_toml, simple_toml
from tests.property_examples import examples

DEMO = Path(__file__).resolve().parents[3] / "msd_desktop" / "resources" / "demo"

# pieces that make valid installer files and every near miss the reader must refuse
_PIECES = st.sampled_from([
    "model", "model_reasoning_effort", "name", "a-b_9", "x.y", "[t]", "#", " # c",
    " = ", "=", " ", "\t", "\n", "\r\n", "\r", '"', '"gpt-5"', "'", "''", "'''", "''''",
    '"""', "\\", "\\n", "é", "\x00", "\x01", "\x0b", "\x1f", "\x7f", "\u2028", "1", "true",
    "text", "model = ", "'''\n", "\n'''\n",
])


def _agree(text: str) -> None:
    fast = simple_toml(text)
    if fast is None:
        return
    assert tomllib.loads(text) == fast  # raises when the fast reader accepted non-TOML


@settings(max_examples=examples(600), deadline=None)
@given(st.lists(_PIECES, max_size=24).map("".join))
@example("model = \"gpt-5\"\ndeveloper_instructions = '''\nhi\n'''\n")
@example("a = \"x\"\na = \"y\"\n")
@example("k = '''\nx'''''\n")
@example("k = '''\n\x00'''\n")
@example("k = \"\t\"\n")
def test_any_text_the_fast_reader_accepts_is_read_the_same_by_tomllib(text: str) -> None:
    _agree(text)


_KEY = st.text("abcdefghijklmnopqrstuvwxyz_-0123456789", min_size=1, max_size=6)
_BODY = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.tuples(_KEY, st.booleans(), _BODY), max_size=6), st.booleans())
def test_installer_shaped_files_are_read_by_the_fast_reader_as_tomllib_reads_them(
        items: list[tuple[str, bool, str]], final_newline: bool) -> None:
    lines = []
    for key, multiline, body in items:
        lines.append(f"{key} = '''\n{body}'''" if multiline else f'{key} = "{body}"')
    text = "\n".join(lines) + ("\n" if final_newline else "")
    _agree(text)
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert simple_toml(text) is None
        return
    if all(isinstance(v, str) for v in expected.values()):
        assert parse_toml(text) == (expected.get("model"), expected.get("model_reasoning_effort"))


def test_the_demo_installs_are_read_by_the_fast_reader() -> None:
    files = sorted(DEMO.glob("*/.codex/agents/*.toml"))
    assert files
    for file in files:
        text = file.read_text(encoding="utf-8")
        assert simple_toml(text) is not None, file.name
        assert simple_toml(text) == tomllib.loads(text)


def test_text_that_is_not_toml_still_gets_tomllibs_error() -> None:
    import pytest

    with pytest.raises(ValueError, match="not valid TOML"):
        parse_toml('model = "gpt-5\n')
    assert parse_toml('model = "gpt-5"  # pinned\nmodel_reasoning_effort = "high"\n') == (
        "gpt-5", "high")
