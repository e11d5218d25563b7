"""Exceptions of the core. The message of an :class:`MsdError` is the exact user-facing text.

The CLI prints ``Error: <message>`` and exits 1; the window shows the message next to the field.
"""

from __future__ import annotations


class MsdError(Exception):
    """A user-facing error whose ``str()`` is the exact message to show.

    ``hint`` is an optional second line (a "did you mean"): the CLI prints it after the
    ``Error:`` line, so the error line itself stays upstream's, word for word.
    """

    hint: str | None = None

    @property
    def message(self) -> str:
        """The message as raised: a :class:`~msd_desktop.core.common.text.Text` keeps its
        template, so the window can translate it."""
        if not self.args:
            return ""
        first = self.args[0]
        return first if isinstance(first, str) else str(first)


class ConflictError(MsdError):
    """The file changed on disk since it was read; the write was refused."""


class LockTimeoutError(MsdError):
    """The planning lock could not be acquired within its timeout."""


class KeyringUnavailableError(MsdError):
    """No usable OS keyring; secrets cannot be stored without an explicit fallback."""
