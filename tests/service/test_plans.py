"""Plans (docs/plans.md), in both games, through the use cases: a plan is
played for its farmer when their turn comes if it is still possible, and
otherwise stops and says why; it is the farmer's own."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import select

from boards.i18n import translator
from engine import get_game
from mail.inbound.plans import read_plan
from service.core.errors import InvalidInput
from service.game import plans as shown_plans
from service.game.clocks import ClockSettings
from service.notify import changes
from service.storage import lookup
from service.storage.models import OutgoingMail, Plan
from service.usecases import plans, playing, substitutes
from service.usecases.creation import FarmerSpec, create_game, join
from service.usecases.rematch import rematch
from service.wiring import inline_queue
from tests.service import played
from tests.service.helpers import csrf_token, game_row, log_of, mailbox, mails, path_of, text_part

ANN, BOB, CAT = (FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org"),
                 FarmerSpec("Cat", "cat@example.org"))


@pytest.fixture
def svc(svc):
    """The mails are written, not composed nor sent (the tests read their rows): the games here are real."""
    svc.queue = inline_queue(svc, send_mail=False)
    return svc


def composed(svc, mail) -> dict:
    """A mail's context as the mail task completes it."""
    with svc.db.transaction() as session:
        return changes.full_context(session, svc, session.get(OutgoingMail, mail.id))


def started(svc, kind: str, *farmers: FarmerSpec, seed: int = 7, **options) -> int:
    created = create_game(svc, kind, list(farmers), host=0, seed=seed, options=options or None)
    for position in range(1, len(farmers)):
        join(svc, created.game_id, position)
    return created.game_id


def play(svc, game_id: int, seat: int, *texts: str) -> None:
    """``seat`` plays the typed moves, then the first option of each step
    its turn still waits for (a gained Vegetable put on the first tile)."""
    rules = get_game(game_row(svc, game_id).kind)
    game = game_row(svc, game_id)
    state, codes = game.state, []
    for text in texts:
        move = rules.parse(state, seat, text)
        codes.append(rules.code(move))
        state = rules.apply(state, move)
    while rules.to_act(state) == seat:
        move = (rules.closing_moves(state) or rules.legal_moves(state))[0]
        codes.append(rules.code(move))
        state = rules.apply(state, move)
    request_id = playing.submit_move(svc, game_id, seat, codes, source="web", base_version=game.version)
    request = playing.wait_for(svc, request_id, 0)
    assert request.status == "applied", request.result


def plan_of(svc, game_id: int, seat: int) -> Plan:
    with svc.db.transaction() as session:
        return session.scalars(select(Plan).where(Plan.game_id == game_id, Plan.seat == seat)
                               .order_by(Plan.id.desc())).first()


def to_act(svc, game_id: int) -> int:
    game = game_row(svc, game_id)
    return get_game(game.kind).to_act(game.state)


def news_of(svc, game_id: int, seat: int) -> str | None:
    return game_row(svc, game_id).seats[seat].plan_news


def turn_mails_to(svc, address: str) -> int:
    return len([m for m in mails(svc, "turn", to=address)])


# --------------------------------------------------------------------------- Sunfield


def finish_turn(svc, game_id: int, seat: int) -> None:
    """``seat`` plays the rest of its Harvest turn (each time the last legal move) until another seat acts."""
    rules = get_game("harvest")
    while to_act(svc, game_id) == seat:
        game = game_row(svc, game_id)
        move = rules.legal_moves(game.state)[-1]
        request_id = playing.submit_move(svc, game_id, seat, [rules.code(move)], source="web",
                                         base_version=game.version)
        assert playing.wait_for(svc, request_id, 0).status == "applied"


def test_given_cats_plan_when_her_turn_comes_and_the_tile_is_still_there_then_it_is_played_at_once(svc):
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    before = turn_mails_to(svc, "cat@example.org")
    plans.make_plan(svc, game_id, 2, read_plan("next: take b1, place 1 -1 | take c1, place 2 0"))
    play(svc, game_id, 0, "take a1", "place -2 0")
    play(svc, game_id, 1, "take a2", "place -2 0")
    entries = [e for e in log_of(svc, game_id) if e.seat == 2]
    assert [e.text for e in entries][:2] == ["take b1", "place 1 -1"]
    assert {e.source for e in entries} == {"plan"}
    assert to_act(svc, game_id) == 0  # Cat's turn is played: Ann's again
    assert turn_mails_to(svc, "cat@example.org") == before  # no turn mail for a planned turn
    assert plan_of(svc, game_id, 2).status == "played"
    assert "Played from your plan: take b1, place 1 -1." in news_of(svc, game_id, 2)


def test_given_a_plan_for_a_tile_another_farmer_took_then_the_next_alternative_is_played_and_the_news_say_who(svc):
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    plans.make_plan(svc, game_id, 2, read_plan("next: take a2, place 1 -1 | take c1, place 2 0"))
    play(svc, game_id, 0, "take a1", "place -2 0")
    play(svc, game_id, 1, "take a2", "place -2 0")
    assert [e.text for e in log_of(svc, game_id) if e.seat == 2][:2] == ["take c1", "place 2 0"]
    news = news_of(svc, game_id, 2)
    assert "Played from your plan: take c1, place 2 0." in news
    assert "Bob took" in news and "at a2" in news and "before you" in news


def test_given_a_french_planner_then_what_became_of_her_plan_is_told_in_french_and_who_took_her_tile(svc):
    # Given Cat, who reads French, planned a tile Bob takes before her turn
    game_id = started(svc, "sunfield", ANN, BOB, dataclasses.replace(CAT, language="fr"))
    answer = plans.make_plan(svc, game_id, 2, read_plan("next: take a2, place 1 -1 | take c1, place 2 0"))
    assert answer.startswith("Votre plan est gardé")
    play(svc, game_id, 0, "take a1", "place -2 0")
    play(svc, game_id, 1, "take a2", "place -2 0")
    # then her news say in French what was played, what was not, and who took her tile
    news = news_of(svc, game_id, 2)
    assert "Joué depuis votre plan\u00a0: take c1, place 2 0." in news, news  # her moves as she wrote them
    assert "Non joué\u00a0: « take a2, place 1 -1 »\u00a0: Bob a pris la tuile" in news and "en a2 avant vous" in news
    assert "took" not in news and "before you" not in news


def test_given_a_german_planner_whose_plan_stops_then_the_stop_and_her_waiting_plan_read_in_german(svc):
    game_id = started(svc, "harvest", dataclasses.replace(ANN, language="de"), dataclasses.replace(BOB, language="de"))
    harvest_to_placing(svc, game_id)
    placer = to_act(svc, game_id)
    other = 1 - placer
    game = game_row(svc, game_id)
    coins = get_game("harvest").amounts(game.state, other)["coin"]
    plans.make_plan(svc, game_id, other, read_plan(f"plan: store > fields 3; stop if coins < {coins + 1}"))
    with svc.db.transaction() as session:
        game = lookup.load_game(session, game_id)
        waiting = shown_plans.shown(shown_plans.waiting_plan(session, game, game.seats[other]), game,
                                    game.seats[other].language)
    assert waiting["for"].startswith("deine Züge bis zum Ende von") and "Runde 1" in waiting["for"], waiting
    play(svc, game_id, placer, "place workshop 2")
    finish_turn(svc, game_id, placer)
    plan = plan_of(svc, game_id, other)
    assert plan.status == "stopped" and f"(du hast {coins})" in plan.note, plan.note


def test_given_a_plan_for_a_space_that_holds_a_new_tile_since_a_reveal_then_it_is_not_played(svc):
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    play(svc, game_id, 0, "take a1", "place -2 0")
    plans.make_plan(svc, game_id, 0, read_plan("next: take a2, place 1 -1"))
    before = turn_mails_to(svc, "ann@example.org")
    play(svc, game_id, 1, "take a2", "place -2 0")
    play(svc, game_id, 2, "take a3", "place -2 0")  # column a emptied: it is drawn anew (hidden information)
    rules = get_game("sunfield")
    assert rules.legal_moves(game_row(svc, game_id).state)[1] == rules.from_code("take:a:2")  # a2 holds a new tile
    assert [e.text for e in log_of(svc, game_id) if e.seat == 0] == ["take a1", "place -2 0", "put broccoli -1 0"]
    plan = plan_of(svc, game_id, 0)
    assert plan.status == "stopped"
    assert "Bob took" in plan.note and "before you" in plan.note
    assert turn_mails_to(svc, "ann@example.org") == before + 1  # her turn mail says why
    mail = mails(svc, "turn", to="ann@example.org")[-1]
    assert any("Your plan (next: take a2, place 1 -1) stopped" in line for line in mail.context["plan_news"])


def test_given_a_plan_whose_first_move_draws_a_column_anew_then_the_tile_it_took_is_still_placed(svc):
    """A public reveal (column a drawn anew) does not touch what the next
    step names (the tile just taken, placed at 1 -1): the plan plays on."""
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    plans.make_plan(svc, game_id, 2, read_plan("next: take a3, place 1 -1"))
    play(svc, game_id, 0, "take a1", "place -2 0")
    play(svc, game_id, 1, "take a2", "place -2 0")
    entries = [e for e in log_of(svc, game_id) if e.seat == 2]
    assert [(e.text, e.source, e.revealed) for e in entries][:2] == [("take a3", "plan", True),
                                                                      ("place 1 -1", "plan", False)]



def test_the_answer_to_a_plan_asks_for_whole_turns_and_tells_the_steps_after_new_tiles_are_played(svc):
    """What the farmer is told when her plan is kept is the rule the test
    above shows: a move that draws a column anew does not stop her plan, so
    she writes the whole turn (a plan cut at that move would leave its
    place to another mail)."""
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    answer = plans.make_plan(svc, game_id, 2, read_plan("next: take a3, place 1 -1"))
    assert "Write whole turns: the steps after a move that draws new tiles are played while what they name is " \
           "what you saw" in answer
    assert "nor anything after a move that reveals" not in answer


class Drawing:
    """A game of one step and its follow-up: ``draw`` deals its farmer a
    hidden card (their private view changes), ``flip`` turns a public card
    (public hidden information); ``keep`` follows either."""

    def to_act(self, state):
        return 0 if state["steps"] < 2 else None

    def parse(self, state, seat, text):
        return text

    def names(self, state, move):
        return ""

    def apply(self, state, move):
        private = state["private"] + (["card"] if move == "draw" else [])
        return {"steps": state["steps"] + 1, "private": private, "hidden": state["hidden"] + (move != "keep")}

    def code(self, move):
        return move

    def reveals_information(self, before, after):
        return before["hidden"] != after["hidden"]

    def view(self, state, seat):
        return {"private": list(state["private"])}

    def closing_moves(self, state):
        return []


@pytest.mark.parametrize("first, played, left", [("draw", ["draw"], ("keep",)), ("flip", ["flip", "keep"], ())])
def test_a_plan_stops_after_a_move_that_shows_its_farmer_something_hidden_and_plays_on_after_a_public_one(
        first, played, left):
    start = {"steps": 0, "private": [], "hidden": 0}
    codes, rest, _ = shown_plans._try(Drawing(), start, 0, (first, "keep"), seen={"private": []}, t=translator("en"))
    assert (codes, rest) == (played, left)


def test_given_a_plan_when_the_move_it_saw_is_undone_then_the_plan_stops(svc):
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    request_id = playing.submit_move(svc, game_id, 0, ["take:a:2"], source="web",
                                     base_version=game_row(svc, game_id).version)
    assert playing.wait_for(svc, request_id, 0).status == "applied"
    plans.make_plan(svc, game_id, 1, read_plan("next: take c1, place 1 -1"))
    undo = playing.submit_move(svc, game_id, 0, [], source="web", action="undo",
                               base_version=game_row(svc, game_id).version)
    assert playing.wait_for(svc, undo, 0).status == "applied"
    plan = plan_of(svc, game_id, 1)
    assert plan.status == "stopped" and "Ann took back “take a2”" in plan.note
    play(svc, game_id, 0, "take b1", "place -2 0")
    assert [e for e in log_of(svc, game_id) if e.seat == 1] == []


# --------------------------------------------------------------------------- Harvest


def harvest_to_placing(svc, game_id: int) -> None:
    """Every farmer keeps their first Character and Farmhouse and takes the
    first sunrise tile (and upgrades nothing): the round's placements begin."""
    rules = get_game("harvest")
    while True:
        game = game_row(svc, game_id)
        moves = rules.legal_moves(game.state)
        if moves[0].kind == "place":
            return
        seat = rules.to_act(game.state)
        move = next((m for m in moves if rules.text(m) == "done"), moves[0])
        request_id = playing.submit_move(svc, game_id, seat, [rules.code(move)], source="web",
                                         base_version=game.version)
        assert playing.wait_for(svc, request_id, 0).status == "applied"


def test_given_a_harvest_plan_for_the_round_when_its_stop_condition_holds_then_it_stops_and_says_why(svc):
    game_id = started(svc, "harvest", ANN, BOB)
    harvest_to_placing(svc, game_id)
    placer = to_act(svc, game_id)
    other = 1 - placer
    coins = get_game("harvest").amounts(game_row(svc, game_id).state, other)["coin"]
    plans.make_plan(svc, game_id, other, read_plan(f"plan: store > fields 3; stop if coins < {coins + 1}"))
    play(svc, game_id, placer, "place workshop 2")
    # ... the placer's turn goes on with the Workshop's actions; once it ends, the plan is read
    finish_turn(svc, game_id, placer)
    plan = plan_of(svc, game_id, other)
    assert plan.status == "stopped"
    assert f"coins < {coins + 1} (you have {coins})" in plan.note


def test_given_a_harvest_plan_when_a_turn_comes_then_its_first_possible_space_is_placed_from_the_plan(svc):
    game_id = started(svc, "harvest", ANN, BOB)
    harvest_to_placing(svc, game_id)
    placer = to_act(svc, game_id)
    other = 1 - placer
    plans.make_plan(svc, game_id, other, read_plan("plan: fields 3 > store"))
    play(svc, game_id, placer, "place fields 3")
    finish_turn(svc, game_id, placer)
    placed = [e for e in log_of(svc, game_id) if e.seat == other and e.source == "plan"]
    assert placed and placed[0].text.startswith("place store ")  # fields 3 was taken: the next alternative
    plan = plan_of(svc, game_id, other)
    assert plan.status == "active" and plan.played == 1  # for the rest of the round


# --------------------------------------------------------------------------- making plans


def test_a_stop_condition_naming_nothing_the_game_counts_is_refused_with_the_names_it_knows(svc):
    game_id = started(svc, "harvest", ANN, BOB)
    with pytest.raises(InvalidInput, match="no count called “carrots”.*coin"):
        plans.make_plan(svc, game_id, 1, read_plan("plan: store; stop if carrots < 2"))


def test_cancel_plan_removes_it_and_says_so(svc):
    game_id = started(svc, "sunfield", ANN, BOB)
    plans.make_plan(svc, game_id, 1, read_plan("next: take c1, place 1 -1"))
    assert "is cancelled" in plans.cancel_plan(svc, game_id, 1)
    assert plan_of(svc, game_id, 1).status == "cancelled"
    assert "no plan" in plans.cancel_plan(svc, game_id, 1)
    play(svc, game_id, 0, "take a2", "place -2 0")
    assert [e for e in log_of(svc, game_id) if e.seat == 1] == []


# --------------------------------------------------------------------------- whose plan


@pytest.mark.parametrize("kind", ["sunfield", "harvest"])
def test_given_a_plan_when_the_host_hands_the_seat_to_a_substitute_then_the_newcomer_starts_without_it(svc, kind):
    created = create_game(svc, kind, [ANN, BOB], host=0, seed=7, clock=ClockSettings(per_turn=3 * 86400))
    join(svc, created.game_id, 1)
    plans.make_plan(svc, created.game_id, 1, read_plan("next: take c1, place 2 0 | fields 3"))
    substitutes.substitute(svc, created.game_id, 0, 1, "Cleo", "cleo@example.org")
    join(svc, created.game_id, 1)
    assert plan_of(svc, created.game_id, 1).status == "cancelled"
    seat = game_row(svc, created.game_id).seats[1]
    assert (seat.planned, seat.plan_news) == (False, None)
    with svc.db.transaction() as session:
        game = lookup.load_game(session, created.game_id)
        assert shown_plans.waiting_plan(session, game, game.seats[1]) is None


def test_a_plan_is_shown_on_its_farmers_page_and_in_her_mails_footer_and_nowhere_else(svc, client):
    svc.queue = inline_queue(svc)  # these mails are sent: their text is read
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    plans.make_plan(svc, game_id, 2, read_plan("next: take b1, place 1 -1 | take c1, place 2 0"))
    game = game_row(svc, game_id)
    pages = {seat.position: client.get(path_of(svc.links.seat_url(game_id, seat.position, seat.secret)))
             for seat in game.seats}
    assert "next: take b1, place 1 -1 | take c1, place 2 0" in pages[2].get_data(as_text=True)
    for position in (0, 1):
        assert "take b1, place 1 -1" not in pages[position].get_data(as_text=True)
    play(svc, game_id, 0, "take a1", "place -2 0")  # Bob's turn mail, and Ann's account, say nothing of it
    for message in mailbox(svc, "ann@example.org") + mailbox(svc, "bob@example.org"):
        assert "take b1, place 1 -1" not in text_part(message)


def test_a_rematch_starts_without_the_plans_of_the_game_it_plays_again(svc):
    game_id = played.started(svc, played.ANN, played.BOB)
    played.play_turns(svc, game_id, played.ANN_WINS[:2])
    plans.make_plan(svc, game_id, 0, read_plan("next: take 1"))  # her next turn never comes: this one ends the game
    played.play_turns(svc, game_id, played.ANN_WINS[2:])
    assert game_row(svc, game_id).seats[0].planned
    made = rematch(svc, game_id, 0)
    with svc.db.transaction() as session:
        assert session.scalars(select(Plan).where(Plan.game_id == made.game_id)).all() == []
        assert not any(s.planned for s in lookup.load_game(session, made.game_id).seats)


# --------------------------------------------------------------------------- pages and links


def posted(client, path: str, data: dict) -> str:
    """The page a form's POST leads to (its redirect followed)."""
    response = client.post(path, data=data)
    assert response.status_code == 303
    return client.get(path_of(response.location)).get_data(as_text=True)


def test_the_seat_page_keeps_a_plan_shows_it_and_cancels_it(svc, client):
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    seat = game_row(svc, game_id).seats[2]
    page = path_of(svc.links.seat_url(game_id, 2, seat.secret))
    token = csrf_token(client.get(page).get_data(as_text=True))
    answer = posted(client, f"{page}/plan", {"csrf_token": token, "plan": "take b1, place 1 -1 | take c1"})
    assert "Your plan is kept: next: take b1, place 1 -1 | take c1" in answer
    assert "Cancel the plan" in answer
    answer = posted(client, f"{page}/plan", {"csrf_token": token, "action": "cancel"})
    assert "is cancelled" in answer and "No plan." in answer
    answer = posted(client, f"{page}/plan", {"csrf_token": token, "plan": "next: take b1; stop if seeds < 1"})
    assert "has no “stop if”" in answer


def test_a_turn_mails_plan_link_keeps_its_plan_and_a_stale_one_keeps_nothing(svc, client):
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    mail = composed(svc, mails(svc, "turn", to="ann@example.org")[-1])
    [first, *_] = mail["plan_next"]
    assert first["text"] == mail["choices"]["whole"][0]["line"]  # the mail's first whole turn, as a plan
    page = client.get(path_of(first["url"]))
    assert page.status_code == 200 and f"next: {first['text']}" in page.get_data(as_text=True)
    token = csrf_token(page.get_data(as_text=True))
    kept = posted(client, path_of(first["url"]), {"csrf_token": token})
    assert f"Your plan is kept: next: {first['text']}" in kept
    assert plan_of(svc, game_id, 0).status == "active"
    plans.cancel_plan(svc, game_id, 0)
    play(svc, game_id, 0, "take a1", "place -2 0")  # the board moves on
    stale = client.get(path_of(first["url"]))
    assert stale.status_code == 409 and "The board has moved on" in stale.get_data(as_text=True)
    client.post(path_of(first["url"]), data={"csrf_token": token})
    assert plan_of(svc, game_id, 0).status == "cancelled"


def test_with_plans_switched_off_a_plan_is_refused_and_one_kept_before_is_not_played(svc):
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    plans.make_plan(svc, game_id, 2, read_plan("next: take b1, place 1 -1"))
    svc.config = dataclasses.replace(svc.config, plans=False)
    with pytest.raises(InvalidInput, match="Plans are not offered"):
        plans.make_plan(svc, game_id, 1, read_plan("next: take c1"))
    play(svc, game_id, 0, "take a1", "place -2 0")
    play(svc, game_id, 1, "take a2", "place -2 0")
    assert [e for e in log_of(svc, game_id) if e.seat == 2] == []
    assert to_act(svc, game_id) == 2


def test_a_closing_end_the_turn_no_longer_needs_does_not_spoil_a_plan(svc):
    game_id = started(svc, "sunfield", ANN, BOB, CAT)
    plans.make_plan(svc, game_id, 2, read_plan("next: take b1, place 1 -1, end"))
    play(svc, game_id, 0, "take a1", "place -2 0")
    play(svc, game_id, 1, "take a2", "place -2 0")
    assert [e.text for e in log_of(svc, game_id) if e.seat == 2][:2] == ["take b1", "place 1 -1"]
    assert plan_of(svc, game_id, 2).status == "played"
