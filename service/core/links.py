"""Signed links (itsdangerous, as Flask uses it).

Each purpose has its own salt, and each seat's links are signed with a key
that includes the seat's secret, so replacing the secret revokes every link
the farmer was ever sent. The game and seat are in the URL path (they choose
the key); the signed payload repeats them so a token cannot be moved to
another seat.

=========  =====================================  ==========================
purpose    payload                                 page
=========  =====================================  ==========================
seat       game, seat                              the farmer's own page
move       game, seat, version, move codes         confirm one move
join       game, seat                              accept an invitation
prefs      game, seat                              mail preferences / unsubscribe
table      game                                    an open table: ask for a seat
claim      game, claim                             confirm an ask (one use)
record     address                                 a farmer's record (from the
                                                   my-games mail; signed with
                                                   SECRET_KEY alone: an address
                                                   has no seat secret)
watch      game                                    the spectator page (key: the
                                                   game's watch secret)
follow     game, spectator, action                 confirm / stop a spectator's
                                                   round mails (key: its secret)
confirm    game, seat (the host)                   open a game asked for by mail
plan       game, seat, version, plan line          keep a plan for the next turn
=========  =====================================  ==========================

A table link is signed with a key made from the game's id (it names no
seat; anyone holding it may ask for a seat, which is its point); a claim
link with the claim's own random nonce (docs/open_tables.md).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from itsdangerous.encoding import base64_decode, base64_encode

from mail.sentence import N_
from service.core.errors import ServiceError

PURPOSES = ("seat", "move", "join", "prefs", "table", "claim", "record", "watch", "follow", "confirm", "plan")

#: how long a mailed confirmation of an ask for an open seat stays valid
CLAIM_MAX_AGE = 2 * 24 * 3600


class LinkError(ServiceError):
    """A link that cannot be used; ``status`` is the HTTP status to answer with."""


class ForgedLink(LinkError):
    status = 403


class ExpiredLink(LinkError):
    status = 410


class BadMoveLink(LinkError):
    """Signed by us, but its move cannot be read or played."""

    status = 400


@dataclass(frozen=True)
class MoveToken:
    game_id: int
    seat: int
    version: int
    codes: tuple[str, ...]


class Links:
    def __init__(self, secret_key: str, base_url: str, *, move_max_age: int, seat_max_age: int,
                 confirm_max_age: int = 7 * 24 * 3600):
        self.secret_key = secret_key
        self.base_url = base_url.rstrip("/")
        self.max_age = {"move": move_max_age, "seat": seat_max_age, "join": seat_max_age, "prefs": seat_max_age,
                        "table": seat_max_age, "claim": CLAIM_MAX_AGE, "record": move_max_age,
                        "watch": seat_max_age, "follow": seat_max_age, "confirm": confirm_max_age,
                        "plan": move_max_age}

    # --- making ---------------------------------------------------------

    def token(self, purpose: str, seat_secret: str, payload: dict) -> str:
        return self._serializer(purpose, seat_secret).dumps(payload)

    def seat_url(self, game_id: int, seat: int, seat_secret: str) -> str:
        token = self.token("seat", seat_secret, {"g": game_id, "s": seat})
        return f"{self.base_url}/g/{game_id}/{seat}/{token}"

    def move_url(self, game_id: int, seat: int, seat_secret: str, version: int, codes: list[str]) -> str:
        token = self.token("move", seat_secret, {"g": game_id, "s": seat, "v": version, "m": list(codes)})
        return f"{self.base_url}/m/{game_id}/{seat}/{token}"

    def plan_url(self, game_id: int, seat: int, seat_secret: str, version: int, line: str) -> str:
        token = self.token("plan", seat_secret, {"g": game_id, "s": seat, "v": version, "p": line})
        return f"{self.base_url}/p/{game_id}/{seat}/{token}"

    def join_url(self, game_id: int, seat: int, seat_secret: str) -> str:
        token = self.token("join", seat_secret, {"g": game_id, "s": seat})
        return f"{self.base_url}/join/{game_id}/{seat}/{token}"

    def table_url(self, game_id: int) -> str:
        """An open table's join link: ask for one of its open seats."""
        token = self.token("table", f"table:{game_id}", {"g": game_id})
        return f"{self.base_url}/t/{game_id}/{token}"

    def claim_url(self, game_id: int, claim_id: int, nonce: str) -> str:
        """The mailed confirmation of an ask for an open seat."""
        token = self.token("claim", nonce, {"g": game_id, "c": claim_id})
        return f"{self.base_url}/t/{game_id}/confirm/{claim_id}/{token}"

    def confirm_url(self, game_id: int, seat: int, seat_secret: str) -> str:
        token = self.token("confirm", seat_secret, {"g": game_id, "s": seat})
        return f"{self.base_url}/confirm/{game_id}/{seat}/{token}"

    def rules_url(self, kind: str) -> str:
        """The public page of a game's rules (not signed: nothing private)."""
        return f"{self.base_url}/rules/{kind}"

    def prefs_url(self, game_id: int, seat: int, seat_secret: str) -> str:
        token = self.token("prefs", seat_secret, {"g": game_id, "s": seat})
        return f"{self.base_url}/prefs/{game_id}/{seat}/{token}"

    def record_url(self, address: str, language: str | None = None) -> str:
        """A farmer's record page, for the address the my-games mail went to;
        ``language``: the one the page speaks (the mail's reader's)."""
        from boards.i18n import LANGUAGES

        payload = {"a": address.strip().lower(), **({"l": language} if language in LANGUAGES else {})}
        token = self.token("record", "", payload)
        return f"{self.base_url}/record/{token}"

    def watch_url(self, game_id: int, watch_secret: str) -> str:
        token = self.token("watch", watch_secret, {"g": game_id})
        return f"{self.base_url}/w/{game_id}/{token}"

    def follow_url(self, game_id: int, spectator_id: int, spectator_secret: str, action: str) -> str:
        """``action``: confirm (the address asked for round mails) or stop."""
        token = self.token("follow", spectator_secret, {"g": game_id, "f": spectator_id, "a": action})
        return f"{self.base_url}/follow/{game_id}/{spectator_id}/{token}"

    # --- reading --------------------------------------------------------

    def check(self, purpose: str, token: str, *, game_id: int, seat: int, seat_secret: str) -> dict:
        """The payload of a valid token for this game and seat, else LinkError."""
        serializer = self._serializer(purpose, seat_secret)
        try:
            payload = serializer.loads(token, max_age=self.max_age[purpose])
        except SignatureExpired:
            raise ExpiredLink(N_("This link has expired. Open your seat page from a newer mail, or ask for a new link.")) from None
        except BadSignature:
            raise ForgedLink(N_("This link is not valid: it may have been mistyped, or replaced by a newer one.")) from None
        if not isinstance(payload, dict) or payload.get("g") != game_id or payload.get("s") != seat:
            raise ForgedLink(N_("This link does not belong to this game and seat."))
        return payload

    def check_table(self, token: str, *, game_id: int) -> None:
        """Raise LinkError unless ``token`` is this game's table link."""
        self._check_payload("table", token, f"table:{game_id}", {"g": game_id})

    def check_claim(self, token: str, *, game_id: int, claim_id: int, nonce: str) -> None:
        """Raise LinkError unless ``token`` confirms this claim."""
        self._check_payload("claim", token, nonce, {"g": game_id, "c": claim_id})

    def _check_payload(self, purpose: str, token: str, key: str, expected: dict) -> None:
        try:
            payload = self._serializer(purpose, key).loads(token, max_age=self.max_age[purpose])
        except SignatureExpired:
            raise ExpiredLink(N_("This link has expired.")) from None
        except BadSignature:
            raise ForgedLink(N_("This link is not valid: it may have been mistyped.")) from None
        if payload != expected:
            raise ForgedLink(N_("This link does not belong to this game."))

    def check_watch(self, token: str, *, game_id: int, watch_secret: str | None) -> None:
        """A valid spectator link of this game (LinkError otherwise)."""
        if not watch_secret:
            raise ForgedLink(N_("This game has no spectator link."))
        payload = self._load("watch", token, watch_secret)
        if not isinstance(payload, dict) or payload.get("g") != game_id:
            raise ForgedLink(N_("This link does not belong to this game."))

    def check_follow(self, token: str, *, game_id: int, spectator_id: int, spectator_secret: str) -> str:
        """The action of a valid confirm / stop link of this spectator."""
        payload = self._load("follow", token, spectator_secret)
        if not isinstance(payload, dict) or payload.get("g") != game_id or payload.get("f") != spectator_id \
                or payload.get("a") not in ("confirm", "stop"):
            raise ForgedLink(N_("This link does not belong to this game."))
        return payload["a"]

    def _load(self, purpose: str, token: str, key: str):
        try:
            return self._serializer(purpose, key).loads(token, max_age=self.max_age[purpose])
        except SignatureExpired:
            raise ExpiredLink(N_("This link has expired.")) from None
        except BadSignature:
            raise ForgedLink(N_("This link is not valid: it may have been mistyped, or replaced by a newer one.")) from None

    def check_move(self, token: str, *, game_id: int, seat: int, seat_secret: str) -> MoveToken:
        payload = self.check("move", token, game_id=game_id, seat=seat, seat_secret=seat_secret)
        codes = payload.get("m")
        if not isinstance(payload.get("v"), int) or not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise ForgedLink(N_("This link is not a move link."))
        return MoveToken(game_id, seat, payload["v"], tuple(codes))

    def check_plan(self, token: str, *, game_id: int, seat: int, seat_secret: str) -> tuple[int, str]:
        """A plan link's version (the board the farmer saw) and plan line."""
        payload = self.check("plan", token, game_id=game_id, seat=seat, seat_secret=seat_secret)
        if not isinstance(payload.get("v"), int) or not isinstance(payload.get("p"), str):
            raise ForgedLink(N_("This link is not a plan link."))
        return payload["v"], payload["p"]

    def check_record(self, token: str) -> str:
        """The address of a valid record link, else LinkError."""
        return self._record(token)["a"]

    def record_language(self, token: str) -> str | None:
        """The language a valid record link's page speaks (None: the link
        names none, the reader's browser decides), else LinkError."""
        language = self._record(token).get("l")
        return language if isinstance(language, str) else None

    def _record(self, token: str) -> dict:
        try:
            payload = self._serializer("record", "").loads(token, max_age=self.max_age["record"])
        except SignatureExpired:
            raise ExpiredLink(N_("This link has expired. Ask for your games again to get a new one.")) from None
        except BadSignature:
            raise ForgedLink(N_("This link is not valid: it may have been mistyped.")) from None
        if not isinstance(payload, dict) or not isinstance(payload.get("a"), str):
            raise ForgedLink(N_("This link is not a record link."))
        return payload

    def _serializer(self, purpose: str, seat_secret: str) -> URLSafeTimedSerializer:
        if purpose not in PURPOSES:
            raise ValueError(f"unknown link purpose {purpose!r}")
        return URLSafeTimedSerializer(f"{self.secret_key}:{seat_secret}", salt=f"farmpost.{purpose}")


def token_key(token: str) -> str:
    """A short, fixed-size key for a token, to spot the same link submitted
    twice, however its signature is spelled (:func:`canonical`)."""
    return "link:" + hashlib.sha256(canonical(token).encode()).hexdigest()


def canonical(token: str) -> str:
    """The token with its signature in canonical base64. The last base64
    character of a signature carries unused bits, so one signature has
    several spellings that all verify; the key of a link must not depend on
    which one came in. (itsdangerous writes the canonical one.)"""
    head, dot, signature = token.rpartition(".")
    try:
        return head + dot + base64_encode(base64_decode(signature)).decode("ascii")
    except Exception:  # not base64 at all: it will not verify anyway
        return token
