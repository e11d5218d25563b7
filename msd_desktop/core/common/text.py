"""A user-facing message that is a plain ``str`` and still knows how it was made.

Why: the command line prints the core's messages verbatim in English (scripts read them, and
the differential tests compare them with upstream's), while the window shows them in the
person's language. A :class:`Text` is the English string itself — every caller that compares,
joins or prints it keeps working unchanged — and it also keeps its English ``template`` and the
``params`` that filled it, so the window can look the template up in its translation catalogue
and fill the translation with the same values. Params may be :class:`Text` themselves (a parse
error inside "Failed to read config.json: …"); the window translates those too.

Templates use :meth:`str.format` fields (``{name}``, ``{name!r}``, ``{name:.1f}``) and are
written as a string literal at the call site (``Text.of("…", …)``), which is how the
translation refresh finds them. Pure Python: the core never imports Qt.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any


class Text(str):
    """An English message (the ``str`` value) with its ``template`` and ``params``."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any] | None = None) -> Text:
        values = dict(params or {})
        self = super().__new__(cls, template.format(**values) if values else template)
        self.template = template
        self.params = values
        return self

    @classmethod
    def of(cls, template: str, /, **params: Any) -> Text:
        """The message ``template.format(**params)``; a template without params is kept as is
        (so it may hold literal braces)."""
        # the resolvers make a reason per layer and agent: no second dict, no extra call
        self = str.__new__(cls, template.format_map(params) if params else template)
        self.template = template
        self.params = params
        return self

    def map_params(self, change: Callable[[str], str]) -> Text:
        """The same message with ``change`` applied to every text-like param, nested ones
        included (a path shortened for a list whose rows already name the project)."""
        def one(value: Any) -> Any:
            if isinstance(value, Text):
                return value.map_params(change)
            if isinstance(value, str | os.PathLike):
                return change(str(value))
            return value

        return Text(self.template, {k: one(v) for k, v in self.params.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        # the str value alone would lose the template; rebuild from template and params
        return (Text, (self.template, dict(self.params)))


def plural(n: int, one: Text, many: Text) -> Text:
    """``one`` when ``n`` is 1, else ``many`` — both written as literals at the call site so
    each reaches the translators (``plural(n, Text.of("{n} plan", n=n), Text.of("{n} plans",
    n=n))``)."""
    return one if n == 1 else many


__all__ = ["Text", "plural"]
