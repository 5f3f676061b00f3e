"""A throwaway PostgreSQL server for the tests: ``initdb`` and ``pg_ctl`` in a temporary
directory, listening on a free loopback port, run as an unprivileged user when the tests run as
root (PostgreSQL refuses to run as root). :func:`find_binaries` returns None when PostgreSQL is
not installed: then the tests run on SQLite only."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

SEARCHED = ("/usr/local/bin", *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True))
"""Where to look besides PATH: Debian keeps the server binaries under /usr/lib/postgresql."""
UNPRIVILEGED = "nobody"
SETTINGS = {
    # Nothing here must survive a crash: durability off makes a test database fast.
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
    "shared_buffers": "64MB",
}


def find_binaries() -> Path | None:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``, or None (also when the
    environment sets ``VIDRASSO_TEST_POSTGRES=0``: a quicker SQLite-only run)."""
    if os.environ.get("VIDRASSO_TEST_POSTGRES") == "0":
        return None
    on_path = shutil.which("pg_ctl")
    folders = [*([str(Path(on_path).parent)] if on_path else []), *SEARCHED]
    for folder in folders:
        if all(os.access(Path(folder, b), os.X_OK) for b in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    return None


def version(binaries: Path) -> str:
    out = subprocess.run(
        [str(binaries / "postgres"), "--version"], capture_output=True, text=True, check=True
    )
    return out.stdout.split()[2]  # "postgres (PostgreSQL) 15.18 (Debian …)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    """A running server; :meth:`url` names a database on it."""

    binaries: Path
    directory: Path
    port: int

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, *command: str) -> None:
        prefix: list[str] = []
        if os.geteuid() == 0:
            prefix = ["runuser", "-u", UNPRIVILEGED, "--"]
        subprocess.run(
            [*prefix, *command], check=True, capture_output=True, cwd=self.directory, text=True
        )

    @classmethod
    def start(cls, binaries: Path) -> Server:
        directory = Path(tempfile.mkdtemp(prefix="vidrasso-pg-"))
        if os.geteuid() == 0:
            user = pwd.getpwnam(UNPRIVILEGED)
            os.chown(directory, user.pw_uid, user.pw_gid)
        server = cls(binaries, directory, free_port())
        data = directory / "data"
        server._run(
            str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
            "--no-sync", "-E", "UTF8", "--locale=C",
        )  # fmt: skip
        options = " ".join(f"-c {k}={v}" for k, v in SETTINGS.items())
        options += f" -p {server.port} -c listen_addresses=127.0.0.1"
        options += f" -c unix_socket_directories={directory}"
        server._run(
            str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-w",
            "-l", str(directory / "log"), "start",
        )  # fmt: skip
        return server

    def stop(self) -> None:
        try:
            self._run(str(self.binaries / "pg_ctl"), "-D", str(self.directory / "data"),
                      "-m", "immediate", "-w", "stop")  # fmt: skip
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
