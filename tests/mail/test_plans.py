"""Plan lines read from a reply (mail/inbound/plans.py): pure text in, a
plan out, with the rule named when a line cannot be one; and a plan mailed
with a move, kept and played through the service."""

from __future__ import annotations

import pytest

from mail.inbound import commands as cmd
from mail.inbound.commands import split_commands
from mail.inbound.plans import NEXT, ROUND, PlanError, Stop, is_cancel, read_plan
from service.inbound.receive import receive
from tests.mail.inbound_helpers import inbound_row, log_texts, reply, start_game
from tests.service.helpers import game_row, mailbox, mails, text_part


def test_next_reads_alternatives_in_order_each_a_chain_of_steps():
    plan = read_plan("next: take b2, place 1 0 | take c1, place 0 -1")
    assert plan.kind == NEXT
    assert plan.alternatives == (("take b2", "place 1 0"), ("take c1", "place 0 -1"))
    assert plan.text == "next: take b2, place 1 0 | take c1, place 0 -1"


def test_a_harvest_plan_reads_its_preferences_and_its_stop_condition():
    plan = read_plan("plan: store > fields 3 > market; stop if Seeds < 3")
    assert plan.kind == ROUND
    assert plan.alternatives == (("store",), ("fields 3",), ("market",))
    assert plan.stops == (Stop("seeds", "<", 3),)
    assert plan.text == "plan: store > fields 3 > market; stop if seeds < 3"


@pytest.mark.parametrize("line, alternatives", [
    ("Next: take B2 then place 1 0", (("take B2", "place 1 0"),)),
    ("next turn: take b2; place 1 0 | take a1", (("take b2", "place 1 0"), ("take a1",))),
    ("next: take b3 → costs 2 Seeds | take a1 -> ends your turn", (("take b3",), ("take a1",))),
    ("next:   take  b2 ,  place 1 -1.", (("take b2", "place 1 -1"),)),
])
def test_spellings_farmers_write_read_the_same(line, alternatives):
    assert read_plan(line).alternatives == alternatives


def test_several_stop_conditions_any_of_which_stops_the_plan():
    plan = read_plan("plan: store > market; stop if coins <= 1 or points >= 30")
    assert plan.stops == (Stop("coins", "<=", 1), Stop("points", ">=", 30))
    assert plan.stops[0].holds(1) and not plan.stops[0].holds(2)


@pytest.mark.parametrize("line, rule", [
    ("next:", "write the moves after “next:”"),
    ("next: take b2; stop if seeds < 3", "plays once, so it has no “stop if”"),
    ("plan: store; stop if soon", "“stop if soon” is not a condition"),
    ("plan: " + " > ".join(["store"] * 7), "at most 6 alternatives"),
    ("take b2", "a plan starts with “next:” or “plan:”"),
])
def test_a_line_that_cannot_be_a_plan_names_the_rule(line, rule):
    with pytest.raises(PlanError, match=rule):
        read_plan(line)


def test_cancel_plan_and_its_spellings():
    assert all(is_cancel(line) for line in ("cancel plan", "Cancel my plan.", "drop the plan", "no plan"))
    assert not is_cancel("cancel")


def test_a_reply_with_a_move_and_a_plan_splits_into_the_move_and_the_plan_whole():
    commands = split_commands("take 2\nend\nnext: take 1; end | take 2\ncancel plan")
    assert [c.kind for c in commands.commands] == [cmd.MOVE, cmd.MOVE, cmd.PLAN, cmd.CANCEL_PLAN]
    assert commands.commands[2].plan.alternatives == (("take 1", "end"), ("take 2",))


def test_a_bad_plan_line_is_a_line_error_that_names_the_rule():
    commands = split_commands("plan: store; stop if soon")
    assert commands.commands == () and "is not a condition" in commands.errors[0].reason


def test_a_plan_mailed_with_a_move_is_kept_told_with_the_moves_mail_and_played_when_the_turn_comes(svc):
    game_id, keys = start_game(svc)
    received = receive(svc, reply(keys["Bob"], "next: take 2, end | take 1, end", sender="Bob <bob@example.org>"),
                       source="ingest")
    answer = text_part(mailbox(svc, "bob@example.org")[-1])
    assert inbound_row(svc, received.id).outcome == "answered"
    assert "Your plan is kept: next: take 2, end | take 1, end" in answer
    receive(svc, reply(keys["Anna"], "take 1\nend"), source="ingest")
    assert log_texts(svc, game_id) == ["take 1", "end", "take 2", "end"]
    assert not game_row(svc, game_id).seats[1].planned
    told = len(mailbox(svc, "anna@example.org"))
    receive(svc, reply(keys["Anna"], "take 1\nend\nnext: take 1, end"), source="ingest")
    # Anna's move and her plan go in one mail: nothing comes back at once (it was all applied), and,
    # as her first turn mailed in told her how such a turn is confirmed, no account waits to go either
    assert len(mailbox(svc, "anna@example.org")) == told
    assert "held" not in [m.status for m in mails(svc, kind="account", to="anna@example.org")]
    # Bob's turn mail tells what his plan played
    bob = [text_part(m) for m in mailbox(svc, "bob@example.org")]
    assert any("Played from your plan: take 2, end." in body for body in bob)
    # when Bob plays, Anna's plan plays her turn at once; when he plays again, her turn mail says
    # that her answer was applied, that her plan was kept, and what it played
    receive(svc, reply(keys["Bob"], "take 1\nend", sender="Bob <bob@example.org>"), source="ingest")
    assert len(mailbox(svc, "anna@example.org")) == told
    receive(svc, reply(keys["Bob"], "take 1\nend", sender="Bob <bob@example.org>"), source="ingest")
    anna = text_part(mailbox(svc, "anna@example.org")[-1])
    assert "was applied: take 1, end." in anna
    assert "Your plan is kept: next: take 1, end" in anna
    assert "Played from your plan: take 1, end." in anna


@pytest.mark.parametrize("line, kind, alternatives, stops", [
    ("prochain : prendre b2 puis placer 1 0 | prendre a1", NEXT, (("prendre b2", "placer 1 0"), ("prendre a1",)), ()),
    ("nächster: nimm b2, setze 1 0 sonst nimm a1", NEXT, (("nimm b2", "setze 1 0"), ("nimm a1",)), ()),
    ("plan: magasin > champs 3; arrêter si seeds < 3 ou coins < 2", ROUND, (("magasin",), ("champs 3",)),
     (Stop("seeds", "<", 3), Stop("coins", "<", 2))),
    ("plan: laden dann felder 3; stopp wenn seeds < 3 oder coins < 2", ROUND, (("laden", "felder 3"),),
     (Stop("seeds", "<", 3), Stop("coins", "<", 2))),
])
def test_a_plan_written_in_french_or_german_reads_as_the_english_one(line, kind, alternatives, stops):
    plan = read_plan(line)
    assert (plan.kind, plan.alternatives, plan.stops) == (kind, alternatives, stops)


@pytest.mark.parametrize("line", ["annuler plan", "Annuler mon plan", "pas de plan", "Plan löschen", "lösche meinen Plan",
                                  "kein Plan"])
def test_cancel_plan_in_french_and_german(line):
    assert is_cancel(line)


def test_a_line_that_cannot_be_a_plan_is_refused_in_the_farmers_language():
    from boards.i18n import translator
    from mail.sentence import told

    with pytest.raises(PlanError) as refused:
        read_plan("next: " + " | ".join(["take a1"] * 9))
    assert str(refused.value) == "a plan holds at most 6 alternatives"
    assert told(refused.value, translator("fr")) == "un plan a au plus 6 alternatives"
    assert told(refused.value, translator("de")) == "ein Plan hat höchstens 6 Alternativen"
