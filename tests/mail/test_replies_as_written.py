"""Replies read the way people write them, in the pure reading: prose
around the commands, answers to invitations, replies to a relayed ``say``,
and who may speak for a seat (several From mailboxes, DMARC). The service
side of each is in test_inbound_replies.py."""

from __future__ import annotations

import pytest

from engine import get_game
from mail.inbound.authorship import DmarcFail, SeveralAuthors, author_refusal, dmarc_result
from mail.inbound.commands import BOARD, MOVE, SAY, split_commands
from mail.inbound.intents import DECLINE, JOIN, invitation_answer, say_back
from mail.inbound.message import parse_message
from mail.inbound.pipeline import read_mail
from mail.inbound.prose import MoveWords, is_prose, likely_typo_of
from tests.mail.corpus_cases import FIXTURES, turn_mail_lines

SUNFIELD = get_game("sunfield")
STATE = SUNFIELD.setup(2, {}, 7)
WORDS = MoveWords.for_game(SUNFIELD, STATE)


def read(name: str):
    return read_mail((FIXTURES / name).read_bytes(), domain="farmpost.example", own_lines=turn_mail_lines())


# --------------------------------------------------------------------------- prose


@pytest.mark.parametrize(
    "line",
    ["Samuel Carter", "Head of Operations, Carter & Sons Ltd", "+44 20 7946 0958", "0171 2345678",
     "Hof am Bach", "Looking forward to the next round", "My cows are hungry today"],
)
def test_a_line_that_is_no_move_word_nor_a_typo_of_one_is_prose(line):
    assert is_prose(line, WORDS)


@pytest.mark.parametrize(
    "line",
    ["take b2", "Take B2", "place 1 -1", "deliver 3", "b2", "1 -1", "(0, 1)", "board", "undo", "put carrot 0 1"],
)
def test_a_line_that_starts_with_a_move_word_a_command_or_a_coordinate_is_not_prose(line):
    assert not is_prose(line, WORDS)


@pytest.mark.parametrize("line, meant", [("tkae b2", "take"), ("plcae 1 -1", "place"), ("delivr 3", "deliver"),
                                         ("baord", "board"), ("exchnage carrot corn", "exchange")])
def test_a_likely_typo_of_a_move_word_is_not_prose_so_it_gets_did_you_mean(line, meant):
    assert not is_prose(line, WORDS)
    assert meant in likely_typo_of(line.split()[0], WORDS)


def test_a_word_near_a_move_word_in_a_long_line_of_other_words_is_prose():
    # "head" is one letter from "herd", but the rest is no move
    assert "herd" in likely_typo_of("head", MoveWords.of(["herd 0 1 to 2 0"]))
    assert is_prose("Head of Operations, Carter & Sons Ltd", MoveWords.of(["herd 0 1 to 2 0"]))


def test_the_fixture_with_a_name_a_title_and_a_phone_number_keeps_only_its_move():
    reading = read("prose_lines.eml")
    moves = [c.text for c in reading.commands.moves]
    assert moves[0] == "take b2"
    assert [line for line in moves if not is_prose(line, WORDS)] == ["take b2"]


def test_the_fixture_with_a_typo_keeps_the_typo_for_did_you_mean():
    [move] = read("typo_in_move.eml").commands.moves
    assert move.text == "tkae b2" and not is_prose(move.text, WORDS)


# --------------------------------------------------------------------------- invitations


@pytest.mark.parametrize(
    "text",
    ["yes", "Yes, count me in!", "join", "Count me in", "I'm in!", "sure, let's play", "Hi Bob,\n\nyes please",
     "Oui, avec plaisir", "Ja gerne!", "Sí, me apunto", "Sì, certo", "Ja graag", "Sim, estou dentro"],
)
def test_a_yes_to_an_invitation_is_read_as_join(text):
    assert invitation_answer(text) == JOIN


@pytest.mark.parametrize(
    "text",
    ["no", "No thanks, I can't play this month.", "decline", "Not this time, sorry", "Count me out",
     "Non merci", "Nein danke, diesmal nicht.", "No, gracias", "No grazie", "Nee, dank je", "Não, obrigado"],
)
def test_a_no_to_an_invitation_is_read_as_decline(text):
    assert invitation_answer(text) == DECLINE


@pytest.mark.parametrize("text", ["take b2", "Who else is playing?", "Nothing yet", "yesterday was fun", ""])
def test_a_reply_to_an_invitation_that_says_neither_is_neither(text):
    assert invitation_answer(text) is None


@pytest.mark.parametrize(
    "fixture, intent",
    [("invitation_yes.eml", JOIN), ("invitation_join.eml", JOIN), ("invitation_decline.eml", DECLINE),
     ("invitation_decline_de.eml", DECLINE)],
)
def test_the_invitation_reply_fixtures_are_read_as_join_or_decline(fixture, intent):
    reading = read(fixture)
    assert invitation_answer(reading.text, sender_name=reading.message.sender_name) == intent


# --------------------------------------------------------------------------- say back


def test_a_reply_to_a_relayed_say_is_a_say_back_with_its_fresh_text():
    reading = read("say_reply.eml")
    [command] = say_back(reading.text, reading.commands, sender_name=reading.message.sender_name).commands
    assert command.kind == SAY
    assert command.text == "Ha, thanks Bob! My sheep are not afraid. See you at the market."


def test_a_reply_to_a_say_that_starts_with_a_command_is_read_as_commands():
    commands = split_commands("board\nsay you too")
    assert [(c.kind, c.text) for c in say_back("board\nsay you too", commands).commands] == [
        (BOARD, ""), (SAY, "you too")]


def test_a_say_back_ends_at_a_sign_off_on_its_own_line_or_the_senders_name():
    text = "Good luck to you too!\nCheers,\nAnna W.\nHof am Bach"
    [command] = say_back(text, split_commands(text)).commands
    assert command.text == "Good luck to you too!"
    text = "Thanks Bob, good game\nAnna"
    [command] = say_back(text, split_commands("take b2"), sender_name="Anna Weber").commands
    assert command.text == "Thanks Bob, good game"


# --------------------------------------------------------------------------- authorship


def mail(name: str):
    return parse_message((FIXTURES / name).read_bytes())


def test_several_from_mailboxes_are_refused_whatever_sender_says():
    assert isinstance(author_refusal(mail("several_from_without_sender.eml"), "anna@example.org"), SeveralAuthors)
    # Sender is text the sender wrote, and DMARC vouches for one From domain: the seat's Sender does not help
    assert isinstance(author_refusal(mail("several_from_with_sender.eml"), "anna@example.org"), SeveralAuthors)
    assert isinstance(author_refusal(mail("several_from_with_sender.eml"), "ben@example.org"), SeveralAuthors)


def test_a_dmarc_fail_recorded_by_our_mta_is_refused():
    assert dmarc_result(mail("dmarc_fail.eml"), "mx.farmpost.example") == "fail"
    refusal = author_refusal(mail("dmarc_fail.eml"), "anna@example.org", "MX.farmpost.example")
    assert isinstance(refusal, DmarcFail)
    assert "DMARC" in refusal.message


def test_without_a_configured_authserv_id_or_from_another_one_dmarc_is_not_read():
    assert author_refusal(mail("dmarc_fail.eml"), "anna@example.org") is None
    assert author_refusal(mail("dmarc_fail.eml"), "anna@example.org", "mx.elsewhere.example") is None


def test_only_the_topmost_result_of_our_mta_counts_a_forged_one_below_is_ignored():
    # our MTA wrote "pass" on top; the "fail" below came with the mail
    assert dmarc_result(mail("dmarc_pass_forged_result.eml"), "mx.farmpost.example") == "pass"
    assert author_refusal(mail("dmarc_pass_forged_result.eml"), "anna@example.org", "mx.farmpost.example") is None


def test_an_unparseable_authentication_results_header_is_not_a_verdict():
    raw = (b"Authentication-Results: ;;; garbage ===\r\nFrom: anna@example.org\r\nTo: x@y.z\r\n\r\ntake b2\r\n")
    assert dmarc_result(parse_message(raw), "mx.farmpost.example") is None


def test_the_moves_of_a_single_from_are_still_read():
    assert [c.kind for c in read("several_from_with_sender.eml").commands.commands] == [MOVE]


def test_every_games_move_words_hold_its_synonyms_and_its_notation_examples():
    for name in ("sunfield", "harvest"):
        game = get_game(name)
        firsts = {example.split()[0] for example, _ in game.notation_help()}
        assert firsts <= game.move_words()
    assert {"grab", "pass", "plant"} <= get_game("sunfield").move_words()
    assert {"reap", "chop", "skip"} <= get_game("harvest").move_words()


def test_a_synonym_with_wrong_arguments_is_a_move_attempt_not_prose():
    # "grab" is Sunfield Farm's synonym of "take"; the game cannot read "grab x9", so it gets an answer
    assert not is_prose("grab x9", WORDS)


def test_a_line_starting_with_a_column_letter_as_a_word_is_prose():
    assert is_prose("A quick note about the weather", WORDS)
