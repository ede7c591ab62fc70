"""Leagues (docs/leagues.md): a whole season is played through with one
farmer who never answers; the clock's bot plays them and then keeps their
seat, every table ends, standings are mailed after each table, and the
season's end promotes and relegates and opens the next sign-up. Time is
moved with the service's clock seam, never by sleeping."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from service.core import wall_time
from service.core.errors import InvalidInput
from service.core.game_kinds import rules_for
from service.core.wall_time import ENVIRONMENT_VARIABLE, travel_to
from service.ops.sweep import beat_round
from service.storage.models import Game, LeagueEntry, LeagueSeason, LeagueTable
from service.usecases import clock_actions, leagues, playing
from tests.service.helpers import mails

FARMERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
SILENT = "hal@example.com"


@pytest.fixture
def travel(tmp_path, monkeypatch):
    path = tmp_path / "clock-offset"
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(path))
    return lambda moment: travel_to(path, moment)


def league_of_eight(svc, silent_first: bool = True):
    """Pebbles, divisions of four, one table each a season, one farmer up and down."""
    created = leagues.create_league(svc, "Pebble League", "toy", per_turn=24 * 3600, replace_after=2,
                                    division_size=4, rounds=1, movers=1, signup_days=0)
    names = (["Hal"] + FARMERS[:-1]) if silent_first else FARMERS
    for name in names:
        leagues.sign_up(svc, created.league_id, name, f"{name.lower()}@example.com")
    return created


def play_until_every_table_ends(svc, travel) -> int:
    """Everyone but the silent farmer plays at once (one pebble, then the end
    of the turn); the silent farmer's turns wait for the clock. Returns the
    timeouts it took."""
    rules = rules_for("toy")
    timeouts = 0
    for _ in range(500):
        with svc.db.transaction() as session:
            active = session.scalars(select(Game).where(Game.status == "active").order_by(Game.id)).all()
            to_play = []
            for game in active:
                seat = game.seats[rules.to_act(game.state)]
                codes = [rules.code(move) for move in rules.legal_moves(game.state)]
                to_play.append((game.id, seat.position, seat.email, seat.bot, game.version,
                                "end" if "end" in codes else codes[0]))
        if not to_play:
            return timeouts
        for game_id, position, email, bot, version, code in to_play:
            if email != SILENT or bot:
                request = playing.submit_move(svc, game_id, position, [code], source="web", base_version=version)
                assert playing.wait_for(svc, request, 0).status in ("applied", "stale")
        if all(email == SILENT for _, _, email, bot, _, _ in to_play):
            travel(wall_time.now() + timedelta(days=2))
            timeouts += clock_actions.run_clocks(svc).get("timeout", 0)
    raise AssertionError("the tables never ended")


def season_rows(svc, number: int):
    with svc.db.transaction() as session:
        season = session.scalar(select(LeagueSeason).where(LeagueSeason.number == number))
        entries = session.scalars(select(LeagueEntry).where(LeagueEntry.season_id == season.id)).all()
        tables = session.scalars(select(LeagueTable).where(LeagueTable.season_id == season.id)).all()
        session.expunge_all()
    return season, entries, tables


def test_league_season_with_a_silent_farmer_ends_and_promotes_and_relegates(svc, travel):
    created = league_of_eight(svc)
    assert beat_round(svc)["leagues"]["started"] == 1
    season, entries, tables = season_rows(svc, 1)
    assert season.status == "running" and len(tables) == 2
    by_division = {d: sorted(e.name for e in entries if e.division == d) for d in (1, 2)}
    assert by_division == {1: ["Ann", "Bob", "Cy", "Hal"], 2: ["Dee", "Eve", "Fay", "Gus"]}
    start_mail = mails(svc, "league", "hal@example.com")[0]
    assert "season 1 has started" in start_mail.subject and b"/g/" in start_mail.raw

    timeouts = play_until_every_table_ends(svc, travel)
    assert timeouts == 2  # then the bot keeps the seat (replace after 2) and the table ends

    counts = beat_round(svc)["leagues"]
    assert counts["counted"] == 2 and counts["over"] == 1
    assert beat_round(svc)["leagues"] == {"started": 0, "counted": 0, "over": 0}  # once
    season, entries, tables = season_rows(svc, 1)
    assert season.status == "over" and all(t.counted_at for t in tables)
    for division in (1, 2):  # 3, 2, 1 and 0 points at a table of four; tied farmers share
        assert sum(e.quarters for e in entries if e.division == division) == 24
    with svc.db.transaction() as session:
        hal = [s for t in tables for s in session.get(Game, t.game_id).seats if s.email == SILENT]
        assert [s.bot for s in hal] == ["search"]  # the bot kept the silent farmer's seat
    # every farmer heard the standings after their table, and the season's end once
    for name in FARMERS:
        subjects = [m.subject for m in mails(svc, "league", f"{name.lower()}@example.com")]
        assert sum("is over" in s and "table" in s for s in subjects) == 1
        assert sum("season 1 is over" in s for s in subjects) == 1

    def standings(division):
        ranked = sorted((e for e in entries if e.division == division),
                        key=lambda e: (-e.quarters, -e.wins, -e.score, e.standing_before))
        return [e.name for e in ranked]

    last_of_first, first_of_second = standings(1)[-1], standings(2)[0]
    following, _, _ = season_rows(svc, 2)
    assert following.status == "signup"
    for entry in entries:  # everyone signs up again by the link of their mail
        end_mail = [m for m in mails(svc, "league", entry.email) if "season 1 is over" in m.subject][0]
        assert f"/league/{created.league_id}/again/{entry.id}/".encode() in end_mail.raw
        leagues.sign_up_again(svc, created.league_id, entry.id, entry.secret)
    leagues.start_now(svc, created.league_id, created.organiser_url.rsplit("/", 1)[1])
    _, entries2, tables2 = season_rows(svc, 2)
    second = {d: {e.name for e in entries2 if e.division == d} for d in (1, 2)}
    assert first_of_second in second[1] and last_of_first in second[2]
    assert second[1] - {first_of_second} == set(standings(1)) - {last_of_first}
    assert len(tables2) == 2


def test_league_sign_up_is_refused_while_a_season_runs(svc, travel):
    created = league_of_eight(svc)
    leagues.advance(svc)
    with pytest.raises(InvalidInput, match="middle of a season"):
        leagues.sign_up(svc, created.league_id, "Ivy", "ivy@example.com")


def test_league_season_start_waits_for_two_farmers(svc):
    created = leagues.create_league(svc, "Tiny", "toy", signup_days=0)
    leagues.sign_up(svc, created.league_id, "Ann", "ann@example.com")
    assert leagues.advance(svc)["started"] == 0
    with pytest.raises(InvalidInput, match="at least two farmers"):
        leagues.start_now(svc, created.league_id)


def test_league_tables_made_again_after_a_crash_are_the_same_tables(svc):
    created = league_of_eight(svc)
    leagues.advance(svc)
    with svc.db.transaction() as session:
        season_id = session.scalar(select(LeagueSeason.id))
        session.delete(session.scalar(select(LeagueTable).where(LeagueTable.number == 2)))
    leagues.advance(svc)  # the sweep heals it: the game of table 2 is found by its creation key
    _, _, tables = season_rows(svc, 1)
    with svc.db.transaction() as session:
        assert session.query(Game).count() == 2 and len(tables) == 2
    assert leagues.make_tables(svc, season_id) == 0
    assert created.league_id


@pytest.mark.parametrize("farmers, tables", [(2, [2]), (3, [3]), (4, [4]), (5, [3, 2]), (6, [3, 3]), (7, [4, 3]),
                                             (8, [4, 4]), (9, [3, 3, 3]), (13, [4, 3, 3, 3])])
def test_league_division_splits_into_the_fewest_tables_of_four_as_even_as_possible(farmers, tables):
    from service.game.seasons import table_sizes

    assert table_sizes(farmers) == tables


def test_league_points_make_a_win_three_at_any_table_size_and_ties_share():
    from service.game.seasons import points_text, table_quarters

    assert table_quarters([[2], [0], [3], [1]]) == {2: 12, 0: 8, 3: 4, 1: 0}
    assert table_quarters([[1], [0], [2]]) == {1: 12, 0: 6, 2: 0}
    assert table_quarters([[0, 1], [2], [3]]) == {0: 10, 1: 10, 2: 4, 3: 0}
    assert [points_text(q) for q in (12, 10, 6, 9)] == ["3", "2.5", "1.5", "2.25"]


def test_league_promotion_swaps_at_most_half_of_either_division():
    from service.game.seasons import division_sizes, promoted_order

    assert promoted_order([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]], 2) == [1, 2, 5, 6, 3, 4, 7, 9, 8, 10]
    assert division_sizes(17, 8) == [8, 9] and division_sizes(10, 4) == [4, 4, 2]


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_league_two_beats_at_once_count_each_table_once_and_end_the_season_once(svc, travel):
    import threading

    league_of_eight(svc)
    leagues.advance(svc)
    play_until_every_table_ends(svc, travel)
    errors, barrier = [], threading.Barrier(2)

    def beat():
        barrier.wait()
        try:
            leagues.advance(svc)
        except Exception as error:  # noqa: BLE001 - the test reports it
            errors.append(error)

    threads = [threading.Thread(target=beat) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    season, entries, tables = season_rows(svc, 1)
    assert season.status == "over" and sum(e.quarters for e in entries) == 48 and sum(e.played for e in entries) == 8
    for name in FARMERS:
        subjects = [m.subject for m in mails(svc, "league", f"{name.lower()}@example.com")]
        assert sum("season 1 is over" in s for s in subjects) == 1
        assert sum("table" in s for s in subjects) == 1
    with svc.db.transaction() as session:
        assert session.query(LeagueSeason).count() == 2
