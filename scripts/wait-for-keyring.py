"""Wait until the test keyring's default collection is there and unlocked, or fail clearly.

Run by ``scripts/keyring_supervisor.py`` inside the test run's private D-Bus session, after
each start of ``gnome-keyring-daemon --unlock``: no test may run while the daemon is still creating
the collection, or a test's first keyring call may hit a locked collection and wait for an
unlock prompt that nobody answers. Never creates or unlocks anything itself (either could
open a prompt): it only looks, through the ``default`` alias.

Prints the daemon's process id (the owner of ``org.freedesktop.secrets`` on the bus).
"""

from __future__ import annotations

import sys
import time

import secretstorage
from jeepney import DBusAddress, new_method_call
from jeepney.io.blocking import DBusConnection
from secretstorage.collection import Collection
from secretstorage.exceptions import SecretStorageException

TIMEOUT_S = 30.0
BUS = DBusAddress("/org/freedesktop/DBus", bus_name="org.freedesktop.DBus",
                  interface="org.freedesktop.DBus")


def daemon_pid(conn: DBusConnection) -> int:
    """The process id of the Secret Service's owner on the session bus."""
    msg = new_method_call(BUS, "GetConnectionUnixProcessID", "s", ("org.freedesktop.secrets",))
    reply = conn.send_and_get_reply(msg, timeout=5)
    return int(reply.body[0])


def main() -> int:
    deadline = time.monotonic() + TIMEOUT_S
    why = "no answer from the Secret Service"
    while time.monotonic() < deadline:
        try:
            with secretstorage.dbus_init() as conn:
                if not Collection(conn).is_locked():
                    print(daemon_pid(conn))
                    return 0
                why = "the default collection is locked"
        except (SecretStorageException, OSError, ValueError) as exc:
            why = f"{type(exc).__name__}: {exc}"
        time.sleep(0.2)
    sys.stderr.write(
        f"error: the test keyring was not usable after {TIMEOUT_S:.0f} s ({why}); "
        "gnome-keyring-daemon did not create and unlock its default collection\n"
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
