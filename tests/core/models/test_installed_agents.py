"""Reading what an install baked into its agent files, hostile files included."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from msd_desktop.core.common.safe_read import LIMITS
from msd_desktop.core.models.installed_agents import (
    MISSING,
    PRESENT,
    UNREADABLE,
    parse_markdown,
    read_installed_agent,
)

from .routing_fixtures import codex_agent, markdown_agent


def test_codex_toml_model_and_effort(tmp_path: Path) -> None:
    codex_agent(tmp_path, "msd-planner", "gpt-5.1", "xhigh")
    got = read_installed_agent(str(tmp_path), "codex", "msd-planner")
    assert (got.status, got.model, got.effort) == (PRESENT, "gpt-5.1", "xhigh")


def test_codex_toml_without_a_model_line(tmp_path: Path) -> None:
    codex_agent(tmp_path, "msd-executor")  # the instructions mention `model = ` in text
    got = read_installed_agent(str(tmp_path), "codex", "msd-executor")
    assert (got.status, got.model, got.effort) == (PRESENT, None, None)


def test_markdown_frontmatter_only(tmp_path: Path) -> None:
    markdown_agent(tmp_path, "msd-planner", model="openai/gpt-5", effort="max")
    got = read_installed_agent(str(tmp_path), "opencode", "msd-planner")
    assert (got.status, got.model, got.effort) == (PRESENT, "openai/gpt-5", "max")
    markdown_agent(tmp_path, "msd-executor")  # the body's `model:` line is not frontmatter
    got = read_installed_agent(str(tmp_path), "claude", "msd-executor")
    assert (got.model, got.effort) == (None, None)


def test_markdown_quirks() -> None:
    assert parse_markdown("no frontmatter\nmodel: x\n") == (None, None)
    assert parse_markdown("---\r\nmodel: 'a/b'\r\neffort: low\r\n---\r\n") == ("a/b", "low")
    assert parse_markdown('---\nmodel: "q"\n---\n') == ("q", None)


def test_a_gsd_named_file_is_read_when_there_is_no_msd_one(tmp_path: Path) -> None:
    codex_agent(tmp_path, "gsd-planner", "gpt-old")
    got = read_installed_agent(str(tmp_path), "codex", "msd-planner")
    assert (got.status, got.model) == (PRESENT, "gpt-old")
    assert got.path.endswith("gsd-planner.toml")


def test_missing(tmp_path: Path) -> None:
    got = read_installed_agent(str(tmp_path), "codex", "msd-planner")
    assert got.status == MISSING
    assert got.path == str(tmp_path / "agents" / "msd-planner.toml")


def test_broken_toml_is_unreadable_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "agents" / "msd-planner.toml"
    path.parent.mkdir()
    path.write_text('model = "unterminated\n', encoding="utf-8")
    got = read_installed_agent(str(tmp_path), "codex", "msd-planner")
    assert got.status == UNREADABLE
    assert "not valid TOML" in (got.problem or "")


@pytest.mark.timeout(60)
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    (tmp_path / "agents").mkdir()
    os.mkfifo(tmp_path / "agents" / "msd-planner.toml")
    got = read_installed_agent(str(tmp_path), "codex", "msd-planner")
    assert got.status == UNREADABLE
    assert "msd-planner.toml" in (got.problem or "")


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "agents" / "msd-planner.md"
    path.parent.mkdir()
    with path.open("wb") as fh:  # sparse: the size is what counts
        fh.truncate(LIMITS["markdown"] + 1)
    got = read_installed_agent(str(tmp_path), "opencode", "msd-planner")
    assert got.status == UNREADABLE
    assert "larger than" in (got.problem or "")


@pytest.mark.timeout(60)
def test_a_symlink_to_a_device_node_is_refused(tmp_path: Path) -> None:
    # a device node of the test's own with /dev/zero's numbers, never the machine's
    device = tmp_path / "zero"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 5))
    except PermissionError:  # not root: a FIFO is as much "not a regular file"
        os.mkfifo(device)
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "msd-planner.md").symlink_to(device)
    got = read_installed_agent(str(tmp_path), "claude", "msd-planner")
    assert got.status == UNREADABLE
    assert got.problem


def test_a_dangling_link_is_unreadable_not_missing(tmp_path: Path) -> None:
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "msd-planner.md").symlink_to(tmp_path / "gone")
    got = read_installed_agent(str(tmp_path), "claude", "msd-planner")
    assert got.status == UNREADABLE
