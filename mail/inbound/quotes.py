"""Keep what the farmer wrote; drop the quoted mail and the signature.

This layer knows things no library can: the
reply-above marker our turn mails carry, and the exact lines of the mail we
sent, which are never commands. Then a flat list of cut rules for quote
headers in many languages ("On … wrote:", "Le … a écrit :", "Am … schrieb
…:" over two lines, Gmail's "2016-03-03 17:21 GMT+01:00 Name", Outlook's
"From: … Sent: …" blocks, "Original Message" banners) and for signatures.
No reply-parsing library is used: measured on the corpus, none beats this
layer and each one put after it makes it worse or changes nothing (see
docs/mail.md and bench/mail_quotes.py).

A reply written below the quote (bottom-posting) or between quoted lines
(inline) is kept; text after a top-posted reply's quote is not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mail.inbound.markers import is_reply_marker
from mail.inbound.signoffs import BARE_SIGN_OFF, is_name

# --------------------------------------------------------------------------- quote headers

#: verbs that end an attribution line ("X wrote:") in the languages we meet
_WROTE = (
    r"wrote|writes|a\s+écrit|schrieb|escribió|escribio|ha\s+scritto|scritto|schreef"
    r"|geschreven|escreveu|skrev|kirjoitti|napisał\(a\)|napisała|napisał|napisal"
    r"|написал\(а\)|написала|написал|написав\(ла\)|написав|пише|írta|yazdı|写道|のメッセージ"
)
_ATTRIBUTION = re.compile(
    rf"(?:\b|\s)(?:{_WROTE})\s*(?:the\s+following|het\s+volgende)?\s*[:：]?\s*(?:-+)?\s*$",
    re.IGNORECASE,
)
#: an attribution with no verb: a date or an address, ending with a colon
#: ("26.06.2014, 14:41, "Alexander L" <a@example.com>:", Gmail's
#: "2016-03-03 17:21 GMT+01:00 Name <a@b>:", Russian "ср, 30 апр. 2025 г. в 15:19, X <a@b>:")
_DATED_ATTRIBUTION = re.compile(
    r"^\W{0,3}(?:\d{4}年|\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\w{1,12}[.,]?\s+\d{1,2}[.\s]|\d{1,2}[:.]\d{2}|\w+,\s+\d{1,2}\s+\w+).*"
    r"(?:@|\d{1,2}[:.]\d{2}).*[:：]\s*$"
)
_GMAIL_DATE_NAME = re.compile(r"^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2} GMT[+-]\d{2}:\d{2} \S.*$")
_GMAIL_SHORT_DATE = re.compile(r"^\d{4}/\d{1,2}/\d{1,2} .*<[^>]+@[^>]+>\s*$")
_ON_DATE_NAME = re.compile(r"^On \w{3}, \d{1,2} \w{3} \d{4} at \d{1,2}:\d{2},? .+$")

_BANNER = re.compile(
    r"^[\s*>]*[-_=*]{2,}\s*(?:original\s+message|message\s+d'origine|ursprüngliche\s+nachricht"
    r"|original-nachricht|mensaje\s+original|messaggio\s+originale|oorspronkelijk\s+bericht"
    r"|oprindelig\s+besked|opprinnelig\s+melding|ursprungligt\s+meddelande|alkuperäinen\s+viesti"
    r"|oryginalna\s+wiadomość|исходное\s+сообщение|mensagem\s+original|forwarded\s+message"
    r"|weitergeleitete\s+nachricht|message\s+transféré|pôvodná\s+správa|původní\s+zpráva)"
    r"\s*[-_=*]{2,}[\s*]*$",
    re.IGNORECASE,
)
_BANNER_LOOSE = re.compile(r"^[\s*>]*-{2,}\s*(?:original message|forwarded message)\s*-*[\s*]*$", re.I)
_BEGIN_FORWARD = re.compile(r"^\s*(?:begin forwarded message|début du message réexpédié)\s*:\s*$", re.I)
_ZOHO = re.compile(r"^-{2,} On .+ wrote -{2,}\s*$")
_SEPARATOR = re.compile(r"^\s*(?:_{10,}|-{10,}|={4,})\s*$")

_FROM_LABEL = re.compile(
    r"^[\s*>]*(?:from|de|von|van|da|från|fra|od|от|lähettäjä|feladó|message\s+du)\s*[*]?\s*:", re.I
)
_OTHER_LABEL = re.compile(
    r"^[\s*>]*(?:sent|date|envoyé(?:\s+le)?|gesendet|datum|verzonden|inviato|data|skickat|sendt|dato"
    r"|wysłano|отправлено|дата|lähetetty|enviado|fecha|to|à|an|aan|a|till|til|do|кому|subject|objet"
    r"|betreff|onderwerp|oggetto|ämne|emne|temat|тема|asunto|assunto|reply-to|risposta|cc)\s*[*]?\s*:",
    re.I,
)

# --------------------------------------------------------------------------- signatures

_SIGNATURE_DELIMITER = re.compile(r"^(?:-{2,}|ᐧ|_{2,})\s*$")
_MOBILE_SIGNATURE = re.compile(
    r"^\s*(?:sent\s+from\s+(?:my\s+)?[^,]{1,60}|sent\s+with\s+\S.{0,40}|get\s+outlook\s+for\s+\S.{0,60}"
    r"|envoyé\s+(?:depuis|de|à\s+partir\s+de)\s+\S.{0,60}|von\s+meinem\s+\S.{0,40}\s+gesendet"
    r"|gesendet\s+(?:von|mit)\s+\S.{0,60}|enviado\s+desde\s+\S.{0,60}|inviato\s+da\s+\S.{0,60}"
    r"|verzonden\s+(?:vanaf|met)\s+\S.{0,60}|sendt\s+fra\s+\S.{0,60}|skickat\s+från\s+\S.{0,60}"
    r"|lähetetty\s+\S.{0,60}|wysłane\s+z\s+\S.{0,60}|отправлено\s+с\s+\S.{0,60})\s*$",
    re.IGNORECASE,
)


def strip_quotes(text: str, *, own_lines: Iterable[str] = (), sender_name: str = "") -> str:
    """The fresh part of a reply body (plain text, any newline style).

    ``own_lines``: the lines of the mail being answered, never kept;
    ``sender_name``: the sender's display name, to recognise a signature
    that is just their name ("Noam", "Gina X / gina@example.com").
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    # a line without a letter or digit ("-- ", a rule) is never an own line:
    # our footer's "-- " must not hide the farmer's own signature delimiter
    own = {key for key in map(_key, own_lines) if _WORD.search(key)}
    lines = _cut_at_marker(lines)
    below = _skip_leading_attribution(lines)
    fresh = _drop_quotes(below, writes_below=below is not lines)
    fresh = [line for line in _drop_overflow(fresh) if not _is_quoted(line) and _key(line) not in own]
    fresh = _cut_signature(fresh)
    fresh = _cut_named_signature(fresh, sender_name)
    fresh = _cut_signature_block_after_sign_off(fresh)
    return "\n".join(fresh).strip("\n").rstrip()


def _skip_leading_attribution(lines: list[str]) -> list[str]:
    """A mail that starts with an attribution followed by unquoted text is a
    reply written below a pasted header (clients that "embed" the answered
    mail's header, Discourse's "embedded email"): the header goes, the text
    below it is the reply."""
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or _is_quoted(lines[first]):
        return lines
    size = _attribution_size(lines, first)
    if not size or not _HEADER_START.match(lines[first].strip()) or _quoted_block_follows(lines, first + size):
        return lines
    return lines[first + size :]


def _drop_quotes(lines: list[str], *, writes_below: bool = False) -> list[str]:
    """Everything but quote headers and what they introduce.

    An attribution followed by ">"-quoted lines only marks that quote when
    the farmer answers below it (bottom-posting, or inline between quoted
    lines): the quoted lines are dropped later, the unquoted ones kept. Any
    other quote start (a banner, an Outlook "From: … Sent: …" block, an
    attribution followed by unquoted text) hides everything after it.
    ``writes_below``: the mail started below a pasted attribution, so its
    writer answers below quotes, and text after a quote is theirs too.
    """
    kept: list[str] = []
    index = 0
    while index < len(lines):
        size = _quote_header_size(lines, index) if lines[index].strip() else 0
        if not size:
            kept.append(lines[index])
            index += 1
            continue
        soft = _is_attribution_at(lines, index, size) and _quoted_block_follows(lines, index + size)
        if not soft:
            break
        if any(line.strip() for line in kept) and not writes_below and not _interleaved(lines[index + size :]):
            break  # a top-posted reply: what follows the quote is its overflow or a signature
        index += size
    return kept


def _drop_overflow(lines: list[str]) -> list[str]:
    """Drop the tails of long quoted lines that a client re-wrapped without
    a ">" ("> … tristique ullamcorper. Aenean tincidunt ornare diam," then
    "eget accumsan est viverra quis."): an unquoted line right after a long
    quoted one, with no blank line between, that does not start a sentence."""
    out: list[str] = []
    previous = ""
    for line in lines:
        overflow = (
            _is_quoted(previous) and len(previous) >= 60 and line.strip() and not _is_quoted(line)
            and not line.strip()[0].isupper()
        )
        if not overflow:
            out.append(line)
        previous = line if not overflow else previous
    return out


def _interleaved(lines: list[str]) -> bool:
    """Quoted lines, then the farmer's, then quoted again: an inline reply."""
    answered = False
    for line in lines:
        if not line.strip():
            continue
        if not _is_quoted(line):
            answered = True
        elif answered:
            return True
    return False


def _quoted_block_follows(lines: list[str], index: int) -> bool:
    for line in lines[index : index + 3]:
        if line.strip():
            return _is_quoted(line)
    return False


def _key(line: str) -> str:
    return _SPACES.sub(" ", line.lstrip("> \t")).strip().lower()


_SPACES = re.compile(r"\s+")
_WORD = re.compile(r"\w")


def _is_quoted(line: str) -> bool:
    """">" quoting, also Supercite's "Name>" prefixes; but ">:" alone is the
    wrapped end of an attribution ("<a@b.c" / ">:"), not a quote."""
    return bool(_QUOTE_PREFIX.match(line)) and not re.match(r"^\s*>\s*:\s*$", line)


_QUOTE_PREFIX = re.compile(r"^\s*[\w.-]{0,12}>")


def _cut_at_marker(lines: list[str]) -> list[str]:
    """Cut at our reply-above marker when it is quoted without ">" (Outlook);
    a ">"-quoted marker is dropped with its quote, which keeps a reply
    written below the quote (Thunderbird's bottom-posting)."""
    for index, line in enumerate(lines):
        if is_reply_marker(line) and not _is_quoted(line):
            return lines[:index]
    return lines


def _quote_header_size(lines: list[str], index: int) -> int:
    """How many lines the quote header starting at ``index`` spans (0: none)."""
    line = lines[index].strip()
    bare = line.lstrip("> ").strip()
    if _BANNER.match(line) or _BANNER_LOOSE.match(line) or _BEGIN_FORWARD.match(line) or _ZOHO.match(bare):
        return 1
    if _GMAIL_DATE_NAME.match(bare) or _GMAIL_SHORT_DATE.match(bare):
        return 1
    if _FROM_LABEL.match(line) and _header_block_follows(lines, index):
        return 1
    if _SEPARATOR.match(line) and _next_starts_quote(lines, index):
        return 1
    return _attribution_size(lines, index)


def _is_attribution_at(lines: list[str], index: int, size: int) -> bool:
    return _attribution_size(lines, index) == size


def _attribution_size(lines: list[str], index: int) -> int:
    """Attributions ("On … wrote:"), possibly wrapped over up to three lines."""
    bare = lines[index].strip().lstrip("> ").strip()
    joined = bare
    for extra in range(3):
        if extra:
            following = lines[index + extra] if index + extra < len(lines) else ""
            if not following.strip() or _is_quoted(following) != _is_quoted(lines[index]):
                break
            joined = f"{joined} {following.strip().lstrip('> ').strip()}"
        if len(joined) > 300:
            break
        if _is_attribution(joined, first=bare, wrapped=extra > 0):
            return extra + 1
    return 0


def _is_attribution(joined: str, *, first: str, wrapped: bool) -> bool:
    if _ATTRIBUTION.search(joined) or _VERB_THEN_DATE.search(joined):
        # a bare short "Bob wrote:" on one line, or a proper header start
        return bool(_HEADER_START.match(first)) or (not wrapped and len(first) <= 80)
    if _VERB_INSIDE.search(joined) and _HEADER_START.match(first) and re.search(r"@|\d{1,2}[:.]\d{2}", joined):
        # "Am So., 29. Nov. 2026 um 14:30 Uhr schrieb Farmpost <f@p.example>:"
        return True
    if _DATED_ATTRIBUTION.match(joined) and ("@" in joined or re.search(r"\d{1,2}[:.]\d{2}", joined)):
        return len(joined) < 250
    return bool(_ON_DATE_NAME.match(first)) and not wrapped


_VERB_INSIDE = re.compile(rf"(?:\b|\s)(?:{_WROTE})\b.*[:：]\s*$", re.IGNORECASE)

#: German Gmail puts the date after the verb: "X <x@y> schrieb am Di., 16. Aug. 2016 um 12:52 Uhr:"
_VERB_THEN_DATE = re.compile(
    r"\b(?:schrieb|skrev|wrote|a écrit|ha scritto)\s+(?:am|on|le|den|il)\b.*\d.*[:：]\s*$", re.I
)

_HEADER_START = re.compile(
    r"^(?:(?:on|le|am|el|il|in\s+data|op|em|den|w\s+dniu|dnia)\s|\d|\w{1,4}[.,]?\s+\d|[\w'\"<(].*(?:@|<|\d{1,2}[:.]\d{2}))",
    re.IGNORECASE,
)


def _looks_like_header_start(first: str) -> bool:
    # "On …", "Le …", dates, or a name with an address; short bare "X wrote:" too
    return bool(_HEADER_START.match(first)) or len(first) <= 80


def _header_block_follows(lines: list[str], index: int) -> bool:
    seen = 0
    for line in lines[index + 1 : index + 6]:
        if not line.strip():
            continue
        if _OTHER_LABEL.match(line):
            return True
        seen += 1
        if seen >= 2:
            return False
    return False


def _next_starts_quote(lines: list[str], index: int) -> bool:
    for offset in range(index + 1, min(index + 4, len(lines))):
        if lines[offset].strip():
            return _FROM_LABEL.match(lines[offset].strip()) is not None or bool(
                re.match(r"^\s*\*?message du", lines[offset], re.I)
            )
    return False


def _cut_signature(lines: list[str]) -> list[str]:
    for index, line in enumerate(lines):
        if _SIGNATURE_DELIMITER.match(line) or _MOBILE_SIGNATURE.match(line):
            return lines[:index]
    return lines


def _cut_named_signature(lines: list[str], sender_name: str) -> list[str]:
    """Drop a last paragraph of at most six lines that holds a line which is
    just the sender's name or first name ("Thank you," / "Noam")."""
    start, end = _last_paragraph(lines)
    block = lines[start:end]
    if not start or len(block) > 6:
        return lines
    if any(is_name(line, sender_name) for line in block):
        return lines[:start]
    return lines


def _cut_signature_block_after_sign_off(lines: list[str]) -> list[str]:
    """Drop a sign-off on a line of its own ("Regards,", "Liebe Grüße") when a
    signature block ends the mail below it: a last paragraph of two to six
    short lines (a name and a title, a farm, a phone number). A sign-off
    followed by just a name, or by nothing, is the writer's own closing and
    stays (the commands end at it anyway, see commands.py)."""
    start, end = _last_paragraph(lines)
    if not 2 <= end - start <= 6 or any(len(line.strip()) > 60 for line in lines[start:end]):
        return lines
    above = start - 1
    while above >= 0 and not lines[above].strip():
        above -= 1
    if above > 0 and above < start - 1 and BARE_SIGN_OFF.match(lines[above].strip()):
        return lines[:above]
    return lines


def _last_paragraph(lines: list[str]) -> tuple[int, int]:
    """Where the last run of non-blank lines starts and ends."""
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    start = end
    while start and lines[start - 1].strip():
        start -= 1
    return start, end
