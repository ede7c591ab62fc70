"""A farmer's name goes into the To header of their mails as text, never as
an address: whatever it holds (``<…>``, ``,``, quotes, letters beyond ASCII)
and however the header is folded, the written bytes name exactly one
recipient, the seat's address, and the local mailbox files the mail under
it. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from email.headerregistry import Address
from email.parser import BytesParser
from email.policy import default

import pytest
from sqlalchemy import select

from mail.outgoing.addresses import address
from mail.outgoing.compose import POLICY, Mail
from service.inbound.receive import receive
from service.storage.models import MailboxMessage, OutgoingMail, Seat
from service.usecases import creation
from tests.mail.inbound_helpers import reply

#: names a host may give a farmer (80 characters at most, no control characters)
NAMES = [
    "A farmer with a long name, the longest of the valley <mallory@evil.example>, ",
    "Farmer Joe of the far hills and the long valley <mallory@evil.example>, Bob",
    "Jürgen vom Hügel, Bauer seit vielen Jahren <mallory@evil.example>, Bob",
    'Bob "the Builder" <mallory@evil.example>, and a name long enough to be folded',
]

#: a name typed as an encoded-word: a reader decodes it, but it stays a name
ENCODED_LOOKALIKE = "=?utf-8?q?mallory=40evil=2Eexample?= and then some more words to fold the line"


def the_only_address(raw: bytes, header: str = "To") -> Address:
    """The one address a mail client reads in ``header`` of ``raw``."""
    message = BytesParser(policy=default).parsebytes(raw)
    addresses = message[header].addresses
    assert len(addresses) == 1, f"{header} lists {addresses}"
    return addresses[0]


@pytest.mark.parametrize("name", NAMES)
def test_a_name_with_an_address_in_it_stays_the_display_name_of_the_one_recipient(name):
    # given a mail to that name, written as it is sent (folded at 78 characters)
    message = Mail(policy=POLICY)
    message["To"] = Address(name, addr_spec="bob@example.org")
    message["Subject"] = "Sunfield #1: your turn"
    message.set_content("Your turn.")
    raw = message.as_bytes()
    # then the To header names Bob's address alone, under the whole name
    assert max(len(line) for line in raw.split(b"\r\n")) <= 998
    to = the_only_address(raw)
    assert (to.addr_spec, to.display_name) == ("bob@example.org", name)


def test_a_name_typed_as_an_encoded_word_is_never_an_address():
    # given a mail to a farmer whose name is typed as an encoded-word of another address
    message = Mail(policy=POLICY)
    message["To"] = address(ENCODED_LOOKALIKE, "bob@example.org")
    message.set_content("Your turn.")
    # then it goes to Bob alone (the standard library alone would write it to mallory@evil.example)
    to = the_only_address(message.as_bytes())
    assert to.addr_spec == "bob@example.org" and "mallory" in to.display_name


def test_a_header_that_would_not_read_back_as_its_mailboxes_is_never_written():
    # given an Address the standard library writes as another one (an encoded-word in its name)
    message = Mail(policy=POLICY)
    message["To"] = Address(ENCODED_LOOKALIKE, addr_spec="bob@example.org")
    message.set_content("Your turn.")
    # then the mail is not written at all, rather than sent to mallory@evil.example
    with pytest.raises(ValueError, match="reads back"):
        message.as_bytes()


@pytest.mark.parametrize("name", NAMES)
def test_a_name_read_back_from_a_stored_header_is_written_as_one_address(name):
    # given a stored mail context written before names went as pairs: "Name <address>" text
    message = Mail(policy=POLICY)
    message["To"] = str(Address(name, addr_spec="bob@example.org"))
    message.set_content("Your turn.")
    # then its folded bytes still name Bob alone
    assert the_only_address(message.as_bytes()).addr_spec == "bob@example.org"


@pytest.mark.parametrize("name", NAMES[:3])
def test_the_invitation_to_a_farmer_named_like_an_address_goes_to_the_seat_alone(svc, name):
    # given a game whose host gave Bob a name that holds another address
    created = creation.create_game(svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"),
                                                 creation.FarmerSpec(name, "bob@example.org")], host=0, seed=7)
    # when his invitation is written out and filed in the local mailbox
    with svc.db.transaction() as session:
        [invite] = session.scalars(select(OutgoingMail).where(OutgoingMail.to_addr == "bob@example.org")).all()
        filed = session.scalars(select(MailboxMessage.to_addr)).all()
    # then its To header, folded as sent, lists Bob's address alone, under his name
    to = the_only_address(invite.raw)
    assert (to.addr_spec, to.display_name) == ("bob@example.org", name.strip())
    # and the mailbox filed it under Bob, never under the address in his name
    assert "mallory@evil.example" not in filed and "bob@example.org" in filed
    assert created.game_id


@pytest.mark.parametrize("name", NAMES[:2])
def test_a_relayed_say_to_a_farmer_named_like_an_address_goes_to_the_seat_alone(svc, name):
    # given a started game where Bob's name holds another address
    created = creation.create_game(svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"),
                                                 creation.FarmerSpec(name, "bob@example.org")], host=0, seed=7)
    creation.join(svc, created.game_id, 1)
    with svc.db.transaction() as session:
        anna_key = session.scalar(select(Seat.reply_key).where(Seat.game_id == created.game_id, Seat.position == 0))
    # when Anna says something to the table by mail
    receive(svc, reply(anna_key, "say good luck"), source="ingest")
    # then the relay to Bob names his address alone
    with svc.db.transaction() as session:
        [relay] = session.scalars(select(OutgoingMail).where(OutgoingMail.kind == "say")).all()
        filed = session.scalars(select(MailboxMessage.to_addr)).all()
    to = the_only_address(relay.raw)
    assert (to.addr_spec, to.display_name) == ("bob@example.org", name.strip())
    assert "mallory@evil.example" not in filed
