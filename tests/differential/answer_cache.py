"""Upstream's answers to read-only cases, kept between runs beside the upstream install.

The generated examples are derandomized, so every run asks upstream the same questions: the
same arguments on the same files. Upstream's answer to such a question is a function of it,
so the batch driver computes it once and later runs read it back, one file per batch. A batch
is only cached when its caller says its cases write nothing and read only under one folder per
case (``base``, where ``materialize`` lays out a project and its HOME); the key is a digest
of everything such a case could read:

* the upstream package and version, the driver's source and this format's number;
* the arguments, the working folder and the environment, with ``base`` written as a
  placeholder (each run has its own temporary folders) — except ``PATH``, which names the
  checkout's ``.venv``: the cached verbs start one program, ``git check-ignore`` on
  ``.planning``, whose answer does not change theirs;
* every entry under ``base``: its path, its kind and its bytes (or a link's target);
* for each folder above ``base``, whether it holds a ``.planning`` or a ``.git`` (a project
  root or a repository found by walking up).

The answer is stored with ``base`` written as the same placeholder and put back on reading.
A changed file, argument or upstream gives another key, so a stale answer cannot be read; an
entry that does not read back as the answers of its own key is ignored and asked again.
An answer read back is touched; answers nobody read for :data:`KEEP_DAYS` days (those of an
older driver or of examples no test asks any more) are removed when a run opens the cache.
``MSD_DIFF_CACHE=0`` asks upstream every time; random exploration (``MSD_DIFF_RANDOM``)
reads and keeps nothing. ``test_fast_paths.py`` compares the real CLI with the driver
directly, never through this cache.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

FORMAT = 3
KEEP_DAYS = 30
PLACEHOLDER = "\x00base\x00"

Answer = tuple[int, str, str]


def enabled() -> bool:
    random = os.environ.get("MSD_DIFF_RANDOM", "") not in ("", "0")
    return not random and os.environ.get("MSD_DIFF_CACHE", "1") not in ("0", "")


def tree(base: Path) -> list[tuple[str, str, str]]:
    """Every entry under ``base`` (links not followed): path, kind, content digest."""
    entries: list[tuple[str, str, str]] = []
    for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
        dirnames.sort()
        for name in sorted([*dirnames, *filenames]):
            path = Path(dirpath) / name
            rel = str(path.relative_to(base))
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                entries.append((rel, "link", os.readlink(path)))
            elif stat.S_ISREG(info.st_mode):
                entries.append((rel, "file", hashlib.sha256(path.read_bytes()).hexdigest()))
            elif stat.S_ISDIR(info.st_mode):
                entries.append((rel, "dir", ""))
            else:
                entries.append((rel, f"mode-{stat.S_IFMT(info.st_mode)}", ""))
    return entries


def _above(base: Path) -> list[tuple[bool, bool]]:
    return [((p / ".planning").exists(), (p / ".git").exists()) for p in base.parents]


def _hide(text: str, base: Path) -> str:
    return text.replace(str(base), PLACEHOLDER)


class AnswerCache:
    """Answers by key in ``folder`` (one small JSON file per batch, written atomically)."""

    def __init__(self, folder: Path, identity: Sequence[str]) -> None:
        self.folder = folder
        self.identity = [str(FORMAT), *identity]

    def prune(self, now: float, keep_days: float = KEEP_DAYS) -> int:
        """Remove the answers nobody read or wrote for ``keep_days``; how many went."""
        oldest = now - keep_days * 86400
        gone = 0
        try:
            shards = list(os.scandir(self.folder))
        except OSError:
            return 0
        for shard in shards:
            if not shard.is_dir(follow_symlinks=False):
                continue
            try:
                entries = list(os.scandir(shard.path))
            except OSError:
                continue
            for entry in entries:
                try:
                    if entry.is_file(follow_symlinks=False) and \
                            entry.stat(follow_symlinks=False).st_mtime < oldest:
                        os.unlink(entry.path)
                        gone += 1
                except OSError:
                    continue
        return gone

    def _context(self, cwd: Path, env: dict[str, str], base: Path) -> str | None:
        """A digest of what a case reads besides its arguments; None when ``base`` is
        reached through a link (an answer could spell it either way)."""
        if os.path.realpath(base) != str(base):
            return None
        hidden_env = {k: _hide(v, base) for k, v in sorted(env.items()) if k != "PATH"}
        text = json.dumps([self.identity, _hide(str(cwd), base), hidden_env, tree(base),
                           _above(base)])
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    def key(self, args: Sequence[str], cwd: Path, env: dict[str, str], base: Path) -> str | None:
        """The case's key (None: not to be kept)."""
        context = self._context(cwd, env, base)
        if context is None:
            return None
        return hashlib.sha256(json.dumps([context, list(args)]).encode("ascii")).hexdigest()

    def keys(self, cases: Iterable[tuple[Sequence[str], Path, dict[str, str]]]
             ) -> list[str | None]:
        """Each case's key, ``base`` being its working folder's parent; the folders a batch
        shares are read once."""
        contexts: dict[tuple[str, tuple[tuple[str, str], ...]], str | None] = {}
        out: list[str | None] = []
        for args, cwd, env in cases:
            seen = (str(cwd), tuple(sorted(env.items())))
            if seen not in contexts:
                contexts[seen] = self._context(cwd, env, cwd.parent)
            context = contexts[seen]
            out.append(None if context is None else hashlib.sha256(
                json.dumps([context, list(args)]).encode("ascii")).hexdigest())
        return out

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    @staticmethod
    def batch_key(keys: Sequence[str | None]) -> str | None:
        """One key for a batch of cases (answers are kept per batch: one file, not dozens)."""
        if not keys or any(key is None for key in keys):
            return None
        return hashlib.sha256(",".join(str(key) for key in keys).encode("ascii")).hexdigest()

    def load(self, key: str, bases: Sequence[Path]) -> list[Answer] | None:
        """The batch's answers, each with its own folder put back; None when not kept (or
        kept in a form this code does not read back exactly)."""
        try:
            data = json.loads(self._path(key).read_text(encoding="ascii"))
            if data["key"] != key or len(data["answers"]) != len(bases):
                return None
            answers = []
            for a, base in zip(data["answers"], bases, strict=True):
                code, out, err = a["code"], a["stdout"], a["stderr"]
                if type(code) is not int or not isinstance(out, str) or not isinstance(err, str):
                    return None
                answers.append((code, out.replace(PLACEHOLDER, str(base)),
                                err.replace(PLACEHOLDER, str(base))))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None
        with contextlib.suppress(OSError):
            os.utime(self._path(key))  # still asked: kept by prune
        return answers

    def store(self, key: str, bases: Sequence[Path], answers: Sequence[Answer]) -> None:
        """Keep the answers unless one names its folder in a way that would not read back."""
        hidden = []
        for (code, out, err), base in zip(answers, bases, strict=True):
            if PLACEHOLDER in out + err:
                return
            hidden.append({"code": code, "stdout": _hide(out, base), "stderr": _hide(err, base)})
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"key": key, "answers": hidden})
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".answers-")
        try:
            with os.fdopen(fd, "w", encoding="ascii") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
