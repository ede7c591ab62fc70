"""Sign-up for a league's next season and the public name, by mail: given a
league season of Pebbles played to its end, when a farmer replies to the
season-over mail with "sign up" (or "je m'inscris", "ich melde mich an"),
then that farmer's address is signed up for the next season and the answer
says so, or names the rule that refused it. The reply address of that mail
is signed for the one entry it went to: a forged From, or a key altered,
signs nobody up. "public name Anna B" in a reply (a game's, or the
league's) sets the leaderboard name of the sender's address; "public name
none" removes it; at new@ neither is done."""

from __future__ import annotations

from datetime import timedelta
from email import message_from_bytes, policy

import pytest
from sqlalchemy import select

from service.core import wall_time
from service.core.wall_time import ENVIRONMENT_VARIABLE, travel_to
from service.inbound.receive import receive
from service.storage.models import Game, InboundMail, LeagueEntry, LeagueSeason, OutgoingMail, Seat
from service.usecases import leagues, playing, public_names
from tests.mail.inbound_helpers import inbound_row, reply, start_game
from tests.mail.replies import gmail_reply

ANN, BOB = "ann@example.com", "bob@example.com"


@pytest.fixture
def travel(tmp_path, monkeypatch):
    path = tmp_path / "clock-offset"
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(path))
    return lambda moment: travel_to(path, moment)


@pytest.fixture
def season_over(svc, travel):
    """Ann (French mails) and Bob played season 1 of a league of Pebbles to
    its end; returns the league id and each farmer's season-over mail."""
    created = leagues.create_league(svc, "Pebble League", "toy", per_turn=24 * 3600, division_size=4, rounds=1,
                                    signup_days=0)
    leagues.sign_up(svc, created.league_id, "Ann", ANN, "fr")
    leagues.sign_up(svc, created.league_id, "Bob", BOB)
    leagues.advance(svc)
    with svc.db.transaction() as session:
        game_id = session.scalar(select(Game.id).where(Game.status == "active"))
    for position in (0, 1):  # both resign: the bots play the table to its end at once
        with svc.db.transaction() as session:
            version = session.get(Game, game_id).version
        playing.wait_for(svc, playing.submit_move(svc, game_id, position, [], source="web", base_version=version,
                                                  action="resign"), 0)
    travel(wall_time.now() + timedelta(minutes=1))
    assert leagues.advance(svc)["over"] == 1
    ends = {}
    with svc.db.transaction() as session:
        for mail in session.scalars(select(OutgoingMail).where(OutgoingMail.kind == "league").order_by(OutgoingMail.id)):
            if "1" in mail.subject and ("is over" in mail.subject or "terminée" in mail.subject) \
                    and "Table" not in mail.subject:
                ends[mail.to_addr] = message_from_bytes(mail.raw, policy=policy.default)
    assert set(ends) == {ANN, BOB}, "both farmers got the season-over mail"
    return created.league_id, ends


def answer(svc, raw: bytes) -> InboundMail:
    return inbound_row(svc, receive(svc, raw, source="ingest").id)


def next_season_names(svc, league_id: int) -> list[str]:
    with svc.db.transaction() as session:
        season = session.scalar(select(LeagueSeason).where(LeagueSeason.league_id == league_id,
                                                           LeagueSeason.status == "signup"))
        return list(session.scalars(select(LeagueEntry.email).where(LeagueEntry.season_id == season.id)
                                    .order_by(LeagueEntry.id)))


def test_league_reply_sign_up_signs_up_the_farmer_for_the_next_season(svc, season_over):
    league_id, ends = season_over
    reply_to = str(ends[BOB]["Reply-To"])
    assert reply_to.startswith("play+lg") and "sign up" in ends[BOB].get_body(("plain",)).get_content()
    row = answer(svc, gmail_reply(ends[BOB], f"Bob <{BOB}>", "sign up"))
    assert row.outcome == "answered"
    assert "Bob is signed up for season 2 of Pebble League" in row.answer
    assert next_season_names(svc, league_id) == [BOB]
    answer(svc, gmail_reply(ends[BOB], f"Bob <{BOB}>", "Sign me up!"))  # twice is harmless
    assert next_season_names(svc, league_id) == [BOB]
    with svc.db.transaction() as session:
        sent = session.scalar(select(OutgoingMail).where(OutgoingMail.kind == "answer", OutgoingMail.to_addr == BOB))
    assert sent is not None and "signed up for season 2" in sent.text_part


@pytest.mark.parametrize("typed", ["je m’inscris", "ich melde mich an"])
def test_league_reply_sign_up_in_french_or_german(svc, season_over, typed):
    league_id, ends = season_over
    row = answer(svc, gmail_reply(ends[ANN], f"Ann <{ANN}>", typed))
    assert row.outcome == "answered" and next_season_names(svc, league_id) == [ANN]
    assert "saison 2" in row.answer or "Saison 2" in row.answer  # Ann's league mails are in French


def test_league_reply_from_a_forged_sender_signs_nobody_up(svc, season_over):
    league_id, ends = season_over
    row = answer(svc, gmail_reply(ends[ANN], f"Bob <{BOB}>", "sign up"))  # Bob answers Ann's mail
    assert row.outcome == "forged-sender"
    assert next_season_names(svc, league_id) == []


def test_league_reply_to_an_altered_key_signs_nobody_up(svc, season_over):
    league_id, ends = season_over
    key = str(ends[BOB]["Reply-To"]).split("+", 1)[1].split("@", 1)[0]
    entry_id, signature = key[2:].split("-")
    with svc.db.transaction() as session:  # Ann's entry, with Bob's signature
        ann = session.scalar(select(LeagueEntry.id).where(LeagueEntry.email == ANN))
    for forged in (f"lg{entry_id}-{'0' * 24}", f"lg{ann}-{signature}"):
        row = answer(svc, reply(forged, "sign up", sender=f"Ann <{ANN}>"))
        assert row.outcome == "unknown-reply-key", forged
    assert next_season_names(svc, league_id) == []


def test_league_reply_sign_up_while_the_next_season_runs_names_the_rule(svc, season_over):
    league_id, ends = season_over
    leagues.sign_up(svc, league_id, "Ann", ANN)
    leagues.sign_up(svc, league_id, "Cy", "cy@example.com")
    leagues.start_now(svc, league_id)
    row = answer(svc, gmail_reply(ends[BOB], f"Bob <{BOB}>", "sign up"))
    assert row.outcome == "answered"
    assert "You are not signed up" in row.answer and "middle of a season" in row.answer


def test_league_reply_public_name_sets_and_removes_the_leaderboard_name(svc, season_over):
    _, ends = season_over
    row = answer(svc, gmail_reply(ends[BOB], f"Bob <{BOB}>", "public name Bobby B"))
    assert "You appear on the leaderboards as “Bobby B” now." in row.answer
    assert public_names.public_name_of(svc, BOB) == "Bobby B"
    row = answer(svc, gmail_reply(ends[BOB], f"Bob <{BOB}>", "public name none"))
    assert "off the leaderboards" in row.answer and public_names.public_name_of(svc, BOB) is None


def test_rating_public_name_by_game_reply_and_its_refusals(svc):
    _, keys = start_game(svc)
    row = answer(svc, reply(keys["Anna"], "public name Anna B"))
    assert row.outcome == "answered" and "“Anna B”" in row.answer
    assert public_names.public_name_of(svc, "anna@example.org") == "Anna B"
    row = answer(svc, reply(keys["Bob"], "nom public anna b", sender="Bob <bob@example.org>"))
    assert "Votre nom public n'a pas changé" in row.answer and "choisissez-en un autre" in row.answer
    row = answer(svc, reply(keys["Bob"], "öffentlicher Name A", sender="Bob <bob@example.org>"))
    assert "2 bis 30" in row.answer and public_names.public_name_of(svc, "bob@example.org") is None
    row = answer(svc, reply(keys["Bob"], "public name Anna B", sender="Mallory <anna@example.org>"))
    assert row.outcome == "forged-sender"  # Anna's address on Bob's seat: nothing set


def test_rating_public_name_and_sign_up_at_new_are_not_done(svc):
    raw = (b"From: Eve <eve@example.com>\r\nTo: new@farmpost.test\r\nSubject: hi\r\nMessage-ID: <n1@example.com>\r\n"
           b"Content-Type: text/plain; charset=utf-8\r\n\r\npublic name Eve\r\n")
    row = answer(svc, raw)
    assert row.outcome == "bad-command" and "the name was not changed" in row.answer
    assert public_names.public_name_of(svc, "eve@example.com") is None
    with svc.db.transaction() as session:
        assert session.scalar(select(Seat.id).where(Seat.email == "eve@example.com")) is None
