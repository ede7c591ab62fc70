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
import re
import secrets
from dataclasses import dataclass, field
from email.utils import parseaddr
from pathlib import Path

#: the repository root (templates/ and migrations/ live there)
ROOT = Path(__file__).resolve().parents[2]

#: kombu's filesystem transport (in the instance folder); naming the host
#: spares kombu's "No hostname was supplied" warning at every connection
EMBEDDED_BROKER = "filesystem://localhost/"

#: secret keys from examples and habits, refused in production
KNOWN_DEFAULT_KEYS = frozenset({"change-me", "changeme", "change-me-too", "secret", "secret-key", "dev",
                                "development", "test", "please-change-me", "replace-me"})


class ConfigError(Exception):
    """The configuration cannot be used; the message says what to set."""


@dataclass(frozen=True)
class Limit:
    """At most ``count`` times per ``seconds`` (service/storage/ratelimit.py)."""

    count: int
    seconds: int

    def __str__(self) -> str:
        unit = {60: "minute", 3600: "hour", 86400: "day"}.get(self.seconds)
        return f"{self.count}/{unit}" if unit else f"{self.count}/{self.seconds}s"


#: the rate limits by bucket (service/storage/ratelimit.py); each is overridden by
#: RATE_LIMIT_<BUCKET> ("answers" -> RATE_LIMIT_ANSWERS="20/hour")
DEFAULT_RATE_LIMITS = {
    #: answers to one address an hour (the one after is a "slow down" notice, then silence)
    "answers": Limit(20, 3600),
    #: answers to senders who are not a seat's farmer (unknown or forged), all of them together
    "stranger-answers": Limit(50, 3600),
    #: games asked for by one address through new@ a day
    "new-games": Limit(5, 86400),
    #: form posts and link confirms from one client (its IP address)
    "web-posts": Limit(120, 600),
    #: games set up with the web form by one client (each one mails invitations)
    "web-new-games": Limit(20, 3600),
    #: my-games lists mailed to one address an hour (the form and `games` by mail)
    "my-games": Limit(3, 3600),
    #: my-games asks from one client (its IP address) an hour, whatever the addresses
    "my-games-client": Limit(10, 3600),
    #: confirmations of league sign-ups and duplicate entries mailed to one address an hour
    "sign-ups": Limit(5, 3600),
    #: league sign-ups and duplicate entries asked from one client (its IP address) an hour
    "sign-ups-client": Limit(10, 3600),
    #: confirmations of asks for open seats mailed to one address an hour
    "seat-asks": Limit(5, 3600),
    #: asks for open seats from one client (its IP address) an hour, whatever the addresses
    "seat-asks-client": Limit(10, 3600),
    #: asks for the open seats of one table an hour, whoever asks
    "seat-asks-table": Limit(20, 3600),
    #: confirmation mails of asks for open seats an hour, all tables and clients together
    "seat-ask-mails": Limit(100, 3600),
}

_UNITS = {"s": 1, "second": 1, "seconds": 1, "minute": 60, "minutes": 60, "min": 60, "hour": 3600,
          "hours": 3600, "h": 3600, "day": 86400, "days": 86400, "d": 86400}


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
    #: /healthz fails when a queue's oldest due job has waited longer than
    #: this (seconds; MAX_WAIT_SECONDS): its workers are alive but behind
    max_wait_seconds: int = 600
    #: the largest inbound mail read (MAX_MAIL_BYTES); every way in honours it
    max_mail_bytes: int = 10 * 1024 * 1024
    #: seconds a webhook receiver has to answer (docs/webhooks.md)
    webhook_timeout: float = 5.0
    #: failed tries in a row after which a webhook is turned off and its owner told
    webhook_max_failures: int = 8
    #: whether webhooks may call private, loopback and plain-http addresses
    #: (WEBHOOK_ALLOW_PRIVATE; off: a farmer's URL must not reach our own network)
    webhook_allow_private: bool = False
    #: whether turn mails and seat pages offer whole turns in one link, and a
    #: typed line may chain steps (FARMPOST_WHOLE_TURNS, default on; off: one
    #: step per option and per line, the baseline of bench/pace.py)
    whole_turns: bool = True
    #: the rate limits by bucket (DEFAULT_RATE_LIMITS, RATE_LIMIT_<BUCKET>)
    rate_limits: dict = field(default_factory=lambda: dict(DEFAULT_RATE_LIMITS))
    #: proxies in front of the web process whose X-Forwarded-For is believed (TRUSTED_PROXIES)
    trusted_proxies: int = 0
    #: whether the mail transport carries internationalised addresses (RFC 6531):
    #: the local mailbox does; an SMTP relay when SMTP_UTF8 says it offers SMTPUTF8
    smtputf8: bool = True
    #: days a game made by mail waits for its creator's confirmation before it expires
    unconfirmed_days: int = 7
    #: temporary failures (soft bounces) of an address within that many days
    #: that mark its seats bouncing as a permanent one does (SOFT_BOUNCES, SOFT_BOUNCE_DAYS)
    soft_bounces: int = 3
    soft_bounce_days: int = 7
    #: who signs outgoing mail with DKIM (DKIM): "farmpost" (with the keys
    #: below), "relay" (the relay signs: Farmpost does not) or "off"
    dkim: str = "off"
    #: the d= of Farmpost's signatures (DKIM_DOMAIN; default: MAIL_FROM's domain, so From aligns)
    dkim_domain: str = ""
    #: PEM private keys with their selectors (DKIM_PRIVATE_KEY[_FILE] and
    #: DKIM_SELECTOR; DKIM_ED25519_PRIVATE_KEY[_FILE] and DKIM_ED25519_SELECTOR):
    #: ((selector, pem), ...), RSA first; a mail gets one signature per key
    dkim_keys: tuple = ()
    #: the SenderId ending every Feedback-ID header (FEEDBACK_ID_SENDER)
    feedback_sender: str = "farmpost"
    #: SPF mechanisms of the hosts that send our mail (SPF_SENDERS, e.g.
    #: "ip4:203.0.113.7 include:_spf.relay.example"; default "mx": the domain's MX hosts)
    spf_senders: str = "mx"
    #: the DMARC policy ``farmpost dns-records`` suggests (DMARC_POLICY: none, quarantine, reject)
    dmarc_policy: str = "none"
    #: the host that receives the reply domain's mail (MX_HOST; default: BASE_URL's host)
    mx_host: str = ""
    #: where ``farmpost mail-check`` (and beat, daily) sends its test mail, and
    #: the mailbox it reads it back from (MAIL_CHECK_TO, MAIL_CHECK_IMAP_URL)
    mail_check_to: str | None = None
    mail_check_imap_url: str | None = None
    #: farmers may plan their next turns (FARMPOST_PLANS, default on; docs/plans.md)
    plans: bool = True
    extra: dict = field(default_factory=dict)

    @property
    def mail_sender(self) -> tuple[str, str]:
        """``mail_from`` as a (display name, address) pair: the From of our mails."""
        return parseaddr(self.mail_from)

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
        max_wait_seconds=_whole_number(env, "MAX_WAIT_SECONDS", 600, unit="seconds"),
        soft_bounces=_whole_number(env, "SOFT_BOUNCES", 3, unit="bounces"),
        soft_bounce_days=_whole_number(env, "SOFT_BOUNCE_DAYS", 7, unit="days"),
        webhook_allow_private=env.get("WEBHOOK_ALLOW_PRIVATE", "").strip().lower() in ("1", "true", "yes", "on"),
        whole_turns=env.get("FARMPOST_WHOLE_TURNS", "on").strip().lower() not in ("0", "false", "no", "off"),
        rate_limits=rate_limits_of(env),
        trusted_proxies=_count(env, "TRUSTED_PROXIES"),
        smtputf8=not env.get("SMTP_URL") or _flag(env, "SMTP_UTF8"),
        feedback_sender=(env.get("FEEDBACK_ID_SENDER") or "farmpost").strip(),
        spf_senders=(env.get("SPF_SENDERS") or "mx").strip(),
        dmarc_policy=_one_of(env, "DMARC_POLICY", ("none", "quarantine", "reject")),
        mx_host=(env.get("MX_HOST") or "").strip().rstrip("."),
        mail_check_to=(env.get("MAIL_CHECK_TO") or "").strip() or None,
        mail_check_imap_url=(env.get("MAIL_CHECK_IMAP_URL") or "").strip() or None,
        plans=(env.get("FARMPOST_PLANS") or "on").strip().lower() not in ("0", "false", "no", "off"),
    )
    values.update(dkim_of(env, mail_from=values["mail_from"]))
    values.update(overrides)
    return Config(**values)


def dkim_of(env: dict[str, str], *, mail_from: str) -> dict:
    """DKIM's settings: DKIM=relay leaves signing to the relay; otherwise
    Farmpost signs when it is given a key (DKIM_PRIVATE_KEY holds the PEM,
    or DKIM_PRIVATE_KEY_FILE names a file holding it; the same with
    DKIM_ED25519_ for a second, Ed25519 signature), and DKIM=farmpost
    insists on one. Each key is read here, so a bad one stops the start."""
    mode = (env.get("DKIM") or "").strip().lower()
    if mode not in ("", "farmpost", "relay", "off"):
        raise ConfigError(f"DKIM must be farmpost, relay or off, not {mode!r}.")
    domain = (env.get("DKIM_DOMAIN") or "").strip().lower() or mail_from.rpartition("@")[2].strip(" >").lower()
    keys = []
    for prefix, default_selector in (("DKIM_", "farmpost"), ("DKIM_ED25519_", "farmpost-ed")):
        pem = _key_text(env, prefix + "PRIVATE_KEY")
        if pem:
            keys.append(((env.get(prefix + "SELECTOR") or default_selector).strip(), pem))
    if mode in ("relay", "off"):
        return {"dkim": mode, "dkim_domain": domain, "dkim_keys": ()}
    if not keys:
        if mode == "farmpost":
            raise ConfigError("DKIM=farmpost needs a key: set DKIM_PRIVATE_KEY_FILE to a PEM private key "
                              "(openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048), or DKIM=relay.")
        return {"dkim": "off", "dkim_domain": domain, "dkim_keys": ()}
    from mail.outgoing.dkim import DkimKeyError, load_key

    for selector, pem in keys:
        try:
            load_key(pem, selector=selector, domain=domain)
        except DkimKeyError as error:
            raise ConfigError(f"{error} (selector {selector!r})") from None
    return {"dkim": "farmpost", "dkim_domain": domain, "dkim_keys": tuple(keys)}


def _one_of(env: dict[str, str], name: str, choices: tuple[str, ...]) -> str:
    value = (env.get(name) or choices[0]).strip().lower()
    if value not in choices:
        raise ConfigError(f"{name} must be one of {', '.join(choices)}, not {value!r}.")
    return value


def _key_text(env: dict[str, str], name: str) -> str:
    """``NAME`` itself, or the file ``NAME_FILE`` names (a secret mounted as a file)."""
    if (env.get(name) or "").strip():
        return env[name].strip().replace("\\n", "\n")
    path = (env.get(name + "_FILE") or "").strip()
    if not path:
        return ""
    try:
        return Path(path).read_text().strip()
    except OSError as error:
        raise ConfigError(f"{name}_FILE names {path!r}, which cannot be read: {error.strerror}.") from None


def _whole_number(env: dict[str, str], name: str, default: int, unit: str = "bytes") -> int:
    value = (env.get(name) or "").strip()
    if not value:
        return default
    if not value.isdigit() or int(value) <= 0:
        raise ConfigError(f"{name} must be a whole number of {unit}, not {value!r}.")
    return int(value)


def _flag(env: dict[str, str], name: str) -> bool:
    return (env.get(name) or "").strip().lower() in ("1", "true", "yes", "on")


def _count(env: dict[str, str], name: str) -> int:
    value = (env.get(name) or "").strip()
    if not value:
        return 0
    if not value.isdigit():
        raise ConfigError(f"{name} must be a whole number (0 or more), not {value!r}.")
    return int(value)


def rate_limits_of(env: dict[str, str]) -> dict[str, Limit]:
    """DEFAULT_RATE_LIMITS with RATE_LIMIT_<BUCKET> overrides ("20/hour",
    "60/10minutes", "5/day", "100/30s")."""
    limits = dict(DEFAULT_RATE_LIMITS)
    for bucket in limits:
        name = "RATE_LIMIT_" + bucket.upper().replace("-", "_")
        value = (env.get(name) or "").strip()
        if value:
            limits[bucket] = parse_limit(name, value)
    return limits


def parse_limit(name: str, value: str) -> Limit:
    match = re.fullmatch(r"(\d+)/(\d*)([a-z]+)", value.replace(" ", "").lower())
    if not match or match[3] not in _UNITS or (match[2] and int(match[2]) == 0):
        raise ConfigError(f"{name} must read like 20/hour, 60/10minutes or 5/day, not {value!r}.")
    return Limit(int(match[1]), int(match[2] or 1) * _UNITS[match[3]])


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
