"""Why an inbound mail is not acted on: one error class per reason.

Each class says whether and how to answer (:class:`Answer`), following
Discourse's receiver: bounces, auto-replies and our own mail coming back are
never answered, so mail loops cannot happen; a forged sender gets an answer
without game details. ``reason`` is a stable key the service stores on the
inbound row; ``message`` is a sentence for the farmer when an answer is
sent (the service holds answers back only for loops and mail bombs:
docs/mail.md, "Every mail gets an answer").
Zulip's split is kept: these are all the sender's doing; our own failures are
ordinary exceptions and are logged, not answered.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from mail.sentence import N_


class Answer(Enum):
    NEVER = "never"  # bounce, auto-reply, loop: answering could start a mail loop
    SENDER = "sender"  # tell the sender what went wrong, with the game's details
    SENDER_WITHOUT_DETAILS = "sender-without-details"  # the sender may not be who they say


@dataclass(frozen=True)
class FailedRecipient:
    """One address a bounce says could not be delivered to."""

    address: str
    status: str = ""  # RFC 3463 code such as "5.1.1", when the bounce states it
    permanent: bool = True
    action: str = "failed"  # RFC 3464 Action: "failed", or "delayed" (still being tried), ...

    @property
    def soft(self) -> bool:
        """A temporary failure (``Action: failed`` with a 4.x.x status: the
        server gave up for now, a full mailbox); a "delayed" report is not one."""
        return not self.permanent and self.action == "failed"


class InboundRejection(Exception):
    """Base class: the mail is stored with ``reason`` as its outcome and not acted on."""

    reason = "rejected"
    answer = Answer.SENDER
    message = N_("Your mail could not be used.")

    def __init__(self, detail: str = ""):
        super().__init__(detail or self.message)
        self.detail = detail


# --------------------------------------------------------------------------- never answered


class Bounce(InboundRejection):
    """A delivery failure report (RFC 3464 DSN, VERP, or an MTA's own shape)."""

    reason = "bounce"
    answer = Answer.NEVER
    message = "A delivery failure report."

    def __init__(self, detail: str = "", failed: tuple[FailedRecipient, ...] = ()):
        super().__init__(detail)
        self.failed = tuple(failed)


class AutoReply(InboundRejection):
    """An automatic answer (RFC 3834, vacation, out of office)."""

    reason = "auto-reply"
    answer = Answer.NEVER
    message = "An automatic reply."


class FeedbackReport(InboundRejection):
    """A spam complaint (ARF feedback report, RFC 5965) from a mailbox
    provider: who complained and about which of our mails, as far as the
    report says (providers often redact the address; the original's
    Message-ID then names the mail, and the service knows its recipient)."""

    reason = "feedback-report"
    answer = Answer.NEVER
    message = "A spam complaint."

    def __init__(self, detail: str = "", *, feedback_type: str = "abuse", address: str = "",
                 message_id: str = "", feedback_id: str = ""):
        super().__init__(detail)
        self.feedback_type, self.address = feedback_type, address
        self.message_id, self.feedback_id = message_id, feedback_id


class OwnMail(InboundRejection):
    """Our own mail came back to us (a loop)."""

    reason = "own-mail"
    answer = Answer.NEVER
    message = "Mail sent by Farmpost itself."


# --------------------------------------------------------------------------- answered


class TooLarge(InboundRejection):
    reason = "too-large"
    message = N_("Your mail is too large; please reply with just your commands.")


class NoReplyKey(InboundRejection):
    reason = "no-reply-key"
    message = N_("Please answer by replying to the mail Farmpost sent you, so we know which game it is for.")


class EmptyReply(InboundRejection):
    """No command in the fresh text; ``quoted``: the mail quoted ours (or
    another), so "above the quoted mail" says where to type."""

    reason = "empty"
    message = N_("We found no command in your mail. Type your commands above the quoted mail, one per line.")

    def __init__(self, detail: str = "", *, quoted: bool = True):
        super().__init__(detail)
        self.quoted = quoted
        if not quoted:
            self.message = N_("We found no command in your mail. Type your commands in your reply, one per line.")


# Routing errors: the pure library defines them; the service raises them.


class UnknownReplyKey(InboundRejection):
    reason = "unknown-reply-key"
    answer = Answer.SENDER_WITHOUT_DETAILS
    message = N_("This reply address is not (or no longer) linked to a game.")


class ForgedSender(InboundRejection):
    """The From address is not the farmer of the seat the reply key belongs to."""

    reason = "forged-sender"
    answer = Answer.SENDER_WITHOUT_DETAILS
    message = N_("This reply address belongs to another farmer; reply from the address your turn mails go to.")


class GameOver(InboundRejection):
    reason = "game-over"
    message = N_("This game is over; no more moves can be made. Reply “rematch” to play again with the same farmers.")


class NotYourTurn(InboundRejection):
    reason = "not-your-turn"
    message = N_("It is not your turn yet; you will get a mail when it is.")
