"""``farmpost league …`` and ``farmpost duplicate …`` (docs/leagues.md): a
league made, signed up for, started and shown from the command line; a
week's duplicate event made, entered, closed and shown."""

from __future__ import annotations

from service.cli.main import main
from tests.service.helpers import mails
from tests.service.test_commands import environment  # noqa: F401 - the fixture


def test_league_commands_create_sign_up_start_and_show(environment, svc, capsys):  # noqa: F811
    assert main(["league", "create", "Pebble League", "--game", "toy", "--rounds", "1", "--clock", "2d",
                 "--organiser", "org@example.org"]) == 0
    out = capsys.readouterr().out
    assert "league #1 created" in out and "/league/1/organise/" in out and "/league/1/signup" in out
    [mail] = mails(svc, "league", "org@example.org")
    assert "your organiser's page" in mail.subject and b"/league/1/organise/" in mail.raw
    for name in ("Ann", "Bob", "Cy"):
        assert main(["league", "signup", "1", name, f"{name.lower()}@example.org"]) == 0
    assert main(["league", "signup", "1", "Dee", "not an address"]) == 2
    assert "does not look like an email address" in capsys.readouterr().err
    assert main(["league", "start", "1"]) == 0
    assert main(["league", "show", "1"]) == 0
    shown = capsys.readouterr().out
    assert "season 1 (running)" in shown and "division 1:" in shown and "Cy: 0 points" in shown
    assert main(["league", "start", "1"]) == 2
    assert "No season is open for sign-up" in capsys.readouterr().err


def test_duplicate_commands_create_enter_close_and_show(environment, svc, capsys):  # noqa: F811
    assert main(["duplicate", "create", "--game", "toy", "--seats", "2", "--week", "2026-W49"]) == 0
    assert "event #1 created" in capsys.readouterr().out
    assert main(["duplicate", "create", "--game", "toy", "--seats", "2", "--week", "2026-W49"]) == 2
    assert "exists already" in capsys.readouterr().err
    assert main(["duplicate", "enter", "1", "Ann", "ann@example.org"]) == 0
    assert main(["duplicate", "close", "1"]) == 0
    assert main(["duplicate", "show", "1"]) == 0
    shown = capsys.readouterr().out
    assert "(closed, 1 entrants" in shown and "the results show once every game has ended" in shown
