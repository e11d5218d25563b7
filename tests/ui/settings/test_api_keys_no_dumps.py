"""The window writes no core dump once it holds a key's plaintext: after Reveal, and from the
moment a key is typed into the Set dialog. Each case in a child process (the protection is
one-way for a process), offscreen, the real panel; the dump flag read back with
``prctl(PR_GET_DUMPABLE)`` and ``RLIMIT_CORE``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from msd_desktop.core.workspace.demo import demo_source

CHILD = textwrap.dedent('''
    import ctypes, json, os, resource, sys
    from pathlib import Path
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from msd_desktop.ui.settings import api_keys_panel
    from msd_desktop.ui.settings.api_keys_panel import ApiKeysPanel

    root, action = Path(sys.argv[1]), sys.argv[2]
    libc = ctypes.CDLL(None, use_errno=True)

    def dumps() -> dict:
        return {"dumpable": libc.prctl(3, 0, 0, 0, 0),
                "core_limit": list(resource.getrlimit(resource.RLIMIT_CORE))}

    app = QApplication([])
    panel = ApiKeysPanel(root, env=dict(os.environ))
    before = dumps()
    if action == "reveal":
        panel.reveal("brave_search")
    else:  # the Set dialog: answer it with no value (what was typed is gone, but was held)
        from PySide6.QtWidgets import QInputDialog
        QTimer.singleShot(0, lambda: [w.reject() for w in app.topLevelWidgets()
                                      if isinstance(w, QInputDialog)])
        panel.set_key("brave_search")
    print(json.dumps({"before": before, "after": dumps()}))
''')


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_DUMPABLE is Linux's")
@pytest.mark.parametrize("action", ["reveal", "set"])
def test_holding_a_key_turns_core_dumps_off(tmp_path: Path, action: str) -> None:
    demo = tmp_path / "demo"
    shutil.copytree(demo_source(), demo)
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen",
           "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    out = subprocess.run([sys.executable, "-c", CHILD, str(demo / "billing-service"), action],
                         capture_output=True, text=True, env=env, timeout=120, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["before"]["dumpable"] == 1
    assert result["after"]["dumpable"] == 0
    assert result["after"]["core_limit"] == [0, 0]
