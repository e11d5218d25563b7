"""API keys in the OS keyring (spec §3, Appendix B D3/D4): the one module that talks to ``keyring``.

Why a single module: plaintext must never leak into logs, JSON output, error messages or
files by accident. Every function here returns masked values
(:func:`msd_desktop.core.secrets.masking.mask`)
or booleans, except :func:`reveal_secret` (the explicit "give me the plaintext" call) and
:func:`secret_env` / :func:`run_with_secrets`, whose whole job is to hand the keys to a child
process through its environment.

Where a secret can live, highest precedence first (what ``msd run`` exports):

1. the caller's own environment (``BRAVE_API_KEY=… msd run -- …`` — an explicit choice wins);
2. a **project keyring entry**: service ``msd``, username ``<key>@<absolute project root>``
   (the root with symlinks resolved). One service keeps every MSD entry together in the OS
   keyring UI, and the username says plainly which project it belongs to;
3. the **global keyring entry**: service ``msd``, username ``<key>`` (e.g. ``brave_search``);
4. the **file fallback** ``~/.msd/<prefix>_api_key`` (``$MSD_HOME/.msd/…`` when ``MSD_HOME`` is
   set) — upstream-compatible, plaintext at mode 0600, written only on an explicit request;
5. a plaintext string in ``.planning/config.json`` is *detected* (and offered for migration),
   never exported: the runtimes already read that file themselves.

In ``config.json`` a secret key holds the sentinel ``true`` ("available, look in the keyring"),
``false`` (the integration is switched off for this project — :func:`secret_env` then leaves
the key out), ``null``/absent, or — legacy — the plaintext key itself.

The keyring backend is chosen by the ``keyring`` library from the *process* environment
(``PYTHON_KEYRING_BACKEND``, ``keyringrc.cfg``), not from the ``env`` argument; ``env`` here only
locates files (``MSD_HOME``, ``HOME``, ``MSD_PROJECT``). ``keyring`` is imported lazily so the
CLI verbs that do not need it stay fast.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msd_desktop.core.common.errors import KeyringUnavailableError, MsdError
from msd_desktop.core.common.safe_read import read_bytes
from msd_desktop.core.common.text import Text
from msd_desktop.core.secrets.masking import mask

if TYPE_CHECKING:
    from keyring.backend import KeyringBackend

    SECRET_KEYS: tuple[str, ...]
    """The secret config keys (``secret: true`` in ``data/config-schema.json``), schema order."""
    ENV_VARS: Mapping[str, str]
    """Secret key → environment variable, e.g. ``brave_search`` → ``BRAVE_API_KEY``."""
    FILE_NAMES: Mapping[str, str]
    """Secret key → file name under ``~/.msd/``, e.g. ``brave_search`` → ``brave_api_key``."""

SERVICE = "msd"
"""The keyring service name for every MSD entry."""

_PROBE_USER = "__msd_keyring_probe__"

# Upstream (gsd-core bin/lib/config.cjs buildNewProjectConfig) pairs each key with
# `<PREFIX>_API_KEY` and `~/.gsd/<prefix>_api_key`. The schema marks which keys are secret;
# this table only knows the prefixes.
_PREFIXES: dict[str, str] = {
    "brave_search": "brave",
    "firecrawl": "firecrawl",
    "exa_search": "exa",
    "tavily_search": "tavily",
    "ref_search": "ref",
    "perplexity": "perplexity",
    "jina": "jina",
}


# --------------------------------------------------------------------------- the key table


@lru_cache(maxsize=1)
def secret_keys() -> tuple[str, ...]:
    """The secret keys, read once from the packaged schema (``secret: true``)."""
    text = (
        resources.files("msd_desktop.core.config")
        .joinpath("data/config-schema.json")
        .read_text(encoding="utf-8")
    )
    schema = json.loads(text)
    keys = tuple(k["key"] for k in schema["keys"] if k.get("secret") is True)
    unknown = [k for k in keys if k not in _PREFIXES]
    if unknown:  # pragma: no cover - guards a schema edit without a prefix here
        raise RuntimeError(f"secret keys without an env var / file prefix: {unknown}")
    return keys


def env_var(key: str) -> str:
    """The environment variable a runtime reads for ``key`` (``BRAVE_API_KEY``, …)."""
    return f"{_PREFIXES[_check_key(key)].upper()}_API_KEY"


def file_name(key: str) -> str:
    """The upstream file-fallback name for ``key`` (``brave_api_key``, …)."""
    return f"{_PREFIXES[_check_key(key)]}_api_key"


def __getattr__(name: str) -> Any:
    """Lazy module constants (PEP 562): the schema is read on first use, not at import."""
    if name == "SECRET_KEYS":
        return secret_keys()
    if name == "ENV_VARS":
        return {k: env_var(k) for k in secret_keys()}
    if name == "FILE_NAMES":
        return {k: file_name(k) for k in secret_keys()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _check_key(key: str) -> str:
    if key not in secret_keys():
        raise MsdError(Text.of("Unknown secret key: {key}. Secret keys: {keys}",
                               key=key, keys=', '.join(secret_keys())))
    return key


def _env(env: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if env is None else env


def msd_dir(env: Mapping[str, str] | None = None) -> Path:
    """``~/.msd`` (``$MSD_HOME/.msd`` when ``MSD_HOME`` is set), where the file fallback lives."""
    from msd_desktop.core.workspace.paths import msd_home

    return msd_home(_env(env)) / ".msd"


def secret_file_path(key: str, env: Mapping[str, str] | None = None) -> Path:
    """The file-fallback path for ``key``."""
    return msd_dir(env) / file_name(key)


def config_path(root: Path, env: Mapping[str, str] | None = None) -> Path:
    """The project ``config.json`` (``.planning[/<MSD_PROJECT>]/config.json``, spec §1).

    Secrets are project-wide, so the workstream overlay is not consulted.
    """
    from msd_desktop.core.workspace.paths import config_path as planning_config_path

    return planning_config_path(Path(root), _env(env), workstream=None)


def _project_user(key: str, root: Path) -> str:
    return f"{key}@{Path(root).resolve()}"


def _check_project_name(root: Path) -> None:
    """Refuse a per-project entry for a folder whose name is not UTF-8: the entry is named
    after the folder and the keyring holds UTF-8 names only (it would fail as "unavailable")."""
    from msd_desktop.core.common.os_text import is_utf8_text, shown_path

    resolved = Path(root).resolve()
    if not is_utf8_text(str(resolved)):
        raise MsdError(Text.of(
            "{root}: the project folder's name is not valid UTF-8, and keyring entries are "
            "named in UTF-8; nothing was stored. Store the key for every project instead "
            "(msd secrets set KEY --stdin, without --project), or rename the folder.",
            root=shown_path(resolved)))


# --------------------------------------------------------------------------- keyring status


@dataclass(frozen=True)
class KeyringStatus:
    """Whether secrets can go to the OS keyring; ``reason`` is the message to show when not."""

    usable: bool
    backend: str
    reason: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"usable": self.usable, "backend": self.backend, "reason": self.reason}


def _install_hint() -> str:
    if sys.platform.startswith("linux"):
        return Text.of(
            "Install and start a Secret Service provider in your desktop session (the "
            "gnome-keyring package, or KeePassXC with its Secret Service integration). On a "
            "headless machine run inside `dbus-run-session` with an unlocked "
            "`gnome-keyring-daemon --unlock`."
        )
    return Text.of("Install a keyring backend supported by the Python `keyring` package.")


def _backend_name(backend: object) -> str:
    cls = type(backend)
    return f"{cls.__module__}.{cls.__qualname__}"


def _load_backend() -> tuple[KeyringBackend | None, KeyringStatus]:
    """The active backend and a status built without touching any entry."""
    try:
        import keyring
    except ImportError:
        return None, KeyringStatus(
            False, "none", Text.of(
                "The Python package `keyring` is not installed (pip install keyring).",
            )
        )
    try:
        backend = keyring.get_keyring()
    except Exception as exc:  # keyring surfaces config/import problems as anything
        return None, KeyringStatus(False, "none", Text.of(
            "The keyring could not be loaded: {error}", error=exc,
        ))
    name = _backend_name(backend)
    forced = os.environ.get("PYTHON_KEYRING_BACKEND")
    forced_note = Text.of(" (PYTHON_KEYRING_BACKEND={value})", value=forced) if forced else ""
    if name.startswith("keyring.backends.fail."):
        return backend, KeyringStatus(
            False, name, Text.of("No usable OS keyring was found{forced_note}. {install_hint}",
                                 forced_note=forced_note, install_hint=_install_hint())
        )
    if name.startswith("keyring.backends.null."):
        return backend, KeyringStatus(
            False,
            name,
            Text.of(
                "The keyring is set to the null backend{forced_note}, which stores nothing. "
                "Unset PYTHON_KEYRING_BACKEND or remove it from keyringrc.cfg.",
                forced_note=forced_note,
            ),
        )
    if name.startswith("keyring.backends.chainer.") and not getattr(backend, "backends", None):
        return backend, KeyringStatus(
            False, name, Text.of("No usable OS keyring was found{forced_note}. {install_hint}",
                                 forced_note=forced_note, install_hint=_install_hint())
        )
    if "plaintext" in name.lower():
        return backend, KeyringStatus(
            False,
            name,
            Text.of(
                "The keyring backend {name} stores secrets unencrypted on disk, so MSD refuses "
                "it{forced_note}. {install_hint}",
                name=name, forced_note=forced_note, install_hint=_install_hint(),
            ),
        )
    return backend, KeyringStatus(True, name)


def _describe_error(exc: BaseException, backend: str) -> KeyringStatus:
    text = str(exc) or type(exc).__name__
    locked = type(exc).__name__ == "KeyringLocked" or "prompt dismissed" in text.lower()
    if locked:
        return KeyringStatus(
            False,
            backend,
            Text.of(
                "The OS keyring is locked and could not be unlocked (the unlock prompt was "
                "dismissed or could not be shown: {text}). Unlock your login keyring (log in to "
                "the desktop session, or open Passwords and Keys / Seahorse and unlock it) and "
                "try again; on a headless machine start `gnome-keyring-daemon --unlock` inside "
                "`dbus-run-session`.", text=text,
            ),
        )
    return KeyringStatus(
        False, backend, Text.of(
            "The OS keyring ({backend}) does not answer: {text}. {install_hint}",
            backend=backend, text=text, install_hint=_install_hint(),
        )
    )


def keyring_status() -> KeyringStatus:
    """Can secrets be stored? Detects fail/null backends, an empty chainer and a locked keyring.

    The check reads one dummy entry, which is how a locked Secret Service collection (or one
    that cannot be created: "Prompt dismissed") shows up.
    """
    backend, status = _load_backend()
    if backend is None or not status.usable:
        return status
    try:
        backend.get_password(SERVICE, _PROBE_USER)
    except Exception as exc:  # dbus, secretstorage and keyring errors alike
        return _describe_error(exc, status.backend)
    return status


def _usable_backend() -> KeyringBackend:
    backend, status = _load_backend()
    if backend is None or not status.usable:
        raise KeyringUnavailableError(status.reason)
    return backend


def _read_entry(backend: KeyringBackend | None, user: str) -> str | None:
    """One keyring read; an unusable or failing keyring reads as "nothing there"."""
    if backend is None:
        return None
    try:
        value = backend.get_password(SERVICE, user)
    except Exception:
        return None
    return value or None


def _backend_or_none() -> KeyringBackend | None:
    backend, status = _load_backend()
    return backend if status.usable else None


# --------------------------------------------------------------------------- store / reveal


def _check_value(key: str, value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise MsdError(Text.of("The value for {key} is empty.", key=key))


def store_secret(
    key: str, value: str, *, root: Path | None = None, env: Mapping[str, str] | None = None
) -> None:
    """Store ``value`` in the OS keyring: the project entry when ``root`` is given, else global.

    Raises :class:`KeyringUnavailableError` (with what to install or unlock) when no usable
    keyring exists; nothing is written anywhere then — the file fallback is a separate,
    explicit call (:func:`store_secret_file`).
    """
    _check_key(key)
    _check_value(key, value)
    if root is not None:
        _check_project_name(root)
    backend = _usable_backend()
    user = key if root is None else _project_user(key, root)
    try:
        backend.set_password(SERVICE, user, value)
    except Exception as exc:
        raise KeyringUnavailableError(_describe_error(exc, _backend_name(backend)).reason) from None
    if _read_entry(backend, user) != value:
        raise KeyringUnavailableError(
            Text.of("The OS keyring ({backend_name}) accepted {key} but does not return it.",
                    backend_name=_backend_name(backend), key=key)
        )


def store_secret_file(key: str, value: str, env: Mapping[str, str] | None = None) -> Path:
    """The explicit plaintext fallback: write ``~/.msd/<prefix>_api_key`` atomically at mode 0600.

    Through the safe writer as one of our own files: the temporary file is *created* 0600, so
    the key is not readable by others for even a moment; ``~/.msd`` is created 0700 and must be
    ours (a folder another user can write into is refused); a symlink there is refused.
    """
    from msd_desktop.core.common.safe_write import write_file  # writers only

    _check_key(key)
    _check_value(key, value)
    path = secret_file_path(key, env)
    write_file(path, value.encode("utf-8"), own=True)
    return path


def _read_file(key: str, env: Mapping[str, str] | None) -> str | None:
    try:
        text = read_bytes(secret_file_path(key, env), "secret").decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return text.strip() or None


def _lookup(
    key: str,
    root: Path | None,
    env: Mapping[str, str] | None,
    backend: KeyringBackend | None,
) -> tuple[str | None, str | None]:
    """(value, where): keyring project > keyring global > file fallback."""
    if root is not None:
        value = _read_entry(backend, _project_user(key, root))
        if value is not None:
            return value, "keyring-project"
    value = _read_entry(backend, key)
    if value is not None:
        return value, "keyring-global"
    value = _read_file(key, env)
    if value is not None:
        return value, "file"
    return None, None


def reveal_secret(
    key: str, *, root: Path | None = None, env: Mapping[str, str] | None = None
) -> str | None:
    """The plaintext of ``key`` (project entry > global entry > file fallback), or ``None``.

    The ONLY function that returns a secret to its caller. Never log its result.
    """
    _check_key(key)
    return _lookup(key, root, env, _backend_or_none())[0]


def has_secret(key: str, *, root: Path | None = None, env: Mapping[str, str] | None = None) -> bool:
    """Whether a value for ``key`` exists in the keyring (project or global) or the file."""
    _check_key(key)
    return _lookup(key, root, env, _backend_or_none())[0] is not None


def delete_secret(
    key: str,
    *,
    root: Path | None = None,
    env: Mapping[str, str] | None = None,
    file: bool = False,
) -> list[str]:
    """Delete the project entry (``root`` given) or the global entry; ``file=True`` also the file.

    Returns the locations that held a value and were removed (``keyring-project``,
    ``keyring-global``, ``file``). Raises :class:`KeyringUnavailableError` when the keyring is
    needed but unusable (unless only the file was asked for and the keyring is unusable).
    """
    _check_key(key)
    removed: list[str] = []
    backend, status = _load_backend()
    if backend is not None and status.usable:
        user = key if root is None else _project_user(key, root)
        if _read_entry(backend, user) is not None:
            try:
                backend.delete_password(SERVICE, user)
            except Exception as exc:
                raise KeyringUnavailableError(_describe_error(exc, status.backend).reason) from None
            removed.append("keyring-global" if root is None else "keyring-project")
    elif not file:
        raise KeyringUnavailableError(status.reason)
    if file:
        path = secret_file_path(key, env)
        if path.is_file():
            path.unlink()
            removed.append("file")
    return removed


# --------------------------------------------------------------------------- config.json


def _read_config(path: Path) -> dict[str, Any] | None:
    from msd_desktop.core.common.jsonfile import read_json_file

    # read_json_file never raises for bad content (json.loads here crashed on deep nesting).
    file = read_json_file(path)
    return file.data if file.ok and isinstance(file.data, dict) else None


@dataclass(frozen=True)
class PlaintextReport:
    """Secret keys stored as plaintext in a config.json, and whether git tracks that file."""

    keys: list[str] = field(default_factory=list)
    git_tracked: bool = False


def _git_tracked(path: Path) -> bool:
    try:
        proc = subprocess.run(
            ["git", "-C", str(path.parent), "ls-files", "--error-unmatch", "--", path.name],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=20,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return proc.returncode == 0


def find_plaintext_secrets(config_path: Path) -> PlaintextReport:
    """The secret keys whose value in ``config_path`` is a non-empty string (never the values)."""
    data = _read_config(config_path)
    if data is None:
        return PlaintextReport()
    keys = [k for k in secret_keys() if isinstance(data.get(k), str) and data[k] != ""]
    return PlaintextReport(keys=keys, git_tracked=_git_tracked(config_path))


def _git_warning(path: Path) -> str:
    return (
        f"{path} is tracked by git: the plaintext keys stay in the repository history. "
        "Rotate these keys with their providers."
    )


def migrate_plaintext_secrets(
    root: Path, *, dry_run: bool = False, env: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Move plaintext keys from ``config.json`` into project keyring entries (D4).

    Each moved key is replaced by ``true`` in ``config.json`` (atomic write under the planning
    lock, refused if the file changed since it was read; every other key and the order kept).
    The keyring is written and read back first, so a failure never loses a key. With an
    unusable keyring: :class:`KeyringUnavailableError` and nothing is written. Only masked
    values are reported.
    """
    from msd_desktop.core.common.jsonfile import read_json_file

    path = config_path(root, env)
    result: dict[str, Any] = {
        "config": str(path),
        "dry_run": dry_run,
        "migrated": [],
        "git_tracked": False,
    }
    if not os.path.lexists(path):  # a directory, FIFO or looping link is a refusal below
        return result
    loaded = read_json_file(path)
    data = loaded.data
    if loaded.error is not None or not isinstance(data, dict):
        why = (loaded.error.message if loaded.error is not None
               else Text.of("{path}: not a JSON object", path=path))
        raise MsdError(Text.of("Cannot migrate {why}", why=why))
    keys = [k for k in secret_keys() if isinstance(data.get(k), str) and data[k] != ""]
    if not keys:
        return result
    result["git_tracked"] = _git_tracked(path)
    if result["git_tracked"]:
        result["warning"] = _git_warning(path)
    result["migrated"] = [
        {"key": k, "env_var": env_var(k), "masked": mask(data[k]), "to": "keyring-project"}
        for k in keys
    ]
    if dry_run:
        result["keyring"] = keyring_status().as_dict()
        return result
    status = keyring_status()
    if not status.usable:
        raise KeyringUnavailableError(Text.of("{reason} Nothing was migrated; {path} is unchanged.",
                                              reason=status.reason, path=path))
    for k in keys:
        store_secret(k, data[k], root=root, env=env)
    new_data = {k: (True if k in keys else v) for k, v in data.items()}
    from msd_desktop.core.history.recorder import SECRETS_MIGRATE, write_config_recorded

    write_config_recorded(path, new_data, expected=loaded.fingerprint, lock_dir=path.parent,
                          source=SECRETS_MIGRATE, env=env)
    return result


def mark_available(root: Path, key: str, env: Mapping[str, str] | None = None) -> bool:
    """Write the sentinel ``true`` for ``key`` into the project's config.json (D4).

    Returns False (and writes nothing) when the project has no config.json or it already says
    ``true``.
    """
    from msd_desktop.core.common.jsonfile import read_json_file

    _check_key(key)
    path = config_path(root, env)
    if not os.path.lexists(path):  # a directory, FIFO or looping link is a refusal below
        return False
    loaded = read_json_file(path)
    data = loaded.data
    if loaded.error is not None or not isinstance(data, dict):
        why = (loaded.error.message if loaded.error is not None
               else Text.of("{path}: not a JSON object", path=path))
        raise MsdError(Text.of("Cannot update {why}", why=why))
    if data.get(key) is True:
        return False
    new_data = dict(data)
    new_data[key] = True
    from msd_desktop.core.history.recorder import SECRETS_MARK, write_config_recorded

    write_config_recorded(path, new_data, expected=loaded.fingerprint, lock_dir=path.parent,
                          source=SECRETS_MARK, env=env)
    return True


# --------------------------------------------------------------------------- listing


def _file_mode(path: Path) -> str | None:
    try:
        return oct(path.stat().st_mode & 0o777)
    except OSError:
        return None


def list_secrets(
    root: Path | None = None, env: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """Every secret key: where it lives and its masked value; never plaintext.

    ``locations`` lists each place holding something (``env``, ``keyring-project``,
    ``keyring-global``, ``file``, ``config-plaintext``, ``config-sentinel``,
    ``config-disabled``); ``effective`` is the one ``msd run`` uses (``config-plaintext`` only
    when nothing else has the key, since runtimes read config.json themselves).
    """
    e = _env(env)
    backend = _backend_or_none()
    config = _read_config(config_path(root, env)) if root is not None else None
    out: list[dict[str, Any]] = []
    for key in secret_keys():
        var = env_var(key)
        locations: list[dict[str, Any]] = []
        candidates: list[tuple[str, str]] = []
        if e.get(var):
            candidates.append(("env", e[var]))
            locations.append({"location": "env", "name": var, "masked": mask(e[var])})
        if root is not None:
            value = _read_entry(backend, _project_user(key, root))
            if value is not None:
                candidates.append(("keyring-project", value))
                locations.append(
                    {
                        "location": "keyring-project",
                        "service": SERVICE,
                        "username": _project_user(key, root),
                        "masked": mask(value),
                    }
                )
        value = _read_entry(backend, key)
        if value is not None:
            candidates.append(("keyring-global", value))
            locations.append(
                {
                    "location": "keyring-global",
                    "service": SERVICE,
                    "username": key,
                    "masked": mask(value),
                }
            )
        path = secret_file_path(key, env)
        value = _read_file(key, env)
        if value is not None:
            candidates.append(("file", value))
            mode = _file_mode(path)
            item: dict[str, Any] = {
                "location": "file",
                "path": str(path),
                "mode": mode,
                "masked": mask(value),
            }
            if mode is not None and int(mode, 8) & 0o077:
                item["warning"] = f"{path} is readable by other users (mode {mode}); use 0600."
            locations.append(item)
        entry: dict[str, Any] = {"key": key, "env_var": var}
        if config is not None and key in config:
            cv = config[key]
            if isinstance(cv, str) and cv != "":
                candidates.append(("config-plaintext", cv))
                locations.append({"location": "config-plaintext", "masked": mask(cv)})
                entry["warning"] = "plaintext in config.json; run `msd secrets migrate`"
            elif cv is True:
                locations.append({"location": "config-sentinel", "masked": mask(cv)})
            elif cv is False:
                locations.append({"location": "config-disabled", "masked": mask(cv)})
        effective = candidates[0] if candidates else None
        entry["available"] = effective is not None
        entry["effective"] = effective[0] if effective else None
        entry["masked"] = mask(effective[1] if effective else None)
        entry["locations"] = locations
        out.append(entry)
    return out


# --------------------------------------------------------------------------- msd run


def secret_env(root: Path | None, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``{ENV_VAR: value}`` for every key available in the keyring (project > global) or file.

    A project whose config.json says ``false`` for a key has switched that integration off, so
    the key is left out. The caller's own environment is not consulted here (see
    :func:`run_with_secrets`).
    """
    backend = _backend_or_none()
    config = _read_config(config_path(root, env)) if root is not None else None
    out: dict[str, str] = {}
    for key in secret_keys():
        if config is not None and config.get(key) is False:
            continue
        value = _lookup(key, root, env, backend)[0]
        if value is not None:
            out[env_var(key)] = value
    return out


def missing_sentinels(root: Path | None, env: Mapping[str, str] | None = None) -> list[str]:
    """Keys the project config marks ``true`` but no keyring entry or file provides."""
    if root is None:
        return []
    config = _read_config(config_path(root, env))
    if config is None:
        return []
    e = _env(env)
    backend = _backend_or_none()
    return [
        k
        for k in secret_keys()
        if config.get(k) is True
        and not e.get(env_var(k))
        and _lookup(k, root, env, backend)[0] is None
    ]


def run_with_secrets(
    cmd: Sequence[str],
    root: Path | None,
    env: Mapping[str, str] | None = None,
    *,
    cwd: Path | None = None,
) -> int:
    """Run ``cmd`` with the keys in its environment; return its exit code (128+N on signal N).

    stdin/stdout/stderr are inherited. A non-empty variable already in ``env`` wins over the
    keyring (an explicit ``BRAVE_API_KEY=… msd run …`` is the user's choice). Ctrl-C goes to
    the child (same process group); we keep waiting for it to finish.
    """
    if not cmd:
        raise MsdError(Text.of("Usage: msd run -- COMMAND [ARGS…]"))
    merged = dict(_env(env))
    for var, value in secret_env(root, env).items():
        if not merged.get(var):
            merged[var] = value
    try:
        proc = subprocess.Popen(list(cmd), env=merged, cwd=cwd)
    except FileNotFoundError:
        raise MsdError(Text.of("Command not found: {cmd}", cmd=cmd[0])) from None
    except PermissionError:
        raise MsdError(Text.of("Permission denied: {cmd}", cmd=cmd[0])) from None
    while True:
        try:
            code = proc.wait()
        except KeyboardInterrupt:
            continue
        return 128 - code if code < 0 else code
