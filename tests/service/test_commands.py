"""The service's commands, run as a person would type them."""

from __future__ import annotations

import pytest

from service.cli.main import main
from tests.service.helpers import game_row, mails


@pytest.fixture
def environment(monkeypatch, config, toy_game):
    """The commands read the same environment the ``svc`` fixture was made from."""
    for name, value in {"FARMPOST_INSTANCE": str(config.instance_path), "DATABASE_URL": config.database_url,
                        "BASE_URL": config.base_url, "MAIL_DOMAIN": config.mail_domain,
                        "SECRET_KEY": config.secret_key}.items():
        monkeypatch.setenv(name, value)
    for name in ("CELERY_BROKER_URL", "SMTP_URL"):
        monkeypatch.delenv(name, raising=False)


def test_db_upgrade_and_check(environment, capsys):
    assert main(["db", "upgrade"]) == 0
    assert main(["db", "check"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_new_creates_a_game_and_invites_the_farmers(environment, svc, capsys):
    code = main(["new", "toy", "--farmer", "Ann <ann@example.org>", "--farmer", "Bob <bob@example.org>",
                 "--farmer", "bot:random"])
    assert code == 0
    out = capsys.readouterr().out
    assert "game #1 created" in out and "http://farmpost.test/g/1/0/" in out
    game = game_row(svc)
    assert [(s.name, s.email, s.bot) for s in game.seats] == [
        ("Ann", "ann@example.org", None), ("Bob", "bob@example.org", None), ("Random bot", None, "random")]
    assert [m.to_addr for m in mails(svc, "invite")] == ["bob@example.org"]


def test_new_with_a_bad_game_says_why(environment, capsys):
    assert main(["new", "chess", "--farmer", "Ann <ann@example.org>"]) == 2
    assert "There is no game called “chess”" in capsys.readouterr().err


def test_demo_seats_you_against_bots_and_starts(environment, svc, capsys):
    assert main(["demo", "--game", "toy", "--bots", "2", "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert "you play against 2 random bot(s)" in out and "/mailbox?to=you@farmpost.test" in out
    game = game_row(svc)
    assert game.status == "active" and [s.bot for s in game.seats] == [None, "random", "random"]
    assert [m.to_addr for m in mails(svc, "turn")] == ["you@farmpost.test"]
    # a name, not "You": the mail says "Your turn, Sam" and the board "Sam (you)"
    assert game.seats[0].name == "Sam"
