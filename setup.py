"""Build step that pyproject.toml cannot state: compile the translations (.ts → .qm).

The catalogues are built, never committed: ``pyside6-lrelease`` (from the PySide6 build
requirement) turns every ``msd_desktop/i18n/*.ts`` into the ``.qm`` the window loads, inside the
build tree, so the wheel ships them. Editable installs get theirs from ``scripts/bootstrap.sh``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


def _lrelease() -> str:
    beside = Path(sys.executable).with_name("pyside6-lrelease")
    if beside.exists():
        return str(beside)
    import PySide6

    return str(Path(PySide6.__file__).resolve().parent / "lrelease")


class BuildWithTranslations(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "msd_desktop" / "i18n"
        for ts in sorted(Path("msd_desktop/i18n").glob("*.ts")):
            target.mkdir(parents=True, exist_ok=True)
            qm = target / ts.with_suffix(".qm").name
            tmp = qm.with_name(f".{qm.name}.tmp")
            subprocess.run([_lrelease(), "-silent", str(ts), "-qm", str(tmp)], check=True)
            tmp.replace(qm)


setup(cmdclass={"build_py": BuildWithTranslations})
