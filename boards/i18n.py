"""Every text a farmer reads, in the farmer's language: the translators.

One :class:`Translator` per language (English, French, German, and the
pseudo-locale ``qps`` the tests use) merges the gettext catalogs of every
domain in ``boards/locales`` (``pages``, ``answers``, ``game``: one per area,
docs/i18n.md). Catalogs are read from their compiled ``.mo`` files (the
install step compiles them, :mod:`boards.catalogs`); a missing or older
``.mo`` is compiled in memory from its ``.po``, so a checkout whose catalogs
were just edited still speaks the edited words.

Strings use Python's ``%(name)s`` placeholders; a string given no parameters
is returned as it is (a literal ``%`` needs no doubling there). Dates, times,
numbers and durations go through Babel's CLDR formats for the language.
Jinja environments get the i18n extension from :func:`jinja_install`; a
template renders in the language of the :class:`Translator` passed in its
context as ``i18n`` (English without one), so one environment serves every
recipient.

The engine does not import this module: it stays pure.
"""

from __future__ import annotations

import gettext as _gettext
import io
import re
from datetime import date as _date
from datetime import datetime as _datetime
from datetime import timedelta
from functools import lru_cache
from pathlib import Path

LANGUAGES = ("en", "fr", "de")
DEFAULT_LANGUAGE = "en"
#: the pseudo-locale of the tests: every translated string comes out marked
PSEUDO = "qps"
DOMAINS = ("pages", "answers", "game")
LOCALES = Path(__file__).resolve().parent / "locales"

#: the marks around every string the pseudo-locale translates
MARK_OPEN, MARK_CLOSE = "⟦", "⟧"

#: words a farmer may type or a header may carry for each language
_LANGUAGE_WORDS = {
    "en": ("en", "eng", "english", "anglais", "englisch"),
    "fr": ("fr", "fra", "fre", "french", "français", "francais", "französisch", "franzosisch", "franzoesisch"),
    "de": ("de", "deu", "ger", "german", "deutsch", "allemand", "allemande", "allemend"),
}
_WORD_TO_LANGUAGE = {word: lang for lang, words in _LANGUAGE_WORDS.items() for word in words}


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction without translating it (module-level
    tables translated where they are shown)."""
    return msgid


class Translator:
    """The texts, numbers and dates of one language."""

    def __init__(self, language: str, catalog: _gettext.NullTranslations):
        self.language = language
        self._catalog = catalog
        #: the locale Babel formats with (the pseudo-locale formats as English)
        self.locale = DEFAULT_LANGUAGE if language == PSEUDO else language

    def __repr__(self) -> str:
        return f"Translator({self.language!r})"

    def gettext(self, msgid: str, **params) -> str:
        text = self._catalog.gettext(msgid)
        return text % params if params else text

    def ngettext(self, singular: str, plural: str, n: int, **params) -> str:
        """The form for ``n`` by the language's CLDR plural rule; ``%(n)s``
        (and ``%(num)s``, Jinja's name) is ``n`` unless given."""
        text = self._catalog.ngettext(singular, plural, n)
        return text % {"n": n, "num": n, **params}

    def pgettext(self, context: str, msgid: str, **params) -> str:
        text = self._catalog.pgettext(context, msgid)
        return text % params if params else text

    def npgettext(self, context: str, singular: str, plural: str, n: int, **params) -> str:
        text = self._catalog.npgettext(context, singular, plural, n)
        return text % {"n": n, "num": n, **params}

    def _mark(self, text: str) -> str:
        return f"{MARK_OPEN}{text}{MARK_CLOSE}" if self.language == PSEUDO else text

    def date(self, d: _date, format: str = "medium") -> str:
        from babel.dates import format_date
        return self._mark(format_date(d, format=format, locale=self.locale))

    def datetime(self, dt: _datetime, zone=None, format: str = "medium") -> str:
        """``dt`` in time zone ``zone`` (an IANA name or a ``tzinfo``; UTC
        without one)."""
        from babel.dates import format_datetime
        return self._mark(format_datetime(dt, format=format, tzinfo=_zone(zone), locale=self.locale))

    def time(self, dt: _datetime, zone=None, format: str = "short") -> str:
        from babel.dates import format_time
        return self._mark(format_time(dt, format=format, tzinfo=_zone(zone), locale=self.locale))

    def number(self, n: float, places: int | None = None) -> str:
        """``n`` in the language's digits and separators; with ``places``,
        always that many decimals (an average: "1.0", "1,0")."""
        from babel.numbers import format_decimal
        pattern = None if places is None else "#,##0" + ("." + "0" * places if places else "")
        return format_decimal(n, format=pattern, locale=self.locale)

    def duration(self, seconds: float, threshold: float = 0.85, format: str = "long") -> str:
        """``seconds`` as the nearest whole unit ("3 days", "3 jours")."""
        from babel.dates import format_timedelta
        return self._mark(format_timedelta(timedelta(seconds=seconds), threshold=threshold, format=format,
                                           locale=self.locale))


def _zone(zone):
    """A time zone from its IANA name (UTC for None) or as it is given."""
    if zone is None or isinstance(zone, str):
        return _named_zone(zone or "UTC")
    return zone


@lru_cache(maxsize=32)
def _named_zone(name: str):
    from zoneinfo import ZoneInfo
    return ZoneInfo(name)


@lru_cache(maxsize=8)
def translator(language: str | None) -> Translator:
    """The translator of ``language`` (English for an unknown one)."""
    if language not in LANGUAGES and language != PSEUDO:
        language = DEFAULT_LANGUAGE
    if language == DEFAULT_LANGUAGE:
        return Translator(language, _gettext.NullTranslations())
    catalog: _gettext.NullTranslations | None = None
    for domain in DOMAINS:
        found = _domain_catalog(language, domain)
        if catalog is None:
            catalog = found
        else:
            catalog.add_fallback(found)
    return Translator(language, catalog)


def _domain_catalog(language: str, domain: str) -> _gettext.NullTranslations:
    compiled = LOCALES / language / "LC_MESSAGES" / f"{domain}.mo"
    source = catalog_source(language, domain)
    if not source.exists():
        return _gettext.NullTranslations()
    if compiled.exists() and compiled.stat().st_mtime >= source.stat().st_mtime:
        with compiled.open("rb") as f:
            return _gettext.GNUTranslations(f)
    from boards.catalogs import compiled_bytes
    return _gettext.GNUTranslations(io.BytesIO(compiled_bytes(language, domain)))


def catalog_source(language: str, domain: str) -> Path:
    """The file a language's catalog is compiled from: its ``.po``, or for
    the pseudo-locale the domain's template (``.pot``)."""
    if language == PSEUDO:
        return LOCALES / f"{domain}.pot"
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def best_language(accept_language: str | None, default: str | None = DEFAULT_LANGUAGE) -> str | None:
    """The first of :data:`LANGUAGES` a browser's ``Accept-Language`` header
    prefers (by its q-values), ``default`` (English) when it names none."""
    ranked = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        match = re.search(r"q\s*=\s*([^;\s]+)", params)
        if match:
            try:
                quality = float(match.group(1))
            except ValueError:
                quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if quality > 0 and primary in LANGUAGES:
            ranked.append((-quality, position, primary))
    return min(ranked)[2] if ranked else default


def language_from_word(word: str) -> str | None:
    """The language a farmer names (``fr``, ``français``, ``German``,
    ``Deutsch``, ``de-CH``), None for a word that names none."""
    cleaned = word.strip().strip(".,;:!").lower()
    if cleaned in _WORD_TO_LANGUAGE:
        return _WORD_TO_LANGUAGE[cleaned]
    primary = re.split(r"[-_]", cleaned)[0]
    return primary if primary in LANGUAGES and primary != cleaned else None


def language_name(language: str, in_language: str | None = None) -> str:
    """A language's own name (``Français``), or its name in ``in_language``."""
    from babel import Locale
    return Locale.parse(language).get_display_name(in_language or language).capitalize()


# Jinja: one environment for every language, the translator from the context


def jinja_install(env) -> None:
    """Give ``env`` Jinja's i18n extension (``{% trans %}``, ``_()``,
    ``gettext``, ``ngettext``, ``pgettext``) speaking the language of the
    ``i18n`` translator each render passes in its context.

    Jinja's "newstyle" gettext: the extension formats the parameters
    itself (escaping them in an autoescaped template), so the callables
    here only look the text up."""
    from jinja2 import pass_context

    def catalog(context) -> _gettext.NullTranslations:
        return (context.get("i18n") or translator(DEFAULT_LANGUAGE))._catalog

    @pass_context
    def gettext(context, msgid):
        return catalog(context).gettext(msgid)

    @pass_context
    def ngettext(context, singular, plural, n):
        return catalog(context).ngettext(singular, plural, n)

    @pass_context
    def pgettext(context, ctx, msgid):
        return catalog(context).pgettext(ctx, msgid)

    @pass_context
    def npgettext(context, ctx, singular, plural, n):
        return catalog(context).npgettext(ctx, singular, plural, n)

    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext)
    env.policies["ext.i18n.trimmed"] = True
