"""Configuration from the environment, with embedded defaults.

Nothing is required: without any variable Farmpost keeps everything in an
instance folder (SQLite database, generated secret key, the filesystem
broker's queue), so a fresh checkout runs with no server to install.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

#: the repository root (templates/ and migrations/ live there)
ROOT = Path(__file__).resolve().parents[1]


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
    #: seconds the web waits for a submitted move before showing "queued"
    submit_wait: float = 8.0
    #: filesystem broker polling interval (seconds)
    broker_polling_interval: float = 0.05
    #: the authserv-id under which our MTA writes Authentication-Results (RFC
    #: 8601); with it, inbound mail whose DMARC check failed is refused
    authserv_id: str | None = None
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
    port = env.get("PORT", "5000")
    domain = env.get("MAIL_DOMAIN", "farmpost.localhost")
    values = dict(
        instance_path=instance,
        database_url=env.get("DATABASE_URL") or f"sqlite:///{instance / 'farmpost.sqlite3'}",
        broker_url=env.get("CELERY_BROKER_URL") or "filesystem://",
        secret_key=env.get("SECRET_KEY") or _instance_secret(instance),
        base_url=(env.get("BASE_URL") or f"http://127.0.0.1:{port}").rstrip("/"),
        mail_domain=domain,
        mail_from=env.get("MAIL_FROM") or f"Farmpost <farmpost@{domain}>",
        smtp_url=env.get("SMTP_URL") or None,
        queue_name=env.get("FARMPOST_QUEUE") or "farmpost",
        authserv_id=env.get("AUTHSERV_ID") or None,
    )
    values.update(overrides)
    return Config(**values)


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
