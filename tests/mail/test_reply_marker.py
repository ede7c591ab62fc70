"""The line our mails put above what a reply quotes: written in the
recipient's language, and found in a reply in any language the service
speaks, however the farmer's client quoted or reflowed it."""

from __future__ import annotations

import pytest

from boards.i18n import LANGUAGES, translator
from mail.inbound.markers import is_reply_marker, marker_line
from mail.inbound.quotes import strip_quotes


def test_each_language_has_its_own_line():
    lines = {language: marker_line(translator(language)) for language in LANGUAGES}
    assert lines["en"] == "## Please reply above this line ##"
    assert len(set(lines.values())) == len(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("written", ["{line}", "> {line}", ">> {words}.", "  {words} ", "# {words_upper} #"])
def test_the_line_is_found_as_clients_quote_it(language, written):
    line = marker_line(translator(language))
    words = line.strip("# ")
    assert is_reply_marker(written.format(line=line, words=words, words_upper=words.upper()))


def test_prose_that_mentions_the_line_is_not_it():
    assert not is_reply_marker("I replied above this line, please check")
    assert not is_reply_marker("Merci de répondre au-dessus de cette ligne, dit le mail")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_reply_stops_at_the_line_in_the_language_the_mail_was_written_in(language):
    body = f"take b2\n\n{marker_line(translator(language))}\n\nYour turn, Ann\n* take a1\n"
    assert strip_quotes(body).strip() == "take b2"
