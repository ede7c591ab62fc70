"""Snapshots rendered once per state version and shared by every recipient.

A snapshot is identified by ``(game id, state version, seat, kind,
language)``; the seat is part of the key because each farmer's snapshot
shows their private view (``None`` for the public board), the language
because its words are the reader's: farmers of one table who share a
language share its public snapshots. A state version never changes once
written, so a cached snapshot never goes stale; what invalidates it is a newer
version: storing version *v* of a game drops every older version of that game.

The cache does not know where bytes live. A *store* is any object with
``get(key) -> bytes | None``, ``put(key, data)`` and
``drop_older(game_id, version)``; :class:`FileStore` keeps them under a folder
(the service's instance folder), :class:`MemoryStore` in a dict, and the
service may back it with its database.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from boards.i18n import DEFAULT_LANGUAGE, LANGUAGES, PSEUDO

KINDS = ("pdf", "html", "mail", "text", "report", "png")


@dataclass(frozen=True)
class SnapshotKey:
    game_id: str
    version: int
    seat: int | None
    kind: str
    language: str = DEFAULT_LANGUAGE

    def __post_init__(self):
        if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", str(self.game_id)):
            raise ValueError(f"game id must be letters, digits, _ or -: {self.game_id!r}")
        if not isinstance(self.version, int) or self.version < 0:
            raise ValueError(f"state version must be a non-negative int: {self.version!r}")
        if self.seat is not None and (not isinstance(self.seat, int) or self.seat < 0):
            raise ValueError(f"seat must be None or a non-negative int: {self.seat!r}")
        if self.kind not in KINDS:
            raise ValueError(f"unknown snapshot kind {self.kind!r}; known: {', '.join(KINDS)}")
        if self.language not in (*LANGUAGES, PSEUDO):
            raise ValueError(f"unknown language {self.language!r}; known: {', '.join(LANGUAGES)}")

    @property
    def filename(self) -> str:
        seat = "public" if self.seat is None else f"seat{self.seat}"
        language = "" if self.language == DEFAULT_LANGUAGE else f".{self.language}"
        return f"{seat}{language}.{self.kind}"


class Store(Protocol):
    def get(self, key: SnapshotKey) -> bytes | None: ...

    def put(self, key: SnapshotKey, data: bytes) -> None: ...

    def drop_older(self, game_id: str, version: int) -> None: ...


class MemoryStore:
    """Snapshots in a dict: for tests and a single process."""

    def __init__(self):
        self.items: dict[SnapshotKey, bytes] = {}

    def get(self, key: SnapshotKey) -> bytes | None:
        return self.items.get(key)

    def put(self, key: SnapshotKey, data: bytes) -> None:
        self.items[key] = data

    def drop_older(self, game_id: str, version: int) -> None:
        for key in [k for k in self.items if k.game_id == game_id and k.version < version]:
            del self.items[key]


class FileStore:
    """Snapshots as files ``<root>/<game id>/<version>/<seat>.<kind>``.

    Files are written to a temporary name and renamed into place, so a reader
    in another process never sees half a PDF, and two workers rendering the
    same snapshot at once both leave a whole file.
    """

    def __init__(self, root: str | os.PathLike):
        self.root = Path(root)

    def path(self, key: SnapshotKey) -> Path:
        return self.root / key.game_id / str(key.version) / key.filename

    def get(self, key: SnapshotKey) -> bytes | None:
        try:
            return self.path(key).read_bytes()
        except FileNotFoundError:
            return None

    def put(self, key: SnapshotKey, data: bytes) -> None:
        target = self.path(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def drop_older(self, game_id: str, version: int) -> None:
        folder = self.root / game_id
        if not folder.is_dir():
            return
        for child in folder.iterdir():
            if child.name.isdigit() and int(child.name) < version:
                shutil.rmtree(child, ignore_errors=True)


class SnapshotCache:
    """Render a snapshot at most once per key; drop older versions on the way.

    >>> cache = SnapshotCache(MemoryStore())
    >>> cache.get_or_render(SnapshotKey("g1", 7, 0, "pdf"), lambda: b"%PDF...")
    b'%PDF...'
    """

    def __init__(self, store: Store):
        self.store = store

    def get_or_render(self, key: SnapshotKey, render: Callable[[], bytes | str]) -> bytes:
        cached = self.store.get(key)
        if cached is not None:
            return cached
        data = render()
        if isinstance(data, str):
            data = data.encode("utf-8")
        self.store.put(key, data)
        self.store.drop_older(key.game_id, key.version)
        return data
