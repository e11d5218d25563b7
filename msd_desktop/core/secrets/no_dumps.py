"""A process that holds a secret in memory writes no core dump of it.

Why: a core dump is the process's memory in a file. ``msd run`` reads every API key from the
keyring before it starts the command, and the window holds a key's plaintext after Reveal and
while a key is being typed; a crash (or ``kill -QUIT``, or ``gcore`` by the same user) would
leave that plaintext in a core file, often collected by ``systemd-coredump`` or ``apport`` for
weeks. So such a process calls :func:`disable_core_dumps` before it holds the secret:

* ``RLIMIT_CORE`` 0, soft and hard: no core file, and a command ``msd run`` starts inherits the
  limit (it holds the keys in its environment) and cannot raise it again;
* ``prctl(PR_SET_DUMPABLE, 0)`` (Linux): no core dump whatever the limit or ``core_pattern``,
  and no ``ptrace`` attach or ``/proc/<pid>/mem`` read by other processes of the same user.
  It is a call of libc's ``prctl`` through ``ctypes`` — nothing in the interpreter is changed.

Both are one-way for the process, which is the point. Elsewhere (macOS, Windows) what exists
is done and the rest reported as not done; nothing raises.
"""

from __future__ import annotations

import sys

__all__ = ["DumpProtection", "disable_core_dumps"]

# <linux/prctl.h>
_PR_SET_DUMPABLE = 4


class DumpProtection:
    """What :func:`disable_core_dumps` achieved: ``core_limit_zero``, ``not_dumpable``, and the
    reason for each part that could not be done (empty when both were)."""

    __slots__ = ("core_limit_zero", "not_dumpable", "problems")

    def __init__(self, core_limit_zero: bool, not_dumpable: bool, problems: list[str]) -> None:
        self.core_limit_zero = core_limit_zero
        self.not_dumpable = not_dumpable
        self.problems = problems

    def __repr__(self) -> str:
        return (f"DumpProtection(core_limit_zero={self.core_limit_zero}, "
                f"not_dumpable={self.not_dumpable}, problems={self.problems!r})")


def _zero_core_limit() -> str | None:
    try:
        import resource
    except ImportError:  # Windows: no core files to begin with
        return "no RLIMIT_CORE on this platform"
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    except (OSError, ValueError) as exc:
        return f"RLIMIT_CORE: {exc}"
    return None


def _not_dumpable() -> str | None:
    if not sys.platform.startswith("linux"):
        return "PR_SET_DUMPABLE exists on Linux only"
    import ctypes
    import os

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        result = libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)
    except (OSError, AttributeError) as exc:
        return f"prctl: {exc}"
    if result != 0:
        return f"prctl(PR_SET_DUMPABLE): {os.strerror(ctypes.get_errno())}"
    return None


def disable_core_dumps() -> DumpProtection:
    """Make this process (and what it starts afterwards) write no core dump; idempotent."""
    limit_problem = _zero_core_limit()
    dumpable_problem = _not_dumpable()
    problems = [p for p in (limit_problem, dumpable_problem) if p is not None]
    return DumpProtection(limit_problem is None, dumpable_problem is None, problems)
