"""The answers to mails and the notices service/ and mail/ write in Python
(domain ``answers``, docs/i18n.md): given a farmer whose seat speaks the
pseudo-locale, every answer kind comes out with no word outside the marks;
given French and German farmers at one table, each reads their answers and
notices in their own language; counts take the plural forms of the CLDR
rules at 0, 1 and 2."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from boards.i18n import PSEUDO, translator
from mail.inbound.clock_words import parse_duration
from mail.inbound.commands import split_commands
from mail.inbound.errors import FailedRecipient
from mail.sentence import Refused
from service.core.errors import InvalidInput
from service.core.wall_time import ENVIRONMENT_VARIABLE, travel_to
from service.game.clocks import ClockSettings, duration_text, local_text
from service.inbound import bounces
from service.inbound.receive import receive
from service.notify.digest import send_digests
from service.storage import lookup
from service.storage.models import OutgoingMail, Seat, as_utc, date_text
from service.usecases import clock_actions, creation, playing, preferences
from tests.mail.inbound_helpers import inbound_row, reply, start_game
from tests.pseudo import words_outside
from tests.service.helpers import game_row

#: what is not the answers' to translate: the farmers' names, the toy game's
#: title, move texts and sentences (tests/service/toygame.py; "place": the
#: chains help's example of a Sunfield move), the mail's own
#: lines; phrases first (each is taken out of the text in turn)
NOT_OURS = ("drew a card", "ended the turn", "is not a Pebbles command",
            "Anna", "Bob", "Pebbles", "pebbles", "pebble", "take", "place", "draw", "end", "round", "took", "hi")

#: one mail of each kind an answer is written for (its outcome named first)
BODIES = {
    "help": "help",
    "no command, did you mean": "aide moi",
    "a line that cannot be a command": "vacation 99",
    "two commands that go alone": "undo\nresign",
    "resign, asked to confirm": "resign",
    "a move the game refuses, with its options": "take 7",
    "preview": "preview take 1",
    "say, relayed": "say hi",
    "vacation": "vacation 3",
    "back from vacation": "vacation off",
    "no clock for more time": "more time 1d",
    "mails off": "stop",
}


def unmarked(text: str, allowed=NOT_OURS) -> list[str]:
    """The words of ``text`` outside the marks (a marked text may span lines)."""
    return words_outside(text, allowed)


def speak(svc, game_id: int, **languages: str) -> None:
    with svc.db.transaction() as session:
        for name, language in languages.items():
            session.execute(update(Seat).where(Seat.game_id == game_id, Seat.name == name).values(language=language))


def answer_to(svc, key: str, body: str, sender: str = "Anna <anna@example.org>") -> str:
    row = inbound_row(svc, receive(svc, reply(key, body, sender=sender), source="ingest").id)
    assert row.answer, (body, row.outcome)
    return row.answer


def mail_to(svc, address: str, kind: str) -> OutgoingMail:
    with svc.db.transaction() as session:
        return session.scalars(select(OutgoingMail).where(OutgoingMail.to_addr == address, OutgoingMail.kind == kind)
                               .order_by(OutgoingMail.id.desc())).first()


def test_given_a_seat_in_the_pseudo_locale_when_it_mails_then_every_answer_is_marked(svc):
    game_id, keys = start_game(svc)
    speak(svc, game_id, Anna=PSEUDO, Bob=PSEUDO)
    left = {what: unmarked(answer_to(svc, keys["Anna"], body)) for what, body in BODIES.items()}
    left["not your turn"] = unmarked(answer_to(svc, keys["Bob"], "take 1", "Bob <bob@example.org>"))
    assert {what: words for what, words in left.items() if words} == {}


def test_given_the_pseudo_locale_then_the_notices_to_the_others_are_marked(svc):
    game_id, keys = start_game(svc)
    speak(svc, game_id, Bob=PSEUDO)
    answer_to(svc, keys["Anna"], "say hi")
    answer_to(svc, keys["Anna"], "vacation 3")
    bounces.mark_bouncing(svc, (FailedRecipient("anna@example.org"),))
    for kind in ("say", "away", "bouncing"):
        mail = mail_to(svc, "bob@example.org", kind)
        assert (kind, unmarked(mail.text_part), unmarked(mail.subject)) == (kind, [], [])


def test_given_the_pseudo_locale_then_the_clocks_mails_are_marked(svc, tmp_path, monkeypatch):
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(tmp_path / "clock-offset"))
    created = creation.create_game(svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"),
                                                creation.FarmerSpec("Bob", "bob@example.org")],
                                   host=0, seed=7, clock=ClockSettings(per_turn=3 * 86400, bank=86400))
    speak(svc, created.game_id, Anna=PSEUDO, Bob=PSEUDO)
    creation.join(svc, created.game_id, 1)
    with svc.db.transaction() as session:
        clock = lookup.load_game(session, created.game_id).clock
        started, due, deadline = as_utc(clock.turn_started), as_utc(clock.due), as_utc(clock.deadline)
    granted = clock_actions.grant(svc, created.game_id, 1, 3600, key="more time 1h")
    for moment in (started + timedelta(days=1.6), due + timedelta(hours=2), deadline + timedelta(hours=2)):
        travel_to(tmp_path / "clock-offset", moment)
        clock_actions.run_clocks(svc)
    mails = {kind: mail_to(svc, address, kind) for kind, address in (
        ("remind", "anna@example.org"), ("grant", "anna@example.org"), ("overdue", "bob@example.org"),
        ("timeout", "anna@example.org"))}
    assert {kind: mail is not None for kind, mail in mails.items()} == dict.fromkeys(mails, True)
    left = {kind: unmarked(mail.text_part) + unmarked(mail.subject) for kind, mail in mails.items()}
    left["grant answer"] = unmarked(granted)
    turn = mail_to(svc, "bob@example.org", "turn")  # the timeout told on top of Bob's turn mail
    left["timeout, in the turn mail"] = unmarked(turn.subject) + unmarked(turn.context["account"][0]["description"])
    assert {kind: words for kind, words in left.items() if words} == {}


def test_given_the_pseudo_locale_then_invitations_move_results_and_the_digest_are_marked(svc):
    invited = creation.create_game(svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"),
                                                creation.FarmerSpec("Bob", "bob@example.org")], host=0, seed=7)
    speak(svc, invited.game_id, Anna=PSEUDO, Bob=PSEUDO)
    with svc.db.transaction() as session:
        bob = session.scalar(select(Seat.reply_key).where(Seat.game_id == invited.game_id, Seat.position == 1))
    left = {"invited, unclear": unmarked(answer_to(svc, bob, "maybe later?", "Bob <bob@example.org>")),
            "declined": unmarked(answer_to(svc, bob, "no thanks", "Bob <bob@example.org>"))}
    declined = mail_to(svc, "anna@example.org", "declined")
    left["declined, told the host"] = unmarked(declined.text_part) + unmarked(declined.subject)
    game_id, _ = start_game(svc)
    speak(svc, game_id, Anna=PSEUDO, Bob=PSEUDO)
    preferences.set_preferences(svc, game_id, 1, digest=True)
    results = []
    for seat, codes in ((1, ["take:1"]), (0, ["take:1", "end"]), (0, ["take:1"])):  # not hers; done; not hers again
        request_id = playing.submit_move(svc, game_id, seat, codes, source="web",
                                         base_version=game_row(svc, game_id).version)
        results.append(playing.wait_for(svc, request_id, 0).result)
    left["move results"] = [word for result in results for word in unmarked(result)]
    assert send_digests(svc) == 1
    digest = mail_to(svc, "bob@example.org", "digest")
    left["digest"] = unmarked(digest.text_part) + unmarked(digest.subject)
    assert {what: words for what, words in left.items() if words} == {}


def test_given_french_and_german_farmers_then_each_reads_answers_and_notices_in_their_language(svc):
    game_id, keys = start_game(svc)
    speak(svc, game_id, Anna="fr", Bob="de")
    assert answer_to(svc, keys["Anna"], "resign") == \
        "Pour quitter la partie pour de bon, répondez «\u00a0abandonner oui\u00a0»."
    assert answer_to(svc, keys["Bob"], "take 1", "Bob <bob@example.org>") == \
        "Du bist noch nicht am Zug; du bekommst eine Mail, wenn es so weit ist."
    assert answer_to(svc, keys["Anna"], "vacation 3").startswith("Vous êtes absent jusqu'au ")
    away = mail_to(svc, "bob@example.org", "away")
    assert away.subject.endswith(": Anna ist abwesend")
    assert "Anna ist bis " in away.text_part and "Das Spiel wartet, wenn dieser Bauer am Zug ist." in away.text_part
    assert answer_to(svc, keys["Anna"], "vacation 99") == (
        "Rien n'a été fait\u00a0:\n«\u00a0vacation 99\u00a0»\u00a0: écrivez le nombre de jours, de 1 à 30, "
        "p. ex. «\u00a0vacances 7\u00a0», ou «\u00a0vacances fin\u00a0» à votre retour")


def test_given_a_mail_to_new_that_names_its_language_then_the_answer_and_the_creators_seat_speak_it(svc):
    raw = (b"From: Anna <anna@example.org>\r\nTo: new@farmpost.test\r\nSubject: partie\r\n"
           b"Message-ID: <new-fr@example.org>\r\n\r\nlangue fr\r\nnew toy with bob@example.org\r\n")
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert row.outcome == "created"
    assert row.answer.startswith("Pebbles #1 avec bob@example.org est prête, mais rien n'a encore été envoyé")
    with svc.db.transaction() as session:
        assert session.scalar(select(Seat.language).where(Seat.email == "anna@example.org")) == "fr"
    assert mail_to(svc, "anna@example.org", "answer").subject == "Re: partie"


@pytest.mark.parametrize("language, days", [
    ("en", ("1 day", "2 days")), ("fr", ("1 jour", "2 jours")), ("de", ("1 Tag", "2 Tage"))])
def test_given_a_duration_then_its_units_take_the_plural_of_the_language(language, days):
    t = translator(language)
    assert (duration_text(86400, t), duration_text(2 * 86400, t)) == days


@pytest.mark.parametrize("language, zero, one, two", [
    ("fr", "0 dépassement", "1 dépassement", "2 dépassements"),
    ("de", "0 Zeitüberschreitungen", "1 Zeitüberschreitung", "2 Zeitüberschreitungen")])
def test_given_a_count_then_french_says_zero_in_the_singular_and_german_in_the_plural(language, zero, one, two):
    t = translator(language)
    assert [t.ngettext("%(n)s timeout", "%(n)s timeouts", n) for n in (0, 1, 2)] == [zero, one, two]


def test_given_a_moment_then_each_language_writes_its_date():
    moment = datetime(2026, 12, 1, 16, 40, tzinfo=UTC)
    assert [local_text(moment, "Europe/Berlin", translator(lang)) for lang in ("en", "fr", "de")] == [
        "Tuesday 1 December 2026, 17:40 (Europe/Berlin)", "mardi 1 décembre 2026, 17:40 (Europe/Berlin)",
        "Dienstag, 1. Dezember 2026, 17:40 (Europe/Berlin)"]
    assert date_text(moment, translator("de")) == "1. Dezember 2026, 16:40 UTC"
    assert date_text(moment, translator(PSEUDO)).startswith("⟦")


def test_given_a_sentence_made_without_its_reader_then_it_is_told_in_the_readers_language():
    [error] = split_commands("vacation soon").errors
    assert error.reason.startswith("write the number of days, 1 to 30")  # the English, for logs and rows
    assert error.why.told(translator("de")).startswith("schreib die Zahl der Tage, 1 bis 30")
    with pytest.raises(Refused) as refused:
        parse_duration("soon")
    assert refused.value.sentence.told(translator("fr")) == \
        "«\u00a0soon\u00a0» n'est pas une durée\u00a0; écrivez p. ex. «\u00a03d\u00a0», «\u00a036h\u00a0» ou «\u00a01d12h\u00a0»."
    refusal = InvalidInput("A vacation lasts 1 to %(most)s days.", most=30)
    assert (refusal.message, refusal.told(translator("de"))) == ("A vacation lasts 1 to 30 days.",
                                                                  "Ein Urlaub dauert 1 bis 30 Tage.")


def test_given_a_french_farmer_whose_line_is_refused_then_the_options_listed_are_typed_in_french():
    """The answer's "Vos options maintenant" lists the board as it is, each
    move in the farmer's words with its outcome in French."""
    from engine import get_game
    from service.inbound.decide import _options

    rules = get_game("harvest")
    state = rules.setup(2, {}, 1)
    listed = _options(rules, state, translator("fr"))
    english = _options(rules, state, translator("en"))
    assert listed.startswith("Vos options maintenant")
    assert "* keep character 1" in english and "keep character" not in listed
    assert len(listed.splitlines()) == len(english.splitlines())
