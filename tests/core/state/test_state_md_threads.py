"""STATE.md parsing from several threads at once gives what one thread gives (finding F5).

The window parses many projects' STATE.md on worker threads at the same time; a shared ruamel
loader made concurrent parses read each other's tokens (wrong values, wrong error lines).
"""

from __future__ import annotations

import threading
from pathlib import Path

from msd_desktop.core.state.state_md import parse_state_text

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "tests" / "fixtures" / "spec-examples"


def _texts() -> list[str]:
    paths = sorted((REPO / "msd_desktop" / "resources" / "demo").rglob("STATE.md"))
    paths += sorted(EXAMPLES.rglob("*.md")) if EXAMPLES.is_dir() else []
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in paths]
    texts += [
        "---\nstatus: [unclosed\nfoo: 1\n---\n",
        "\ufeff---\nmsd_state_version: 1.0\nstatus: Phase complete\n...\n...\nmilestone: v1.0\n"
        "progress:\n  total_phases: 25\n  completed_phases: 22\n  percent: 7\n---\n",
        "---\nmilestone: v2\nprogress:\n  percent: 40 # comment\n  total_plans: 9\n---\n# S\n",
        "---\na: b: c\n---\n",
    ]
    return texts


def _signature(text: str) -> str:
    doc = parse_state_text(text)
    return repr((doc.fm, doc.error, doc.normalized_status, doc.current_position))


def test_concurrent_parses_equal_sequential_ones() -> None:
    texts = _texts()
    assert len(texts) >= 8
    expected = [_signature(t) for t in texts]
    mismatches: list[tuple[int, str]] = []
    errors: list[BaseException] = []
    start = threading.Barrier(6)

    def work(k: int) -> None:
        try:
            start.wait()
            for i in range(200):
                j = (i * 7 + k) % len(texts)
                got = _signature(texts[j])
                if got != expected[j]:
                    mismatches.append((j, got))
        except BaseException as exc:  # a crash in a thread must fail the test too
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert mismatches == []
