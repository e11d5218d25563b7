"""Differential: the §5.6 install-marker rung, msd's lookup vs an installed upstream copy.

Upstream ``gsd-tools`` reads ``<install>/gsd-core/.gsd-runtime`` next to its own file, so the
reference here is a *copy* of the upstream package from the differential cache (files
hard-linked when the filesystem allows, else copied) with a marker written into its
``gsd-core/`` folder — the layout ``bin/install.js`` produces (``<configDir>/gsd-core/…``,
with ``scripts/`` beside it). msd gets the equivalent ``msd-core/.msd-runtime`` at a place its
lookup searches: a global install (``~/.codex``), a project-local one (``<project>/.codex``) or
``MSD_INSTALL_DIR``. Both must answer the same for configs where the marker matters
(``resolve_model_ids: "omit"`` from global defaults only) and where it must not (explicit
project "omit", ``MSD_RUNTIME``/``GSD_RUNTIME`` set, no "omit"). Differences go through the
suite's usual classification (only D1 can explain one here).

The batch driver resets upstream's marker cache before every case (``_reset…CacheForTests``),
so rewriting the marker between cases is a fresh process's view; one check below runs the
copied install's real CLI to confirm the driver sees the marker. Upstream's answers are kept
between runs (``answer_cache.py``) under an identity that names the marker's text.
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import os
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .conftest import (
    DRIVER_SOURCE,
    Msd,
    Result,
    Upstream,
    base_env,
    case_dir,
    diff_settings,
    ensure_upstream,
    require_msd,
)
from .harness import raise_failures, run_resolution
from .strategies import ALL_AGENTS, Project, materialize, projects

MODULES = (
    "msd_desktop.commands.resolve",
    "msd_desktop.core.models.resolution",
    "msd_desktop.core.models.install_marker",
    "msd_desktop.core.config.store",
)

# Marker file contents (None: no marker file). Aliases and odd spacing exercise the
# normalization + canonicalization both tools apply; "" is an empty marker (no signal).
MARKERS: list[str | None] = [
    "codex", "claude", " Codex-CLI \n", "CLAUDE_CODE", "opencode", "cline", "foo", "", None,
]
PLACEMENTS = ["global", "project", "explicit"]
AGENTS = ["msd-planner", "msd-executor", "msd-codebase-mapper", "msd-verifier",
          "msd-custom-agent"]

OMIT = {"resolve_model_ids": "omit"}
PROJECTS = [
    Project(planning="absent", global_defaults=OMIT),
    Project(planning="absent", global_defaults={**OMIT, "model_profile": "quality"}),
    Project(planning="absent", global_defaults={**OMIT, "model_profile": "inherit"}),
    Project(planning="dir", global_defaults=OMIT),
    Project(planning="absent", global_defaults=OMIT, runtime_env="claude"),
    Project(planning="absent", global_defaults=OMIT, runtime_env="codex"),
    Project(planning="absent", global_defaults=OMIT, runtime_env=""),
    Project(config=OMIT),
    Project(config={"model_profile": "budget"}, global_defaults=OMIT),
    Project(planning="absent", global_defaults={"resolve_model_ids": True}),
    Project(planning="absent"),
]


@pytest.fixture(autouse=True)
def _needs_msd() -> None:
    require_msd(*MODULES)


class MarkerInstall:
    """A copy of the upstream package whose ``gsd-core/.gsd-runtime`` a test sets.

    Its answers to read-only cases are kept with the untouched install's, under an identity
    that adds the marker's text and this class's source (how the copy is laid out).
    """

    def __init__(self, base: Path) -> None:
        cache = ensure_upstream()
        src = cache / "node_modules" / "@opengsd" / "gsd-core"
        pkg = base / "node_modules" / "@opengsd" / "gsd-core"
        pkg.mkdir(parents=True)
        for name in ("gsd-core", "scripts"):
            shutil.copytree(src / name, pkg / name, copy_function=_link_or_copy)
        shutil.copy2(src / "package.json", pkg / "package.json")
        shutil.copy2(DRIVER_SOURCE, base / "gsd_driver.cjs")
        self.marker = pkg / "gsd-core" / ".gsd-runtime"
        self.upstream = Upstream(base, keep_answers=cache / "answers")
        layout = hashlib.sha256(inspect.getsource(MarkerInstall).encode()).hexdigest()
        self.identity = [*self._answers_identity(), "marker-install", layout]
        self.set(None)

    def set(self, text: str | None) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.marker.unlink()
        if text is not None:
            self.marker.write_text(text, encoding="utf-8")
        if self.upstream.answers is not None:
            self.upstream.answers.identity = [*self.identity, repr(text)]

    def _answers_identity(self) -> list[str]:
        return list(self.upstream.answers.identity) if self.upstream.answers else []


def _link_or_copy(src: str, dst: str) -> str:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)
    return dst


@pytest.fixture(scope="module")
def install(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MarkerInstall]:
    inst = MarkerInstall(tmp_path_factory.mktemp("gsd-install"))
    yield inst
    inst.upstream.close()


class MsdWithEnv(Msd):
    """msd run with extra environment variables (``MSD_INSTALL_DIR``)."""

    def __init__(self, extra: dict[str, str]) -> None:
        super().__init__()
        self.extra = extra

    def inprocess(self, args: Sequence[str], cwd: Path, env: dict[str, str]) -> Result:
        return super().inprocess(args, cwd, {**env, **self.extra})


def place_msd_marker(root: Path, text: str | None, placement: str) -> dict[str, str]:
    """Write msd's marker where ``placement`` says; return the extra environment it needs.

    ``root/msd/home`` and ``root/msd/proj`` are the dirs ``materialize`` fills afterwards.
    """
    if placement == "global":
        install_dir = root / "msd" / "home" / ".codex" / "msd-core"
        extra: dict[str, str] = {}
    elif placement == "project":
        install_dir = root / "msd" / "proj" / ".codex" / "msd-core"
        extra = {}
    else:
        install_dir = root / "elsewhere" / "msd-core"
        extra = {"MSD_INSTALL_DIR": str(install_dir)}
    if text is not None:
        install_dir.mkdir(parents=True, exist_ok=True)
        (install_dir / ".msd-runtime").write_text(text, encoding="utf-8")
    return extra


def check(install: MarkerInstall, root: Path, project: Project, text: str | None,
          placement: str, agents: list[str]) -> None:
    install.set(text)
    msd = MsdWithEnv(place_msd_marker(root, text, placement))
    calls = [("resolve-model", a, []) for a in agents]
    calls += [("resolve-execution", a, []) for a in agents[:2]]
    raise_failures(run_resolution(install.upstream, msd, root, project, calls))


@pytest.mark.parametrize("placement", PLACEMENTS)
@pytest.mark.parametrize("text", MARKERS, ids=repr)
def test_marker_rung_agrees(install: MarkerInstall, diff_root: Path, text: str | None,
                            placement: str) -> None:
    for project in PROJECTS:
        with case_dir(diff_root) as root:
            check(install, root, project, text, placement, AGENTS)


@diff_settings(scale=0.1)
@given(project=projects(), text=st.sampled_from(MARKERS), placement=st.sampled_from(PLACEMENTS))
def test_marker_rung_random_projects(install: MarkerInstall, diff_root: Path, project: Project,
                                     text: str | None, placement: str) -> None:
    with case_dir(diff_root) as root:
        check(install, root, project, text, placement, ALL_AGENTS)


def test_real_cli_of_the_copy_reads_the_marker(install: MarkerInstall, diff_root: Path) -> None:
    """The installed copy's real ``gsd-tools`` (not the driver) and the driver agree, and the
    marker changes upstream's answer — so the comparisons above test the marker rung."""
    project = Project(planning="absent", global_defaults=OMIT)
    with case_dir(diff_root) as root:
        gproj, genv = materialize(project, root, "gsd", base_env("gsd"))
        answers = {}
        for text in ("codex", "claude"):
            install.set(text)
            real = install.upstream.cli(["resolve-model", "gsd-planner"], gproj, genv)
            (batch,) = install.upstream.batch([(["resolve-model", "gsd-planner"], gproj, genv)])
            assert (real.code, real.stdout) == (batch.code, batch.stdout)
            answers[text] = real.json()["model"]
        assert answers == {"codex": "", "claude": "opus"}
