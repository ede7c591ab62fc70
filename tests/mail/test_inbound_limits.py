"""Mail bombs and forged senders (issue 13): given a started game of Pebbles
(Anna to play, then Bob), when one address or many forged ones mail far more
than a farmer would, then the answers stop at the limits of
service/storage/ratelimit.py (one "slow down" notice per address and window, then
silence), while every mail is still stored and a seat's own moves are still
applied. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import func, select

from boards.i18n import translator
from service.core import wall_time
from service.core.config import Limit
from service.inbound.receive import receive, too_much_mail
from service.storage.models import InboundMail
from tests.mail.inbound_helpers import inbound_row, log_texts, reply, start_game
from tests.service.helpers import mailbox, text_part

ANNA = "anna@example.org"


@pytest.fixture
def game(svc):
    return start_game(svc)


def limit(svc, bucket: str, count: int) -> Limit:
    svc.config = replace(svc.config, rate_limits={**svc.config.rate_limits, bucket: Limit(count, 3600)})
    return svc.config.rate_limits[bucket]


def answers_to(svc, address: str) -> list[str]:
    return [text_part(m) for m in mailbox(svc, address) if str(m["Subject"]).startswith("Re:")]


def test_a_farmer_mailing_board_again_and_again_gets_the_limit_then_one_notice_then_silence(svc, game):
    _, keys = game
    answers = svc.config.rate_limits["answers"]
    spellings = [f"Anna <{ANNA}>", "Anna <Anna@Example.org>", "ANNA <ANNA@EXAMPLE.ORG>"]  # one address
    rows = [inbound_row(svc, receive(svc, reply(keys["Anna"], f"board\n\nAnna {n}", sender=spellings[n % 3]),
                                     source="ingest").id)
            for n in range(answers.count + 10)]
    assert all(row.outcome == "answered" for row in rows)  # every mail read and recorded
    sent = [text_part(m) for m in mailbox(svc) if str(m["Subject"]).startswith("Re:")]
    assert len(sent) == answers.count + 1
    assert sent[-1].startswith(too_much_mail(answers, translator("en")))


def test_once_the_window_has_passed_the_farmer_is_answered_again(svc, game, tmp_path, monkeypatch):
    _, keys = game
    answers = limit(svc, "answers", 2)
    for n in range(answers.count + 3):
        receive(svc, reply(keys["Anna"], f"board\n\nAnna {n}"), source="ingest")
    assert len(answers_to(svc, ANNA)) == answers.count + 1
    monkeypatch.setenv(wall_time.ENVIRONMENT_VARIABLE, str(tmp_path / "offset"))
    wall_time.set_offset(tmp_path / "offset", answers.seconds + 1)
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "board\n\nlater"), source="ingest").id)
    assert row.answered and len(answers_to(svc, ANNA)) == answers.count + 2


def test_over_the_limit_a_seats_own_moves_are_still_applied(svc, game):
    """Limit answers, not moves: a farmer who asked too many questions can
    still play from their reply address."""
    game_id, keys = game
    answers = limit(svc, "answers", 2)
    for n in range(answers.count + 3):
        receive(svc, reply(keys["Anna"], f"board\n\nAnna {n}"), source="ingest")
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "take 1"), source="ingest").id)
    assert row.outcome == "applied"
    assert log_texts(svc, game_id) == ["take 1"]


def test_many_forged_senders_get_at_most_the_stranger_limit_of_answers_together(svc, game):
    _, keys = game
    strangers = limit(svc, "stranger-answers", 5)
    forgers = [f"mallory{n}@evil.example" for n in range(20)]
    rows = [inbound_row(svc, receive(svc, reply(keys["Bob"], "take 1", sender=address), source="ingest").id)
            for address in forgers]
    assert {row.outcome for row in rows} == {"forged-sender"}
    assert sum(len(answers_to(svc, address)) for address in forgers) == strangers.count
    assert "answers to unknown senders" in rows[-1].detail


def test_the_stranger_limit_leaves_the_seats_farmers_their_answers(svc, game):
    _, keys = game
    limit(svc, "stranger-answers", 1)
    for n in range(3):
        receive(svc, reply(keys["Bob"], "take 1", sender=f"mallory{n}@evil.example"), source="ingest")
    receive(svc, reply(keys["Anna"], "board"), source="ingest")
    assert len(answers_to(svc, ANNA)) == 1


def test_unknown_reply_keys_count_against_the_stranger_limit(svc, game):
    strangers = limit(svc, "stranger-answers", 3)
    for n in range(6):
        receive(svc, reply("0" * 20, "take 1", sender=f"someone{n}@example.net"), source="ingest")
    with svc.db.transaction() as session:
        answered = session.scalar(select(func.count()).select_from(InboundMail).where(InboundMail.answered))
    assert answered == strangers.count


def test_a_huge_mail_is_read_only_to_the_bounds_and_the_answer_says_so(svc, game, monkeypatch):
    """5 MB of lines below a command: reading a mail costs CPU in proportion
    to what is read, whoever sent it, so at most MAX_TEXT_CHARS of text and
    MAX_COMMAND_LINES lines are looked at; the answer says the rest was not."""
    from mail.inbound import commands, pipeline

    _, keys = game
    examined = []
    read = commands._read
    monkeypatch.setattr(commands, "_read", lambda line, **kw: examined.append(line) or read(line, **kw))
    chatter = "\r\n".join(f"and here is line {n} of a very long letter about the farm" for n in range(90_000))
    raw = reply(keys["Anna"], "board\r\n" + chatter)
    assert len(raw) > 5_000_000

    reading = pipeline.read_mail(raw, domain="farmpost.test")
    assert len(examined) <= pipeline.MAX_COMMAND_LINES
    assert len(reading.text) <= pipeline.MAX_TEXT_CHARS
    assert reading.commands.cut

    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert row.answer.endswith(f"only its first {pipeline.MAX_COMMAND_LINES} lines were read as commands, "
                               "the rest was not read.")
    assert answers_to(svc, ANNA)[-1].count("the rest was not read") == 1
