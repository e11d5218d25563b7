"""``cli._fast_parse`` (the argparse-free path for hot verbs) agrees with the argparse parser.

Whenever the fast path accepts an argv it must produce exactly the namespace argparse would;
anything it is unsure of it must decline (``None``) so argparse decides, errors included.
"""

from __future__ import annotations

import contextlib
import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from msd_desktop.cli import UsageError, _build_parser, _fast_parse

TOKENS = [
    "resolve-model", "resolve-execution", "root", "state", "config-get", "msd-planner",
    "gsd-executor", "--cwd", "--cwd=/tmp", "--cwd=", "/tmp", "--effort", "low", "--effort=high",
    "--fast-mode", "--fast-mode=true", "--attempt", "2", "-1", "--attempt=-1", "--host",
    "--failure-class", "--eff", "-h", "--help", "--", "-", "", "a=b",
]


def _argparse(argv: list[str]) -> dict[str, Any] | None:
    """argparse's namespace for ``argv``, or None when it rejects it (as ``main`` would)."""
    parser = _build_parser()
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        try:
            args, extra = parser.parse_known_args(argv)
        except (SystemExit, UsageError):
            return None
    return None if extra else vars(args)


def _check(argv: list[str]) -> None:
    fast = _fast_parse(argv)
    if fast is not None:
        assert vars(fast) == _argparse(argv), argv


@pytest.mark.parametrize(
    "argv",
    [
        ["resolve-model", "msd-planner"],
        ["resolve-model", "msd-planner", "--cwd", "/tmp"],
        ["--cwd", "/tmp", "resolve-model", "msd-planner"],
        ["--cwd=/tmp", "resolve-model"],
        ["resolve-execution", "--effort", "low", "msd-planner", "--attempt=2"],
        ["root", "--cwd", "/tmp"],
        ["state"],
    ],
)
def test_fast_path_taken_and_equal(argv: list[str]) -> None:
    fast = _fast_parse(argv)
    assert fast is not None
    assert vars(fast) == _argparse(argv)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["-h"],
        ["resolve-model", "--help"],
        ["resolve-model", "a", "b"],
        ["resolve-model", "--effort", "low"],  # not an option of resolve-model
        ["--effort", "low", "resolve-execution", "a"],  # verb options come after the verb
        ["resolve-model", "--cwd", "/a", "--cwd", "/b"],
        ["resolve-model", "--cwd"],
        ["resolve-execution", "a", "--attempt", "-1"],
        ["resolve-execution", "a", "--eff", "low"],  # argparse's prefix matching decides
        ["config-get", "model_profile"],
        ["root", "extra"],
    ],
)
def test_fast_path_declines(argv: list[str]) -> None:
    assert _fast_parse(argv) is None


@given(st.lists(st.sampled_from(TOKENS), max_size=7))
def test_fast_path_never_disagrees_with_argparse(argv: list[str]) -> None:
    _check(argv)
