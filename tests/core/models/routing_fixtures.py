"""Fixture homes with MSD installs for several runtimes, written as the installer writes them.

The agent files follow upstream 1.11.0's installer output (``generateCodexAgentToml``,
``convertClaudeToOpencodeFrontmatter``, ``injectEffortFrontmatter``) with ``msd-`` names, so a
parser that only understands our own writing would fail here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def mark(install_dir: Path, runtime: str) -> Path:
    """An install's runtime marker (``<install>/msd-core/.msd-runtime``)."""
    path = install_dir / "msd-core" / ".msd-runtime"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(runtime + "\n", encoding="utf-8")
    return path


def codex_agent(install_dir: Path, agent: str, model: str | None = None,
                effort: str | None = None) -> Path:
    lines = [f"name = {json.dumps(agent)}", f'description = "{agent} agent"',
             'sandbox_mode = "workspace-write"']
    if model is not None:
        lines.append(f"model = {json.dumps(model)}")
    if effort is not None:
        lines.append(f"model_reasoning_effort = {json.dumps(effort)}")
    lines += ["developer_instructions = '''", "Plan the phase. model = \"not-this\"", "'''"]
    path = install_dir / "agents" / f"{agent}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def markdown_agent(install_dir: Path, agent: str, *, model: str | None = None,
                   effort: str | None = None, name: str | None = None) -> Path:
    front = [f"name: {agent}", "description: an agent", "mode: subagent"]
    if model is not None:
        front.append(f"model: {model}")
    if effort is not None:
        front.append(f"effort: {effort}")
    text = "---\n" + "\n".join(front) + "\n---\n\nBody with model: not-this\neffort: no\n"
    path = install_dir / "agents" / f"{name or agent}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def project(root: Path, config: dict[str, Any] | None) -> Path:
    """A project folder with ``.planning/config.json`` (``None``: no ``.planning`` at all)."""
    root.mkdir(parents=True, exist_ok=True)
    if config is not None:
        (root / ".planning").mkdir(exist_ok=True)
        (root / ".planning" / "config.json").write_text(json.dumps(config), encoding="utf-8")
    return root


def defaults(home: Path, data: dict[str, Any]) -> Path:
    path = home / ".msd" / "defaults.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
