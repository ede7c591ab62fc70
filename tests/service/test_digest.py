"""The daily digest: given Ann in two games who chose it, when beat looks
for digests due, then she gets one mail a day about both games with what the
others played and whose turn it is. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

from service.core import wall_time
from service.notify.digest import send_digests
from service.usecases import playing, preferences
from service.usecases.creation import FarmerSpec, create_game, join
from service.usecases.playing import submit_move
from tests.service.helpers import mailbox, mails, text_part

ANN, BOB, CAT = (FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org"),
                 FarmerSpec("Cat", "cat@example.org"))


def play(svc, game_id, seat, *codes):
    from tests.service.helpers import game_row

    request_id = submit_move(svc, game_id, seat, list(codes), source="web",
                             base_version=game_row(svc, game_id).version)
    assert playing.wait_for(svc, request_id, 0).status == "applied"


def two_games(svc) -> tuple[int, int]:
    """Ann with Bob (game 1) and with Cat (game 2); Ann has played her first
    turn in both, Bob his whole turn, Cat one step of hers."""
    first = create_game(svc, "toy", [ANN, BOB], host=0, seed=1).game_id
    second = create_game(svc, "toy", [ANN, CAT], host=0, seed=2).game_id
    join(svc, first, 1)
    join(svc, second, 1)
    for game_id in (first, second):
        preferences.set_preferences(svc, game_id, 0, digest=True, accounts=True)
    play(svc, first, 0, "take:1", "end")
    play(svc, first, 1, "take:2", "end")
    play(svc, second, 0, "take:1", "end")
    play(svc, second, 1, "take:1")
    return first, second


def test_a_farmer_who_chose_the_digest_gets_one_mail_about_all_her_games(svc):
    two_games(svc)
    assert send_digests(svc) == 1
    [digest] = [m for m in mailbox(svc, "ann@example.org") if str(m["Subject"]).startswith("Farmpost: your")]
    assert str(digest["Subject"]) == "Farmpost: your 2 games today"
    text = text_part(digest)
    first, second = text.split("Pebbles #1 (round 2)")[1].split("Pebbles #2")
    assert "* Bob took 2 pebbles\n* Bob ended the turn" in first and "It is your turn" in first
    assert "* Cat took 1 pebble" in second and "Now it is Cat's turn" in second
    assert "Ann took" not in text  # her own moves are not news to her
    assert "/g/1/0/" in first and "/g/2/0/" in second


def test_the_digest_replaces_the_account_mails_and_leaves_the_turn_mails(svc):
    two_games(svc)
    assert mails(svc, "account", "ann@example.org") == []
    assert len(mails(svc, "turn", "ann@example.org")) == 3  # game 1 twice, game 2 once


def test_one_digest_a_day_and_none_without_news(svc):
    two_games(svc)
    assert send_digests(svc) == 1
    assert send_digests(svc) == 0  # later the same day
    assert mails(svc, "digest", "bob@example.org") == []  # Bob did not choose it
    tomorrow = wall_time.now() + timedelta(days=1)
    assert send_digests(svc, now=tomorrow) == 1  # nothing new, but Ann is waited for in game 1
    assert "Bob took" not in text_part(mailbox(svc, "ann@example.org")[-1])
    play(svc, 1, 0, "take:1", "end")  # now nobody waits for her, and nobody else played
    assert send_digests(svc, now=tomorrow + timedelta(days=1)) == 0


def test_beat_looks_for_digests_every_hour(tmp_path):
    from service.core.config import load_config
    from worker.app import create_celery

    app = create_celery(load_config({"FARMPOST_INSTANCE": str(tmp_path)}))
    assert app.conf.beat_schedule["digest"] == {"task": "farmpost.digest", "schedule": 3600.0,
                                                "options": {"expires": 3600.0}}
    assert "farmpost.digest" in app.tasks


def test_a_french_farmers_digest_tells_each_move_in_french_from_its_position(svc):
    """Given Céline, French, in a Sunfield game where Bob took a tile, when
    her digest is written, then Bob's move reads as the log page tells it
    in French, not as the English sentence stored with it."""
    from boards.game_phrases import say
    from boards.i18n import translator
    from engine import get_game
    from tests.service.helpers import game_row, log_of

    rules = get_game("sunfield")
    game_id = create_game(svc, "sunfield", [FarmerSpec("Céline", "celine@example.org", language="fr"), BOB],
                          host=0, seed=3).game_id
    join(svc, game_id, 1)
    preferences.set_preferences(svc, game_id, 0, digest=True, accounts=True)
    while rules.to_act(game_row(svc, game_id).state) == 0:
        play(svc, game_id, 0, rules.code(rules.legal_moves(game_row(svc, game_id).state)[0]))
    before = game_row(svc, game_id).state
    bob_plays = rules.legal_moves(before)[0]
    play(svc, game_id, 1, rules.code(bob_plays))
    assert send_digests(svc) == 1
    assert len(mails(svc, "digest", "celine@example.org")) == 1
    text = text_part(mailbox(svc, "celine@example.org")[-1])
    french = say(rules.describe_phrase(before, bob_plays), translator("fr"))
    assert f"* Bob {french}" in text
    assert log_of(svc)[-1].description not in text  # the stored English sentence
