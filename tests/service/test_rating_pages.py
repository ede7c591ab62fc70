"""The rating pages (docs/ratings.md): the public leaderboard per pool lists
only the farmers who chose a public name, under it, never an address; the
farmer's record page shows their ratings and their reliability on the
clock, and is where the public name is chosen."""

from __future__ import annotations

import pytest

from boards.i18n import translator
from service.cli.main import main
from service.game import ratings
from service.notify.listings import games_text
from service.usecases.public_names import public_name_of, set_public_name
from tests.pseudo import unmarked_html
from tests.service.helpers import csrf_token, path_of
from tests.service.played import ANN, BOB, CAT, finished


def test_given_farmers_with_and_without_a_public_name_then_the_rating_leaderboard_lists_only_the_named(svc, client):
    finished(svc, ANN, BOB)
    set_public_name(svc, "ann@example.org", "Ann the Great")
    page = client.get("/ratings/toy").get_data(as_text=True)
    assert "Ann the Great" in page and "Provisional" in page
    assert "example.org" not in page and "Bob" not in page


def test_given_established_and_provisional_farmers_then_the_rating_leaderboard_numbers_the_established(svc, client):
    for _ in range(ratings.PROVISIONAL_GAMES):
        finished(svc, ANN, BOB)
    finished(svc, CAT, BOB)
    for address, name in (("ann@example.org", "Ann"), ("bob@example.org", "Bob"), ("cat@example.org", "Cat")):
        set_public_name(svc, address, name)
    page = client.get("/ratings/toy").get_data(as_text=True)
    established, provisional = page.split("<h2>Provisional</h2>")
    assert established.index("<td>1</td><td>Ann</td>") < established.index("<td>2</td><td>Bob</td>")
    assert "Cat" in provisional and "Cat" not in established


def test_given_an_unknown_pool_then_the_rating_leaderboard_is_not_found(client):
    assert client.get("/ratings/chess").status_code == 404
    index = client.get("/ratings").get_data(as_text=True)
    assert "/ratings/sunfield+advanced" in index and "/ratings/harvest" in index


def test_given_the_record_page_then_it_shows_the_rating_and_the_reliability_and_sets_the_public_name(svc, client):
    finished(svc, ANN, BOB)
    path = path_of(svc.links.record_url("ann@example.org"))
    page = client.get(path).get_data(as_text=True)
    assert "Pebbles" in page and "(provisional)" in page and "no timed turn yet" in page
    done = client.post(f"{path}/name", data={"name": "  Ann   of Greenacre ", "csrf_token": csrf_token(page)})
    assert done.status_code == 303
    assert public_name_of(svc, "ann@example.org") == "Ann of Greenacre"
    assert "as “Ann of Greenacre”" in client.get(path).get_data(as_text=True)


def test_given_a_public_name_taken_or_malformed_then_the_rating_name_is_refused_with_the_rule(svc, client):
    set_public_name(svc, "bob@example.org", "Greenacre")
    path = path_of(svc.links.record_url("ann@example.org"))
    token = csrf_token(client.get(path).get_data(as_text=True))
    taken = client.post(f"{path}/name", data={"name": "greenacre", "csrf_token": token})
    assert taken.status_code == 400 and "Another farmer goes by" in taken.get_data(as_text=True)
    bad = client.post(f"{path}/name", data={"name": "ann@example.org", "csrf_token": token})
    assert bad.status_code == 400 and "2 to 30 letters" in bad.get_data(as_text=True)
    assert public_name_of(svc, "ann@example.org") is None


def test_given_an_empty_public_name_then_the_farmer_leaves_the_rating_leaderboards(svc, client):
    finished(svc, ANN, BOB)
    set_public_name(svc, "ann@example.org", "Ann")
    path = path_of(svc.links.record_url("ann@example.org"))
    token = csrf_token(client.get(path).get_data(as_text=True))
    client.post(f"{path}/name", data={"name": "", "csrf_token": token})
    assert public_name_of(svc, "ann@example.org") is None
    assert "<td>Ann</td>" not in client.get("/ratings/toy").get_data(as_text=True)


def test_given_a_rated_game_then_my_games_lists_the_rating_change_and_the_ratings(svc):
    finished(svc, ANN, BOB)
    text = games_text(svc, "ann@example.org", translator("en"))
    after = ratings.shown(rating_of(svc, "ann@example.org"))
    assert f"Rating: 1500 -> {after}" in text
    assert f"Your ratings: Pebbles {after} (provisional)." in text
    assert "/ratings" in text


def rating_of(svc, address: str) -> float:
    from service.storage.models import Rating

    with svc.db.transaction() as session:
        return session.get(Rating, (address, "toy")).mu


@pytest.fixture
def environment(monkeypatch, config):
    """The command reads the same environment the ``svc`` fixture was made from."""
    for name, value in {"FARMPOST_INSTANCE": str(config.instance_path), "DATABASE_URL": config.database_url,
                        "BASE_URL": config.base_url, "MAIL_DOMAIN": config.mail_domain,
                        "SECRET_KEY": config.secret_key}.items():
        monkeypatch.setenv(name, value)
    for name in ("CELERY_BROKER_URL", "SMTP_URL"):
        monkeypatch.delenv(name, raising=False)


def test_given_rated_games_then_farmpost_ratings_prints_the_leaderboard_and_checks_the_fold(svc, environment, capsys):
    finished(svc, ANN, BOB)
    set_public_name(svc, "ann@example.org", "Ann")
    assert main(["ratings", "toy"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Pebbles\n") and "Ann" in printed and "?" in printed and "bob" not in printed
    assert main(["ratings", "--check"]) == 0
    assert "2 ratings: the same as the fold" in capsys.readouterr().out
    assert main(["ratings", "chess"]) == 2


def test_given_the_pseudo_locale_then_the_rating_pages_show_no_text_outside_the_catalogs(svc, client):
    finished(svc, ANN, BOB)
    set_public_name(svc, "ann@example.org", "Ann")
    record = path_of(svc.links.record_url("ann@example.org"))
    for path, part in (("/ratings", 0), ("/ratings/toy", 0), (record, 1)):  # the record's own card is older
        html = client.get(f"{path}?lang=qps").get_data(as_text=True)
        main = html.split("<main>", 1)[1].split("</main>", 1)[0]
        body = main.split('<div class="card">')[1 + part:]
        # the games' titles and option labels are the engine's words (the game domain)
        allowed = ["Ann", "Pebbles", "Sunfield", "Farm", "Harvest", "Advanced", "mode"]
        assert unmarked_html("".join(body), allowed=allowed) == [], path
