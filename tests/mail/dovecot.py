"""A throwaway Dovecot IMAP server on loopback for the poller's tests.

``dovecot -F -c <own config>``: IMAP only, 127.0.0.1 and a free port, no
TLS, plaintext logins, one static password, maildirs under a private folder
(mode 711, since mail is accessed as ``nobody``), and no login penalty from
anvil. Starts in a fraction of a second.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

PASSWORD = "farmpost-test"

CONFIG = """\
protocols = imap
listen = 127.0.0.1
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:{root}/mail/%u
mail_uid = nobody
mail_gid = nogroup
first_valid_uid = 0
default_internal_user = nobody
default_internal_group = nogroup
default_login_user = nobody
passdb {{
  driver = static
  args = password={password}
}}
userdb {{
  driver = static
  args = uid=nobody gid=nogroup home={root}/mail/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
}}
service anvil {{
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def dovecot():
    """Yields (host, port, password); raises RuntimeError when it cannot start."""
    with dovecot_and_maildirs() as (host, port, password, _):
        yield host, port, password


@contextmanager
def dovecot_and_maildirs():
    """Yields (host, port, password, folder): the folder holds one Maildir
    per user (``<folder>/<user>/``, owned by nobody), where an MTA may deliver."""
    binary = shutil.which("dovecot") or "/usr/sbin/dovecot"
    if not os.path.exists(binary):
        raise RuntimeError("dovecot is not installed (Debian: dovecot-imapd)")
    if os.geteuid() != 0:
        raise RuntimeError("dovecot must be started as root to switch to the mail user")
    root = Path(tempfile.mkdtemp(prefix="farmpost-dovecot-"))
    os.chmod(root, 0o711)
    (root / "mail").mkdir(mode=0o755)
    nobody = pwd.getpwnam("nobody")
    os.chown(root / "mail", nobody.pw_uid, nobody.pw_gid)
    process, port = None, 0
    try:
        # the port is free when chosen but another process may take it before
        # Dovecot binds it (other test processes share the machine): then try another
        for attempt in range(3):
            port = _free_port()
            (root / "dovecot.log").unlink(missing_ok=True)
            (root / "dovecot.conf").write_text(CONFIG.format(root=root, port=port, password=PASSWORD))
            process = subprocess.Popen([binary, "-F", "-c", str(root / "dovecot.conf")],
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            if _listening(process, port, root / "dovecot.log"):
                break
            log = (root / "dovecot.log").read_text() if (root / "dovecot.log").exists() else ""
            output = f"{process.stdout.read().decode()} {log}"
            if "Address already in use" not in output or attempt == 2:
                raise RuntimeError(f"dovecot did not start: {output}")
        yield "127.0.0.1", port, PASSWORD, root / "mail"
    finally:
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(root, ignore_errors=True)


def _listening(process: subprocess.Popen, port: int, log: Path) -> bool:
    """Waits until this Dovecot has bound its port and accepts connections
    (True), or has exited (False). Its log says "starting up" once its
    listeners are bound: a connection alone could reach another server that
    took the port first."""
    deadline = time.monotonic() + 10
    while True:
        if process.poll() is not None:
            return False
        if log.exists() and "starting up" in log.read_text():
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return True
            except OSError:
                pass
        if time.monotonic() > deadline:
            process.kill()
            process.wait()
            return False
        time.sleep(0.05)
