"""The public name a farmer chooses to appear under on the leaderboards
(docs/ratings.md): opt-in, one per address, never the address itself.
Set from the farmer's record page, which only the owner of the address can
open (its link was mailed to it), or by mail (service/inbound/farmer_mail.py)."""

from __future__ import annotations

import re

from boards.i18n import translator
from service.core.errors import InvalidInput
from service.core.services import Services
from service.core.wall_time import now
from service.storage.models import PublicName

#: letters (any script), digits, spaces and . _ - ; 2 to 30 characters
NAME = re.compile(r"[\w .\-]{2,30}")


def check_public_name(name: str, language: str | None = None) -> str:
    """The name as it will be shown, or InvalidInput naming the rule (in ``language``)."""
    name = " ".join((name or "").split())
    if not NAME.fullmatch(name) or not any(c.isalnum() for c in name):
        raise InvalidInput(translator(language).gettext(
            "A public name has 2 to 30 letters, digits, spaces, dots, dashes or underscores."))
    return name


def set_public_name(svc: Services, address: str, name: str, *, language: str | None = None) -> str | None:
    """List ``address`` under ``name`` on the leaderboards (an empty name
    takes it off them). Returns the name kept, or None. Refusals in ``language``."""
    address = address.strip().lower()
    with svc.db.transaction() as session:
        row = session.get(PublicName, address)
        if not (name or "").strip():
            if row is not None:
                session.delete(row)
            return None
        name = check_public_name(name, language)
        taken = session.query(PublicName).filter(PublicName.name_key == name.lower(),
                                                 PublicName.address != address).first()
        if taken is not None:
            raise InvalidInput(translator(language).gettext(
                "Another farmer goes by “%(name)s” on the leaderboards; choose another name.", name=name))
        if row is None:
            row = PublicName(address=address)
            session.add(row)
        row.name, row.name_key, row.chosen_at = name, name.lower(), now()
        return name


def public_name_of(svc: Services, address: str) -> str | None:
    with svc.db.transaction() as session:
        row = session.get(PublicName, address.strip().lower())
        return row.name if row else None
