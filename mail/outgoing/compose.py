"""Build every outgoing mail from its context: :func:`build` (docs/mail.md,
"Building a mail"). The context is plain data: the header facts
(``envelope``, :class:`~mail.outgoing.envelope.Envelope`) and either the
values of the mail's templates (``templates/mail/<kind>``) or, for a plain
mail (an answer, a notice, a relay, the digest), its ``text``, which goes
out as one ``text/plain`` part with :func:`footer`.

A templated message is ``multipart/mixed`` holding a ``multipart/alternative`` (plain
text first, then HTML with inlined CSS: no SVG, no script) and, for turn
mails, the board snapshot as a PDF (not in a "your turn continues"
answer to a step, whose context says ``pdf: False``: the body has the
board). A turn mail's HTML shows the drawn board
as a PNG (mail clients do not show SVG) above the board's tables, which
stay as its text alternative: the HTML and the picture are a
``multipart/related`` whose image part the HTML names by ``cid:``::

    multipart/mixed
      multipart/alternative
        text/plain
        multipart/related
          text/html          <img src="cid:...">
          image/png          Content-ID: <...>
      application/pdf

Built with the standard ``email`` package and ``policy.SMTP`` (CRLF line
ends, folded headers; List-Unsubscribe unfolded), and written by its
generator with one change (:class:`Mail`): a part's lines are written in
one piece, not line by line.

The HTML part goes as plain ``7bit``: every character past ASCII written
as an HTML character reference (``&#9675;``, which every HTML reader
decodes) and no line longer than :data:`LINE_LIMIT`, so it needs no
transfer encoding at all. Quoted-printable wrote every ``=`` of its
thousands of ``style="…"`` as ``=3D`` and every byte of a symbol as three
(5 % of the part), and took 2-3 ms of pure Python to write; base64 adds a
third. The text part stays quoted-printable (names and symbols in UTF-8).
"""

from __future__ import annotations

import logging
import re
import secrets
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.generator import NLCRE, BytesGenerator
from email.headerregistry import HeaderRegistry, UnstructuredHeader
from email.message import EmailMessage, Message
from email.policy import SMTP, SMTPUTF8
from email.utils import format_datetime, localtime, parseaddr
from functools import lru_cache
from io import BytesIO

import css_inline

import boards
from boards import SnapshotKey
from boards.i18n import N_, translator
from mail.inbound.body import extract_body
from mail.inbound.markers import marker_line
from mail.outgoing.addresses import ADDRESS_HEADERS, address
from mail.outgoing.envelope import Envelope
from mail.outgoing.templates import render_mail

log = logging.getLogger(__name__)

#: the last line of a plain mail's text, after the signature separator
FOOTER = N_("Farmpost. This mail was sent automatically.")


def footer(language: str) -> str:
    """The end of a plain mail's text, in ``language``."""
    return "\n\n-- \n" + translator(language).gettext(FOOTER)


class _UnfoldedHeader(UnstructuredHeader):
    """Written as given, on one line, whatever policy generates the bytes:
    ``List-Unsubscribe: <https://…>``. The standard folder turns a URL longer
    than a line into an RFC 2047 encoded-word, which no provider's one-click
    unsubscribe (RFC 8058) reads. Our URLs are ASCII and far below the 998
    characters a line may hold."""

    def fold(self, *, policy) -> str:
        return f"{self.name}: {self}{policy.linesep}"


_REGISTRY = HeaderRegistry()
_REGISTRY.map_to_type("list-unsubscribe", _UnfoldedHeader)
for _name, _cls in ADDRESS_HEADERS.items():
    _REGISTRY.map_to_type(_name, _cls)
#: SMTP's policy, with List-Unsubscribe written raw and the address headers'
#: folding checked (mail/outgoing/addresses.py); every mail we write uses it
POLICY = SMTP.clone(header_factory=_REGISTRY)
#: the same for a mail to an internationalised address (RFC 6531)
POLICY_UTF8 = SMTPUTF8.clone(header_factory=_REGISTRY)


class _Generator(BytesGenerator):
    """The standard bytes generator, but a part's body goes out in one
    write: the standard one splits it into lines and writes each line and
    each line end apart, some 7,000 writes for a 4-farmer turn mail's 3,000
    lines of base64 (picture, PDF) and HTML, 2-3 ms of the ~3.5 ms its
    writing took. Every line end is still the policy's (the same bytes: a
    test compares them with the standard generator's)."""

    def _write_lines(self, lines: str) -> None:
        if not lines:
            return
        if "\r" in lines:
            self.write(NLCRE.sub(self._NL, lines))
        else:  # the usual case (the encoders end lines with \n): a plain replace, no regular expression
            self.write(lines.replace("\n", self._NL))


class Mail(EmailMessage):
    """A composed mail: an :class:`~email.message.EmailMessage` whose
    :meth:`as_bytes` writes it with :class:`_Generator`."""

    def as_bytes(self, unixfrom: bool = False, policy=None) -> bytes:
        out = BytesIO()
        _Generator(out, mangle_from_=False, policy=self.policy if policy is None else policy).flatten(
            self, unixfrom=unixfrom)
        return out.getvalue()


@dataclass(frozen=True)
class Built:
    """A mail ready for the outbox: its bytes, and its text part as a reply
    to it reads it (:func:`own_text`, kept in ``OutgoingMail.text_part``)."""

    raw: bytes
    text: str


def build(context: dict, *, snapshots=None) -> Built:
    """The one way an outgoing mail becomes bytes, whatever its kind:
    :func:`compose`, written with ``policy.SMTP``, or ``policy.SMTPUTF8``
    (raw UTF-8 headers) when the address it goes to needs it (RFC 6531; the
    transport then asks the server for SMTPUTF8)."""
    message = compose(context, snapshots=snapshots)
    to_addr = context["envelope"]["to"][1]
    return Built(message.as_bytes(policy=POLICY if to_addr.isascii() else POLICY_UTF8), own_text(message))


def compose(context: dict, *, snapshots=None) -> Mail:
    """The message of a context: its headers from the envelope, its body
    from the text (a plain mail) or from the templates of its kind.
    ``snapshots``: a boards SnapshotCache, so a PDF is rendered once per
    state version and seat whoever sends it."""
    envelope = Envelope.from_data(context["envelope"])
    message = Mail(policy=POLICY)
    write_headers(message, envelope)
    if "text" in context:
        message.set_content(context["text"].strip() + footer(envelope.language), charset="utf-8",
                            cte="quoted-printable")
        message["Content-Language"] = envelope.language  # RFC 3282: the language its reader reads
        return message
    boards = board_renderings(context) if "view" in context else {}  # a mail about a game
    kind = context["kind"]
    picture = board_picture(context, snapshots) if kind == "turn" else None
    cid = picture_cid(context) if picture else None
    values = {**context, **boards, "subject": envelope.subject, "reply_marker": marker_line(translator(envelope.language)),
              "board_picture_cid": cid, "i18n": translator(envelope.language), "language": envelope.language}
    text = render_mail(f"mail/{kind}.txt", values)
    html = seven_bit(without_classes(shorten_styles(compact_styles(
        css_inline.inline(render_mail(f"mail/{kind}.html", values))))))

    message.set_content(text, subtype="plain", charset="utf-8", cte="quoted-printable")
    message.add_alternative(html, subtype="html", charset="utf-8", cte="7bit")
    if picture:
        html_part = message.get_payload()[1]
        html_part.add_related(picture, maintype="image", subtype="png", cid=f"<{cid}>",
                              filename="board.png", disposition="inline")
    pdf = snapshot_pdf(context, snapshots) if kind in ("turn", "final") and context.get("pdf", True) else None
    if pdf:
        message.add_attachment(pdf, maintype="application", subtype="pdf", filename=pdf_name(context))
    set_boundaries(message)
    message["Content-Language"] = envelope.language
    return message


def write_headers(message: EmailMessage, envelope: Envelope) -> None:
    """The headers, in the order a mail client shows them: From and To as
    addresses (email.headerregistry, internationalised ones too), the
    thread, the list headers and one-click unsubscribe, Auto-Submitted
    (RFC 3834) and the game. (Content-Language goes with the body:
    setting the content clears every Content- header.)"""
    message["Message-ID"] = envelope.message_id
    message["Date"] = format_datetime(envelope.date or localtime())
    message["From"] = address(*envelope.sender)
    message["To"] = address(*envelope.to)
    if envelope.reply_to:
        message["Reply-To"] = envelope.reply_to
    message["Subject"] = envelope.subject
    if envelope.thread:
        message["In-Reply-To"] = envelope.thread
        message["References"] = envelope.thread
    if envelope.list_id:
        message["List-Id"] = envelope.list_id
    if envelope.unsubscribe:
        message["List-Unsubscribe"] = f"<{envelope.unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = envelope.auto_submitted
    if envelope.game_id is not None:
        message["X-Farmpost-Game"] = str(envelope.game_id)



def own_text(message: Message) -> str:
    """The text part of one of our mails as a reply to it reads it."""
    return extract_body(message).text


@dataclass(frozen=True)
class ReadBack:
    """What a mail box files one of our mails by: its Message-ID, From (as
    written), the address of its To (lower case) and Subject."""

    message_id: str
    sender: str
    to_addr: str
    subject: str


def read_back(raw: bytes) -> ReadBack:
    """The headers of a built mail, read back from its bytes (the local
    mailbox, service/outbox/sending.py)."""
    message = message_from_bytes(raw, policy=policy.default)
    return ReadBack(message_id=str(message["Message-ID"] or "").strip(), sender=str(message["From"] or ""),
                    to_addr=parseaddr(str(message["To"] or ""))[1].lower(), subject=str(message["Subject"] or ""))


def set_boundaries(message: EmailMessage) -> None:
    """A boundary for every multipart, chosen here: left unset, the
    generator makes one and searches the whole encoded mail for it (twice
    per level, 2 ms a turn mail). ``=_`` never occurs in a base64 or
    quoted-printable body, and 128 random bits make the rest unique."""
    for part in message.walk():
        if part.is_multipart() and part.get_boundary() is None:
            part.set_boundary(f"=_fp{secrets.token_hex(16)}")


_STYLE = re.compile(r'style="([^"]*)"')


def compact_styles(html: str) -> str:
    """Inline styles without the spaces the inliner writes after ``:`` and
    ``;`` (``color: #333;background: #fff;`` -> ``color:#333;background:#fff``):
    a 4-farmer board has some 3,000 declarations, 3-4 KB of a mail that
    should stay small. Values are left as they are."""
    return _STYLE.sub(lambda m: 'style="' + _compact(m.group(1)) + '"', html)


@lru_cache(maxsize=4096)
def _compact(style: str) -> str:
    """One style attribute's value compacted: a board repeats a few dozen
    distinct styles hundreds of times, each worked out once."""
    return _DECLARATION_GAP.sub(r"\1", style).rstrip(";")


_DECLARATION_GAP = re.compile(r"([:;])\s+")


def shorten_styles(html: str) -> str:
    """Compacted inline styles (:func:`compact_styles`) written shorter with
    the same meaning: what the inliner wrote twice only as it applies
    (a later ``border-style`` or ``border-color`` folded into the ``border``
    before it, a property set again kept once, last), ``#ffffff`` as
    ``#fff``, ``0.8em`` as ``.8em``, ``padding: a b a b`` as ``a b``, and
    ``min-width:0`` (a table cell's minimum is its content) left out. A
    4-farmer board has some 500 styles of a few dozen kinds: 6-7 KB less."""
    return _STYLE.sub(lambda m: 'style="' + _shorten(m.group(1)) + '"', html)


_HEX_PAIRS = re.compile(r"#([0-9a-fA-F])\1([0-9a-fA-F])\2([0-9a-fA-F])\3\b")
_LEADING_ZERO = re.compile(r"(?<![\w.])0\.(\d)")
_BORDER_PART = {"border-width": 0, "border-style": 1, "border-color": 2}


@lru_cache(maxsize=4096)
def _shorten(style: str) -> str:
    declarations: dict[str, str] = {}
    for declaration in style.split(";"):
        name, colon, value = declaration.partition(":")
        if not colon:
            continue
        value = _LEADING_ZERO.sub(r".\1", _HEX_PAIRS.sub(r"#\1\2\3", value))
        border = declarations.get("border", "").split()
        if name in _BORDER_PART and len(border) == 3:
            border[_BORDER_PART[name]] = value
            declarations["border"] = " ".join(border)
            continue
        if name == "padding":
            value = " ".join(_shortest_box(value.split()))
        declarations.pop(name, None)
        declarations[name] = value
    return ";".join(f"{name}:{value}" for name, value in declarations.items() if (name, value) != ("min-width", "0"))


def _shortest_box(sides: list[str]) -> list[str]:
    """CSS box sides (top right bottom left) in the fewest values."""
    if len(sides) == 4 and sides[1] == sides[3]:
        sides = sides[:3]
    if len(sides) == 3 and sides[0] == sides[2]:
        sides = sides[:2]
    if len(sides) == 2 and sides[0] == sides[1]:
        sides = sides[:1]
    return sides


_CLASS = re.compile(r' class="[^"]*"')


def without_classes(html: str) -> str:
    """The inlined HTML without its ``class`` attributes: their styles are
    in the tags now and no stylesheet goes with the mail, so they only
    weigh (4-5 KB of a 4-farmer board: ``fp-small``, ``fp-empty``, the
    empty ones of the web's option outline). Text cannot hold
    ``class="``: Jinja writes every ``"`` of a value as ``&#34;``."""
    return _CLASS.sub("", html)


#: the longest line of the 7bit HTML part: RFC 5322 allows 998 characters
LINE_LIMIT = 998
_ATTRIBUTE_GAP = re.compile(r' (?=[A-Za-z-]+=")')


def seven_bit(html: str) -> str:
    """The HTML in ASCII (characters past it as ``&#NNNN;``) with no line
    over :data:`LINE_LIMIT`: a longer line is broken before an attribute of
    a tag (``<td\nstyle="…">``, the same HTML), never inside text."""
    html = html.encode("ascii", "xmlcharrefreplace").decode("ascii")
    if all(len(line) <= LINE_LIMIT for line in html.split("\n")):
        return html
    return "\n".join(_broken(line) for line in html.split("\n"))


def _broken(line: str) -> str:
    if len(line) <= LINE_LIMIT:
        return line
    out, start, cut = [], 0, None
    for gap in _ATTRIBUTE_GAP.finditer(line):
        if gap.start() - start > LINE_LIMIT and cut is not None:
            out.append(line[start:cut])
            start = cut + 1
        cut = gap.start()
    if len(line) - start > LINE_LIMIT and cut is not None and cut >= start:
        out.append(line[start:cut])
        start = cut + 1
    out.append(line[start:])
    return "\n".join(out)


def pdf_name(context: dict) -> str:
    game = context["game"]
    suffix = "result" if context["kind"] == "final" else f"board-v{context['version']}"
    return f"{game['kind']}-{game['id']}-{suffix}.pdf"


def board_renderings(context: dict) -> dict:
    """The board as text and as mail HTML, from the farmer's view. A board
    that cannot be drawn is logged and left out: the mail, with its options,
    matters more than the picture. A mail without a view (the confirmation
    of an ask for an open seat) has no board."""
    if context.get("view") is None:
        return {"board_text": None, "board_html": None}
    game, seat = context["game"], context["seat"]["position"]
    names = [f["name"] for f in context["farmers"]]
    try:
        return {
            "board_text": boards.text(game["kind"], context["view"], seat, names, language_of(context)),
            "board_html": boards.mail_html(game["kind"], context["view"], seat, names, language_of(context)),
        }
    except Exception:
        log.exception("could not draw the board of game %s version %s", game["id"], context["version"])
        return {"board_text": None, "board_html": None}


def language_of(context: dict) -> str:
    """The recipient's language, which the mail's envelope carries."""
    return context["envelope"].get("language", "en")


def picture_cid(context: dict) -> str:
    """The Content-ID of the board picture (without <>), unique per game,
    version and seat, in the domain of the mail's Message-ID."""
    message_id = context["envelope"]["message_id"]
    domain = message_id.strip("<>").rpartition("@")[2] or "farmpost"
    game = context["game"]
    return f"board.{game['id']}.v{context['version']}.seat{context['seat']['position']}@{domain}"


def board_picture(context: dict, snapshots=None) -> bytes | None:
    """The drawn board as a PNG (cached per state version and seat like
    the PDF), with what changed since the farmer's previous turn outlined;
    None when the game has no drawing or it cannot be made (logged: the mail
    goes out with its tables)."""
    game, seat = context["game"], context["seat"]["position"]
    if not boards.has_board(game["kind"]):
        return None
    names = [f["name"] for f in context["farmers"]]

    def render() -> bytes | None:
        return boards.picture_png(game["kind"], context["view"], seat, names, context.get("previous_view"),
                                  language_of(context))

    try:
        if snapshots is None:
            return render()
        key = SnapshotKey(str(game["id"]), context["version"], seat, "png", language_of(context))
        return snapshots.get_or_render(key, render)
    except Exception:
        log.exception("could not draw the board picture of game %s version %s", game["id"], context["version"])
        return None


def snapshot_pdf(context: dict, snapshots=None) -> bytes | None:
    """The PDF for this mail, or None when it cannot be made (the mail goes
    out without it rather than not at all; the failure is logged). The
    end-game report is the same for every farmer of the game: it is
    rendered once, for the first of their mails, and kept (public, at the
    game's last version) for the others."""
    game, seat = context["game"], context["seat"]["position"]
    names = [f["name"] for f in context["farmers"]]
    try:
        if context["kind"] == "final":
            def report() -> bytes:
                return boards.report_pdf(game["kind"], context["report"] | {"language": language_of(context)})

            if snapshots is None or not boards.has_board(game["kind"]):
                return report()
            key = SnapshotKey(str(game["id"]), context["version"], None, "report", language_of(context))
            return snapshots.get_or_render(key, report)
        meta = {"title": game["title"], "game_id": str(game["id"]), "version": context["version"], "names": names,
                "previous": context.get("previous_view"), "language": language_of(context)}

        def render() -> bytes | None:
            return boards.snapshot_pdf(game["kind"], context["view"], seat, meta)

        if snapshots is None or not boards.has_board(game["kind"]):
            return render()
        key = SnapshotKey(str(game["id"]), context["version"], seat, "pdf", language_of(context))
        return snapshots.get_or_render(key, render)
    except Exception:
        log.exception("could not render the PDF for game %s version %s", game["id"], context["version"])
        return None
