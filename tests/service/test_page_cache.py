"""The board fragments the web pages keep (service/web/page_cache.py): a page
shows the board of the game's current version, only ever the seat's own
view, and the previous-turn view kept per turn is the one a replay gives."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

import boards
from service.core.game_kinds import rules_for
from service.game import previous
from service.notify.changes import options_for
from service.usecases.creation import FarmerSpec, create_game, join
from service.web import page_cache
from tests.service.helpers import csrf_token, game_row, log_of, path_of

#: the pages' tests need one database: the cache does not depend on which
ON_SQLITE = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def sunfield_for_two(svc) -> None:
    """Ann and Bob at an advanced Sunfield table (each has private cards), open to spectators."""
    create_game(svc, "sunfield", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")],
                options={"advanced": True}, host=0, seed=5, watchable=True)
    join(svc, 1, 1)


def seat_path(svc, position: int) -> str:
    return path_of(svc.links.seat_url(1, position, game_row(svc).seats[position].secret))


def drawn_now(svc, position: int | None) -> str:
    """The seat's drawing (None: the public one) rendered afresh, without any cache."""
    game = game_row(svc)
    view = rules_for(game.kind).view(game.state, position)
    before = previous.previous_view(game, position, log_of(svc)) if position is not None else None
    return str(boards.drawing_html(game.kind, view, position, [s.name for s in game.seats], before))


@ON_SQLITE
def test_after_a_move_the_page_shows_the_new_board_not_the_kept_one(svc, client):
    # given Ann's page, shown once (its board is kept)
    sunfield_for_two(svc)
    first = client.get(seat_path(svc, 0)).get_data(as_text=True)
    assert drawn_now(svc, 0) in first
    # when she plays her page's first button
    code = first.split('name="code" value="', 1)[1].split('"', 1)[0]
    answer = client.post(f"{seat_path(svc, 0)}/act", data={"csrf_token": csrf_token(first), "action": "move",
                                                           "code": code, "version": game_row(svc).version})
    assert answer.status_code == 303
    # then her page shows the board of the new version
    assert game_row(svc).version == 1
    after = client.get(seat_path(svc, 0)).get_data(as_text=True)
    assert drawn_now(svc, 0) in after
    assert drawn_now(svc, 0) not in first
    # and only the new version is kept for the game
    assert {key[1] for key in page_cache.of(svc).boards.recent.entries} == {1}


@ON_SQLITE
def test_a_seat_never_gets_the_board_kept_for_another_seat(svc, client):
    # given Ann's page shown at this version (her view, with her private cards, is kept)
    sunfield_for_two(svc)
    anns = client.get(seat_path(svc, 0)).get_data(as_text=True)
    assert drawn_now(svc, 0) in anns
    # when Bob opens his page at the same version
    bobs = client.get(seat_path(svc, 1)).get_data(as_text=True)
    # then he sees his own view, drawn for him, and not Ann's
    assert drawn_now(svc, 1) in bobs
    assert drawn_now(svc, 0) not in bobs
    assert drawn_now(svc, 0) != drawn_now(svc, 1)


@ON_SQLITE
def test_spectators_get_the_public_board_even_after_the_farmers_pages(svc, client):
    # given Ann's and Bob's pages shown at this version
    sunfield_for_two(svc)
    for position in (0, 1):
        client.get(seat_path(svc, position))
    # when a spectator opens the game's spectator page
    watching = client.get(path_of(svc.links.watch_url(1, game_row(svc).watch_secret)))
    # then it shows the public view, drawn for no seat
    assert watching.status_code == 200
    assert drawn_now(svc, None) in watching.get_data(as_text=True)
    assert all(drawn_now(svc, position) not in watching.get_data(as_text=True) for position in (0, 1))


@ON_SQLITE
def test_the_same_page_again_is_served_from_the_kept_fragments(svc, client, monkeypatch):
    # given Ann's page shown once
    sunfield_for_two(svc)
    first = client.get(seat_path(svc, 0)).get_data(as_text=True)
    assert drawing_in(first) == drawn_now(svc, 0).strip()
    # when it is asked for again at the same version, with the renderer gone
    monkeypatch.setattr(boards, "drawing_html", lambda *args, **kwargs: pytest.fail("drawn again"))
    again = client.get(seat_path(svc, 0)).get_data(as_text=True)
    # then it is the same board
    assert drawing_in(again) == drawing_in(first)


@ON_SQLITE
def test_a_move_links_confirm_page_draws_the_board_its_seat_page_drew_and_outlines_its_own_move(svc, client,
                                                                                                   monkeypatch):
    # given Ann's page shown at this version, outlining every move of her turn
    sunfield_for_two(svc)
    page = client.get(seat_path(svc, 0)).get_data(as_text=True)
    # when she opens a move link of her turn at the same version, with the renderer gone
    game = game_row(svc)
    link = path_of(options_for(svc, game, game.seats[0])[0]["url"])
    monkeypatch.setattr(boards, "drawing_html", lambda *args, **kwargs: pytest.fail("drawn again"))
    confirming = client.get(link).get_data(as_text=True)
    # then the Confirm page shows the same drawing
    assert drawing_in(confirming) == drawing_in(page)
    # and its board in words marks the link's move only, not every option of the page
    assert 0 < words_in(confirming).count("fp-option-mark") < words_in(page).count("fp-option-mark")


def words_in(page: str) -> str:
    return page[page.index('<h3 class="words">'):]


def drawing_in(page: str) -> str:
    """The drawing's block, to its own closing tag (its rows are blocks too)."""
    start = page.index('<div class="drawn">')
    depth, at = 0, start
    for tag in re.finditer(r"<div\b|</div>", page[start:]):
        depth += 1 if tag.group(0) == "<div" else -1
        if depth == 0:
            at = start + tag.end()
            break
    return page[start:at]


def test_recent_keeps_the_most_recently_used_entries_up_to_its_bound():
    recent = page_cache.Recent(max_entries=2)
    recent.get_or_make("a", lambda: 1)
    recent.get_or_make("b", lambda: 2)
    assert recent.get_or_make("a", lambda: pytest.fail("made again")) == 1  # "a" is now the newest used
    recent.get_or_make("c", lambda: 3)  # "b" goes
    assert list(recent.entries) == ["a", "c"]


def test_a_newer_version_drops_the_older_fragments_of_its_game_only():
    fragments = page_cache.BoardFragments()
    for game_id, version in ((1, 3), (2, 3), (1, 4)):
        fragments.get_or_render(game_id, version, 0, ("Ann",), (), lambda v=version: {"drawing": v})
    assert sorted((key[0], key[1]) for key in fragments.recent.entries) == [(1, 4), (2, 3)]


@pytest.mark.parametrize("kind, seats", [("sunfield", 3), ("harvest", 2)])
def test_the_kept_previous_view_is_the_replayed_one_at_every_point_of_a_game(kind, seats):
    # given a game's log, played by the first legal move each time
    rules = rules_for(kind)
    options = {option.key: option.default for option in rules.options}
    game = SimpleNamespace(id=7, kind=kind, seats=[None] * seats, options=options, seed=11)
    state, log = rules.setup(seats, options, game.seed), []
    caches = page_cache.PageCaches()
    for number in range(60):
        seat = rules.to_act(state)
        if seat is None:
            break
        move = rules.legal_moves(state)[0]
        log.append(SimpleNamespace(id=number, seat=seat, code=rules.code(move)))
        state = rules.apply(state, move)
        # then at every point, for every seat, the kept view is the one a replay gives
        for position in range(seats):
            assert caches.previous_view(game, position, log) == previous.previous_view(game, position, log)
    assert len(caches.previous_views.entries) < 60 * seats  # kept once per turn, not per move


def test_the_previous_view_kept_before_a_farmers_first_action_serves_the_rest_of_their_turn(monkeypatch):
    # given a Sunfield game at Ann's second turn, her previous view kept as her turn mail's link showed it
    rules = rules_for("sunfield")
    options = {option.key: option.default for option in rules.options}
    game = SimpleNamespace(id=7, kind="sunfield", seats=[None, None], options=options, seed=11)
    state, log = rules.setup(2, options, game.seed), []
    while sum(entry.seat == 0 for entry in log) < 1 or rules.to_act(state) != 0 or log[-1].seat == 0:
        move = rules.legal_moves(state)[0]
        log.append(SimpleNamespace(id=len(log), seat=rules.to_act(state), code=rules.code(move)))
        state = rules.apply(state, move)
    caches = page_cache.PageCaches()
    kept = caches.previous_view(game, 0, log)
    assert kept == previous.previous_view(game, 0, log)
    # when she has made her first action of the turn
    log.append(SimpleNamespace(id=len(log), seat=0, code=rules.code(rules.legal_moves(state)[0])))
    monkeypatch.setattr(previous, "previous_view", lambda *args: pytest.fail("replayed again"))
    # then her page's previous view is the kept one, not replayed
    assert caches.previous_view(game, 0, log) == kept


def test_a_replay_goes_on_from_the_games_last_one_and_starts_again_when_an_entry_was_undone(monkeypatch):
    # given a Harvest game's log of 30 moves, its first 20 replayed
    rules = rules_for("harvest")
    options = {option.key: option.default for option in rules.options}
    game = SimpleNamespace(id=7, kind="harvest", seats=[None, None], options=options, seed=11)
    state, log = rules.setup(2, options, game.seed), []
    for number in range(30):
        move = rules.legal_moves(state)[0]
        log.append(SimpleNamespace(id=number, seat=rules.to_act(state), code=rules.code(move)))
        state = rules.apply(state, move)
    caches = page_cache.PageCaches()
    caches.replay(game, log[:20])
    state = replayed(rules, game, log[:25])
    other = rules.legal_moves(state)[-1]
    changed = [*log[:25], SimpleNamespace(id=99, seat=rules.to_act(state), code=rules.code(other))]
    expected = {"26 moves": replayed(rules, game, log[:26]), "changed": replayed(rules, game, changed)}
    applied = []
    real_apply = rules.apply
    monkeypatch.setattr(rules, "apply", lambda state, move: applied.append(move) or real_apply(state, move))
    # when the first 26 are asked for
    # then the state is the one a replay from the setup gives, with only the 6 new moves applied
    assert caches.replay(game, log[:26]) == expected["26 moves"]
    assert len(applied) == 6
    # and when entry 25 was undone and another move played instead, the replay starts from the setup
    applied.clear()
    assert caches.replay(game, changed) == expected["changed"]
    assert len(applied) == 26


def replayed(rules, game, log) -> dict:
    return rules.replay(len(game.seats), game.options, game.seed, [entry.code for entry in log])


@pytest.mark.parametrize("kind, seats, options", [("sunfield", 3, {"advanced": True}), ("harvest", 2, {})])
def test_a_drawing_from_kept_panels_is_the_drawing_made_afresh_for_every_seat(kind, seats, options):
    # given one set of caches shared by every seat of a game, played by the first legal move
    rules = rules_for(kind)
    state = rules.setup(seats, {**{option.key: option.default for option in rules.options}, **options}, 3)
    names = [f"Farmer {n}" for n in range(seats)]
    caches = page_cache.PageCaches()
    before = [None] * seats
    for _ in range(15):
        # then each seat's drawing, panels taken from the kept ones, is the one drawn afresh
        for position in range(seats):
            view = rules.view(state, position)
            assert str(caches.drawing_html(kind, view, position, names, before[position])) == \
                str(boards.drawing_html(kind, view, position, names, before[position]))
        seat = rules.to_act(state)
        before[seat] = rules.view(state, seat)
        state = rules.apply(state, rules.legal_moves(state)[0])
    assert len(caches.panels.entries) < 15 * seats * 8  # panels were shared
