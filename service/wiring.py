"""Builds the services of a process from the environment: the one module
that knows every concrete piece. It picks the queue (Celery by task name, or
in-process) and names what each job does, so that nothing below it needs to
know the use cases above it."""

from __future__ import annotations

from service.core.services import Services


def services_from_environment(*, upgrade_schema: bool = True, broker: bool = True) -> Services:
    """Services of a command or web process: configuration from the
    environment, the schema upgraded, and tasks sent to the broker by name."""
    from service.core.config import load_config
    from service.jobs.broker import CeleryQueue, sender
    from service.storage.migrate import upgrade

    config = load_config()
    services = Services.from_config(config, CeleryQueue(sender(config)) if broker else None)
    if upgrade_schema:
        upgrade(services.db)
    return services


def inline_jobs() -> dict:
    """What each job does, by name: the use cases the Celery tasks call."""
    from service.inbound.receive import process_inbound_counted
    from service.outbox.sending import send_mail
    from service.usecases.playing import apply_move_request
    from service.webhooks.delivery import deliver

    return {"request": apply_move_request, "mail": send_mail, "report": send_mail,
            "inbound": process_inbound_counted, "webhook": deliver}


def inline_queue(services: Services, *, send_mail: bool = True):
    """A queue that does every job at once in this process (tests, scripts)."""
    from service.jobs.inline_queue import InlineQueue

    return InlineQueue(services, inline_jobs(), send_mail=send_mail)
