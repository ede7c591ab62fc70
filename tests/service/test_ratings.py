"""Ratings (docs/ratings.md): one per farmer address and pool, updated once
when a game ends, in the game-over transaction; ties, resignations,
timeouts, substitutes and the bots' fixed ratings. Use cases called
directly, on SQLite and PostgreSQL; the game is Pebbles (the score is the
pebbles taken)."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.game import rating_store, ratings
from service.storage.models import Game, RatedGame, Rating
from service.usecases import playing, substitutes
from service.usecases.creation import FarmerSpec, join
from tests.service.helpers import game_row, mails
from tests.service.played import ANN, BOB, CAT, SHARED, finished, play_out, play_turns, started

BOT = FarmerSpec("Greedy", bot="greedy")


def rating(svc, address: str, pool: str = "toy") -> Rating | None:
    with svc.db.transaction() as session:
        return session.get(Rating, (address, pool))


def rated_count(svc) -> int:
    with svc.db.transaction() as session:
        return session.scalar(select(func.count()).select_from(RatedGame))


def test_given_a_finished_game_then_the_winner_rating_rises_and_the_loser_rating_falls(svc):
    finished(svc, ANN, BOB)  # Ann 8, Bob 1
    ann, bob = rating(svc, "ann@example.org"), rating(svc, "bob@example.org")
    assert ann.mu > ratings.MU > bob.mu
    assert (ann.games, bob.games) == (1, 1)
    assert ann.sigma < ratings.SIGMA and bob.sigma < ratings.SIGMA


def test_given_the_game_over_work_runs_again_then_the_rating_is_updated_exactly_once(svc):
    game_id = finished(svc, ANN, BOB)
    before = rating(svc, "ann@example.org")
    for _ in range(2):  # a redelivered game-over: the rated game's row is found, nothing changes
        with svc.db.transaction() as session:
            game = session.get(Game, game_id)
            again = rating_store.rate_game(session, game)
            assert again.game_id == game_id
    after = rating(svc, "ann@example.org")
    assert (after.mu, after.sigma, after.games) == (before.mu, before.sigma, 1)
    assert rated_count(svc) == 1


def test_given_a_shared_first_place_then_the_tied_farmers_rating_moves_alike(svc):
    finished(svc, ANN, BOB, CAT, turns=SHARED)  # Ann 4, Bob 4, Cat 1
    ann, bob, cat = (rating(svc, f"{n}@example.org") for n in ("ann", "bob", "cat"))
    assert ann.mu == pytest.approx(bob.mu) and ann.sigma == pytest.approx(bob.sigma)
    assert ann.mu > ratings.MU > cat.mu


def test_given_a_farmer_who_resigned_then_their_rating_counts_them_last_whatever_the_bot_scored(svc):
    game_id = started(svc, ANN, BOB)
    playing.wait_for(svc, playing.submit_move(svc, game_id, 0, [], source="web", base_version=0, action="resign"), 0)
    play_out(svc, game_id)
    with svc.db.transaction() as session:
        ann, bob = rating_store.rated_game(session, game_id).changes
    assert ann["place"] > bob["place"]  # the bot in Ann's seat may have scored more
    assert rating(svc, "ann@example.org").mu < ratings.MU < rating(svc, "bob@example.org").mu


def test_given_a_seat_the_clock_gave_to_a_bot_for_good_then_its_farmer_rating_counts_them_last(svc):
    game_id = started(svc, ANN, BOB)
    with svc.db.transaction() as session:  # what the clock's replace policy does after N timeouts
        session.get(Game, game_id).seats[0].bot = "greedy"
    play_out(svc, game_id)
    assert rating(svc, "ann@example.org").mu < ratings.MU < rating(svc, "bob@example.org").mu


def test_given_a_seat_handed_to_a_substitute_then_the_rating_counts_only_the_seats_played_through(svc):
    game_id = started(svc, ANN, BOB, CAT)
    substitutes.substitute(svc, game_id, 0, 2, "Dan", "dan@example.org")
    join(svc, game_id, 2)
    play_out(svc, game_id)
    with svc.db.transaction() as session:
        rated = rating_store.rated_game(session, game_id)
    assert sorted(c["address"] for c in rated.changes) == ["ann@example.org", "bob@example.org"]
    assert rating(svc, "dan@example.org") is None and rating(svc, "cat@example.org") is None


def test_given_games_against_a_bot_then_the_bot_rating_stays_fixed_and_enters_the_update(svc):
    first = started(svc, ANN, BOT)
    play_out(svc, first)
    with svc.db.transaction() as session:
        ann, bot = rating_store.rated_game(session, first).changes
    assert bot == {"position": 1, "name": "Greedy", "place": bot["place"], "address": None, "bot": "greedy",
                   "rating": list(ratings.BOT_RATINGS["greedy"])}
    expected = ratings.rate([ratings.Entry(0, "Ann", ann["place"], address="ann@example.org"),
                             ratings.Entry(1, "Greedy", bot["place"], bot="greedy")], {})
    assert (rating(svc, "ann@example.org").mu, rating(svc, "ann@example.org").sigma) == \
        pytest.approx(expected["ann@example.org"])
    play_out(svc, started(svc, ANN, BOT))
    with svc.db.transaction() as session:
        assert session.scalar(select(func.count()).select_from(Rating)) == 1  # no row for the bot, ever
        second = session.scalars(select(RatedGame).order_by(RatedGame.id)).all()[1].changes[1]
    assert second["rating"] == list(ratings.BOT_RATINGS["greedy"])


def test_given_a_solo_game_then_no_rating_is_made(svc):
    finished(svc, ANN, turns=[["take:2", "take:2", "end"], ["take:2", "take:2", "end"], ["take:1"]])
    assert rated_count(svc) == 0 and rating(svc, "ann@example.org") is None


def test_given_many_games_then_recomputing_the_ratings_in_order_gives_the_stored_numbers(svc):
    dan = FarmerSpec("Dan", "dan@example.org")
    for farmers, turns in (((ANN, BOB), None), ((BOB, CAT, ANN), SHARED), ((dan, ANN), None),
                           ((ANN, BOB, CAT, dan), None), ((BOB, ANN), None)):
        finished(svc, *farmers, **({"turns": turns} if turns else {}))
    play_out(svc, started(svc, CAT, BOT))
    with svc.db.transaction() as session:
        stored = {(r.pool, r.address): (r.mu, r.sigma, r.games) for r in session.scalars(select(Rating))}
        assert rating_store.replay(session) == stored
        assert rating_store.recompute(session) == len(stored)
    with svc.db.transaction() as session:
        assert {(r.pool, r.address): (r.mu, r.sigma, r.games) for r in session.scalars(select(Rating))} == stored


def test_given_fewer_rated_games_than_the_threshold_then_the_rating_is_provisional(svc):
    for _ in range(ratings.PROVISIONAL_GAMES - 1):
        finished(svc, ANN, BOB)
    with svc.db.transaction() as session:
        assert [s.provisional for s in rating_store.ratings_of(session, "ann@example.org")] == [True]
    finished(svc, ANN, BOB)
    with svc.db.transaction() as session:
        [ann] = rating_store.ratings_of(session, "Ann@Example.org")
    assert (ann.provisional, ann.games, ann.title) == (False, ratings.PROVISIONAL_GAMES, "Pebbles")


def test_given_a_rated_game_then_the_final_mail_tells_each_farmer_their_rating(svc):
    game_id = finished(svc, ANN, BOB)
    [final] = [m for m in mails(svc, kind="final") if m.to_addr == "ann@example.org"]
    assert final.context["rating"] == {"before": 1500, "after": ratings.shown(rating(svc, "ann@example.org").mu),
                                       "provisional": True, "title": "Pebbles"}
    assert [line["name"] for line in final.context["report"]["ratings"]] == ["Ann", "Bob"]
    assert game_row(svc, game_id).status == "over"


def test_given_a_pool_per_option_then_a_rating_pool_names_the_kind_and_its_options():
    assert ratings.pool_of("sunfield", {"advanced": False}, 4) == "sunfield"
    assert ratings.pool_of("sunfield", {"advanced": True}, 2) == "sunfield+advanced"
    assert ratings.pool_of("harvest", {}, 3) == "harvest"
    assert ratings.pool_of("harvest", {}, 1) is None  # solo Harvest keeps Gairy's scale
    assert ratings.pool_title("sunfield+advanced") == "Sunfield Farm, Advanced mode"


def test_given_one_address_in_two_seats_then_the_rating_leaves_those_seats_out(svc):
    twin = FarmerSpec("Ann again", "ann@example.org")
    game_id = started(svc, ANN, twin, BOB)
    play_out(svc, game_id)
    with svc.db.transaction() as session:
        assert rating_store.rated_game(session, game_id) is None  # Bob alone is left: nobody to rate against
    assert rating(svc, "ann@example.org") is None


def test_given_a_late_turn_then_the_rating_of_an_unfinished_game_is_not_touched(svc):
    game_id = started(svc, ANN, BOB)
    play_turns(svc, game_id, [["take:1", "end"]])
    with svc.db.transaction() as session:
        assert rating_store.rate_game(session, session.get(Game, game_id)) is None
    assert rated_count(svc) == 0
