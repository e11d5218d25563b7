"""Runs one generated case through both tools and turns differences into test failures.

Failures are raised as an ``AssertionError`` subclass named after the kind of difference
(``Mismatch[resolve-model:model]``, …), so hypothesis reports — and shrinks — each kind of
mismatch separately instead of stopping at the first one it meets.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .conftest import Msd, Result, Upstream, base_env
from .deviations import (
    MISSING,
    ConfigSetCase,
    Diff,
    Outcome,
    ResolutionCase,
    classify_deviation,
    d1_reference_project,
    diff_config_set,
    diff_resolution,
    error_line,
    from_gsd_names,
)
from .strategies import Project, RawText, agent_to_gsd, key_to_gsd, materialize, to_gsd

_MISMATCH_TYPES: dict[str, type[AssertionError]] = {}

# Deviations seen in this session, for the summary line (tests assert each is explained).
DEVIATION_COUNTS: dict[str, int] = {}
NOTES: dict[str, int] = {}


def mismatch_type(kind: str) -> type[AssertionError]:
    if kind not in _MISMATCH_TYPES:
        _MISMATCH_TYPES[kind] = type(f"Mismatch[{kind}]", (AssertionError,), {})
    return _MISMATCH_TYPES[kind]


@dataclass
class Failure:
    kind: str
    text: str


def raise_failures(failures: list[Failure]) -> None:
    if not failures:
        return
    first = failures[0]
    others = sorted({f.kind for f in failures[1:]} - {first.kind})
    more = f"\n(also in this example: {', '.join(others)})" if others else ""
    raise mismatch_type(first.kind)(
        f"{len(failures)} unexplained difference(s) msd vs gsd-tools 1.11.0 — not an Appendix B "
        f"deviation; record in docs/differential-findings.md\n{first.text}{more}"
    )


def outcome(r: Result) -> Outcome:
    return Outcome(r.code, r.stdout, r.stderr)


DEVIATION_SAMPLES: dict[str, list[str]] = {}


def count(dev: str, sample: str = "") -> None:
    DEVIATION_COUNTS[dev] = DEVIATION_COUNTS.get(dev, 0) + 1
    samples = DEVIATION_SAMPLES.setdefault(dev, [])
    if sample and len(samples) < 200:
        samples.append(sample)


# --------------------------------------------------------------------------- resolution


def run_resolution(
    upstream: Upstream,
    msd: Msd,
    root: Path,
    project: Project,
    calls: Sequence[tuple[str, str, list[str]]],
) -> list[Failure]:
    """Run ``(verb, msd_agent, flags)`` calls on ``project`` in both tools; return failures."""
    mproj, menv = materialize(project, root, "msd", base_env("msd"))
    gproj, genv = materialize(project, root, "gsd", base_env("gsd"))
    handle = upstream.submit(
        [
            ([verb, *([agent_to_gsd(a)] if a else []), *flags], gproj, genv)
            for verb, a, flags in calls
        ],
        read_only=True,
    )
    mres = [
        msd.inprocess([verb, *([a] if a else []), *flags], mproj, menv) for verb, a, flags in calls
    ]
    gres = handle.results()

    failures: list[Failure] = []
    d1_pending: list[tuple[int, ResolutionCase, Outcome]] = []
    for i, ((verb, agent, flags), m, g) in enumerate(zip(calls, mres, gres, strict=True)):
        mo, go = outcome(m), outcome(g)
        diffs = diff_resolution(mo, go, verb, NOTES)
        if not diffs:
            continue
        case = ResolutionCase(verb, agent, flags, project)
        dev = classify_deviation(case, mo, go, diffs)
        if dev == "D1":
            d1_pending.append((i, case, mo))
        elif dev is not None:
            count(dev, f"{verb} {agent} {flags} :: {diffs[0]}")
        else:
            failures.append(_resolution_failure(case, diffs, mo, go))
    if d1_pending:
        # D1 asserted as such: upstream, given the project with the global overrides merged
        # in, must answer exactly what msd answered.
        ref = d1_reference_project(project)
        rproj, renv = materialize(ref, root / "d1-reference", "gsd", base_env("gsd"))
        refs = upstream.batch(
            [([c.verb, agent_to_gsd(c.agent), *c.flags], rproj, renv) for _, c, _ in d1_pending],
            read_only=True,
        )
        for (idx, case, mo), r in zip(d1_pending, refs, strict=True):
            first = diff_resolution(mo, outcome(gres[idx]), case.verb)
            diffs = diff_resolution(mo, outcome(r), case.verb)
            if diffs:
                failures.append(
                    _resolution_failure(
                        case,
                        diffs,
                        mo,
                        outcome(r),
                        note="D1 claimed but msd ≠ upstream-on-merged-config",
                    )
                )
            else:
                count(
                    "D1",
                    f"{case.verb} {case.agent} {case.flags} :: {first[0]} "
                    f"msd={mo.stdout[:120]!r} project={project.describe()[:300]}",
                )
    return failures


def _resolution_failure(
    case: ResolutionCase, diffs: list[Diff], mo: Outcome, go: Outcome, note: str = ""
) -> Failure:
    kind = f"{case.verb}:{diffs[0].what}" + (":D1" if note else "")
    argv = " ".join([case.verb, case.agent, *case.flags])
    gsd_agent = agent_to_gsd(case.agent)
    text = (
        f"{note + chr(10) if note else ''}command: msd {argv}   (gsd-tools {gsd_agent})\n"
        f"project: {case.project.describe()}\n"
        + "\n".join(f"  {d}" for d in diffs)
        + f"\nmsd stdout: {mo.stdout.strip()[:800]}\nmsd stderr: {mo.stderr.strip()[-800:]}"
        + f"\ngsd stdout: {go.stdout.strip()[:800]}\ngsd stderr: {go.stderr.strip()[-800:]}"
    )
    return Failure(kind, text)


# --------------------------------------------------------------------------- config-set


def _write_start(case: ConfigSetCase, root: Path, flavor: str) -> tuple[Path, dict[str, str]]:
    base = root / flavor
    proj, home = base / "proj", base / "home"
    proj.mkdir(parents=True)
    home.mkdir(parents=True)
    if case.planning:
        (proj / ".planning").mkdir()
        if case.start is not None:
            start = case.start if flavor == "msd" else to_gsd(case.start)
            text = (
                start.text
                if isinstance(start, RawText)
                else json.dumps(start, indent=2, ensure_ascii=False) + "\n"
            )
            (proj / ".planning" / "config.json").write_text(text, encoding="utf-8")
    env = dict(base_env(flavor))
    env["HOME"] = str(home)
    if flavor == "msd":
        for var, sub in (
            ("XDG_CONFIG_HOME", ".config"),
            ("XDG_DATA_HOME", ".local/share"),
            ("XDG_STATE_HOME", ".local/state"),
            ("XDG_CACHE_HOME", ".cache"),
        ):
            env[var] = str(home / sub)
    return proj, env


def read_config(proj: Path, flavor: str) -> tuple[Any, str | None]:
    path = proj / ".planning" / "config.json"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return MISSING, None
    try:
        data = json.loads(text)
    except ValueError:
        return ("unparseable", text), text
    return (from_gsd_names(data) if flavor == "gsd" else data), text


def _show_start(case: ConfigSetCase) -> str:
    if not case.planning:
        return "<no .planning/>"
    return json.dumps(
        case.start.text if isinstance(case.start, RawText) else case.start, ensure_ascii=False
    )


def config_set_argv(case: ConfigSetCase, flavor: str) -> list[str]:
    argv = ["config-set"]
    if case.key is not None:
        argv.append(key_to_gsd(case.key) if flavor == "gsd" else case.key)
        if case.raw is not None:
            argv.append(case.raw)
    return argv


def key_bucket(key: str | None) -> str:
    """A coarse class of config key, so distinct causes become distinct hypothesis failures."""
    from .strategies import (
        D3_KEYS,
        D8_EXTRA_KEYS,
        DYNAMIC_KEYS,
        LISTED_KEYS,
        PROTO_KEYS,
        SECRET_KEYS,
        SUGGESTION_KEYS,
    )

    if not key:
        return "no-key"
    if key in SECRET_KEYS or key in D3_KEYS:
        return "secret"
    if key in PROTO_KEYS or any(
        seg in ("__proto__", "prototype", "constructor") for seg in key.split(".")
    ):
        return "proto"
    if key in SUGGESTION_KEYS:
        return "suggestion"
    if key in D8_EXTRA_KEYS:
        return "seed-only"
    if key in LISTED_KEYS:
        return "listed"
    if key in DYNAMIC_KEYS:
        return "dynamic"
    return "unknown"


def _known_cause(case: ConfigSetCase, mo: Outcome, go: Outcome) -> str:
    """A tag naming the root cause already recorded in docs/differential-findings.md (the
    failure stays a failure; the tag only keeps causes apart)."""
    raw = case.raw or ""
    if mo.code == 2 and "unrecognized arguments" in mo.stderr:
        return ":argparse-dash-value"
    if raw == "--" and go.code == 0 and "Usage: config-set" in mo.stderr:
        return ":double-dash-value"
    if "Did you mean function " in go.stderr or "Did you mean [object Object]?" in go.stderr:
        return ":upstream-proto-suggestion"
    if (case.key or "") == "workflow.security_asvs_level" and "Must be a number." in go.stderr:
        return ":asvs-error-order"
    text = go.stderr + go.stdout
    if "phase_commit_docs" in text or (case.key or "").startswith(
        ("phase_commit_docs.", "workflow.agent_hint_routing")
    ):
        return ":upstream-1.11-keys"
    if go.code == 1 and 'Unknown config key: "' in go.stderr:
        return ":upstream-1.11-keys"
    if mo.code == 0 and go.code == 0 and '"value": ' + json.dumps(raw) in mo.stdout:
        return ":string-key-keeps-raw"
    m, g = error_line(mo.stderr) or "", error_line(go.stderr) or ""
    if "prototype pollution guard" in m and "prototype pollution guard" not in g:
        return ":guard-order"
    if "Failed to read config.json" in m and "Failed to read config.json" in g:
        return ":json-error-text"
    if "expected a JSON object at the top level" in m:
        return ":non-object-config"
    same_out = mo.stdout.strip() == go.stdout.strip()
    if raw == "null" and mo.file is MISSING and go.file is not MISSING and same_out:
        return ":unset-creates-file"
    return ""


def run_config_set(
    upstream: Upstream, msd: Msd, root: Path, case: ConfigSetCase, *, msd_cli: bool = False
) -> list[Failure]:
    mproj, menv = _write_start(case, root, "msd")
    gproj, genv = _write_start(case, root, "gsd")
    handle = upstream.submit([(config_set_argv(case, "gsd"), gproj, genv)])
    if msd_cli:
        m = msd.forked(config_set_argv(case, "msd"), mproj, menv, root / "msd-run")
    else:
        m = msd.inprocess(config_set_argv(case, "msd"), mproj, menv)
    (g,) = handle.results()
    mo, go = outcome(m), outcome(g)
    mo.file, mo.file_text = read_config(mproj, "msd")
    go.file, go.file_text = read_config(gproj, "gsd")
    diffs = diff_config_set(mo, go)
    if not diffs:
        return []
    dev = classify_deviation(case, mo, go, diffs)
    if dev is not None:
        count(dev, f"{config_set_argv(case, 'msd')} start={_show_start(case)} :: {diffs[0]}")
        return []
    cause = _known_cause(case, mo, go)
    kind = (
        f"config-set{cause}"
        if cause
        else f"config-set:{diffs[0].what}:{key_bucket(case.key)}:{mo.code}/{go.code}"
    )
    argv = " ".join(repr(a) for a in config_set_argv(case, "msd"))
    text = (
        f"command: msd {argv}\n"
        f"start config.json: {_show_start(case)}\n"
        + "\n".join(f"  {d}" for d in diffs)
        + f"\nmsd: exit {mo.code} stdout={mo.stdout.strip()[:600]!r}"
        + f" stderr={mo.stderr.strip()[-600:]!r}"
        + f"\ngsd: exit {go.code} stdout={go.stdout.strip()[:600]!r}"
        + f" stderr={go.stderr.strip()[-600:]!r}"
    )
    return [Failure(kind, text)]
