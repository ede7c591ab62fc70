"""The access log gunicorn writes keeps no seat token and no key."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

from gunicorn.config import Config

from service.ops.access_log import RedactingLogger

TOKEN = "eyJnIjoxLCJzIjowfQ.aB3dEf.GhIjKlMnOpQrStUvWxYz012345"


def access_line(path: str, query: str = "", referer: str = "-") -> str:
    config = Config()
    config.set("accesslog", "-")
    logger = RedactingLogger(config)
    uri = path + (f"?{query}" if query else "")
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": uri, "SERVER_PROTOCOL": "HTTP/1.1", "PATH_INFO": path,
               "QUERY_STRING": query, "REMOTE_ADDR": "203.0.113.7", "HTTP_REFERER": referer}
    response = SimpleNamespace(status="200 OK", sent=10, headers=[])
    request = SimpleNamespace(headers=[("AUTHORIZATION", "Basic ZmFybXBvc3Q6c2VjcmV0")])
    atoms = logger.atoms(response, request, environ, datetime.timedelta(seconds=0.01))
    return logger.cfg.access_log_format % atoms + " " + " ".join(str(v) for v in atoms.values())


def test_seat_move_join_and_prefs_tokens_and_keys_are_not_logged():
    for path in (f"/g/1/0/{TOKEN}", f"/g/1/0/{TOKEN}/act", f"/m/12/3/{TOKEN}", f"/join/1/1/{TOKEN}",
                 f"/prefs/1/1/{TOKEN}"):
        line = access_line(path, query="key=s3cret", referer=f"http://farmpost.test{path}")
        assert TOKEN not in line and "s3cret" not in line and "ZmFybXBvc3Q6c2VjcmV0" not in line
        assert path.split(TOKEN)[0] + "…" in line  # which kind of link, for which game and seat, stays


def test_other_paths_are_logged_as_they_are():
    assert "GET /healthz HTTP/1.1" in access_line("/healthz")
