"""Every mail gets an answer: given a started game of Pebbles (Anna to play,
then Bob), when a farmer mails a command, then exactly one mail answers it,
with the seat's reply address; silence only for loops (the same text again
within minutes) and past the hourly cap (after one notice). Runs on SQLite
and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta
from email.header import Header

import pytest
from sqlalchemy import select, update

from boards.i18n import translator
from service.core.wall_time import now
from service.inbound.receive import receive, too_much_mail
from service.storage.models import InboundMail, MoveRequest
from service.usecases import creation, playing
from tests.mail.inbound_helpers import inbound_row, log_texts, reply, start_game
from tests.service.helpers import RecordingQueue, mailbox, mails, text_part

ANNA, BOB = "anna@example.org", "bob@example.org"


@pytest.fixture
def game(svc):
    return start_game(svc)


def send(svc, keys, who: str, body: str, **kwargs) -> InboundMail:
    sender = {"Anna": f"Anna <{ANNA}>", "Bob": f"Bob <{BOB}>"}[who]
    return inbound_row(svc, receive(svc, reply(keys[who], body, sender=sender, **kwargs), source="ingest").id)


def new_mails(svc, before: int, to: str) -> list:
    return mailbox(svc, to)[before:]


# --------------------------------------------------------------------------- loops and mail bombs


def test_the_same_text_again_within_minutes_is_a_loop_and_is_not_answered(svc, game):
    _, keys = game
    first = send(svc, keys, "Bob", "take 1")
    again = send(svc, keys, "Bob", "take 1")
    assert (first.outcome, first.answered) == ("not-your-turn", True)
    assert (again.outcome, again.answered) == ("not-your-turn", False)
    assert "the same text as mail" in again.detail
    with svc.db.transaction() as session:  # five minutes later it is a new question
        session.execute(update(InboundMail).values(received_at=now() - timedelta(minutes=6)))
    later = send(svc, keys, "Bob", "take 1")
    assert later.answered


def test_the_same_text_again_is_still_acted_on(svc, game):
    """A farmer who plays "take 1" twice in a row means it: silence is only
    for the answer."""
    game_id, keys = game
    send(svc, keys, "Anna", "take 1")
    send(svc, keys, "Anna", "take 1")
    assert log_texts(svc, game_id) == ["take 1", "take 1"]


def test_past_the_hourly_cap_one_address_gets_one_notice_then_silence(svc, game):
    _, keys = game
    limit = svc.config.rate_limits["answers"]
    rows = [send(svc, keys, "Bob", f"take {n}") for n in range(limit.count + 2)]
    assert all(row.answered for row in rows[:limit.count])
    notice, silent = rows[limit.count:]
    assert notice.answered and not silent.answered
    answers = [text_part(m) for m in mailbox(svc, BOB) if str(m["Subject"]).startswith("Re:")]
    assert len(answers) == limit.count + 1
    assert answers[-1].startswith(too_much_mail(limit, translator("en")))
    assert f"over {limit} answers" in silent.detail


# --------------------------------------------------------------------------- the answer itself


def test_a_mail_without_a_command_is_answered_with_the_seats_reply_address_and_a_pointer_to_help(svc, game):
    _, keys = game
    before = len(mailbox(svc, ANNA))
    row = send(svc, keys, "Anna", "")
    assert (row.outcome, row.answered) == ("empty", True)
    [answer] = new_mails(svc, before, ANNA)
    assert str(answer["Reply-To"]) == f"play+{keys['Anna']}@farmpost.test"
    assert "We found no command" in text_part(answer) and "Reply “help”" in text_part(answer)


def test_a_subject_whose_encoded_word_decodes_to_a_line_break_is_answered_with_a_clean_subject(svc, game):
    _, keys = game
    subject = Header("Re: turn\r\nBcc: everyone@example.org", "utf-8").encode()
    raw = reply(keys["Anna"], "board").replace(b"Subject: Re: Pebbles #1: your turn", f"Subject: {subject}".encode())
    assert b"\r\nBcc:" not in raw
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert (row.outcome, row.answered) == ("answered", True)
    [answer] = [m for m in mailbox(svc, ANNA) if str(m["Subject"]).startswith("Re:")]
    assert str(answer["Subject"]) == "Re: turn Bcc: everyone@example.org"
    assert answer["Bcc"] is None


def test_a_message_id_unfit_for_a_header_is_left_out_of_the_answers_thread(svc, game):
    _, keys = game
    row = send(svc, keys, "Anna", "board", message_id="<a b\x0bc@example.org>")
    assert row.answered
    [answer] = [m for m in mailbox(svc, ANNA) if str(m["Subject"]).startswith("Re:")]
    assert answer["In-Reply-To"] is None


# --------------------------------------------------------------------------- each command acknowledged once


def test_undo_is_answered_with_the_board_after_it_and_the_options_now_open(svc, game):
    game_id, keys = game
    send(svc, keys, "Anna", "take 2")
    before = len(mailbox(svc, ANNA))
    row = send(svc, keys, "Anna", "undo")
    assert row.outcome == "applied" and not row.answered
    assert log_texts(svc, game_id) == []
    [answer] = new_mails(svc, before, ANNA)
    text = text_part(answer)
    assert str(answer["Subject"]).startswith("Pebbles #1: your turn continues")
    assert "Undone: take 2." in text
    assert "* take 1" in text and "* take 2" in text and "* draw" in text  # the options open again
    assert str(answer["Reply-To"]) == f"play+{keys['Anna']}@farmpost.test"


def test_an_undo_a_worker_applies_is_answered_the_same_way(svc, game):
    game_id, keys = game
    send(svc, keys, "Anna", "take 2")
    inline = svc.queue
    svc.queue = RecordingQueue(to=inline, passes=("inbound",))
    row = send(svc, keys, "Anna", "undo")
    assert row.outcome == "queued"
    svc.queue = inline
    playing.apply_move_request(svc, row.request_id)
    [turn] = mails(svc, "turn", ANNA)[-1:]
    assert turn.context["note"] == "Undone: take 2."


def test_an_undo_that_cannot_be_done_is_answered_with_the_reason_and_the_options(svc, game):
    _, keys = game
    before = len(mailbox(svc, ANNA))
    row = send(svc, keys, "Anna", "undo")
    assert row.outcome == "rejected"
    [answer] = new_mails(svc, before, ANNA)
    assert "There is nothing of yours to undo in this turn." in text_part(answer)
    assert "* take 1" in text_part(answer)


def test_resign_yes_is_confirmed_by_one_mail_with_the_seats_reply_address(svc, game):
    game_id, keys = game
    before = len(mailbox(svc, ANNA))
    row = send(svc, keys, "Anna", "resign yes")
    assert row.outcome == "applied"
    answers = [m for m in new_mails(svc, before, ANNA) if "resigned" in str(m["Subject"])]
    assert [str(m["Subject"]) for m in answers] == ["Pebbles #1: you resigned"]
    assert "You have resigned; a bot plays your seat" in text_part(answers[0])
    assert str(answers[0]["Reply-To"]) == f"play+{keys['Anna']}@farmpost.test"
    with svc.db.transaction() as session:
        assert session.scalar(select(MoveRequest.status).where(MoveRequest.id == row.request_id)) == "applied"


@pytest.mark.parametrize("command, says", [
    ("say Good luck", "Relayed to Bob: “Good luck”"),
    ("stop", "Mails for this game are off."),
    ("vacation 3", "You are away until"),
])
def test_say_stop_and_vacation_are_each_acknowledged_by_one_answer(svc, game, command, says):
    _, keys = game
    before = len(mailbox(svc, ANNA))
    row = send(svc, keys, "Anna", command)
    assert (row.outcome, row.answered) == ("answered", True)
    [answer] = new_mails(svc, before, ANNA)
    assert says in text_part(answer)
    assert str(answer["Reply-To"]) == f"play+{keys['Anna']}@farmpost.test"


# --------------------------------------------------------------------------- help is help


def test_help_lists_every_command_with_an_example_and_the_options_as_links(svc, game):
    _, keys = game
    row = send(svc, keys, "Anna", "help")
    assert row.outcome == "answered"
    for example in ("* take 1\n", "* preview take 1", "* undo", "* board", "* say Good luck, everyone!",
                    "* vacation 7", "* stop", "* resign", "* help"):
        assert example in row.answer, example
    options = row.answer.split("Your options now")[1]
    assert "* take 1\n  http://farmpost.test/m/1/0/" in options and "* draw\n  http://" in options


def test_help_shows_the_notation_of_the_decision_at_hand_first_then_every_other(svc):
    """Sunfield Farm's first decision is which Field tile to take: help
    explains "take" first, then the notation of later decisions."""
    created = creation.create_game(svc, "sunfield", [creation.FarmerSpec("Anna", ANNA),
                                                     creation.FarmerSpec("Bob", BOB)], host=0, seed=7)
    creation.join(svc, created.game_id, 1)
    keys = {}
    with svc.db.transaction() as session:
        from service.storage.models import Seat
        for seat in session.scalars(select(Seat).where(Seat.game_id == created.game_id)):
            keys[seat.name] = seat.reply_key
    row = send(svc, keys, "Anna", "help")
    notation = row.answer.split("How moves are written:")[1].split("Your options now")[0]
    at_hand, later = notation.split("Later in the game:")
    assert "* take b2 — take the Field tile" in at_hand
    assert "deliver 3" not in at_hand
    # and help is every command: the moves of later steps follow
    assert "deliver 3" in later


def test_help_from_a_farmer_who_waits_says_whose_turn_it_is(svc, game):
    _, keys = game
    row = send(svc, keys, "Bob", "help")
    assert "* undo" in row.answer and "It is Anna's turn" in row.answer
    assert "/m/" not in row.answer


def test_board_stays_the_board(svc, game):
    _, keys = game
    row = send(svc, keys, "Anna", "board")
    assert "* take 1" in row.answer and "preview" not in row.answer


# --------------------------------------------------------------------------- refusals


def test_when_a_later_line_fails_the_lines_before_it_are_kept_and_the_options_are_those_after_them(svc, game):
    # given Anna to play at a fresh table (she may take 1, take 2 or draw; "end" only after a step)
    _, keys = game
    # when her reply's first line is fine and its second is not
    row = send(svc, keys, "Anna", "take 1\ntake 7")
    # then "take 1" is applied, the answer says why "take 7" is not, and the options are those after "take 1"
    assert row.outcome == "applied"
    assert row.answer.startswith("Applied: take 1.\n“take 7”: ")
    assert "Nothing was applied" not in row.answer
    options = row.answer.split("Your options now:")[1]
    assert "* end" in options and "* take 1" in options
    assert log_texts(svc, game[0]) == ["take 1"]


def harvest_state_where(predicate, seed: int = 5):
    """A two-farmer Harvest played by random bots up to a state ``predicate`` accepts."""
    from engine import get_game
    from engine.bots import make_bot
    from engine.core import Rng

    rules, bot = get_game("harvest"), make_bot("random")
    state = rules.setup(2, {}, seed)
    for i in range(5000):
        if predicate(rules, state):
            return rules, state
        state = rules.apply(state, bot.choose(rules, state, Rng.from_seed(i)))
    raise AssertionError("no such state in this game")


def refusal(rules, state, line: str) -> str:
    """What a farmer is answered for a reply of one move line (service/inbound/decide.py)."""
    from service.inbound.decide import _read_moves

    codes, _, answer, _ = _read_moves(rules, state, rules.to_act(state), [line], translator("en"))
    assert codes == [] and answer
    return answer


def texts_of(rules, state) -> list[str]:
    return [rules.text(m) for m in rules.legal_moves(state)]


def test_building_what_is_not_on_offer_is_refused_with_the_rule_it_breaks():
    # given a Harvest farmer who may build, while the Well is not on offer
    rules, state = harvest_state_where(lambda r, s: any(t.startswith("build ") for t in texts_of(r, s))
                                       and "well" not in {o["building"] for o in s["buildings"]["offer"]})
    # when they write "build well c3"
    answer = refusal(rules, state, "build well c3")
    # then the answer names the rule, not a bare "not possible now"
    assert "not possible now" not in answer
    assert "the Well is not on offer now (on offer: " in answer
    assert "Nothing was applied" in answer


def test_tending_onto_a_space_not_next_to_the_crop_is_refused_with_the_rule_it_breaks():
    # given a Harvest farmer who may tend a Strawberry
    def tending(rules, state):
        return any(t.startswith("tend strawberry ") for t in texts_of(rules, state))

    rules, state = harvest_state_where(tending)
    parent = next(t for t in texts_of(rules, state) if t.startswith("tend strawberry ")).split()[2]
    from engine.harvest.farm import CELLS, NEIGHBOURS

    near = NEIGHBOURS[parent][0]
    far = next(c for c in CELLS if c != parent and c not in NEIGHBOURS[parent])
    # when the second space they name is not next to it
    answer = refusal(rules, state, f"tend strawberry {parent} {near} {far}")
    # then the answer says so
    assert "not possible now" not in answer
    assert f"{far} is not next to {parent}" in answer or f"{near} is not free" in answer


def test_a_suggested_build_over_a_crop_says_it_destroys_the_crop():
    # given a Harvest farmer who may build on a plot where a crop grows
    from engine.harvest.farm import BLOCKS

    def over_a_crop(rules, state):
        farmer = state["farmers"][state["active"]] if state.get("active") is not None else None
        if farmer is None:
            return False
        crops = {cell for tile in farmer["farm"]["crops"] for cell in tile["cells"]}
        return any(t.startswith("build ") and crops & set(BLOCKS[t.split()[2]]) for t in texts_of(rules, state))

    rules, state = harvest_state_where(over_a_crop)
    farmer = state["farmers"][state["active"]]
    crops = {cell for tile in farmer["farm"]["crops"] for cell in tile["cells"]}
    build = next(t for t in texts_of(rules, state) if t.startswith("build ") and crops & set(BLOCKS[t.split()[2]]))
    _, name, anchor = build.split()
    # when they misspell that very move
    answer = refusal(rules, state, f"build {name}x {anchor}")
    # then the suggestion of that move says it destroys the crop
    assert f"“{build}” (careful: your " in answer and "destroyed" in answer.split(f"“{build}”")[1].split("”")[0]


# --------------------------------------------------------------------------- no command found


def fresh(key: str, body: str, sender: str = f"Anna <{ANNA}>") -> bytes:
    """A mail to the seat's reply address that quotes nothing."""
    return (f"From: {sender}\r\nTo: play+{key}@farmpost.test\r\nSubject: Pebbles\r\n"
            f"Message-ID: <fresh-{abs(hash(body))}@mail.example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"\r\n{body}\r\n").encode()


@pytest.mark.parametrize("body, meant", [("ayuda", "“help”"), ("nehmen 2", "“take 2”")])
def test_an_unknown_first_word_is_answered_with_the_closest_commands(svc, game, body, meant):
    # given Anna to play, when she mails a word that is no command
    _, keys = game
    row = inbound_row(svc, receive(svc, fresh(keys["Anna"], body), source="ingest").id)
    # then the answer proposes the commands closest to it
    assert row.outcome == "empty"
    assert f"“{body}” is not a command we know. Did you mean {meant}" in row.answer


def test_a_sign_off_under_a_line_that_is_no_command_is_not_taken_for_one(svc, game):
    # given Anna to play, when she mails a slip of a command in quotes and signs off
    _, keys = game
    row = inbound_row(svc, receive(svc, fresh(keys["Anna"], "“nehmen 2”\n\nThanks!"), source="ingest").id)
    # then the answer proposes the command closest to the slip, and says nothing of the sign-off
    assert row.outcome == "empty"
    assert "“nehmen 2” is not a command we know. Did you mean “take 2”" in row.answer
    assert "Thanks" not in row.answer


def test_no_command_in_a_mail_that_quotes_nothing_does_not_speak_of_the_quoted_mail(svc, game):
    # given a mail that quotes nothing, and a reply that quotes our mail
    _, keys = game
    bare = inbound_row(svc, receive(svc, fresh(keys["Anna"], "Hello there, lovely weather"), source="ingest").id)
    quoting = send(svc, keys, "Anna", "Hello there, lovely day")
    # then only the reply that quotes is told to type above the quoted mail
    assert bare.outcome == quoting.outcome == "empty"
    assert "quoted" not in bare.answer and "Type your commands in your reply" in bare.answer
    assert "Type your commands above the quoted mail" in quoting.answer


def test_the_answer_to_a_reply_of_a_reply_has_one_re_in_its_subject(svc, game):
    # given a subject that mail programs have piled prefixes on
    _, keys = game
    raw = reply(keys["Anna"], "board").replace(b"Subject: Re: Pebbles #1: your turn",
                                               b"Subject: Re: RE: Aw: Re[2]: Pebbles #1: your turn")
    before = len(mailbox(svc, ANNA))
    # when it is answered
    receive(svc, raw, source="ingest")
    # then the answer's subject has one "Re: "
    [answer] = new_mails(svc, before, ANNA)
    assert str(answer["Subject"]) == "Re: Pebbles #1: your turn"


# --------------------------------------------------------------------------- a reply to one game sent to another


def test_a_reply_to_one_games_mail_sent_to_another_games_address_applies_nothing_and_asks(svc):
    # given Anna to play in two games of Pebbles
    from tests.mail.inbound_helpers import game_version

    first, first_keys = start_game(svc)
    second, second_keys = start_game(svc)
    [turn_mail] = [m for m in mails(svc, "turn", ANNA) if m.game_id == first]
    # when she answers the first game's turn mail, but to her reply address of the second game
    raw = reply(second_keys["Anna"], "take 1").replace(
        b"Message-ID:", f"In-Reply-To: {turn_mail.message_id}\r\nMessage-ID:".encode(), 1)
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    # then nothing is applied in either game, and she is asked, with both games named
    assert row.outcome == "other-game"
    assert log_texts(svc, first) == [] and log_texts(svc, second) == []
    assert game_version(svc, second) == game_version(svc, first)
    assert f"Pebbles #{first}" in row.answer and f"Pebbles #{second}" in row.answer
    assert "nothing was applied" in row.answer


def test_a_reply_to_the_games_own_mail_is_applied_as_before(svc):
    # given Anna's turn mail, when she answers it at the game's own address, then her move is applied
    game_id, keys = start_game(svc)
    [turn_mail] = [m for m in mails(svc, "turn", ANNA) if m.game_id == game_id]
    raw = reply(keys["Anna"], "take 1").replace(
        b"Message-ID:", f"In-Reply-To: {turn_mail.message_id}\r\nMessage-ID:".encode(), 1)
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert row.outcome == "applied"
    assert log_texts(svc, game_id) != []
