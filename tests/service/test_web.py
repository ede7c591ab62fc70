"""The web pages, through Flask's test client, on SQLite and PostgreSQL."""

from __future__ import annotations

import re
from datetime import timedelta

import sqlalchemy as sa

from service.core import wall_time
from service.storage.models import OutgoingMail
from service.usecases.creation import FarmerSpec, create_game, join
from tests.service.helpers import csrf_token, game_row, links_in, log_of, mailbox, path_of, requests_of, text_part

ANN, BOB = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")


def started(svc):
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)


def move_links(svc, to="ann@example.org"):
    """The move links of the farmer's newest turn mail, by typed move."""
    body = text_part(mailbox(svc, to)[-1])
    return dict(re.findall(r"\* (.+?) → .*\n  (https?://\S+/m/\S+)", body))


def applied(client, response):
    """A submit answers at once with the page of the move being applied
    (here the in-process queue has applied it already): that page's answer,
    the seat page with the result."""
    if response.status_code == 303 and "/requests/" in response.headers["Location"]:
        return client.get(path_of(response.headers["Location"]))
    return response


def confirm(client, url):
    page = client.get(path_of(url))
    return applied(client, client.post(path_of(url), data={"csrf_token": csrf_token(page.text)}))


# --------------------------------------------------------------------------- creating and joining


def test_given_the_form_when_a_host_creates_a_game_then_they_land_on_their_seat_page(client, svc):
    form = client.get("/new")
    assert form.status_code == 200 and "Pebbles" in form.text
    response = client.post("/new", data={
        "csrf_token": csrf_token(form.text), "game": "toy", "host": "0",
        "player0": "person", "name0": "Ann", "email0": "",
        "player1": "person", "name1": "Bob", "email1": "bob@example.org",
        "player2": "random", "name2": "", "player3": "empty"})
    assert response.status_code == 303
    assert path_of(response.headers["Location"]).startswith("/g/1/0/")
    page = client.get(path_of(response.headers["Location"]))
    assert "Waiting for Bob to join" in page.text and "Random bot" in page.text


def test_given_a_bad_address_when_creating_then_the_form_says_why_and_keeps_what_was_typed(client, svc):
    form = client.get("/new")
    response = client.post("/new", data={
        "csrf_token": csrf_token(form.text), "game": "toy", "host": "0",
        "player0": "person", "name0": "Ann", "player1": "person", "name1": "Bob", "email1": "bob at home"})
    assert response.status_code == 400
    assert "does not look like an email" in response.text and 'value="bob at home"' in response.text
    assert game_row(svc) is None


def test_a_form_without_its_csrf_token_is_refused(client, svc):
    response = client.post("/new", data={"game": "toy", "host": "0", "player0": "person", "name0": "Ann"})
    assert response.status_code == 400 and "Please try again" in response.text
    assert game_row(svc) is None


def test_given_an_invitation_when_the_farmer_opens_it_then_nothing_happens_until_they_join(client, svc):
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    [join_url] = links_in(text_part(mailbox(svc, "bob@example.org")[0]), "join")
    page = client.get(path_of(join_url))
    assert page.status_code == 200 and "Join the game" in page.text
    assert client.head(path_of(join_url)).status_code == 200
    assert game_row(svc).status == "inviting"
    response = client.post(path_of(join_url), data={"csrf_token": csrf_token(page.text)})
    assert response.status_code == 303 and "/g/1/1/" in response.headers["Location"]
    assert game_row(svc).status == "active"


# --------------------------------------------------------------------------- move links


def test_given_a_move_link_when_opened_then_it_shows_the_move_and_a_confirm_button_and_changes_nothing(client, svc):
    started(svc)
    url = move_links(svc)["take 2"]
    for _ in range(2):
        page = client.get(path_of(url))
        assert page.status_code == 200
        assert "Take 2?" in page.text and ">Confirm</button>" in page.text
        assert "When you confirm: your turn goes on." in page.text  # what will happen, not "you took"
        assert "took" not in page.text.split("Moves so far")[0]
    assert client.head(path_of(url)).status_code == 200
    assert game_row(svc).version == 0 and requests_of(svc) == []


def test_when_the_farmer_confirms_then_the_move_is_applied_and_their_page_shows_the_new_board(client, svc):
    started(svc)
    response = confirm(client, move_links(svc)["take 2"])
    assert response.status_code == 303 and "/g/1/0/" in response.headers["Location"]
    page = client.get(path_of(response.headers["Location"]))
    assert "Done: take 2." in page.text
    assert "took 2 pebbles" in page.text  # in the log
    assert [e.code for e in log_of(svc)] == ["take:2"] and log_of(svc)[0].source == "link"


def test_given_a_used_link_when_opened_or_posted_again_then_it_says_already_done(client, svc):
    started(svc)
    url = move_links(svc)["take 2"]
    confirm(client, url)
    page = client.get(path_of(url))
    assert page.status_code == 200 and "Already done" in page.text
    again = client.post(path_of(url), data={"csrf_token": csrf_token(page.text)})
    assert again.status_code == 303
    assert len(log_of(svc)) == 1 and len(requests_of(svc)) == 1


def test_given_the_board_moved_on_when_an_older_link_is_opened_then_it_says_so_with_the_current_options(client, svc):
    started(svc)
    links = move_links(svc)
    confirm(client, links["take 2"])
    page = client.get(path_of(links["take 1"]))
    assert page.status_code == 409
    assert "The board has moved on" in page.text
    assert ">end</button>" in page.text  # Ann's options now
    response = client.post(path_of(links["take 1"]), data={"csrf_token": csrf_token(page.text)})
    follow = client.get(path_of(response.headers["Location"]))
    assert "moved on" in follow.text
    assert [e.code for e in log_of(svc)] == ["take:2"]


def test_pages_with_keys_in_their_address_never_pass_them_on_as_referer(client, svc):
    started(svc)
    page = client.get(path_of(move_links(svc)["take 2"]))
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert page.headers["X-Frame-Options"] == "SAMEORIGIN"


def test_a_forged_link_gets_a_clear_403_page(client, svc):
    started(svc)
    url = move_links(svc)["take 2"]
    forged = url[:-3] + ("abc" if not url.endswith("abc") else "xyz")
    page = client.get(path_of(forged))
    assert page.status_code == 403 and "This link cannot be used" in page.text
    assert client.get("/m/1/5/whatever").status_code == 404
    assert client.get("/m/99/0/whatever").status_code == 404


def test_an_expired_link_gets_a_clear_410_page(client, svc, monkeypatch):
    from itsdangerous import TimestampSigner

    started(svc)
    url = move_links(svc)["take 2"]
    now = TimestampSigner.get_timestamp
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: now(self) + svc.config.move_link_max_age + 5)
    page = client.get(path_of(url))
    assert page.status_code == 410 and "expired" in page.text


def test_a_confirm_without_csrf_token_is_refused_and_nothing_is_played(client, svc):
    started(svc)
    response = client.post(path_of(move_links(svc)["take 2"]))
    assert response.status_code == 400 and log_of(svc) == []


# --------------------------------------------------------------------------- the seat page


def seat_url(svc, position):
    seat = game_row(svc).seats[position]
    return path_of(svc.links.seat_url(1, position, seat.secret))


def press(client, url, **fields):
    page = client.get(url)
    return applied(client, client.post(url + "/act", data={"csrf_token": csrf_token(page.text),
                                                           "version": str(fields.pop("version", 0)), **fields}))


def test_given_my_turn_then_my_page_has_my_options_as_buttons_and_they_play(client, svc):
    started(svc)
    url = seat_url(svc, 0)
    page = client.get(url)
    assert "It is your turn" in page.text
    buttons = re.findall(r'<button type="submit" aria-describedby="(outcome-\d+)">([^<]+)</button>', page.text)
    assert [text for _, text in buttons][:3] == ["take 1", "take 2", "draw"]
    response = press(client, url, action="move", code="take:1")
    assert response.status_code == 303
    page = client.get(url)
    assert "Done: take 1." in page.text and "Undo my last move" in page.text


def test_every_option_button_says_what_it_will_do(client, svc):
    started(svc)
    page = client.get(seat_url(svc, 0)).text
    said = dict(re.findall(r'<button type="submit" aria-describedby="outcome-\d+">([^<]+)</button>\s*</form>\s*'
                           r'<span class="outcome" id="outcome-\d+">([^<]+)</span>', page))
    assert said == {"take 1": "your turn goes on", "take 2": "your turn goes on",
                    "draw": "draws on hidden information (cannot be undone)"}


def test_after_a_move_that_revealed_hidden_information_the_page_says_why_there_is_no_undo(client, svc):
    started(svc)
    url = seat_url(svc, 0)
    press(client, url, action="move", code="draw")
    page = client.get(url).text
    assert "Undo my last move" not in page
    assert "Undo is not possible: hidden information was revealed by your last move." in page


def test_when_i_press_undo_then_my_move_is_taken_back(client, svc):
    started(svc)
    url = seat_url(svc, 0)
    press(client, url, action="move", code="take:1")
    press(client, url, action="undo", version=1)
    page = client.get(url)
    assert "Undone: take 1." in page.text
    assert game_row(svc).state["pile"] == 9


def test_the_same_button_pressed_twice_plays_once(client, svc):
    started(svc)
    url = seat_url(svc, 0)
    press(client, url, action="move", code="take:1")
    press(client, url, action="move", code="take:1")
    assert len(log_of(svc)) == 1 and len(requests_of(svc)) == 1


def test_not_my_turn_then_no_options_and_a_clear_answer_if_i_try(client, svc):
    started(svc)
    url = seat_url(svc, 1)
    page = client.get(url)
    assert "It is Ann's turn" in page.text and "Your options" not in page.text
    press(client, url, action="move", code="take:1")
    assert "It is not your turn: Ann is to play." in client.get(url).text


def test_resigning_needs_the_box_ticked(client, svc):
    started(svc)
    url = seat_url(svc, 1)
    press(client, url, action="resign")
    assert "tick the box" in client.get(url).text and not game_row(svc).seats[1].resigned
    press(client, url, action="resign", confirm="yes")
    assert game_row(svc).seats[1].resigned


def test_when_i_ask_for_a_new_seat_link_then_the_old_one_stops_working(client, svc):
    started(svc)
    url = seat_url(svc, 1)
    page = client.get(url)
    response = client.post(url + "/new-link", data={"csrf_token": csrf_token(page.text)})
    assert "sent to you by mail" in response.text
    assert client.get(url).status_code == 403
    assert client.get(seat_url(svc, 1)).status_code == 200


# --------------------------------------------------------------------------- preferences, mailbox, health


def test_one_click_unsubscribe_turns_mail_off_without_a_form_token(client, svc):
    started(svc)
    message = mailbox(svc, "ann@example.org")[-1]
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = path_of(message["List-Unsubscribe"].strip("<>"))
    assert client.get(url).status_code == 200 and game_row(svc).seats[0].preferences["mail"] is True
    response = client.post(url, data={"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200 and "Unsubscribed" in response.text
    assert game_row(svc).seats[0].preferences["mail"] is False


def test_the_preferences_form_saves_with_its_token_only(client, svc):
    started(svc)
    url = path_of(mailbox(svc, "ann@example.org")[-1]["List-Unsubscribe"].strip("<>"))
    assert client.post(url, data={"mail": "on"}).status_code == 400
    page = client.get(url)
    response = client.post(url, data={"csrf_token": csrf_token(page.text), "mail": "on"})
    assert "Saved." in response.text
    assert game_row(svc).seats[0].preferences == {"mail": True, "accounts": False, "digest": False,
                                                  "confirmations": False}


def test_the_preferences_form_asks_for_every_confirmation_and_saves_it(client, svc):
    # Given Ann's preferences page, when she ticks "Confirm every turn I mail in", then it is kept
    started(svc)
    url = path_of(mailbox(svc, "ann@example.org")[-1]["List-Unsubscribe"].strip("<>"))
    page = client.get(url)
    assert 'name="confirmations"' in page.text and "Confirm every turn I mail in" in page.text
    response = client.post(url, data={"csrf_token": csrf_token(page.text), "mail": "on", "confirmations": "on"})
    assert "Saved." in response.text and 'name="confirmations" checked' in response.text
    assert game_row(svc).seats[0].preferences["confirmations"] is True


def test_the_mailbox_shows_every_mail_with_its_parts_and_links(client, svc):
    started(svc)
    index = client.get("/mailbox")
    assert index.status_code == 200
    assert "Pebbles #1: your turn (round 1)" in index.text and "Pebbles #1: you are invited to play" in index.text
    ids = re.findall(r'href="/mailbox/(\d+)"', index.text)
    turn = client.get(f"/mailbox/{ids[0]}")
    assert "Reply-To" in turn.text and "play+" in turn.text
    assert '<a href="http://farmpost.test/m/1/0/' in turn.text  # clickable links in the text part
    html = client.get(f"/mailbox/{ids[0]}/html")
    assert html.headers["Content-Security-Policy"].startswith("script-src 'none'")
    assert '<base target="_top">' in html.text and "take 2" in html.text


def test_the_mailbox_reply_form_posts_to_whichever_endpoint_is_registered(app, client, svc):
    from flask import Blueprint

    hook = Blueprint("hook", __name__)
    hook.add_url_rule("/hook/<int:message_id>", "reply", lambda message_id: "ok", methods=["POST"])
    app.register_blueprint(hook)
    app.config["MAILBOX_REPLY_ENDPOINT"] = "hook.reply"
    started(svc)
    page = client.get("/mailbox/1")
    assert 'action="/hook/1"' in page.text and 'name="body"' in page.text


def test_healthz_reports_database_and_broker(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json == {"status": "ok", "database": "ok", "broker": "ok", "oldest_waiting_seconds": None,
                             "failed": {"request": 0, "mail": 0, "inbound": 0},
                             "complaints": {"complaints_30_days": 0, "sent_30_days": 0, "rate_percent": 0.0,
                                            "line_percent": 0.3, "over_the_line": False},
                             "mail_check": None}


def test_healthz_fails_when_the_broker_is_away(config, toy_game):
    from dataclasses import replace

    from service.app import create_app
    from service.core.services import Services
    from service.wiring import inline_queue

    svc = Services.from_config(replace(config, broker_url="redis://127.0.0.1:1/0"))
    svc.queue = inline_queue(svc)
    response = create_app(services=svc).test_client().get("/healthz")
    assert response.status_code == 503
    assert response.json["database"] == "ok" and response.json["broker"].startswith("failing")


def test_when_the_game_is_over_then_the_final_ranking_shows_each_farmers_points(client, svc):
    from tests.service.test_usecases import play

    started(svc)
    play(svc, 0, "take:2", "take:2", "end")
    play(svc, 1, "take:2", "take:2", "end")
    play(svc, 0, "take:1")  # the pile is empty: Ann 5, Bob 4
    page = client.get(seat_url(svc, 1)).text
    ranking = re.search(r'<ol class="ranking">(.*?)</ol>', page).group(1)
    assert re.findall(r"<li><b>(\w+)</b> – (\d+ points?)", ranking) == [("Ann", "5 points"), ("Bob", "4 points")]


def test_a_request_of_the_wrong_kind_gets_a_styled_405_page_that_says_what_the_address_takes(client):
    response = client.post("/healthz")
    assert response.status_code == 405
    assert "Not possible here" in response.text and '<header><a href="/">Farmpost</a>' in response.text
    assert set(response.headers["Allow"].split(", ")) >= {"GET", "HEAD"}


def test_every_page_links_an_icon_and_the_icons_are_served(client):
    page = client.get("/").text
    assert '<link rel="icon" href="/favicon.ico"' in page and '<link rel="icon" href="/favicon.svg"' in page
    svg = client.get("/favicon.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml" and svg.text.startswith("<svg")
    ico = client.get("/favicon.ico")
    assert ico.status_code == 200 and ico.mimetype == "image/vnd.microsoft.icon"
    # an .ico header (reserved 0, type 1 = icon, 1 image) holding a 32x32 PNG
    assert ico.data[:6] == b"\0\0\1\0\1\0" and ico.data[22:30] == b"\x89PNG\r\n\x1a\n"
    assert ico.data[22 + 16:22 + 24] == (32).to_bytes(4, "big") * 2


def test_the_mailbox_list_reads_left_to_right_like_a_mail_client(client, svc):
    started(svc)
    page = client.get("/mailbox").text
    assert '<table class="list mailbox">' in page and 'class="sheet"' not in page  # score sheets right-align numbers
    rule = re.search(r"table\.list td, table\.list th \{([^}]*)\}", page).group(1)
    assert "text-align: left" in rule


def test_my_own_moves_are_told_to_me_and_the_others_see_them_by_my_name(client, svc):
    from engine import get_game
    from tests.service.test_usecases import play

    create_game(svc, "sunfield", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    sunfield = get_game("sunfield")
    take = next(m for m in sunfield.legal_moves(game_row(svc).state) if m.kind == "take")
    play(svc, 0, take.code())
    place = sunfield.legal_moves(game_row(svc).state)[0]
    play(svc, 0, place.code())
    mine, theirs = client.get(seat_url(svc, 0)).text, client.get(seat_url(svc, 1)).text
    assert re.search(r"<li><b>You</b> placed the \w+ \w+ tile \([^)]*\) in your Plot", mine)
    assert re.search(r"<li><b>Ann</b> placed the \w+ \w+ tile \([^)]*\) in their Plot", theirs)


def test_the_rules_page_the_invitation_links_shows_the_options_the_notation_and_the_commands(client):
    page = client.get("/rules/sunfield")
    assert page.status_code == 200
    assert "Sunfield Farm" in page.text and "For 2 to 4 farmers" in page.text
    assert "Advanced mode (Livestock cards)" in page.text
    assert "<code>take b2</code>" in page.text and "<code>vacation 7</code>" in page.text
    assert client.get("/rules/chess").status_code == 400


def test_the_mailbox_is_served_to_this_machine_only(client, svc):
    started(svc)
    assert client.get("/mailbox").status_code == 200  # the test client is 127.0.0.1
    remote = client.get("/mailbox", environ_base={"REMOTE_ADDR": "203.0.113.7"})
    assert remote.status_code == 403 and "MAILBOX_PUBLIC=1" in remote.text
    assert client.get("/mailbox/1", environ_base={"REMOTE_ADDR": "203.0.113.7"}).status_code == 403
    proxied = client.get("/mailbox/1/raw", headers={"X-Forwarded-For": "203.0.113.7"})
    assert proxied.status_code == 403  # a proxy on this machine makes every client look local
    token = csrf_token(client.get("/mailbox/1").text)
    reply = client.post("/mailbox/1/reply", data={"body": "take 1", "csrf_token": token},
                        environ_base={"REMOTE_ADDR": "203.0.113.7"})
    assert reply.status_code == 403
    assert requests_of(svc) == []


def test_the_mailbox_is_served_to_everyone_when_enabled(config, toy_game):
    from dataclasses import replace

    from service.app import create_app
    from service.core.services import Services
    from service.wiring import inline_queue

    svc = Services.from_config(replace(config, mailbox_public=True))
    svc.queue = inline_queue(svc)
    client = create_app(services=svc, testing=True).test_client()
    assert client.get("/mailbox", environ_base={"REMOTE_ADDR": "203.0.113.7"}).status_code == 200
    svc.db.dispose()


def test_the_buttons_on_the_board_has_moved_on_page_play(client, svc):
    started(svc)
    links = move_links(svc)
    confirm(client, links["take 2"])
    page = client.get(path_of(links["take 1"]))
    assert page.status_code == 409
    [action] = re.findall(r'<form method="post" action="([^"]+)">\s*<input[^>]+>\s*<input type="hidden" name="action" '
                          r'value="move"><input type="hidden" name="code" value="end">', page.text)
    response = client.post(action, data={"csrf_token": csrf_token(page.text), "action": "move", "code": "end",
                                         "version": "1"})
    assert response.status_code == 303
    assert [e.code for e in log_of(svc)] == ["take:2", "end"]


def spellings(token: str) -> list[str]:
    """Every spelling of the token's signature that verifies: its last base64
    character carries unused bits."""
    from itsdangerous.encoding import base64_decode

    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    head, signature = token[:-1], token.rpartition(".")[2]
    return [head + c for c in alphabet if base64_decode((head + c).rpartition(".")[2]) == base64_decode(signature)]


def test_every_spelling_of_a_move_link_is_one_request(client, svc):
    started(svc)
    url = move_links(svc)["take 2"]
    base, token = url.rsplit("/", 1)
    variants = spellings(token)
    assert len(variants) == 4 and token in variants
    for variant in variants:
        confirm(client, f"{base}/{variant}")
    assert len(requests_of(svc)) == 1
    assert [e.code for e in log_of(svc)] == ["take:2"]
    assert all("Already done" in client.get(path_of(f"{base}/{v}")).text for v in variants)


def test_a_signed_link_with_a_move_that_cannot_be_read_gets_a_clear_400(client, svc):
    started(svc)
    seat = game_row(svc).seats[0]
    for codes in (["no such move!"], ["take:1", "Not A Code"]):
        url = svc.links.move_url(1, 0, seat.secret, 0, codes)
        page = client.get(path_of(url))
        assert page.status_code == 400, codes
        assert "cannot be read" in page.text
    assert requests_of(svc) == []


def worker_app(config):
    """An app whose work goes to workers (as in production), not done inline."""
    from service.app import create_app
    from service.core.services import Services

    svc = Services.from_config(config)
    return svc, create_app(services=svc).test_client()


def test_healthz_fails_while_no_worker_is_alive_and_passes_with_one(config, toy_game):
    from service.ops.heartbeat import beat, forget

    svc, client = worker_app(config)
    beat(svc, "beat@host:2", wall_time.now())
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json["worker"].startswith("failing: no worker heartbeat")
    beat(svc, "host:1", wall_time.now())
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json["workers"] == 1
    forget(svc, "host:1")  # stopped, or seen dead by farmpost run
    assert client.get("/healthz").status_code == 503
    svc.db.dispose()


def test_healthz_counts_a_silent_worker_gone_once_its_heartbeat_is_old(config, toy_game):
    from datetime import timedelta

    from service.ops.heartbeat import beat
    from service.storage.models import WorkerHeartbeat

    svc, client = worker_app(config)
    beat(svc, "host:1", wall_time.now())
    beat(svc, "beat@host:2", wall_time.now())
    assert client.get("/healthz").status_code == 200
    with svc.db.transaction() as session:
        session.get(WorkerHeartbeat, "host:1").beat_at = wall_time.now() - timedelta(seconds=config.heartbeat_max_age + 1)
    assert client.get("/healthz").status_code == 503
    svc.db.dispose()


def test_healthz_fails_while_beat_is_gone_and_passes_with_it(config, toy_game):
    """Beat is not a worker: a worker alive does not hide that nothing
    schedules the sweeps and clocks."""
    from datetime import timedelta

    from service.ops.heartbeat import beat, forget
    from service.storage.models import WorkerHeartbeat

    svc, client = worker_app(config)
    beat(svc, "host:1", wall_time.now())
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json["worker"] == "ok" and response.json["workers"] == 1
    assert response.json["beat"].startswith("failing: no beat heartbeat")
    beat(svc, "beat@host:2", wall_time.now())
    response = client.get("/healthz")
    assert (response.status_code, response.json["beat"], response.json["workers"]) == (200, "ok", 1)
    with svc.db.transaction() as session:  # a beat that went silent ages out
        session.get(WorkerHeartbeat, "beat@host:2").beat_at = wall_time.now() - timedelta(
            seconds=config.heartbeat_max_age + 1)
    assert client.get("/healthz").status_code == 503
    forget(svc, "beat@host:2")
    assert client.get("/healthz").json["beat"].startswith("failing")
    svc.db.dispose()


def test_healthz_shows_how_long_work_has_waited_and_what_failed(config, toy_game):
    from service.ops.heartbeat import beat

    svc, client = worker_app(config)
    beat(svc, "host:1", wall_time.now())
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)  # an invitation waits: no worker takes it here
    with svc.db.transaction() as session:
        session.execute(sa.update(OutgoingMail).values(created_at=wall_time.now() - timedelta(seconds=90)))
    body = client.get("/healthz").json
    assert body["oldest_waiting_seconds"] >= 90
    assert body["failed"] == {"request": 0, "mail": 0, "inbound": 0}
    svc.db.dispose()


def test_a_mail_in_the_mailbox_shows_its_header_values_in_the_readers_language(client, svc):
    """Given a mail in the local mailbox, when a French reader opens it, then
    its date reads as French dates do, not as the mail's RFC 5322 header."""
    started(svc)
    ids = re.findall(r'href="/mailbox/(\d+)"', client.get("/mailbox").text)
    page = client.get(f"/mailbox/{ids[0]}?lang=fr").text
    dates = re.findall(r"<tr><td>Date[ \u00a0]:</td><td>([^<]*)</td></tr>", page)
    assert len(dates) == 1 and re.fullmatch(r"\d{1,2} \w+ 20\d\d, \d\d:\d\d UTC", dates[0]), dates
    assert not re.search(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), ", page)
