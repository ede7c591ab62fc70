"""Who wrote a mail, as far as its headers can tell: checks the service runs
once it knows the seat's address.

* **The author** is the From header's one mailbox as the standard library's
  header parser reads it (:attr:`InboundMessage.author`): never its display
  name, whatever that decodes to (``=?utf-8?q?bob=40example=2Eorg?=
  <mallory@evil.example>`` is Mallory's), and never the Sender header. The
  service checks it is the seat's address.
* **Several authors.** RFC 5322 allows a From with several mailboxes, and
  then requires a Sender naming the one who sent it. Such a mail never
  speaks for a seat (:class:`SeveralAuthors`), whatever Sender says: Sender
  is only text the sender wrote, and DMARC vouches for one From domain
  (RFC 7489 6.6.1), so "mallory@evil.example, anna@…" with ``Sender: anna@…``
  and a DMARC pass for evil.example was Mallory speaking for Anna.
* **DMARC.** Where the operator's MTA checks DMARC and writes
  Authentication-Results (RFC 8601) under its authserv-id (the
  ``AUTHSERV_ID`` setting), a mail whose DMARC result there is ``fail`` is
  refused (:class:`DmarcFail`): its From is not the sender's. Only the
  topmost header with that authserv-id counts: our MTA writes it last, so
  any such header below it came with the mail and may be forged. Headers of
  other authserv-ids are never read. Parsed with ``authres`` (see
  docs/libraries.md).
"""

from __future__ import annotations

import authres

from mail.inbound.errors import Answer, InboundRejection
from mail.inbound.message import InboundMessage, addresses
from mail.sentence import N_


class SeveralAuthors(InboundRejection):
    reason = "several-authors"
    answer = Answer.SENDER_WITHOUT_DETAILS
    message = N_("Your mail names several senders in From; please reply from your own address alone.")


class DmarcFail(InboundRejection):
    reason = "dmarc-fail"
    answer = Answer.SENDER_WITHOUT_DETAILS
    message = N_("Your mail failed the DMARC check of your domain, so we cannot be sure it comes from you; "
                 "nothing was done. Please reply again from your usual mail program.")


def author_refusal(mail: InboundMessage, seat_address: str, authserv_id: str | None = None) -> InboundRejection | None:
    """Why ``mail`` cannot speak for the seat of ``seat_address`` (lower
    case), or None. The single-From case (:attr:`InboundMessage.author` must
    be the seat's address) is the service's sender check; this adds several
    Froms and DMARC."""
    authors = [address for _, address in addresses(mail.message, "From")]
    if len(authors) > 1:
        senders = [address for _, address in addresses(mail.message, "Sender")]
        return SeveralAuthors(f"From {', '.join(authors)}; Sender {', '.join(senders) or '(none)'}")
    if authserv_id and dmarc_result(mail, authserv_id) == "fail":
        return DmarcFail(f"Authentication-Results of {authserv_id}: dmarc=fail")
    return None


def dmarc_result(mail: InboundMessage, authserv_id: str) -> str | None:
    """The DMARC result ("pass", "fail", "none", …) our MTA recorded in the
    topmost Authentication-Results header of ``authserv_id``; None when it
    recorded none (or the header cannot be parsed)."""
    for value in mail.headers("Authentication-Results"):
        try:
            header = authres.AuthenticationResultsHeader.parse_value(" ".join(value.split()))
        except Exception:  # authres.AuthResError, or worse on garbage: not our MTA's header
            continue
        if (header.authserv_id or "").lower() != authserv_id.lower():
            continue
        results = [r.result.lower() for r in header.results if (r.method or "").lower() == "dmarc"]
        return results[0] if results else None
    return None
