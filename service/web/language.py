"""The language of a web page: chosen once per request, given to every
template as ``i18n`` (a :class:`boards.i18n.Translator`) and ``language``.

A view that knows its reader (a seat's page: the seat's stored language)
calls :func:`use`; otherwise the browser's ``Accept-Language`` decides.
``?lang=fr`` overrides both, for a link that shows a page in a language
(and, in a testing app, ``?lang=qps`` shows it in the pseudo-locale)."""

from __future__ import annotations

from flask import Flask, current_app, g, has_request_context, request

from boards.i18n import DEFAULT_LANGUAGE, LANGUAGES, PSEUDO, Translator, best_language, jinja_install, translator


def install(app: Flask) -> None:
    jinja_install(app.jinja_env)

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


def use(language: str | None) -> Translator:
    """Render this request's pages in ``language`` (the browser's when None)."""
    g.i18n = translator(asked() or language or browser_language())
    return g.i18n


def current() -> Translator:
    """This request's translator (the browser's language until a view says)."""
    if not has_request_context():
        return translator(DEFAULT_LANGUAGE)
    if "i18n" not in g:
        g.i18n = translator(browser_language())
    return g.i18n
