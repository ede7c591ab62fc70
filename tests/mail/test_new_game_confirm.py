"""A game asked for by mail waits for its creator (issue 13): given a mail
to new@, when it is processed, then the game is made unconfirmed, the From
address gets a confirm link and nobody else hears anything; the link's
page, confirmed, sends the invitations once; a game never confirmed expires
with beat's sweep; forged new@ mails reach no invited farmer, and the
forged From gets no more confirm mails than the new-games limit. Runs on
SQLite and PostgreSQL."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from service.core.wall_time import now
from service.inbound.receive import receive
from service.ops.sweep import beat_round
from service.storage.models import Game
from tests.mail.inbound_helpers import inbound_row
from tests.service.helpers import csrf_token, mailbox, path_of, text_part

ANNA, VICTIM = "anna@example.org", "victim@example.net"


def new_game_mail(n: int = 1, sender: str = f"Anna <{ANNA}>", invitee: str = VICTIM) -> bytes:
    return (f"From: {sender}\r\nTo: new@farmpost.test\r\nSubject: game\r\nMessage-ID: <new-{n}@example.org>\r\n"
            f"\r\nnew toy with {invitee}\r\nclock {24 + n}h\r\n").encode()  # a text of its own: no repeat


def confirm_link(svc, to: str = ANNA) -> str:
    [answer] = [text_part(m) for m in mailbox(svc, to)]
    return re.search(r"https?://\S+/confirm/\S+", answer)[0]


def statuses(svc) -> list[str]:
    with svc.db.transaction() as session:
        return list(session.scalars(select(Game.status).order_by(Game.id)))


@pytest.fixture
def web(app):
    return app.test_client()


def test_a_new_game_mail_sends_its_creator_a_confirm_link_and_nobody_else_anything(svc):
    row = inbound_row(svc, receive(svc, new_game_mail(), source="ingest").id)
    assert (row.outcome, statuses(svc)) == ("created", ["unconfirmed"])
    assert mailbox(svc, VICTIM) == []
    answer = text_part(mailbox(svc, ANNA)[0])
    assert "nothing has been sent to anyone yet" in answer and "/confirm/" in answer
    assert mailbox(svc, ANNA)[0]["Reply-To"] is None  # no seat's reply address before the sender is known


def test_confirming_opens_the_game_and_sends_the_invitations_once(svc, web):
    receive(svc, new_game_mail(), source="ingest")
    url = path_of(confirm_link(svc))
    page = web.get(url)
    assert page.status_code == 200 and "Confirm and invite" in page.text
    assert statuses(svc) == ["unconfirmed"]  # a GET (a link scanner) changes nothing
    response = web.post(url, data={"csrf_token": csrf_token(page.text)})
    assert response.status_code == 303 and "/g/" in response.headers["Location"]
    assert statuses(svc) == ["inviting"]
    assert len(mailbox(svc, VICTIM)) == 1
    again = web.post(url, data={"csrf_token": csrf_token(page.text)})
    assert again.status_code == 410 and "works once" in again.text
    assert web.get(url).status_code == 410
    assert len(mailbox(svc, VICTIM)) == 1


def test_a_game_never_confirmed_expires_with_beats_sweep(svc, web):
    receive(svc, new_game_mail(), source="ingest")
    assert beat_round(svc)["expired"] == 0
    with svc.db.transaction() as session:
        session.execute(update(Game).values(created_at=now() - timedelta(days=svc.config.unconfirmed_days,
                                                                            minutes=1)))
    assert beat_round(svc)["expired"] == 1
    assert statuses(svc) == ["expired"]
    page = web.get(path_of(confirm_link(svc)))
    assert page.status_code == 410
    assert mailbox(svc, VICTIM) == []


def test_fifty_forged_new_game_mails_invite_no_victim_and_confirm_mails_stop_at_the_limit(svc):
    limit = svc.config.rate_limits["new-games"]
    rows = [inbound_row(svc, receive(svc, new_game_mail(n), source="ingest").id) for n in range(50)]
    assert mailbox(svc, VICTIM) == []
    assert statuses(svc) == ["unconfirmed"] * limit.count
    answers = [text_part(m) for m in mailbox(svc, ANNA)]
    assert len(answers) == limit.count + 1  # the confirm links, then one "slow down"
    assert "try again tomorrow" in answers[-1]
    assert {row.outcome for row in rows[limit.count:]} == {"rate-limited"}
