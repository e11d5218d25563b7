"""Output comparison and Appendix B classification for the differential tests.

``diff_resolution`` / ``diff_config_set`` list every difference between one msd run and one
upstream run (after the msd↔gsd renaming). ``classify_deviation`` says which Appendix B
decision (``"D1"``, ``"D2"``, …) explains the differences of a case, or ``None`` when no
decision does — which is a real mismatch the test reports.

What is compared:

* exit codes; on failure the ``Error: …`` text (upstream renamed gsd→msd);
* on success the upstream JSON fields named in spec §6.3, with JSON types kept strict
  (``true`` ≠ ``1``, ``1`` ≠ ``1.0``), and their relative key order. Fields msd adds
  (``layer``, ``trace``, ``warnings``, …) are additive and ignored. Fields 1.11.0 emits that
  §6.3 does not list (``tier``, ``effort_effective``, ``effort_effective_source``) are
  compared when msd emits them and otherwise only counted (see docs/differential-findings.md);
* for config-set also the resulting ``config.json`` (parsed, key order kept).

Appendix B decisions that can show up here: D1 (global ``model_overrides`` merged when
``.planning/`` exists), D2 (config-set validates typed keys), D3 (four more masked keys),
D4 (secrets in the keyring, ``true`` in config.json), D5 (``parallelization`` bool keeps
sub-keys), D7 (``context`` is free text; ``context_profile`` is the enum), D8 (extra
accepted keys), D12 (``--attempt`` validation). D6 and D11 produce no difference on these
verbs against 1.11.0 (D11 is what 1.11.0 does; D6 defaults are not printed by them).

Two more categories, from the lead's decisions on docs/differential-findings.md F2–F9; each
is matched narrowly, per finding:

* ``"GUIDE"`` — the developers' guide standard "bad input gets a clear message and changes
  nothing": msd refuses a config file it cannot use with an error naming the file (F3, F4), or
  an unset that removes nothing writes no file (F7).
* ``"SPEC"`` — the spec's normative text, where upstream 1.11.0 differs from it: the prototype
  guard of §2.4 step 8 checked up front (F5), the ``workflow.security_asvs_level`` text of the
  §2.4 table (F6), own-key lookups for the suggestion table (conventions; F9).

F2 (string-typed keys keep the raw text) is classified D2: typed storage, a string key stores
a string.

Longer than most modules on purpose: each decision's classifier must read exactly the
comparison it explains (a classifier drifting from its diff would call a real mismatch a
known deviation), so the diffs and the classifiers are kept side by side in one file.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from typing import Any

from .strategies import (
    D3_KEYS,
    D8_EXTRA_KEYS,
    SCHEMA,
    SECRET_KEYS,
    Project,
    RawText,
    text_to_msd,
)

RESOLVE_MODEL_FIELDS = ["model", "profile", "effort", "unknown_agent"]
RESOLVE_EXECUTION_FIELDS = [
    "model",
    "profile",
    "effort",
    "effort_rendered",
    "effort_param",
    "effort_propagation",
    "fast_mode",
    "fast_mode_supported",
    "host",
    "effort_surface",
    "effort_argv",
    "effort_argv_string",
    "effort_argv_value",
    "unknown_agent",
    "escalation",
]
# Emitted by 1.11.0 but not part of the spec §6.3 contract.
UPSTREAM_ONLY_FIELDS = {"tier", "effort_effective", "effort_effective_source"}
CONFIG_SET_FIELDS = ["updated", "unset", "key", "value", "previousValue", "masked"]


@dataclass
class Diff:
    """One difference: what, msd's value, upstream's value (already renamed to msd)."""

    what: str
    msd: Any
    gsd: Any

    def __str__(self) -> str:
        return f"{self.what}: msd={self.msd!r} gsd={self.gsd!r}"


@dataclass
class Outcome:
    """A tool's run, reduced to what is compared."""

    code: int
    stdout: str
    stderr: str
    file: Any = None  # parsed config.json after the run (config-set), ``MISSING`` if absent
    file_text: str | None = None


MISSING = object()

# --------------------------------------------------------------------------- strict JSON


def strict(v: Any) -> Any:
    """A comparable form of a parsed JSON value in which bool/int/float/order all count."""
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, int):
        return ("int", v)
    if isinstance(v, float):
        return ("float", repr(v))
    if isinstance(v, list):
        return ("list", tuple(strict(x) for x in v))
    if isinstance(v, dict):
        return ("dict", tuple((k, strict(x)) for k, x in v.items()))
    return (type(v).__name__, v)


def same(a: Any, b: Any) -> bool:
    return bool(strict(a) == strict(b))


def load_json(text: str) -> Any:
    """Parse JSON keeping number spelling: JS prints ``1`` where Python may print ``1.0``."""
    return json.loads(text)


def error_line(stderr: str) -> str | None:
    lines = [ln for ln in stderr.splitlines() if ln.startswith("Error: ")]
    return lines[-1] if lines else None


# --------------------------------------------------------------------------- resolution


def diff_resolution(
    msd: Outcome, gsd: Outcome, verb: str, notes: dict[str, int] | None = None
) -> list[Diff]:
    """Differences between two resolve-model / resolve-execution runs."""
    if msd.code != gsd.code:
        return [
            Diff(
                "exit_code",
                (msd.code, msd.stdout[-300:], msd.stderr[-300:]),
                (gsd.code, gsd.stdout[-300:], text_to_msd(gsd.stderr[-300:])),
            )
        ]
    if gsd.code != 0:
        m, g = error_line(msd.stderr), error_line(gsd.stderr)
        g = text_to_msd(g) if g else g
        return [] if m == g else [Diff("error", m, g)]
    try:
        mj = load_json(msd.stdout)
    except ValueError:
        return [Diff("stdout_json", msd.stdout[-300:], gsd.stdout[-300:])]
    gj = load_json(gsd.stdout)
    if not isinstance(mj, dict):
        return [Diff("stdout_type", mj, gj)]
    contract = RESOLVE_MODEL_FIELDS if verb == "resolve-model" else RESOLVE_EXECUTION_FIELDS
    diffs: list[Diff] = []
    for k, gv in gj.items():
        if k in UPSTREAM_ONLY_FIELDS and k not in mj:
            if notes is not None:
                notes[f"msd omits {verb}.{k}"] = notes.get(f"msd omits {verb}.{k}", 0) + 1
            continue
        mv = mj.get(k, MISSING)
        if mv is MISSING:
            diffs.append(Diff(k, "<absent>", gv))
        elif not same(mv, gv):
            diffs.append(Diff(k, mv, gv))
    for k in contract:
        if k in mj and k not in gj:
            diffs.append(Diff(k, mj[k], "<absent>"))
    common = [k for k in gj if k in mj]
    m_order = [k for k in mj if k in gj]
    if common != m_order:
        diffs.append(Diff("key_order", m_order, common))
    return diffs


# --------------------------------------------------------------------------- config-set


def diff_config_set(msd: Outcome, gsd: Outcome) -> list[Diff]:
    diffs: list[Diff] = []
    if msd.code != gsd.code:
        diffs.append(
            Diff(
                "exit_code",
                (msd.code, msd.stdout[-200:], msd.stderr[-400:]),
                (gsd.code, gsd.stdout[-200:], text_to_msd(gsd.stderr[-400:])),
            )
        )
    elif gsd.code != 0:
        m, g = error_line(msd.stderr), error_line(gsd.stderr)
        g = text_to_msd(g) if g else g
        ml, gl = _unknown_key_list(m), _unknown_key_list(g)
        if ml and gl and ml[0] == gl[0]:
            if ml[1] != gl[1]:
                diffs.append(
                    Diff(
                        "error.valid_keys",
                        {"only_in_msd": [k for k in ml[1] if k not in gl[1]]},
                        {"only_in_gsd": [k for k in gl[1] if k not in ml[1]]},
                    )
                )
        elif m != g:
            diffs.append(Diff("error", m, g))
    else:
        try:
            mj = load_json(msd.stdout)
        except ValueError:
            mj = ("unparseable", msd.stdout[-300:])
        gj = load_json(gsd.stdout)
        if isinstance(mj, dict) and isinstance(gj, dict):
            for k in sorted(set(gj) | set(mj), key=lambda k: (k not in gj, k)):
                if k not in gj and k not in CONFIG_SET_FIELDS:
                    continue  # additive msd field
                mv, gv = mj.get(k, MISSING), gj.get(k, MISSING)
                if k == "key" and isinstance(gv, str):
                    gv = text_to_msd(gv)
                if mv is MISSING or gv is MISSING or not same(mv, gv):
                    diffs.append(Diff(f"stdout.{k}", _show(mv), _show(gv)))
            common = [k for k in gj if k in mj]
            if common != [k for k in mj if k in gj]:
                diffs.append(Diff("stdout.key_order", list(mj), list(gj)))
        elif not same(mj, gj):
            diffs.append(Diff("stdout", mj, gj))
    mf, gf = msd.file, gsd.file  # the caller renamed gsd's file to msd names
    if not (mf is MISSING and gf is MISSING) and (
        mf is MISSING or gf is MISSING or not same(mf, gf)
    ):
        diffs.append(Diff("config.json", _show(mf), _show(gf)))
    return diffs


def _show(v: Any) -> Any:
    return "<absent>" if v is MISSING else v


def from_gsd_names(v: Any) -> Any:
    if isinstance(v, dict):
        return {
            ("msd-" + k[4:] if k.startswith("gsd-") else k): from_gsd_names(x) for k, x in v.items()
        }
    if isinstance(v, list):
        return [from_gsd_names(x) for x in v]
    return v


# --------------------------------------------------------------------------- cases


@dataclass
class ResolutionCase:
    verb: str
    agent: str
    flags: list[str]
    project: Project


@dataclass
class ConfigSetCase:
    key: str | None
    raw: str | None
    start: Any  # None = no config.json, else object or RawText
    planning: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------------- D1


def _obj(v: Any) -> dict[str, Any] | None:
    return v if isinstance(v, dict) else None


def effective_project_overrides(project: Project) -> Any:
    """``model_overrides`` as upstream sees it in the project (root ← workstream deep merge)."""
    root = _obj(project.config) if project.planning == "config" else None
    mo = root.get("model_overrides", MISSING) if root else MISSING
    if project.workstream:
        ws = _obj(project.ws_config)
        if ws is not None and "model_overrides" in ws:
            wmo = ws["model_overrides"]
            mo = {**mo, **wmo} if isinstance(wmo, dict) and isinstance(mo, dict) else wmo
    return mo


def global_overrides(project: Project) -> dict[str, Any] | None:
    gd = _obj(project.global_defaults)
    if gd is None:
        return None
    return _obj(gd.get("model_overrides"))


def d1_applies(project: Project, agent: str) -> bool:
    """D1 can change this agent's result: ``.planning/`` exists, the global defaults override
    the agent, and the project does not (per agent; project wins)."""
    if project.planning == "absent":
        return False
    gmo = global_overrides(project)
    if not gmo or agent not in gmo:
        return False
    pmo = effective_project_overrides(project)
    return not (isinstance(pmo, dict) and agent in pmo)


def d1_reference_project(project: Project) -> Project:
    """The project upstream must see to answer as D1 says msd answers: the global overrides
    the project lacks are copied into the project's own ``model_overrides``."""
    ref = copy.deepcopy(project)
    gmo = global_overrides(project) or {}
    pmo = effective_project_overrides(project)
    pmo_d = pmo if isinstance(pmo, dict) else {}
    merged = {**{k: v for k, v in gmo.items() if k not in pmo_d}, **pmo_d}
    root = ref.config if (ref.planning == "config" and isinstance(ref.config, dict)) else {}
    ref.planning = "config"
    root = dict(root)
    root["model_overrides"] = merged
    ref.config = root
    if ref.workstream and isinstance(ref.ws_config, dict) and "model_overrides" in ref.ws_config:
        ws = dict(ref.ws_config)
        ws["model_overrides"] = merged
        ref.ws_config = ws
    return ref


# --------------------------------------------------------------------------- D2 domains

_SCHEMA_BY_KEY = {k["key"]: k for k in SCHEMA["keys"]}
_TIERS = {"opus", "sonnet", "haiku", "inherit"}
_PROFILES = {"quality", "balanced", "budget", "adaptive", "inherit"}
_EFFORTS = {"minimal", "low", "medium", "high", "xhigh", "max"}


def _js_integer(v: Any) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool)) or (
        isinstance(v, float) and v.is_integer()
    )


def conforms(key: str, value: Any) -> bool | None:
    """Does the coerced ``value`` fit ``key``'s declared domain? ``None`` = no declared domain."""
    if key == "model_profile":
        return isinstance(value, str) and value in _PROFILES
    if re.fullmatch(r"models\.[a-z]+", key):
        return isinstance(value, str) and value in _TIERS
    spec = _SCHEMA_BY_KEY.get(key)
    if spec is None:
        if re.fullmatch(
            r"(effort\.routing_tier_defaults\.\w+|effort\.agent_overrides\.[\w-]+|effort\.default)",
            key,
        ):
            return isinstance(value, str) and value in _EFFORTS
        if re.fullmatch(
            r"fast_mode\.(routing_tier_defaults\.\w+|agent_overrides\.[\w-]+|enabled)", key
        ):
            return isinstance(value, bool)
        if key in ("dynamic_routing.enabled", "dynamic_routing.escalate_on_failure"):
            return isinstance(value, bool)
        if key == "dynamic_routing.max_escalations":
            return _js_integer(value) and value >= 0
        if key == "dynamic_routing.provider_escalation":
            return isinstance(value, list)
        if key.startswith(("dynamic_routing.tier_models.", "model_overrides.")):
            return isinstance(value, str)
        if key.startswith("granularities."):
            return isinstance(value, str) and value in {"coarse", "standard", "fine"}
        if key.startswith("features."):
            return isinstance(value, bool)
        return None
    enum, typ = spec.get("enum"), spec.get("type")
    if enum:
        return any(same(value, e) for e in enum)
    if typ == "boolean":
        return isinstance(value, bool)
    if typ == "integer":
        return _js_integer(value)
    if typ == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if typ == "string":
        return isinstance(value, str)
    if typ == "array":
        return isinstance(value, list)
    if typ == "object":
        return isinstance(value, dict)
    return None


_D2_ERROR = re.compile(
    r"^Error: (Invalid .*'.*'\. (Valid values: .*|Must be .*)"
    r"|review\.default_reviewers .*|invalid reviewer slug .*|Invalid ship\.pr_body_sections.*)$"
)


def coerce(raw: str) -> Any:
    """§2.4 step 4, independently of msd's js_number (a JS ``Number()`` subset for the tests)."""
    if raw == "true":
        return True
    if raw == "false":
        return False
    if raw == "null":
        return None
    n = js_number(raw)
    if raw != "" and n is not None:
        return n
    if raw.startswith(("[", "{")):
        try:
            return json.loads(raw)
        except ValueError:
            return raw
    return raw


_JS_WS = (  # what JS String.prototype.trim() removes
    " \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def js_number(raw: str) -> int | float | None:
    """JS ``Number(raw)`` when finite, else None."""
    s = raw.strip(_JS_WS)
    if s == "":
        return 0
    m = re.fullmatch(r"0([xXoObB])([0-9a-fA-F]+)", s)
    if m:
        base = {"x": 16, "o": 8, "b": 2}[m.group(1).lower()]
        try:
            return int(m.group(2), base)
        except ValueError:
            return None
    if not re.fullmatch(r"[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)", s):
        return None
    f = float(s)
    if f != f or f in (float("inf"), float("-inf")):
        return None
    return int(f) if f.is_integer() and abs(f) < 2**53 else f


def mask(value: Any) -> str:
    """§3 masking (UTF-16 code units), independent of msd's implementation."""
    if value is None or value == "":
        return "(unset)"
    if value is True:
        s = "true"
    elif value is False:
        s = "false"
    elif isinstance(value, (int, float)):
        s = str(value)
    elif isinstance(value, list):
        s = ",".join("" if v is None else str(v) for v in value)
    elif isinstance(value, dict):
        s = "[object Object]"
    else:
        s = str(value)
    units = s.encode("utf-16-le")
    if len(units) // 2 < 8:
        return "****"
    return "****" + units[-8:].decode("utf-16-le", errors="replace")


# --------------------------------------------------------------------------- classification


DEVIATION_CATEGORIES = (
    "D1",
    "D2",
    "D3",
    "D4",
    "D5",
    "D6",
    "D7",
    "D8",
    "D9",
    "D10",
    "D11",
    "D12",
    "GUIDE",
    "SPEC",
)


def classify_deviation(
    case: Any, msd_out: Outcome, gsd_out: Outcome, diffs: list[Diff] | None = None
) -> str | None:
    """The decision that explains every difference of this case, else ``None``.

    An Appendix B id (``"D1"`` … ``"D12"``), ``"GUIDE"`` or ``"SPEC"`` (see the module
    docstring).

    For resolution cases a ``"D1"`` answer is a claim the caller then proves: upstream run on
    :func:`d1_reference_project` must give exactly msd's answer.
    """
    if isinstance(case, ResolutionCase):
        return _classify_resolution(case, msd_out, gsd_out, diffs)
    if isinstance(case, ConfigSetCase):
        return _classify_config_set(case, msd_out, gsd_out, diffs)
    raise TypeError(case)


def _attempt_raw(flags: list[str]) -> str | None:
    for i, f in enumerate(flags):
        if f == "--attempt" and i + 1 < len(flags):
            return flags[i + 1]
    return None


def _classify_resolution(
    case: ResolutionCase, msd: Outcome, gsd: Outcome, diffs: list[Diff] | None
) -> str | None:
    diffs = diffs if diffs is not None else diff_resolution(msd, gsd, case.verb)
    if not diffs:
        return None
    attempt = _attempt_raw(case.flags)
    # D12: msd refuses a negative or non-integer --attempt with a clear error. Upstream
    # parseInt()s it ("1.5" → 1, "2abc" → 2) or refuses with its own text. "-0" is zero, a
    # non-negative integer: msd accepts it as 0 (lead's decision), so it must agree with
    # upstream and is never classified here.
    if (
        attempt is not None
        and not re.fullmatch(r"[0-9]+", attempt)
        and msd.code == 1
        and "attempt" in (error_line(msd.stderr) or "").lower()
    ):
        return "D12"
    if (
        msd.code == 0
        and gsd.code == 0
        and d1_applies(case.project, case.agent)
        and {d.what for d in diffs} <= {"model", "tier", "escalation"}
    ):
        return "D1"
    return None


def _unknown_key_list(line: str | None) -> tuple[str, list[str]] | None:
    if not line:
        return None
    m = re.fullmatch(r'Error: Unknown config key: "(.*)"\. Valid keys: (.*)', line)
    return (m.group(1), m.group(2).split(", ")) if m else None


def _classify_config_set(
    case: ConfigSetCase, msd: Outcome, gsd: Outcome, diffs: list[Diff] | None
) -> str | None:
    diffs = diffs if diffs is not None else diff_config_set(msd, gsd)
    if not diffs:
        return None
    key, raw = case.key or "", case.raw
    value = coerce(raw) if raw is not None else None
    start = case.start if not isinstance(case.start, RawText) else None
    msd_unchanged = same(msd.file, _start_file(case))
    mline, gline = error_line(msd.stderr), error_line(gsd.stderr)

    # D7: `context` is free text in msd (upstream: enum dev/research/review).
    if (
        key == "context"
        and msd.code == 0
        and gsd.code == 1
        and isinstance(value, str)
        and isinstance(msd.file, dict)
        and msd.file.get("context") == value
    ):
        return "D7"
    # D7/D8: keys msd accepts that upstream rejects as unknown.
    if (
        gsd.code == 1
        and gline
        and gline.startswith('Error: Unknown config key: "')
        and (
            key in D8_EXTRA_KEYS
            or re.fullmatch(r"review\.models\.[a-zA-Z0-9_-]+", key)
            or key == "context_profile"
        )
    ):
        tag = "D7" if key == "context_profile" else "D8"
        if msd.code == 0 and isinstance(msd.file, dict):
            return tag
        if msd.code == 0 and raw == "null" and msd_unchanged:
            return tag  # msd unsets a key nothing holds: no file is written (GUIDE, F7)
        if (
            msd.code == 1
            and mline
            and msd_unchanged
            and (not _D2_ERROR.match(mline) or conforms(key, value) is not True)
        ):
            # The key is valid in msd, so msd goes on to the steps upstream never reaches:
            # D2 refuses the value, or the config file itself is unusable.
            return tag
    # Unknown-key error lists that differ only by keys D7/D8 make valid.
    if msd.code == 1 and gsd.code == 1:
        ml, gl = _unknown_key_list(mline), _unknown_key_list(text_to_msd(gline) if gline else None)
        if ml and gl and ml[0] == gl[0] and msd_unchanged:
            extra, missing = set(ml[1]) - set(gl[1]), set(gl[1]) - set(ml[1])
            allowed = set(D8_EXTRA_KEYS) | {
                "context_profile",
                "review.models.<cli>",
                "review.models.<cli-name>",
            }
            if (
                not missing
                and extra
                and all(k in allowed or k.startswith("review.models.") for k in extra)
            ):
                return "D8"
    # D2: msd validates typed keys; upstream stores the value — or refuses only at a later
    # step of its pipeline (the read of config.json or the prototype guard both run after
    # upstream's own per-key validators, where msd's D2 validators sit too).
    g_text = gline or ""
    later_refusal = gsd.code == 1 and (
        "prototype pollution guard" in g_text
        or g_text.startswith("Error: Failed to read config.json")
    )
    if (
        (gsd.code == 0 or later_refusal)
        and msd.code == 1
        and mline
        and _D2_ERROR.match(mline)
        and msd_unchanged
        and conforms(key, value) is not True
    ):
        return "D2"
    # D2, typed storage (F2, lead's decision): a plain string key stores the raw CLI text as
    # a string ("7", '{"a":1}', " "), where upstream coerces it to a number or JSON value.
    if _d2_string_keeps_raw(key, raw, value, msd, gsd):
        return "D2"
    # D3/D4: secrets.
    if key in SECRET_KEYS or key in D3_KEYS:
        if (
            msd.code == 1
            and mline
            and msd_unchanged
            and (
                "keyring" in mline.lower()  # no usable keyring → clear error, nothing written
                # An empty (or blank) secret: msd refuses it and writes nothing; upstream stores
                # "" (0 for " ") in plaintext and prints "(unset)". D4 (lead's decision): an
                # empty key is not a secret — there is nothing to put in the keyring and a
                # `true` sentinel would claim a key that is not there; `null` unsets.
                or ((raw or "").strip(_JS_WS) == "" and "empty" in mline.lower())
            )
        ):
            return "D4"
        if msd.code == 0 and gsd.code == 0:
            mj, gj = _json_or_none(msd.stdout), _json_or_none(gsd.stdout)
            if isinstance(mj, dict) and isinstance(gj, dict):
                expect = dict(gj)
                if "value" in expect and value is not None:
                    expect["value"] = mask(value)
                if "previousValue" in expect and expect["previousValue"] is not None:
                    expect["previousValue"] = mask(gj["previousValue"])
                expect["masked"] = True
                out_ok = all(
                    same(mj.get(k, MISSING) if k in mj else MISSING, v) for k, v in expect.items()
                )
                if key in D3_KEYS and out_ok and same(msd.file, gsd.file):
                    return "D3"
                if out_ok and isinstance(msd.file, dict) and isinstance(gsd.file, dict):
                    mf, gf = dict(msd.file), dict(gsd.file)
                    if value is None or mf.get(key) is True:
                        mf.pop(key, None)
                        gf.pop(key, None)
                        if same(_sorted(mf), _sorted(gf)):
                            return "D4"
    # D5: `parallelization <bool>` keeps the sub-keys when the value is an object.
    if key == "parallelization" and isinstance(value, bool) and isinstance(start, dict):
        before = start.get("parallelization")
        if isinstance(before, dict) and isinstance(msd.file, dict):
            after = msd.file.get("parallelization")
            if isinstance(after, dict) and after == {**before, "enabled": value}:
                return "D5"
    if _guide_unusable_file(case, msd, gsd, mline, gline, msd_unchanged):
        return "GUIDE"
    if _guide_unset_writes_nothing(case, msd, gsd, diffs):
        return "GUIDE"
    if _spec_guard_up_front(case, msd, gsd, mline, gline, msd_unchanged):
        return "SPEC"
    if _spec_asvs_text(key, raw, value, msd, gsd, mline, gline, msd_unchanged):
        return "SPEC"
    if _spec_own_key_suggestions(key, msd, gsd, mline, gline, msd_unchanged):
        return "SPEC"
    return None


# --------------------------------------------------------------------------- D2 (F2), GUIDE, SPEC


def _literal_string_key(key: str) -> bool:
    """A free-text string key (declared ``string``/``string|null``, no enum, not a capability
    or secret key, not ``review.models.*``): msd keeps the raw CLI text for it."""
    spec = _SCHEMA_BY_KEY.get(key)
    return bool(
        spec is not None
        and spec.get("type") in ("string", "string|null")
        and not spec.get("enum")
        and not spec.get("capability")
        and not spec.get("secret")
        and not key.startswith("review.models.")
    )


def _with_value_at(data: Any, key: str, value: Any) -> Any:
    """A copy of ``data`` with ``key``'s leaf replaced (None when the path is not there)."""
    if not isinstance(data, dict):
        return None
    out = copy.deepcopy(data)
    node: Any = out
    segments = key.split(".")
    for seg in segments[:-1]:
        node = node.get(seg)
        if not isinstance(node, dict):
            return None
    if segments[-1] not in node:
        return None
    node[segments[-1]] = value
    return out


def _d2_string_keeps_raw(key: str, raw: str | None, value: Any, msd: Outcome, gsd: Outcome) -> bool:
    """F2: both succeed; msd stored and printed the raw text where upstream stored the
    §2.4-step-4 coercion (a number, array or object); everything else is equal."""
    if raw is None or msd.code != 0 or gsd.code != 0 or not _literal_string_key(key):
        return False
    if value is None or isinstance(value, (str, bool)):
        return False  # upstream kept a string too, or true/false/null (msd coerces those)
    mj, gj = _json_or_none(msd.stdout), _json_or_none(gsd.stdout)
    if not (isinstance(mj, dict) and isinstance(gj, dict)):
        return False
    gv = gj.get("value")
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (gv, value))
    # JS prints 2**53 as an integer; this test's Number() gives a float for it.
    if not (same(mj.get("value"), raw) and (gv == value if numbers else same(gv, value))):
        return False
    if any(
        not same(mj.get(k, "<absent>"), gj.get(k, "<absent>"))
        for k in CONFIG_SET_FIELDS
        if k != "value"
    ):
        return False
    expect = _with_value_at(gsd.file, key, raw)
    return expect is not None and same(msd.file, expect)


# msd's error for a config file it cannot use names the file (and line/column for a parse
# error): "Failed to read config.json: <path>/config.json: line 1, column 2: …" or
# "…: expected a JSON object at the top level, found an array".
_FILE_ERROR = re.compile(
    r"Error: Failed to read config\.json: /\S*/config\.json: "
    r"(line \d+, column \d+: .+|expected a JSON object at the top level, found .+)"
)


def _guide_unusable_file(
    case: ConfigSetCase,
    msd: Outcome,
    gsd: Outcome,
    mline: str | None,
    gline: str | None,
    msd_unchanged: bool,
) -> bool:
    """GUIDE (F3, F4): msd refuses an unusable config.json with an error naming the file and
    writes nothing; upstream refuses too (its own parse-error text, F4), or "succeeds" on a
    top-level non-object and writes back garbage or the unchanged file (F3)."""
    if not (
        isinstance(case.start, RawText)
        and msd.code == 1
        and mline
        and _FILE_ERROR.fullmatch(mline)
        and msd_unchanged
    ):
        return False
    if gsd.code != 0:
        return bool(gline and gline.startswith("Error: Failed to read config.json: "))
    return not isinstance(gsd.file, dict) or same(gsd.file, _start_file(case))


def _guide_unset_writes_nothing(
    case: ConfigSetCase, msd: Outcome, gsd: Outcome, diffs: list[Diff]
) -> bool:
    """GUIDE (F7): unsetting in a project without config.json removes nothing; msd prints
    upstream's answer and writes no file, upstream creates ``{}``."""
    return (
        case.raw == "null"
        and case.start is None
        and msd.code == 0
        and gsd.code == 0
        and msd.file is MISSING
        and same(gsd.file, {})
        and [d.what for d in diffs] == ["config.json"]
        and isinstance(_json_or_none(msd.stdout), dict)
        and _json_or_none(msd.stdout).get("updated") is False
    )


_PROTO_SEGMENTS = ("__proto__", "prototype", "constructor")


def _spec_guard_up_front(
    case: ConfigSetCase,
    msd: Outcome,
    gsd: Outcome,
    mline: str | None,
    gline: str | None,
    msd_unchanged: bool,
) -> bool:
    """SPEC (F5, §2.4 step 8): msd refuses a key with a ``__proto__``/``prototype``/
    ``constructor`` segment up front and writes nothing. Upstream only guards where its walk
    gets to: an unset under a missing parent reports "not set" (creating ``{}`` when there
    was no file, F7), and an unreadable file is reported first."""
    key = case.key or ""
    if not (
        any(seg in _PROTO_SEGMENTS for seg in key.split("."))
        and msd.code == 1
        and mline == f"Error: Invalid config key (prototype pollution guard): {key}"
        and msd_unchanged
    ):
        return False
    if gsd.code != 0:
        return bool(gline and gline.startswith("Error: Failed to read config.json: "))
    gj = _json_or_none(gsd.stdout)
    start = _start_file(case)
    return (
        case.raw == "null"
        and isinstance(gj, dict)
        and gj.get("updated") is False
        and gj.get("unset") is True
        and (same(gsd.file, start) or (start is MISSING and same(gsd.file, {})))
    )


def _spec_asvs_text(
    key: str,
    raw: str | None,
    value: Any,
    msd: Outcome,
    gsd: Outcome,
    mline: str | None,
    gline: str | None,
    msd_unchanged: bool,
) -> bool:
    """SPEC (F6, §2.4 table): for a non-number, msd says the ASVS rule
    (``Must be an integer 1, 2, or 3.``) where upstream's generic capability check says
    ``Must be a number.``; both refuse and write nothing."""
    if key != "workflow.security_asvs_level" or raw is None:
        return False
    prefix = f"Error: Invalid workflow.security_asvs_level '{raw}'. "
    return (
        msd.code == 1
        and gsd.code == 1
        and msd_unchanged
        and not (isinstance(value, (int, float)) and not isinstance(value, bool))
        and mline == prefix + "Must be an integer 1, 2, or 3."
        and gline == prefix + "Must be a number."
    )


# Object.prototype members upstream's suggestion lookup finds (no own-key guard).
_OBJECT_PROTO_NAMES = frozenset(
    {
        "constructor",
        "__proto__",
        "toString",
        "toLocaleString",
        "valueOf",
        "hasOwnProperty",
        "isPrototypeOf",
        "propertyIsEnumerable",
        "__defineGetter__",
        "__defineSetter__",
        "__lookupGetter__",
        "__lookupSetter__",
    }
)


def _spec_own_key_suggestions(
    key: str,
    msd: Outcome,
    gsd: Outcome,
    mline: str | None,
    gline: str | None,
    msd_unchanged: bool,
) -> bool:
    """SPEC (F9, conventions: own keys only): for an ``Object.prototype`` member name msd gives
    the unknown-key error; upstream's suggestion lookup "finds" the inherited member and
    prints ``Did you mean function …() { [native code] }?`` / ``[object Object]``."""
    ml = _unknown_key_list(mline)
    return bool(
        key in _OBJECT_PROTO_NAMES
        and msd.code == 1
        and gsd.code == 1
        and msd_unchanged
        and ml is not None
        and ml[0] == key
        and gline
        and re.fullmatch(
            rf"Error: Unknown config key: {re.escape(key)}\. Did you mean "
            r"(function \w*\(\) \{ \[native code\] \}|\[object Object\])\?",
            gline,
        )
    )


def _sorted(d: dict[str, Any]) -> dict[str, Any]:
    return dict(sorted(d.items()))


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _start_file(case: ConfigSetCase) -> Any:
    if case.start is None or not case.planning:
        return MISSING
    if isinstance(case.start, RawText):
        try:
            return json.loads(case.start.text)
        except ValueError:
            return ("unparseable", case.start.text)
    return case.start
