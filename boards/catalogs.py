"""The gettext catalogs' build steps: extract, update, compile, and the
pseudo-locale.

``python -m boards.catalogs compile`` (the install step) writes a ``.mo``
next to every ``.po`` and one per domain for the pseudo-locale ``qps``,
generated from the domain's template. ``python -m boards.catalogs update``
(``make catalogs``) extracts every domain's strings from the sources into
``boards/locales/<domain>.pot`` (by ``boards/locales/babel-<domain>.cfg``),
brings the French and German ``.po`` up to date with it (new strings empty,
near matches fuzzy, both to be translated) and compiles.
"""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from boards.i18n import DEFAULT_LANGUAGE, DOMAINS, LANGUAGES, LOCALES, MARK_CLOSE, MARK_OPEN, PSEUDO, catalog_source

ROOT = LOCALES.parents[1]
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)
PROJECT = "Farmpost"
_HEADER = "# {what} of Farmpost, domain {domain} (docs/i18n.md)."


def _new_catalog(domain: str, language: str | None = None) -> Catalog:
    what = f"The {Locale.parse(language).english_name} texts" if language else "The texts to translate"
    return Catalog(locale=language, domain=domain, project=PROJECT, version="1", copyright_holder=PROJECT,
                   msgid_bugs_address="", header_comment=_HEADER.format(what=what, domain=domain), fuzzy=False)

# The pseudo-locale: letters swapped for accented look-alikes, what a
# program reads (placeholders, tags, entities) kept
_PSEUDO_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_KEPT = re.compile(r"%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|%[sdifr%]|<[^>]*>|&#?\w+;|\{[^}]*\}")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale: marked, letters accented, placeholders,
    tags and entities as they were. A leading or trailing line break stays
    outside the marks, so a line of a plain-text mail stays one line."""
    if not text:
        return text
    parts, at = [], 0
    for match in _KEPT.finditer(text):
        parts.append(text[at:match.start()].translate(_PSEUDO_LETTERS))
        parts.append(match.group())
        at = match.end()
    parts.append(text[at:].translate(_PSEUDO_LETTERS))
    body = "".join(parts)
    stripped = body.strip("\n")
    head = body[:len(body) - len(body.lstrip("\n"))]
    tail = body[len(body.rstrip("\n")):]
    return f"{head}{MARK_OPEN}{stripped}{MARK_CLOSE}{tail}"


def template_path(domain: str) -> Path:
    return LOCALES / f"{domain}.pot"


def mapping_path(domain: str) -> Path:
    return LOCALES / f"babel-{domain}.cfg"


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=path.stem)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    data = buffer.getvalue()
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def extract(domain: str) -> Catalog:
    """Every string of ``domain`` in the sources, as a template."""
    with mapping_path(domain).open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    catalog = _new_catalog(domain)
    for filename, _lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, None, [(filename, None)], auto_comments=comments, context=context)
    return catalog


def messages(catalog: Catalog) -> set:
    """The ids of a catalog's messages (with their contexts), header left out."""
    return {(m.context, m.id) for m in catalog if m.id}


def extract_templates() -> None:
    for domain in DOMAINS:
        fresh = extract(domain)
        path = template_path(domain)
        if path.exists():
            old = read(path)
            # the header's date moves only when the strings do
            if messages(old) == messages(fresh) and _comments(old) == _comments(fresh):
                fresh.creation_date = old.creation_date
        write(fresh, path)


def _comments(catalog: Catalog) -> dict:
    return {(m.context, m.id): (tuple(m.auto_comments), tuple(sorted(m.locations))) for m in catalog if m.id}


def update_languages() -> None:
    for domain in DOMAINS:
        template = read(template_path(domain))
        for language in TRANSLATED:
            path = catalog_source(language, domain)
            catalog = read(path, language) if path.exists() else _new_catalog(domain, language)
            catalog.update(template, update_header_comment=False)
            catalog.fuzzy = False
            write(catalog, path)


def pseudo_catalog(domain: str) -> Catalog:
    """The pseudo-locale's catalog of ``domain``: every string of its
    template, marked."""
    catalog = _new_catalog(domain, DEFAULT_LANGUAGE)
    for message in read(template_path(domain)):
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            string = tuple(pseudo(form) for form in message.id)
        else:
            string = pseudo(message.id)
        catalog[message.id] = Message(message.id, string, context=message.context)
    return catalog


def source_catalog(language: str, domain: str) -> Catalog:
    if language == PSEUDO:
        return pseudo_catalog(domain)
    return read(catalog_source(language, domain), language)


def compiled_bytes(language: str, domain: str) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, source_catalog(language, domain), use_fuzzy=False)
    return buffer.getvalue()


def compiled_path(language: str, domain: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.mo"


def compile_all() -> list[Path]:
    """Every ``.mo``: French, German and the pseudo-locale, each domain."""
    written = []
    for language in (*TRANSLATED, PSEUDO):
        for domain in DOMAINS:
            if not catalog_source(language, domain).exists():
                continue
            path = compiled_path(language, domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(compiled_bytes(language, domain))
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m boards.catalogs", description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("compile", "update"),
                        help="compile: the .mo files; update: extract, update fr/de, compile")
    step = parser.parse_args(argv).step
    if step == "update":
        extract_templates()
        update_languages()
    written = compile_all()
    print(f"{len(written)} catalogs compiled")


if __name__ == "__main__":
    main()
