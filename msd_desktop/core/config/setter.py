"""The write path for ``.planning/config.json``: ``config-set`` / ``config-get`` (spec §2.2, §2.4).

Why one module: the CLI (``msd config-set``) and the window's editor must refuse the same
inputs with the same words and write files the same way. Upstream stores almost anything and
lets resolvers ignore bad values later; MSD validates every key that has a declared type or enum
(Appendix B, D2), with upstream's wording.

The forms a value takes on its way to the file:

1. **raw** — the CLI string (``" 7 "``, ``"0x10"``, ``'["codex"]'``, ``"null"``).
2. **candidate** — ``coerce_for_key(key, raw)``: upstream's coercion (§2.4 step 4) through the
   key's :class:`~msd_desktop.core.config.schema.ValueType`; ``project_code`` and free-text
   string keys keep the raw string; secrets keep the raw string unless it is a boolean.
   ``None`` means *unset* (delete the key; never persisted as JSON ``null``).
3. **stored** — the candidate after validation and normalisation (``review.default_reviewers``
   lower-cased and de-duplicated). A secret string goes to the OS keyring and the file gets the
   sentinel ``true`` (D4).
4. **reported** — the result dict upstream prints (``{updated, key, value, previousValue}``,
   ``unset``/``masked`` when they apply); secrets are masked (§3, D3).

Writes happen under the planning lock: read (fingerprint) → change in memory → atomic write with
the fingerprint as ``expected``, so a file changed behind our back is never overwritten. Unknown
keys and key order are kept. On any error nothing is written.
"""

from __future__ import annotations

import contextlib
import copy
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from types import EllipsisType
from typing import Any

from msd_desktop.core.common.errors import ConflictError, KeyringUnavailableError, MsdError
from msd_desktop.core.common.js_whitespace import JS_WHITESPACE, js_trim
from msd_desktop.core.common.jsonfile import Fingerprint, read_json_file
from msd_desktop.core.common.key_paths import set_path, unset_path
from msd_desktop.core.common.readback import check_document
from msd_desktop.core.common.safe_write import make_folders_for
from msd_desktop.core.common.text import Text
from msd_desktop.core.config import schema
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.skill_paths import validate_agent_skills_value
from msd_desktop.core.secrets.masking import mask
from msd_desktop.core.workspace.paths import active_workstream, planning_dir

__all__ = [
    "KNOWN_REVIEWER_SLUGS",
    "USAGE_GET",
    "USAGE_SET",
    "apply_set",
    "apply_unset",
    "check_agent_skills",
    "coerce_for_key",
    "config_get",
    "config_set",
    "config_set_typed",
    "normalize_value",
    "unknown_key_message",
    "validate_value",
]

Env = Mapping[str, str]
Workstream = str | None | EllipsisType

USAGE_SET = Text.of("Usage: config-set <key.path> <value>")
USAGE_GET = Text.of("Usage: config-get <key.path> [--default <value>]")
_PROTO_SEGMENTS = frozenset({"__proto__", "prototype", "constructor"})

# Upstream KNOWN_REVIEWER_SLUGS (derived from the capability registry, sorted).
KNOWN_REVIEWER_SLUGS = (
    "antigravity", "claude", "coderabbit", "codex", "cursor", "gemini", "kimi-code",
    "llama_cpp", "lm_studio", "ollama", "opencode", "qwen",
)
# Patterns as text: ``re`` compiles (and caches) one on first use, not when the module is
# imported — the window imports this module while it opens.
_INSTANCE_NAME_RE = r"[a-z0-9][a-z0-9-]*"
_INSTANCE_KEY_RE = r"review\.reviewer_instances\.([a-zA-Z0-9_-]+)\.(cli|model|agent)"
_REVIEWER_SLUG_RE = r"[a-zA-Z0-9_-]+"
_AGENT_SKILLS_KEY_RE = r"agent_skills\.[a-zA-Z0-9_-]+"

_SHIP_FIELDS = ("heading", "enabled", "source", "fallback", "template")
_SHIP_TOKENS = frozenset({"phase_number", "phase_name", "phase_dir", "base_branch", "padded_phase"})
_WS = "[" + re.escape(JS_WHITESPACE) + "]"  # JS \s
_SHIP_SOURCE_RE = (
    rf"(ROADMAP|PLAN|SUMMARY|VERIFICATION|STATE|REQUIREMENTS|CONTEXT)\.md{_WS}+##{_WS}+"
    r"[^\r\n#][^\r\n]*"
)
_SHIP_TOKEN_RE = r"\{([a-zA-Z][a-zA-Z0-9_]*)\}"


# ── key checks ──────────────────────────────────────────────────────────────────────────────


# The families upstream 1.11.0 names after the sorted keys (its text is fixed, not derived from
# the pattern list; phase_commit_docs is 1.11.0's addition to the spec's two, finding F1).
_UNKNOWN_KEY_FAMILIES = (
    "agent_skills.<agent-type>", "features.<feature_name>", "phase_commit_docs.<phase-id>"
)


def unknown_key_message(key: str) -> Text:
    """Upstream's unknown-key error, listing MSD's listed keys (sorted) and the key families."""
    listed = ", ".join((*schema.listed_keys(), *_UNKNOWN_KEY_FAMILIES))
    return Text.of('Unknown config key: "{key}". Valid keys: {listed}', key=key, listed=listed)


def _check_key(key: str, *, settable_only: bool) -> None:
    suggestion = schema.config_set_suggestion(key)
    if suggestion:
        raise MsdError(Text.of("Unknown config key: {key}. Did you mean {suggestion}?", key=key,
                               suggestion=suggestion))
    ok = schema.is_settable(key) if settable_only else schema.is_known(key)
    if not ok:
        raise MsdError(unknown_key_message(key))


def _check_proto(key: str) -> None:
    if any(segment in _PROTO_SEGMENTS for segment in key.split(".")):
        raise MsdError(Text.of("Invalid config key (prototype pollution guard): {key}", key=key))


# ── values ──────────────────────────────────────────────────────────────────────────────────


def coerce_for_key(key: str, raw: str) -> Any:
    """The candidate value for a raw CLI string (spec §2.4 steps 4 and 6); ``None`` = unset."""
    if key == "project_code":
        return None if raw == "null" else raw
    vt = schema.value_type_for(key) or schema.AnyType()
    return vt.from_str(raw)


def _validate_ship_sections(value: Any) -> None:
    if not isinstance(value, list):
        raise MsdError(Text.of(
            "Invalid ship.pr_body_sections value. Expected a JSON array of section objects."
        ))
    for index, section in enumerate(value):
        if not isinstance(section, dict):
            raise MsdError(Text.of("Invalid ship.pr_body_sections[{index}]. Expected an object.",
                                   index=index))
        unknown = [k for k in section if k not in _SHIP_FIELDS]
        if unknown:
            raise MsdError(Text.of("Invalid ship.pr_body_sections[{index}]. Unknown field(s): "
                                   "{fields}.", index=index, fields=", ".join(unknown)))
        heading = section.get("heading")
        if not isinstance(heading, str) or js_trim(heading) == "":
            raise MsdError(Text.of("Invalid ship.pr_body_sections[{index}]. heading must be a "
                                   "non-empty string.", index=index))
        if "\r" in heading or "\n" in heading:
            raise MsdError(Text.of("Invalid ship.pr_body_sections[{index}]. heading must be a "
                                   "single line.", index=index))
        if "enabled" in section and not isinstance(section["enabled"], bool):
            raise MsdError(Text.of("Invalid ship.pr_body_sections[{index}]. enabled must be true "
                                   "or false.", index=index))
        for name in ("source", "fallback", "template"):
            if name in section and not isinstance(section[name], str):
                raise MsdError(Text.of("Invalid ship.pr_body_sections[{index}]. {name} must be a "
                                       "string.", index=index, name=name))
        if not any(
            isinstance(section.get(name), str) and js_trim(section[name]) != ""
            for name in ("source", "fallback", "template")
        ):
            raise MsdError(Text.of("Invalid ship.pr_body_sections[{index}]. Provide at least one "
                                   "of source, fallback, or template.", index=index))
        source = section.get("source")
        if isinstance(source, str) and js_trim(source) != "":
            selectors = [s for s in (js_trim(part) for part in source.split("||")) if s]
            if not selectors or any(not re.fullmatch(_SHIP_SOURCE_RE, s) for s in selectors):
                raise MsdError(Text.of(
                    'Invalid ship.pr_body_sections[{index}]. source must use selectors like '
                    '"PLAN.md ## Risks", separated with "||".', index=index,
                ))
        template = section.get("template")
        if isinstance(template, str):
            for match in re.finditer(_SHIP_TOKEN_RE, template):
                if match.group(1) not in _SHIP_TOKENS:
                    raise MsdError(Text.of("Invalid ship.pr_body_sections[{index}]. Unsupported "
                                           "template token: {{{token}}}.", index=index,
                                           token=match.group(1)))


def _normalize_default_reviewers(value: Any) -> list[str]:
    if not isinstance(value, list):
        raise MsdError(Text.of("review.default_reviewers must be a JSON array of reviewer slugs"))
    if not value:
        raise MsdError(Text.of("review.default_reviewers cannot be empty"))
    out: list[str] = []
    for item in value:
        if not isinstance(item, str):
            raise MsdError(Text.of("review.default_reviewers must contain only string slugs"))
        if not re.fullmatch(_REVIEWER_SLUG_RE, item):
            raise MsdError(Text.of("invalid reviewer slug in review.default_reviewers: {slug}",
                                   slug=item))
        slug = item.lower()
        if slug not in out:
            out.append(slug)
    return out


def _validate_reviewer_instance(name: str, field: str, value: Any, raw: str) -> None:
    if not re.fullmatch(_INSTANCE_NAME_RE, name):
        raise MsdError(Text.of("Invalid reviewer instance name '{name}'. Must match "
                               "^[a-z0-9][a-z0-9-]*$.", name=name))
    if name in KNOWN_REVIEWER_SLUGS:
        raise MsdError(Text.of("Reviewer instance name '{name}' must not equal a built-in "
                               "reviewer slug.", name=name))
    if field == "cli":
        if not isinstance(value, str) or value not in KNOWN_REVIEWER_SLUGS:
            raise MsdError(Text.of(
                "Invalid reviewer_instances.{name}.cli '{raw}'. Must be a known reviewer "
                "adapter: {adapters}.",
                name=name, raw=raw, adapters=", ".join(KNOWN_REVIEWER_SLUGS),
            ))
    elif not isinstance(value, str):
        raise MsdError(Text.of("Invalid reviewer_instances.{name}.{field} '{raw}'. Must be a "
                               "string.", name=name, field=field, raw=raw))


def normalize_value(key: str, value: Any, raw: str | None = None) -> Any:
    """Validate a (non-``None``) candidate for ``key`` and return what is stored; raise on error.

    ``raw`` is the text the person typed (quoted in errors); by default the value's display form.
    """
    vt = schema.value_type_for(key)
    if raw is None:
        raw = (vt or schema.AnyType()).to_str(value)
    if key == "ship.pr_body_sections":
        _validate_ship_sections(value)
        return value
    if key == "review.default_reviewers":
        return _normalize_default_reviewers(value)
    instance = re.fullmatch(_INSTANCE_KEY_RE, key)
    if instance:
        _validate_reviewer_instance(instance.group(1), instance.group(2), value, raw)
        return value
    if vt is not None and not vt.accepts(value):
        spec = schema.get(key)
        if spec is not None:
            raise MsdError(spec.error(raw))
        raise MsdError(Text.of("Invalid {key} '{raw}'. {expectation}", key=key, raw=raw,
                               expectation=vt.expectation()))
    return value


def check_agent_skills(root: Path, key: str, value: Any, raw: str) -> None:
    """Refuse an ``agent_skills.<agent>`` value with a path leaving the project (F1, D2's spirit).

    The message follows D2's pattern (``Invalid <key> '<raw>'. Must be …``) and then names the
    refused entry (:func:`~msd_desktop.core.config.skill_paths.validate_skill_path`).
    """
    if not re.fullmatch(_AGENT_SKILLS_KEY_RE, key):
        return
    why = validate_agent_skills_value(root, value)
    if why:
        raise MsdError(Text.of(
            "Invalid {key} '{raw}'. Must be skill paths inside the project (or global:<name>). "
            "{why}", key=key, raw=raw, why=why,
        ))


def validate_value(key: str, value: Any, raw: str | None = None) -> str | None:
    """The error text for setting ``key`` to ``value`` (what the form shows by the field), or None.

    ``None`` as the value means "unset" and is always allowed for a known key.
    """
    try:
        _check_key(key, settable_only=False)
        if value is not None:
            normalize_value(key, value, raw)
    except MsdError as exc:
        return exc.message
    return None


# ── pure edits (drafts) ─────────────────────────────────────────────────────────────────────


def _set_nested(data: dict[str, Any], key: str, value: Any) -> Any:
    """Set ``key`` in ``data`` (in place); return the previous value or ``MISSING``.

    Intermediate values that are missing or not plain objects are replaced by ``{}`` (§2.4
    step 8). ``parallelization`` set to a boolean while it holds an object writes
    ``parallelization.enabled`` instead, keeping the sub-keys (Appendix B, D5).
    """
    _check_proto(key)
    if key == "parallelization" and isinstance(value, bool):
        current = data.get("parallelization")
        if isinstance(current, dict):
            previous = copy.deepcopy(current)
            current["enabled"] = value
            return previous
    was_there, previous = set_path(data, key, value)
    return previous if was_there else MISSING


def _unset_nested(data: dict[str, Any], key: str) -> Any:
    """Delete ``key`` (in place) without creating or pruning parents; previous value or MISSING."""
    _check_proto(key)
    was_there, previous = unset_path(data, key)
    return previous if was_there else MISSING


def apply_set(data: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
    """A copy of ``data`` with ``key`` set (``None`` unsets); no validation, no I/O."""
    out = copy.deepcopy(dict(data))
    if value is None:
        _unset_nested(out, key)
    else:
        _set_nested(out, key, value)
    return out


def apply_unset(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """A copy of ``data`` without ``key`` (parents kept)."""
    out = copy.deepcopy(dict(data))
    _unset_nested(out, key)
    return out


# ── the locked read-modify-write ────────────────────────────────────────────────────────────


def _update_file(
    root: Path,
    env: Env | None,
    workstream: Workstream,
    change: Callable[[dict[str, Any]], bool],
    expected: Fingerprint | EllipsisType | None,
    before_write: Callable[[], None] | None = None,
    *,
    source: str = "msd config-set",
    batch: str | None = None,
) -> None:
    """Run ``change`` on the active config under the planning lock; write when it returns True.

    The changed document is checked against the reader's caps first (a file msd could not read
    back is never written); ``before_write`` runs after that check, just before the write.
    """
    pdir = planning_dir(root, env, workstream)
    path = pdir / "config.json"
    make_folders_for(path)  # never a .planning/ again where the project has gone
    from msd_desktop.core.common.planning_lock import PlanningLock  # (datetime) only when writing
    from msd_desktop.core.history.recorder import write_config_recorded

    with PlanningLock(pdir):
        file = read_json_file(path)
        if file.error is not None:
            raise MsdError(Text.of("Failed to read config.json: {error}",
                                   error=file.error.message))
        if expected is not ... and not (
            (expected is None and not file.exists)
            or (expected is not None and expected.same_content(file.fingerprint))
        ):
            raise ConflictError(Text.of("{path} changed on disk since it was read; reload before "
                                        "saving", path=path))
        data: dict[str, Any] = file.data if file.exists else {}
        if change(data):
            check_document(data, path)
            if before_write is not None:
                before_write()
            write_config_recorded(path, data,
                                  expected=file.fingerprint if file.exists else None,
                                  source=source, batch=batch, env=env)


def _mask_result(result: dict[str, Any], shown_value: Any) -> dict[str, Any]:
    out = dict(result)
    out["value"] = mask(shown_value) if shown_value is not None else None
    if "previousValue" in out:
        out["previousValue"] = mask(out["previousValue"])
    out["masked"] = True
    return out


def _forget_secret(key: str, root: Path, env: Env | None) -> None:
    from msd_desktop.core.secrets import store as secrets

    # nothing can be stored where nothing can be reached
    with contextlib.suppress(KeyringUnavailableError):
        secrets.delete_secret(key, root=root, env=env)


def _set(
    root: Path,
    key: str,
    value: Any,
    raw: str,
    *,
    env: Env | None,
    workstream: Workstream,
    expected: Fingerprint | EllipsisType | None,
    source: str = "msd config-set",
    batch: str | None = None,
) -> dict[str, Any]:
    root = Path(root)
    secret = schema.is_secret(key)
    if value is None:
        _check_proto(key)
        state: dict[str, Any] = {}

        def unset(data: dict[str, Any]) -> bool:
            state["previous"] = _unset_nested(data, key)
            return state["previous"] is not MISSING

        _update_file(root, env, workstream, unset, expected, source=source, batch=batch)
        if secret:
            _forget_secret(key, root, env)
        result: dict[str, Any] = {
            "updated": state["previous"] is not MISSING, "unset": True, "key": key, "value": None
        }
        if state["previous"] is not MISSING:
            result["previousValue"] = state["previous"]
        return _mask_result(result, None) if secret else result

    stored = normalize_value(key, value, raw)
    _check_proto(key)
    check_agent_skills(root, key, stored, raw)
    shown = stored
    plaintext = stored if secret and isinstance(stored, str) else None
    if plaintext is not None:
        stored = True  # D4: the file gets the sentinel, the plaintext goes to the keyring
    box: dict[str, Any] = {}

    def put(data: dict[str, Any]) -> bool:
        box["previous"] = _set_nested(data, key, stored)
        return True

    def store_plaintext() -> None:
        # Only once the file is known to be usable, unchanged and writable back: a refused
        # write must not leave the key behind in the keyring.
        from msd_desktop.core.secrets.store import store_secret

        assert plaintext is not None
        store_secret(key, plaintext, root=root, env=env)

    _update_file(root, env, workstream, put, expected,
                 store_plaintext if plaintext is not None else None, source=source, batch=batch)
    result = {"updated": True, "key": key, "value": stored}
    if box["previous"] is not MISSING:
        result["previousValue"] = box["previous"]
    return _mask_result(result, shown) if secret else result


def config_set(
    root: Path,
    key: str | None,
    raw_value: str | None,
    *,
    env: Env | None = None,
    workstream: Workstream = ...,
) -> dict[str, Any]:
    """``msd config-set KEY VALUE`` (spec §2.4 steps 1-9); returns upstream's result object.

    ``workstream``: ``...`` = the active one (explicit > ``MSD_WORKSTREAM`` > pointer), whose
    ``config.json`` is written, as upstream does.
    """
    if not key or raw_value is None:
        raise MsdError(USAGE_SET)
    _check_key(key, settable_only=True)
    value = coerce_for_key(key, raw_value)
    return _set(root, key, value, raw_value, env=env, workstream=workstream, expected=...)


def config_set_typed(
    root: Path,
    key: str,
    value: Any,
    *,
    env: Env | None = None,
    workstream: Workstream = ...,
    expected: Fingerprint | EllipsisType | None = ...,
    raw: str | None = None,
    source: str = "Settings save",
    batch: str | None = None,
) -> dict[str, Any]:
    """The editor's set: a Python value (``None`` unsets), the same validation as the CLI.

    Any known key may be set here, including the documented file keys that ``config-set``
    refuses (``gates.*``, ``safety.*``, ``parallelization.*``, ``audit.enabled``). ``expected``
    is the fingerprint from when the form loaded: a file changed since then raises
    :class:`ConflictError` and nothing is written.
    """
    if not key:
        raise MsdError(USAGE_SET)
    _check_key(key, settable_only=False)
    vt = schema.value_type_for(key) or schema.AnyType()
    shown_raw = raw if raw is not None else vt.to_str(value)
    return _set(root, key, value, shown_raw, env=env, workstream=workstream, expected=expected,
                source=source, batch=batch)


# ── config-get ──────────────────────────────────────────────────────────────────────────────

_INDEX_RE = r"0|[1-9][0-9]*"


def _js_lookup(data: Any, key: str) -> Any:
    """Walk a dotted key like upstream: own properties only; arrays answer indices and length."""
    current = data
    for segment in key.split("."):
        if isinstance(current, dict):
            current = current.get(segment, MISSING)
        elif isinstance(current, list):
            if segment == "length":
                current = len(current)
            elif re.fullmatch(_INDEX_RE, segment) and int(segment) < len(current):
                current = current[int(segment)]
            else:
                current = MISSING
        else:
            current = MISSING
        if current is MISSING:
            return MISSING
    return current


def _read_value(path: Path, key: str) -> tuple[bool, Any]:
    """(file exists, value or MISSING); raises for an unusable file."""
    file = read_json_file(path)
    if not file.exists:
        return False, MISSING
    if file.error is not None:
        raise MsdError(Text.of("Failed to read config.json: {error}", error=file.error.message))
    return True, _js_lookup(file.data, key)


def config_get(
    root: Path,
    key: str | None,
    *,
    default: str | None = None,
    env: Env | None = None,
    workstream: Workstream = ...,
) -> Any:
    """``msd config-get KEY [--default V]``: the effective value (§2.2 order), masked if secret.

    Order: the active config; with a workstream, the project config; ``default``; the schema
    default (:func:`config_schema.default_for`); else ``Key not found: <key>`` (or
    ``No config.json found at <path>`` when the active file does not exist).
    """
    if not key:
        raise MsdError(USAGE_GET)
    root = Path(root)
    ws = active_workstream(root, env) if workstream is ... else workstream
    path = planning_dir(root, env, ws) / "config.json"
    exists, value = _read_value(path, key)
    if value is MISSING and ws:
        base = planning_dir(root, env, None) / "config.json"
        try:
            _, value = _read_value(base, key)
        except MsdError:
            value = MISSING  # a corrupt project file must not change the verdict
    if value is MISSING and default is not None:
        value = default
    if value is MISSING:
        fallback = schema.default_for(key)
        value = MISSING if fallback is None else fallback
    if value is MISSING:
        raise MsdError(Text.of("Key not found: {key}", key=key) if exists
                       else Text.of("No config.json found at {path}", path=path))
    return mask(value) if schema.is_secret(key) else value
