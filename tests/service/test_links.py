"""Signed links: bound to purpose, game, seat; expiring; revocable per seat."""

from __future__ import annotations

import pytest
from itsdangerous import TimestampSigner

from service.core.links import ExpiredLink, ForgedLink, Links

SECRET = "seat-secret"


@pytest.fixture
def links():
    return Links("app-secret", "http://farmpost.test", move_max_age=60, seat_max_age=3600)


def token_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


def test_a_move_link_carries_game_seat_version_and_move(links):
    url = links.move_url(7, 2, SECRET, 12, ["take:b:2"])
    assert url.startswith("http://farmpost.test/m/7/2/")
    token = links.check_move(token_of(url), game_id=7, seat=2, seat_secret=SECRET)
    assert (token.game_id, token.seat, token.version, token.codes) == (7, 2, 12, ("take:b:2",))


def test_a_link_moved_to_another_game_or_seat_is_refused(links):
    token = token_of(links.move_url(7, 2, SECRET, 12, ["take:b:2"]))
    with pytest.raises(ForgedLink):
        links.check_move(token, game_id=8, seat=2, seat_secret=SECRET)
    with pytest.raises(ForgedLink):
        links.check_move(token, game_id=7, seat=1, seat_secret=SECRET)


def test_a_link_of_one_purpose_does_not_open_another(links):
    seat_token = token_of(links.seat_url(7, 2, SECRET))
    with pytest.raises(ForgedLink):
        links.check("move", seat_token, game_id=7, seat=2, seat_secret=SECRET)
    with pytest.raises(ForgedLink):
        links.check("prefs", seat_token, game_id=7, seat=2, seat_secret=SECRET)


def test_a_tampered_link_is_refused(links):
    token = token_of(links.move_url(7, 2, SECRET, 12, ["take:b:2"]))
    payload, rest = token.split(".", 1)
    tampered = payload[:-2] + ("AA" if payload[-2:] != "AA" else "BB") + "." + rest
    with pytest.raises(ForgedLink):
        links.check_move(tampered, game_id=7, seat=2, seat_secret=SECRET)


def test_a_new_seat_secret_revokes_every_older_link(links):
    token = token_of(links.seat_url(7, 2, SECRET))
    with pytest.raises(ForgedLink):
        links.check("seat", token, game_id=7, seat=2, seat_secret="a-new-secret")


def test_an_old_move_link_has_expired(links, monkeypatch):
    token = token_of(links.move_url(7, 2, SECRET, 12, ["take:b:2"]))
    seat_token = token_of(links.seat_url(7, 2, SECRET))
    now = TimestampSigner.get_timestamp
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: now(self) + 61)
    with pytest.raises(ExpiredLink) as caught:
        links.check_move(token, game_id=7, seat=2, seat_secret=SECRET)
    assert caught.value.status == 410
    # a seat link made at the same moment lives longer
    assert links.check("seat", seat_token, game_id=7, seat=2, seat_secret=SECRET) == {"g": 7, "s": 2}
