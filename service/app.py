"""The Flask app factory. Views live in blueprints (service/web); they call the
use cases and turn the service's errors into pages."""

from __future__ import annotations

import gc
import logging
from importlib import import_module

from flask import Flask, current_app, render_template
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix

from service.core.config import ROOT
from service.core.errors import ServiceError
from service.core.links import LinkError
from service.core.services import Services
from service.web import headers, ids, language, limits
from service.wiring import services_from_environment

#: modules exposing ``blueprint`` (and optionally ``CSRF_EXEMPT`` views)
BLUEPRINT_MODULES = [
    "service.web.home",
    "service.web.seats",
    "service.web.watch",
    "service.web.clock",
    "service.web.hooks",
    "service.web.moves",
    "service.web.plan_links",
    "service.web.invites",
    "service.web.tables",
    "service.web.ratings",
    "service.web.prefs",
    "service.web.farmers",
    "service.web.rules",
    "service.web.mailbox",
    "service.web.health",
    "service.web.favicon",
    "service.web.inbound_hooks",
    "service.web.leagues",
]

csrf = CSRFProtect()

#: allocations between two collections of the youngest generation in a web
#: process (Python's default is 700)
WEB_GC_THRESHOLD = 10_000


def tune_garbage_collector() -> None:
    """Collect the youngest generation every :data:`WEB_GC_THRESHOLD`
    allocations, not every 700, in a process that serves the web app.

    Drawing a page's board makes tens of thousands of containers (the board,
    the drawing's operations) that live until the page is written. With the
    default threshold they outlive many young collections, are moved to the
    oldest generation and bring on its full collections, which go through
    the whole heap (about 60 ms in a web process): a tenth to a sixth of
    the web's CPU per move (``python -m bench.web_pages``, means). With the
    higher threshold they are garbage before the first collection that
    sees them. The cost: up to that many unreachable containers wait a
    little longer to be freed."""
    gc.set_threshold(WEB_GC_THRESHOLD, 10, 10)



def create_app(services: Services | None = None, *, testing: bool = False, upgrade_schema: bool = True) -> Flask:
    """Build the web app. Without ``services`` they are made from the environment
    (and the schema is upgraded); the queue is then Celery's."""
    if services is None:
        services = services_from_environment(upgrade_schema=upgrade_schema)
    app = Flask(__name__, template_folder=str(ROOT / "templates"), instance_path=str(services.config.instance_path))
    app.config.update(
        SECRET_KEY=services.config.secret_key,
        TESTING=testing,
        MAX_CONTENT_LENGTH=1024 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,
        #: endpoint of the local mailbox's reply form (set by the inbound pipeline)
        MAILBOX_REPLY_ENDPOINT=None,
        MAILBOX_VISIBLE=not services.config.smtp_url,
    )
    app.extensions["farmpost"] = services
    if services.config.trusted_proxies:  # believe that many X-Forwarded-For entries (service/web/limits.py)
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=services.config.trusted_proxies, x_proto=0, x_host=0,
                                x_port=0, x_prefix=0)
    language.install(app)
    ids.install(app)  # before the blueprints: their rules take ids as <id:…> (63 bits, else 404)
    limits.install(app)  # before the CSRF check: every post counts
    csrf.init_app(app)
    for name in BLUEPRINT_MODULES:
        module = import_module(name)
        app.register_blueprint(module.blueprint)
        for view in getattr(module, "CSRF_EXEMPT", ()):
            csrf.exempt(view)
    _register_error_pages(app)
    headers.install(app)
    app.after_request(_security_headers)
    logging.getLogger(__name__).info("%s", mailbox_notice(services.config))
    return app


def mailbox_notice(config) -> str:
    """One line for the start: who may read the local mailbox."""
    if config.smtp_url:
        return "mail goes out by SMTP; the local mailbox is off"
    if config.mailbox_public:
        return "the local mailbox (/mailbox) is served to EVERY address (MAILBOX_PUBLIC): it holds every seat link"
    return "the local mailbox (/mailbox) is served to this machine only (MAILBOX_PUBLIC=1 serves it to all)"


def _security_headers(response):
    """Seat and move links carry their key in the path: never send it on as a
    Referer, never keep such a page in a cache, and keep pages out of other
    sites' frames; every page has a Content-Security-Policy (service/web/headers.py)."""
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "SAMEORIGIN")
    return headers.add(response, current_app.extensions["farmpost"].links.base_url)


def _register_error_pages(app: Flask) -> None:
    @app.errorhandler(LinkError)
    def link_error(error: LinkError):
        return render_template("web/error.html", title=language.gettext("This link cannot be used"), message=error.told(language.current())), error.status

    @app.errorhandler(ServiceError)
    def service_error(error: ServiceError):
        retry_after = getattr(error, "retry_after", None)
        headers = {"Retry-After": str(retry_after)} if retry_after else {}
        return (render_template("web/error.html", title=language.gettext("That did not work"), message=error.told(language.current())), error.status,
                headers)

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError):
        message = language.gettext("The form had expired or came from elsewhere. Go back, reload the page and try again.")
        return render_template("web/error.html", title=language.gettext("Please try again"), message=message), 400

    @app.errorhandler(404)
    def not_found(error):
        return render_template("web/error.html", title=language.gettext("Not found"),
                               message=language.gettext("There is nothing at this address.")), 404

    @app.errorhandler(405)
    def method_not_allowed(error):
        allowed = ", ".join(error.valid_methods or ())
        message = (language.gettext("This address cannot be used that way (it answers %(methods)s). Follow a link or a "
                                    "button instead.", methods=allowed) if allowed else
                   language.gettext("This address cannot be used that way. Follow a link or a button instead."))
        headers = {"Allow": allowed} if allowed else {}
        return render_template("web/error.html", title=language.gettext("Not possible here"), message=message), 405, headers

    @app.errorhandler(429)
    def too_many_requests(error):
        message = language.gettext("You have sent us more than we take from one address in a short time. Nothing "
                                   "was done; please wait a few minutes and try again.")
        headers = {"Retry-After": str(error.retry_after)} if getattr(error, "retry_after", None) else {}
        return render_template("web/error.html", title=language.gettext("Slow down, please"), message=message), 429, headers

    @app.errorhandler(500)
    def server_error(error):
        logging.getLogger(__name__).error("server error: %s", error)
        message = language.gettext("Something went wrong on our side; nothing you did was lost. Please try again in "
                                   "a moment.")
        return render_template("web/error.html", title=language.gettext("Sorry"), message=message), 500
