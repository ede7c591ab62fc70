"""The use cases, called directly, on SQLite and on PostgreSQL.

The game is Pebbles (tests/service/toygame.py): take 1 or 2 pebbles or draw a
hidden card, at most two steps, then end the turn; emptying the pile ends it.
"""

from __future__ import annotations

import pytest

from service.core.errors import InvalidInput
from service.core.links import LinkError
from service.usecases import playing, preferences, seat_links
from service.usecases.creation import FarmerSpec, create_game, join
from service.usecases.playing import submit_move
from tests.service.helpers import game_row, log_of, mailbox, mails, requests_of, text_part

ANN, BOB, CAT = (FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org"),
                 FarmerSpec("Cat", "cat@example.org"))


def play(svc, seat, *codes, version=None, game_id=1, source="web", key=None):
    """A farmer submits moves against the board they see (the current one by default)."""
    if version is None:
        version = game_row(svc, game_id).version
    request_id = submit_move(svc, game_id, seat, list(codes), source=source, base_version=version, dedupe_key=key)
    return playing.wait_for(svc, request_id, 0)


def started(svc, *farmers):
    created = create_game(svc, "toy", list(farmers or (ANN, BOB)), host=0, seed=1)
    for position in range(1, len(farmers or (ANN, BOB))):
        join(svc, created.game_id, position)
    return created


# --------------------------------------------------------------------------- creating and joining


def test_given_three_farmers_when_the_host_creates_a_game_then_the_others_are_invited_and_it_waits(svc):
    created = create_game(svc, "toy", [ANN, BOB, CAT], host=0, seed=1)
    game = game_row(svc, created.game_id)
    assert game.status == "inviting"
    assert [m.to_addr for m in mails(svc, "invite")] == ["bob@example.org", "cat@example.org"]
    assert mails(svc, "turn") == []
    assert created.host_url.startswith("http://farmpost.test/g/1/0/")


def test_given_an_invited_game_when_the_last_farmer_joins_then_it_starts_with_a_turn_mail_to_the_first(svc):
    create_game(svc, "toy", [ANN, BOB, CAT], host=0, seed=1)
    join(svc, 1, 1)
    assert game_row(svc).status == "inviting"
    join(svc, 1, 2)
    join(svc, 1, 2)  # joining twice is harmless
    assert game_row(svc).status == "active"
    turn_mails = mails(svc, "turn")
    assert [m.to_addr for m in turn_mails] == ["ann@example.org"]
    assert turn_mails[0].subject == "Pebbles #1: your turn (round 1)"


@pytest.mark.parametrize("farmers, message", [
    ([], "played by 1 to 4"),
    ([ANN, BOB, CAT, ANN, BOB], "played by 1 to 4"),
    ([ANN, FarmerSpec("Bob")], "needs an email"),
    ([ANN, FarmerSpec("Bob", "not an address")], "does not look like an email"),
    ([ANN, FarmerSpec("  ", "b@example.org")], "needs a name"),
    ([ANN, FarmerSpec("Robo", bot="genius")], "no bot called"),
])
def test_given_bad_farmers_when_creating_then_a_clear_error_and_nothing_is_stored(svc, farmers, message):
    with pytest.raises(InvalidInput, match=message):
        create_game(svc, "toy", farmers, host=0 if farmers else None)
    assert game_row(svc) is None


def test_given_an_unknown_game_or_option_when_creating_then_a_clear_error(svc):
    with pytest.raises(InvalidInput, match="no game called"):
        create_game(svc, "chess", [ANN])
    with pytest.raises(InvalidInput, match="unknown option"):
        create_game(svc, "toy", [ANN], options={"speed": 3})


def test_given_only_bots_besides_the_host_then_the_game_starts_at_once(svc):
    create_game(svc, "toy", [FarmerSpec("Ann"), FarmerSpec("Robo", bot="random")], host=0, seed=3)
    assert game_row(svc).status == "active"
    assert mails(svc) == []  # the host gave no email: nobody to mail


# --------------------------------------------------------------------------- moves


def test_given_my_turn_when_i_submit_a_move_then_it_is_logged_and_the_snapshot_moves_on(svc):
    started(svc)
    result = play(svc, 0, "take:2")
    assert (result.status, result.result) == ("applied", "Done: take 2.")
    game = game_row(svc)
    assert game.version == 1 and game.state["pile"] == 7
    [entry] = log_of(svc)
    assert (entry.seq, entry.seat, entry.code, entry.text, entry.source) == (0, 0, "take:2", "take 2", "web")
    assert entry.description == "took 2 pebbles"


def test_given_a_request_already_applied_when_it_is_applied_again_then_nothing_changes(svc):
    started(svc)
    result = play(svc, 0, "take:1")
    again = playing.apply_move_request(svc, result.id)
    assert again.status == "applied"
    assert game_row(svc).version == 1 and len(log_of(svc)) == 1


def test_given_the_same_key_twice_when_submitting_then_one_request_and_one_move(svc):
    started(svc)
    first = submit_move(svc, 1, 0, ["take:1"], source="link", base_version=0, dedupe_key="link:abc")
    second = submit_move(svc, 1, 0, ["take:1"], source="link", base_version=0, dedupe_key="link:abc")
    assert first == second
    assert len(requests_of(svc)) == 1 and len(log_of(svc)) == 1


def test_given_a_move_made_on_an_old_board_then_it_is_stale_and_not_applied(svc):
    started(svc)
    play(svc, 0, "take:1")
    result = play(svc, 0, "take:2", version=0)
    assert result.status == "stale" and "moved on" in result.result
    assert game_row(svc).state["pile"] == 8


def test_given_not_my_turn_when_i_move_then_i_am_told_whose_turn_it_is(svc):
    started(svc)
    result = play(svc, 1, "take:1")
    assert result.status == "rejected" and result.result == "It is not your turn: Ann is to play."


def test_given_a_batch_with_an_illegal_move_then_nothing_of_it_is_applied(svc):
    started(svc)
    result = play(svc, 0, "take:1", "take:2", "take:1")  # a third step is not allowed
    assert result.status == "rejected" and "Nothing was applied" in result.result
    assert game_row(svc).version == 0 and log_of(svc) == []


def test_given_a_batch_of_legal_moves_then_all_are_applied_under_one_version(svc):
    started(svc)
    result = play(svc, 0, "take:1", "take:2", "end")
    assert result.status == "applied"
    assert game_row(svc).version == 1
    assert [e.code for e in log_of(svc)] == ["take:1", "take:2", "end"]


def test_given_a_finished_game_when_someone_moves_then_they_hear_it_is_over(svc):
    started(svc)
    for seat, codes in [(0, ["take:2", "take:2", "end"]), (1, ["take:2", "take:2", "end"]), (0, ["take:1"])]:
        assert play(svc, seat, *codes).status == "applied"
    assert game_row(svc).status == "over"
    assert play(svc, 0, "end").result == "This game is over."


# --------------------------------------------------------------------------- notifications


def test_when_the_turn_passes_then_the_next_farmer_gets_a_turn_mail_and_those_who_opted_in_an_account(svc):
    started(svc, ANN, BOB, CAT)
    preferences.set_preferences(svc, 1, 2, accounts=True)
    play(svc, 0, "take:1")
    assert [m.to_addr for m in mails(svc, "turn")] == ["ann@example.org"]  # mid-turn: no new mail
    play(svc, 0, "end")
    assert [m.to_addr for m in mails(svc, "turn")] == ["ann@example.org", "bob@example.org"]
    [account] = mails(svc, "account")
    assert account.to_addr == "cat@example.org" and account.subject == "Pebbles #1: Ann played"
    turn_text = mailbox(svc, "bob@example.org")[-1].get_body(preferencelist=("plain",)).get_content()
    assert "Ann took 1 pebble" in turn_text and "Ann ended the turn" in turn_text


def test_given_the_default_preferences_then_farmers_get_only_their_turn_mails(svc):
    started(svc, ANN, BOB, CAT)
    play(svc, 0, "take:1", "end")
    assert mails(svc, "account") == []
    assert [m.to_addr for m in mails(svc)][-1] == "bob@example.org"


def test_a_turn_mail_tells_what_the_others_did_since_the_farmers_last_turn(svc):
    """Given Ann, Bob and Cat, when Bob and Cat play after Ann's turn, then
    Ann's next turn mail folds in both their turns, and nothing of her own."""
    started(svc, ANN, BOB, CAT)
    play(svc, 0, "take:1", "end")
    play(svc, 1, "take:2", "end")
    play(svc, 2, "draw", "end")
    text = text_part(mailbox(svc, "ann@example.org")[-1])
    since = text.split("SINCE YOUR LAST TURN")[1].split("YOUR OPTIONS")[0]
    assert "Bob took 2 pebbles" in since and "Cat drew a card" in since
    assert "Ann" not in since
    assert mails(svc, "account") == []


def test_given_a_farmer_who_stopped_mail_then_they_get_none(svc):
    started(svc, ANN, BOB)
    preferences.set_preferences(svc, 1, 1, mail=False)
    play(svc, 0, "take:1", "end")
    assert mails(svc, to="bob@example.org", kind="turn") == []


def test_when_the_game_ends_then_every_farmer_gets_the_final_result_once(svc):
    started(svc, ANN, BOB)
    play(svc, 0, "take:2", "take:2", "end")
    play(svc, 1, "take:2", "take:2", "end")
    play(svc, 0, "take:1")
    finals = mails(svc, "final")
    assert sorted(m.to_addr for m in finals) == ["ann@example.org", "bob@example.org"]
    assert finals[0].context["ranking"] == [["Ann"], ["Bob"]]
    assert all(m.status == "sent" for m in mails(svc))


def test_every_mail_of_a_farmer_is_in_one_thread(svc):
    started(svc, ANN, BOB)
    play(svc, 0, "take:1", "end")
    play(svc, 1, "take:1", "end")
    messages = mailbox(svc, "bob@example.org")
    root = messages[0]["Message-ID"]
    assert len(messages) >= 2 and messages[0]["In-Reply-To"] is None
    assert all(m["In-Reply-To"] == root and m["References"] == root for m in messages[1:])


# --------------------------------------------------------------------------- bots


def test_given_bot_seats_then_bots_play_their_turns_through_move_requests(svc):
    create_game(svc, "toy", [ANN, FarmerSpec("Robo", bot="greedy"), FarmerSpec("Rand", bot="random")], host=0, seed=5)
    play(svc, 0, "take:1", "end")
    bot_requests = [r for r in requests_of(svc) if r.source == "bot"]
    assert bot_requests and all(r.status == "applied" for r in bot_requests)
    game = game_row(svc)
    assert game.status == "over" or game.state["turn"] == 0  # the bots played until Ann's turn (or the end)


def test_given_only_bots_then_they_play_the_game_to_the_end(svc):
    create_game(svc, "toy", [FarmerSpec("Ann"), FarmerSpec("Robo", bot="random")], host=0, seed=2)
    play(svc, 0, "take:1", "end")
    while game_row(svc).status == "active":
        play(svc, 0, "take:1", "end")
    assert game_row(svc).status == "over"


# --------------------------------------------------------------------------- undo and resign


def test_given_a_move_in_my_turn_when_i_undo_then_the_state_is_as_before_and_the_log_keeps_it(svc):
    started(svc)
    before = game_row(svc).state
    play(svc, 0, "take:2")
    request_id = submit_move(svc, 1, 0, [], source="web", base_version=1, action="undo")
    result = playing.wait_for(svc, request_id, 0)
    assert (result.status, result.result) == ("applied", "Undone: take 2.")
    game = game_row(svc)
    assert game.state == before and game.version == 2
    assert log_of(svc) == [] and [e.undone for e in log_of(svc, live=False)] == [True]


def test_given_a_move_that_revealed_a_card_then_it_cannot_be_undone(svc):
    started(svc)
    play(svc, 0, "draw")
    request_id = submit_move(svc, 1, 0, [], source="web", base_version=1, action="undo")
    result = playing.wait_for(svc, request_id, 0)
    assert result.status == "rejected" and "cannot be undone" in result.result


def test_given_my_turn_is_over_then_i_cannot_undo_it(svc):
    started(svc)
    play(svc, 0, "take:1", "end")
    request_id = submit_move(svc, 1, 0, [], source="web", base_version=1, action="undo")
    assert "not your turn" in playing.wait_for(svc, request_id, 0).result
    request_id = submit_move(svc, 1, 1, [], source="web", base_version=1, action="undo")
    assert "nothing of yours to undo" in playing.wait_for(svc, request_id, 0).result


def test_when_a_farmer_resigns_then_a_bot_plays_their_seat_to_the_end(svc):
    started(svc)
    request_id = submit_move(svc, 1, 1, [], source="web", base_version=0, action="resign")
    assert playing.wait_for(svc, request_id, 0).status == "applied"
    [told] = mails(svc, "account")
    assert told.to_addr == "ann@example.org" and told.subject == "Pebbles #1: Bob resigned"
    text = text_part(mailbox(svc, "ann@example.org")[-1])
    assert "Bob resigned; a bot plays their seat" in text and "It is your turn (round 1)" in text
    while game_row(svc).status == "active":
        play(svc, 0, "take:1", "end")
    assert any(entry.seat == 1 and entry.source == "bot" for entry in log_of(svc))
    assert mails(svc, "final")[0].context["resigned"] == ["Bob"]


def test_a_farmer_who_resigned_still_gets_the_final_result_and_the_report(svc):
    """Given Sunfield Farm for Ann and Bob, when both resign (bots finish the
    game), then each gets the final result with the PDF report."""
    created = create_game(svc, "sunfield", [ANN, BOB], host=0, seed=3)
    join(svc, created.game_id, 1)
    for position in (1, 0):
        submit_move(svc, created.game_id, position, [], source="web", base_version=None, action="resign")
    assert game_row(svc, created.game_id).status == "over"
    assert sorted(m.to_addr for m in mails(svc, "final")) == ["ann@example.org", "bob@example.org"]
    for address in ("ann@example.org", "bob@example.org"):
        [final] = [m for m in mailbox(svc, address) if str(m["Subject"]).endswith("final result")]
        assert [part.get_content_type() for part in final.iter_attachments()] == ["application/pdf"]
        assert "Resigned (a bot finished their seat): Ann, Bob." in text_part(final)


# --------------------------------------------------------------------------- links and the log


def test_when_a_farmer_gets_a_new_seat_link_then_every_older_link_and_reply_key_stops_working(svc):
    started(svc)
    old = game_row(svc).seats[1]
    old_secret, old_key = old.secret, old.reply_key
    old_url = svc.links.seat_url(1, 1, old_secret)
    new_url, mailed = seat_links.new_seat_link(svc, 1, 1)
    assert mailed and mails(svc, "link")[0].to_addr == "bob@example.org"
    seat = game_row(svc).seats[1]
    assert seat.reply_key != old_key
    with pytest.raises(LinkError):
        svc.links.check("seat", old_url.rsplit("/", 1)[1], game_id=1, seat=1, seat_secret=seat.secret)
    assert svc.links.check("seat", new_url.rsplit("/", 1)[1], game_id=1, seat=1, seat_secret=seat.secret)


def test_every_stored_game_replays_from_its_log_to_its_snapshot(svc, toy_game):
    started(svc)
    create_game(svc, "toy", [ANN, FarmerSpec("Robo", bot="random")], host=0, seed=9)
    play(svc, 0, "take:1", "end")
    play(svc, 1, "take:2")
    play(svc, 1, "draw", "end", version=None)
    play(svc, 0, "take:1", game_id=2)
    games = [game_row(svc, 1), game_row(svc, 2)]
    for game in games:
        codes = [entry.code for entry in log_of(svc, game.id)]
        assert toy_game.replay(len(game.seats), game.options, game.seed, codes) == game.state
