"""The Models tab's what-if controls: runtime, profile, effort, attempt and the Settings draft.

Why its own piece: the controls, their words (tooltips, accessible names, the "as configured"
items that say what is configured) and what they stand for (a ``WhatIf``, the settings to
stage, a key that says whether anything changed) belong together; the panel only lays the
three rows out, recomputes when ``changed`` fires and shows the summary it is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
)

from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.models.execution import EFFORT_LEVELS
from msd_desktop.core.models.ladder import WhatIf
from msd_desktop.ui.models.whatif_copy import AS_CONFIGURED, PROFILES
from msd_desktop.ui.widgets.plain_text import plain_label, visible

COMBO_MIN_WIDTH = 100  # px; the what-if combos shrink to this in a narrow window
COPY_JSON_KEYS = "Ctrl+Shift+C"  # Copy as JSON, anywhere in the tab


class WhatIfBar(QObject):
    """The what-if's widgets in three rows (``rows``), and what their choices mean."""

    changed = Signal()  # any choice changed (the draft box included)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(self.tr("What if"))
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        cat = load_catalog()
        self.runtime_combo = QComboBox()
        self.runtime_combo.addItem(self.tr("runtime: as configured"), AS_CONFIGURED)
        for runtime in cat.known_runtimes:
            self.runtime_combo.addItem(self.tr("runtime: {0}").format(runtime), runtime)
        self.profile_combo = QComboBox()
        self.profile_combo.addItem(self.tr("profile: as configured"), AS_CONFIGURED)
        for profile in PROFILES:
            self.profile_combo.addItem(self.tr("profile: {0}").format(profile), profile)
        self.attempt_spin = QSpinBox()
        self.attempt_spin.setRange(0, 20)
        self.attempt_spin.setPrefix(self.tr("attempt: "))
        self.attempt_spin.setSpecialValueText(self.tr("attempt: none"))
        self.effort_combo = QComboBox()
        self.effort_combo.addItem(self.tr("effort: no override"), None)
        for level in EFFORT_LEVELS:
            self.effort_combo.addItem(self.tr("effort: {0}").format(level), level)
        self.draft_check = QCheckBox(self.tr("Apply unsaved Settings &draft"))
        self.reset_button = QPushButton(self.tr("Re&set"))
        self.apply_button = QPushButton(self.tr("Appl&y to settings"))
        self.apply_button.setObjectName("ApplyWhatIfButton")
        self.apply_button.setEnabled(False)
        for combo in (self.runtime_combo, self.profile_combo, self.effort_combo):
            # as wide as every item when there is room (no clipped "as configu…"), yet able to
            # shrink: this tab's minimum width must not force a narrow window wider
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setMinimumWidth(COMBO_MIN_WIDTH)
        self.summary_label = plain_label(QLabel())  # a long summary wraps
        self.summary_label.setWordWrap(True)
        self.rows = self._rows()
        self.runtime_combo.currentIndexChanged.connect(self.changed)
        self.profile_combo.currentIndexChanged.connect(self.changed)
        self.attempt_spin.valueChanged.connect(self.changed)
        self.effort_combo.currentIndexChanged.connect(self.changed)
        self.draft_check.toggled.connect(self.changed)
        self._describe()

    def _rows(self) -> tuple[QHBoxLayout, QHBoxLayout, QHBoxLayout]:
        first = QHBoxLayout()
        first.addWidget(self.title)
        for widget in (self.runtime_combo, self.profile_combo):
            first.addWidget(widget)
        first.addStretch(1)
        second = QHBoxLayout()  # a second row: three combos side by side clip in a narrow window
        second.addWidget(self.effort_combo)
        second.addWidget(self.attempt_spin)
        second.addWidget(self.draft_check)
        second.addWidget(self.reset_button)
        second.addStretch(1)
        # the summary under the what-if it applies, beside the button: both rows above are
        # full in a narrow window (in Portuguese the combos and the button were cut there)
        third = QHBoxLayout()
        third.addWidget(self.summary_label, 1)
        third.addStretch(0)  # (the room when there is no summary: the button keeps its size)
        self.apply_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        third.addWidget(self.apply_button, 0, Qt.AlignmentFlag.AlignTop)
        return first, second, third

    def _describe(self) -> None:
        """Tooltips (with their keys) and accessible names, in the window's language."""
        self.runtime_combo.setToolTip(self.tr("Resolve as if config.json named this runtime "
                                              "(Alt+U)"))
        self.profile_combo.setToolTip(self.tr("Resolve as if config.json named this model "
                                              "profile (Alt+P)"))
        self.effort_combo.setToolTip(self.tr("Resolve as if the agent were started with "
                                             "--effort (ignored with an attempt number, as "
                                             "upstream) (Alt+O)"))
        self.attempt_spin.setToolTip(self.tr("Retry attempt number: dynamic routing escalates "
                                             "the tier and effort on failed attempts (Alt+A)"))
        self.draft_check.setToolTip(self.tr("Resolve with the Settings tab's unsaved edits, on "
                                            "a copy: nothing is written (Alt+D)"))
        self.reset_button.setToolTip(self.tr("Back to the project as it is on disk (Alt+S)"))
        self.apply_button.setToolTip(self.tr(
            "Put the what-if's runtime and profile into this project's Settings draft as one "
            "undo step; nothing is written until you save (Alt+Y). Effort and attempt are not "
            "settings: they stay here"))
        names = (
            (self.runtime_combo, self.tr("What-if runtime")),
            (self.profile_combo, self.tr("What-if model profile")),
            (self.effort_combo, self.tr("What-if effort override")),
            (self.attempt_spin, self.tr("What-if retry attempt number")),
            (self.draft_check, self.tr("Apply the unsaved Settings draft")),
            (self.reset_button, self.tr("Reset the what-if")),
            (self.apply_button, self.tr("Apply the what-if to the settings")),
        )
        for widget, name in names:
            widget.setAccessibleName(name)
        self.attempt_spin.lineEdit().setAccessibleName(self.tr("What-if retry attempt number"))
        for widget in (self.runtime_combo, self.profile_combo, self.effort_combo,
                       self.attempt_spin):
            widget.setAccessibleDescription(widget.toolTip())

    # ---- what the choices stand for ---------------------------------------------------------

    def runtime(self) -> Any:
        return self.runtime_combo.currentData()

    def profile(self) -> Any:
        return self.profile_combo.currentData()

    def effort(self) -> str | None:
        level = self.effort_combo.currentData()
        return None if level is None else str(level)

    def attempt(self) -> int | None:
        return self.attempt_spin.value() or None

    def draft_wanted(self) -> bool:
        return self.draft_check.isChecked()

    def active(self, has_draft: bool) -> bool:
        """Whether any choice differs from the project as configured (``has_draft``: an
        unsaved draft exists to apply)."""
        return (
            self.runtime() is not AS_CONFIGURED
            or self.profile() is not AS_CONFIGURED
            or self.attempt_spin.value() > 0
            or self.effort() is not None
            or (self.draft_wanted() and has_draft)
        )

    def key(self, draft: tuple[Any, ...]) -> tuple[Any, ...]:
        """The choices as a value: equal keys resolve alike (``draft``: which draft, which
        version of it)."""
        return (self.runtime(), self.profile(), self.attempt_spin.value(), self.effort(),
                *draft)

    def settings(self) -> list[tuple[str, Any]]:
        """The settings the what-if stands for: its runtime and model profile (effort and
        attempt are per-run, not settings)."""
        out: list[tuple[str, Any]] = []
        if self.runtime() is not AS_CONFIGURED:
            out.append(("runtime", self.runtime()))
        if self.profile() is not AS_CONFIGURED:
            out.append(("model_profile", self.profile()))
        return out

    def settings_words(self, changes: list[tuple[str, Any]]) -> str:
        """The name of the undo step that stages ``changes``."""
        words = ", ".join(f"{key} = {value}" for key, value in changes)
        return self.tr("apply the what-if (%1)").replace("%1", words)

    def context(self, base_config: Mapping[str, Any], config: Mapping[str, Any], draft: bool
                ) -> WhatIf:
        """What the what-if changed, so the trace and the diagram credit it (not a file)."""
        runtime, profile = self.runtime(), self.profile()
        return WhatIf(
            base_config=base_config,
            config=config,
            runtime=None if runtime is AS_CONFIGURED else str(runtime),
            profile=None if profile is AS_CONFIGURED else str(profile),
            effort=self.effort(),
            attempt=self.attempt(),
            draft=draft,
        )

    def reset(self) -> None:
        """Every choice back to "as configured", quietly (the caller recomputes)."""
        for widget in (self.runtime_combo, self.profile_combo, self.effort_combo):
            widget.blockSignals(True)
            widget.setCurrentIndex(0)
            widget.blockSignals(False)
        self.attempt_spin.blockSignals(True)
        self.attempt_spin.setValue(0)
        self.attempt_spin.blockSignals(False)
        self.draft_check.blockSignals(True)
        self.draft_check.setChecked(False)
        self.draft_check.blockSignals(False)

    def staged(self) -> None:
        """The runtime and profile went into the draft: show them through it, quietly."""
        for widget in (self.runtime_combo, self.profile_combo):
            widget.blockSignals(True)
            widget.setCurrentIndex(0)
            widget.blockSignals(False)
        self.draft_check.blockSignals(True)
        self.draft_check.setChecked(True)
        self.draft_check.blockSignals(False)

    def configured_words(self, config: Mapping[str, Any], *, in_sentence: bool = False
                         ) -> tuple[str, str]:
        """(runtime, profile) as a config names them, or the defaults that apply (worded for
        a combo item, or for the middle of a sentence)."""
        runtime = config.get("runtime")
        profile = config.get("model_profile")
        if in_sentence:
            default_runtime, default_profile = (self.tr("claude by default"),
                                                self.tr("balanced by default"))
        else:
            default_runtime, default_profile = (self.tr("claude, the default"),
                                                self.tr("balanced, the default"))
        runtime_text = (visible(runtime, limit=60) if isinstance(runtime, str) and runtime
                        else default_runtime)
        profile_text = (visible(profile, limit=60) if isinstance(profile, str) and profile
                        else default_profile)
        return runtime_text, profile_text

    def show_configured(self, config: Mapping[str, Any]) -> None:
        """The "as configured" choices say what is configured (runtime, profile)."""
        runtime_text, profile_text = self.configured_words(config)
        self.runtime_combo.setItemText(
            0, self.tr("runtime: as configured ({0})").format(runtime_text))
        self.profile_combo.setItemText(
            0, self.tr("profile: as configured ({0})").format(profile_text))

    def show_summary(self, text: str | None) -> None:
        """What the what-if changes, or nothing (no empty row under the controls)."""
        self.summary_label.setText(text or "")
        self.summary_label.setHidden(text is None)


def copy_json_key_text() -> str:
    """The Copy as JSON shortcut as this platform writes it."""
    return QKeySequence(COPY_JSON_KEYS).toString(QKeySequence.SequenceFormat.NativeText)
