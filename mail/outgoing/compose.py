"""Compose one outgoing mail from its context.

The message is ``multipart/mixed`` holding a ``multipart/alternative`` (plain
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
ends, folded headers; List-Unsubscribe unfolded).
"""

from __future__ import annotations

import logging
import re
from email.headerregistry import HeaderRegistry, UnstructuredHeader
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime, localtime

import css_inline

from boards import renderings
from boards.cache import SnapshotKey
from mail.outgoing.templates import render_mail

log = logging.getLogger(__name__)

#: the line a reply should stay above; the inbound side cuts there
REPLY_MARKER = "## Please reply above this line ##"

#: header order as a mail client shows them; values come from the context
HEADERS = ("Message-ID", "Date", "From", "To", "Reply-To", "Subject", "In-Reply-To", "References",
           "List-Id", "List-Unsubscribe", "List-Unsubscribe-Post", "Auto-Submitted", "X-Farmpost-Game")


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
#: SMTP's policy, with List-Unsubscribe written raw
POLICY = SMTP.clone(header_factory=_REGISTRY)


def compose(context: dict, *, snapshots=None) -> EmailMessage:
    """``snapshots``: a boards SnapshotCache, so a PDF is rendered once per
    state version and seat whoever sends it."""
    boards = board_renderings(context) if "view" in context else {}  # a mail about a game
    kind = context["kind"]
    picture = board_picture(context, snapshots) if kind == "turn" else None
    cid = picture_cid(context) if picture else None
    values = {**context, **boards, "reply_marker": REPLY_MARKER, "board_picture_cid": cid}
    text = render_mail(f"mail/{kind}.txt", values)
    html = compact_styles(css_inline.inline(render_mail(f"mail/{kind}.html", values)))

    message = EmailMessage(policy=POLICY)
    headers = dict(context["headers"])
    headers.setdefault("Date", format_datetime(localtime()))
    for name in HEADERS:
        if headers.get(name):
            message[name] = headers[name]
    message.set_content(text, subtype="plain", charset="utf-8", cte="quoted-printable")
    message.add_alternative(html, subtype="html", charset="utf-8", cte="quoted-printable")
    if picture:
        html_part = message.get_payload()[1]
        html_part.add_related(picture, maintype="image", subtype="png", cid=f"<{cid}>",
                              filename="board.png", disposition="inline")
    pdf = snapshot_pdf(context, snapshots) if kind in ("turn", "final") and context.get("pdf", True) else None
    if pdf:
        message.add_attachment(pdf, maintype="application", subtype="pdf", filename=pdf_name(context))
    return message


_STYLE = re.compile(r'style="([^"]*)"')


def compact_styles(html: str) -> str:
    """Inline styles without the spaces the inliner writes after ``:`` and
    ``;`` (``color: #333;background: #fff;`` -> ``color:#333;background:#fff``):
    a 4-farmer board has some 3,000 declarations, 3-4 KB of a mail that
    should stay small. Values are left as they are."""
    return _STYLE.sub(lambda m: 'style="' + _DECLARATION_GAP.sub(r"\1", m.group(1)).rstrip(";") + '"', html)


_DECLARATION_GAP = re.compile(r"([:;])\s+")


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
            "board_text": renderings.text(game["kind"], context["view"], seat, names),
            "board_html": renderings.mail_html(game["kind"], context["view"], seat, names),
        }
    except Exception:
        log.exception("could not draw the board of game %s version %s", game["id"], context["version"])
        return {"board_text": None, "board_html": None}


def picture_cid(context: dict) -> str:
    """The Content-ID of the board picture (without <>), unique per game,
    version and seat, in the domain of the mail's Message-ID."""
    message_id = context["headers"].get("Message-ID", "")
    domain = message_id.strip("<>").rpartition("@")[2] or "farmpost"
    game = context["game"]
    return f"board.{game['id']}.v{context['version']}.seat{context['seat']['position']}@{domain}"


def board_picture(context: dict, snapshots=None) -> bytes | None:
    """The drawn board as a PNG (cached per state version and seat like
    the PDF), with what changed since the farmer's previous turn outlined;
    None when the game has no drawing or it cannot be made (logged: the mail
    goes out with its tables)."""
    game, seat = context["game"], context["seat"]["position"]
    if not renderings.supports(game["kind"]):
        return None
    names = [f["name"] for f in context["farmers"]]

    def render() -> bytes | None:
        return renderings.picture_png(game["kind"], context["view"], seat, names, context.get("previous_view"))

    try:
        if snapshots is None:
            return render()
        return snapshots.get_or_render(SnapshotKey(str(game["id"]), context["version"], seat, "png"), render)
    except Exception:
        log.exception("could not draw the board picture of game %s version %s", game["id"], context["version"])
        return None


def snapshot_pdf(context: dict, snapshots=None) -> bytes | None:
    """The PDF for this mail, or None when it cannot be made (the mail goes
    out without it rather than not at all; the failure is logged)."""
    game, seat = context["game"], context["seat"]["position"]
    names = [f["name"] for f in context["farmers"]]
    try:
        if context["kind"] == "final":
            return renderings.report_pdf(game["kind"], context["report"])
        meta = {"title": game["title"], "game_id": str(game["id"]), "version": context["version"], "names": names}

        def render() -> bytes | None:
            return renderings.snapshot_pdf(game["kind"], context["view"], seat, meta)

        if snapshots is None or not renderings.supports(game["kind"]):
            return render()
        return snapshots.get_or_render(SnapshotKey(str(game["id"]), context["version"], seat, "pdf"), render)
    except Exception:
        log.exception("could not render the PDF for game %s version %s", game["id"], context["version"])
        return None
