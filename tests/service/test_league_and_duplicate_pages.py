"""The pages of leagues and duplicate events (docs/leagues.md): a sign-up on
the web waits for the link mailed to the address; the season-over mail's
link signs the same farmer up again; the organiser starts a season; an
entrant's results page hides the other tables while their game runs."""

from __future__ import annotations

from sqlalchemy import select

from service.storage.models import DuplicateEntry, LeagueEntry
from service.usecases import duplicate, leagues
from tests.service.helpers import csrf_token, links_in, mailbox, path_of, text_part


def test_league_sign_up_on_the_page_waits_for_the_mailed_link(client, svc):
    created = leagues.create_league(svc, "Pebble League", "toy")
    form = client.get(f"/league/{created.league_id}/signup")
    assert form.status_code == 200 and "Sign up" in form.text
    sent = client.post(f"/league/{created.league_id}/signup",
                       data={"csrf_token": csrf_token(form.text), "name": "Ann", "email": "ann@example.org"})
    assert sent.status_code == 303
    with svc.db.transaction() as session:
        assert session.scalars(select(LeagueEntry)).all() == []  # nothing until the link is opened
    [link] = [u for u in text_part(mailbox(svc, "ann@example.org")[-1]).split() if "/signup/" in u]
    page = client.get(path_of(link))
    assert page.status_code == 200 and "Sign Ann (ann@example.org) up" in page.text
    done = client.post(path_of(link), data={"csrf_token": csrf_token(page.text)}, follow_redirects=True)
    assert "Ann is signed up for season 1" in done.text and "Ann" in done.text
    assert client.get(path_of(link) + "x").status_code == 404


def test_league_organiser_starts_the_season_from_their_page(client, svc):
    created = leagues.create_league(svc, "Pebble League", "toy", rounds=1)
    for name in ("Ann", "Bob", "Cy"):
        leagues.sign_up(svc, created.league_id, name, f"{name.lower()}@example.org")
    page = client.get(path_of(created.organiser_url))
    assert page.status_code == 200 and "Start season 1 now" in page.text
    started = client.post(path_of(created.organiser_url) + "/start", data={"csrf_token": csrf_token(page.text)},
                          follow_redirects=True)
    assert "The season has started" in started.text and "Table 1: division 1" in started.text
    public = client.get(f"/league/{created.league_id}")
    assert "division 1" in public.text and "game #" not in public.text
    assert client.get(f"/league/{created.league_id}/organise/forged").status_code == 404


def test_duplicate_entry_on_the_page_and_the_entrants_results_page(client, svc):
    event_id = duplicate.create_event(svc, "toy", 1, week="2026-W49")
    page = client.get(f"/duplicate/{event_id}")
    assert page.status_code == 200 and "same shuffle" in page.text
    client.post(f"/duplicate/{event_id}", data={"csrf_token": csrf_token(page.text), "name": "Ann",
                                                 "email": "ann@example.org"})
    [link] = [u for u in text_part(mailbox(svc, "ann@example.org")[-1]).split() if "/enter/" in u]
    confirm = client.get(path_of(link))
    client.post(path_of(link), data={"csrf_token": csrf_token(confirm.text)})
    with svc.db.transaction() as session:
        entry = session.scalar(select(DuplicateEntry))
        entry_id, secret, game_id = entry.id, entry.secret, entry.game_id
    assert game_id is not None and links_in(text_part(mailbox(svc, "ann@example.org")[-1]), "g")
    mine = client.get(f"/duplicate/{event_id}/{entry_id}/{secret}")
    assert "stay hidden until it ends" in mine.text and "Best line" not in mine.text
    assert client.get(f"/duplicate/{event_id}/{entry_id}/forged").status_code == 404


#: what the pages show that is not words to translate: names, the layout's header (not ours), the game
NOT_OURS = ["Pebble League", "Ann", "Bob", "Cy", "Pebbles", "2026-W49", "Farmpost", "New game", "Open tables",
            "My games", "Mailbox"]


def test_league_and_duplicate_pages_and_mails_translate_every_word(client, svc):
    from tests.pseudo import qps, unmarked_html, unmarked_text

    created = leagues.create_league(svc, "Pebble League", "toy", rounds=1)
    for name in ("Ann", "Bob", "Cy"):
        leagues.sign_up(svc, created.league_id, name, f"{name.lower()}@example.org")
    pages = [f"/league/{created.league_id}", f"/league/{created.league_id}/signup", path_of(created.organiser_url)]
    leagues.start_now(svc, created.league_id)
    pages += [f"/league/{created.league_id}", path_of(created.organiser_url)]
    event_id = duplicate.create_event(svc, "toy", 1, week="2026-W49")
    pages.append(f"/duplicate/{event_id}")
    for path in pages:
        page = client.get(path + "?lang=qps")
        assert page.status_code == 200
        assert unmarked_html(page.text, NOT_OURS) == [], path
    from service.notify import league_mail

    t = qps()
    texts = [league_mail.season_started_text(t, "Pebble League", 1, 1, [(1, ["Bob"], "https://x/g/1")], "3 days", 2,
                                             "https://x/league/1"),
             league_mail.table_over_text(t, "Pebble League", 1, 1, 1, ["Ann", "Bob"], [(1, "Ann", "3", 1)],
                                         "https://x/league/1"),
             league_mail.season_over_text(t, "Pebble League", 1, 1, [(1, "Ann", "3", 1)], 1,
                                          league_mail.move_text(t, False, True, 1), "5 Dec", "https://x/a",
                                          "https://x/league/1")]
    for text in texts:
        assert unmarked_text(text, NOT_OURS + ["5 Dec", "3 days"]) == []


def test_league_farmer_who_signs_up_in_french_gets_the_leagues_mails_in_french(client, svc):
    created = leagues.create_league(svc, "Pebble League", "toy", rounds=1)
    form = client.get(f"/league/{created.league_id}/signup?lang=fr")
    assert "S'inscrire" in form.text or "S&#39;inscrire" in form.text
    client.post(f"/league/{created.league_id}/signup?lang=fr",
                data={"csrf_token": csrf_token(form.text), "name": "Ann", "email": "ann@example.org"})
    confirm_mail = mailbox(svc, "ann@example.org")[-1]
    assert "Confirmez" in confirm_mail["Subject"]
    [link] = [u for u in text_part(confirm_mail).split() if "/signup/" in u]
    page = client.get(path_of(link))
    client.post(path_of(link), data={"csrf_token": csrf_token(page.text)})
    leagues.sign_up(svc, created.league_id, "Bob", "bob@example.org")
    leagues.start_now(svc, created.league_id)
    subjects = {m["To"].addresses[0].addr_spec: m["Subject"] for m in mailbox(svc) if "Pebble League" in m["Subject"]}
    assert "la saison 1 a commencé" in subjects["ann@example.org"]
    assert "season 1 has started" in subjects["bob@example.org"]
    from service.storage.models import Seat

    with svc.db.transaction() as session:  # and each table seats them in their own language
        seated = {s.email: s.language for s in session.query(Seat).filter(Seat.email.is_not(None))}
    assert seated == {"ann@example.org": "fr", "bob@example.org": "en"}
