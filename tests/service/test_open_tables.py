"""Open tables (docs/open_tables.md): open seats that anyone asks for by
name and address, taken by the first confirmation of the mailed link.
Use cases directly, then the pages through the Flask test client."""

from __future__ import annotations

import re

import pytest

from service.core.errors import InvalidInput, NotAllowed
from service.core.links import LinkError
from service.usecases import open_tables
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import csrf_token, game_row, mailbox, mails, path_of, text_part

ANN = FarmerSpec("Ann", "ann@example.org")
OPEN = FarmerSpec("", open=True)


def open_table(svc, *seats, listing="listed"):
    created = create_game(svc, "toy", [ANN, *(seats or (OPEN,))], host=0, seed=1, listing=listing)
    return created.game_id


def token_of(svc, game_id):
    return svc.links.table_url(game_id).rsplit("/", 1)[1]


def confirm_url(svc, to):
    """The confirmation link in the last claim mail to ``to``."""
    body = text_part(mailbox(svc, to)[-1])
    return re.search(r"http://\S+/t/\d+/confirm/\d+/\S+", body).group(0)


def confirm_parts(url):
    game_id, claim_id, token = re.search(r"/t/(\d+)/confirm/(\d+)/(\S+)", url).groups()
    return int(game_id), int(claim_id), token


def ask_and_confirm(svc, game_id, name, email):
    open_tables.ask_for_seat(svc, game_id, token_of(svc, game_id), name, email)
    return open_tables.confirm(svc, *confirm_parts(confirm_url(svc, email)))


# --------------------------------------------------------------------------- use cases


def test_given_a_game_with_an_open_seat_then_it_waits_and_nobody_is_invited(svc):
    game_id = open_table(svc)
    game = game_row(svc, game_id)
    assert game.status == "inviting" and game.listing == "listed"
    assert [s.open for s in game.seats] == [False, True]
    assert mails(svc, "invite") == []


def test_given_open_seats_the_host_cannot_take_one_and_the_listing_is_checked(svc):
    with pytest.raises(InvalidInput, match="cannot be an open seat"):
        create_game(svc, "toy", [OPEN, ANN], host=0)
    with pytest.raises(InvalidInput, match="listed"):
        create_game(svc, "toy", [ANN, OPEN], host=0, listing="secret")
    without_open = create_game(svc, "toy", [ANN, FarmerSpec("Bob", "bob@example.org")], host=0, listing="listed")
    assert game_row(svc, without_open.game_id).listing is None


def test_given_listed_and_unlisted_tables_then_only_listed_ones_with_a_free_seat_are_on_the_list(svc):
    listed = open_table(svc, OPEN, FarmerSpec("Greedy", bot="greedy"))
    open_table(svc, listing="unlisted")
    tables = open_tables.listed_tables(svc)
    assert [t.game_id for t in tables] == [listed]
    assert (tables[0].seats_free, tables[0].seats, tables[0].farmers) == (1, 3, ["Ann", "Greedy (bot)"])
    assert tables[0].clock == "no clock"


def test_given_an_ask_then_a_confirmation_mail_goes_out_and_the_seat_stays_open(svc):
    game_id = open_table(svc)
    open_tables.ask_for_seat(svc, game_id, token_of(svc, game_id), "Bob", "bob@example.org")
    [mail] = mails(svc, "claim")
    assert mail.to_addr == "bob@example.org" and mail.subject == "Pebbles #1: confirm your seat"
    body = text_part(mailbox(svc, "bob@example.org")[-1])
    assert "/t/1/confirm/" in body and "/g/1/" not in body  # no seat link before the address is confirmed
    assert game_row(svc, game_id).seats[1].open


def test_given_the_last_open_seat_confirmed_then_the_farmer_sits_there_and_the_game_starts(svc):
    game_id = open_table(svc)
    done = ask_and_confirm(svc, game_id, "Bob", "bob@example.org")
    assert done.outcome == "seated" and "/g/1/1/" in done.seat_url
    game = game_row(svc, game_id)
    assert game.status == "active"
    assert (game.seats[1].name, game.seats[1].email, game.seats[1].open) == ("Bob", "bob@example.org", False)
    assert [m.kind for m in mails(svc, to="bob@example.org")] == ["claim", "seated"]
    assert [m.to_addr for m in mails(svc, "turn")] == ["ann@example.org"]
    assert open_tables.listed_tables(svc) == []


def test_given_two_asks_for_one_seat_then_the_first_confirmation_wins_and_the_second_is_told(svc):
    game_id = open_table(svc)
    token = token_of(svc, game_id)
    open_tables.ask_for_seat(svc, game_id, token, "Bob", "bob@example.org")
    open_tables.ask_for_seat(svc, game_id, token, "Cat", "cat@example.org")
    cat, bob = confirm_url(svc, "cat@example.org"), confirm_url(svc, "bob@example.org")
    assert open_tables.confirm(svc, *confirm_parts(cat)).outcome == "seated"
    late = open_tables.confirm(svc, *confirm_parts(bob))
    assert late.outcome == "full" and "taken before you confirmed" in late.message
    assert game_row(svc, game_id).seats[1].name == "Cat"


def test_a_confirmation_link_works_once_and_a_forged_one_not_at_all(svc):
    game_id = open_table(svc, OPEN, OPEN)
    open_tables.ask_for_seat(svc, game_id, token_of(svc, game_id), "Bob", "bob@example.org")
    parts = confirm_parts(confirm_url(svc, "bob@example.org"))
    assert open_tables.confirm(svc, *parts).outcome == "seated"
    assert open_tables.confirm(svc, *parts).outcome == "used"
    assert game_row(svc, game_id).seats[2].open  # the second click did not take another seat
    with pytest.raises(LinkError):
        open_tables.confirm(svc, parts[0], parts[1], parts[2][:-3] + "abc")


def test_names_and_addresses_are_checked_at_the_edge_and_a_full_table_takes_no_asks(svc):
    game_id = open_table(svc)
    token = token_of(svc, game_id)
    with pytest.raises(InvalidInput, match="email address"):
        open_tables.ask_for_seat(svc, game_id, token, "Bob", "")
    with pytest.raises(InvalidInput, match="line break"):
        open_tables.ask_for_seat(svc, game_id, token, "Bob\nBcc: x@example.org", "bob@example.org")
    with pytest.raises(InvalidInput, match="cannot hold line breaks"):
        open_tables.ask_for_seat(svc, game_id, token, "Bob", "bob@example.org\r\nBcc: x@example.org")
    with pytest.raises(LinkError):
        open_tables.ask_for_seat(svc, game_id, token_of(svc, game_id + 1), "Bob", "bob@example.org")
    ask_and_confirm(svc, game_id, "Bob", "bob@example.org")
    with pytest.raises(NotAllowed, match="no open seat"):
        open_tables.ask_for_seat(svc, game_id, token, "Cat", "cat@example.org")


# --------------------------------------------------------------------------- pages


def test_given_the_form_when_a_host_makes_an_unlisted_open_table_then_their_page_shows_its_join_link(client, svc):
    form = client.get("/new")
    assert 'value="open"' in form.text
    response = client.post("/new", data={
        "csrf_token": csrf_token(form.text), "game": "toy", "host": "0", "listing": "unlisted",
        "player0": "person", "name0": "Ann", "player1": "open", "player2": "empty", "player3": "empty"})
    assert response.status_code == 303
    page = client.get(path_of(response.headers["Location"]))
    assert "1 open seat to join" in page.text
    shared = re.search(r'value="http://farmpost.test/t/1/([^"]+)"', page.text).group(1)
    svc.links.check_table(shared, game_id=1)  # the join link shown verifies
    assert "Pebbles #1" not in client.get("/open").text


def test_given_a_listed_table_when_someone_joins_through_the_pages_then_they_land_on_their_seat(client, svc):
    game_id = open_table(svc)
    listing = client.get("/open")
    assert "Looking for farmers" in listing.text and "1 of 2 seats free" in listing.text
    table = client.get(path_of(svc.links.table_url(game_id)))
    bad = client.post(path_of(svc.links.table_url(game_id)),
                      data={"csrf_token": csrf_token(table.text), "name": "Bob", "email": "not an address"})
    assert bad.status_code == 400 and "does not look like an email address" in bad.text
    asked = client.post(path_of(svc.links.table_url(game_id)),
                        data={"csrf_token": csrf_token(table.text), "name": "Bob", "email": "bob@example.org"})
    assert "Check your mail" in asked.text
    url = confirm_url(svc, "bob@example.org")
    confirm_page = client.get(path_of(url))
    assert game_row(svc, game_id).seats[1].open  # opening the link takes nothing (mail scanners)
    taken = client.post(path_of(url), data={"csrf_token": csrf_token(confirm_page.text)})
    assert taken.status_code == 303 and "/g/1/1/" in taken.headers["Location"]
    again = client.post(path_of(url), data={"csrf_token": csrf_token(confirm_page.text)})
    assert again.status_code == 409 and "used already" in again.text and 'href="/open"' in again.text


def test_a_confirmation_for_a_seat_already_taken_says_so_and_points_to_the_open_tables(client, svc):
    game_id = open_table(svc)
    open_tables.ask_for_seat(svc, game_id, token_of(svc, game_id), "Cat", "cat@example.org")
    late_url = confirm_url(svc, "cat@example.org")
    ask_and_confirm(svc, game_id, "Bob", "bob@example.org")
    page = client.get(path_of(late_url))
    response = client.post(path_of(late_url), data={"csrf_token": csrf_token(page.text)})
    assert response.status_code == 409
    assert "every open seat of this table was taken" in response.text and 'href="/open"' in response.text
    assert "no open seat any more" in client.get(path_of(svc.links.table_url(game_id))).text


def test_given_two_confirmations_at_the_same_moment_then_exactly_one_takes_the_seat(svc):
    import threading

    game_id = open_table(svc)
    token = token_of(svc, game_id)
    open_tables.ask_for_seat(svc, game_id, token, "Bob", "bob@example.org")
    open_tables.ask_for_seat(svc, game_id, token, "Cat", "cat@example.org")
    links = [confirm_parts(confirm_url(svc, to)) for to in ("bob@example.org", "cat@example.org")]
    start, outcomes = threading.Barrier(2), []

    def press(parts):
        start.wait()
        outcomes.append(open_tables.confirm(svc, *parts).outcome)

    threads = [threading.Thread(target=press, args=(parts,)) for parts in links]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["full", "seated"]
    game = game_row(svc, game_id)
    assert game.status == "active" and game.seats[1].name in ("Bob", "Cat")


def test_asks_for_seats_are_limited_per_client_per_table_and_in_all_through_the_pages(svc):
    """One client once mailed 119 confirmations to 119 addresses in two
    minutes: each ask mails a stranger, so asks are limited per client, per
    table and (the confirmation mails) in all; over a limit, 429 and no mail."""
    from dataclasses import replace

    from service.app import create_app
    from service.core.config import Limit

    limits = {"seat-asks-client": Limit(3, 3600), "seat-asks-table": Limit(5, 3600), "seat-ask-mails": Limit(7, 3600)}
    svc.config = replace(svc.config, rate_limits={**svc.config.rate_limits, **limits})
    client = create_app(services=svc, testing=True).test_client()

    def ask(game_id, email, address):
        url = path_of(svc.links.table_url(game_id))
        page = client.get(url, environ_base={"REMOTE_ADDR": address})
        return client.post(url, data={"csrf_token": csrf_token(page.text), "name": "Bob", "email": email},
                           environ_base={"REMOTE_ADDR": address})

    def claims():
        return len(mails(svc, "claim"))

    first, second, third = open_table(svc), open_table(svc), open_table(svc)
    # one client, many addresses: its fourth ask is refused, whatever the table
    assert [ask(first, f"s{n}@example.org", "192.0.2.1").status_code for n in range(3)] == [200] * 3
    refused = ask(second, "s3@example.org", "192.0.2.1")
    assert refused.status_code == 429 and refused.headers["Retry-After"] and claims() == 3
    # one table, many clients: its sixth ask is refused
    assert ask(first, "t4@example.org", "192.0.2.4").status_code == 200
    assert ask(first, "t5@example.org", "192.0.2.5").status_code == 200
    refused = ask(first, "t6@example.org", "192.0.2.6")
    assert refused.status_code == 429 and "this table has had as many asks" in refused.text and claims() == 5
    # every table and client together: the eighth confirmation mail is not sent
    assert ask(second, "u7@example.org", "192.0.2.7").status_code == 200
    assert ask(third, "u8@example.org", "192.0.2.8").status_code == 200
    refused = ask(third, "u9@example.org", "192.0.2.9")
    assert refused.status_code == 429 and "as many seat confirmations" in refused.text and claims() == 7
