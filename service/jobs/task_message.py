"""A task handed to the broker without Celery: the message of Celery's task
protocol 2, as ``app.send_task`` writes it, pushed on the queue's Redis list
by redis-py or written into the embedded broker's folder.

Only ``farmpost ingest`` uses it: the MTA starts it once per inbound mail,
and importing Celery and kombu to send one message cost it more CPU than
storing the mail (docs/mail.md, "The MTA pipe"). Every other process sends
with Celery (:mod:`service.jobs.broker`). Since the message is built here,
tests/service/test_pipe_store.py holds it equal to the one Celery writes and
has Celery's own worker request (``celery.worker.request.Request``) parse
and run what was queued, so that a Celery upgrade that changes the protocol
fails a test rather than the inbound mail.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import uuid
from pathlib import Path
from time import monotonic
from urllib.parse import urlsplit

from service.core.config import Config


def speaks(config: Config) -> bool:
    """Whether this broker is one sent to here: plain Redis, or the embedded folder."""
    return config.embedded_broker or urlsplit(config.broker_url).scheme == "redis"


def send(config: Config, task: str, queue: str, args: list) -> None:
    """Put one task on ``queue`` (the broker's name of it). Raises OSError
    (ConnectionError) when the broker cannot take it."""
    payload = json.dumps(message(task, queue, args))
    if config.embedded_broker:
        _into_folder(config.broker_folder / "queue", queue, payload)
    else:
        _lpush(config.broker_url, queue, payload)


def message(task: str, queue: str, args: list) -> dict:
    """The message ``send_task(task, args=args)`` puts on ``queue``
    (Celery 5, protocol 2, JSON; no expiry, no callbacks)."""
    task_id = str(uuid.uuid4())
    body = json.dumps([args, {}, {"callbacks": None, "errbacks": None, "chain": None, "chord": None}])
    return {
        "body": base64.b64encode(body.encode()).decode(),
        "content-encoding": "utf-8",
        "content-type": "application/json",
        "headers": {
            "lang": "py", "task": task, "id": task_id, "shadow": None, "eta": None, "expires": None,
            "group": None, "group_index": None, "retries": 0, "timelimit": [None, None], "root_id": task_id,
            "parent_id": None, "argsrepr": repr(args), "kwargsrepr": "{}",
            "origin": f"gen{os.getpid()}@{socket.gethostname()}", "ignore_result": None,
            "replaced_task_nesting": 0, "stamped_headers": None, "stamps": {},
        },
        "properties": {
            "correlation_id": task_id, "reply_to": str(uuid.uuid4()), "delivery_mode": 2,
            "delivery_info": {"exchange": "", "routing_key": queue}, "priority": 0, "body_encoding": "base64",
            "delivery_tag": str(uuid.uuid4()),
        },
    }


def _into_folder(folder: Path, queue: str, payload: str) -> None:
    """As the embedded broker's Channel writes it (service/jobs/filesystem_broker.py):
    aside under a name its readers skip, then renamed into place."""
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
    partial = final.with_name(final.name + ".part")
    partial.write_bytes(payload.encode())
    os.replace(partial, final)


def _lpush(url: str, key: str, value: str, timeout: float = 10) -> None:
    """``LPUSH key value`` on the Redis of ``url``: kombu's Redis transport
    keeps a queue of priority 0 as a list of that name, pushed on the left.
    redis-py is imported here, for the Redis broker alone."""
    import redis

    client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
    try:
        client.lpush(key, value)
    except redis.RedisError as error:
        raise ConnectionError(f"Redis did not take the message: {error}") from error
    finally:
        client.close()
