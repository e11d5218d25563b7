"""The Settings form's editors: a registry keyed by the schema's widget kind, plus a tiny hints map.

Why a registry: the form is generated, never hand-written per key (STYLE item 7). Each
:class:`ValueEditor` shows one key's value and reports what the person chose through
``edited(value)``. The value forms it emits:

* a JSON value (``bool``, ``int``/``float``, ``str``, ``list``, ``dict``) — to be validated by
  the core (``config_set.validate_value``) in the draft;
* ``None`` — remove the key from the file (back to the default / the next layer);
* :class:`InvalidInput` — text that cannot even become a value (bad JSON, a number that is not
  a number, a skill path leaving the project); the draft records its message as the field's
  error and refuses to save.

``set_value(MISSING)`` shows "not set" (the default appears as placeholder or hint). Editors
never validate against schema rules themselves — the only local checks are parse errors and the
``agent_skills`` path check (paths must stay inside the project), which is the core's
``skill_paths.validate_skill_path``.

The editors themselves live by what they edit: :mod:`.scalar_editors` (one value),
:mod:`.table_editors` (maps of agents to values), :mod:`.review_editors` (reviewers, PR body
sections), :mod:`.pattern_group_editor` and :mod:`.editors_runtime` (runtime × tier). This
module is the registry and keeps the names its callers import from here.

"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from msd_desktop.core.config import schema
from msd_desktop.core.config.draft import GROUP_KEYS, PATTERN_GROUPS
from msd_desktop.ui.widgets.editor_base import FieldSpec as FieldSpec
from msd_desktop.ui.widgets.editor_base import ValueEditor as ValueEditor
from msd_desktop.ui.widgets.editor_base import display as display
from msd_desktop.ui.widgets.editor_base import field_spec as field_spec
from msd_desktop.ui.widgets.editor_base import runtime_tier_columns
from msd_desktop.ui.widgets.editor_base import schema_text as schema_text
from msd_desktop.ui.widgets.pattern_group_editor import PatternGroupEditor as PatternGroupEditor
from msd_desktop.ui.widgets.review_editors import PrSectionsEditor, ReviewersEditor
from msd_desktop.ui.widgets.scalar_editors import CheckEditor as CheckEditor
from msd_desktop.ui.widgets.scalar_editors import ComboEditor as ComboEditor
from msd_desktop.ui.widgets.scalar_editors import JsonEditor, SecretSentinelEditor, StringListEditor
from msd_desktop.ui.widgets.scalar_editors import LineEditor as LineEditor
from msd_desktop.ui.widgets.scalar_editors import SpinEditor as SpinEditor
from msd_desktop.ui.widgets.table_editors import AgentSkillsEditor as AgentSkillsEditor
from msd_desktop.ui.widgets.table_editors import AgentValuesEditor
from msd_desktop.ui.widgets.table_editors import ModelOverridesEditor as ModelOverridesEditor

EditorFactory = Callable[[FieldSpec, Path | None], ValueEditor]

EDITORS: dict[str, EditorFactory] = {
    "check": lambda s, _r: CheckEditor(s),
    "combo": lambda s, _r: ComboEditor(s),
    "spin": lambda s, _r: SpinEditor(s),
    "number": lambda s, _r: SpinEditor(s),
    "line": lambda s, _r: LineEditor(s),
    "list": lambda s, _r: StringListEditor(s),
    "map": lambda s, _r: JsonEditor(s),
    "json": lambda s, _r: JsonEditor(s),
}
"""Widget kind (``ValueType.widget``) → editor."""


def _runtime_tiers_editor(spec: FieldSpec, _root: Path | None) -> ValueEditor:
    from msd_desktop.ui.widgets.editors_runtime import RuntimeTiersEditor  # on first use (start-up)

    return RuntimeTiersEditor(spec)


RUNTIME_TIER_GROUPS: tuple[str, ...] = tuple(
    group for group in GROUP_KEYS if runtime_tier_columns(group) is not None
)
"""Group keys shaped ``<group>.<runtime>.<tier>`` (model_profile_overrides, the policy's copy)."""

HINTS: dict[str, EditorFactory] = {
    "model_overrides": lambda s, _r: ModelOverridesEditor(s),
    "agent_skills": lambda s, r: AgentSkillsEditor(s, root=r),
    "ship.pr_body_sections": lambda s, _r: PrSectionsEditor(s),
    "review.default_reviewers": lambda s, _r: ReviewersEditor(s),
    "effort.agent_overrides": lambda s, _r: AgentValuesEditor(
        s, QCoreApplication.translate("SettingsEditors", "Effort"), schema.EFFORT_LEVELS),
    "fast_mode.agent_overrides": lambda s, _r: AgentValuesEditor(
        s, QCoreApplication.translate("SettingsEditors", "Fast mode"), (True, False)),
    **{group: (lambda s, _r: PatternGroupEditor(s)) for group in PATTERN_GROUPS},
    **dict.fromkeys(RUNTIME_TIER_GROUPS, _runtime_tiers_editor),
}
"""The odd keys whose value is structured enough to deserve its own editor."""


def create_editor(spec: FieldSpec, root: Path | None = None) -> ValueEditor:
    """The editor for one key: a hint, the secret editor, or the widget kind's editor."""
    if spec.key in HINTS:
        return HINTS[spec.key](spec, root)
    if spec.secret:
        return SecretSentinelEditor(spec)
    return EDITORS.get(spec.widget, EDITORS["json"])(spec, root)
