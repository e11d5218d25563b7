"""Keep the test keyring's gnome-keyring-daemon running for the whole test run.

Started in the background by ``scripts/run-tests.sh`` inside its private D-Bus session.
gnome-keyring-daemon (42.1 on Debian 12, still in 50.x) aborts on its own now and then when a
short-lived client connects, reads and disconnects while its request is still queued (the
daemon logs ``gkd_secret_service_get_pkcs11_session: assertion 'client' failed`` and then
``invoke_get_property_in_idle_cb: assertion failed: (error != NULL)``, SIGABRT). The suite
starts many such clients (every ``msd secrets …`` process), so on a loaded machine a run of
several minutes loses its daemon. Without a daemon every later keyring test fails; with D-Bus
activation a locked one would start and wait for a password nobody types.

So this supervisor runs the daemon in the foreground, and when it dies starts it again on the
same keyring files (unlocked with the same password, so stored entries stay), waits until the
default collection answers, and records each death and start in a small JSON state file that
``tests/conftest.py`` reads: a test waits until the daemon is ready, and a test during which
the daemon died and that failed (or skipped for want of a keyring) is run once more. The
daemon's own messages go to a log file whose crash lines the runner prints at the end. After
``MAX_STARTS`` starts it gives up and says so in the state file (the run then stops with that
reason).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

PASSWORD = b"msd-ci-pass"
MAX_STARTS = 25
READY_SCRIPT = Path(__file__).with_name("wait-for-keyring.py")


def write_state(path: Path, state: dict[str, object]) -> None:
    """Replace the state file at once (readers never see half a file)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(state), encoding="utf-8")
    os.replace(tmp, path)


def start_daemon(log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        proc = subprocess.Popen(
            ["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"],
            stdin=subprocess.PIPE, stdout=out, stderr=out, start_new_session=True,
        )
    assert proc.stdin is not None
    proc.stdin.write(PASSWORD)
    proc.stdin.close()
    return proc


def wait_ready() -> bool:
    """True once the default collection answers unlocked (``wait-for-keyring.py``)."""
    done = subprocess.run([sys.executable, str(READY_SCRIPT)], stdout=subprocess.DEVNULL,
                          check=False)
    return done.returncode == 0


def main(state_path: Path, log: Path) -> int:
    stopping = False

    def stop(_signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    starts = deaths = 0
    state: dict[str, object] = {"pid": 0, "starts": 0, "deaths": 0, "ready": False,
                                "gave_up": ""}
    while not stopping:
        if starts >= MAX_STARTS:
            state.update(ready=False, gave_up=f"gnome-keyring-daemon died {starts} times")
            write_state(state_path, state)
            return 1
        proc = start_daemon(log)
        starts += 1
        ready = wait_ready()
        state.update(pid=proc.pid, starts=starts, ready=ready)
        if not ready:
            state["gave_up"] = "gnome-keyring-daemon did not unlock its default collection"
            write_state(state_path, state)
            proc.terminate()
            return 1
        write_state(state_path, state)
        while not stopping and proc.poll() is None:
            time.sleep(0.1)
        if not stopping:
            deaths += 1  # said at once: a test that ends now must know the daemon went
            state.update(ready=False, deaths=deaths)
            write_state(state_path, state)
            with log.open("a", encoding="utf-8") as out:
                out.write(f"msd-tests: gnome-keyring-daemon (pid {proc.pid}) ended with "
                          f"{proc.returncode}; starting it again\n")
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
