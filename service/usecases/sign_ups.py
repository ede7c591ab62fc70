"""Sign-ups asked for on a web page (a league's season, a duplicate event):
the page cannot know the address is the asker's, so nothing is signed up
until the farmer opens the link mailed to that address (docs/leagues.md).
The link is signed with the secret key and the event's own key, and lasts
a week; opening it twice signs up once."""

from __future__ import annotations

from itsdangerous import BadSignature, URLSafeTimedSerializer

from boards.i18n import DEFAULT_LANGUAGE, translator
from service.core.errors import InvalidInput, NotFound
from service.core.services import Services
from service.jobs.dispatching import unit_of_work
from service.notify import league_mail
from service.usecases.creation import FarmerSpec, check_farmer

#: a confirmation link works for a week
MAX_AGE = 7 * 24 * 3600


def _serializer(svc: Services, what: str, key: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(f"{svc.config.secret_key}:{key}", salt=f"farmpost.sign-up.{what}")


def mail_confirmation(svc: Services, *, what: str, key: str, name: str, email: str, url: str, title: str,
                      language: str | None = None) -> str:
    """Mail the link that signs ``name`` up (``url`` + "/<token>"), in
    ``language``, which the link keeps. Returns the page's answer."""
    name, email = (name or "").strip(), (email or "").strip()
    check_farmer(FarmerSpec(name, email), is_host=False, utf8=svc.config.smtputf8)
    t = translator(language or DEFAULT_LANGUAGE)
    token = _serializer(svc, what, key).dumps({"name": name, "email": email, "language": t.language})
    text = "\n".join([t.gettext("To confirm that you, %(name)s, play in %(title)s, open this link within a week:",
                                 name=name, title=title), f"{url}/{token}", "",
                      t.gettext("If you did not ask for this, ignore this mail.")])
    with unit_of_work(svc) as (session, work):
        league_mail.add_mail(session, svc, work, kind="signup", to=email, name=name,
                             subject=t.gettext("Confirm: %(title)s", title=title), text=text,
                             key=f"sign-up:{what}:{token}")
    return t.gettext("We sent a link to %(email)s: open it to confirm.", email=email)


def read_confirmation(svc: Services, *, what: str, key: str, token: str) -> tuple[str, str, str]:
    """(name, email, language) of a confirmation link; NotFound when it is not one, or too old."""
    try:
        payload = _serializer(svc, what, key).loads(token, max_age=MAX_AGE)
    except BadSignature:
        raise NotFound("This confirmation link cannot be used: it is not ours, or older than a week.") from None
    if not isinstance(payload, dict) or not {"name", "email"} <= set(payload):
        raise InvalidInput("This confirmation link cannot be read.")
    return payload["name"], payload["email"], payload.get("language") or DEFAULT_LANGUAGE
