"""Quote headers and signatures, one shape at a time: given a farmer's
command above a quote introduced by the header a client writes, when the
fresh text is taken, then only the command is left."""

from __future__ import annotations

import pytest

from mail.inbound.quotes import strip_quotes

QUOTED = "> ## Please reply above this line ##\n>\n> Your turn, Anna.\n> * take c3\n> * pass"
UNQUOTED = "## Please reply above this line ##\n\nYour turn, Anna.\n* take c3\n* pass"


@pytest.mark.parametrize(
    "header",
    [
        "On Sun, Nov 29, 2026 at 2:30 PM Farmpost <farmpost@farmpost.example> wrote:",
        "On Sun, Nov 29, 2026 at 2:30 PM Farmpost <\nfarmpost@farmpost.example> wrote:",  # wrapped
        "Farmpost wrote:",  # bare
        "2026-11-29 14:30 GMT+01:00 Farmpost <farmpost@farmpost.example>:",  # Gmail, ISO date
        "Le dim. 29 nov. 2026 à 14:30, Farmpost <farmpost@farmpost.example> a écrit :",  # French
        "Am So., 29. Nov. 2026 um 14:30 Uhr schrieb Farmpost <farmpost@farmpost.example>:",  # German
        "Farmpost <farmpost@farmpost.example> schrieb am So., 29. Nov. 2026\num 14:30 Uhr:",  # German, 2 lines
        "El dom, 29 nov 2026 a las 14:30, Farmpost (<farmpost@farmpost.example>) escribió:",  # Spanish
        "Il giorno dom 29 nov 2026 alle ore 14:30 Farmpost <farmpost@farmpost.example> ha scritto:",  # Italian
        "Op zo 29 nov. 2026 om 14:30 schreef Farmpost <farmpost@farmpost.example>:",  # Dutch
        "Em dom., 29 de nov. de 2026 às 14:30, Farmpost <farmpost@farmpost.example> escreveu:",  # Portuguese
        "su 29. marrask. 2026 klo 14.30 Farmpost <farmpost@farmpost.example> kirjoitti:",  # Finnish
        "søn. 29. nov. 2026 kl. 14:30 skrev Farmpost <farmpost@farmpost.example>:",  # Norwegian
        "Den 29 nov. 2026 kl. 14:30 skrev Farmpost <farmpost@farmpost.example>:",  # Swedish/Danish
        "W dniu 29.11.2026 o 14:30 Farmpost <farmpost@farmpost.example> napisał:",  # Polish
        "вс, 29 нояб. 2026 г. в 14:30, Farmpost <farmpost@farmpost.example>:",  # Russian (Gmail)
        "29 лист. 2026 р. 14:30 \"Farmpost\" <farmpost@farmpost.example> пише:",  # Ukrainian
        "2026年11月29日(日) 14:30 Farmpost <farmpost@farmpost.example>:",  # Japanese (Gmail)
        "在 2026年11月29日，14:30，Farmpost <farmpost@farmpost.example> 写道：",  # Chinese
    ],
)
def test_an_attribution_line_and_its_quote_are_dropped(header):
    assert strip_quotes(f"take b2\n\n{header}\n\n{QUOTED}") == "take b2"


@pytest.mark.parametrize(
    "block",
    [
        "-----Original Message-----\nFrom: Farmpost\nSent: Sunday, November 29, 2026 2:30 PM",
        "________________________________\nFrom: Farmpost <farmpost@farmpost.example>\nSent: Sunday, 29 November",
        "From: Farmpost <farmpost@farmpost.example>\nSent: Sunday, November 29, 2026 14:30\nTo: Anna",
        "*From:* Farmpost [mailto:farmpost@farmpost.example]\n*Sent:* Sunday, November 29, 2026 14:30",
        "De : Farmpost <farmpost@farmpost.example>\nEnvoyé : dimanche 29 novembre 2026 14:30",
        "Von: Farmpost <farmpost@farmpost.example>\nGesendet: Sonntag, 29. November 2026 14:30",
        "Van: Farmpost\nVerzonden: zondag 29 november 2026 14:30",
        "Da: Farmpost\nInviato: domenica 29 novembre 2026 14:30",
        "Från: Farmpost\nSkickat: den 29 november 2026 14:30",
        "-------- Original-Nachricht --------\nBetreff: Sunfield Farm #12",
        "-------- Message d'origine --------\nDe : Farmpost",
        "---------- Forwarded message ---------\nFrom: Farmpost <farmpost@farmpost.example>",
    ],
)
def test_a_header_block_hides_the_unquoted_original_below_it(block):
    assert strip_quotes(f"take b2\n\n{block}\n\n{UNQUOTED.replace('## Please reply above this line ##', '')}") == (
        "take b2"
    )


def test_our_reply_marker_cuts_even_without_any_quote_header():
    assert strip_quotes(f"take b2\npass\n\n{UNQUOTED}") == "take b2\npass"


def test_a_reply_written_below_the_quote_is_kept():
    text = f"On Sun, Nov 29, 2026 at 2:30 PM Farmpost <farmpost@farmpost.example> wrote:\n{QUOTED}\n\ntake b2\n"
    assert strip_quotes(text) == "take b2"


def test_answers_between_quoted_lines_are_kept():
    text = "On Sun, Farmpost wrote:\n> Your turn.\n> * take c3\n\ntake c3\n\n> THE BOARD\n> a b c\n\nboard\n"
    assert strip_quotes(text).split() == ["take", "c3", "board"]


def test_text_after_a_top_posted_quote_is_not_read():
    text = f"take b2\n\nOn Sun, Farmpost wrote:\n{QUOTED}\n\npass\n"
    assert strip_quotes(text) == "take b2"


@pytest.mark.parametrize(
    "signature",
    [
        "-- \nAnna Weber\nHof am Bach",
        "Sent from my iPhone",
        "Envoyé de mon iPhone",
        "Von meinem iPhone gesendet",
        "Enviado desde mi iPad",
        "Inviato da iPhone",
        "Verzonden vanaf mijn iPhone",
        "Get Outlook for Android",
        "__________\nriak-users mailing list",
    ],
)
def test_a_signature_is_dropped(signature):
    assert strip_quotes(f"take b2\n\n{signature}") == "take b2"


def test_a_sentence_that_starts_like_a_mobile_signature_is_kept():
    assert strip_quotes("take b2\nSent from my desk, which is easier than my phone.") == (
        "take b2\nSent from my desk, which is easier than my phone."
    )


def test_a_last_paragraph_that_is_the_senders_name_is_a_signature():
    assert strip_quotes("take b2\n\nThanks,\nAnna", sender_name="Anna Weber") == "take b2"
    assert strip_quotes("take b2\n\nThanks,\nAnna") == "take b2\n\nThanks,\nAnna"


def test_the_senders_name_is_recognised_in_the_forms_people_sign_with():
    for name in ("Anna Weber", "Weber, Anna", '"Anna Weber"'):
        assert strip_quotes("take b2\n\nAnna", sender_name=name) == "take b2"
    assert strip_quotes("take b2\n\n- Anna Weber", sender_name="Anna Maria Weber") == "take b2"


def test_a_reply_written_below_a_pasted_attribution_is_kept():
    # given a mail that starts with the header of the mail it answers, then the answer, unquoted
    body = 'On 8 May 2017 17:34, "Farmpost" <noreply@farmpost.example> wrote:\n\ntake b2\nplace 1 -1'
    # then the header goes and the answer stays
    assert strip_quotes(body) == "take b2\nplace 1 -1"


def test_below_a_pasted_attribution_text_after_a_later_quote_is_the_writers_too():
    body = ("On 8 May 2017 17:34, Bob <bob@example.org> wrote:\n\nFirst answer.\n\n"
            "On 8 May 2017 16:00, Anna <anna@example.org> wrote:\n\n> a quoted line\n>\nSecond answer.")
    assert [line for line in strip_quotes(body).splitlines() if line] == ["First answer.", "Second answer."]


def test_a_sign_off_with_a_signature_block_below_it_is_cut():
    # given a sign-off, then a name and a title: a signature
    assert strip_quotes("take b2\n\nRegards,\n\nJohn Doe\nCEO @ Acme") == "take b2"
    assert strip_quotes("take b2\n\nMit freundlichen Grüßen\n\nDr. K. Schulz\nSchulz Agrar GmbH") == "take b2"
    # but a sign-off with just a name, or with nothing, is the writer's own closing
    assert strip_quotes("take b2\n\nBest regards,\n\n//Jef") == "take b2\n\nBest regards,\n\n//Jef"
    assert strip_quotes("take b2\n\nCheers") == "take b2\n\nCheers"
