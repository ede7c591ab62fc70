"""A private Postfix instance on loopback, configured as docs/operations.md
("Production mail") tells an operator to, for the end-to-end tests.

``postfix -c <own directory> start-fg``: its own main.cf and master.cf,
queue and data directories under a private temporary folder, so the
machine's own mail setup (if any) is never read nor touched. Two SMTP
listeners on 127.0.0.1 high ports:

* **inbound** (the MX's port 25 in production): takes mail for the reply
  domain ``farmpost.test`` only (``reject_unauth_destination``) and hands
  it to ``farmpost ingest`` through a ``pipe`` transport, or (``inbound=
  "maildir"``) delivers it into a Maildir that Dovecot serves and
  ``farmpost imap-poll`` reads;
* **outbound** (the relay Farmpost's workers send through): STARTTLS with
  a certificate for 127.0.0.1 (trustme's authority), relays for loopback
  clients only (``mynetworks = 127.0.0.0/8``).

No relaying beyond loopback: no relayhost, no DNS, ``default_transport``
is an error; the test domains map to local transports: ``example.org``
to Maildirs (the farmers' mailboxes), ``gone.example.org`` to a permanent
failure after the mail was taken (a pipe that exits 67, EX_NOUSER, as a
far-away mailbox server that accepts and then bounces), so Postfix sends
its DSN back to Farmpost's envelope sender through the inbound transport.

The farmers' mail lands in one Maildir per domain; each message's
``Delivered-To`` (which Postfix's virtual delivery writes) names its
recipient. The pipe runs as ``nobody``, with an interpreter nobody can run
(:func:`interpreter_for_nobody`).
"""

from __future__ import annotations

import os
import pwd
import shutil
import smtplib
import socket
import subprocess
import sys
import tempfile
import time
from email import message_from_bytes, policy
from pathlib import Path

from service.core.config import ROOT

MAIN_CF = """\
compatibility_level = 3.6
queue_directory = {root}/queue
data_directory = {root}/data
mail_owner = postfix
setgid_group = postdrop
maillog_file = {root}/maillog
maillog_file_prefixes = {root}
myhostname = mx.farmpost.test
mydomain = farmpost.test
myorigin = farmpost.test
mydestination =
local_recipient_maps =
alias_maps =
alias_database =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
relayhost =
smtp_dns_support_level = disabled
relay_domains = {relay_domains}
transport_maps = texthash:{root}/transport
default_transport = error:5.7.1 this Postfix delivers to the test domains only
virtual_mailbox_domains = {virtual_domains}
virtual_mailbox_base = {mailboxes}
virtual_mailbox_maps = texthash:{root}/mailboxes.map
virtual_uid_maps = static:{uid}
virtual_gid_maps = static:{gid}
virtual_minimum_uid = 1
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
smtpd_tls_cert_file = {root}/tls/cert.pem
smtpd_tls_key_file = {root}/tls/key.pem
smtpd_tls_security_level = may
smtpd_tls_received_header = yes
message_size_limit = 20480000
delay_warning_time = 0
biff = no
"""

MASTER_CF = """\
127.0.0.1:{inbound_port} inet n - n - - smtpd
  -o syslog_name=postfix-inbound
  -o smtpd_relay_restrictions=reject_unauth_destination
127.0.0.1:{outbound_port} inet n - n - - smtpd
  -o syslog_name=postfix-outbound
  -o smtpd_tls_security_level=encrypt
cleanup   unix n - n - 0 cleanup
qmgr      unix n - n 300 1 qmgr
tlsmgr    unix - - n 1000? 1 tlsmgr
rewrite   unix - - n - - trivial-rewrite
bounce    unix - - n - 0 bounce
defer     unix - - n - 0 bounce
trace     unix - - n - 0 bounce
verify    unix - - n - 1 verify
flush     unix n - n 1000? 0 flush
proxymap  unix - - n - - proxymap
smtp      unix - - n - - smtp
showq     unix n - n - - showq
error     unix - - n - - error
retry     unix - - n - - error
discard   unix - - n - - discard
virtual   unix - n n - - virtual
anvil     unix - - n - 1 anvil
scache    unix - - n - 1 scache
postlog   unix-dgram n - n - 1 postlogd
farmpost  unix - n n - - pipe
  flags=Rq user=nobody argv={root}/farmpost-ingest ${{recipient}}
gone      unix - n n - - pipe
  flags=q user=nobody argv=/bin/sh -c {{ echo no mailbox here by that name; exit 67 }}
"""

#: what the pipe runs: `farmpost ingest` with the stack's environment
INGEST = """\
#!/bin/sh
cd {cwd}
exec env -i PATH=/usr/bin:/bin PYTHONPATH={paths} HOME={instance} {env} {python} -m service.cli.main ingest --recipient "$1"
"""


def interpreter_for_nobody() -> tuple[str, str]:
    """The Python the pipe runs (as ``nobody``) and its PYTHONPATH: this
    one, when nobody may run it; else (a virtualenv made from a Python
    under /root, say) the system's Python of the same version, with this
    environment's packages on its path (which then must hold what that
    Python's version needs: redis wants async-timeout below 3.11.3)."""
    import sysconfig

    paths = f"{ROOT}"
    real = Path(os.path.realpath(sys.executable))
    if all(os.stat(folder).st_mode & 0o001 for folder in real.parents) and os.stat(real).st_mode & 0o001:
        return sys.executable, paths
    system = Path(f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}")
    if not system.exists():
        raise RuntimeError(f"nobody cannot run {real}, and there is no {system}")
    return str(system), f"{paths}:{sysconfig.get_paths()['purelib']}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Postfix:
    """One private instance; ``start(env)`` with the environment ``farmpost
    ingest`` needs (the stack's), ``stop()`` when done."""

    def __init__(self, tls, *, inbound: str = "pipe", mailboxes: Path | None = None):
        """``tls``: a trustme authority; ``inbound``: "pipe" (farmpost ingest)
        or "maildir" (into ``mailboxes``/farmpost-inbox/, Dovecot's user)."""
        binary = shutil.which("postfix") or "/usr/sbin/postfix"
        if not os.path.exists(binary):
            raise RuntimeError("postfix is not installed (Debian: postfix)")
        if os.geteuid() != 0:
            raise RuntimeError("postfix must be started as root")
        self.binary, self.inbound = binary, inbound
        self.root = Path(tempfile.mkdtemp(prefix="farmpost-postfix-"))
        os.chmod(self.root, 0o711)
        nobody = pwd.getpwnam("nobody")
        self.uid, self.gid = nobody.pw_uid, nobody.pw_gid
        self.mailboxes = mailboxes or self.root / "mailboxes"
        self.mailboxes.mkdir(exist_ok=True)
        os.chown(self.mailboxes, self.uid, self.gid)
        self.instance = self.root / "farmpost-instance"  # the pipe's (it runs as nobody)
        self.instance.mkdir()
        os.chown(self.instance, self.uid, self.gid)
        (self.root / "queue").mkdir(mode=0o755)  # postfix check makes its subfolders
        (self.root / "data").mkdir(mode=0o700)
        postfix_user = pwd.getpwnam("postfix")
        os.chown(self.root / "data", postfix_user.pw_uid, postfix_user.pw_gid)
        (self.root / "tls").mkdir(mode=0o700)
        cert = tls.issue_cert("127.0.0.1", "mx.farmpost.test")
        cert.private_key_pem.write_to_path(str(self.root / "tls" / "key.pem"))
        cert.cert_chain_pems[0].write_to_path(str(self.root / "tls" / "cert.pem"))
        self.process = None
        #: chosen now, so the stack's SMTP_URL can name the outbound one before Postfix starts
        self.inbound_port, self.outbound_port = free_port(), free_port()

    @property
    def smtp_url(self) -> str:
        """What Farmpost's SMTP_URL says to send through this Postfix (STARTTLS required)."""
        return f"smtp://127.0.0.1:{self.outbound_port}?starttls=1"

    def start(self, env: dict[str, str]) -> Postfix:
        keep = ("DATABASE_URL", "CELERY_BROKER_URL", "SECRET_KEY", "MAIL_DOMAIN", "BASE_URL", "FARMPOST_QUEUE",
                "MAIL_FROM")
        values = " ".join(f"{name}='{env[name]}'" for name in keep if env.get(name))
        script = self.root / "farmpost-ingest"
        python, paths = interpreter_for_nobody()
        script.write_text(INGEST.format(cwd=ROOT, instance=self.instance, python=python, paths=paths,
                                        env=f"{values} FARMPOST_INSTANCE={self.instance}"))
        script.chmod(0o755)
        pipe = self.inbound == "pipe"
        (self.root / "transport").write_text(
            ("farmpost.test farmpost:\n" if pipe else "farmpost.test virtual:\n")
            + "example.org virtual:\ngone.example.org gone:\n")
        (self.root / "mailboxes.map").write_text(
            "@example.org example.org/\n" + ("" if pipe else "@farmpost.test farmpost-inbox/\n"))
        (self.root / "main.cf").write_text(MAIN_CF.format(
            root=self.root, mailboxes=self.mailboxes, uid=self.uid, gid=self.gid,
            relay_domains="farmpost.test" if pipe else "",
            virtual_domains="example.org" if pipe else "example.org farmpost.test"))
        (self.root / "master.cf").write_text(MASTER_CF.format(
            root=self.root, inbound_port=self.inbound_port, outbound_port=self.outbound_port))
        # postfix writes its fatal errors to syslog, or to a terminal: `script` gives it one
        check = subprocess.run(["script", "-qc", f"{self.binary} -c {self.root} check", "/dev/null"],
                               capture_output=True, text=True)
        if check.returncode != 0 or "fatal" in check.stdout:
            raise RuntimeError(f"postfix check failed: {check.stdout}{check.stderr}")
        self.process = subprocess.Popen([self.binary, "-c", str(self.root), "start-fg"],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if not self._listening():
            self.stop_master()
            raise RuntimeError(f"postfix did not start: {self.log()[-3000:]}")
        return self

    def _listening(self) -> bool:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                for port in (self.inbound_port, self.outbound_port):
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                return True
            except OSError:
                time.sleep(0.1)
        return False

    def stop_master(self) -> None:
        if self.process is not None and self.process.poll() is None:
            subprocess.run([self.binary, "-c", str(self.root), "stop"], capture_output=True)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def stop(self) -> None:
        self.stop_master()
        shutil.rmtree(self.root, ignore_errors=True)

    def log(self) -> str:
        path = self.root / "maillog"
        return path.read_text(errors="replace") if path.exists() else ""

    def queue_is_empty(self) -> bool:
        """Nothing waits in Postfix's queue (incoming, active, deferred)."""
        return not any(path.is_file() for name in ("incoming", "active", "deferred", "maildrop")
                       for path in (self.root / "queue" / name).rglob("*"))

    def send(self, raw: bytes, sender: str, recipients: list[str]) -> None:
        """Hand a mail to the inbound listener, as a farmer's provider would."""
        with smtplib.SMTP("127.0.0.1", self.inbound_port, timeout=30) as client:
            client.sendmail(sender, recipients, raw)


class MaildirInbox:
    """The farmers' mailboxes Postfix delivered into (``example.org``): the
    stack's inbox (tests/e2e/stack.py), each message's bytes as they arrived."""

    def __init__(self, mailboxes: Path):
        self.mailboxes = mailboxes

    def start(self):
        pass

    def stop(self):
        pass

    def raw(self) -> list[tuple[str, bytes]]:
        """(recipient, bytes) of every mail delivered, in order."""
        found = []
        for path in sorted((self.mailboxes / "example.org" / "new").glob("*"), key=lambda p: p.stat().st_mtime_ns):
            raw = path.read_bytes()
            head = raw.split(b"\n", 3)[:3]
            [to] = [line.split(b":", 1)[1].strip().decode() for line in head if line.startswith(b"Delivered-To:")]
            found.append((to.lower(), raw))
        return found

    def received(self) -> list[tuple[str, object]]:
        return [(to, message_from_bytes(raw, policy=policy.default)) for to, raw in self.raw()]
