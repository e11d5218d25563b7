"""A regular expression compiled the first time it is used, not when its module is imported.

Why: a module's patterns are written once at its top, where they are easy to find, but most
runs use few of them (``msd resolve-model`` never parses STATE.md; the window's first paint
parses nothing). :func:`compile` keeps that layout and moves the compile to the first match.

After the first use the compiled pattern's own methods are set on the instance, so later
calls go straight to ``re`` with no wrapper in between. Only ``re``'s public API is used.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

_METHODS = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer")


class LazyPattern:
    """``re.compile(pattern, flags)``, done on the first call of any of its methods."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now when it was not yet)."""
        compiled = re.compile(self.pattern, self.flags)
        for name in _METHODS:  # instance attributes: they take the place of the methods below
            setattr(self, name, getattr(compiled, name))
        return compiled

    def __repr__(self) -> str:
        return f"lazy_re.compile({self.pattern!r}, {self.flags!r})"

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize
              ) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize
                  ) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize
               ) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str,
            count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def subn(self, repl: str | Callable[[re.Match[str]], str], string: str,
             count: int = 0) -> tuple[str, int]:
        return self.compiled().subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled().split(string, maxsplit)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize
                 ) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)


def compile(pattern: str, flags: int = 0) -> LazyPattern:
    """A pattern that compiles itself on first use (``re.compile``'s arguments)."""
    return LazyPattern(pattern, flags)
