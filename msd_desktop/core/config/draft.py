"""The Settings tab's draft: one config file as read, plus the edits not saved yet (Qt-free).

Why a separate, Qt-free module: the draft is where the form's semantics live (what is pending,
what is invalid, what would be written, whether the file changed behind our back), and all of
it can be tested without widgets. Every rule comes from the core: ``config_set.validate_value``
/ ``normalize_value`` decide what is valid and what is stored, ``config_set.apply_set`` makes the
edit (unknown keys and key order kept), ``config_store.write_project_config`` writes atomically
under the planning lock and refuses a file whose fingerprint changed since it was read.

The forms a key's value takes here:

* **file value** — what the scope's file holds (``MISSING`` when absent);
* **pending value** — what the person chose and has not saved (``UNSET`` = remove the key);
* **draft value** — pending if any, else the file value (what the form shows);
* **stored value** — the pending value after ``normalize_value`` (what ``save`` writes).

The JSON tab's text is a draft edit too when it cannot become key edits: text that does not
parse (or any text typed over a file the core cannot use) is held as the **text edit**
(:data:`TEXT_KEY`): it makes the draft dirty, blocks Save with the reader's line and column
while it does not parse, and — over an unusable file — is what Save writes once it parses.
Over an unusable file, a text edit that parses is the draft's content at once (the **fix**):
the form shows it and takes edits again, each one written into the fix's text (the writer's
layout), so the text stays what Save writes.

Scopes (the selector in the form): ``project`` = ``.planning/config.json``, ``workstream`` = the
active workstream's ``config.json``, ``global`` = ``~/.msd/defaults.json``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from enum import Enum
from pathlib import Path
from typing import Any, NamedTuple

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.jsonfile import (
    Fingerprint,
    JsonError,
    JsonFile,
    dump_json,
    fingerprint_of,
    parse_json_text,
    read_json_file,
)
from msd_desktop.core.common.key_paths import get_path
from msd_desktop.core.common.safe_write import make_folders_for
from msd_desktop.core.common.text import Text
from msd_desktop.core.config import schema
from msd_desktop.core.config.layers import layer_name
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.setter import apply_set, normalize_value, validate_value
from msd_desktop.core.config.store import write_project_config
from msd_desktop.core.history.recorder import JSON_TAB, SETTINGS_SAVE
from msd_desktop.core.workspace.paths import defaults_path, planning_dir


class Scope(Enum):
    """Which file the form edits."""

    PROJECT = "project"
    WORKSTREAM = "workstream"
    GLOBAL = "global"

    @property
    def label(self) -> str:
        return layer_name(self.value)


def scope_path(
    scope: Scope, root: Path, env: Mapping[str, str], workstream: str | None = None
) -> Path:
    """The file a scope edits (the workstream scope needs a workstream name)."""
    if scope is Scope.GLOBAL:
        return defaults_path(env)
    if scope is Scope.WORKSTREAM:
        if not workstream:
            raise MsdError(Text.of("This project has no active workstream."))
        return planning_dir(root, env, workstream) / "config.json"
    return planning_dir(root, env, None) / "config.json"


#: The pseudo-key of the JSON tab's text edit (in ``errors`` and in undo commands); no schema
#: key can look like it.
TEXT_KEY = "(JSON text)"


class _Unset:
    """Marker for a pending "remove this key from the file"."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


class InvalidInput:
    """Editor input that is not a value at all; ``message`` is shown next to the field.

    ``text`` is what was typed (the undo step's name shows it); ``shown`` is, for editors
    made of several fields (tables, pattern groups), the whole of what they showed, as the
    editor wrote it, so undo puts every sub-field back as it was — not only the one at fault.

    Immutable, compared and hashed by its fields (a frozen dataclass before; a plain class
    because the Settings tab imports this module while the window opens). Not a
    tuple on purpose: it must never pass for a JSON value."""

    __slots__ = ("message", "shown", "text")
    __match_args__ = ("message", "text")
    message: str
    text: str
    shown: str

    def __init__(self, message: str, text: str = "", shown: str = "") -> None:
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "shown", shown)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, InvalidInput)
        return (self.message, self.text, self.shown) == (other.message, other.text,
                                                         other.shown)

    def __hash__(self) -> int:
        return hash((self.message, self.text, self.shown))

    def __repr__(self) -> str:
        extra = f", shown={self.shown!r}" if self.shown else ""
        return f"InvalidInput(message={self.message!r}, text={self.text!r}{extra})"


# Keys the form edits as one structured value although the schema only knows their children
# (dynamic patterns): section, title, description. Each child is validated by the core.
GROUP_KEYS: dict[str, tuple[str, str, str]] = {
    "model_overrides": (
        "model", "Model overrides",
        "model for one agent, highest precedence (model_overrides.<agent>); global entries "
        "from ~/.msd/defaults.json merge per agent",
    ),
    "agent_skills": (
        "agent_skills", "Agent skills",
        "skill paths injected into the named agent's prompt (agent_skills.<agent>); paths "
        "must stay inside the project",
    ),
    # pattern groups: members enumerable from the pattern's alternation (one combo each)
    "models": (
        "model", "Tier per phase type",
        "tier for every agent of a phase type (models.<phase_type>)",
    ),
    "granularities": (
        "planning", "Granularity per phase type",
        "granularity for a phase type (granularities.<phase_type>; upstream-only)",
    ),
    "dynamic_routing": (
        "model", "Dynamic routing",
        "escalate the model tier on failed attempts, or switch models when a provider quota "
        "is exceeded (dynamic_routing.*)",
    ),
    "effort.routing_tier_defaults": (
        "effort", "Effort per routing tier",
        "effort for every agent of a routing tier (effort.routing_tier_defaults.<tier>)",
    ),
    "effort.agent_overrides": (
        "effort", "Effort per agent",
        "effort for one agent (effort.agent_overrides.<agent>)",
    ),
    "fast_mode.routing_tier_defaults": (
        "fast_mode", "Fast mode per routing tier",
        "fast mode for every agent of a routing tier (fast_mode.routing_tier_defaults.<tier>)",
    ),
    "fast_mode.agent_overrides": (
        "fast_mode", "Fast mode per agent",
        "fast mode for one agent (fast_mode.agent_overrides.<agent>)",
    ),
    # runtime × tier tables (model_profile_overrides.<runtime>.<tier> and the policy's copy)
    "model_profile_overrides": (
        "model", "Model per runtime and tier",
        "model id (or {model, reasoning_effort}) for a runtime's tier, over the built-in "
        "runtime map; used when runtime is set and is not claude "
        "(model_profile_overrides.<runtime>.<tier>)",
    ),
    "model_policy.runtime_tiers": (
        "model", "Model policy per runtime and tier",
        "model id (or {model, ...}) for a runtime's tier, checked by model_policy before the "
        "provider presets; no runtime set = claude (model_policy.runtime_tiers.<runtime>.<tier>)",
    ),
}

# Group keys edited as one sub-field per enumerable member (the rest are agent tables).
PATTERN_GROUPS: tuple[str, ...] = (
    "models", "granularities", "dynamic_routing", "effort.routing_tier_defaults",
    "fast_mode.routing_tier_defaults",
)


def pattern_members(group: str) -> list[tuple[str, schema.ValueType]]:
    """A pattern group's members (relative dotted names) and their value types, enumerated
    from the dynamic patterns' leaves (literal and alternation segments only)."""
    out: list[tuple[str, schema.ValueType]] = []
    for leaf, tail in schema.leaves_under(group):
        if any(kind == "re" for kind, _ in tail):
            continue
        names = [""]
        for kind, value in tail:
            options = (value,) if kind == "lit" else tuple(value)
            names = [f"{n}.{o}" if n else str(o) for n in names for o in options]
        out.extend((name, leaf.value_type) for name in names if name)
    return out


def _flatten(key: str, value: Any) -> list[tuple[str, Any]]:
    """A group value as the ``config-set`` keys it stands for (nested objects unrolled)."""
    out: list[tuple[str, Any]] = []
    for child, child_value in value.items():
        full = f"{key}.{child}"
        if not schema.is_known(full) and isinstance(child_value, dict) and child_value:
            out.extend(_flatten(full, child_value))
        else:
            out.append((full, child_value))
    return out


def validate(key: str, value: Any, raw: str | None = None, kept: Any = MISSING) -> str | None:
    """The core's error for ``key = value`` (group keys: each child, as ``config-set`` would).

    ``kept`` is the file's value: a group's children kept exactly as read are not checked again
    (``config-set`` checks only what it sets; reading is tolerant), so an odd child already in
    the file does not block editing its siblings.
    """
    if isinstance(value, InvalidInput):
        return value.message
    if key in GROUP_KEYS:
        if not isinstance(value, dict):
            return Text.of("{key} must be a JSON object.", key=key)
        before = dict(_flatten(key, kept)) if isinstance(kept, dict) else {}
        for child, child_value in _flatten(key, value):
            if child in before and _same_json(before[child], child_value):
                continue
            error = validate_value(child, child_value)
            if error:
                return error
        return None
    return validate_value(key, value, raw)


class SaveResult(NamedTuple):
    """What a save changed: the keys written and the new fingerprint."""

    keys: list[str]
    fingerprint: Fingerprint


class PlannedSave(NamedTuple):
    """One save, decided: the file, what it gets, the content it must still have (its
    fingerprint when the draft read it; ``None``: it must not exist) and the edits written
    (``text``: the JSON tab's text written in place of an unusable file; ``source``: where the
    save was made, as the config history records it)."""

    path: Path
    data: dict[str, Any]
    expected: Fingerprint | None
    pending: dict[str, Any]
    text: str | None = None
    source: str = SETTINGS_SAVE


def write_planned(planned: PlannedSave) -> Fingerprint:
    """Write a planned save through the core's write path (atomic, under the planning lock,
    ``ConflictError`` when the file changed since it was read). Touches no draft, so it can
    run off the window's thread."""
    make_folders_for(planned.path)  # never a .planning/ again where the project has gone
    source = JSON_TAB if planned.text is not None else planned.source  # for the history
    return write_project_config(planned.path, planned.data, planned.expected, source=source)


def apply_pending(
    data: Mapping[str, Any], pending: Mapping[str, Any], skip: Any = ()
) -> dict[str, Any]:
    """``data`` with each pending edit not in ``skip`` applied: an unset removes the key, a group
    key takes its whole object, any other value is stored as the core normalises it."""
    out = copy.deepcopy(dict(data))
    for key, value in pending.items():
        if key in skip:
            continue
        if value is UNSET:
            out = apply_set(out, key, None)
        elif key in GROUP_KEYS:
            out = apply_set(out, key, value)
        else:
            out = apply_set(out, key, normalize_value(key, value))
    return out



class ConfigDraft:
    """One file's content as read plus pending edits; ``save`` writes them all at once."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.pending: dict[str, Any] = {}
        self.errors: dict[str, str] = {}
        #: The JSON tab's text edit (see the module docstring): ``None`` when the text is the
        #: draft; shown secrets in it are masks, as the tab shows them.
        self.text_edit: str | None = None
        #: Why the text edit cannot be saved (the reader's line and column), else ``None``.
        self.text_problem: JsonError | None = None
        #: The fix's document (see the module docstring) and the text it was read from.
        self._fix: tuple[str, dict[str, Any]] | None = None
        self._listeners: list[Callable[[], None]] = []
        self.file: JsonFile = read_json_file(self.path)

    # ---- reading -------------------------------------------------------------------------

    @property
    def data(self) -> dict[str, Any]:
        """The file's object as read (``{}`` when missing); over an unusable file, the fix
        typed in the JSON tab once it parses (else ``{}``)."""
        if self.file.ok and isinstance(self.file.data, dict):
            return self.file.data
        fix = self._fix
        if fix is not None and fix[0] is self.text_edit:
            return fix[1]
        return {}

    @property
    def fixing(self) -> bool:
        """Whether an unusable file has a fix that parses (its settings can be edited)."""
        return self.load_error is not None and self.data_is_fix

    @property
    def data_is_fix(self) -> bool:
        fix = self._fix
        return fix is not None and fix[0] is self.text_edit and self.text_problem is None

    @property
    def editable(self) -> bool:
        """Whether the settings take edits: a usable file, or an unusable one with a fix."""
        return self.load_error is None or self.fixing

    @property
    def fingerprint(self) -> Fingerprint | None:
        return self.file.fingerprint

    @property
    def load_error(self) -> str | None:
        """Why the file could not be used (it is then not editable), else ``None``."""
        return self.file.error.message if self.file.error is not None else None

    def file_value(self, key: str) -> Any:
        if key == TEXT_KEY:
            return MISSING  # the file is never a text edit of itself
        found, value = get_path(self.data, key)
        return value if found else MISSING

    def value(self, key: str) -> Any:
        """The draft value: pending if any (``MISSING`` for a pending unset), else the file's
        (:data:`TEXT_KEY`: the text edit, ``MISSING`` when there is none)."""
        if key == TEXT_KEY:
            return MISSING if self.text_edit is None else self.text_edit
        if key in self.pending:
            pending = self.pending[key]
            return MISSING if pending is UNSET else pending
        return self.file_value(key)

    def shown_value(self, key: str, result: Mapping[str, Any] | None = None) -> Any:
        """What a field shows: its own pending value, else the key in what ``save`` would
        write (so a parent object shows a pending child edit, and a child a pending parent
        object), else ``MISSING``. ``result``: :meth:`result_data` computed once for many
        keys."""
        if key in self.pending or not self.pending:
            return self.value(key)
        found, value = get_path(self.result_data() if result is None else result, key)
        return value if found else MISSING

    def is_pending(self, key: str) -> bool:
        return key in self.pending

    @property
    def dirty(self) -> bool:
        return bool(self.pending) or self.text_edit is not None

    @property
    def unsaved_count(self) -> int:
        """The unsaved changes a person is told about: each pending key, and the text edit."""
        return len(self.pending) + (self.text_edit is not None)

    @property
    def can_save(self) -> bool:
        return self.dirty and not self.errors and (
            self.load_error is None or self.text_edit is not None)

    def unknown_keys(self) -> list[str]:
        """Keys in the file MSD does not know; they are listed and kept on save."""
        return schema.unknown_keys(self.data)

    # ---- editing -------------------------------------------------------------------------

    def on_changed(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every edit, revert, save or reload."""
        self._listeners.append(callback)

    def _notify(self) -> None:
        for cb in list(self._listeners):
            cb()

    def set(self, key: str, value: Any, raw: str | None = None) -> str | None:
        """Stage ``key = value`` (``None``/``UNSET``/``MISSING`` = remove); return the core's
        error or None.

        An invalid value is still staged (the field keeps what the person typed) but blocks
        ``save`` until fixed or reset. Setting the file's own value again drops the edit, so
        ``set(key, value_before)`` undoes ``set(key, value_after)`` exactly: :meth:`value`
        read before an edit is what an undo puts back (the undo commands rely on this).
        :data:`TEXT_KEY` sets the text edit (a string) or drops it.
        """
        if key == TEXT_KEY:
            self._set_text(value if isinstance(value, str) else None)
            return self.errors.get(TEXT_KEY)
        current = self.file_value(key)
        if value is None and current is None:
            value = current  # the file's own null (undo puts it back): no edit
        elif value is None or value is MISSING:
            value = UNSET
        same = (value is UNSET and current is MISSING) or (
            value is not UNSET and current is not MISSING and _same_json(value, current)
        )
        # The file's own value is no edit at all, even one the core would refuse now (reading is
        # tolerant; saving writes it back unchanged): undo and Revert land here.
        error = None if value is UNSET or same else validate(key, value, raw, current)
        if same:
            self.pending.pop(key, None)
        elif error is None and self.fixing:
            self.pending.pop(key, None)
            self._set_in_fix(key, value)
            self.errors.pop(key, None)
            self._notify()
            return None
        else:
            self.pending[key] = value
        if error is None:
            self.errors.pop(key, None)
        else:
            self.errors[key] = error
        self._notify()
        return error

    def _set_text(self, text: str | None) -> None:
        self.text_edit = text
        self.recheck_text()
        self._notify()

    def _set_in_fix(self, key: str, value: Any) -> None:
        """A field edit over an unusable file goes into the fix's text (API keys in it stay
        masked as the JSON tab shows them; Save maps each mask back)."""
        from msd_desktop.core.config.secret_keys import secret_key_names
        from msd_desktop.core.secrets.masking import mask_document

        if value is UNSET:
            data = apply_set(self.data, key, None)
        elif key in GROUP_KEYS:
            data = apply_set(self.data, key, value)
        else:
            data = apply_set(self.data, key, normalize_value(key, value))
        masked, _originals = mask_document(data, secret_key_names())
        self.text_edit = dump_json(masked)
        self.recheck_text()

    def recheck_text(self) -> None:
        """The text edit's problem: it does not parse, or (over an unusable file) it types an
        API key in plain text; a text over a usable file must become key edits first."""
        self.text_problem = None
        self.errors.pop(TEXT_KEY, None)
        self._fix = None
        text = self.text_edit
        if text is None:
            return
        data, problem = parse_json_text(text, self.path.name)
        if problem is None and self.load_error is None:
            problem = JsonError(Text.of("the JSON text has not been read as settings yet"), 1, 1,
                                "config_unparseable")
        elif problem is None:
            secret = self._typed_secret(data)
            if secret is not None:
                from msd_desktop.core.config.secret_keys import plaintext_secret_message

                problem = JsonError(plaintext_secret_message(secret), 1, 1, "config_unparseable")
        if problem is not None:
            self.text_problem = problem
            self.errors[TEXT_KEY] = problem.message
        elif self.load_error is not None:
            self._fix = (text, self._unmasked(data))

    def _unmasked(self, data: Any) -> dict[str, Any]:
        """``data`` with each untouched mask back to the file's key it stands for."""
        from msd_desktop.core.secrets.masking import unmask_document

        restored = unmask_document(data, self._file_secrets())
        assert isinstance(restored, dict)
        return restored

    def _file_secrets(self) -> dict[str, str]:
        """The plaintext API keys of the file's text (read even when it does not parse)."""
        from msd_desktop.core.config.secret_keys import secret_key_names
        from msd_desktop.core.secrets.masking import secrets_in_text

        return secrets_in_text(self.file.text or "", secret_key_names())

    def _typed_secret(self, data: Any) -> str | None:
        """A secret key whose value in ``data`` is neither the file's own nor its mask."""
        from msd_desktop.core.config.secret_keys import secret_key_names
        from msd_desktop.core.secrets.masking import mask

        kept = self._file_secrets()
        for key in sorted(secret_key_names()):
            value = data.get(key) if isinstance(data, dict) else None
            if isinstance(value, str) and value and value not in (
                    kept.get(key), mask(kept[key]) if key in kept else None):
                return key
        return None

    def replacement(self) -> dict[str, Any]:
        """The text edit as the document Save writes over an unusable file (each untouched
        mask back to the key it stands for). ``MsdError`` while it cannot be saved."""
        if self.text_edit is None or self.text_problem is not None:
            raise MsdError(self.text_error_text())
        data, _problem = parse_json_text(self.text_edit, self.path.name)
        return self._unmasked(data)

    def text_error_text(self) -> str:
        """Why the text edit blocks Save, in the core's words (with its line and column)."""
        problem = self.text_problem
        return Text.of("The JSON tab's text cannot be saved: {error}. Fix it there, or revert "
                       "it.", error=problem.message if problem is not None else "")

    def reset(self, key: str) -> None:
        """Remove the key from the file (back to the default / the next layer) on save."""
        self.set(key, UNSET)

    def discard(self, key: str) -> None:
        """Drop the pending edit of one key (or the text edit)."""
        if key == TEXT_KEY:
            self.text_edit = None
            self.text_problem = None
        self.pending.pop(key, None)
        self.errors.pop(key, None)
        self._notify()

    def revert(self) -> None:
        """Drop every pending edit and the text edit."""
        self.pending.clear()
        self.errors.clear()
        self.text_edit = None
        self.text_problem = None
        self._notify()

    # ---- the result ----------------------------------------------------------------------

    def result_data(self, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """``base`` (default: the file as read) with every valid pending edit applied."""
        return apply_pending(self.data if base is None else base, self.pending, self.errors)

    def original_text(self) -> str:
        if self.file.text is not None and self.file.ok:
            return self.file.text
        return ""

    def result_text(self) -> str:
        return dump_json(self.result_data())

    def diff(self, against: str | None = None, *, label: str = "on disk") -> list[str]:
        """Unified diff lines: ``against`` (default: the file as read) → the draft result."""
        import difflib  # only once something is edited (not while the window opens)

        before = self.original_text() if against is None else against
        return list(
            difflib.unified_diff(
                before.splitlines(), self.result_text().splitlines(),
                fromfile=f"{self.path.name} ({label})", tofile=f"{self.path.name} (draft)",
                lineterm="", n=3,
            )
        )

    # ---- saving and the disk -------------------------------------------------------------

    def changed_on_disk(self) -> bool:
        """Whether the file's bytes differ from what this draft read."""
        current = fingerprint_of(self.path)
        if self.fingerprint is None:
            return current is not None
        return not self.fingerprint.same_content(current)

    def save(self) -> SaveResult:
        """Write the draft (atomic, locked, refused when the file changed: ``ConflictError``).

        Raises :class:`MsdError` and writes nothing while any field is invalid. The three
        steps one after the other; the window runs the middle one in a worker
        (:meth:`plan_save`, :func:`write_planned`, :meth:`finish_save`)."""
        planned = self.plan_save()
        return self.finish_save(planned, write_planned(planned))

    def plan_save(self) -> PlannedSave:
        """What a save writes now (a copy: the draft may change while it is written).

        Raises :class:`MsdError` while the file cannot be used or a field is invalid. Over an
        unusable file, the text edit that parses is what is written (nothing else can be
        pending there)."""
        if self.text_edit is not None:
            if self.text_problem is not None:
                raise MsdError(self.text_error_text())
            if self.errors:  # a field of the fix refused by the core
                first = next(iter(self.errors))
                raise MsdError(Text.of("Fix {key} before saving: {error}", key=first,
                                       error=self.errors[first]))
            expected_ = self.fingerprint if self.file.exists else None
            return PlannedSave(self.path, self.replacement(), expected_, {}, self.text_edit)
        if self.load_error is not None:
            raise MsdError(Text.of("Cannot save: {error}", error=self.load_error))
        if self.errors:
            first = next(iter(self.errors))
            raise MsdError(Text.of("Fix {key} before saving: {error}", key=first,
                                   error=self.errors[first]))
        expected: Fingerprint | None = self.fingerprint if self.file.exists else None
        return PlannedSave(self.path, self.result_data(), expected, dict(self.pending))

    def finish_save(self, planned: PlannedSave, fingerprint: Fingerprint) -> SaveResult:
        """After :func:`write_planned`: read the file again and drop the pending edits that
        were written; an edit made while the file was written stays pending."""
        self.file = read_json_file(self.path)
        for key, value in planned.pending.items():
            now = self.pending.get(key, MISSING)
            if now is value or (now is not MISSING and _same_json(now, value)):
                del self.pending[key]
                self.errors.pop(key, None)
        keys = list(planned.pending)
        if planned.text is not None:
            keys.append(TEXT_KEY)
            if self.text_edit == planned.text:
                self.text_edit = None
        self.recheck_text()
        self._notify()
        return SaveResult(keys, fingerprint)

    def reload(self, *, keep_mine: bool = False) -> None:
        """Read the file again; ``keep_mine`` keeps the pending edits on top of the new content."""
        self.file = read_json_file(self.path)
        if not keep_mine:
            self.pending.clear()
            self.errors.clear()
            self.text_edit = None
            self.text_problem = None
        else:
            self.recheck_text()
            for key in [k for k, v in self.pending.items() if k not in self.errors]:
                value = self.pending[key]
                current = self.file_value(key)
                if (value is UNSET and current is MISSING) or (
                    value is not UNSET and current is not MISSING and _same_json(value, current)
                ):
                    del self.pending[key]
        self._notify()

    def disk_text(self) -> str:
        """The file's current text on disk (for "Keep mine": what would be overwritten)."""
        try:
            from msd_desktop.core.common.safe_read import read_text

            return read_text(self.path, "config", errors="strict")
        except OSError:
            return ""


def _same_json(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


class DraftBook:
    """The open edit sessions' drafts, one per file, kept while the window lives.

    Why: switching project, workstream or scope must not drop what was typed (editors keep a
    tab's unsaved text alive the same way). Opening the same file again returns the same draft,
    pending edits included; a draft with nothing pending is re-read when the file changed
    meanwhile. ``dirty()`` is what the window asks before it quits.
    """

    def __init__(self) -> None:
        self._drafts: dict[Path, ConfigDraft] = {}

    def open(self, path: Path) -> ConfigDraft:
        key = Path(path)
        draft = self._drafts.get(key)
        if draft is None:
            draft = self._drafts[key] = ConfigDraft(key)
        elif not draft.dirty and draft.changed_on_disk():
            draft.reload()
        return draft

    def get(self, path: Path) -> ConfigDraft | None:
        return self._drafts.get(Path(path))

    def drafts(self) -> list[ConfigDraft]:
        return list(self._drafts.values())

    def dirty(self) -> list[ConfigDraft]:
        """The drafts with unsaved edits, in the order they were opened."""
        return [d for d in self._drafts.values() if d.dirty]

    def dirty_under(self, root: Path) -> list[ConfigDraft]:
        """The dirty drafts of files inside ``root`` (a project's own and workstream files)."""
        base = Path(root)
        return [d for d in self.dirty() if d.path.is_relative_to(base)]


# ---- sharing drafts with the Models tab ---------------------------------------------------

_DRAFTS: dict[Path, tuple[Scope, ConfigDraft]] = {}


def register_draft(root: Path, scope: Scope, draft: ConfigDraft) -> None:
    """The Settings tab announces its current draft so the Models tab's what-if can apply it."""
    _DRAFTS[Path(root)] = (scope, draft)


def unregister_draft(root: Path, draft: ConfigDraft) -> None:
    entry = _DRAFTS.get(Path(root))
    if entry is not None and entry[1] is draft:
        del _DRAFTS[Path(root)]


def draft_for(root: Path) -> tuple[Scope, ConfigDraft] | None:
    """The Settings draft of a project (scope, draft), if its tab is open."""
    return _DRAFTS.get(Path(root))


# ---- the equivalent command line (the form's "Copy as msd config-set") ----------------------


def config_set_commands(key: str, value: Any) -> list[str]:
    """The ``msd config-set`` lines that would make ``key`` hold ``value`` (shell-quoted).

    The value argument is the shortest text ``config-set`` coerces back to exactly ``value``
    (a string that would read as a number or JSON is passed as JSON); a group key becomes one
    line per child; ``MISSING`` becomes ``KEY null`` (config-set's "unset"). A secret key never
    gets a value on the command line: see :func:`secret_command`.
    """
    import json
    import shlex

    if schema.is_secret(key) and not isinstance(value, bool) and value is not MISSING:
        return [secret_command(key)]
    if key in GROUP_KEYS and isinstance(value, dict):
        return [line for child, v in _flatten(key, value) for line in config_set_commands(child, v)]
    if value is MISSING or value is None:
        raw = "null"
    else:
        vt = schema.value_type_for(key) or schema.AnyType()
        as_json = json.dumps(value, ensure_ascii=False)
        candidates = [value, as_json] if isinstance(value, str) else [as_json]
        raw = next((c for c in candidates if _reads_back(vt, c, value)), as_json)
    return [f"msd config-set {shlex.quote(key)} {shlex.quote(raw)}"]


def _reads_back(vt: schema.ValueType, raw: str, value: Any) -> bool:
    try:
        return _same_json(vt.from_str(raw), value)
    except Exception:  # an odd coercion: try the next spelling
        return False


def secret_command(key: str) -> str:
    """How to set a secret from a terminal without it appearing in a command line or history."""
    import shlex

    return f"msd secrets set {shlex.quote(key)} --stdin"
