"""Real ``msd`` processes without a Python start each: forked from one that already started.

The hostile-file matrix runs the CLI some 850 times. Each run must be a process of its own —
the file under test may be a FIFO that blocks for ever, ``/dev/zero`` that never ends, or a
read that needs the 1 GiB address-space ceiling — but starting the interpreter each time costs
more than most runs themselves. So one server process starts Python and imports the CLI front
(``msd_desktop.cli``, which loads every verb lazily) once; for each run it forks a child that
takes the run's stdin/stdout/stderr (passed over a Unix socket), working folder, environment,
arguments and the memory ceiling, then calls ``main`` and exits as ``python -c`` would (atexit
handlers, exit code, traceback on an uncaught error). The child is killed by pid on a hang;
the server waits for it and reports its wait status.
"""

from __future__ import annotations

import contextlib
import json
import os
import pkgutil
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path

# The server: started with ``python -c SERVER <socket fd> <memory ceiling> <modules>`` (more
# modules to import once, comma-separated).
SERVER = r"""
import atexit, gc, importlib, json, os, resource, socket, sys
sock = socket.socket(fileno=int(sys.argv[1]))
ceiling = int(sys.argv[2])
from msd_desktop.cli import main
for name in filter(None, sys.argv[3].split(",")):
    importlib.import_module(name)

def serve():
    while True:
        msg, fds, _, _ = socket.recv_fds(sock, 1 << 20, 4)
        if not msg:
            os._exit(0)
        pid = os.fork()
        if pid == 0:
            sock.close()
            return json.loads(msg), fds
        for fd in fds:
            os.close(fd)
        sock.send(json.dumps({"pid": pid}).encode())
        _, status, usage = os.wait4(pid, 0)
        sock.send(json.dumps({"status": status, "maxrss": usage.ru_maxrss}).encode())

# The objects imported so far are moved out of the collector's sight: a run's collections then
# leave them alone instead of touching (and so copying) every page the fork shares.
gc.freeze()
case, fds = serve()
resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))
for target, fd in enumerate(fds[:3]):
    os.dup2(fd, target)
    os.close(fd)
peak_fd = fds[3]
os.chdir(case["cwd"])
os.environ.clear()
os.environ.update(case["env"])
sys.argv = ["-c", *case["argv"]]

def _peak():
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                os.write(peak_fd, line.split()[1].encode())
atexit.register(_peak)
if case.get("entry"):  # another "module:function" of the same shape
    module, _, func = case["entry"].partition(":")
    main = getattr(importlib.import_module(module), func)
sys.exit(main(case["argv"]))
"""


def cli_modules() -> list[str]:
    """Every module of the verbs and the core, for ``preload``: a run then pays for its own
    work, not for importing again what every run imports (its peak memory includes them all,
    an upper bound)."""
    import msd_desktop.commands
    import msd_desktop.core

    return ["argparse", "keyring", *(
        info.name for package in (msd_desktop.commands, msd_desktop.core)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."))]


class ForkServer:
    """One server process; :meth:`start` forks a run, :meth:`finish` waits for its status."""

    def __init__(self, repo: Path, env: Mapping[str, str], memory_ceiling: int,
                 preload: Sequence[str] = ()) -> None:
        """``preload``: modules the runs will need, imported once in the server (a run's own
        figures, such as its peak memory, then include them)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._sock = ours
        self._proc = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(theirs.fileno()), str(memory_ceiling),
             ",".join(preload)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=dict(env), cwd=repo,
            pass_fds=(theirs.fileno(),),
        )
        theirs.close()

    def _reply(self) -> dict[str, int]:
        msg = self._sock.recv(1 << 16)
        if not msg:
            raise RuntimeError(f"the msd fork server ended (exit {self._proc.wait()})")
        reply: dict[str, int] = json.loads(msg)
        return reply

    def start(self, argv: Sequence[str], *, cwd: Path, env: Mapping[str, str],
              fds: Sequence[int], entry: str = "") -> int:
        """Fork a run of ``main(argv)`` on ``fds`` (stdin, stdout, stderr, peak); its pid.
        ``entry``: ``"module:function"`` to call instead of the CLI's ``main``."""
        case = {"argv": list(argv), "cwd": str(cwd), "env": dict(env), "entry": entry}
        socket.send_fds(self._sock, [json.dumps(case).encode()], list(fds))
        return self._reply()["pid"]

    def finish(self) -> tuple[int, int]:
        """The run's wait status and peak RSS in KiB as the kernel counts it (``wait4``)."""
        reply = self._reply()
        return reply["status"], reply["maxrss"]

    def spawn(self, argv: Sequence[str], *, cwd: Path, env: Mapping[str, str], logs: Path,
              stdin: str = "") -> int:
        """Fork a run whose stdin, stdout and stderr are files in ``logs``; its pid."""
        logs.mkdir(parents=True, exist_ok=True)
        (logs / "stdin").write_text(stdin, encoding="utf-8")
        fds = [os.open(logs / "stdin", os.O_RDONLY)]
        for name in ("stdout", "stderr", "peak"):
            fds.append(os.open(logs / name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
        try:
            return self.start(argv, cwd=cwd, env=env, fds=fds)
        finally:
            for fd in fds:
                os.close(fd)

    def wait(self, pid: int, *, logs: Path,
             timeout: float) -> subprocess.CompletedProcess[str]:
        """Wait for a :meth:`spawn` ed run (killed past ``timeout``: a hang, not a speed
        check); its exit code and output, as :func:`subprocess.run` gives them."""
        guard = threading.Timer(timeout, self.kill, (pid,))
        guard.start()
        try:
            status, _ = self.finish()
        finally:
            guard.cancel()
        return subprocess.CompletedProcess(
            [str(pid)], os.waitstatus_to_exitcode(status),
            (logs / "stdout").read_text(encoding="utf-8", errors="replace"),
            (logs / "stderr").read_text(encoding="utf-8", errors="replace"))

    def run(self, argv: Sequence[str], *, cwd: Path, env: Mapping[str, str], logs: Path,
            stdin: str = "", timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
        """:meth:`spawn` and :meth:`wait` in one."""
        pid = self.spawn(argv, cwd=cwd, env=env, logs=logs, stdin=stdin)
        return self.wait(pid, logs=logs, timeout=timeout)

    @staticmethod
    def kill(pid: int) -> None:
        """Kill a run (still the server's unreaped child until :meth:`finish` returns)."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)

    def close(self) -> None:
        self._sock.close()
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
