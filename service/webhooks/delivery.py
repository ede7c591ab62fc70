"""Sending one webhook delivery (docs/webhooks.md): one idempotent step,
like the outbox.

1. claim the row (``sending`` with a short lease) in a short transaction,
   unless it is sent, failed, dropped, not due, or its hooks are all gone;
2. POST the body with a short timeout (``Config.webhook_timeout``), no
   redirects followed;
3. mark it ``sent``, or count a failed try (service/storage/retries.py: it waits,
   doubling, and is ``failed`` after ``Config.max_tries``).

Failed tries are also counted on every active hook of that URL in the game;
after ``Config.webhook_max_failures`` in a row, or at once when the
receiver answers 404 or 410 (the hook was deleted), those hooks are turned
off, their waiting deliveries dropped, and each owner told by mail.

Before calling, the URL's server name is resolved and refused if any of its
addresses is private, loopback or link-local (unless
``Config.webhook_allow_private``): a farmer's URL must not reach our network.
The call then goes to the address that was checked, not to the name: a
name that answers a public address to the check and a private one to a
second lookup (DNS rebinding) is never looked up twice. urllib3's pool
connects to the address and still sends the name in TLS (SNI) and checks
the certificate against it.
"""

from __future__ import annotations

import logging
import socket
from datetime import timedelta
from urllib.parse import urlsplit

import requests
import urllib3
from sqlalchemy import select

from boards.i18n import translator
from service.core import wall_time
from service.core.errors import NotFound
from service.core.services import Services
from service.jobs.dispatching import unit_of_work
from service.jobs.work import Work
from service.notify import changes
from service.storage.models import Game, Webhook, WebhookDelivery, as_utc
from service.storage.retries import count_failure, due, reason_of
from service.webhooks.addresses import public_address, public_host
from service.webhooks.formats import body, headers
from service.webhooks.registration import short_url

log = logging.getLogger(__name__)

#: how long a claimed delivery is left to its worker before another may send it
LEASE = timedelta(minutes=1)

#: answers that say the hook no longer exists (Discord and Slack answer 404)
GONE = (404, 410)

#: the certificate authorities a receiver's certificate is checked against (requests' bundle)
CA_CERTS = requests.certs.where()


class Refused(Exception):
    """The URL may not be called (a private address): a failure for good."""


def deliver(svc: Services, delivery_id: int) -> str:
    """Send one delivery; returns its status afterwards: sent, sending (another
    worker has it), pending (it waits for a later try), failed or dropped."""
    claimed = _claim(svc, delivery_id)
    if isinstance(claimed, str):
        return claimed
    url, fmt, secret, event = claimed
    payload = body(fmt, event)
    timestamp = str(int(wall_time.now().timestamp()))
    call_headers = headers(fmt, event, payload, secret=secret, timestamp=timestamp, delivery_id=delivery_id)
    try:
        if svc.config.webhook_allow_private:  # a closed network (the tests): plain http allowed, no address checked
            response = requests.post(url, data=payload, timeout=svc.config.webhook_timeout, allow_redirects=False,
                                     headers=call_headers)
            status, text = response.status_code, response.text
        else:
            status, text = post_to_checked_address(url, payload, call_headers, svc.config.webhook_timeout)
    except Refused as error:
        return _failed(svc, delivery_id, str(error), gone=True)
    except (requests.RequestException, urllib3.exceptions.HTTPError, OSError) as error:
        return _failed(svc, delivery_id, reason_of(error))
    if 200 <= status < 300:
        return _sent(svc, delivery_id)
    return _failed(svc, delivery_id, f"HTTP {status}: {text[:200]}", gone=status in GONE)


def post_to_checked_address(url: str, payload: bytes, call_headers: dict, timeout: float) -> tuple[int, str]:
    """POST to the first address :func:`checked_address` found for the
    URL's name (no second lookup), over TLS checked against the name;
    returns the answer's status and text."""
    parts = urlsplit(url)
    pool = urllib3.HTTPSConnectionPool(
        checked_address(url), parts.port or 443, server_hostname=parts.hostname, assert_hostname=parts.hostname,
        cert_reqs="CERT_REQUIRED", ca_certs=CA_CERTS, timeout=urllib3.Timeout(total=timeout), retries=False)
    try:
        path = parts.path or "/"
        answer = pool.urlopen("POST", path + (f"?{parts.query}" if parts.query else ""), body=payload,
                              headers={**call_headers, "Host": parts.netloc.rpartition("@")[2]}, redirect=False)
        return answer.status, answer.data.decode("utf-8", "replace")
    finally:
        pool.close()


def is_public(address: str) -> bool:
    """Whether an address is on the public internet: the test registration
    makes of a literal address too (service/webhooks/addresses.py)."""
    return public_address(address)


def checked_address(url: str) -> str:
    """The URL's server name resolved once: its first address, if every
    address it has is public; :class:`Refused` if any is not."""
    parts = urlsplit(url)
    if not public_host(parts.hostname or ""):  # what registering refuses (a hook made before that check)
        raise Refused(f"{parts.hostname} names a private address; webhooks call only public servers")
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 443, proto=socket.IPPROTO_TCP)
    except OSError as error:
        raise requests.ConnectionError(f"cannot resolve {parts.hostname}: {error}") from None
    for info in infos:
        if not is_public(info[4][0]):
            raise Refused(f"{parts.hostname} has a private address ({info[4][0]}); webhooks call only public servers")
    return infos[0][4][0]


def _claim(svc: Services, delivery_id: int):
    """(url, format, secret, event) of a delivery this worker may send now,
    else its status."""
    now = wall_time.now()
    with svc.db.transaction() as session:
        row = session.execute(select(WebhookDelivery).where(WebhookDelivery.id == delivery_id).with_for_update()
                              .execution_options(populate_existing=True)).scalar_one_or_none()
        if row is None:
            raise NotFound(f"There is no webhook delivery #{delivery_id}.")
        if row.status in ("sent", "failed", "dropped"):
            return row.status
        if row.status == "sending" and row.claimed_at and as_utc(row.claimed_at) > now - LEASE:
            return "sending"
        if not due(row.next_try_at, now):
            return "pending"
        if not _hooks_of(session, row):
            row.status = "dropped"  # removed or turned off since the event
            return row.status
        row.status, row.claimed_at = "sending", now
        return row.url, row.format, row.secret, row.event


def _hooks_of(session, row: WebhookDelivery) -> list[Webhook]:
    return list(session.scalars(select(Webhook).where(
        Webhook.game_id == row.game_id, Webhook.url_hash == row.url_hash, Webhook.active.is_(True))
        .order_by(Webhook.id)))


def _sent(svc: Services, delivery_id: int) -> str:
    with svc.db.transaction() as session:
        row = session.get(WebhookDelivery, delivery_id, populate_existing=True)
        row.status, row.sent_at, row.last_error = "sent", wall_time.now(), None
        for hook in _hooks_of(session, row):
            hook.failures, hook.last_error = 0, None
    return "sent"


def _failed(svc: Services, delivery_id: int, reason: str, *, gone: bool = False) -> str:
    with unit_of_work(svc) as (session, work):
        row = session.get(WebhookDelivery, delivery_id, populate_existing=True)
        row.last_error = reason
        last = gone or count_failure(svc.config, row, reason, what=f"webhook delivery #{delivery_id}")
        row.status = "failed" if last else "pending"
        hooks = _hooks_of(session, row)
        for hook in hooks:
            hook.failures, hook.last_error = hook.failures + 1, reason
        if gone or any(hook.failures >= svc.config.webhook_max_failures for hook in hooks):
            _turn_off(session, svc, row, hooks, reason, work)
        status = row.status
    return status


def _turn_off(session, svc: Services, row: WebhookDelivery, hooks: list[Webhook], reason: str, work: Work) -> None:
    """Turn the URL's hooks off, drop what waits for it, tell each owner once."""
    now = wall_time.now()
    for hook in hooks:
        hook.active, hook.disabled_at = False, now
    for waiting in session.scalars(select(WebhookDelivery).where(
            WebhookDelivery.game_id == row.game_id, WebhookDelivery.url_hash == row.url_hash,
            WebhookDelivery.status == "pending", WebhookDelivery.id != row.id)):
        waiting.status = "dropped"
    game = session.get(Game, row.game_id)
    log.warning("webhook %s of game %s turned off: %s", short_url(row.url), row.game_id, reason)
    for position in sorted({hook.position for hook in hooks}):
        seat = game.seats[position]
        t = translator(seat.language)
        note = t.gettext("Your webhook to %(url)s kept failing, so Farmpost turned it off.\n\n"
                         "The last answer: %(answer)s\n\n"
                         "When the receiver works again, add the hook again on your seat page.",
                         url=short_url(row.url), answer=reason[:300])
        context = changes.game_context(svc, game, seat)
        context["note"] = note
        changes.queue_mail(session, svc, game, seat, "note",
                           changes.subject_for(game, t.gettext("your webhook was turned off")), context, work)
