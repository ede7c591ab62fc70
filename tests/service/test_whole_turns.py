"""A whole turn in one answer, in both games: whole turns offered by the
turn mail and the seat page (signed, version-bound links), steps chained on
a typed line applied in order, a failing step that keeps the steps before
it, and the single steps folded by outcome."""

from __future__ import annotations

import re

import pytest

from engine import get_game
from service.notify.choices import choices
from tests.mail.inbound_helpers import inbound_row, log_texts, reply, start_game
from tests.service.helpers import csrf_token, game_row, mailbox, path_of, text_part

GAMES = ["sunfield", "harvest"]


def started_at_a_whole_turn(svc, kind: str) -> tuple[int, dict[str, str]]:
    """A two-farmer game of ``kind`` played up to Anna's first turn that
    offers whole turns (Harvest begins with setup choices and a sunrise)."""
    from service.usecases import playing

    game_id, keys = start_game(svc, kind)
    rules = get_game(kind)
    for _ in range(40):
        game = game_row(svc, game_id)
        seat = rules.to_act(game.state)
        if seat == 0 and rules.whole_turns(game.state, 1):
            return game_id, keys
        move = rules.legal_moves(game.state)[0]
        request_id = playing.submit_move(svc, game_id, seat, [rules.code(move)], source="web",
                                         base_version=game.version)
        assert playing.wait_for(svc, request_id, 0).status == "applied"
    raise AssertionError("no whole turn for Anna")


def whole_turn_links(svc) -> dict[str, str]:
    """The whole turns of Anna's newest turn mail: typed line -> link."""
    body = text_part(mailbox(svc, "anna@example.org")[-1])
    section = body.split("YOUR WHOLE TURN", 1)[1].split("OR STEP BY STEP", 1)[0]
    return dict(re.findall(r"\* (.+?) → .*\n  (https?://\S+/m/\S+)", section))


def confirmed(client, url: str):
    page = client.get(path_of(url))
    response = client.post(path_of(url), data={"csrf_token": csrf_token(page.text)})
    while response.status_code == 303:
        response = client.get(path_of(response.headers["Location"]))
    return page, response


# --------------------------------------------------------------------------- the engine


@pytest.mark.parametrize("kind", GAMES)
def test_given_a_position_when_whole_turns_are_listed_then_each_plays_in_order_and_nothing_follows_a_reveal(kind):
    rules = get_game(kind)
    state, seen = rules.setup(2, {}, 5), 0
    for _ in range(30):
        for turn in rules.whole_turns(state, 6):
            seen += 1
            assert len(turn.moves) >= 2 and len(turn.outcomes) == len(turn.moves)
            step = state
            for index, move in enumerate(turn.moves):
                assert move in rules.legal_moves(step)  # each step legal where the ones before leave it
                after = rules.apply(step, move)
                if index < len(turn.moves) - 1:
                    assert not rules.reveals_information(step, after)
                step = after
        ranks = [t.rank for t in rules.whole_turns(state, 6)]
        assert ranks == sorted(ranks, reverse=True)  # best first
        state = rules.apply(state, rules.legal_moves(state)[0])
    assert seen > 0


@pytest.mark.parametrize("kind, options", [("sunfield", {}), ("sunfield", {"advanced": True}), ("harvest", {})])
def test_whole_turns_do_not_depend_on_hidden_information(kind, options):
    from tests.engine.bots.test_search import positions, with_other_hidden_parts

    rules = get_game(kind)
    for state in positions(kind, 2, options, 3, every=7):
        other = with_other_hidden_parts(kind, state)
        assert rules.whole_turns(state, 6) == rules.whole_turns(other, 6)


def test_given_sunfield_placements_with_the_same_result_then_they_are_one_whole_turn():
    rules = get_game("sunfield")
    turns = rules.whole_turns(rules.setup(2, {}, 5), 50)
    assert any(t.alike > 1 for t in turns)
    takes = [rules.text(t.moves[0]) for t in turns]
    assert all(takes.count(take) <= 2 for take in takes)  # a Field tile's best few placements


# --------------------------------------------------------------------------- options at a glance


def test_given_a_sunfield_placement_step_then_placements_alike_are_folded_into_one_line():
    rules = get_game("sunfield")
    state = rules.setup(2, {}, 5)
    state = rules.apply(state, rules.legal_moves(state)[0])  # a tile taken: where does it go?
    offered = choices(rules, state, whole=True)
    places = [o for o in offered["steps"] if o["text"].startswith("place ")]
    folded = offered["shown"] + [o for g in offered["groups"] for o in g["options"]]
    assert len(folded) < len(places)
    assert sum(o["alike"] for o in folded) == len(places)
    assert any(o["where"] for o in folded if o["alike"] > 1)  # worded "any of 11 places"


def test_given_a_long_list_of_steps_then_the_first_few_are_shown_and_the_rest_grouped_by_verb():
    rules = get_game("harvest")
    state = rules.setup(2, {}, 5)
    for _ in range(40):
        offered = choices(rules, state, whole=False)
        if len(offered["steps"]) > 12:
            break
        state = rules.apply(state, rules.legal_moves(state)[0])
    assert len(offered["shown"]) <= 4 and offered["groups"]
    grouped = [o for g in offered["groups"] for o in g["options"] + [x for s in g["groups"] for x in s["options"]]]
    assert sum(o["alike"] for o in offered["shown"] + grouped) == len(offered["steps"])
    assert offered["whole"] == []


def test_given_a_french_reader_then_whole_turns_and_folded_steps_are_worded_in_french_and_folded_alike():
    from boards.i18n import translator
    from service.notify.changes import outcome_words

    rules = get_game("sunfield")
    state = rules.setup(2, {}, 5)
    english = choices(rules, state, whole=True)
    french = choices(rules, state, whole=True, words=outcome_words(rules, translator("fr")))
    assert [o["line"] for o in french["whole"]] == [o["line"] for o in english["whole"]]
    assert [o["alike"] for o in french["shown"]] == [o["alike"] for o in english["shown"]]
    worded = [text for o in french["whole"] for text in o["outcomes"]] + [o["outcome"] for o in french["shown"]]
    told = [text for o in english["whole"] for text in o["outcomes"]] + [o["outcome"] for o in english["shown"]]
    assert worded != told and all(worded)  # the outcomes are the French words, not the engine's English
    qps = choices(rules, state, whole=True, words=outcome_words(rules, translator("qps")))
    assert all("⟦" in text for o in qps["whole"] for text in o["outcomes"])


# --------------------------------------------------------------------------- whole-turn links


@pytest.mark.parametrize("kind", GAMES)
def test_given_a_whole_turn_link_when_confirmed_then_every_step_is_played_in_order(client, svc, kind):
    game_id, _ = started_at_a_whole_turn(svc, kind)
    line, url = next(iter(whole_turn_links(svc).items()))
    page, after = confirmed(client, url)
    assert page.status_code == 200 and ">Confirm</button>" in page.text
    assert after.status_code == 200
    assert log_texts(svc, game_id)[-len(line.split(", ")):] == line.split(", ")
    if get_game(kind).to_act(game_row(svc, game_id).state) == 0:  # the turn goes on: on the same page, no mail
        assert "It is your turn" in after.text and 'name="code"' in after.text


@pytest.mark.parametrize("kind", GAMES)
def test_given_a_whole_turn_link_when_the_board_moved_on_then_it_is_not_played(client, svc, kind):
    game_id, _ = started_at_a_whole_turn(svc, kind)
    links = list(whole_turn_links(svc).items())
    assert len(links) >= 2
    first_page, _ = confirmed(client, links[0][1])
    played = log_texts(svc, game_id)
    page = client.get(path_of(links[1][1]))
    assert page.status_code == 409 and "The board has moved on" in page.text
    response = client.post(path_of(links[1][1]), data={"csrf_token": csrf_token(first_page.text)})
    assert response.status_code == 303
    assert log_texts(svc, game_id) == played  # the replayed older link played nothing


@pytest.mark.parametrize("kind", GAMES)
def test_given_a_whole_turn_link_with_its_signature_changed_then_it_is_refused(client, svc, kind):
    started_at_a_whole_turn(svc, kind)
    url = next(iter(whole_turn_links(svc).values()))
    head, _, signature = url.rpartition(".")
    forged = f"{head}.{'A' if signature[0] != 'A' else 'B'}{signature[1:]}"
    assert client.get(path_of(forged)).status_code == 403


@pytest.mark.parametrize("kind", GAMES)
def test_given_the_seat_page_then_a_whole_turn_is_one_button_that_plays_it(client, svc, kind):
    game_id, _ = started_at_a_whole_turn(svc, kind)
    seat_url = re.search(r"https?://\S+/g/\d+/0/\S+", text_part(mailbox(svc, "anna@example.org")[-1])).group(0)
    page = client.get(path_of(seat_url))
    assert "Your whole turn" in page.text
    form = re.search(r'<ul class="options-list whole">\s*<li><form method="post" action="([^"]+)">(.*?)</form>',
                     page.text, re.S)
    codes = re.findall(r'name="code" value="([^"]+)"', form.group(2))
    assert len(codes) >= 2
    version = re.search(r'name="version" value="(\d+)"', form.group(2)).group(1)
    response = client.post(form.group(1), data={"csrf_token": csrf_token(page.text), "action": "move",
                                                "code": codes, "version": version})
    while response.status_code == 303:
        response = client.get(path_of(response.headers["Location"]))
    rules = get_game(kind)
    assert log_texts(svc, game_id)[-len(codes):] == [rules.text(rules.from_code(c)) for c in codes]


def test_given_whole_turns_switched_off_then_the_turn_mail_offers_single_steps_only(svc):
    from dataclasses import replace

    svc.config = replace(svc.config, whole_turns=False)
    start_game(svc, "sunfield")
    body = text_part(mailbox(svc, "anna@example.org")[-1])
    assert "YOUR WHOLE TURN" not in body and "YOUR OPTIONS" in body


# --------------------------------------------------------------------------- chains by mail


@pytest.mark.parametrize("kind", GAMES)
def test_given_a_whole_turn_typed_on_one_line_when_mailed_then_its_steps_are_applied_in_order(svc, kind):
    from service.inbound.receive import receive

    game_id, keys = started_at_a_whole_turn(svc, kind)
    line = next(iter(whole_turn_links(svc)))
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], f"Hi,\n\n{line}\n\nThanks"), source="ingest").id)
    assert row.outcome == "applied", row.answer
    assert log_texts(svc, game_id)[-len(line.split(", ")):] == line.split(", ")


@pytest.mark.parametrize("kind", GAMES)
def test_given_a_chain_whose_second_step_fails_then_the_first_is_kept_and_the_answer_says_why(svc, kind):
    from service.inbound.receive import receive

    game_id, keys = started_at_a_whole_turn(svc, kind)
    first = next(iter(whole_turn_links(svc))).split(", ")[0]
    before = log_texts(svc, game_id)
    bad = "place 9 9" if kind == "sunfield" else "plant wheat z9"
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], f"{first} then {bad}"), source="ingest").id)
    assert row.outcome == "applied"
    assert row.answer.startswith(f"Applied: {first}.\n“{bad}”: ")
    assert "Your turn continues" in row.answer and "Your options now:" in row.answer
    assert log_texts(svc, game_id) == [*before, first]


# --------------------------------------------------------------------------- help


def test_given_help_at_a_whole_turn_then_it_shows_a_chain_of_this_game_and_the_joints_of_three_languages(svc):
    from service.inbound.receive import receive

    _, keys = started_at_a_whole_turn(svc, "sunfield")
    line = next(iter(whole_turn_links(svc)))
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "help"), source="ingest").id)
    assert "Several steps of one turn may go on one line" in row.answer
    assert f"* {line}\n" in row.answer and "puis" in row.answer and "dann" in row.answer
