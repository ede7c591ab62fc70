"""A task handed to the broker without Celery: the message of Celery's task
protocol 2, as ``app.send_task`` writes it, put on a Redis list or into the
embedded broker's folder by the standard library alone.

Only ``farmpost ingest`` uses it: the MTA starts it once per inbound mail,
and importing Celery, kombu and redis-py to send one message cost it about
0.2 s of CPU, more than storing the mail (docs/mail.md, "The MTA pipe").
Every other process sends with Celery (:mod:`service.jobs.broker`).
tests/service/test_pipe_store.py checks that the message is the one Celery
writes and that a Celery consumer reads it.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import uuid
from pathlib import Path
from time import monotonic
from urllib.parse import unquote, urlsplit

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
    """``LPUSH key value`` on the Redis of ``url`` (redis://[[user]:password@]host[:port][/db]),
    in Redis's wire protocol (RESP): kombu's Redis transport keeps a queue
    of priority 0 as a list of that name, pushed on the left."""
    parts = urlsplit(url)
    commands = []
    if parts.password is not None:
        commands.append(["AUTH", *([unquote(parts.username)] if parts.username else []), unquote(parts.password)])
    database = parts.path.strip("/")
    if database and database != "0":
        commands.append(["SELECT", database])
    commands.append(["LPUSH", key, value])
    with socket.create_connection((parts.hostname or "localhost", parts.port or 6379), timeout=timeout) as sock:
        sock.sendall(b"".join(_command(words) for words in commands))
        replies = sock.makefile("rb")
        for words in commands:
            reply = replies.readline()
            if not reply.startswith((b"+", b":")):
                raise ConnectionError(f"Redis refused {words[0]}: {reply.decode(errors='replace').strip()}")


def _command(words: list[str]) -> bytes:
    encoded = [word.encode() for word in words]
    return f"*{len(encoded)}\r\n".encode() + b"".join(b"$%d\r\n%s\r\n" % (len(word), word) for word in encoded)
