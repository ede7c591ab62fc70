"""The catalogs in boards/locales: every string of the sources extracted,
every French and German entry translated (none fuzzy, the same
placeholders), plurals by the CLDR rules, the pseudo-locale marking all."""

from __future__ import annotations

import pytest

from boards import catalogs
from boards.i18n import DOMAINS, PSEUDO, catalog_source, translator

TRANSLATED = catalogs.TRANSLATED
BOTH = [(language, domain) for language in TRANSLATED for domain in DOMAINS]


def entries(language: str, domain: str):
    return [m for m in catalogs.read(catalog_source(language, domain), language) if m.id]


@pytest.mark.parametrize("domain", DOMAINS)
def test_given_the_sources_then_each_domains_template_holds_exactly_their_strings(domain):
    """``make catalogs`` was run after the last change of a marked text."""
    fresh = catalogs.messages(catalogs.extract(domain))
    stored = catalogs.messages(catalogs.read(catalogs.template_path(domain)))
    assert (sorted(fresh - stored, key=str), sorted(stored - fresh, key=str)) == ([], []), \
        "new texts (first) or texts gone (second): run `make catalogs` and translate"


@pytest.mark.parametrize("language, domain", BOTH)
def test_given_a_domains_template_then_the_language_has_every_string_of_it(language, domain):
    template = catalogs.messages(catalogs.read(catalogs.template_path(domain)))
    held = catalogs.messages(catalogs.read(catalog_source(language, domain), language))
    assert sorted(template - held, key=str) == [], "run `make catalogs`"


@pytest.mark.parametrize("language, domain", BOTH)
def test_given_a_catalog_then_no_entry_is_untranslated_or_fuzzy(language, domain):
    untranslated = [m.id for m in entries(language, domain)
                    if m.fuzzy or not m.string or (isinstance(m.string, tuple) and not all(m.string))]
    assert untranslated == []


@pytest.mark.parametrize("language, domain", BOTH)
def test_given_a_catalog_then_each_translation_keeps_the_placeholders_of_its_text(language, domain):
    catalog = catalogs.read(catalog_source(language, domain), language)
    assert [(m.id, [str(e) for e in errors]) for m, errors in catalog.check()] == []


@pytest.mark.parametrize("language, zero, one, two", [("fr", 0, 0, -1), ("de", 1, 0, 1)])
def test_given_cldr_rules_then_french_counts_zero_as_singular_and_german_as_plural(language, zero, one, two):
    plural = translator(language)._catalog.plural
    assert (plural(0), plural(1), plural(2)) == tuple(i % catalogs.read(catalog_source(language, "pages")).num_plurals
                                                      for i in (zero, one, two))


@pytest.mark.parametrize("language, domain", BOTH)
def test_given_a_plural_entry_then_0_1_and_2_take_the_forms_of_the_rule(language, domain):
    catalog = translator(language)._catalog
    forms_at = {"fr": (0, 0, -1), "de": (1, 0, 1)}[language]
    for message in entries(language, domain):
        if not message.pluralizable:
            continue
        singular, plural = message.id[:2]
        for n, form in zip((0, 1, 2), forms_at):
            found = (catalog.npgettext(message.context, singular, plural, n) if message.context
                     else catalog.ngettext(singular, plural, n))
            assert found == message.string[form], (message.id, n)


def test_given_french_and_german_then_a_day_is_counted_by_their_rules():
    assert [translator("fr").ngettext("%(num)s day", "%(num)s days", n) for n in (0, 1, 2)] == [
        "0 jour", "1 jour", "2 jours"]
    assert [translator("de").ngettext("%(num)s day", "%(num)s days", n) for n in (0, 1, 2)] == [
        "0 Tage", "1 Tag", "2 Tage"]


@pytest.mark.parametrize("domain", DOMAINS)
def test_given_the_pseudo_locale_then_every_string_of_a_template_comes_out_marked(domain):
    qps = translator(PSEUDO)
    unmarked = []
    for message in catalogs.read(catalogs.template_path(domain)):
        if not message.id:
            continue
        if message.pluralizable:
            text = qps._catalog.ngettext(message.id[0], message.id[1], 2)
        elif message.context:
            text = qps._catalog.pgettext(message.context, message.id)
        else:
            text = qps._catalog.gettext(message.id)
        if not text.strip().startswith("⟦"):
            unmarked.append(message.id)
    assert unmarked == []


def test_given_a_fresh_checkout_then_compiling_writes_each_languages_catalogs(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "compiled_path", lambda language, domain: tmp_path / language / f"{domain}.mo")
    written = catalogs.compile_all()
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == sorted(
        f"{language}/{domain}.mo" for language in (*TRANSLATED, PSEUDO) for domain in DOMAINS)
