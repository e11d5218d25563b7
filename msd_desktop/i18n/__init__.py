"""The window's translations: Qt Linguist sources (``msd_desktop_<lang>.ts``) live here, and
the compiled catalogues (``.qm``) are built beside them at install and build time
(``pyside6-lrelease``: ``scripts/bootstrap.sh``, the wheel's build step in ``setup.py`` and the
bundle). English is the source language and has no catalogue.

Qt-free on purpose: the list of languages is read from the files, so a new ``.ts`` is a new
language everywhere (View → Language, ``--lang``) without a code change.
"""

from __future__ import annotations

from pathlib import Path

PREFIX = "msd_desktop_"


def catalogue_dir() -> Path:
    return Path(__file__).resolve().parent


def languages() -> list[str]:
    """Languages with a translation source here (``pt_BR``…), sorted."""
    return sorted(p.stem[len(PREFIX):] for p in catalogue_dir().glob(f"{PREFIX}*.ts"))
