"""The language of a web page: chosen once per request, given to every
template as ``i18n`` (a :class:`boards.i18n.Translator`) and ``language``.

A view that knows its reader (a seat's page: the seat's stored language)
calls :func:`use`; otherwise the browser's ``Accept-Language`` decides.
``?lang=fr`` overrides both, for a link that shows a page in a language
(and, in a testing app, ``?lang=qps`` shows it in the pseudo-locale)."""

from __future__ import annotations

from flask import Flask, current_app, g, has_request_context, request

from boards.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    PSEUDO,
    Translator,
    best_language,
    jinja_install,
    language_name,
    translator,
)


def install(app: Flask) -> None:
    jinja_install(app.jinja_env)
    #: the language choices of the forms, each named in its own words
    app.jinja_env.globals["languages"] = [(code, language_name(code)) for code in LANGUAGES]

    @app.context_processor
    def translator_of_the_page():
        page = current()
        return {"i18n": page, "language": page.locale}


def asked() -> str | None:
    """The language the request's ``lang`` parameter names, if any."""
    value = request.args.get("lang", "")
    if value in LANGUAGES or (value == PSEUDO and current_app.testing):
        return value
    return None


def browser_language() -> str:
    """The language the request's browser prefers, of the three."""
    return asked() or best_language(request.headers.get("Accept-Language"))


def named_by_browser() -> str | None:
    """The language the browser asks for, if it names one of the three."""
    return asked() or best_language(request.headers.get("Accept-Language"), default=None)


def use(language: str | None) -> Translator:
    """Render this request's pages in ``language`` (the browser's when None)."""
    if not has_request_context():
        return translator(language)
    g.i18n = translator(asked() or language or browser_language())
    return g.i18n


def for_seat(seat, purpose: str) -> Translator:
    """A seat's pages speak the seat's language; a join page the browser's
    when it names one of ours (the farmer answers their invitation), else
    the one the host chose for them."""
    if purpose == "join" and has_request_context():
        return use(named_by_browser() or seat.language)
    return use(seat.language)


def gettext(msgid: str, **params) -> str:
    """``msgid`` in this request's language (a view's title, a message)."""
    return current().gettext(msgid, **params)


def chosen() -> str:
    """The page's language as a reader's choice to keep (the pseudo-locale
    of a test page is no one's: English)."""
    page = current().language
    return page if page in LANGUAGES else DEFAULT_LANGUAGE


def current() -> Translator:
    """This request's translator (the browser's language until a view says)."""
    if not has_request_context():
        return translator(DEFAULT_LANGUAGE)
    if "i18n" not in g:
        g.i18n = translator(browser_language())
    return g.i18n
