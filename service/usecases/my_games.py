"""My games: a farmer types their address (or mails ``games`` to new@) and
gets one mail listing every seat they hold, with a link to each, and their
record (:mod:`service.game.standings`).

There are no accounts: an address proves itself by receiving the mail. So
the web form never says whether an address is known: :func:`ask_for_my_games`
only checks the address's shape and writes one outbox row, the same for
every address, and the list is built when the mail is sent, in the worker
(:func:`with_listing`, called by :func:`service.outbox.sending.send_mail`): the form
answers the same page in the same time whoever asks. An address that holds
no seat gets a mail saying so (harmless: it tells the owner of that
address what they could find out anyway, and nobody else's games).

By mail the answer goes to the From address (:mod:`service.inbound.receive`),
so a forged From only sends the list to its real owner.
"""

from __future__ import annotations

import uuid

from mail.outgoing.envelope import Envelope
from service.core.services import Services
from service.jobs.dispatching import enqueue
from service.notify.listings import KIND
from service.storage.models import OutgoingMail
from service.usecases.creation import check_address

SUBJECT = "Farmpost: your games"


def ask_for_my_games(svc: Services, address: str, language: str = "en") -> None:
    """The web form's ask: one mail to ``address``, in ``language`` (the
    asker's page's), whether or not it holds a seat (raises InvalidInput for
    what is not an address)."""
    address = (address or "").strip()
    check_address(address)
    message_id = f"<{uuid.uuid4().hex}.games@{svc.config.mail_domain}>"
    envelope = Envelope(message_id=message_id, sender=svc.config.mail_sender, to=("", address), subject=SUBJECT,
                        language=language)
    with svc.db.transaction() as session:
        mail = OutgoingMail(message_id=message_id, game_id=None, kind=KIND, to_addr=address, subject=SUBJECT,
                            context={"kind": KIND, "address": address.lower(), "envelope": envelope.as_data()})
        session.add(mail)
        session.flush()
        mail_id = mail.id
    enqueue(svc, "mail", mail_id)
