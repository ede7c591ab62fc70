"""boards/i18n.py: a translator per language, the language a farmer names
or a browser prefers, and Jinja templates speaking the reader's language."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from jinja2 import DictLoader, Environment, select_autoescape

from boards import i18n
from boards.i18n import DEFAULT_LANGUAGE, LANGUAGES, PSEUDO, best_language, language_from_word, translator
from tests.pseudo import strip_marked, unmarked_html, unmarked_text


def test_given_the_three_languages_then_english_is_the_default():
    assert LANGUAGES == ("en", "fr", "de") and DEFAULT_LANGUAGE == "en" and PSEUDO == "qps"


@pytest.mark.parametrize("language", ["xx", "", None, "EN"])
def test_given_an_unknown_language_then_the_translator_speaks_english(language):
    assert translator(language).language == "en"


def test_given_a_language_then_its_translator_is_made_once():
    assert translator("fr") is translator("fr")


def test_given_english_then_a_text_is_its_own_translation_with_its_parameters():
    en = translator("en")
    assert en.gettext("Turn %(turn)s", turn=3) == "Turn 3"
    assert en.gettext("100%") == "100%"
    assert en.pgettext("menu", "Move") == "Move"


@pytest.mark.parametrize("n, expected", [(0, "0 seeds"), (1, "1 seed"), (2, "2 seeds")])
def test_given_english_then_zero_takes_the_plural(n, expected):
    assert translator("en").ngettext("%(n)s seed", "%(n)s seeds", n) == expected


def test_given_the_pseudo_locale_then_a_catalogued_text_comes_out_marked_with_its_placeholders_kept():
    from boards.catalogs import pseudo
    marked = pseudo("Turn %(turn)s of <b>%(game)s</b> &amp; more\n")
    assert marked.startswith("⟦Ţûŕñ %(turn)s öƒ <b>%(game)s</b> &amp; ɱöŕé") and marked.endswith("⟧\n")
    assert marked % {"turn": 3, "game": "x"} == "⟦Ţûŕñ 3 öƒ <b>x</b> &amp; ɱöŕé⟧\n"


def test_given_the_pseudo_locale_then_dates_and_durations_are_marked_too():
    qps = translator(PSEUDO)
    assert qps.date(date(2026, 12, 2)) == "⟦Dec 2, 2026⟧"
    assert strip_marked(qps.duration(3 * 86400)).strip() == ""


def test_given_a_time_zone_then_a_moment_is_written_in_it_by_each_language():
    moment = datetime(2026, 12, 2, 17, 5, tzinfo=UTC)
    assert translator("en").datetime(moment, "Europe/Paris", format="short") == "12/2/26, 6:05\u202fPM"
    assert translator("fr").datetime(moment, "Europe/Paris", format="short") == "02/12/2026 18:05"
    assert translator("de").datetime(moment, "Europe/Berlin", format="short") == "02.12.26, 18:05"
    assert translator("de").time(moment, UTC) == "17:05"


def test_given_a_number_or_a_duration_then_each_language_writes_it_its_way():
    assert [translator(lang).number(12345.5) for lang in LANGUAGES] == ["12,345.5", "12\u202f345,5", "12.345,5"]
    assert [translator(lang).duration(2 * 86400) for lang in LANGUAGES] == ["2 days", "2\u00a0jours", "2 Tage"]


@pytest.mark.parametrize("header, expected", [
    ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7", "fr"),
    ("en-US;q=0.4,en;q=0.5,de;q=0.9", "de"),
    ("de-AT", "de"),
    ("es, it;q=0.5", "en"),
    ("fr;q=0, de;q=0.1", "de"),
    ("", "en"),
    (None, "en"),
    ("*", "en"),
    ("fr;q=bad", "en"),
])
def test_given_an_accept_language_header_then_the_best_of_the_three_is_chosen(header, expected):
    assert best_language(header) == expected


@pytest.mark.parametrize("word, expected", [
    ("fr", "fr"), ("Français", "fr"), ("francais", "fr"), ("French", "fr"), ("französisch", "fr"),
    ("de", "de"), ("Deutsch", "de"), ("german", "de"), ("allemand", "de"), ("de-CH", "de"),
    ("en", "en"), ("English", "en"), ("anglais", "en"), ("Englisch", "en"), ("fr.", "fr"),
    ("klingon", None), ("", None), ("es", None),
])
def test_given_a_word_naming_a_language_then_it_is_understood_in_any_of_the_three(word, expected):
    assert language_from_word(word) == expected


def test_given_a_language_then_its_own_name_is_known():
    assert [i18n.language_name(lang) for lang in LANGUAGES] == ["English", "Français", "Deutsch"]


def environment(autoescape: bool) -> Environment:
    env = Environment(loader=DictLoader({
        "t.html": "<p title=\"{{ _('Your turn') }}\">{% trans name=name %}Hello {{ name }}{% endtrans %}</p>"
                  "{% trans count=n %}{{ count }} seed{% pluralize %}{{ count }} seeds{% endtrans %}",
    }), autoescape=select_autoescape(["html"]) if autoescape else False)
    i18n.jinja_install(env)
    return env


def test_given_a_template_without_a_translator_then_it_renders_in_english_and_escapes_its_parameters():
    html = environment(True).get_template("t.html").render(name="<Céline>", n=0)
    assert html == '<p title="Your turn">Hello &lt;Céline&gt;</p>0 seeds'


def test_given_the_pseudo_translator_then_a_template_of_unextracted_texts_shows_them_unmarked():
    html = environment(True).get_template("t.html").render(name="Céline", n=2, i18n=translator(PSEUDO))
    assert unmarked_html(html, allowed=["Céline"]) == ["text: Hello", "text: seeds", "p@title: Your", "p@title: turn"]


def test_given_marked_text_then_the_finder_sees_no_word_and_lets_notation_numbers_and_names_through():
    assert unmarked_text("⟦Ţåķé⟧ b2 12 #4 3/4 c10 céline@example.org https://x.org/a Céline →", ["Céline"]) == []
    assert unmarked_text("⟦Ţåķé ⟦b2⟧⟧\nTake b2", []) == ["line 2: Take"]
    assert unmarked_html("<p>⟦Ŕéåð <a href='/r'>ţĥé ŕûļéš</a>⟧</p><button value='Go'>⟦Ĝö⟧</button>") == [
        "button@value: Go"]
    assert unmarked_html("<style>p{}</style><script>var x</script><!-- note --><p>⟦x⟧</p>") == []
