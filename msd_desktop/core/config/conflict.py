"""What "Keep mine" would write when the file changed on disk under pending edits (Qt-free).

Why a three-way view: diffing the whole old draft against the new file makes every outside
change look as if saving would undo it, although Keep mine applies only the pending edits on top
of the new file. The truthful picture has four documents:

* **base** — the file as the draft read it;
* **theirs** — the file on disk now (read through the core's safe reader);
* **mine** — base with the pending edits (what Save would have written before the change);
* **result** — theirs with the pending edits the person keeps: what Keep mine then Save writes.

A key is a *conflict* when the person changed it and the disk changed it too, to something
else; each conflict has a choice, ``Side.MINE`` (the default, what Keep mine always did) or
``Side.THEIRS`` (drop that edit). Keys changed only on disk are never touched. The pending edits
are applied as :meth:`ConfigDraft.result_data` applies them (one function, tested equal).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from enum import Enum
from pathlib import Path
from typing import Any, NamedTuple

from msd_desktop.core.common.js_json import same_json_value
from msd_desktop.core.common.jsonfile import dump_json, read_json_file
from msd_desktop.core.common.key_paths import get_path
from msd_desktop.core.config.draft import UNSET, ConfigDraft, apply_pending
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.secrets.masking import mask, mask_document

__all__ = [
    "KeyMerge",
    "MergePreview",
    "Side",
    "apply_pending",
    "masked_value",
    "merge_preview",
    "preview_for_draft",
]


class Side(Enum):
    """Whose value a conflicting key keeps."""

    MINE = "mine"
    THEIRS = "theirs"


class KeyMerge(NamedTuple):
    """One key of the merge: its value in each document (``MISSING`` when absent)."""

    key: str
    base: Any
    theirs: Any
    mine: Any
    result: Any
    mine_changed: bool  # a pending edit (valid) of this key
    disk_changed: bool  # base and theirs differ here
    conflict: bool  # both changed, to different values
    choice: Side  # what the result keeps (MINE for keys only I changed)
    invalid: bool = False  # a pending edit with an error: not applied (Save is blocked)


class MergePreview(NamedTuple):
    """The four documents and the keys that differ between them."""

    base: dict[str, Any]
    theirs: dict[str, Any] | None  # None when the file on disk cannot be used
    mine: dict[str, Any]
    result: dict[str, Any] | None
    keys: list[KeyMerge]
    theirs_error: str | None = None

    @property
    def conflicts(self) -> list[str]:
        return [k.key for k in self.keys if k.conflict]

    @property
    def disk_only(self) -> list[str]:
        return [k.key for k in self.keys if k.disk_changed and not k.mine_changed]

    @property
    def dropped(self) -> list[str]:
        """Pending keys the result does not apply (chosen theirs)."""
        return [k.key for k in self.keys if k.mine_changed and k.choice is Side.THEIRS]

    def text(self, which: str, secret_keys: Any) -> str:
        """One document (``base``/``theirs``/``mine``/``result``) as masked JSON text."""
        data = getattr(self, which)
        if data is None:
            return ""
        masked, _ = mask_document(data, secret_keys)
        return dump_json(masked)

    def result_diff(self, secret_keys: Any, name: str = "config.json",
                    headers: tuple[str, str] | None = None) -> list[str]:
        """What Keep mine changes in the file on disk now: theirs → result, masked.

        ``headers``: the two file lines' names (the window passes them in its language);
        English ``<name> (on disk now)`` / ``<name> (after Keep mine)`` by default."""
        if self.theirs is None or self.result is None:
            return []
        before, after = headers or (f"{name} (on disk now)", f"{name} (after Keep mine)")
        return list(
            difflib.unified_diff(
                self.text("theirs", secret_keys).splitlines(),
                self.text("result", secret_keys).splitlines(),
                fromfile=before, tofile=after, lineterm="", n=3,
            )
        )


def _value(data: Mapping[str, Any] | None, key: str) -> Any:
    if data is None:
        return MISSING
    found, value = get_path(data, key)
    return value if found else MISSING


def _leaf_changes(before: Any, after: Any, prefix: str = "") -> Iterator[str]:
    """Dotted leaf paths that differ (objects descended into)."""
    b = before if isinstance(before, dict) else {}
    a = after if isinstance(after, dict) else {}
    for name in list(b) + [n for n in a if n not in b]:
        path = f"{prefix}{name}"
        old, new = b.get(name, MISSING), a.get(name, MISSING)
        if isinstance(old, dict) and isinstance(new, dict):
            yield from _leaf_changes(old, new, path + ".")
        elif not same_json_value(old, new):
            yield path


def _covers(key: str, path: str) -> bool:
    return path == key or path.startswith(key + ".") or key.startswith(path + ".")


def merge_preview(
    base: Mapping[str, Any],
    theirs: Mapping[str, Any] | None,
    pending: Mapping[str, Any],
    errors: Any = (),
    choices: Mapping[str, Side] | None = None,
    *,
    theirs_error: str | None = None,
) -> MergePreview:
    """The three-way picture for ``pending`` edits made on ``base`` while disk became ``theirs``.

    ``errors``: pending keys that are invalid (not applied, as the draft skips them);
    ``choices``: per conflicting key, which side wins (default ``Side.MINE``).
    """
    choices = dict(choices or {})
    base = dict(base)
    mine = apply_pending(base, pending, errors)
    rows: list[KeyMerge] = []
    dropped: set[str] = set()
    staged: list[tuple[str, Any, bool, bool, bool]] = []
    for key, value in pending.items():
        invalid = key in errors
        mine_value = _value(mine, key) if not invalid else (
            MISSING if value is UNSET else value
        )
        base_value, theirs_value = _value(base, key), _value(theirs, key)
        disk_changed = theirs is not None and not same_json_value(base_value, theirs_value)
        conflict = (not invalid and disk_changed
                    and not same_json_value(_value(apply_pending(theirs or {}, {key: value}), key),
                                  theirs_value))
        if conflict and choices.get(key) is Side.THEIRS:
            dropped.add(key)
        staged.append((key, mine_value, disk_changed, conflict, invalid))
    result = None if theirs is None else apply_pending(theirs, pending, set(errors) | dropped)
    for key, mine_value, disk_changed, conflict, invalid in staged:
        rows.append(KeyMerge(
            key, _value(base, key), _value(theirs, key), mine_value, _value(result, key),
            mine_changed=not invalid, disk_changed=disk_changed, conflict=conflict,
            choice=Side.THEIRS if key in dropped else Side.MINE, invalid=invalid,
        ))
    if theirs is not None:
        for path in _leaf_changes(base, theirs):
            if any(_covers(key, path) for key in pending):
                continue
            rows.append(KeyMerge(
                path, _value(base, path), _value(theirs, path), _value(mine, path),
                _value(result, path), mine_changed=False, disk_changed=True, conflict=False,
                choice=Side.THEIRS,
            ))
    return MergePreview(base, None if theirs is None else dict(theirs), mine, result, rows,
                        theirs_error)


def preview_for_draft(
    draft: ConfigDraft, choices: Mapping[str, Side] | None = None, path: Path | None = None
) -> MergePreview:
    """The picture for a draft and its file on disk now (read through the safe reader)."""
    file = read_json_file(path or draft.path)
    if file.error is not None:
        theirs, error = None, file.error.message
    elif not file.exists:
        theirs, error = {}, None
    else:
        theirs, error = (file.data if isinstance(file.data, dict) else {}), None
    return merge_preview(draft.data, theirs, draft.pending, set(draft.errors), choices,
                         theirs_error=error)


def masked_value(key: str, value: Any, secret_keys: Any, limit: int = 80) -> str:
    """One value as the conflict view's table shows it: JSON, a secret masked, cut to ``limit``."""
    if value is MISSING:
        return "(not set)"
    top = key.split(".", 1)[0]
    if isinstance(value, str) and value and (key in secret_keys or top in secret_keys):
        return mask(value)
    text = dump_json(value).strip()
    if isinstance(value, (dict, list)):
        text = " ".join(text.split())  # one line
    return text if len(text) <= limit else text[: limit - 1] + "…"
