"""Rate limits (service/storage/ratelimit.py): given a bucket's limit in the
configuration, when a key hits it again and again, then it is allowed up to
the limit, refused after it (the first refusal is marked, for the one "slow
down" notice), and allowed again once the window has passed. The counters
are in the database, so every process of one installation counts together.
Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.core import wall_time
from service.core.config import ConfigError, Limit, load_config
from service.core.services import Services
from service.storage import ratelimit


@pytest.fixture
def limited(svc):
    svc.config = replace(svc.config, rate_limits={**svc.config.rate_limits, "answers": Limit(3, 3600)})
    return svc


@pytest.fixture
def later(tmp_path, monkeypatch):
    """Moves the service's clock forward by the given seconds."""
    path = tmp_path / "clock-offset"
    monkeypatch.setenv(wall_time.ENVIRONMENT_VARIABLE, str(path))
    return lambda seconds: wall_time.set_offset(path, seconds)


def test_a_key_is_allowed_up_to_the_limit_and_refused_after_it(limited):
    assert [ratelimit.allow(limited, "answers", "ann@example.org") for _ in range(5)] == [True] * 3 + [False] * 2


def test_the_first_refusal_of_a_window_is_told_apart_from_the_next(limited):
    verdicts = [ratelimit.check(limited, "answers", "ann@example.org") for _ in range(5)]
    assert [v.first_refused for v in verdicts] == [False, False, False, True, False]
    assert 3590 <= verdicts[-1].retry_after <= 3600


def test_keys_are_counted_apart_and_case_insensitively(limited):
    for _ in range(3):
        assert ratelimit.allow(limited, "answers", "Ann@Example.org")
    assert not ratelimit.allow(limited, "answers", "ann@example.ORG")
    assert ratelimit.allow(limited, "answers", "bob@example.org")


def test_once_the_window_has_passed_the_key_is_allowed_again(limited, later):
    for _ in range(4):
        ratelimit.allow(limited, "answers", "ann@example.org")
    later(3601)
    assert ratelimit.allow(limited, "answers", "ann@example.org")
    assert ratelimit.check(limited, "answers", "ann@example.org").count == 2


def test_every_process_counts_together_through_the_database(limited):
    """A web process and a worker each have their own Services (and engine):
    the limit is one for both."""
    other = Services.from_config(limited.config)
    try:
        assert ratelimit.allow(limited, "answers", "ann@example.org")
        assert ratelimit.allow(other, "answers", "ann@example.org")
        assert ratelimit.allow(limited, "answers", "ann@example.org")
        assert not ratelimit.allow(other, "answers", "ann@example.org")
    finally:
        other.db.dispose()


def test_beat_prunes_the_counters_of_windows_gone(limited, later):
    ratelimit.allow(limited, "answers", "ann@example.org")
    ratelimit.allow(limited, "new-games", "ann@example.org")
    later(3601)
    assert ratelimit.prune(limited) == 1  # the hour is over, the day is not


def test_an_unknown_bucket_is_a_mistake_in_the_code(limited):
    with pytest.raises(KeyError):
        ratelimit.allow(limited, "no-such-bucket", "x")


def test_limits_are_overridden_by_the_environment(tmp_path):
    config = load_config({"FARMPOST_INSTANCE": str(tmp_path), "RATE_LIMIT_NEW_GAMES": "2/day",
                          "RATE_LIMIT_WEB_POSTS": "10/5minutes", "TRUSTED_PROXIES": "1"})
    assert config.rate_limits["new-games"] == Limit(2, 86400)
    assert config.rate_limits["web-posts"] == Limit(10, 300)
    assert config.rate_limits["answers"] == Limit(20, 3600)
    assert config.trusted_proxies == 1
    with pytest.raises(ConfigError, match="RATE_LIMIT_ANSWERS"):
        load_config({"FARMPOST_INSTANCE": str(tmp_path), "RATE_LIMIT_ANSWERS": "lots"})
