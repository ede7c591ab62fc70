"""Configuration from the environment, with embedded defaults.

Nothing is required in development: without any variable Farmpost keeps
everything in an instance folder (SQLite database, a secret key generated
there, the filesystem broker's queue), so a fresh checkout runs with no
server to install.

Production (``FARMPOST_ENV=production``, or a ``DATABASE_URL`` naming a
database server, unless ``FARMPOST_ENV=development`` says otherwise) needs a
``SECRET_KEY`` of its own: a missing one, or a placeholder such as the
example file's ``change-me``, is refused at start (:class:`ConfigError`),
because a generated key differs between machines and a known one lets anyone
forge links.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

#: the repository root (templates/ and migrations/ live there)
ROOT = Path(__file__).resolve().parents[1]

#: kombu's filesystem transport (in the instance folder); naming the host
#: spares kombu's "No hostname was supplied" warning at every connection
EMBEDDED_BROKER = "filesystem://localhost/"

#: secret keys from examples and habits, refused in production
KNOWN_DEFAULT_KEYS = frozenset({"change-me", "changeme", "change-me-too", "secret", "secret-key", "dev",
                                "development", "test", "please-change-me", "replace-me"})


class ConfigError(Exception):
    """The configuration cannot be used; the message says what to set."""


@dataclass(frozen=True)
class Config:
    instance_path: Path
    database_url: str
    broker_url: str
    secret_key: str
    base_url: str
    mail_domain: str
    mail_from: str
    smtp_url: str | None = None
    #: the Celery queue; installations (or test runs) sharing one broker use different names
    queue_name: str = "farmpost"
    #: seconds a move link stays valid
    move_link_max_age: int = 30 * 24 * 3600
    #: seconds a seat, join or preferences link stays valid
    seat_link_max_age: int = 365 * 24 * 3600
    #: filesystem broker polling interval (seconds)
    broker_polling_interval: float = 0.05
    #: the authserv-id under which our MTA writes Authentication-Results (RFC
    #: 8601); with it, inbound mail whose DMARC check failed is refused
    authserv_id: str | None = None
    #: "production" or "development" (FARMPOST_ENV; see the module's docstring)
    environment: str = "development"
    #: whether /mailbox answers other machines than this one (MAILBOX_PUBLIC)
    mailbox_public: bool = False
    #: failed tries before a move request, a mail or an inbound mail is "failed"
    max_tries: int = 8
    #: the wait after the first failed try (seconds); it doubles with each try
    retry_delay: float = 30.0
    #: the longest wait between two tries (seconds)
    retry_delay_max: float = 3600.0
    #: the first wait after the SMTP server refused a connection (seconds);
    #: doubles while it keeps refusing, up to ``retry_delay_max``
    breaker_delay: float = 5.0
    #: a worker whose heartbeat is older than this (seconds) counts as gone
    heartbeat_max_age: float = 30.0
    #: the largest inbound mail read (MAX_MAIL_BYTES); every way in honours it
    max_mail_bytes: int = 10 * 1024 * 1024
    extra: dict = field(default_factory=dict)

    @property
    def embedded_broker(self) -> bool:
        return self.broker_url.startswith("filesystem://")

    @property
    def broker_folder(self) -> Path:
        return self.instance_path / "broker"


def load_config(env: dict[str, str] | None = None, **overrides) -> Config:
    """Read the configuration from ``env`` (default: ``os.environ``)."""
    env = dict(os.environ if env is None else env)
    instance = Path(env.get("FARMPOST_INSTANCE") or ROOT / "instance").resolve()
    instance.mkdir(parents=True, exist_ok=True)
    domain = env.get("MAIL_DOMAIN", "farmpost.localhost")
    environment = environment_of(env)
    values = dict(
        instance_path=instance,
        database_url=env.get("DATABASE_URL") or f"sqlite:///{instance / 'farmpost.sqlite3'}",
        broker_url=env.get("CELERY_BROKER_URL") or EMBEDDED_BROKER,
        secret_key=_secret_key(env, instance, environment),
        base_url=base_url_of(env, instance),
        environment=environment,
        mailbox_public=env.get("MAILBOX_PUBLIC", "").strip().lower() in ("1", "true", "yes", "on"),
        mail_domain=domain,
        mail_from=env.get("MAIL_FROM") or f"Farmpost <farmpost@{domain}>",
        smtp_url=env.get("SMTP_URL") or None,
        queue_name=env.get("FARMPOST_QUEUE") or "farmpost",
        authserv_id=env.get("AUTHSERV_ID") or None,
        max_mail_bytes=_whole_number(env, "MAX_MAIL_BYTES", 10 * 1024 * 1024),
    )
    values.update(overrides)
    return Config(**values)


def _whole_number(env: dict[str, str], name: str, default: int) -> int:
    value = (env.get(name) or "").strip()
    if not value:
        return default
    if not value.isdigit() or int(value) <= 0:
        raise ConfigError(f"{name} must be a whole number of bytes, not {value!r}.")
    return int(value)


def environment_of(env: dict[str, str]) -> str:
    """FARMPOST_ENV if set, else production when DATABASE_URL names a server."""
    named = (env.get("FARMPOST_ENV") or "").strip().lower()
    if named:
        if named not in ("production", "development"):
            raise ConfigError(f"FARMPOST_ENV must be production or development, not {named!r}.")
        return named
    url = env.get("DATABASE_URL") or ""
    return "production" if url and not url.startswith("sqlite") else "development"


#: where ``farmpost run`` writes the address it serves on while it runs
RUNNING_URL_FILE = "base_url"


def base_url_of(env: dict[str, str], instance: Path) -> str:
    """BASE_URL; else the address of the ``farmpost run`` serving this
    instance folder (it writes it there), so ``farmpost demo`` in another
    shell prints links to the running server; else http://127.0.0.1:PORT."""
    if env.get("BASE_URL"):
        return env["BASE_URL"].strip().rstrip("/")
    running = instance / RUNNING_URL_FILE
    if running.exists() and running.read_text().strip():
        return running.read_text().strip().rstrip("/")
    port = (env.get("PORT") or "5000").strip()
    return f"http://127.0.0.1:{port}"


def _secret_key(env: dict[str, str], instance: Path, environment: str) -> str:
    key = (env.get("SECRET_KEY") or "").strip()
    if environment == "production":
        if not key:
            raise ConfigError("SECRET_KEY is not set. In production every machine must sign links with the same "
                              "key: set SECRET_KEY (e.g. python3 -c \"import secrets; "
                              "print(secrets.token_urlsafe(48))\").")
        if key.lower() in KNOWN_DEFAULT_KEYS:
            raise ConfigError(f"SECRET_KEY is the placeholder {key!r}: anyone could sign links with it. "
                              "Set a random one (python3 -c \"import secrets; print(secrets.token_urlsafe(48))\").")
        return key
    return key or _instance_secret(instance)


def _instance_secret(instance: Path) -> str:
    """A secret generated once and kept in the instance folder (mode 600)."""
    path = instance / "secret_key"
    if not path.exists():
        tmp = instance / f".secret_key.{os.getpid()}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(48))
        try:
            os.link(tmp, path)  # atomic: the first process to start wins
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
    return path.read_text().strip()
