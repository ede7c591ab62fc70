"""Every mail a farmer gets from a game of Sunfield Farm and of Harvest (not
the toy game the template tests play), rendered as sent to farmers whose
language is the pseudo-locale: the invitation, the turn mails, the accounts
of what the others played, the help, the answers to mailed commands, the
clock's reminder and overdue notice, the digest and the final mail with
its report. No word of any of them may be left
outside the marks: each text, sentence, option, board and number is told
through a catalog, in the reader's language."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import select

from boards.i18n import LANGUAGES, PSEUDO
from engine import get_game
from engine.core import Rng
from service.core.wall_time import ENVIRONMENT_VARIABLE, travel_to
from service.game.clocks import ClockSettings
from service.inbound.receive import receive
from service.notify.digest import send_digests
from service.storage import lookup
from service.storage.models import OutgoingMail, as_utc
from service.usecases import clock_actions, creation, playing, preferences
from tests.mail.inbound_helpers import inbound_row, reply
from tests.pseudo import unmarked_html, words_outside
from tests.service.helpers import game_row, mailbox

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

#: names, not words: the farmers', the service's, the games'
NAMES = ("Anna", "Bob", "Cat", "Farmpost", "Sunfield Farm", "Harvest")

#: what is no one's words: the subject of the replies these tests mail
MAIL_LINES = ("Re: Pebbles #1: your turn",)

#: a mailed command of each kind an answer is written for
BODIES = ("help", "board", "moves", "market", "scores", "what changed", "say Good luck!")


def not_words(rules) -> set[str]:
    """The signs of the text boards (``Ca``, ``Bl.eg``: codes their key explains), the
    corner of a grid (``x→``) and its columns (``a`` to ``f``), and the typed commands, which the pseudo-locale, a
    language no farmer types, shows in English (the game's words, lower case)."""
    typed = {word for table in (rules.verbs(), rules.nouns()) for word in table.by_language["en"]}
    return typed | {"x→", "y↓", "a→", "1↓", "x", "y", *"abcdef", "h", "v"}  # h, v: a Pumpkin lying or standing


#: a Sunfield text board's sign: its colours' and Vegetables' codes, joined by "." or "*" (Ca, Ca.eg, Br*Eg.co)
_CODE = "(?:bl|bn|gr|ye|br|ca|eg|co)"
SIGN = re.compile(rf"{_CODE}(?:[.*]{_CODE})*", re.IGNORECASE)


#: a link's signed token: random letters, with a digit or a capital after a small letter
TOKEN = re.compile(r"(?=[\w-]{6,}$)(?:.*\d.*|.*[a-z].*[A-Z].*)")


def unmarked(text: str | None, rules) -> list[str]:
    left = words_outside(text or "", (*MAIL_LINES, *NAMES))
    # a marked word cut short by a text board's cell ("⟦þåšţûŕ~", "ƀû~") was marked; a signed
    # link's token ("6_Rltt5SvktU56WyEU", random: letters and digits) is no word
    return [w for w in left if w not in not_words(rules) and not SIGN.fullmatch(w)
            and not w.startswith("⟦") and not w.endswith("~") and not TOKEN.fullmatch(w)]


def answer_to(svc, key: str, body: str, sender: str) -> str:
    row = inbound_row(svc, receive(svc, reply(key, body, sender=sender), source="ingest").id)
    assert row.answer, (body, row.outcome)
    return row.answer


def sent(svc) -> list[OutgoingMail]:
    with svc.db.transaction() as session:
        return list(session.scalars(select(OutgoingMail).order_by(OutgoingMail.id)))


@pytest.mark.parametrize("kind, options", [("sunfield", {"advanced": True}), ("harvest", {})])
def test_given_farmers_in_the_pseudo_locale_then_every_mail_of_a_real_game_is_marked(
        svc, kind, options, tmp_path, monkeypatch):
    monkeypatch.setattr(creation, "LANGUAGES", (*LANGUAGES, PSEUDO))
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(tmp_path / "clock-offset"))
    rules = get_game(kind)
    farmers = [creation.FarmerSpec("Anna", "anna@example.org", language=PSEUDO),
               creation.FarmerSpec("Bob", "bob@example.org", language=PSEUDO),
               creation.FarmerSpec("Cat", "cat@example.org", language=PSEUDO)]
    created = creation.create_game(svc, kind, farmers, host=0, seed=5, options=options,
                                   clock=ClockSettings(per_turn=3 * 86400, bank=86400))
    creation.join(svc, created.game_id, 1)
    creation.join(svc, created.game_id, 2)
    for seat in (0, 1, 2):
        preferences.set_preferences(svc, created.game_id, seat, accounts=True, digest=seat == 1)
    with svc.db.transaction() as session:
        game = lookup.load_game(session, created.game_id)
        keys = [seat.reply_key for seat in game.seats]
        due = as_utc(game.clock.due)
    senders = ["Anna <anna@example.org>", "Bob <bob@example.org>", "Cat <cat@example.org>"]
    answers = {}
    acting = rules.to_act(game_row(svc, created.game_id).state)
    for body in BODIES:
        answers[body] = answer_to(svc, keys[acting], body, senders[acting])
    first = rules.text(rules.legal_moves(game_row(svc, created.game_id).state)[0])
    answers["preview"] = answer_to(svc, keys[acting], f"preview {first}", senders[acting])
    receive(svc, reply(keys[acting], first, sender=senders[acting]), source="ingest")  # played: told in the mails
    answers["a move the game refuses"] = answer_to(svc, keys[acting], first, senders[acting])
    assert send_digests(svc) == 1
    travel_to(tmp_path / "clock-offset", due + timedelta(hours=2))  # a reminder, then overdue
    clock_actions.run_clocks(svc)
    rng = Rng(5)
    while (game := game_row(svc, created.game_id)).status == "active":
        seat = rules.to_act(game.state)
        moves = rules.legal_moves(game.state)
        request_id = playing.submit_move(svc, game.id, seat, [rules.code(moves[rng.below(len(moves))])],
                                         source="web", base_version=game.version)
        assert playing.wait_for(svc, request_id, 0).status == "applied"
    answers["board, once over"] = answer_to(svc, keys[0], "board", senders[0])
    mails = [mail for mail in sent(svc) if mail.to_addr.endswith("@example.org")]
    kinds = {mail.kind for mail in mails}
    assert {"invite", "turn", "account", "remind", "overdue", "digest", "final"} <= kinds, sorted(kinds)
    left = {f"answer to “{body}”": unmarked(answer, rules) for body, answer in answers.items()}
    for mail in mails:
        if mail.kind != "answer":  # the answers: above
            left.setdefault(f"{mail.kind} mail", []).extend(unmarked(mail.subject, rules)
                                                            + unmarked(mail.text_part, rules))
    for message in mailbox(svc):
        if not str(message["Subject"]).startswith("Re:") and (html := message.get_body(preferencelist=("html",))) is not None:
            words = unmarked_html(html.get_content(), (*MAIL_LINES, *NAMES))
            left.setdefault(f"html part of “{message['Subject']}”", []).extend(
                w for w in words if w.split(": ", 1)[1] not in not_words(rules)
                and not SIGN.fullmatch(w.split(": ", 1)[1]))
    assert {what: sorted(set(words)) for what, words in left.items() if words} == {}
