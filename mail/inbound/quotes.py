"""Keep what the farmer wrote; drop the quoted mail and the signature.

Our own layer runs first because it knows things no library can: the
reply-above marker our turn mails carry, and the exact lines of the mail we
sent, which are never commands. Then a flat list of cut rules for quote
headers in many languages ("On … wrote:", "Le … a écrit :", "Am … schrieb
…:" over two lines, Gmail's "2016-03-03 17:21 GMT+01:00 Name", Outlook's
"From: … Sent: …" blocks, "Original Message" banners) and for signatures.
What is left goes through mail-parser-reply for the shapes it knows (measured
on the corpus, see docs/mail.md and bench/mail_quotes.py).

A reply written below the quote (bottom-posting) is kept: when nothing is
left above the first quote, the farmer's text is what follows the quote.
"""

from __future__ import annotations

import re
from typing import Iterable

from mail.inbound.markers import is_reply_marker

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
    r"^\W{0,3}(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\w{1,12}[.,]?\s+\d{1,2}[.\s]|\d{1,2}[:.]\d{2}|\w+,\s+\d{1,2}\s+\w+).*"
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

_SIGNATURE_DELIMITER = re.compile(r"^(?:--|-- |ᐧ|_{2,})\s*$")
_MOBILE_SIGNATURE = re.compile(
    r"^\s*(?:sent\s+from\s+(?:my\s+)?[^,]{1,60}|sent\s+with\s+\S.{0,40}|get\s+outlook\s+for\s+\S.{0,60}"
    r"|envoyé\s+(?:depuis|de|à\s+partir\s+de)\s+\S.{0,60}|von\s+meinem\s+\S.{0,40}\s+gesendet"
    r"|gesendet\s+(?:von|mit)\s+\S.{0,60}|enviado\s+desde\s+\S.{0,60}|inviato\s+da\s+\S.{0,60}"
    r"|verzonden\s+(?:vanaf|met)\s+\S.{0,60}|sendt\s+fra\s+\S.{0,60}|skickat\s+från\s+\S.{0,60}"
    r"|lähetetty\s+\S.{0,60}|wysłane\s+z\s+\S.{0,60}|отправлено\s+с\s+\S.{0,60})\s*$",
    re.IGNORECASE,
)


def strip_quotes(text: str, *, own_lines: Iterable[str] = ()) -> str:
    """The fresh part of a reply body (plain text, any newline style)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    own = {_key(line) for line in own_lines if _key(line)}
    lines = _cut_at_marker(lines)
    fresh = _above_first_quote(lines)
    if not any(line.strip() for line in fresh):
        fresh = _below_quotes(lines)
    fresh = [line for line in fresh if not _is_quoted(line) and _key(line) not in own]
    fresh = _cut_signature(fresh)
    return "\n".join(fresh).strip("\n").rstrip()


def _key(line: str) -> str:
    return re.sub(r"\s+", " ", line.lstrip("> \t")).strip().lower()


def _is_quoted(line: str) -> bool:
    # ">:" alone is the wrapped end of an attribution ("<a@b.c\n>:"), not a quote
    return line.lstrip().startswith(">") and not re.match(r"^\s*>\s*:\s*$", line)


def _cut_at_marker(lines: list[str]) -> list[str]:
    for index, line in enumerate(lines):
        if is_reply_marker(line):
            return lines[:index]
    return lines


def quote_start(lines: list[str]) -> int | None:
    """Index of the first line of the quoted part, or None when there is none."""
    for index, line in enumerate(lines):
        stripped = line.strip()
        if not stripped:
            continue
        if _starts_quote(lines, index):
            return index
    return None


def _starts_quote(lines: list[str], index: int) -> bool:
    line = lines[index].strip()
    bare = line.lstrip("> ").strip()
    if _BANNER.match(line) or _BANNER_LOOSE.match(line) or _BEGIN_FORWARD.match(line) or _ZOHO.match(bare):
        return True
    if _GMAIL_DATE_NAME.match(bare) or _GMAIL_SHORT_DATE.match(bare):
        return True
    if _FROM_LABEL.match(line) and _header_block_follows(lines, index):
        return True
    if _SEPARATOR.match(line) and _next_starts_quote(lines, index):
        return True
    # attributions, possibly wrapped over up to three lines
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
            return True
    return False


def _is_attribution(joined: str, *, first: str, wrapped: bool) -> bool:
    if _ATTRIBUTION.search(joined) or _VERB_THEN_DATE.search(joined):
        # a bare short "Bob wrote:" on one line, or a proper header start
        return bool(_HEADER_START.match(first)) or (not wrapped and len(first) <= 80)
    if _DATED_ATTRIBUTION.match(joined) and ("@" in joined or re.search(r"\d{1,2}[:.]\d{2}", joined)):
        return len(joined) < 250
    return bool(_ON_DATE_NAME.match(first)) and not wrapped


#: German Gmail puts the date after the verb: "X <x@y> schrieb am Di., 16. Aug. 2016 um 12:52 Uhr:"
_VERB_THEN_DATE = re.compile(r"\b(?:schrieb|skrev|wrote|a écrit|ha scritto)\s+(?:am|on|le|den|il)\b.*\d.*[:：]\s*$", re.I)

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


def _above_first_quote(lines: list[str]) -> list[str]:
    start = quote_start(lines)
    return lines if start is None else lines[:start]


def _below_quotes(lines: list[str]) -> list[str]:
    """Bottom-posting: the lines after the last quoted block."""
    last_quoted = max((i for i, line in enumerate(lines) if _is_quoted(line)), default=None)
    if last_quoted is None:
        return []
    return lines[last_quoted + 1 :]


def _cut_signature(lines: list[str]) -> list[str]:
    for index, line in enumerate(lines):
        if _SIGNATURE_DELIMITER.match(line) or _MOBILE_SIGNATURE.match(line):
            return lines[:index]
    return lines
