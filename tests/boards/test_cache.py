"""Snapshots are rendered once per (game, version, seat, kind) and dropped when a newer version is stored."""

import threading

import pytest

from boards.cache import FileStore, MemoryStore, SnapshotCache, SnapshotKey


class CountingRender:
    def __init__(self, data=b"%PDF-1.7 board"):
        self.calls = 0
        self.data = data

    def __call__(self):
        self.calls += 1
        return self.data


@pytest.fixture(params=["memory", "files"])
def store(request, tmp_path):
    return MemoryStore() if request.param == "memory" else FileStore(tmp_path / "snapshots")


def test_given_a_cached_snapshot_when_a_second_farmer_asks_then_it_is_not_rendered_again(store):
    cache, render = SnapshotCache(store), CountingRender()
    key = SnapshotKey("g1", 7, None, "pdf")
    assert cache.get_or_render(key, render) == b"%PDF-1.7 board"
    assert cache.get_or_render(key, render) == b"%PDF-1.7 board"
    assert render.calls == 1


def test_given_two_seats_when_each_asks_then_each_gets_their_own_snapshot(store):
    cache = SnapshotCache(store)
    assert cache.get_or_render(SnapshotKey("g1", 3, 0, "pdf"), lambda: b"seat 0") == b"seat 0"
    assert cache.get_or_render(SnapshotKey("g1", 3, 1, "pdf"), lambda: b"seat 1") == b"seat 1"
    assert store.get(SnapshotKey("g1", 3, 0, "pdf")) == b"seat 0"


def test_given_version_3_cached_when_version_4_is_stored_then_version_3_is_gone_and_other_games_stay(store):
    cache = SnapshotCache(store)
    cache.get_or_render(SnapshotKey("g1", 3, 0, "pdf"), lambda: b"old")
    cache.get_or_render(SnapshotKey("g2", 1, 0, "pdf"), lambda: b"other game")
    cache.get_or_render(SnapshotKey("g1", 4, 0, "pdf"), lambda: b"new")
    assert store.get(SnapshotKey("g1", 3, 0, "pdf")) is None
    assert store.get(SnapshotKey("g1", 4, 0, "pdf")) == b"new"
    assert store.get(SnapshotKey("g2", 1, 0, "pdf")) == b"other game"


def test_text_renderings_are_stored_as_utf8(store):
    cache = SnapshotCache(store)
    assert cache.get_or_render(SnapshotKey("g1", 1, None, "text"), lambda: "Céline’s plot") == "Céline’s plot".encode()


def test_given_a_failing_render_then_nothing_is_cached_and_the_next_call_renders(store):
    cache = SnapshotCache(store)

    def broken():
        raise RuntimeError("fonts missing")

    with pytest.raises(RuntimeError):
        cache.get_or_render(SnapshotKey("g1", 2, 0, "pdf"), broken)
    assert store.get(SnapshotKey("g1", 2, 0, "pdf")) is None
    assert cache.get_or_render(SnapshotKey("g1", 2, 0, "pdf"), lambda: b"ok") == b"ok"


@pytest.mark.parametrize(
    "args",
    [("../etc", 1, 0, "pdf"), ("g1", -1, 0, "pdf"), ("g1", 1, -2, "pdf"), ("g1", 1, 0, "exe"), ("", 1, 0, "pdf")],
)
def test_bad_keys_are_refused_before_touching_storage(args):
    with pytest.raises(ValueError):
        SnapshotKey(*args)


def test_file_store_writes_whole_files_when_many_workers_render_at_once(tmp_path):
    store = FileStore(tmp_path)
    key = SnapshotKey("g9", 5, 1, "pdf")
    payloads = [bytes([i]) * 200_000 for i in range(8)]
    threads = [threading.Thread(target=store.put, args=(key, p)) for p in payloads]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.get(key) in payloads
    assert [p.name for p in store.path(key).parent.iterdir()] == ["seat1.pdf"]


def test_given_two_languages_at_one_table_then_each_has_its_own_snapshot_and_english_keeps_its_file(tmp_path):
    store = FileStore(tmp_path)
    cache = SnapshotCache(store)
    assert cache.get_or_render(SnapshotKey("g1", 3, None, "report", "fr"), lambda: b"rapport") == b"rapport"
    assert cache.get_or_render(SnapshotKey("g1", 3, None, "report"), lambda: b"report") == b"report"
    assert cache.get_or_render(SnapshotKey("g1", 3, None, "report", "fr"), lambda: b"again") == b"rapport"
    assert sorted(p.name for p in (tmp_path / "g1" / "3").iterdir()) == ["public.fr.report", "public.report"]
    with pytest.raises(ValueError):
        SnapshotKey("g1", 3, None, "report", "../x")
