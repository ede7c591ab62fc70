"""Web blueprints (thin views over the use cases), the read models of the
pages, the page cache and the inbound-mail web hooks. Imports ``ops`` and
below."""

from __future__ import annotations

from flask import current_app

from service.core.services import Services


def services() -> Services:
    return current_app.extensions["farmpost"]
