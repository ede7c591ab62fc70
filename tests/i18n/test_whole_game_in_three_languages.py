"""A whole game by mail at a table of three languages: Ann reads English,
Béatrice French and Dirk German. Each answers their turn mails by replying,
quoting the mail as Gmail does, with the moves typed in their own words
(``prendre b2``, ``nimm b2``); every mail each of them gets, from the
invitation to the final result, is in their language, and the game is
played to its end from those replies alone."""

from __future__ import annotations

from email import message_from_bytes, policy

import pytest
from sqlalchemy import select

from engine.bots import make_bot
from engine.core import Rng
from engine.words import in_language
from service.core.game_kinds import rules_for
from service.inbound.receive import receive
from service.storage.models import MailboxMessage, MoveLogEntry, OutgoingMail
from service.usecases import creation
from tests.mail.replies import gmail_reply
from tests.service.helpers import game_row

pytestmark = [pytest.mark.parametrize("database_url", ["sqlite"], indirect=True), pytest.mark.slow]

FARMERS = [creation.FarmerSpec("Ann", "ann@example.org"),
           creation.FarmerSpec("Béatrice", "bea@example.org", language="fr"),
           creation.FarmerSpec("Dirk", "dirk@example.org", language="de")]
#: what each language's turn mail subject says
YOUR_TURN = {"en": "your turn", "fr": "à vous de jouer", "de": "du bist am Zug"}


def test_given_a_table_of_three_languages_when_each_plays_by_mail_in_their_words_then_all_is_in_their_language(svc):
    created = creation.create_game(svc, "sunfield", FARMERS, host=0, seed=11)
    for position in (1, 2):
        creation.join(svc, created.game_id, position)
    game_id, rules = created.game_id, rules_for("sunfield")
    language = {spec.email: spec.language for spec in FARMERS}
    bot, rng = make_bot("random"), Rng.from_seed(5)
    for _ in range(300):
        game = game_row(svc, game_id)
        if game.status == "over":
            break
        seat = rules.to_act(game.state)
        farmer = FARMERS[seat]
        # the farmer answers their newest turn mail with the moves of their whole turn, in their words
        state, typed = game.state, []
        while rules.to_act(state) == seat:
            move = bot.choose(rules, state, rng)
            typed.append(in_language(rules, rules.text(move), farmer.language))
            state = rules.apply(state, move)
        raw = gmail_reply(newest_turn_mail(svc, game_id, farmer.email), farmer.email, "\n".join(typed))
        before = game.version
        receive(svc, raw, source="ingest")
        assert game_row(svc, game_id).version > before, (farmer.name, typed)
    assert game_row(svc, game_id).status == "over"
    with svc.db.transaction() as session:
        sources = set(session.scalars(select(MoveLogEntry.source).where(MoveLogEntry.game_id == game_id)))
        finals = set(session.scalars(select(OutgoingMail.to_addr).where(
            OutgoingMail.game_id == game_id, OutgoingMail.kind == "final")))
        delivered = session.execute(select(MailboxMessage, OutgoingMail.kind).outerjoin(
            OutgoingMail, OutgoingMail.message_id == MailboxMessage.message_id).order_by(MailboxMessage.id)).all()
    assert sources == {"mail"} and finals == set(language)
    kinds = set()
    for message, kind in delivered:
        mail = message_from_bytes(message.raw, policy=policy.default)
        reader = language[message.to_addr]
        kinds.add(kind)
        assert str(mail["Content-Language"]) == reader, (message.to_addr, kind, message.subject)
        if kind == "turn":
            assert YOUR_TURN[reader] in message.subject, (message.to_addr, message.subject)
    assert {"invite", "turn", "final"} <= kinds, kinds


def newest_turn_mail(svc, game_id: int, address: str):
    with svc.db.transaction() as session:
        row = session.scalars(select(MailboxMessage).join(
            OutgoingMail, OutgoingMail.message_id == MailboxMessage.message_id).where(
            OutgoingMail.kind == "turn", OutgoingMail.game_id == game_id, MailboxMessage.to_addr == address)
            .order_by(MailboxMessage.id.desc()).limit(1)).one()
        return message_from_bytes(row.raw, policy=policy.default)
