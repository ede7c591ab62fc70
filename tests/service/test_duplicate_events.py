"""Duplicate farming (docs/leagues.md): every entrant of a week's event plays
the same seed, alone or at tables whose seats turn from table to table; the
scores are compared seat by seat against the field; nothing of the other
tables shows before a farmer's own game is over."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.core.errors import InvalidInput
from service.core.game_kinds import rules_for
from service.game.duplicate_scores import Played, compare
from service.ops.sweep import beat_round
from service.storage.models import DuplicateEntry, Game
from service.usecases import duplicate, playing
from tests.service.helpers import game_row, mails


def entries_of(svc, event_id):
    with svc.db.transaction() as session:
        rows = session.scalars(select(DuplicateEntry).where(DuplicateEntry.event_id == event_id)
                               .order_by(DuplicateEntry.id)).all()
        session.expunge_all()
    return rows


def play_out(svc, game_id, greedy: set[int]) -> None:
    """Every person at the table plays: the seats in ``greedy`` take two
    pebbles a step, two steps a turn; the others take one and end the turn."""
    rules = rules_for("toy")
    for _ in range(200):
        game = game_row(svc, game_id)
        if game.status == "over":
            return
        seat = rules.to_act(game.state)
        codes = [rules.code(m) for m in rules.legal_moves(game.state)]
        code = ("take:2" if "take:2" in codes else codes[0]) if seat in greedy else \
            ("end" if "end" in codes else codes[0])
        request = playing.submit_move(svc, game_id, seat, [code], source="web", base_version=game.version)
        assert playing.wait_for(svc, request, 0).status == "applied"
    raise AssertionError("the game never ended")


def test_duplicate_tables_share_the_seed_and_turn_the_seats(svc):
    event_id = duplicate.create_event(svc, "toy", 4, week="2026-W49", seed=4242)
    for n in range(8):
        duplicate.enter(svc, event_id, f"Farmer {n}", f"f{n}@example.com")
    entries = entries_of(svc, event_id)
    games = {e.game_id for e in entries}
    assert len(games) == 2 and all(game_row(svc, g).seed == 4242 for g in games)
    assert [(e.table_no, e.seat) for e in entries] == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (1, 0)]
    for entry in entries:  # everyone is seated where the event put them, under their own name
        assert game_row(svc, entry.game_id).seats[entry.seat].email == entry.email
    states = [game_row(svc, g).state for g in sorted(games)]
    assert states[0] == states[1]  # the same shuffle at both tables


def test_duplicate_results_stay_hidden_until_a_farmers_own_game_is_over(svc):
    event_id = duplicate.create_event(svc, "toy", 1, week="2026-W49", seed=99)
    for name in ("Ann", "Bob", "Cy"):
        duplicate.enter(svc, event_id, name, f"{name.lower()}@example.com")
    ann, bob, cy = entries_of(svc, event_id)
    play_out(svc, ann.game_id, {0})
    bobs_page = duplicate.results(svc, event_id, bob.id, bob.secret)
    assert not bobs_page["shown"] and bobs_page["rows"] == [] and bobs_page["best"] == []
    assert not duplicate.results(svc, event_id)["shown"]  # a stranger sees nothing while the event runs
    assert duplicate.results(svc, event_id, ann.id, ann.secret)["rows"][0]["name"] == "Ann"
    play_out(svc, bob.game_id, set())
    shown = duplicate.results(svc, event_id, bob.id, bob.secret)
    assert shown["shown"] and {r["name"] for r in shown["rows"]} == {"Ann", "Bob"}  # Cy's game runs: not in it
    with pytest.raises(Exception, match="not one of this event's"):
        duplicate.results(svc, event_id, bob.id, "forged")


def test_duplicate_event_closes_compares_against_the_field_and_mails_the_best_line(svc):
    event_id = duplicate.create_event(svc, "toy", 2, week="2026-W49", seed=99)
    for name in ("Ann", "Bob", "Cy", "Dee"):
        duplicate.enter(svc, event_id, name, f"{name.lower()}@example.com")
    ann, bob, cy, dee = entries_of(svc, event_id)
    assert (ann.seat, bob.seat, cy.seat, dee.seat) == (0, 1, 1, 0)
    play_out(svc, ann.game_id, {0})  # Ann 8, Bob 1
    play_out(svc, cy.game_id, {1})  # Dee 2, Cy 7
    assert beat_round(svc)["duplicates"] == {"closed": 0, "over": 0}  # still open
    duplicate.close(svc, event_id)
    with pytest.raises(InvalidInput, match="closed"):
        duplicate.enter(svc, event_id, "Late", "late@example.com")
    assert beat_round(svc)["duplicates"]["over"] == 1
    assert beat_round(svc)["duplicates"]["over"] == 0  # once
    page = duplicate.results(svc, event_id)
    rows = {r["name"]: r for r in page["rows"]}
    assert page["status"] == "over" and {n: r["score"] for n, r in rows.items()} == \
        {"Ann": 8, "Bob": 1, "Cy": 7, "Dee": 2}
    # each against their own seat's field: Ann and Dee had seat 1, Bob and Cy seat 2
    assert (rows["Ann"]["percent"], rows["Ann"]["mean"], rows["Ann"]["place"]) == (100, 5, 1)
    assert (rows["Cy"]["percent"], rows["Cy"]["difference"], rows["Cy"]["place"]) == (100, 3, 1)
    assert rows["Bob"]["place"] == rows["Dee"]["place"] == 3
    assert [(b["seat"], b["name"], b["score"]) for b in page["best"]] == [(0, "Ann", 8), (1, "Cy", 7)]
    assert page["best"][0]["line"] == "take 2, take 2, end, take 2, take 2"
    [mail] = mails(svc, "duplicate", "bob@example.com")
    assert b"Place 3 of 4." in mail.raw and b"best line found in seat 2 (Cy, 7)" in mail.raw


def test_duplicate_close_seats_the_last_farmers_with_bots(svc):
    event_id = duplicate.create_event(svc, "toy", 4, week="2026-W49")
    for n in range(5):
        duplicate.enter(svc, event_id, f"Farmer {n}", f"f{n}@example.com")
    assert entries_of(svc, event_id)[4].game_id is None  # waits for three more
    duplicate.close(svc, event_id)
    last = entries_of(svc, event_id)[4]
    assert (last.table_no, last.seat) == (1, 1)
    assert [s.bot for s in game_row(svc, last.game_id).seats] == ["greedy", None, "greedy", "greedy"]
    with svc.db.transaction() as session:
        assert session.query(Game).count() == 2


def test_duplicate_week_has_one_event_per_kind_and_table_size(svc):
    duplicate.create_event(svc, "toy", 1, week="2026-W49")
    with pytest.raises(InvalidInput, match="exists already"):
        duplicate.create_event(svc, "toy", 1, week="2026-W49")
    duplicate.create_event(svc, "toy", 4, week="2026-W49")


def test_duplicate_matchpoints_count_two_for_a_score_beaten_and_one_for_a_tie():
    rows = compare([Played(1, 0, 50), Played(2, 0, 40), Played(3, 0, 40), Played(4, 1, 10)])
    by = {r.entry: r for r in rows}
    assert (by[1].matchpoints, by[1].percent, by[1].place) == (4, 100, 1)
    assert (by[2].matchpoints, by[2].percent) == (1, 25) and by[2].difference == pytest.approx(-3.33, abs=0.01)
    assert by[4].percent is None and by[4].place == 2  # alone in seat 1: counted as 50 %
