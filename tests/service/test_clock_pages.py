"""The clock from the outside: `farmpost new --clock`, the create form, the
turn mail and the seat page; more time by button; a substitute for a seat."""

from __future__ import annotations

from email import message_from_bytes, policy

from mail.outgoing.compose import compose
from service.cli.main import main
from service.core.errors import InvalidInput
from service.game.clocks import ClockSettings
from service.storage.models import Game
from service.usecases import creation, playing, substitutes
from tests.service.helpers import csrf_token, game_row, mails, path_of, text_part
from tests.service.test_commands import environment  # noqa: F401 - the fixture


def clock_game(svc):
    created = creation.create_game(svc, "toy", [creation.FarmerSpec("Ann", "ann@example.com"),
                                                creation.FarmerSpec("Bob", "bob@example.com")],
                                   host=0, seed=7, clock=ClockSettings(per_turn=3 * 86400, bank=86400))
    creation.join(svc, created.game_id, 1)
    return created


def clock_row(svc, game_id=1):
    with svc.db.transaction() as session:
        clock = session.get(Game, game_id).clock
        session.expunge_all()
    return clock


def test_farmpost_new_takes_a_clock_and_a_timeout_policy(environment, svc, capsys):  # noqa: F811
    code = main(["new", "toy", "--farmer", "Ann <ann@example.org>", "--farmer", "Bob <bob@example.org>",
                 "--clock", "36h", "--on-timeout", "replace", "--replace-after", "2"])
    assert code == 0
    clock = clock_row(svc)
    assert (clock.per_turn, clock.on_timeout, clock.replace_after, clock.reminders) == (
        36 * 3600, "replace", 2, ["50%", "24h"])


def test_farmpost_new_refuses_a_clock_it_cannot_read(environment, svc, capsys):  # noqa: F811
    assert main(["new", "toy", "--farmer", "Ann <ann@example.org>", "--clock", "tomorrow"]) == 2
    assert "not a duration" in capsys.readouterr().err


def test_the_create_form_sets_the_clock(client, svc):
    page = client.get("/new").get_data(as_text=True)
    assert 'name="clock.clock"' in page and 'name="clock.on-timeout"' in page
    form = {"csrf_token": csrf_token(page), "game": "toy", "host": "0", "player0": "person", "name0": "Ann",
            "player1": "person", "name1": "Bob", "email1": "bob@example.com", "player2": "empty",
            "player3": "empty", "clock.clock": "2d", "clock.bank": "1d", "clock.on-timeout": "pause",
            "clock.replace-after": "3", "clock.reminders": "50%, 24h", "clock.vacation": "14d"}
    assert client.post("/new", data=form).status_code == 303
    clock = clock_row(svc)
    assert (clock.per_turn, clock.bank, clock.on_timeout, clock.host) == (2 * 86400, 86400, "pause", 0)
    bad = {**form, "clock.reminders": "every hour"}
    answer = client.post("/new", data=bad)
    assert answer.status_code == 400 and "share of the time" in answer.get_data(as_text=True)


def test_turn_mail_says_the_deadline_and_every_farmers_clock(svc):
    clock_game(svc)
    [turn] = mails(svc, "turn", "ann@example.com")
    text = text_part(message_from_bytes(compose(turn.context).as_bytes(), policy=policy.default))
    assert "CLOCK: your deadline is " in text and "(UTC)" in text
    assert "Ann: 4 days left" in text or "Ann: 3 days 23 hours left" in text
    assert "more time 1d" in text


def test_seat_page_shows_the_clock_and_more_time_moves_the_deadline(client, svc):
    clock_game(svc)
    bob = svc.links.seat_url(1, 1, game_row(svc).seats[1].secret)
    page = client.get(path_of(bob)).get_data(as_text=True)
    assert "<h2>Clock</h2>" in page and "Give Ann more time" in page and "Pause the clock" not in page
    before = clock_row(svc).deadline
    form = {"csrf_token": csrf_token(page), "action": "more-time", "amount": "2d", "turn": "1"}
    assert client.post(path_of(bob) + "/clock", data=form).status_code == 303
    assert client.post(path_of(bob) + "/clock", data=form).status_code == 303  # a double click grants once
    assert (clock_row(svc).deadline - before).days == 2
    ann = svc.links.seat_url(1, 0, game_row(svc).seats[0].secret)
    assert "Pause the clock" in client.get(path_of(ann)).get_data(as_text=True)


def test_clock_substitute_takes_the_seat_and_the_old_links_stop_working(client, svc):
    clock_game(svc)
    old = game_row(svc).seats[1]
    old_link = svc.links.seat_url(1, 1, old.secret)
    try:
        substitutes.substitute(svc, 1, 1, 1, "Cleo", "cleo@example.com")
    except InvalidInput as error:
        assert "Only the host" in error.message
    else:
        raise AssertionError("a farmer who is not the host handed a seat")
    answer = substitutes.substitute(svc, 1, 0, 1, "Cleo", "cleo@example.com")
    assert answer.startswith("Bob's seat goes to Cleo")
    seat = game_row(svc).seats[1]
    assert (seat.name, seat.email, seat.joined_at) == ("Cleo", "cleo@example.com", None)
    assert client.get(path_of(old_link)).status_code == 403
    [invite] = mails(svc, "invite", "cleo@example.com")
    assert "/join/1/1/" in invite.context["join_url"]
    assert [m.to_addr for m in mails(svc, "clock")] == ["ann@example.com"]
    creation.join(svc, 1, 1)
    assert game_row(svc).seats[1].joined_at is not None


def test_a_substitute_who_joins_on_their_turn_gets_the_turn_mail(svc):
    clock_game(svc)
    request_id = playing.submit_move(svc, 1, 0, ["take:1", "end"], source="web", base_version=game_row(svc).version)
    playing.wait_for(svc, request_id, 0)
    substitutes.substitute(svc, 1, 0, 1, "Cleo", "cleo@example.com")
    assert mails(svc, "turn", "cleo@example.com") == []  # not before she joins
    creation.join(svc, 1, 1)
    [turn] = mails(svc, "turn", "cleo@example.com")
    assert turn.to_addr == "cleo@example.com"


def test_the_deadline_says_it_already_includes_the_extra_time(client, svc):
    # given a 3-day clock with 1 day of extra time per farmer, Ann to play: her deadline is 4 days away
    clock_game(svc)
    [turn] = mails(svc, "turn", "ann@example.com")
    text = text_part(message_from_bytes(compose(turn.context).as_bytes(), policy=policy.default))
    ann = client.get(path_of(svc.links.seat_url(1, 0, game_row(svc).seats[0].secret))).get_data(as_text=True)
    # when she reads her clock, then the extra time is part of the deadline, not something after it
    assert "with your 1 day of extra time included." in text
    [ann_line] = [line for line in text.splitlines() if line.strip().startswith("Ann: ")]
    assert ann_line.endswith("left, extra time included") and "extra time 1 day" not in ann_line
    assert ", your 1 day of extra time included." in ann
