"""The helpers' protocol: an answer read back is the answer sent (its paths as ``Path``
objects again, a project's root one shared object), and the summary made from it is the one
made from the load read in this process."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path, PurePosixPath
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from msd_desktop.core.state import bulk_load
from msd_desktop.core.state.bulk_load import load_states, summary_load
from msd_desktop.core.state.project_summary import summary_from_load, summary_payload
from msd_desktop.core.workspace.project_ref import ProjectRef

DEMO = Path(__file__).resolve().parents[3] / "msd_desktop" / "resources" / "demo"


def _trip(message: Any) -> Any:
    frame = io.BytesIO()
    bulk_load._write(frame, message)
    frame.seek(0)
    return bulk_load._read(frame)


def _workstreams(root: Path) -> list[str]:
    folder = root / ".planning" / "workstreams"
    return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


def test_a_read_back_answer_makes_the_summary_of_this_process(tmp_path: Path) -> None:
    env = dict(os.environ)
    for src in sorted(p for p in DEMO.iterdir() if (p / ".planning").is_dir()):
        root = tmp_path / src.name
        shutil.copytree(src, root)
        ws = _workstreams(root)
        ref = ProjectRef(root=root, name=root.name, workspace="w", workstreams=ws,
                         active_workstream=ws[0] if ws else None)
        sent = summary_load(root, ws, env)
        back = _trip(sent)
        assert back == sent
        assert type(back.state.root) is type(root)
        assert back.state.root == root
        assert back.state.state_path == sent.state.state_path
        # the root the config and every state name is one object, not one parse each
        roots = {id(back.config.root), id(back.state.root),
                 *(id(s.root) for s in back.workstreams.values())}
        assert len(roots) == 1
        here = summary_from_load(ref, load_states(root, ws, env))
        assert summary_payload(summary_from_load(ref, back)) == summary_payload(here)


_names = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="/\0"),
                 min_size=1, max_size=12)


@given(st.lists(_names, min_size=1, max_size=5), st.lists(_names, max_size=3))
def test_paths_come_back_as_sent(parts: list[str], other: list[str]) -> None:
    path = Path("/", *parts)
    pure = PurePosixPath(*other) if other else PurePosixPath()
    message = ("x", path, [path, Path(*parts)], {"pure": pure, "rel": Path(*parts)})
    back = _trip(message)
    assert back == message
    assert type(back[1]) is type(path)
    assert type(back[3]["pure"]) is PurePosixPath
