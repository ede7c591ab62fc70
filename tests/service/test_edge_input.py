"""Bad names and addresses are refused where they come in, with a clear
message, and nothing is stored: a name with a line break would otherwise end
up in a mail header, and that game's mails could never be sent."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.cli.main import main
from service.core.errors import InvalidInput
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import csrf_token, game_row

ANN = FarmerSpec("Ann", "ann@example.org")


@pytest.fixture(autouse=True)
def relay_without_smtputf8(svc):
    """An SMTP relay that does not offer SMTPUTF8: addresses beyond ASCII
    cannot be mailed (tests/service/test_idn_addresses.py: where they can)."""
    svc.config = replace(svc.config, smtp_url="smtp://relay.example:25", smtputf8=False)


@pytest.mark.parametrize("farmer, message", [
    (FarmerSpec("Bob\r\nBcc: victim@example.org", "bob@example.org"), "line break or a control character"),
    (FarmerSpec("Bo\u2028b", "bob@example.org"), "line break or a control character"),
    (FarmerSpec("Bob", "bob@example.org\r\nBcc: victim@example.org"), "line breaks or control characters"),
    (FarmerSpec("Bob", "b" * 250 + "@example.org"), "longer than an email address can be"),
    (FarmerSpec("Bob", "jürgen@bücher.example"), "beyond ASCII"),
])
def test_the_use_case_refuses_bad_names_and_addresses(svc, farmer, message):
    with pytest.raises(InvalidInput, match=message):
        create_game(svc, "toy", [ANN, farmer], host=0)
    assert game_row(svc) is None


def form(**rows) -> dict:
    data = {"game": "toy", "host": "0", "player0": "person", "name0": "Ann", "email0": "ann@example.org",
            "player1": "person", "player2": "empty", "player3": "empty"}
    data.update(rows)
    return data


@pytest.mark.parametrize("name, email, message", [
    ("Bob\r\nBcc: x@example.org", "bob@example.org", "line break"),
    ("Jürgen", "jürgen@bücher.example", "beyond ASCII"),
])
def test_the_create_form_answers_400_with_the_reason(client, name, email, message):
    token = csrf_token(client.get("/new").text)
    page = client.post("/new", data=form(name1=name, email1=email, csrf_token=token))
    assert page.status_code == 400
    assert message in page.get_data(as_text=True)


def test_farmpost_new_refuses_a_name_with_a_line_break(svc, monkeypatch, capsys):
    for key, value in {"FARMPOST_INSTANCE": str(svc.config.instance_path), "DATABASE_URL": svc.config.database_url,
                       "BASE_URL": svc.config.base_url, "SECRET_KEY": svc.config.secret_key,
                       "FARMPOST_ENV": "development"}.items():
        monkeypatch.setenv(key, value)
    code = main(["new", "toy", "--farmer", "Ann <ann@example.org>", "--farmer", "Bob\r\nBcc: x@example.org <bob@example.org>"])
    assert code == 2
    assert "line break" in capsys.readouterr().err
    assert game_row(svc) is None
